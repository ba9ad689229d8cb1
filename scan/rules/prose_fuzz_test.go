package rules

import (
	"strings"
	"testing"
)

// FuzzProseRules: every prose rule on any bytes reports findings with a
// line inside the file and never panics.
func FuzzProseRules(f *testing.F) {
	for _, exs := range proseExamples() {
		for _, ex := range exs {
			f.Add(ex.text)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n") + 1
		for _, fd := range Run(proseRules(), instructionRepo(s)) {
			if fd.Line < 1 || fd.Line > lines {
				t.Fatalf("%s line %d outside 1..%d: %+v", fd.RuleID, fd.Line, lines, fd)
			}
		}
	})
}
