package termsafe

import (
	"testing"
	"unicode"
)

func TestString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"read_note", "read_note"},
		{"tab\tkept, ünïcödé and emoji 👍 kept", "tab\tkept, ünïcödé and emoji 👍 kept"},
		{"wipe\x1b[2K\rread", `wipe\x1b[2K\rread`},
		{"a\nb", `a\nb`},
		{"a\u2028b\u2029c", `a\u2028b\u2029c`},
		{"nul\x00 del\x7f", `nul\x00 del\x7f`},
		{"c1 \u0085 \u009b", `c1 \u0085 \u009b`},
		{"bidi \u202eevil\u202c \u2066iso\u2069 \u061c", `bidi \u202eevil\u202c \u2066iso\u2069 \u061c`},
		{"zero\u200bwidth\u200d\ufeff\u2060", `zero\u200bwidth\u200d\ufeff\u2060`},
		{"soft\u00adhyphen", `soft\u00adhyphen`},
		{"tag\U000E0041\U000E0042", `tag\U000e0041\U000e0042`},
		{"bad \xff byte", `bad \xff byte`},
	} {
		if got := String(tc.in); got != tc.want {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestUnsafeCoversEveryFormatCharacter: the rule is the Unicode category,
// not a hand-kept list, so a format character added to Unicode is covered.
func TestUnsafeCoversEveryFormatCharacter(t *testing.T) {
	for _, r16 := range unicode.Cf.R16 {
		for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
			if !Unsafe(r) || String(string(r)) == string(r) {
				t.Errorf("U+%04X (Cf) is printed raw", r)
			}
		}
	}
	for _, r32 := range unicode.Cf.R32 {
		for r := rune(r32.Lo); r <= rune(r32.Hi); r += rune(r32.Stride) {
			if !Unsafe(r) {
				t.Errorf("U+%04X (Cf) is printed raw", r)
			}
		}
	}
	for r := rune(0); r < 0xa0; r++ {
		if (r < 0x20 || r >= 0x7f) && r != '\t' && String(string(r)) == string(r) {
			t.Errorf("control U+%04X is printed raw", r)
		}
	}
}
