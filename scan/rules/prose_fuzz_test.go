package rules

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzProseRules: every prose rule on any bytes reports findings with a
// line inside the file and never panics, and the filtered text layer
// gives the findings the eager one does.
func FuzzProseRules(f *testing.F) {
	for _, exs := range proseExamples() {
		for _, ex := range exs {
			f.Add(ex.text)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n") + 1
		filtered, eager := findingsBothWays(s)
		if !reflect.DeepEqual(filtered, eager) {
			t.Fatalf("the filter changed the findings of %q:\nfiltered %s\neager %s", s, describeFindings(filtered), describeFindings(eager))
		}
		for _, fd := range filtered {
			if fd.Line < 1 || fd.Line > lines {
				t.Fatalf("%s line %d outside 1..%d: %+v", fd.RuleID, fd.Line, lines, fd)
			}
		}
	})
}
