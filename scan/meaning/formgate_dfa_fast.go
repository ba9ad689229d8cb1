package meaning

import (
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// The form gate's automaton. It need not find exactly the literals: each
// place where it stops is checked against the literal's text and the
// form's other words (formGate.verify), so it may stop too often but
// never too seldom. That frees it to run over the first gateCap bytes of
// each literal only: 5,801 states with round 4's lexicons (rows of
// 64 16-bit entries, 0.74 MB; with round 3's, 3,592 against 6,899 over
// whole literals). A word form's literal matches only where a token starts; the automaton reads
// a token start (a class of its own) before the first byte of each token,
// and compile folds that step into the byte's, so the scan is one look-up
// a byte. BenchmarkWarningsCap compares caps.

// gateCap is how many first bytes of a literal the automaton reads.
const gateCap = 6

const gateShift = 6

// gateBoundary is the class of the token start, which the automaton
// reads before the first byte of a token; no byte is of this class.
const gateBoundary = 1<<gateShift - 1

// gateTok is the class of the bytes of a word that no literal holds.
const gateTok = gateBoundary - 1

// gateClasses returns the byte classes: each byte a literal holds a
// class of its own (capitals with their lower case), any other byte of a
// word gateTok, any other byte 0; a byte outside ASCII in a literal, or
// more classes than fit, gives !ok.
func gateClasses(lits []string) (class [256]uint8, ok bool) {
	n := uint8(1)
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			c := l[i]
			if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
				return class, false
			}
			if class[c] == 0 {
				if n == gateTok {
					return class, false
				}
				class[c] = n
				n++
			}
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		class[c] = class[c+'a'-'A']
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		if class[c] == 0 && tokByte[c] {
			class[c] = gateTok
		}
	}
	return class, true
}

// pattern is what the automaton looks for: the first capLen bytes of a
// literal, as classes; a word literal's with the token start before it,
// a substring literal's with a token start inside it wherever one falls.
type pattern struct {
	lit  int32
	word bool
	// n is the number of bytes of the literal the pattern holds.
	n int
	// text is the literal's whole text, groups the groups of its word
	// forms (a word pattern) or of its substring forms, side its
	// g.side: copied here so check reads one pattern, not three
	// tables.
	text   string
	groups uint64
	side   [2]uint8
}

// compile builds the automaton over the first capLen bytes of g.text;
// false when the literals do not fit it (Warnings then uses the class
// gate).
func (g *formGate) compile(capLen int) bool {
	class, ok := gateClasses(g.text)
	if !ok {
		return false
	}
	g.class = class
	g.capLen = capLen
	g.pats = g.pats[:0]
	g.ends, g.outGroups = nil, nil
	const w = 1 << gateShift
	child := make([]int32, w)
	for i := range child {
		child[i] = -1
	}
	own := [][]int32{nil}
	// in is the class by which the trie enters each node.
	in := []uint8{0}
	add := func(syms []uint8, p pattern) {
		s := int32(0)
		for _, sym := range syms {
			k := int32(sym)
			n := child[s*w+k]
			if n < 0 {
				n = int32(len(own))
				own = append(own, nil)
				in = append(in, sym)
				for j := 0; j < w; j++ {
					child = append(child, -1)
				}
				child[s*w+k] = n
			}
			s = n
		}
		own[s] = append(own[s], int32(len(g.pats)))
		g.pats = append(g.pats, p)
	}
	var syms []uint8
	for li, l := range g.text {
		if l == "" {
			continue
		}
		if len(l) > capLen {
			l = l[:capLen]
		}
		if len(g.checks[li]) > 0 {
			syms = append(syms[:0], gateBoundary)
			for i := 0; i < len(l); i++ {
				syms = append(syms, class[l[i]])
			}
			var m uint64
			for _, c := range g.checks[li] {
				m |= 1 << c.group
			}
			add(syms, pattern{lit: int32(li), word: true, n: len(l), text: g.text[li], groups: m, side: g.side[li]})
		}
		if g.subs[li] != 0 {
			syms = syms[:0]
			for i := 0; i < len(l); i++ {
				if i > 0 && tokByte[l[i]] && !tokByte[l[i-1]] {
					syms = append(syms, gateBoundary)
				}
				syms = append(syms, class[l[i]])
			}
			add(syms, pattern{lit: int32(li), n: len(l), text: g.text[li], groups: g.subs[li]})
		}
	}
	nodes := len(own)
	if nodes+1 > 1<<16 {
		return false
	}
	delta := make([]int32, nodes*w)
	fail := make([]int32, nodes)
	out := make([][]int32, nodes)
	order := make([]int32, 0, nodes)
	order = append(order, 0)
	for k := 0; k < w; k++ {
		if n := child[k]; n >= 0 {
			delta[k] = n
		}
	}
	for q := 0; q < len(order); q++ {
		s := order[q]
		if s == 0 {
			out[s] = own[s]
		} else {
			// The failure state is shallower, so its list is built.
			out[s] = append(append([]int32(nil), own[s]...), out[fail[s]]...)
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
	// The automaton reads the token start itself: its states are the
	// nodes and a second root, rootTok, for after a byte of a word no
	// literal holds (the root is for after any other byte, and the
	// start). Every other node is entered by one class, so it tells
	// whether a word's byte came last; on a word's byte after any other,
	// a state moves by the token start first, then by the byte.
	tokClass := func(k int) bool {
		if k == gateTok {
			return true
		}
		for c := 0; c < utf8.RuneSelf; c++ {
			if int(class[c]) == k && k != 0 {
				return tokByte[c]
			}
		}
		return false
	}
	var isTok [w]bool
	for k := range w {
		isTok[k] = tokClass(k)
	}
	rootTok := int32(nodes)
	step := func(s int32, k int) int32 {
		prevTok := s == rootTok || s != 0 && isTok[in[s]]
		if s == rootTok {
			s = 0
		}
		var t int32
		if isTok[k] && !prevTok {
			t = delta[delta[s*w+gateBoundary]*w+int32(k)]
		} else {
			t = delta[s*w+int32(k)]
		}
		if t == 0 && isTok[k] {
			t = rootTok
		}
		return t
	}
	// The states without output first, so one comparison tells.
	renum := make([]uint16, nodes+1)
	id := 0
	for _, s := range append(order, rootTok) {
		if s == rootTok || len(out[s]) == 0 {
			renum[s] = uint16(id)
			id++
		}
	}
	g.firstOut = uint32(id)
	g.rootTok = uint32(renum[rootTok])
	for _, s := range order {
		if len(out[s]) == 0 {
			continue
		}
		renum[s] = uint16(id)
		g.ends = append(g.ends, out[s])
		var m uint64
		for _, pi := range out[s] {
			p := g.pats[pi]
			if !p.word {
				m |= g.subs[p.lit]
				continue
			}
			for _, c := range g.checks[p.lit] {
				m |= 1 << c.group
			}
		}
		g.outGroups = append(g.outGroups, m)
		id++
	}
	g.next = make([]uint16, (nodes+1)*w)
	for s := int32(0); s <= rootTok; s++ {
		for k := 0; k < w; k++ {
			if k == gateBoundary {
				continue
			}
			g.next[int(renum[s])*w+k] = renum[step(s, k)]
		}
	}
	return true
}

// gateScratch is what the scan of one unit leaves for verify: the text
// scanned (the unit clipped, lowered into low when it is not ASCII), the
// places where the automaton found the first bytes of a literal, and the
// groups of the literals outside ASCII (which are not verified).
type gateScratch struct {
	// g is the gate that scanned.
	g     *formGate
	s     string
	low   []byte
	fires []firing
	// firesB gathers the second half's places (scan).
	firesB []firing
	wide   uint64
	// raw is what scan returned.
	raw uint64
}

// firing is a place the automaton stopped: the end of the bytes it read
// and its output state, less firstOut.
type firing struct{ end, out int32 }

// scan runs the automaton over a unit and returns the groups of every
// literal whose first bytes it found (without looking at the tokens
// around: a superset of what verify returns, as the class gate's), and
// keeps in sc what verify needs. Where a token starts (a byte of a word
// after one that is not, or after a byte outside ASCII, which verify
// decides on), the automaton reads a token start first (compile folds it
// into the byte's step).
func (g *formGate) scan(d *data, text string, sc *gateScratch) uint64 {
	s := clipUnit(text)
	sc.wide = 0
	// A unit outside ASCII is lowered into a copy, unless lowering
	// would change none of its runes (dashes, quotation marks, a
	// script without case) and it holds no rune of a literal outside
	// ASCII: the automaton and verify then read it as written, folding
	// ASCII capitals as they do on an ASCII unit.
	if !isASCII(s) && !(readAsWritten && g.readsAsWritten(d, s)) {
		sc.low = appendLower(sc.low[:0], s)
		// Valid until sc.low is written again, by the next scan.
		s = unsafe.String(unsafe.SliceData(sc.low), len(sc.low))
		if d.gate.mayHoldWide(sc.low) {
			sc.wide = d.gate.wide().Groups(s)
		}
	}
	sc.s, sc.g = s, g
	fires := sc.fires[:0]
	raw := sc.wide
	next, class, first := g.next, &g.class, g.firstOut
	// The automaton's steps wait each on the one before, so a long
	// unit is read as two halves in one loop, whose steps the processor
	// overlaps. The second half starts capLen+1 bytes before the middle,
	// in the state for the byte before it (a word's or not): by the
	// middle it is in the state one pass would be in (no pattern is
	// longer than capLen bytes), and it keeps the places that end past
	// the middle, the first half those up to it.
	// TestFormGateMatchesReference and FuzzFormGate hold it to the
	// reference.
	var lo, mid int
	var stB uint32
	firesB := sc.firesB[:0]
	// The second half must start after the first byte (lo-1 >= 0): a
	// gate built with a longer cap (the benchmarks') splits longer units only.
	if len(s) >= max(splitScan, 2*g.capLen+4) {
		mid = len(s) / 2
		lo = mid - g.capLen - 1
		if tokByte[s[lo-1]] {
			stB = g.rootTok
		}
		st := uint32(0)
		for i := 0; i < mid; i++ {
			st = uint32(next[st<<gateShift|uint32(class[s[i]])])
			stB = uint32(next[stB<<gateShift|uint32(class[s[lo+i]])])
			if st >= first {
				o := st - first
				raw |= g.outGroups[o]
				fires = append(fires, firing{int32(i + 1), int32(o)})
			}
			if stB >= first && lo+i >= mid {
				o := stB - first
				raw |= g.outGroups[o]
				firesB = append(firesB, firing{int32(lo + i + 1), int32(o)})
			}
		}
		lo += mid
	} else {
		lo = 0
	}
	st := stB
	for i := lo; i < len(s); i++ {
		st = uint32(next[st<<gateShift|uint32(class[s[i]])])
		if st < first {
			continue
		}
		o := st - first
		raw |= g.outGroups[o]
		firesB = append(firesB, firing{int32(i + 1), int32(o)})
	}
	fires = append(fires, firesB...)
	sc.fires, sc.firesB, sc.raw = fires, firesB, raw
	return raw
}

// splitScan is the length from which scan reads a unit as two halves
// (from 24 or 64 bytes on, the scan of the wild corpus's units took 0.89
// of its time in one pass).
const splitScan = 32

// readAsWritten turns the reading as written on (a variable for the
// benchmark that compares it with the lowered copy).
var readAsWritten = true

// readsAsWritten reports whether appendLower(s) differs from s only in
// ASCII capitals and holds no rune of a literal outside ASCII
// (unitGate.mayHoldWide), so scan may read s as written.
func (g *formGate) readsAsWritten(d *data, s string) bool {
	w := d.gate
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r < 1<<16 {
			if w.wideRunes[r/64]&(1<<(r%64)) != 0 {
				return false
			}
		} else if w.wideHigh[r] {
			return false
		}
		if !(r == utf8.RuneError && n <= 1) {
			if l := unicode.ToLower(r); l != r && utf8.RuneLen(l) == n {
				return false
			}
		}
		i += n
	}
	return true
}

// verify returns the groups of the forms that may match the unit scan
// last read into sc: the literal whole where its first bytes were found,
// with the other words of its forms on the tokens around.
func (g *formGate) verify(sc *gateScratch) uint64 {
	found := sc.wide
	for _, f := range sc.fires {
		if g.outGroups[f.out]&^found == 0 {
			continue
		}
		found = g.check(sc.s, int(f.end), g.ends[f.out], found)
	}
	return found
}

// verifyStaged is verify, stage by stage (formGate.stages), except that
// it stops early, with ok false, when the groups verified so far and the
// scan's groups not yet verified, with lent (the groups the unit before
// may lend), can satisfy no rule: then the unit has no intent, alone or
// joined, and found is not complete.
func (g *formGate) verifyStaged(d *data, sc *gateScratch, lent uint64) (found uint64, ok bool) {
	found = sc.wide
	var done uint64
	for _, m := range g.stages {
		for _, f := range sc.fires {
			if g.outGroups[f.out]&m&^found != 0 {
				found = g.check(sc.s, int(f.end), g.ends[f.out], found)
			}
		}
		done |= m
		if left := found | sc.raw&^done; !d.possible(left) && !d.possible(left|lent) {
			return found, false
		}
	}
	return found, true
}

// unitGroups returns the groups Warnings gates a unit on: scan, then
// verify.
func (g *formGate) unitGroups(d *data, s string) uint64 {
	var sc gateScratch
	g.scan(d, s, &sc)
	return g.verify(&sc)
}

// check adds the groups of the patterns in ends, which end at end, whose
// literal stands there whole, with the other words of its forms.
func (g *formGate) check(s string, end int, ends []int32, found uint64) uint64 {
	for _, pi := range ends {
		pt := &g.pats[pi]
		if pt.groups&^found == 0 {
			// Every group the literal could add is found.
			continue
		}
		t := pt.text
		p := end - pt.n
		// The automaton matched the first pt.n bytes (each byte of a
		// literal has a class of its own, a capital its lower case's).
		if !foldPrefix(s[end:], t[pt.n:]) {
			continue
		}
		if !pt.word {
			found |= pt.groups
			continue
		}
		cs := g.checks[pt.lit]
		side := pt.side
		if side[0] > maxSide || side[1] > maxSide {
			for k := range cs {
				c := &cs[k]
				if found&(1<<c.group) == 0 && c.matches(s, p+len(t)) {
					found |= 1 << c.group
				}
			}
			continue
		}
		var a around
		if !a.read(s, p, p+len(t)) {
			// The literal is not a token's first bytes.
			continue
		}
		if a.all {
			found |= pt.groups
			continue
		}
		for k := range cs {
			c := &cs[k]
			if found&(1<<c.group) == 0 && a.fits(c) {
				found |= 1 << c.group
			}
		}
	}
	return found
}

// maxSide bounds the words on either side of a literal that around
// reads; the forms of a literal with more are checked by matches.
const maxSide = 6

// around holds the tokens on either side of a literal's place, read once
// for all the forms of the literal (formCheck.matches reads them for one
// form), each side only as far as a form asks (the first form that
// differs from the text mostly differs at its first word there):
// after[0] is the first token after the literal's own, before[0] the
// first before it. A side is unsure from where it meets a byte outside
// ASCII on: a form that needs a token there is taken to match; all says
// every form is (the literal's own token meets such a byte).
type around struct {
	s                string
	before, after    [maxSide]string
	bKey, aKey       [maxSide]uint64
	nb, na           int
	bPos, aPos       int
	bDone, aDone     bool
	bUnsure, aUnsure bool
	all              bool
	tokenRest        int
}

// read starts reading around the token that starts at p with the
// literal s[p:end]; false when p does not start a token.
func (a *around) read(s string, p, end int) bool {
	if p > 0 {
		if b := s[p-1]; b >= utf8.RuneSelf {
			a.all = true
			return true
		} else if tokByte[b] {
			return false
		}
	}
	te := end
	for te < len(s) && tokByte[s[te]] {
		te++
	}
	a.tokenRest = te - end
	if te < len(s) && s[te] >= utf8.RuneSelf {
		a.all = true
		return true
	}
	a.s, a.aPos, a.bPos = s, te, p
	return true
}

// hasAfter reads tokens after the literal's until after[i] is read or
// the side ends; it reports whether after[i] is there.
func (a *around) hasAfter(i int) bool {
	s, pos := a.s, a.aPos
	for a.na <= i && !a.aDone {
		for pos < len(s) && !tokByte[s[pos]] {
			if s[pos] >= utf8.RuneSelf {
				a.aUnsure, a.aDone = true, true
				break
			}
			pos++
		}
		if a.aDone {
			break
		}
		ts := pos
		for pos < len(s) && tokByte[s[pos]] {
			pos++
		}
		if pos < len(s) && s[pos] >= utf8.RuneSelf {
			a.aUnsure, a.aDone = true, true
			break
		}
		if ts == pos {
			a.aDone = true
			break
		}
		a.after[a.na] = s[ts:pos]
		a.aKey[a.na] = packWord(s[ts:pos])
		a.na++
	}
	a.aPos = pos
	return i < a.na
}

// hasBefore is hasAfter for the tokens before the literal's.
func (a *around) hasBefore(i int) bool {
	s, pos := a.s, a.bPos
	for a.nb <= i && !a.bDone {
		for pos > 0 && !tokByte[s[pos-1]] {
			if s[pos-1] >= utf8.RuneSelf {
				a.bUnsure, a.bDone = true, true
				break
			}
			pos--
		}
		if a.bDone {
			break
		}
		te := pos
		for pos > 0 && tokByte[s[pos-1]] {
			pos--
		}
		if pos > 0 && s[pos-1] >= utf8.RuneSelf {
			a.bUnsure, a.bDone = true, true
			break
		}
		if te == pos {
			a.bDone = true
			break
		}
		a.before[a.nb] = s[pos:te]
		a.bKey[a.nb] = packWord(s[pos:te])
		a.nb++
	}
	a.bPos = pos
	return i < a.nb
}

// fits reports whether c's form may stand around the literal, as
// c.matches would.
func (a *around) fits(c *formCheck) bool {
	if a.tokenRest != 0 && len(c.words[c.j]) < 4 {
		return false
	}
	for k := c.j + 1; k < len(c.words); k++ {
		i := k - c.j - 1
		if !a.hasAfter(i) {
			return a.aUnsure
		}
		if !packedWordMatch(a.after[i], a.aKey[i], c.words[k], c.keys[k]) {
			return false
		}
	}
	for k := c.j - 1; k >= 0; k-- {
		i := c.j - 1 - k
		if !a.hasBefore(i) {
			return a.bUnsure
		}
		if !packedWordMatch(a.before[i], a.bKey[i], c.words[k], c.keys[k]) {
			return false
		}
	}
	return true
}

// lowerByte folds ASCII capitals; other bytes are kept.
var lowerByte = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			t[c] += 'a' - 'A'
		}
	}
	return t
}()

// foldPrefix reports whether s starts with the lower-case ASCII lit, its
// capitals read as lower case.
func foldPrefix(s, lit string) bool {
	if len(s) < len(lit) {
		return false
	}
	for i := 0; i < len(lit); i++ {
		if lowerByte[s[i]] != lit[i] {
			return false
		}
	}
	return true
}
