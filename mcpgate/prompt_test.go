package mcpgate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/guard"
)

// TestTTYPromptEscapesServerText: what the person reads in the approval
// prompt comes from the tool server; no control, format (bidi, zero-width,
// tag) or line-break character reaches the terminal raw, whatever the
// guard's own prompt does with it.
func TestTTYPromptEscapesServerText(t *testing.T) {
	var got guard.ConfirmRequest
	p := &TTYPrompter{confirm: func(_ context.Context, r guard.ConfirmRequest) (bool, error) {
		got = r
		return false, nil
	}}
	for _, evil := range []string{
		"delete_all\x1b[2K\rread_note",
		"read\u202eeton_eteled",
		"a\u2028line of its own",
		"zero\u200bwidth\u00adsoft",
		"tag\U000E0041",
		"c1\u009b31m",
		"nl\nOK",
	} {
		_, _ = p.Confirm(context.Background(), Request{ID: "0123abcd", Server: "s", Tool: evil, Reason: evil, Arguments: evil})
		for _, field := range []string{got.Name, got.Description, fmt.Sprint(got.Input)} {
			for _, r := range field {
				if r != '\t' && (r < 0x20 || (r >= 0x7f && r < 0xa0) || r == '\u2028' || r == '\u2029' || isFormat(r)) {
					t.Errorf("%q reached the prompt with U+%04X raw: %q", evil, r, field)
				}
			}
		}
	}
}

func isFormat(r rune) bool {
	return strings.ContainsRune("\u00ad\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff", r) ||
		(r >= 0xe0000 && r <= 0xe007f)
}
