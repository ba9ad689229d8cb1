package rules

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// startRegexp is a regular expression run only where a match can begin.
//
// The prose rules' expressions mostly start with one of a few words
// ("\b(?:ignore|disregard|…)\s+…"); Go's regexp has no literal prefix to
// skip to for them, so it tries every byte of the text, and the
// backtracker costs tens of nanoseconds a byte. A startRegexp works out,
// from the parsed pattern, a set of literal strings one of which every
// match begins with (with whether a word boundary must stand before it),
// finds where those literals occur, and runs the expression anchored at
// those places only.
//
// The matches are the expression's own, in the same order: Go's leftmost-
// first search returns, at the smallest position where a match starts,
// the match preferred there, which is what the anchored expression finds
// at that position. The anchored expression is run from the byte before
// the position, which it consumes with (?s:.), so that \b, \B and ^ see
// the character before the match as the whole-text search does. A
// pattern whose literals cannot be worked out is run as it is.
type startRegexp struct {
	pattern  string
	once     sync.Once
	fullOnce sync.Once
	full     *regexp.Regexp // the pattern as it is, compiled when first needed
	at0Once  sync.Once
	at0      *regexp.Regexp // ^(?:pattern): a match at the start of the text, compiled when first needed
	at       *regexp.Regexp // ^(?s:.)(?:pattern): a match after the first byte
	lits     []startLit     // nil: run full
	tables   *startTables   // with lits
	atStart  []startLit     // the literals that begin the text
}

// startTables index a startRegexp's literals by their first byte. They
// are made on first use, like the expressions, so that a command that
// scans nothing does not pay for them.
type startTables struct {
	byFirst [256][]startLit
	// first says of each byte whether a literal begins with it
	// (firstLit), and whether every such literal needs a word boundary
	// before it while the byte is a word character, so that the byte
	// after a word character begins no match (firstAfterNonWord).
	first [256]uint8
}

// startLit is a literal a match can begin with; wb says the pattern puts
// a word boundary before it, bot that the match begins the text (then s
// may be empty).
type startLit struct {
	s   string
	wb  bool
	bot bool
}

// litEntry is one way a piece of a pattern can begin: with s, and when
// whole, with s and nothing more (what follows the piece follows s).
type litEntry struct {
	s       string
	wb, bot bool
	whole   bool
}

// startRegexps lists every startRegexp, for the tests that prove each
// finds what its pattern finds.
var startRegexps []*startRegexp

func newStartRegexp(pattern string) *startRegexp {
	r := &startRegexp{pattern: pattern}
	startRegexps = append(startRegexps, r)
	return r
}

func (r *startRegexp) String() string { return r.pattern }

func (r *startRegexp) compile() {
	if !r.findLits() {
		r.whole() // and panic now if the pattern is invalid
		return
	}
	r.at = regexp.MustCompile(`^(?s:.)(?:` + r.pattern + `)`)
}

// whole returns the pattern as it is.
func (r *startRegexp) whole() *regexp.Regexp {
	r.fullOnce.Do(func() { r.full = regexp.MustCompile(r.pattern) })
	return r.full
}

// atStart0 returns the pattern anchored at the start of the text.
func (r *startRegexp) atStart0() *regexp.Regexp {
	r.at0Once.Do(func() { r.at0 = regexp.MustCompile(`^(?:` + r.pattern + `)`) })
	return r.at0
}

// findLits works out the literals every match begins with and the tables
// next reads; it reports false when there are none.
func (r *startRegexp) findLits() bool {
	re, err := syntax.Parse(r.pattern, syntax.Perl)
	if err != nil {
		return false
	}
	var set []startLit
	for _, e := range shrink(startLits(re.Simplify())) {
		set = append(set, startLit{s: e.s, wb: e.wb, bot: e.bot})
	}
	set = minimalLits(set)
	if len(set) == 0 {
		return false
	}
	for _, l := range set {
		if l.s == "" && !l.bot {
			return false // a match can begin anywhere
		}
	}
	r.lits = set
	t := new(startTables)
	for _, l := range set {
		if l.bot {
			r.atStart = append(r.atStart, l)
		} else {
			t.byFirst[l.s[0]] = append(t.byFirst[l.s[0]], l)
		}
	}
	for c, ls := range t.byFirst {
		if len(ls) == 0 {
			continue
		}
		t.first[c] = firstLit
		if wordByteTable[c] {
			t.first[c] |= firstAfterNonWord
			for _, l := range ls {
				if !l.wb {
					t.first[c] &^= firstAfterNonWord
				}
			}
		}
	}
	r.tables = t
	return true
}

// maxStartLits bounds the literal set a concatenation may multiply into.
const maxStartLits = 64

// maxClassRunes is the largest character class spelled out as literals.
const maxClassRunes = 4

// startLits returns literals one of which begins every match of re: s
// of each entry, and of a whole entry exactly what re matched. An entry
// with an empty s that is not whole says nothing: a match may begin
// anywhere.
func startLits(re *syntax.Regexp) []litEntry {
	unknown := []litEntry{{}}
	empty := []litEntry{{whole: true}}
	opened := func(es []litEntry) []litEntry {
		out := make([]litEntry, len(es))
		for i, e := range es {
			out[i] = litEntry{s: e.s, wb: e.wb, bot: e.bot}
		}
		return out
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return nil
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpEndText, syntax.OpNoWordBoundary:
		return empty
	case syntax.OpBeginText:
		return []litEntry{{bot: true, whole: true}}
	case syntax.OpWordBoundary:
		return []litEntry{{wb: true, whole: true}}
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return unknown
		}
		return []litEntry{{s: string(re.Rune), whole: true}}
	case syntax.OpCharClass:
		n := 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
		}
		if n > maxClassRunes {
			return unknown
		}
		var out []litEntry
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for c := re.Rune[i]; c <= re.Rune[i+1]; c++ {
				out = append(out, litEntry{s: string(c), whole: true})
			}
		}
		return out
	case syntax.OpCapture:
		return startLits(re.Sub[0])
	case syntax.OpQuest:
		return append(empty, startLits(re.Sub[0])...)
	case syntax.OpStar:
		return append(empty, opened(startLits(re.Sub[0]))...)
	case syntax.OpPlus:
		return opened(startLits(re.Sub[0]))
	case syntax.OpRepeat:
		if re.Min == 0 {
			return append(empty, opened(startLits(re.Sub[0]))...)
		}
		return opened(startLits(re.Sub[0]))
	case syntax.OpAlternate:
		var out []litEntry
		for _, sub := range re.Sub {
			out = append(out, startLits(sub)...)
		}
		return out
	case syntax.OpConcat:
		cur := empty
		for _, sub := range re.Sub {
			if !slices.ContainsFunc(cur, func(e litEntry) bool { return e.whole }) {
				break // nothing after this can lengthen a literal
			}
			set := startLits(sub)
			var next []litEntry
			for _, a := range cur {
				if !a.whole {
					next = append(next, a)
					continue
				}
				for _, b := range set {
					next = append(next, litEntry{s: a.s + b.s, wb: a.wb || a.s == "" && b.wb, bot: a.bot || a.s == "" && b.bot, whole: b.whole})
				}
			}
			if len(next) > maxStartLits {
				return shrink(next)
			}
			cur = next
		}
		return cur
	}
	return unknown
}

// shrink cuts the literals of a set grown past maxStartLits to their
// first few bytes until few enough remain; a prefix of a literal a match
// begins with is one too.
func shrink(set []litEntry) []litEntry {
	if len(set) <= maxStartLits {
		return set
	}
	for n := 8; ; n-- {
		seen := map[litEntry]bool{}
		var out []litEntry
		for _, e := range set {
			c := litEntry{s: e.s, wb: e.wb, bot: e.bot}
			if len(c.s) > n {
				c.s = c.s[:n]
				for len(c.s) > 0 && !utf8.ValidString(c.s) {
					c.s = c.s[:len(c.s)-1] // never half a character
				}
			}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
		if len(out) <= maxStartLits || n == 1 {
			return out
		}
	}
}

// minimalLits drops duplicates and every literal that another one, no
// stricter, begins: where it occurs, the other does too.
func minimalLits(set []startLit) []startLit {
	var out []startLit
	for i, y := range set {
		covered := false
		for j, x := range set {
			if i == j || !strings.HasPrefix(y.s, x.s) || x.wb && !y.wb || x.bot && !y.bot {
				continue
			}
			// x covers y; of two equal entries keep the first.
			if x != y || j < i {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, y)
		}
	}
	return out
}

const (
	firstLit = 1 << iota
	firstAfterNonWord
)

// isWordByte reports an ASCII word character, as \b counts them.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// wordByteTable is isWordByte as a table.
var wordByteTable = func() (t [256]bool) {
	for c := range t {
		t[c] = isWordByte(byte(c))
	}
	return t
}()

// next returns the first position at or after from where one of the
// literals begins (with its word boundary, if it needs one), or -1.
func (r *startRegexp) next(s string, from int) int {
	if from == 0 {
		for _, l := range r.atStart {
			if strings.HasPrefix(s, l.s) && (!l.wb || s != "" && isWordByte(s[0])) {
				return 0
			}
		}
	}
	t := r.tables
	for p := from; p < len(s); p++ {
		f := t.first[s[p]]
		if f == 0 || f&firstAfterNonWord != 0 && p > 0 && wordByteTable[s[p-1]] {
			continue
		}
		for _, l := range t.byFirst[s[p]] {
			if len(l.s) > len(s)-p || len(l.s) > 1 && s[p+1] != l.s[1] || s[p:p+len(l.s)] != l.s {
				continue
			}
			// A byte of a multi-byte character is no word character,
			// for Go's \b as here.
			if l.wb && (p > 0 && wordByteTable[s[p-1]]) == wordByteTable[s[p]] {
				continue
			}
			return p
		}
	}
	return -1
}

// matchAt returns the match of the pattern that begins at p (a position
// where one of the literals begins), with its submatches when sub.
func (r *startRegexp) matchAt(s string, p int, sub bool) []int {
	if p == 0 {
		if sub {
			return r.atStart0().FindStringSubmatchIndex(s)
		}
		return r.atStart0().FindStringIndex(s)
	}
	// s[p] begins a literal, so it is no continuation byte, and (?s:.)
	// takes exactly the byte s[p-1], a whole character or an invalid one.
	var loc []int
	if sub {
		loc = r.at.FindStringSubmatchIndex(s[p-1:])
	} else {
		loc = r.at.FindStringIndex(s[p-1:])
	}
	if loc == nil {
		return nil
	}
	for k := range loc {
		if loc[k] >= 0 {
			loc[k] += p - 1
		}
	}
	loc[0] = p
	return loc
}

// lookBudget bounds what the anchored tries of one search may read, as a
// multiple of the text's length. A try can read to the end of the text
// (one of a pattern with [^;\n]* does), so a long text full of literals
// would make the search quadratic: past the budget, findAll gives up and
// the pattern itself, which finds the same matches in one pass, runs
// instead. Ordinary text never comes near it.
const lookBudget = 4

// findAll finds the matches, or reports false when the tries would read
// more than the budget.
func (r *startRegexp) findAll(s string, n int, sub bool) ([][]int, bool) {
	var out [][]int
	budget := lookBudget*len(s) + 256
	for pos := 0; n < 0 || len(out) < n; {
		p := r.next(s, pos)
		if p < 0 {
			break
		}
		if budget -= len(s) - p; budget < 0 {
			return nil, false
		}
		loc := r.matchAt(s, p, sub)
		if loc == nil {
			pos = p + 1
			continue
		}
		out = append(out, loc)
		pos = loc[1] // never p: every match holds a literal
	}
	return out, true
}

// FindAllStringIndex is regexp.MustCompile(pattern).FindAllStringIndex.
func (r *startRegexp) FindAllStringIndex(s string, n int) [][]int {
	r.once.Do(r.compile)
	if r.lits != nil {
		if out, ok := r.findAll(s, n, false); ok {
			return out
		}
	}
	return r.whole().FindAllStringIndex(s, n)
}

// FindAllStringSubmatchIndex is
// regexp.MustCompile(pattern).FindAllStringSubmatchIndex.
func (r *startRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	r.once.Do(r.compile)
	if r.lits != nil {
		if out, ok := r.findAll(s, n, true); ok {
			return out
		}
	}
	return r.whole().FindAllStringSubmatchIndex(s, n)
}

// FindStringIndex is regexp.MustCompile(pattern).FindStringIndex.
func (r *startRegexp) FindStringIndex(s string) []int {
	r.once.Do(r.compile)
	if r.lits != nil {
		if out, ok := r.findAll(s, 1, false); ok {
			if len(out) > 0 {
				return out[0]
			}
			return nil
		}
	}
	return r.whole().FindStringIndex(s)
}

// MatchString is regexp.MustCompile(pattern).MatchString.
func (r *startRegexp) MatchString(s string) bool {
	return r.FindStringIndex(s) != nil
}
