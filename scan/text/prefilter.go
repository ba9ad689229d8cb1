package text

import (
	"slices"
	"strings"
)

// Prefilter finds which groups of literal strings occur in a text in one
// pass (an Aho-Corasick automaton compiled to a table), so that regular
// expressions run only on the sentences where a match is possible.
// Literals are matched byte for byte; give them in lower case and scan
// text lowered with Lower.
type Prefilter struct {
	delta []uint16 // state*width + class -> next state
	out   []uint64 // state -> groups whose literal ends here
	class [256]byte
	width int
	// fast, when the automaton is small enough (up to maxFastStates
	// states), is the table Groups runs on. Its rows are padded to a
	// power of two, 1<<shift entries: for state s and class k, entry
	// s<<shift+k holds the next state premultiplied (its row's offset)
	// in its low 31 bits, and in the top bit whether a literal ends in
	// that state. Each byte costs one add and one load, and the groups
	// are looked up (fastOut[offset>>shift]), without a multiplication,
	// only in the few states where a literal ends.
	fast    []uint32
	fastOut []uint64
	shift   uint
	// fclass is class with capital ASCII letters in the class of their
	// lower case, for LineGroups; lineSafe says no literal holds a line
	// break or a capital, so that LineGroups may use fast and fclass.
	fclass   [256]byte
	lineSafe bool
}

// maxFastStates bounds the automaton that gets the fast table: as many
// states as delta can number. (The table was once limited to 4,096 states
// by an entry that also held the state's number; the padded rows made
// that field unnecessary.)
const maxFastStates = 1 << 16

// The fields of a fast table entry.
const (
	offsetMask = 1<<31 - 1
	outputBit  = 1 << 31
)

// Literal is a string and the group (0..63) it belongs to.
type Literal struct {
	Text  string
	Group int
}

// NewPrefilter compiles the literals. Empty literals and groups outside
// 0..63 are ignored.
func NewPrefilter(lits []Literal) *Prefilter {
	// The trie's edges are a list per node, found by a linear search while
	// it is built (most nodes have one child) and sorted by class before
	// the breadth-first pass, which then visits only the edges that exist
	// instead of asking a map for every class of every state: the same
	// tables, a third of the time (TestPrefilterMatchesReference,
	// BenchmarkNewPrefilter).
	type edge struct {
		c byte
		n int32
	}
	type node struct {
		next []edge
		out  uint64
	}
	child := func(nd *node, c byte) (int32, bool) {
		for _, e := range nd.next {
			if e.c == c {
				return e.n, true
			}
		}
		return 0, false
	}
	nodes := []node{{}}
	for _, l := range lits {
		if l.Text == "" || l.Group < 0 || l.Group > 63 {
			continue
		}
		s := int32(0)
		for i := 0; i < len(l.Text); i++ {
			c := l.Text[i]
			n, ok := child(&nodes[s], c)
			if !ok {
				n = int32(len(nodes))
				nodes = append(nodes, node{})
				nodes[s].next = append(nodes[s].next, edge{c, n})
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
	// Each node's edges in the order of their classes: the order the
	// breadth-first pass queues the children in, which numbers the fast
	// table's states.
	for i := range nodes {
		if e := nodes[i].next; len(e) > 1 {
			slices.SortFunc(e, func(a, b edge) int { return int(p.class[a.c]) - int(p.class[b.c]) })
		}
	}
	p.delta = make([]uint16, len(nodes)*width)
	fail := make([]int32, len(nodes))
	queue := make([]int32, 0, len(nodes))
	for _, e := range nodes[0].next {
		p.delta[p.class[e.c]] = uint16(e.n)
		queue = append(queue, e.n)
	}
	p.out[0] = nodes[0].out
	bfs := queue[:0:0]
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		bfs = append(bfs, s)
		p.out[s] = nodes[s].out | p.out[fail[s]]
		// A class without an edge goes where the failure state goes on
		// it; then each edge, whose failure state is where the node's
		// failure state goes on its class.
		row, failRow := int(s)*width, int(fail[s])*width
		copy(p.delta[row+1:row+width], p.delta[failRow+1:failRow+width])
		for _, e := range nodes[s].next {
			k := int(p.class[e.c])
			fail[e.n] = int32(p.delta[failRow+k])
			p.delta[row+k] = uint16(e.n)
			queue = append(queue, e.n)
		}
	}
	p.compileFast(lits, bfs)
	return p
}

// compileFast builds the fast table from delta and the breadth-first
// order of the states other than the root, when the automaton fits it.
func (p *Prefilter) compileFast(lits []Literal, bfs []int32) {
	width, states := p.width, len(p.out)
	shift := uint(0)
	for 1<<shift < width {
		shift++
	}
	if states <= maxFastStates && states<<shift <= offsetMask {
		// The fast table numbers the states in breadth-first order (the
		// order the failure links were computed in), so that the shallow
		// states, where almost every step of ordinary text lands, share
		// a few cache lines at the table's start instead of being spread
		// over it in the order the literals were added.
		order := make([]int32, 0, states)
		order = append(order, 0)
		order = append(order, bfs...)
		renum := make([]uint32, states)
		for n, old := range order {
			renum[old] = uint32(n)
		}
		p.shift = shift
		p.fast = make([]uint32, states<<shift)
		p.fastOut = make([]uint64, states)
		for n, old := range order {
			p.fastOut[n] = p.out[old]
			row := p.delta[int(old)*width : int(old+1)*width]
			for k, next := range row {
				to := renum[next]
				e := to << shift
				if p.out[next] != 0 {
					e |= outputBit
				}
				p.fast[n<<shift+k] = e
			}
		}
		p.fclass = p.class
		p.lineSafe = true
		for _, l := range lits {
			if strings.ContainsFunc(l.Text, func(r rune) bool { return r == '\n' || r >= 'A' && r <= 'Z' }) {
				p.lineSafe = false
			}
		}
		for c := 'A'; c <= 'Z'; c++ {
			if p.class[c] == 0 {
				p.fclass[c] = p.class[c+32]
			}
		}
	}
}

// Groups returns the set of groups with at least one literal in s.
func (p *Prefilter) Groups(s string) uint64 {
	if p.fast == nil {
		var found uint64
		st := uint16(0)
		d, out, w := p.delta, p.out, p.width
		for i := 0; i < len(s); i++ {
			st = d[int(st)*w+int(p.class[s[i]])]
			found |= out[st]
		}
		return found
	}
	return p.fastGroups(s, &p.class)
}

// GroupsFold returns Groups(Lower(s)) without the lowered copy when the
// literals allow (lower case, no line break: capital ASCII letters then
// read as their lower case).
func (p *Prefilter) GroupsFold(s string) uint64 {
	if p.fast == nil || !p.lineSafe {
		return p.Groups(Lower(s))
	}
	return p.fastGroups(s, &p.fclass)
}

// fastGroups is Groups on the fast table, bytes read through class.
func (p *Prefilter) fastGroups(s string, class *[256]byte) uint64 {
	var found uint64
	st := uint32(0)
	d, out, sh := p.fast, p.fastOut, p.shift
	for i := 0; i < len(s); i++ {
		v := d[st+uint32(class[s[i]])]
		st = v & offsetMask
		if v&outputBit != 0 {
			found |= out[st>>sh]
		}
	}
	return found
}

// MarkUnits sets each unit's Groups to the groups of its Lower text.
//
// The automaton's steps form a chain of dependent loads, so one text runs
// at the speed of memory latency, not of the processor. MarkUnits walks
// four units at once, each in a lane of its own: the four chains overlap,
// and a lane whose unit ends takes the next unit, so the lanes stay busy
// however unequal the units' lengths.
func (p *Prefilter) MarkUnits(us []Unit) {
	if p.fast == nil {
		for i := range us {
			us[i].Groups = p.Groups(us[i].Lower)
		}
		return
	}
	const lanes = 4
	var (
		text  [lanes]string // what is left of each lane's unit
		unit  [lanes]int    // the unit each lane works on; -1 when idle
		st    [lanes]uint32
		found [lanes]uint64
	)
	next := 0
	// take gives lane k the next unit with text, finishing empty ones on
	// the way; it reports whether the lane has work.
	take := func(k int) bool {
		for next < len(us) {
			i := next
			next++
			if us[i].Lower == "" {
				us[i].Groups = 0
				continue
			}
			text[k], unit[k], st[k], found[k] = us[i].Lower, i, 0, 0
			return true
		}
		unit[k] = -1
		return false
	}
	busy := 0
	for k := 0; k < lanes; k++ {
		if take(k) {
			busy++
		}
	}
	d, out, class, sh := p.fast, p.fastOut, &p.class, p.shift
	for busy == lanes {
		n := min(len(text[0]), len(text[1]), len(text[2]), len(text[3]))
		a, b, c, e := text[0][:n], text[1][:n], text[2][:n], text[3][:n]
		sa, sb, sc, se := st[0], st[1], st[2], st[3]
		fa, fb, fc, fe := found[0], found[1], found[2], found[3]
		for i := 0; i < n; i++ {
			va := d[sa+uint32(class[a[i]])]
			vb := d[sb+uint32(class[b[i]])]
			vc := d[sc+uint32(class[c[i]])]
			ve := d[se+uint32(class[e[i]])]
			sa, sb, sc, se = va&offsetMask, vb&offsetMask, vc&offsetMask, ve&offsetMask
			if (va|vb|vc|ve)&outputBit != 0 {
				fa |= out[sa>>sh]
				fb |= out[sb>>sh]
				fc |= out[sc>>sh]
				fe |= out[se>>sh]
			}
		}
		st[0], st[1], st[2], st[3] = sa, sb, sc, se
		found[0], found[1], found[2], found[3] = fa, fb, fc, fe
		for k := 0; k < lanes; k++ {
			text[k] = text[k][n:]
			if text[k] == "" {
				us[unit[k]].Groups = found[k]
				if !take(k) {
					busy--
				}
			}
		}
	}
	// The tail: fewer units than lanes remain; finish each from its state.
	for k := 0; k < lanes; k++ {
		if unit[k] < 0 {
			continue
		}
		s, f := st[k], found[k]
		for i := 0; i < len(text[k]); i++ {
			v := d[s+uint32(class[text[k][i]])]
			s = v & offsetMask
			if v&outputBit != 0 {
				f |= out[s>>sh]
			}
		}
		us[unit[k]].Groups = f
	}
}

// LineGroups returns, for each line of s (starts holds the offset of
// each line, as lineStarts returns them), what Groups reports for the line
// lowered with Lower. out is reused when long enough. With lower-case
// literals free of line breaks (the prose rules'), it walks s once,
// reading capital ASCII letters as their lower case, with no lowered copy.
func (p *Prefilter) LineGroups(s string, starts []int, out []uint64) []uint64 {
	lines := len(starts)
	if cap(out) < lines {
		out = make([]uint64, lines)
	}
	out = out[:lines]
	clear(out)
	if !p.lineSafe {
		for i, start := range starts {
			end := len(s)
			if i+1 < lines {
				end = starts[i+1] - 1 // not the line break
			}
			out[i] = p.Groups(Lower(s[start:end]))
		}
		return out
	}
	// Four lanes over four stretches of whole lines: the chains of
	// dependent table loads overlap, as in MarkUnits. A lane finds the
	// line of a literal only when one ends, walking starts forward.
	const lanes = 4
	var (
		text [lanes]string
		base [lanes]int // offset of the lane's text in s
		line [lanes]int
	)
	for k, ln := 0, 0; k < lanes; k++ {
		end := len(s)
		if left := lanes - k; left > 1 {
			// The first line that starts at or after an even share.
			want := base[k] + (len(s)-base[k])/left
			for ln < lines && starts[ln] < want {
				ln++
			}
			if ln < lines {
				end = starts[ln]
			}
		}
		text[k] = s[base[k]:end]
		if k+1 < lanes {
			base[k+1] = end
		}
	}
	for k := 0; k < lanes; k++ {
		line[k] = 0
		for line[k]+1 < lines && starts[line[k]+1] <= base[k] {
			line[k]++
		}
	}
	d, o, class, sh := p.fast, p.fastOut, &p.fclass, p.shift
	var st [lanes]uint32
	at := func(k, pos int, v uint32) {
		l := line[k]
		for l+1 < lines && starts[l+1] <= pos {
			l++
		}
		line[k] = l
		out[l] |= o[(v&offsetMask)>>sh]
	}
	done := 0
	for {
		n := min(len(text[0]), len(text[1]), len(text[2]), len(text[3]))
		if n == 0 {
			break
		}
		a, b, c, e := text[0][:n], text[1][:n], text[2][:n], text[3][:n]
		sa, sb, sc, se := st[0], st[1], st[2], st[3]
		for i := 0; i < n; i++ {
			va := d[sa+uint32(class[a[i]])]
			vb := d[sb+uint32(class[b[i]])]
			vc := d[sc+uint32(class[c[i]])]
			ve := d[se+uint32(class[e[i]])]
			sa, sb, sc, se = va&offsetMask, vb&offsetMask, vc&offsetMask, ve&offsetMask
			if (va|vb|vc|ve)&outputBit != 0 {
				if va&outputBit != 0 {
					at(0, base[0]+done+i, va)
				}
				if vb&outputBit != 0 {
					at(1, base[1]+done+i, vb)
				}
				if vc&outputBit != 0 {
					at(2, base[2]+done+i, vc)
				}
				if ve&outputBit != 0 {
					at(3, base[3]+done+i, ve)
				}
			}
		}
		st[0], st[1], st[2], st[3] = sa, sb, sc, se
		for k := 0; k < lanes; k++ {
			text[k] = text[k][n:]
		}
		done += n
	}
	// Finish each lane alone.
	for k := 0; k < lanes; k++ {
		sk, t := st[k], text[k]
		for i := 0; i < len(t); i++ {
			v := d[sk+uint32(class[t[i]])]
			sk = v & offsetMask
			if v&outputBit != 0 {
				at(k, base[k]+done+i, v)
			}
		}
	}
	return out
}

// Fast reports whether the automaton is small enough for the fast table
// (maxFastStates states). Without it every byte costs a multiplication
// more, so callers with a speed budget test that it holds.
func (p *Prefilter) Fast() bool { return p.fast != nil }
