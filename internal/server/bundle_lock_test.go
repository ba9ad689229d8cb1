package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBundleWithLockSaysWhatItDid: a bundle that carries an AGENTS.lock
// gets a notice that its approvals do not count here, and the hook it
// approves is still judged unapproved; a bundle without one gets none.
func TestBundleWithLockSaysWhatItDid(t *testing.T) {
	settings := `{"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "./scripts/format.sh"}]}]}}`
	files := map[string]string{".claude/settings.json": settings, "scripts/format.sh": "#!/bin/sh\ngofmt -w \"$1\"\n",
		"AGENTS.lock": `{"format": 1, "items": []}`}
	for _, withLock := range []bool{true, false} {
		f := map[string]string{}
		for k, v := range files {
			if k != "AGENTS.lock" || withLock {
				f[k] = v
			}
		}
		rec := do(t, newTestServer(t, Config{}), postJSON("/scan/bundle", jsonBody(t, map[string]any{"files": f})))
		var out struct {
			Verdict string `json:"verdict"`
			Notices []struct {
				Path    string `json:"path"`
				Message string `json:"message"`
			} `json:"notices"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		said := false
		for _, n := range out.Notices {
			if n.Path == "AGENTS.lock" && strings.Contains(n.Message, "its approvals do not count here") {
				said = true
			}
		}
		if said != withLock || out.Verdict != "SUSPICIOUS" {
			t.Errorf("with lock %v: notice %v, verdict %s\n%s", withLock, said, out.Verdict, rec.Body)
		}
	}
}
