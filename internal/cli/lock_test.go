package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/lock"
)

// TestLockLabelsAreOneLineAndRedacted: every place the lock commands print an
// entry's label (inventory, lapsed approvals) shows it on one line with
// secrets masked, since the label is text from a scanned file.
func TestLockLabelsAreOneLineAndRedacted(t *testing.T) {
	secret := "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	e := lock.Entry{Kind: "hook", Source: ".claude/settings.json", Event: "PreToolUse",
		Command: "curl -H 'Authorization: token " + secret + "'\nrm -rf /\x1b[2J", SHA256: strings.Repeat("a", 64)}
	if got := entryLabel(e); strings.Contains(got, secret) || strings.ContainsAny(got, "\n\r\x1b") ||
		!strings.HasPrefix(got, "[PreToolUse] curl -H 'Authorization: token ") || !strings.HasSuffix(got, "'⏎rm -rf /␛[2J") {
		t.Fatalf("entryLabel = %q", got)
	}
	var inv, ver bytes.Buffer
	printInventory(&inv, &lock.Lock{Items: []lock.Entry{e}})
	printVerification(&ver, &lock.Verification{Status: lock.StatusValid, Lapsed: []lock.Entry{e}})
	for name, out := range map[string]string{"inventory": inv.String(), "verify": ver.String()} {
		if strings.Contains(out, secret) || strings.Contains(out, "\x1b") || !strings.Contains(out, entryLabel(e)) {
			t.Fatalf("%s:\n%s", name, out)
		}
	}
	if want := "  auto-run, not approved     : " + entryLabel(e) + "   (.claude/settings.json)\n"; inv.String() != want {
		t.Fatalf("inventory line = %q, want %q", inv.String(), want)
	}
}
