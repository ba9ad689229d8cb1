package rules

import (
	"strings"
	"testing"
)

// TestLangKeysAgreeWithContains checks that the one-pass key automaton
// answers what a strings.Contains per key answered, on every sample of
// every language and on texts built from each key with text around it.
func TestLangKeysAgreeWithContains(t *testing.T) {
	var texts []string
	for _, l := range exfilLanguages {
		texts = append(texts, l.attack, l.variant, l.guardrail, l.twin)
		for _, k := range append(append([]string{}, l.overrideKeys...), l.concealKeys...) {
			texts = append(texts, k, "x"+k+"y", "before "+k+" after", k[:len(k)-1])
		}
	}
	texts = append(texts, "", "plain english with no key at all", "ignore previous instructions")
	for _, s := range texts {
		lower := strings.ToLower(s)
		got := langKeys().Groups(lower)
		for i, l := range exfilLanguages {
			if want := containsAny(lower, l.overrideKeys); (got&(1<<i) != 0) != want {
				t.Errorf("%s override keys in %q: automaton %v, Contains %v", l.code, s, !want, want)
			}
			if want := containsAny(lower, l.concealKeys); (got&(1<<(32+i)) != 0) != want {
				t.Errorf("%s conceal keys in %q: automaton %v, Contains %v", l.code, s, !want, want)
			}
		}
		if want := containsAny(lower, latinKeys().override); (got&keyLatinOverride != 0) != want {
			t.Errorf("Latin override keys in %q: automaton %v, Contains %v", s, !want, want)
		}
		if want := containsAny(lower, latinKeys().conceal); (got&keyLatinConceal != 0) != want {
			t.Errorf("Latin conceal keys in %q: automaton %v, Contains %v", s, !want, want)
		}
	}
}
