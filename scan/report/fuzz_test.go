package report_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/report"
)

// FuzzTerminal: whatever bytes a scanned file holds, the terminal form is
// valid UTF-8 with no control, format or line-separator character left that
// could drive or disguise the reader's terminal.
func FuzzTerminal(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[2J\x1b]0;title\x07", "a\u202eb\u2066c", "\xff\xfe\x00", "zero\u200b\u200d", "tab\tnew\nline\r", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := report.Terminal(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Terminal(%q) = %q is not valid UTF-8", s, out)
		}
		for _, r := range out {
			if r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029') {
				t.Fatalf("Terminal(%q) = %q keeps %U", s, out, r)
			}
		}
		if strings.Contains(out, "ghp_abcdefghijklmnopqrstuvwxyz0123456789") {
			t.Fatalf("Terminal(%q) keeps a token", s)
		}
	})
}
