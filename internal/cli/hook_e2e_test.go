package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/cli"
)

type hookE2E struct {
	t    *testing.T
	bin  string
	env  []string
	repo string
}

func newHookE2E(t *testing.T) *hookE2E {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	bin := testBinary(t)
	home := t.TempDir()
	env := append(os.Environ(),
		"HOME="+home,
		"XDG_STATE_HOME="+filepath.Join(home, "state"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		// SENTINEL_HOME would win over XDG_CONFIG_HOME: a developer who
		// sets it (as the README's configuration section describes) must
		// not see these tests read or write their own folder.
		"SENTINEL_HOME=",
		"NO_COLOR=1",
		"CLAUDE_PROJECT_DIR=",
		"GEMINI_PROJECT_DIR=",
	)
	return &hookE2E{t: t, bin: bin, env: env, repo: filepath.Join(home, "repo")}
}

// run pipes payload into `sentinel args...` and returns stdout, stderr, code.
func (e *hookE2E) run(payload string, args ...string) (string, string, int) {
	e.t.Helper()
	r := runIn(e.t, e.bin, "", e.env, payload, args...)
	return r.stdout, r.stderr, r.code
}

func (e *hookE2E) claudeTool(session, tool string, input map[string]any) string {
	b, _ := json.Marshal(map[string]any{
		"session_id": session, "transcript_path": filepath.Join(e.repo, "t.jsonl"), "cwd": e.repo,
		"permission_mode": "default", "hook_event_name": "PreToolUse",
		"tool_name": tool, "tool_input": input, "tool_use_id": "toolu_01ABC",
	})
	return string(b)
}

func (e *hookE2E) claudePrompt(session string) string {
	b, _ := json.Marshal(map[string]any{
		"session_id": session, "transcript_path": filepath.Join(e.repo, "t.jsonl"), "cwd": e.repo,
		"permission_mode": "default", "hook_event_name": "UserPromptSubmit", "prompt": "add an index on users.email",
	})
	return string(b)
}

func hookE2EDecision(t *testing.T, stdout string) (string, string) {
	t.Helper()
	var o struct {
		H struct {
			Event    string `json:"hookEventName"`
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(stdout), &o); err != nil {
		t.Fatalf("stdout is not a Claude Code decision: %q (%v)", stdout, err)
	}
	if o.H.Event != "PreToolUse" {
		t.Fatalf("hookEventName = %q", o.H.Event)
	}
	return o.H.Decision, o.H.Reason
}

// A whole Claude Code turn through the built binary: deny, no opinion on the
// repeat, no opinion on reads and ordinary writes, deny again after a new
// prompt.
func TestHookE2EClaudeTurn(t *testing.T) {
	e := newHookE2E(t)
	write := e.claudeTool("sess-1", "Write", map[string]any{
		"file_path": filepath.Join(e.repo, "migrations", "0042_add_users_index.sql"),
		"content":   "CREATE INDEX CONCURRENTLY idx_users_email ON users(email);",
	})

	out, _, code := e.run(e.claudePrompt("sess-1"), "hook", "claude")
	if out != "" || code != 0 {
		t.Fatalf("prompt: %q %d", out, code)
	}
	out, _, code = e.run(write, "hook", "claude")
	dec, reason := hookE2EDecision(t, out)
	if code != 0 || dec != "deny" || !strings.Contains(reason, "JUSTIFICATION") || !strings.Contains(reason, "ROLLBACK") ||
		!strings.Contains(reason, "`migrations/0042_add_users_index.sql` (database migration; raw SQL)") {
		t.Fatalf("first write: code %d, %s %q", code, dec, reason)
	}
	out, _, code = e.run(write, "hook", "claude")
	if out != "" || code != 0 {
		t.Fatalf("repeat in the same turn: %q %d", out, code)
	}
	for name, p := range map[string]string{
		"read":           e.claudeTool("sess-1", "Read", map[string]any{"file_path": filepath.Join(e.repo, ".env")}),
		"cat":            e.claudeTool("sess-1", "Bash", map[string]any{"command": "cat migrations/0001.sql"}),
		"ordinary write": e.claudeTool("sess-1", "Write", map[string]any{"file_path": filepath.Join(e.repo, "src", "app.ts"), "content": "x"}),
	} {
		if out, _, code := e.run(p, "hook", "claude"); out != "" || code != 0 {
			t.Fatalf("%s: %q %d", name, out, code)
		}
	}
	out, _, _ = e.run(e.claudeTool("sess-1", "Bash", map[string]any{"command": "echo x > migrations/0001.sql"}), "hook", "claude")
	if dec, _ := hookE2EDecision(t, out); dec != "deny" {
		t.Fatalf("echo > migration: %q", out)
	}
	// A new prompt is a new turn.
	if out, _, code := e.run(e.claudePrompt("sess-1"), "hook", "claude"); out != "" || code != 0 {
		t.Fatalf("second prompt: %q %d", out, code)
	}
	out, _, _ = e.run(write, "hook", "claude")
	if dec, _ := hookE2EDecision(t, out); dec != "deny" {
		t.Fatalf("new turn: %q", out)
	}
	// Malformed input fails closed.
	out, _, code = e.run("{this is not json", "hook", "claude")
	if dec, reason := hookE2EDecision(t, out); dec != "deny" || code != 0 || !strings.Contains(reason, "could not parse") {
		t.Fatalf("malformed: %q %d", out, code)
	}
	// Never "allow".
	if strings.Contains(out, `"allow"`) {
		t.Fatal("answered allow")
	}
}

// Parallel tool calls run their hooks at the same time; exactly one asks.
func TestHookE2EConcurrentHooks(t *testing.T) {
	e := newHookE2E(t)
	write := e.claudeTool("sess-par", "Edit", map[string]any{"file_path": filepath.Join(e.repo, "go.sum"), "old_string": "a", "new_string": "b"})
	var wg sync.WaitGroup
	var mu sync.Mutex
	denies := 0
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, _, _ := e.run(write, "hook", "claude")
			if strings.Contains(out, `"deny"`) {
				mu.Lock()
				denies++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if denies != 1 {
		t.Fatalf("%d hooks denied, want exactly 1", denies)
	}
}

// Install into a project, then run the exact installed command lines through
// a shell, as the agents do.
func TestHookE2EInstalledCommandsRun(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses sh")
	}
	e := newHookE2E(t)
	if err := os.MkdirAll(e.repo, 0o755); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := e.run("", "hook", "install", "--project", "--dir", e.repo, "--agent", "all", "--binary", e.bin, "--no-tty-confirm")
	if code != 0 || strings.Count(out, "installed") != 3 {
		t.Fatalf("install: %d %q %q", code, out, errOut)
	}
	out, _, _ = e.run("", "hook", "install", "--project", "--dir", e.repo, "--agent", "all", "--binary", e.bin, "--no-tty-confirm")
	if strings.Count(out, "unchanged") != 3 {
		t.Fatalf("second install: %q", out)
	}
	var claude struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command, OnFailure string } `json:"hooks"`
		} `json:"hooks"`
	}
	data, err := os.ReadFile(filepath.Join(e.repo, ".claude", "settings.json"))
	if err != nil || json.Unmarshal(data, &claude) != nil {
		t.Fatalf("settings: %v\n%s", err, data)
	}
	pre := claude.Hooks["PreToolUse"][0].Hooks[0]
	if pre.OnFailure != "block" {
		t.Fatalf("onFailure = %q", pre.OnFailure)
	}
	shell := func(cmdline, payload string) (string, int) {
		cmd := exec.Command("sh", "-c", cmdline)
		cmd.Env = e.env
		cmd.Stdin = strings.NewReader(payload)
		var o bytes.Buffer
		cmd.Stdout = &o
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return o.String(), ee.ExitCode()
		}
		return o.String(), 0
	}
	o, c := shell(pre.Command, e.claudeTool("sess-inst", "Write", map[string]any{"file_path": filepath.Join(e.repo, ".env"), "content": "A=1"}))
	if c != 0 || !strings.Contains(o, `"deny"`) {
		t.Fatalf("installed claude command: %d %q", c, o)
	}

	var gemini struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string } `json:"hooks"`
		} `json:"hooks"`
	}
	data, _ = os.ReadFile(filepath.Join(e.repo, ".gemini", "settings.json"))
	json.Unmarshal(data, &gemini)
	gcmd := gemini.Hooks["BeforeTool"][0].Hooks[0].Command
	payload, _ := json.Marshal(map[string]any{"session_id": "g", "cwd": e.repo, "hook_event_name": "BeforeTool", "tool_name": "write_file",
		"tool_input": map[string]any{"file_path": filepath.Join(e.repo, "k8s", "a.yaml"), "content": "x"}})
	if o, c := shell(gcmd, string(payload)); c != 0 || !strings.Contains(o, `"decision":"deny"`) {
		t.Fatalf("installed gemini command: %d %q", c, o)
	}
	// With the binary gone, Gemini's entry exits 2, which blocks.
	missing := strings.Replace(gcmd, e.bin, filepath.Join(t.TempDir(), "sentinel"), 1)
	if _, c := shell(missing, string(payload)); c != 2 {
		t.Fatalf("missing binary: exit %d, want 2", c)
	}

	out, _, code = e.run("", "hook", "uninstall", "--no-tty-confirm", "--project", "--dir", e.repo, "--agent", "all")
	if code != 0 || strings.Count(out, "removed") != 3 {
		t.Fatalf("uninstall: %d %q", code, out)
	}
}

func TestHookE2EGuardClassify(t *testing.T) {
	e := newHookE2E(t)
	out, _, code := e.run("", "guard", "classify", "--json", "migrations/0001.sql", "src/author.ts", `.github\workflows\ci.yml`)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r struct {
		Paths []struct {
			Path      string
			Sensitive bool
			Reasons   []string
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Paths) != 3 {
		t.Fatalf("%v %s", err, out)
	}
	if !r.Paths[0].Sensitive || r.Paths[1].Sensitive || !r.Paths[2].Sensitive || r.Paths[2].Path != ".github/workflows/ci.yml" {
		t.Fatalf("%+v", r.Paths)
	}
	if _, stderr, code := e.run("", "guard", "classify"); code != 1 || strings.TrimSpace(stderr) != "sentinel: name at least one path: sentinel guard classify PATH..." {
		t.Fatalf("no path: exit %d, %q", code, stderr)
	}
	out, _, _ = e.run("", "guard", "classify", "Dockerfile", "README.md")
	if !strings.Contains(out, "Dockerfile  BLAST CENTRE  build or deploy definition") || !strings.Contains(out, "README.md   ordinary") {
		t.Fatalf("text output:\n%s", out)
	}
}

// The hooks Sentinel installs scan as approvable: SUSPICIOUS before approval
// (S14b and S17a only, nothing forced), CLEAN once approved in AGENTS.lock.
func TestHookE2EInstalledHooksScanAsApprovable(t *testing.T) {
	e := newHookE2E(t)
	if err := os.MkdirAll(filepath.Join(e.repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(e.repo, "README.md"), []byte("# shop\n"), 0o644)
	if _, errOut, code := e.run("", "hook", "install", "--project", "--dir", e.repo, "--agent", "all"); code != 0 {
		t.Fatalf("install: %s", errOut)
	}
	out, errOut, code := e.run("", "scan", e.repo)
	if code != cli.ExitSuspicious {
		t.Fatalf("scan before approval: exit %d, want %d\n%s%s", code, cli.ExitSuspicious, out, errOut)
	}
	for _, rule := range []string{"S14b", "S17a"} {
		if !strings.Contains(out, rule) {
			t.Errorf("expected %s in:\n%s", rule, out)
		}
	}
	for _, rule := range []string{"S10", "S17b", "S18a", "S18b", "S18c", "COMPROMISED"} {
		if strings.Contains(out, rule+":") || (rule == "COMPROMISED" && strings.Contains(out, "verdict: COMPROMISED")) {
			t.Errorf("installed hooks raised %s:\n%s", rule, out)
		}
	}
	if _, errOut, code := e.run("", "init", e.repo); code != 0 && code != cli.ExitSuspicious {
		t.Fatalf("init: exit %d %s", code, errOut)
	}
	if out, errOut, code := e.run("", "approve", "--no-tty-confirm", e.repo, "--note", "Sentinel's own blast-radius gate"); code != 0 {
		t.Fatalf("approve: exit %d\n%s%s", code, out, errOut)
	}
	if out, errOut, code := e.run("", "scan", e.repo); code != cli.ExitClean {
		t.Fatalf("scan after approval: exit %d\n%s%s", code, out, errOut)
	}
}
