package rules

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// TestForeignMaxHoldsForeignGroups: the prose filter skips the lowered
// copy of a region when even foreignMax would not let a gate admit it,
// which is sound only while foreignMax holds every group foreignGroups
// returns. Each language's own sentences (the attack and its variant,
// the guardrail and the twin), and all of their key words at once, are
// read.
func TestForeignMaxHoldsForeignGroups(t *testing.T) {
	seen := uint64(0)
	for _, l := range exfilLanguages {
		keys := strings.Join(append(append([]string{}, l.overrideKeys...), l.concealKeys...), " ")
		for _, s := range []string{l.attack, l.variant, l.guardrail, l.twin, keys} {
			g := foreignGroups(text.Lower(s))
			if g&^foreignMax != 0 {
				t.Errorf("%s: foreignGroups(%q) = %#x, outside foreignMax %#x", l.code, s, g, foreignMax)
			}
			seen |= g
		}
	}
	if seen != foreignMax {
		t.Errorf("the sentences reach groups %#x of foreignMax %#x: a group no language sets is not needed", seen, foreignMax)
	}
}

// FuzzScriptsOfLower: the prose filter reads a region's scripts before
// lowering it, sound while lowering changes no byte scriptsOf reads.
func FuzzScriptsOfLower(f *testing.F) {
	for _, l := range exfilLanguages {
		f.Add(l.attack)
		f.Add(strings.ToUpper(l.variant))
	}
	f.Add("Ä É — “Quoted” 🙂 İ K Ω \xe0\xa4")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := scriptsOf(s), scriptsOf(text.Lower(s)); got != want {
			t.Fatalf("scriptsOf(%q) = %d, of its lowered copy %d", s, got, want)
		}
	})
}
