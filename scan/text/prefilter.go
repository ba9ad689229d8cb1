package text

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
	// states), is the table Groups runs on: for state s and class k,
	// entry s*width+k holds the next state premultiplied by width in its
	// low 20 bits and the next state's number in its high 12, so that
	// each byte costs one add and one load, and the groups are looked up
	// without a multiplication.
	fast    []uint32
	fastOut *[maxFastStates]uint64
}

// maxFastStates bounds the automaton that gets the fast table (12 bits
// of a table entry).
const maxFastStates = 1 << 12

// Literal is a string and the group (0..63) it belongs to.
type Literal struct {
	Text  string
	Group int
}

// NewPrefilter compiles the literals. Empty literals and groups outside
// 0..63 are ignored.
func NewPrefilter(lits []Literal) *Prefilter {
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
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
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
	if len(nodes) <= maxFastStates && len(nodes)*width < 1<<20 {
		p.fast = make([]uint32, len(p.delta))
		p.fastOut = new([maxFastStates]uint64)
		copy(p.fastOut[:], p.out)
		for i, next := range p.delta {
			p.fast[i] = uint32(int(next)*width) | uint32(next)<<20
		}
	}
	return p
}

// Groups returns the set of groups with at least one literal in s.
func (p *Prefilter) Groups(s string) uint64 {
	var found uint64
	if p.fast == nil {
		st := uint16(0)
		d, out, w := p.delta, p.out, p.width
		for i := 0; i < len(s); i++ {
			st = d[int(st)*w+int(p.class[s[i]])]
			found |= out[st]
		}
		return found
	}
	st := uint32(0)
	d, out := p.fast, p.fastOut
	for i := 0; i < len(s); i++ {
		v := d[st+uint32(p.class[s[i]])]
		st = v & (1<<20 - 1)
		found |= out[v>>20]
	}
	return found
}

// Groups2 is Groups for two texts at once. The automaton's steps form a
// chain of dependent loads; walking two texts in the same loop lets the
// processor overlap the two chains.
func (p *Prefilter) Groups2(a, b string) (uint64, uint64) {
	if p.fast == nil {
		return p.Groups(a), p.Groups(b)
	}
	if len(b) < len(a) {
		gb, ga := p.Groups2(b, a)
		return ga, gb
	}
	var fa, fb uint64
	sa, sb := uint32(0), uint32(0)
	d, out := p.fast, p.fastOut
	b2 := b[:len(a)]
	for i := 0; i < len(a); i++ {
		va := d[sa+uint32(p.class[a[i]])]
		vb := d[sb+uint32(p.class[b2[i]])]
		sa, sb = va&(1<<20-1), vb&(1<<20-1)
		fa |= out[va>>20]
		fb |= out[vb>>20]
	}
	for i := len(a); i < len(b); i++ {
		vb := d[sb+uint32(p.class[b[i]])]
		sb = vb & (1<<20 - 1)
		fb |= out[vb>>20]
	}
	return fa, fb
}
