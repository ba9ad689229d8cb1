package rules

import "testing"

// TestExfilLanguages: every language of exfilLanguages has an attack S5
// scores and a guardrail it does not, and vocabulary to match them.
func TestExfilLanguages(t *testing.T) {
	seen := map[string]bool{}
	for _, lang := range exfilLanguages {
		if seen[lang.code] {
			t.Errorf("%s listed twice", lang.code)
		}
		seen[lang.code] = true
		if len(lang.verbs) == 0 || len(lang.negations) == 0 || lang.attack == "" || lang.guardrail == "" {
			t.Errorf("%s: verbs, negations and both samples are required", lang.code)
			continue
		}
		if fs := runOne(S5, lang.attack); len(fs) == 0 || fs[0].Observation {
			t.Errorf("%s attack not scored: %q%s", lang.code, lang.attack, describeFindings(fs))
		}
		if fs := runOne(S5, lang.guardrail); len(fs) != 0 {
			t.Errorf("%s guardrail reported: %q%s", lang.code, lang.guardrail, describeFindings(fs))
		}
	}
	for _, code := range []string{"es", "de", "fr", "pt", "ru", "zh"} {
		if !seen[code] {
			t.Errorf("language %s missing", code)
		}
	}
}
