package text

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// newPrefilterRef is NewPrefilter as it was before its trie kept edge
// lists (a map per node, every class asked of every state): the reference
// the faster build is held to, table for table. The fast table is built
// from delta by the same compileFast, which that change left alone.
func newPrefilterRef(lits []Literal) *Prefilter {
	type node struct {
		next map[byte]int32
		out  uint64
	}
	nodes := []node{{next: map[byte]int32{}}}
	for _, l := range lits {
		if l.Text == "" || l.Group < 0 || l.Group > 63 {
			continue
		}
		s := int32(0)
		for i := 0; i < len(l.Text); i++ {
			c := l.Text[i]
			n, ok := nodes[s].next[c]
			if !ok {
				n = int32(len(nodes))
				nodes = append(nodes, node{next: map[byte]int32{}})
				nodes[s].next[c] = n
			}
			s = n
		}
		nodes[s].out |= 1 << uint(l.Group)
	}
	// Bytes that occur in no literal share class 0, which keeps the table
	// small enough to stay in cache.
	p := &Prefilter{out: make([]uint64, len(nodes))}
	width := 1
	for _, l := range lits {
		for i := 0; i < len(l.Text); i++ {
			if c := l.Text[i]; p.class[c] == 0 {
				p.class[c] = byte(width)
				width++
			}
		}
	}
	p.width = width
	if len(nodes) > 1<<16 {
		panic("text: prefilter needs more than 65536 states; use fewer or shorter literals")
	}
	p.delta = make([]uint16, len(nodes)*width)
	fail := make([]int32, len(nodes))
	queue := make([]int32, 0, len(nodes))
	// rep[k] is a byte of class k (class 0 has no edges).
	rep := make([]byte, width)
	for c := 255; c >= 0; c-- {
		rep[p.class[c]] = byte(c)
	}
	for k := 1; k < width; k++ {
		if n, ok := nodes[0].next[rep[k]]; ok {
			p.delta[k] = uint16(n)
			queue = append(queue, n)
		}
	}
	p.out[0] = nodes[0].out
	bfs := queue[:0:0]
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		bfs = append(bfs, s)
		p.out[s] = nodes[s].out | p.out[fail[s]]
		for k := 1; k < width; k++ {
			if n, ok := nodes[s].next[rep[k]]; ok {
				fail[n] = int32(p.delta[int(fail[s])*width+k])
				p.delta[int(s)*width+k] = uint16(n)
				queue = append(queue, n)
			} else {
				p.delta[int(s)*width+k] = p.delta[int(fail[s])*width+k]
			}
		}
	}
	p.compileFast(lits, bfs)
	return p
}

// refLiterals makes n literals from words of the given alphabets, with
// prefixes, suffixes and substrings of one another, in groups 0..63, and a
// few NewPrefilter ignores (empty, a group out of range).
func refLiterals(r *rand.Rand, n int, alphabets ...[]string) []Literal {
	var out []Literal
	for len(out) < n {
		a := alphabets[r.IntN(len(alphabets))]
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(a[r.IntN(len(a))])
		}
		w := b.String()
		out = append(out, Literal{w, r.IntN(64)})
		if len(w) > 2 && r.IntN(3) == 0 {
			i := r.IntN(len(w) - 1)
			out = append(out, Literal{w[i:], r.IntN(64)}, Literal{w[:i+1], r.IntN(64)})
		}
	}
	return append(out, Literal{"", 3}, Literal{"x", 64}, Literal{"y", -1})
}

func TestPrefilterMatchesReference(t *testing.T) {
	latin := strings.Split("a b c d e s t r n o i l u - ' . / _ A Z", " ")
	wide := strings.Split("ü é ö ß а б в г д е ж з 送 信 発 表 데 이 터 日 本", " ")
	mixed := append(append([]string{" ", "\n"}, latin...), wide...)
	r := rand.New(rand.NewPCG(18, 45))
	for i, c := range []struct {
		n    int
		alph [][]string
	}{
		{0, [][]string{latin}}, {1, [][]string{latin}}, {40, [][]string{latin}}, {3000, [][]string{latin}},
		{40, [][]string{wide}}, {3000, [][]string{wide}}, {3000, [][]string{latin, wide}}, {2000, [][]string{mixed}},
	} {
		lits := refLiterals(r, c.n, c.alph...)
		got, want := NewPrefilter(lits), newPrefilterRef(lits)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d (%d literals): the tables differ from the reference", i, len(lits))
		}
	}
}

// FuzzNewPrefilter holds NewPrefilter to the reference on literals cut
// from any text.
func FuzzNewPrefilter(f *testing.F) {
	f.Add("send the .env\nupload 送信 ключи", uint64(7))
	f.Add("", uint64(0))
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		if len(s) > 4096 {
			return
		}
		var lits []Literal
		for i, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' }) {
			lits = append(lits, Literal{w, int((seed + uint64(i)*7) % 66)})
		}
		if !reflect.DeepEqual(NewPrefilter(lits), newPrefilterRef(lits)) {
			t.Fatalf("the tables differ from the reference for %v", lits)
		}
	})
}

// BenchmarkNewPrefilter builds a prefilter of 3,000 literals of wide
// alphabets, as S45's class gate does for its literals outside ASCII.
func BenchmarkNewPrefilter(b *testing.B) {
	wide := strings.Split("ü é ö ß а б в г д е ж з 送 信 発 表 데 이 터 日 本", " ")
	lits := refLiterals(rand.New(rand.NewPCG(1, 2)), 3000, wide)
	b.Run("edges", func(b *testing.B) {
		for b.Loop() {
			NewPrefilter(lits)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			newPrefilterRef(lits)
		}
	})
}
