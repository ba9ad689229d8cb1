package meaning

import (
	"strings"
	"testing"
)

// TestLowerUnit: lowering keeps every byte offset (a rune whose lower case
// has another length, and an invalid byte, stay as they are) and clips the
// unit to MaxUnit bytes on a rune boundary.
func TestLowerUnit(t *testing.T) {
	long := strings.Repeat("a", MaxUnit-1) + "é"
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"Send The KEY", "send the key"},
		{"ÜBER Straße", "über straße"},
		{"İstanbul", "İstanbul"}, // İ lowers to two runes: kept
		{"A\xffB", "a\xffb"},
		{long, strings.Repeat("a", MaxUnit-1)},
	} {
		got := lowerUnit(c.in)
		if got != c.want {
			t.Errorf("lowerUnit(%q) = %q, want %q", c.in, got, c.want)
		}
		if c.in != long && len(got) != len(c.in) {
			t.Errorf("lowerUnit(%q) changed the length", c.in)
		}
	}
}
