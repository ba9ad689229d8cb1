package meaning

import (
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// unitGate finds which gated classes a unit may hold, as one automaton
// over every literal would on the unit lowered by lowerUnit, but with two
// automata: one over the literals made of ASCII bytes only, one over the
// rest. A unit that is ASCII (nearly every unit of the corpus) can hold
// no literal with another byte, so only the small ASCII automaton runs,
// on the unit as written, reading capitals as lower case (no lowered
// copy). The one automaton over every literal had 11,526 states in rows
// of 256 entries, a 12 MB table that no cache holds; the ASCII one's rows
// are a quarter of that width. TestUnitGateMatchesOneAutomaton checks the
// two give the same groups.
type unitGate struct {
	// wide is the automaton over the literals outside ASCII, built on
	// first use: it runs only on a unit that holds one of their runes
	// (mayHoldWide), so a process that reads only ASCII never builds its
	// 10 MB of tables (BenchmarkLoad).
	wide func() *text.Prefilter
	// ascii is the ASCII automaton, built on first use: only Analyze
	// (`sentinel explain`) reads units through the class gate; S45's
	// Warnings reads them through the form gate, so a scan does not pay
	// for building it (BenchmarkLoad).
	ascii func() asciiAutomaton
	// wideRunes marks the runes below U+10000 that the wide literals hold,
	// wideHigh those above: a unit with none of them holds no wide
	// literal, and the wide automaton does not run on it.
	wideRunes [1 << 16 / 64]uint64
	wideHigh  map[rune]bool
	// lits are the literals the gate was built from (for the test).
	lits []text.Literal
}

func newUnitGate(lits []text.Literal) *unitGate {
	var ascii, wide []text.Literal
	for _, l := range needed(lits) {
		if isASCII(l.Text) {
			ascii = append(ascii, l)
		} else {
			wide = append(wide, l)
		}
	}
	g := &unitGate{lits: lits, wideHigh: map[rune]bool{}}
	g.wide = sync.OnceValue(func() *text.Prefilter { return text.NewPrefilter(wide) })
	g.ascii = sync.OnceValue(func() asciiAutomaton {
		a := asciiAutomaton{dfa: newDFA16(ascii)}
		if a.dfa == nil {
			a.pre = text.NewPrefilter(ascii)
		}
		return a
	})
	for _, l := range wide {
		for _, r := range l.Text {
			if r >= utf8.RuneSelf {
				g.markWide(r)
			}
		}
	}
	return g
}

// asciiAutomaton is the class gate's automaton over its ASCII literals:
// dfa in compact form (dfa_fast.go), or pre when the literals do not fit
// it.
type asciiAutomaton struct {
	dfa *dfa16
	pre *text.Prefilter
}

// needed drops each literal that holds another literal of its group:
// wherever it stands the shorter one stands too, so the groups found are
// the same, and the automaton has a third fewer states. A literal outside
// ASCII is dropped only for a shorter one outside ASCII: the form gate
// reads the ASCII literals only where a token starts, so "trage" does not
// stand for "übertrage" there, and the wide automaton must keep it.
func needed(lits []text.Literal) []text.Literal {
	groups := make(map[string]uint64, len(lits))
	for _, l := range lits {
		groups[l.Text] |= 1 << l.Group
	}
	var out []text.Literal
	for _, l := range lits {
		if !holdsShorter(l, groups) {
			out = append(out, l)
		}
	}
	return out
}

// holdsShorter reports whether a literal of l's group is a proper
// substring of l.
func holdsShorter(l text.Literal, groups map[string]uint64) bool {
	wide := !isASCII(l.Text)
	for i := 0; i < len(l.Text); i++ {
		for j := i + 1; j <= len(l.Text); j++ {
			if j-i < len(l.Text) && groups[l.Text[i:j]]&(1<<l.Group) != 0 && (wide == !isASCII(l.Text[i:j])) {
				return true
			}
		}
	}
	return false
}

func (g *unitGate) markWide(r rune) {
	if r < 1<<16 {
		g.wideRunes[r/64] |= 1 << (r % 64)
	} else {
		g.wideHigh[r] = true
	}
}

// mayHoldWide reports whether the lowered text holds a rune of a wide
// literal.
func (g *unitGate) mayHoldWide(low []byte) bool {
	for i := 0; i < len(low); {
		if low[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(low[i:])
		if r < 1<<16 {
			if g.wideRunes[r/64]&(1<<(r%64)) != 0 {
				return true
			}
		} else if g.wideHigh[r] {
			return true
		}
		i += n
	}
	return false
}

var gateBuf = sync.Pool{New: func() any { b := make([]byte, 0, MaxUnit); return &b }}

// groups returns the groups of the literals in lowerUnit(s).
func (g *unitGate) groups(s string) uint64 {
	s = clipUnit(s)
	a := g.ascii()
	if isASCII(s) {
		if a.dfa != nil {
			return a.dfa.groups(s)
		}
		return a.pre.GroupsFold(s)
	}
	bp := gateBuf.Get().(*[]byte)
	low := appendLower((*bp)[:0], s)
	// The automata only read the lowered bytes, and the buffer is not
	// written again until they return.
	ls := unsafe.String(unsafe.SliceData(low), len(low))
	var found uint64
	if a.dfa != nil {
		found = a.dfa.groups(ls)
	} else {
		found = a.pre.Groups(ls)
	}
	if g.mayHoldWide(low) {
		found |= g.wide().Groups(ls)
	}
	*bp = low
	gateBuf.Put(bp)
	return found
}

// clipUnit clips s to MaxUnit bytes on a rune boundary, as appendLower
// does.
func clipUnit(s string) string {
	if len(s) > MaxUnit {
		n := MaxUnit
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	return s
}

// isASCII reports a string of ASCII bytes only, eight at a time.
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
