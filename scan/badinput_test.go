package scan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func scanDir(t *testing.T, dir string) *Result {
	t.Helper()
	root, err := discover.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	res, err := Scan(context.Background(), root)
	if err != nil {
		t.Fatalf("scan failed: %v", err)
	}
	return res
}

func TestBadInputKeepsScanning(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".claude/settings.json": `{"hooks": {"Stop": [`, // truncated
		".gemini/settings.json": `["an", "array"]`,
		".cursor/mcp.json":      `"a string"`,
		".vscode/tasks.json":    strings.Repeat("[", 10000),
		"CLAUDE.md":             "binary \x00\x01\xff\xfe and non-UTF-8 \xc3\x28",
		// A healthy file beside the broken ones is still read.
		".mcp.json": `{"mcpServers": {"a": {"url": "https://tools.example.invalid/mcp"}}}`,
	})
	// A link to /etc and to the user's ~/.ssh, and a link loop.
	if err := os.Symlink("/etc", filepath.Join(dir, "etc-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop-b", filepath.Join(dir, "loop-a")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop-a", filepath.Join(dir, "loop-b")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../loop-a", filepath.Join(dir, "sub", "GEMINI.md")); err != nil {
		t.Fatal(err)
	}
	res := scanDir(t, dir)
	if !hasRule(res, "S19") {
		t.Errorf("the healthy .mcp.json was not scanned: %v", res.Breakdown)
	}
	notices := map[string]string{}
	for _, n := range res.Notices {
		notices[n.Path] = n.Message
	}
	for _, p := range []string{".claude/settings.json", ".gemini/settings.json", ".cursor/mcp.json", ".vscode/tasks.json", "AGENTS.md", "sub/GEMINI.md"} {
		if notices[p] == "" {
			t.Errorf("no notice for %s; notices: %v", p, notices)
		}
	}
	if !strings.Contains(notices["AGENTS.md"], "outside the scanned folder") {
		t.Errorf("link to /etc/passwd: notice %q should say it leaves the scanned folder", notices["AGENTS.md"])
	}
	for _, f := range res.Files {
		if f.Path == "AGENTS.md" && (f.Kind != "unknown" || len(f.Findings) != 1 || f.Findings[0].RuleID != "S36") {
			t.Errorf("a link out of the root was read: %+v", f)
		}
	}
	if res.Verdict == Clean {
		t.Error("agent files that could not be read left the scan CLEAN")
	}
}

func TestHugeFileIsTruncatedNotFatal(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 50 MB")
	}
	dir := t.TempDir()
	big := strings.Repeat("All good here. ", 50<<20/15)
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	res := scanDir(t, dir)
	if len(res.Files) != 1 || !res.Files[0].Truncated {
		t.Fatalf("want one truncated file, got %+v", res.Files)
	}
	// The JSON contract lists a file read in part among the notices too.
	if len(res.Notices) != 1 || res.Notices[0].Path != "CLAUDE.md" || !strings.HasPrefix(res.Notices[0].Message, "read in part") {
		t.Fatalf("want one notice that CLAUDE.md was read in part, got %+v", res.Notices)
	}
}

func TestOrphanedHookThenScriptPresent(t *testing.T) {
	settings := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/check.sh"}]}]}}`
	missing := scanDir(t, writeTree(t, map[string]string{".claude/settings.json": settings}))
	if missing.Verdict != Compromised || !hasRule(missing, "S10") {
		t.Errorf("missing script: %s %v, want COMPROMISED with S10", missing.Verdict, missing.Breakdown)
	}
	present := scanDir(t, writeTree(t, map[string]string{".claude/settings.json": settings, "scripts/check.sh": "#!/bin/sh\nexit 0\n"}))
	if present.Verdict != Suspicious || !hasRule(present, "S17a") || hasRule(present, "S10") {
		t.Errorf("plain script present: %s %v, want SUSPICIOUS with S17a only", present.Verdict, present.Breakdown)
	}
}

func TestScriptLinkOutsideRootIsNotOrphanNorRead(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./hook.sh"}]}]}}`,
	})
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "hook.sh")); err != nil {
		t.Fatal(err)
	}
	res := scanDir(t, dir)
	if hasRule(res, "S10") {
		t.Errorf("a script that is a link out of the root is not known to be missing: %v", res.Breakdown)
	}
	for _, f := range res.Files {
		if f.Path == "hook.sh" {
			t.Error("a script linked from outside the root was read")
		}
	}
}

func TestInventoryNeverCarriesSecrets(t *testing.T) {
	res, err := ScanText(context.Background(), ".mcp.json", []byte(`{"mcpServers": {"a": {"command": "srv", "args": ["--key=sk-proj-abcdefghijklmnopqrstuvwx"],
		"env": {"DB_PASSWORD": "hunter2-not-token-shaped", "REGION": "eu", "API_KEY": "${API_KEY}"},
		"headers": {"Authorization": "Basic dXNlcjpwYXNz"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	s := res.Inventory.Servers[0]
	if s.Env["DB_PASSWORD"] != "[value not shown]" || s.Headers["Authorization"] != "[value not shown]" {
		t.Errorf("credential values shown: env %v headers %v", s.Env, s.Headers)
	}
	if s.Env["REGION"] != "eu" || s.Env["API_KEY"] != "${API_KEY}" {
		t.Errorf("ordinary values and references must stay readable: %v", s.Env)
	}
	if strings.Contains(strings.Join(s.Args, " "), "abcdefghijklmnop") {
		t.Errorf("token in args shown: %v", s.Args)
	}
}

// Files pulled in by imports, skills and read lists never follow a link
// out of the scanned folder, and each refusal is a notice.
func TestIncludesNeverLeaveTheRoot(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"CLAUDE.md":                 "@docs/evil.md\n",
		".claude/skills/x/SKILL.md": "Read [this](ref.md).\n",
		".aider.conf.yml":           "read: notes.md\nauto-lint: false\n",
		"docs/keep.md":              "x",
	})
	for link, target := range map[string]string{"docs/evil.md": "/etc/passwd", ".claude/skills/x/ref.md": "/etc/hostname", "notes.md": "/etc/passwd"} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	res := scanDir(t, dir)
	for _, f := range res.Files {
		switch f.Path {
		case "docs/evil.md", ".claude/skills/x/ref.md", "notes.md":
			if f.Kind != "unknown" { // not read: only S36 says so
				t.Errorf("%s was read through a link out of the folder", f.Path)
			}
		}
	}
	var n strings.Builder
	for _, x := range res.Notices {
		n.WriteString(x.Path + ": " + x.Message + "\n")
	}
	for _, p := range []string{"docs/evil.md: not read: it is a link that points outside the scanned folder", ".claude/skills/x/ref.md: not read: it is a link", "notes.md: not read: it is a link"} {
		if !strings.Contains(n.String(), p) {
			t.Errorf("notices lack %q:\n%s", p, n.String())
		}
	}
}
