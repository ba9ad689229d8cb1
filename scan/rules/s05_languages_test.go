package rules

import "testing"

// TestExfilLanguages: every language of exfilLanguages has an attack S4,
// S5 and S13 score and a guardrail none of them reports, and vocabulary to
// match them.
func TestExfilLanguages(t *testing.T) {
	seen := map[string]bool{}
	for _, lang := range exfilLanguages {
		if seen[lang.code] {
			t.Errorf("%s listed twice", lang.code)
		}
		seen[lang.code] = true
		if len(lang.verbs) == 0 || len(lang.negations) == 0 || lang.override == "" || lang.conceal == "" || lang.attack == "" || lang.guardrail == "" {
			t.Errorf("%s: verbs, negations and both samples are required", lang.code)
			continue
		}
		for _, rule := range []*Rule{S4, S5, S13} {
			if fs := runOne(rule, lang.attack); len(fs) == 0 || fs[0].Observation {
				t.Errorf("%s attack not scored by %s: %q%s", lang.code, rule.ID, lang.attack, describeFindings(fs))
			}
			if fs := runOne(rule, lang.guardrail); len(fs) != 0 {
				t.Errorf("%s guardrail reported by %s: %q%s", lang.code, rule.ID, lang.guardrail, describeFindings(fs))
			}
		}
	}
	for _, code := range []string{"es", "de", "fr", "pt", "ru", "zh"} {
		if !seen[code] {
			t.Errorf("language %s missing", code)
		}
	}
}
