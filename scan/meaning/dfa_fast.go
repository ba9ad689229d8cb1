package meaning

import "github.com/sentinel-sec/sentinel/scan/text"

// dfa16 is the gate's ASCII automaton in a compact form: the same
// Aho-Corasick automaton text.Prefilter compiles, with each entry a
// 16-bit state number instead of a 32-bit offset, so its table is half
// the size (about 0.5 MB for the gate's literals instead of 1 MB) and
// more of it stays in the processor's cache. States are numbered with
// those where a literal ends last, so one comparison tells whether to
// look up groups. TestDFA16MatchesPrefilter and FuzzDFA16 hold it to
// text.Prefilter.
type dfa16 struct {
	class    [256]uint8 // capitals in the class of their lower case
	next     []uint16   // state<<dfaShift | class -> next state
	firstOut uint32     // states from here on end a literal
	out      []uint64   // groups of state firstOut+i
}

const dfaShift = 6

// newDFA16 compiles lower-case ASCII literals; it returns nil when they
// need more than 63 byte classes or 65,536 states (text.Prefilter serves
// then).
func newDFA16(lits []text.Literal) *dfa16 {
	d := &dfa16{}
	width := 1
	for _, l := range lits {
		for i := 0; i < len(l.Text); i++ {
			c := l.Text[i]
			if c >= 0x80 || 'A' <= c && c <= 'Z' {
				return nil
			}
			if d.class[c] == 0 {
				if width == 1<<dfaShift {
					return nil
				}
				d.class[c] = uint8(width)
				width++
			}
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		d.class[c] = d.class[c+'a'-'A']
	}
	const w = 1 << dfaShift
	// The trie: child[s*w+k] is the child of s by class k, -1 for none.
	child := make([]int32, w)
	for i := range child {
		child[i] = -1
	}
	out := []uint64{0}
	for _, l := range lits {
		if l.Text == "" || l.Group < 0 || l.Group > 63 {
			continue
		}
		s := int32(0)
		for i := 0; i < len(l.Text); i++ {
			k := int32(d.class[l.Text[i]])
			n := child[s*w+k]
			if n < 0 {
				n = int32(len(out))
				out = append(out, 0)
				for j := 0; j < w; j++ {
					child = append(child, -1)
				}
				child[s*w+k] = n
			}
			s = n
		}
		out[s] |= 1 << uint(l.Group)
	}
	nodes := len(out)
	if nodes > 1<<16 {
		return nil
	}
	// Breadth first: failure links, outputs and the full transitions.
	delta := make([]int32, nodes*w)
	fail := make([]int32, nodes)
	order := make([]int32, 0, nodes)
	order = append(order, 0)
	for k := 0; k < w; k++ {
		if n := child[k]; n >= 0 {
			delta[k] = n
		}
	}
	for q := 0; q < len(order); q++ {
		s := order[q]
		if s != 0 {
			out[s] |= out[fail[s]]
		}
		for k := int32(0); k < w; k++ {
			n := child[s*w+k]
			if n < 0 {
				if s != 0 {
					delta[s*w+k] = delta[fail[s]*w+k]
				}
				continue
			}
			if s != 0 {
				fail[n] = delta[fail[s]*w+k]
				delta[s*w+k] = n
			}
			order = append(order, n)
		}
	}
	// Number the states without output first, in breadth-first order.
	renum := make([]uint16, nodes)
	id := 0
	for _, s := range order {
		if out[s] == 0 {
			renum[s] = uint16(id)
			id++
		}
	}
	d.firstOut = uint32(id)
	for _, s := range order {
		if out[s] != 0 {
			renum[s] = uint16(id)
			d.out = append(d.out, out[s])
			id++
		}
	}
	d.next = make([]uint16, nodes*w)
	for s := 0; s < nodes; s++ {
		for k := 0; k < w; k++ {
			d.next[int(renum[s])*w+k] = renum[delta[s*w+k]]
		}
	}
	return d
}

// groups returns the groups of the literals in s, its capitals read as
// lower case.
func (d *dfa16) groups(s string) uint64 {
	var found uint64
	st := uint32(0)
	next, class, first, out := d.next, &d.class, d.firstOut, d.out
	for i := 0; i < len(s); i++ {
		st = uint32(next[st<<dfaShift|uint32(class[s[i]])])
		if st >= first {
			found |= out[st-first]
		}
	}
	return found
}
