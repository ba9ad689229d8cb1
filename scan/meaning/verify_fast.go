package meaning

import (
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// formGate is the gate Warnings uses: it finds which gated classes have
// a form that matches the unit whole (every word of the form on
// consecutive tokens, as hits matches it), not only the form's longest
// word somewhere as a substring. On the wild corpus the class gate lets
// through one unit in six, of which one in three hundred can have an
// intent; nearly all the others hold the longest word of a multi-word
// form ("repository" of "the whole repository") and not the form. Only
// what hits would find counts, so a unit this gate turns away has no
// frame with an intent, alone or joined with the unit before: Warnings
// skips reading it (and guessing its language), and returns the same
// readings. Analyze keeps the class gate, since it returns the frame of
// every unit the class gate lets through.
//
// scan (formgate_dfa_fast.go) runs one automaton over the first bytes of
// the ASCII literals of every language (the longest word of each word
// form, the whole of each substring form) on the unit as written with
// capitals folded (lowered first when it is not ASCII; the literals
// outside ASCII are the class gate's, unverified). Only when the classes
// it found could satisfy a rule does verify check, where each literal's
// first bytes end, the literal whole and each of its word forms against
// the tokens around; a substring form needs no check. The English checks
// of hits (third person, clause start, …) only remove hits, so they are
// not repeated: the groups found are a superset of the classes of the
// hits. TestFormGateMatchesReference and FuzzFormGate hold it to a slow
// reference and to hits.
type formGate struct {
	// text is each literal's text (lower case ASCII), subs the groups of
	// its substring forms, checks its word forms.
	text   []string
	subs   []uint64
	checks [][]formCheck
	// The automaton: class folds bytes into classes, next is the
	// transition table (state<<gateShift | class), and the states from
	// firstOut on end the first bytes of a literal: ends[i] are the
	// literals whose first bytes end in state firstOut+i, outGroups[i]
	// their groups.
	class    [256]uint8
	capLen   int
	next     []uint16
	firstOut uint32
	// rootTok is the state after a byte of a word that no literal's
	// first bytes continue.
	rootTok uint32
	// stages are the groups verify checks in turn, stopping when what
	// is left can satisfy no rule: own (for each combining rule, one
	// group of its need that has no class a unit lends to the next, an
	// act), the others not lent, and those lent.
	stages [3]uint64
	// side is, per literal, the most words its forms have before it
	// and after it.
	side      [][2]uint8
	pats      []pattern
	ends      [][]int32
	outGroups []uint64
}

// formCheck is one word form to check where its literal, word j, ends.
type formCheck struct {
	words []string
	j     int
	group uint8
	// keys are the words' first eight bytes, packed by packRaw, for
	// around.fits to compare a token in one step.
	keys []uint64
}

// packWord packs the first eight bytes of w, lowered (ASCII capitals
// folded), first byte lowest, zeros after the end.
func packWord(w string) uint64 {
	var k uint64
	for i := min(len(w), 8) - 1; i >= 0; i-- {
		k = k<<8 | uint64(lowerByte[w[i]])
	}
	return k
}

// packRaw is packWord without folding: a form's word is compared as
// written, as foldWordMatch compares it.
func packRaw(w string) uint64 {
	var k uint64
	for i := min(len(w), 8) - 1; i >= 0; i-- {
		k = k<<8 | uint64(w[i])
	}
	return k
}

// wordMask keeps the bytes of a packed word of n bytes (n at most 8).
var wordMask = func() (t [9]uint64) {
	for n := 1; n <= 8; n++ {
		t[n] = 1<<(8*n) - 1
	}
	t[8] = ^uint64(0)
	return t
}()

// packedWordMatch is foldWordMatch(t, f) for an ASCII token t packed in
// tk and a form's word f packed in fk.
func packedWordMatch(t string, tk uint64, f string, fk uint64) bool {
	if len(f) > 8 {
		if tk != fk {
			return false
		}
		return foldWordMatch(t, f)
	}
	if len(t) < len(f) || tk&wordMask[len(f)] != fk {
		return false
	}
	return len(t) == len(f) || len(f) >= 4
}

var formGateOnce = sync.OnceValue(func() *formGate {
	d := loaded()
	var langs []string
	for l := range d.lex {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	return newFormGate(d, langs)
})

// newFormGate builds the gate from the loaded lexicons; nil when there is
// nothing to build it from or the literals do not fit its table (Warnings
// uses the class gate alone then).
func newFormGate(d *data, langs []string) *formGate {
	if d == nil || d.gate == nil {
		return nil
	}
	g := &formGate{}
	id := map[string]int32{}
	litOf := func(t string) int32 {
		if i, ok := id[t]; ok {
			return i
		}
		i := int32(len(g.subs))
		id[t] = i
		g.subs = append(g.subs, 0)
		g.checks = append(g.checks, nil)
		return i
	}
	type ckey struct {
		words string
		j     int
		group uint8
	}
	seen := map[ckey]bool{}
	for _, l := range langs {
		lx := d.lex[l]
		if lx == nil {
			continue
		}
		keys := make([]string, 0, len(lx.byKey))
		for k := range lx.byKey {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var forms []form
		for _, k := range keys {
			forms = append(forms, lx.byKey[k]...)
		}
		forms = append(forms, lx.subs...)
		for _, f := range forms {
			grp, ok := d.group[f.class]
			if !ok {
				continue
			}
			if f.raw != "" {
				if isASCII(f.raw) {
					g.subs[litOf(f.raw)] |= 1 << grp
				}
				continue
			}
			j := 0
			for k, w := range f.words {
				if len(w) > len(f.words[j]) {
					j = k
				}
			}
			if !isASCII(f.words[j]) {
				continue
			}
			ck := ckey{strings.Join(f.words, " "), j, uint8(grp)}
			if seen[ck] {
				continue
			}
			seen[ck] = true
			i := litOf(f.words[j])
			keys := make([]uint64, len(f.words))
			for k, w := range f.words {
				keys[k] = packRaw(w)
			}
			g.checks[i] = append(g.checks[i], formCheck{words: f.words, j: j, group: uint8(grp), keys: keys})
		}
	}
	lits := make([]string, len(id))
	for t, i := range id {
		lits[i] = t
	}
	g.text = lits
	own := ownGroups(d)
	g.stages = [3]uint64{own, ^(own | d.lend), d.lend &^ own}
	g.side = make([][2]uint8, len(lits))
	for i, cs := range g.checks {
		for _, c := range cs {
			b, a := min(c.j, 255), min(len(c.words)-c.j-1, 255)
			g.side[i][0] = max(g.side[i][0], uint8(b))
			g.side[i][1] = max(g.side[i][1], uint8(a))
		}
	}
	if !g.compile(gateCap) {
		return nil
	}
	return g
}

// ownGroups returns the first of formGate.stages for d's rules: for each
// rule, one group of its need with no class lent to the next unit; every
// group when a rule has none.
func ownGroups(d *data) uint64 {
	var own uint64
	for _, r := range d.need {
		found := false
		for _, m := range r {
			if m&d.lend == 0 {
				own |= m
				found = true
				break
			}
		}
		if !found {
			return ^uint64(0)
		}
	}
	return own
}

// tokByte is true for the ASCII bytes appendTokens reads as part of a word.
var tokByte = func() (t [256]bool) {
	for c := 0; c < 128; c++ {
		b := byte(c)
		t[c] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '-' || b == '\'' || b == '_'
	}
	return t
}()

// matches reports whether the form's words may stand on consecutive
// tokens of s, word j on the token whose first bytes end at end (its
// literal). Tokens are read as appendTokens reads them; where the check
// meets a byte outside ASCII, whose rune may or may not be part of a
// word, it answers true (the gate must never miss a form).
func (c *formCheck) matches(s string, end int) bool {
	w := c.words[c.j]
	p := end - len(w)
	if p > 0 {
		if b := s[p-1]; b >= utf8.RuneSelf {
			return true
		} else if tokByte[b] {
			return false
		}
	}
	te := end
	for te < len(s) && tokByte[s[te]] {
		te++
	}
	if te < len(s) && s[te] >= utf8.RuneSelf {
		return true
	}
	if te != end && len(w) < 4 {
		return false
	}
	// The words after j, each on the next token.
	pos := te
	for k := c.j + 1; k < len(c.words); k++ {
		for pos < len(s) && !tokByte[s[pos]] {
			if s[pos] >= utf8.RuneSelf {
				return true
			}
			pos++
		}
		ts := pos
		for pos < len(s) && tokByte[s[pos]] {
			pos++
		}
		if pos < len(s) && s[pos] >= utf8.RuneSelf {
			return true
		}
		if ts == pos || !foldWordMatch(s[ts:pos], c.words[k]) {
			return false
		}
	}
	// The words before j, each on the token before.
	pos = p
	for k := c.j - 1; k >= 0; k-- {
		for pos > 0 && !tokByte[s[pos-1]] {
			if s[pos-1] >= utf8.RuneSelf {
				return true
			}
			pos--
		}
		te := pos
		for pos > 0 && tokByte[s[pos-1]] {
			pos--
		}
		if pos > 0 && s[pos-1] >= utf8.RuneSelf {
			return true
		}
		if te == pos || !foldWordMatch(s[pos:te], c.words[k]) {
			return false
		}
	}
	return true
}

// foldWordMatch is wordMatch(lower(t), f) for an ASCII token t.
func foldWordMatch(t, f string) bool {
	if len(t) < len(f) || len(t) != len(f) && len(f) < 4 {
		return false
	}
	for i := 0; i < len(f); i++ {
		c := t[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != f[i] {
			return false
		}
	}
	return true
}
