package cli_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

// TestWindowsPathsClassifyE2E: `sentinel guard classify` through the built
// binary, with a project and paths as an agent on Windows names them. Each
// row is a spelling Windows opens as the blast centre (or, for the last
// rows, as an ordinary file).
func TestWindowsPathsClassifyE2E(t *testing.T) {
	e := newHookE2E(t)
	tests := []struct{ path, norm, reason string }{
		{`C:\repo\.github\workflows\ci.yml`, ".github/workflows/ci.yml", blast.ReasonCIWorkflow},
		{`c:\REPO\migrations\001.sql`, "migrations/001.sql", blast.ReasonMigration},
		{`.\migrations\001.sql`, "migrations/001.sql", blast.ReasonMigration},
		{`C:/repo\.github/workflows\ci.yml`, ".github/workflows/ci.yml", blast.ReasonCIWorkflow},
		{`\\?\C:\repo\.env`, ".env", blast.ReasonEnv},
		{`\\.\C:\repo\go.sum`, "go.sum", blast.ReasonLockfile},
		{`\\?\UNC\server\share\app\.env`, "/server/share/app/.env", blast.ReasonEnv},
		{`C:.env`, ".env", blast.ReasonEnv},
		{`C:\repo\.env.`, "", blast.ReasonEnv},
		{`C:\repo\.env::$DATA`, "", blast.ReasonEnv},
		{`C:\repo\.Claude\Settings.JSON`, "", blast.ReasonGateSettings},
		{`C:\repo\GITHUB~1\workflows\ci.yml`, "", blast.ReasonShortName},
		{`C:\repo\src\main.go`, "src/main.go", ""},
		{`\\?\C:\repo\src\author.ts`, "src/author.ts", ""},
	}
	args := []string{"guard", "classify", "--json", "--root", `C:\repo`}
	for _, tt := range tests {
		args = append(args, tt.path)
	}
	out, stderr, code := e.run("", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct{ Paths []blast.Verdict }
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Paths) != len(tests) {
		t.Fatalf("output %q: %v", out, err)
	}
	for i, tt := range tests {
		v := got.Paths[i]
		if tt.norm != "" && v.Path != tt.norm {
			t.Errorf("%s: path %q, want %q", tt.path, v.Path, tt.norm)
		}
		if tt.reason == "" && v.Sensitive || tt.reason != "" && !slices.Contains(v.Reasons, tt.reason) {
			t.Errorf("%s: %v %q, want reason %q", tt.path, v.Sensitive, v.Reasons, tt.reason)
		}
	}
}

// TestWindowsPathsHookE2E: `sentinel hook claude` given the payload of
// Claude Code on Windows. A blast centre in a Windows spelling is
// challenged once and passes when repeated; a short name is denied every
// time; an ordinary file passes without a word.
func TestWindowsPathsHookE2E(t *testing.T) {
	e := newHookE2E(t)
	e.env = append(e.env, `CLAUDE_PROJECT_DIR=C:\repo`)
	tool := func(p string) string {
		b, _ := json.Marshal(map[string]any{
			"session_id": "win-1", "transcript_path": `C:\Users\u\t.jsonl`, "cwd": `C:\repo`,
			"permission_mode": "default", "hook_event_name": "PreToolUse",
			"tool_name": "Write", "tool_input": map[string]any{"file_path": p, "content": "x"}, "tool_use_id": "toolu_01",
		})
		return string(b)
	}
	for _, tt := range []struct{ path, want string }{
		{`\\?\C:\repo\.github\workflows\ci.yml`, "`.github/workflows/ci.yml` (CI workflow"},
		{`C:.env`, "`.env` (environment secrets)"},
		{`.\migrations\001.sql`, "`migrations/001.sql` (database migration"},
		{`C:\repo\go.sum::$DATA`, "(lockfile)"},
	} {
		out, _, code := e.run(tool(tt.path), "hook", "claude")
		dec, reason := hookE2EDecision(t, out)
		if code != 0 || dec != "deny" || !strings.Contains(reason, tt.want) {
			t.Errorf("%s: code %d, %s %q, want a challenge naming %s", tt.path, code, dec, reason, tt.want)
		}
		if out, _, code := e.run(tool(tt.path), "hook", "claude"); out != "" || code != 0 {
			t.Errorf("%s: the justified repeat: %q %d", tt.path, out, code)
		}
	}
	for i := range 3 {
		out, _, _ := e.run(tool(`C:\repo\CLAUDE~1\settings.json`), "hook", "claude")
		if dec, reason := hookE2EDecision(t, out); dec != "deny" || !strings.Contains(reason, "8.3 short name") {
			t.Fatalf("short name, attempt %d: %s %q", i+1, dec, reason)
		}
	}
	if out, _, code := e.run(tool(`C:\repo\src\main.go`), "hook", "claude"); out != "" || code != 0 {
		t.Errorf("ordinary file: %q %d", out, code)
	}
}
