package rules

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode/utf8"
)

// splitRegexp finds the leftmost match of a pattern made of top-level
// alternatives (A1|A2|…|An) by running each alternative on its own, and
// only when the literal every match of it must contain is in the text.
// The answer is the same as the whole pattern's: the leftmost match
// starts at the smallest start any alternative finds, and at that start
// Go's leftmost-first matching takes the first alternative (in order) that
// matches there, which is that alternative's own leftmost match. Scripts
// run by hooks can be large; this keeps S18 from running one big
// expression over all of them.
//
// Each alternative also runs only around the places its literal occurs
// (see part.find), since a regular expression that starts with \b has no
// prefix for Go's matcher to skip ahead to and otherwise tries every
// position of the text.
type splitRegexp struct {
	pattern string
	once    sync.Once
	parts   []*regexp.Regexp
	need    []string // a literal each part's matches contain, or ""
	bounds  []partBounds
	// pairs marks the first two bytes of every literal of two bytes or
	// more, so one pass over a text finds where each literal first occurs.
	pairs [1 << 16 / 64]uint64
}

func newSplitRegexp(pattern string) *splitRegexp { return &splitRegexp{pattern: pattern} }

func (s *splitRegexp) compile() {
	for _, alt := range topLevelAlternatives(s.pattern) {
		s.parts = append(s.parts, regexp.MustCompile(alt))
		lit, b := analyse(alt)
		s.need = append(s.need, lit)
		s.bounds = append(s.bounds, b)
		if len(lit) >= 2 {
			h := pair(lit, 0)
			s.pairs[h/64] |= 1 << (h % 64)
		}
	}
}

func pair(s string, i int) int { return int(s[i])<<8 | int(s[i+1]) }

// firsts returns where each part's literal first occurs in text (-1: not
// there; 0 for a part without one): one pass over the text for the
// literals of two bytes or more, strings.Index for the others.
func (s *splitRegexp) firsts(text string) []int {
	out := make([]int, len(s.parts))
	left := 0
	for i, lit := range s.need {
		switch {
		case lit == "":
			out[i] = 0
		case len(lit) < 2:
			out[i] = strings.Index(text, lit)
		default:
			out[i] = -1
			left++
		}
	}
	for j := 0; j+1 < len(text) && left > 0; j++ {
		h := pair(text, j)
		if s.pairs[h/64]&(1<<(h%64)) == 0 {
			continue
		}
		for i, lit := range s.need {
			if len(lit) >= 2 && out[i] < 0 && strings.HasPrefix(text[j:], lit) {
				out[i] = j
				left--
			}
		}
	}
	return out
}

// FindStringIndex is regexp.MustCompile(pattern).FindStringIndex(text).
func (s *splitRegexp) FindStringIndex(text string) []int {
	s.once.Do(s.compile)
	var best []int
	firsts := s.firsts(text)
	for i, re := range s.parts {
		if firsts[i] < 0 {
			continue
		}
		limit := len(text) + 1
		if best != nil {
			limit = best[0]
		}
		// A later alternative wins only by starting strictly earlier: at
		// the same start the earlier alternative is preferred.
		loc := findPart(re, s.need[i], firsts[i], &s.bounds[i], text, limit)
		if loc != nil && (best == nil || loc[0] < best[0]) {
			best = loc
		}
	}
	return best
}

// partBounds says where, around an occurrence of its literal, a match of
// one alternative can lie.
type partBounds struct {
	ok     bool // false: run the expression over the whole text
	before int  // most bytes a match holds before the literal
	tail   []tailItem
	// next is what must follow the literal in every match (its first tail
	// piece, when that is one character, a literal or \b), or nil.
	next *syntax.Regexp
}

// follows reports whether text at p (just after an occurrence of the
// literal) can be where the alternative's tail starts.
func (b *partBounds) follows(text string, p int) bool {
	re := b.next
	if re == nil {
		return true
	}
	switch re.Op {
	case syntax.OpWordBoundary:
		return p == 0 || p == len(text) || isWordByte(text[p-1]) != isWordByte(text[p])
	case syntax.OpLiteral:
		return strings.HasPrefix(text[p:], string(re.Rune))
	case syntax.OpPlus:
		re = re.Sub[0]
	}
	if p >= len(text) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[p:])
	return inClass(re, r)
}

// tailItem is one piece of the alternative after its literal: at most max
// bytes, or (max < 0) a run of characters of class.
type tailItem struct {
	max   int
	class *syntax.Regexp
}

// findPart returns the leftmost match of re in text that starts before
// limit, or nil; k is where need first occurs. Every match holds need, at most before bytes after its
// start, and ends where the tail items allow; so each occurrence of need
// gives a window of text that holds every match around it. Windows start
// and end next to an ASCII character that is not a word character (or at
// the ends of the text), where \b sees the same as at the ends of a text
// and UTF-8 decoding is in step, so a match in a window is a match in the
// text. The windows are tried in order of occurrence until none can start
// earlier than the best match found; if they add up to much more than the
// text, the whole text is searched instead.
func findPart(re *regexp.Regexp, need string, k int, b *partBounds, text string, limit int) []int {
	if need == "" {
		return before(re.FindStringIndex(text), limit)
	}
	if k < 0 || k-b.before >= limit {
		return nil
	}
	if !b.ok {
		return before(re.FindStringIndex(text), limit)
	}
	whole := func() []int {
		from := safeStart(text, k-b.before)
		return before(shift(re.FindStringIndex(text[from:]), from), limit)
	}
	best := -1
	budget := 2*len(text) + 4<<10
	for j := k; j >= 0 && j-b.before < limit && (best < 0 || j-b.before < best); {
		if !b.follows(text, j+len(need)) {
			// No match holds this occurrence of the literal.
			next := strings.Index(text[j+1:], need)
			if next < 0 {
				break
			}
			j += 1 + next
			continue
		}
		ws := safeStart(text, j-b.before)
		we := b.end(text, j+len(need))
		if we < 0 {
			return whole()
		}
		if budget -= we - ws; budget < 0 {
			return whole()
		}
		if loc := re.FindStringIndex(text[ws:we]); loc != nil && (best < 0 || ws+loc[0] < best) {
			best = ws + loc[0]
		}
		next := strings.Index(text[j+1:], need)
		if next < 0 {
			break
		}
		j += 1 + next
	}
	if best < 0 || best >= limit {
		return nil
	}
	// The match at best, with every way it could end inside the window.
	ws := safeStart(text, best)
	we := b.end(text, best+b.before+len(need))
	if we < 0 {
		return whole()
	}
	loc := shift(re.FindStringIndex(text[ws:we]), ws)
	if loc == nil || loc[0] != best {
		return whole() // cannot happen; the whole text decides
	}
	return loc
}

func before(loc []int, limit int) []int {
	if loc == nil || loc[0] >= limit {
		return nil
	}
	return loc
}

func shift(loc []int, by int) []int {
	if loc != nil {
		loc[0] += by
		loc[1] += by
	}
	return loc
}

// end returns a window end past every match whose literal ends at p, or -1
// when the tail has no bound.
func (b *partBounds) end(text string, p int) int {
	for _, it := range b.tail {
		if it.max >= 0 {
			p += it.max
			continue
		}
		// A run can start anywhere up to p; the run from p ends last.
		if p > len(text) {
			p = len(text)
		}
		for p < len(text) {
			r, size := utf8.DecodeRuneInString(text[p:])
			if !inClass(it.class, r) {
				break
			}
			p += size
		}
	}
	return safeEnd(text, p)
}

func inClass(re *syntax.Regexp, r rune) bool {
	switch re.Op {
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= r && r <= re.Rune[i+1] {
				return true
			}
		}
		return false
	case syntax.OpAnyCharNotNL:
		return r != '\n'
	case syntax.OpAnyChar:
		return true
	case syntax.OpLiteral:
		return len(re.Rune) == 1 && re.Rune[0] == r
	}
	return true
}

// safeStart moves i back to 0 or to just after an ASCII non-word byte.
func safeStart(text string, i int) int {
	if i <= 0 {
		return 0
	}
	if i > len(text) {
		i = len(text)
	}
	for i > 0 && (text[i-1] >= utf8.RuneSelf || isWordByte(text[i-1])) {
		i--
	}
	return i
}

// safeEnd moves i on to the end of text or to an ASCII non-word byte.
func safeEnd(text string, i int) int {
	if i >= len(text) {
		return len(text)
	}
	if i < 0 {
		i = 0
	}
	for i < len(text) && (text[i] >= utf8.RuneSelf || isWordByte(text[i])) {
		i++
	}
	return i
}

// analyse returns alt's required literal (see requiredLiteral) and where
// its matches can lie around it. Windows need an alternative without ^ or
// $ (their meaning depends on the text outside a window), a bounded part
// before the literal, and a tail of bounded pieces and runs of one class.
func analyse(alt string) (string, partBounds) {
	lit := requiredLiteral(alt)
	re, err := syntax.Parse(alt, syntax.Perl)
	if lit == "" || err != nil || hasAnchor(re) {
		return lit, partBounds{}
	}
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	}
	at := -1
	for i, sub := range subs {
		if sub.Op == syntax.OpLiteral && sub.Flags&syntax.FoldCase == 0 && string(sub.Rune) == lit {
			at = i
			break
		}
	}
	if at < 0 {
		return lit, partBounds{}
	}
	b := partBounds{ok: true}
	for _, sub := range subs[:at] {
		n := maxLen(sub)
		if n < 0 {
			return lit, partBounds{}
		}
		b.before += n
	}
	if at+1 < len(subs) {
		switch next := subs[at+1]; next.Op {
		case syntax.OpWordBoundary, syntax.OpCharClass:
			b.next = next
		case syntax.OpLiteral:
			if next.Flags&syntax.FoldCase == 0 {
				b.next = next
			}
		case syntax.OpPlus:
			if oneRune(next.Sub[0]) {
				b.next = next
			}
		}
	}
	for _, sub := range subs[at+1:] {
		if n := maxLen(sub); n >= 0 {
			b.tail = append(b.tail, tailItem{max: n})
			continue
		}
		if (sub.Op == syntax.OpStar || sub.Op == syntax.OpPlus) && oneRune(sub.Sub[0]) {
			b.tail = append(b.tail, tailItem{max: -1, class: sub.Sub[0]})
			continue
		}
		return lit, partBounds{}
	}
	return lit, b
}

// maxLen is the most bytes re can match, or -1 without a bound.
func maxLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary,
		syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return 0
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return len(re.Rune) * utf8.UTFMax
		}
		return len(string(re.Rune))
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return utf8.UTFMax
	case syntax.OpCapture, syntax.OpQuest:
		return maxLen(re.Sub[0])
	case syntax.OpRepeat:
		n := maxLen(re.Sub[0])
		if re.Max < 0 || n < 0 {
			return -1
		}
		return re.Max * n
	case syntax.OpConcat:
		sum := 0
		for _, sub := range re.Sub {
			n := maxLen(sub)
			if n < 0 {
				return -1
			}
			sum += n
		}
		return sum
	case syntax.OpAlternate:
		most := 0
		for _, sub := range re.Sub {
			n := maxLen(sub)
			if n < 0 {
				return -1
			}
			most = max(most, n)
		}
		return most
	}
	return -1
}

// oneRune reports whether re matches exactly one character of a class.
func oneRune(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return true
	case syntax.OpLiteral:
		return len(re.Rune) == 1 && re.Flags&syntax.FoldCase == 0
	}
	return false
}

func hasAnchor(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return true
	}
	for _, sub := range re.Sub {
		if hasAnchor(sub) {
			return true
		}
	}
	return false
}

// topLevelAlternatives splits pattern at the '|' that are outside any
// group, class or escape. A pattern with flags or no top-level '|' is
// one alternative.
func topLevelAlternatives(pattern string) []string {
	if strings.HasPrefix(pattern, "(?") && !strings.HasPrefix(pattern, "(?:") {
		return []string{pattern}
	}
	var out []string
	depth, inClass, start := 0, false, 0
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			// A ']' right after '[' or '[^' is a literal member.
			if i+1 < len(pattern) && pattern[i+1] == '^' {
				i++
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				i++
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == '|' && depth == 0:
			out = append(out, pattern[start:i])
			start = i + 1
		}
	}
	return append(out, pattern[start:])
}

// requiredLiteral returns the longest case-sensitive literal that is a
// direct part of alt's top-level concatenation (so every match contains
// it), or "".
func requiredLiteral(alt string) string {
	re, err := syntax.Parse(alt, syntax.Perl)
	if err != nil {
		return ""
	}
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	var subs []*syntax.Regexp
	switch re.Op {
	case syntax.OpLiteral:
		subs = []*syntax.Regexp{re}
	case syntax.OpConcat:
		subs = re.Sub
	}
	best := ""
	for _, sub := range subs {
		if sub.Op == syntax.OpLiteral && sub.Flags&syntax.FoldCase == 0 && len(string(sub.Rune)) > len(best) {
			best = string(sub.Rune)
		}
	}
	return best
}
