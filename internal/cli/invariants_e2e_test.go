package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/cli"
)

// The reference attacks, as a user runs them: selftest passes, and a
// written fixture scans with the expected exit code.
func TestSelftestAndFixturesE2E(t *testing.T) {
	e := newHookE2E(t)
	out, errOut, code := e.run("", "selftest")
	if code != 0 || !strings.Contains(out, "ALL PASS") {
		t.Fatalf("selftest: exit %d\n%s%s", code, out, errOut)
	}
	dir := filepath.Join(t.TempDir(), "fx")
	if _, errOut, code := e.run("", "fixtures", dir); code != 0 {
		t.Fatalf("fixtures: exit %d: %s", code, errOut)
	}
	for name, want := range map[string]int{
		"01_miasma_shape":         cli.ExitCompromised,
		"03_orphaned_hook":        cli.ExitCompromised,
		"03b_hook_with_script":    cli.ExitSuspicious,
		"05_formatter_hook":       cli.ExitSuspicious,
		"13b_visible_manual_task": cli.ExitClean,
	} {
		if _, errOut, code := e.run("", "scan", filepath.Join(dir, name)); code != want {
			t.Errorf("scan %s: exit %d, want %d (%s)", name, code, want, errOut)
		}
	}
	// Writing again into the same folder is refused: nothing is overwritten.
	if _, errOut, code := e.run("", "fixtures", dir); code != cli.ExitUsage || !strings.Contains(errOut, "not empty") {
		t.Errorf("fixtures into a non-empty folder: exit %d, %q", code, errOut)
	}
	// A missing DIR, a file, or a path through a file: one sentence about
	// DIR that says what to do, without cobra's or mkdir's own words.
	file := filepath.Join(dir, "40_plain_instructions", "CLAUDE.md")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"fixtures"}, "sentinel: name one new or empty folder to write the fixtures into, e.g. sentinel fixtures ./fx\n"},
		{[]string{"fixtures", file}, "sentinel: " + file + " is a file; name a new or empty folder for the fixtures\n"},
		{[]string{"fixtures", filepath.Join(file, "x")}, "sentinel: cannot create " + filepath.Join(file, "x") + ": part of the path is a file, not a folder; check the path\n"},
	} {
		if _, errOut, code := e.run("", tt.args...); code != cli.ExitUsage || errOut != tt.want {
			t.Errorf("%v: exit %d, %q; want exit 1 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// Sentinel never reads its own configuration from the project: a
// blast-radius.json planted in the repository (where a project could use it
// to widen, or break, the user's gate) is ignored, while the same file in
// the user's configuration folder counts.
func TestProjectCannotConfigureTheGate(t *testing.T) {
	e := newHookE2E(t)
	write := func(p, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := `{"patterns": [{"glob": "content/**", "reason": "published site content"}]}`
	for _, p := range []string{
		filepath.Join(e.repo, "blast-radius.json"),
		filepath.Join(e.repo, ".sentinel", "blast-radius.json"),
		filepath.Join(e.repo, ".config", "sentinel", "blast-radius.json"),
	} {
		write(p, cfg)
	}
	write(filepath.Join(e.repo, ".env"), "SENTINEL_HOME="+filepath.Join(e.repo, ".sentinel")+"\nXDG_CONFIG_HOME="+filepath.Join(e.repo, ".config")+"\n")
	payload := e.claudeTool("s-iso", "Write", map[string]any{"file_path": filepath.Join(e.repo, "content", "posts", "hello.txt"), "content": "x"})
	if out, errOut, code := e.run(payload, "hook", "claude"); code != 0 || out != "" {
		t.Fatalf("a pattern planted in the project took effect: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// The same pattern in the user's own configuration folder does count.
	var configHome string
	for _, kv := range e.env {
		if strings.HasPrefix(kv, "XDG_CONFIG_HOME=") {
			configHome = strings.TrimPrefix(kv, "XDG_CONFIG_HOME=")
		}
	}
	write(filepath.Join(configHome, "sentinel", "blast-radius.json"), cfg)
	out, _, _ := e.run(payload, "hook", "claude")
	if d, _ := hookE2EDecision(t, out); d != "deny" {
		t.Errorf("the user's own pattern did not count: decision %q", d)
	}
}

// The agent cannot approve its own paused MCP calls, hooks or lock through
// the shell: the hook denies those commands in every turn.
func TestAgentCannotApproveItself(t *testing.T) {
	e := newHookE2E(t)
	for i, cmd := range []string{"sentinel mcp allow 4f2a9c1e", "cd /tmp && sentinel approve --note ok", "bash -c 'sentinel init --approve-all'"} {
		payload := e.claudeTool("s-self", "Bash", map[string]any{"command": cmd})
		out, _, code := e.run(payload, "hook", "claude")
		if code != 0 {
			t.Fatalf("%q: exit %d", cmd, code)
		}
		d, reason := hookE2EDecision(t, out)
		if d != "deny" || !strings.Contains(reason, "decisions are made by the person") {
			t.Errorf("%q (call %d): decision %q, reason %q", cmd, i, d, reason)
		}
		// The same command again in the same turn is still denied.
		out, _, _ = e.run(payload, "hook", "claude")
		if d, _ := hookE2EDecision(t, out); d != "deny" {
			t.Errorf("%q repeated: decision %q", cmd, d)
		}
	}
	for _, cmd := range []string{"sentinel mcp log", "sentinel scan ."} {
		payload := e.claudeTool("s-self", "Bash", map[string]any{"command": cmd})
		if out, _, code := e.run(payload, "hook", "claude"); code != 0 || out != "" {
			t.Errorf("%q: want no opinion, got exit %d %q", cmd, code, out)
		}
	}
}
