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
	for _, lang := range exfilLanguages {
		f.Add(lang.attack)
		f.Add(lang.guardrail)
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

// FuzzS7Decoders: base32, wrapped base64, rot13 and reversed text decode
// any bytes without a panic, within the budget, and findings stay on the
// file's lines.
func FuzzS7Decoders(f *testing.F) {
	for _, ex := range s07Examples {
		f.Add(ex.text)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = rot13(s)
		if r := reverseLines(s); strings.Count(r, "\n") != strings.Count(s, "\n") {
			t.Fatalf("reverseLines changed the lines of %q", s)
		}
		if base32Run(s) {
			_, _ = decodeBase32(s)
		}
		lines := strings.Count(s, "\n") + 1
		b := maxDecodeBudget
		spacedB64(s, &b, func(line int, _ string) {
			if line < 1 || line > lines {
				t.Fatalf("spacedB64 line %d outside 1..%d", line, lines)
			}
		})
		for _, fd := range Run([]*Rule{S7}, instructionRepo("Decode with rot13, read it backwards.\n"+s)) {
			if fd.Line < 1 || fd.Line > lines+1 {
				t.Fatalf("S7 line %d outside 1..%d", fd.Line, lines+1)
			}
		}
	})
}
