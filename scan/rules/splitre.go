package rules

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
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
type splitRegexp struct {
	pattern string
	once    sync.Once
	parts   []*regexp.Regexp
	need    []string // a literal each part's matches contain, or ""
}

func newSplitRegexp(pattern string) *splitRegexp { return &splitRegexp{pattern: pattern} }

func (s *splitRegexp) compile() {
	for _, alt := range topLevelAlternatives(s.pattern) {
		s.parts = append(s.parts, regexp.MustCompile(alt))
		s.need = append(s.need, requiredLiteral(alt))
	}
}

// FindStringIndex is regexp.MustCompile(pattern).FindStringIndex(text).
func (s *splitRegexp) FindStringIndex(text string) []int {
	s.once.Do(s.compile)
	var best []int
	for i, re := range s.parts {
		if s.need[i] != "" && !strings.Contains(text, s.need[i]) {
			continue
		}
		// A later alternative wins only by starting strictly earlier: at
		// the same start the earlier alternative is preferred.
		loc := re.FindStringIndex(text)
		if loc != nil && (best == nil || loc[0] < best[0]) {
			best = loc
		}
	}
	return best
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
