package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// Issue #14, item 1: every way found to run a decision command through the
// shell tool without writing the word sentinel plainly is a regression case
// here, through the built binary and the Claude Code hook.
func TestRedTeamSelfApprovalBypasses(t *testing.T) {
	e := newHookE2E(t)
	denied := []string{
		"sen''tinel mcp allow ID",
		`sen"tinel" mcp allow ID`,
		`s\entinel mcp allow ID`,
		`$'\x73entinel' mcp allow ID`,
		"$(command -v sentinel) mcp allow ID",
		"`which sentinel` mcp allow ID",
		"cp $(which sentinel) /tmp/s && /tmp/s mcp allow ID",
		"cp $(which sentinel) /tmp/s && /tmp/s approve",
		`find / -name sentinel -exec {} mcp allow ID \;`,
		`busybox sh -c "sentinel mcp allow ID"`,
		"env sentinel mcp allow ID",
		`fish -c "sentinel mcp allow ID"`,
		`script -c "sentinel mcp allow ID" /dev/null`,
		"go run github.com/sentinel-sec/sentinel/cmd/sentinel@latest mcp allow ID",
		"echo ID | xargs sentinel mcp allow",
		"nohup sentinel mcp allow ID",
		"timeout 5 sentinel approve",
		"sudo sentinel sign",
		"alias s=sentinel; s approve",
		`echo "sentinel approve" | sh`,
		"sentinel mcp deny ID",
		"sentinel mcp approvals",
		"sentinel hook uninstall",
		"sentinel verify --accept-key",
		"sentinel keygen",
		"sentinel apikey --remove",
		"echo 'mcp allow ID' | xargs sentinel",
		"sentinel mcp $(echo allow) ID",
		"ssh localhost 'sentinel approve'",
		"tmux new-window 'sentinel mcp allow ID'",
		`python3 -c 'import subprocess; subprocess.run(["sentinel","approve"])'`,
	}
	for _, cmd := range denied {
		payload := e.claudeTool("s-red", "Bash", map[string]any{"command": cmd})
		out, errOut, code := e.run(payload, "hook", "claude")
		if code != 0 {
			t.Fatalf("%q: exit %d, stderr %q", cmd, code, errOut)
		}
		d, reason := hookE2EDecision(t, out)
		if d != "deny" || !strings.Contains(reason, "decisions are made by the person") {
			t.Errorf("%q: decision %q, reason %q", cmd, d, reason)
		}
	}
	quiet := []string{
		`git commit -m "approve the fix"`,
		"gh pr review 12 --approve",
		// (cosign given a key file is asked about once as a secret's reader,
		// which is the shell table's business, not self-approval's.)
		"cosign sign img",
		"make sign",
		"sentinel scan .",
	}
	for _, cmd := range quiet {
		payload := e.claudeTool("s-red", "Bash", map[string]any{"command": cmd})
		if out, _, code := e.run(payload, "hook", "claude"); code != 0 || out != "" {
			t.Errorf("%q: want no opinion, got exit %d %q", cmd, code, out)
		}
	}
}

// decisionSetup is a project and a queue entry for the decision commands.
type decisionSetup struct {
	env  []string
	repo string
	id   string
	key  string
}

func newDecisionSetup(t *testing.T) decisionSetup {
	t.Helper()
	home := t.TempDir()
	env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"SENTINEL_HOME=", "SENTINEL_RUN_PID=", "CI=", "GITHUB_ACTIONS=", "SENTINEL_SIGNING_KEY="}
	q := queueIn(t, env)
	r, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindCall, Server: "fs", Tool: "write_file", Risk: mcpgate.RiskWrite, Reason: "r", PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(home, "repo")
	os.MkdirAll(repo, 0o755)
	os.WriteFile(filepath.Join(repo, "CLAUDE.md"), []byte("Be kind.\n"), 0o644)
	return decisionSetup{env: env, repo: repo, id: r.ID, key: filepath.Join(home, "k.pem")}
}

// decisionCommands are every command that records a person's decision.
func (s decisionSetup) decisionCommands() [][]string {
	return [][]string{
		{"mcp", "allow", s.id},
		{"mcp", "deny", s.id},
		{"approve", s.repo, "--note", "x"},
		{"approve", s.repo, "--mcp-tools", "fs"},
		{"init", s.repo, "--approve-all"},
		{"keygen", s.repo, "--out", s.key},
		{"sign", s.repo, "--key", s.key},
		{"verify", s.repo, "--accept-key"},
		{"hook", "uninstall", "--project", "--dir", s.repo},
		{"hook", "install", "--project", "--dir", s.repo, "--binary", "/bin/true"},
	}
}

// Issue #14, item 2: the CI flag, and sign's CI=true, are refused when an
// agent or 'sentinel run' is among the parents, even with the marker
// removed from the environment.
func TestRedTeamCIFlagRefusedUnderAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the parent chain is read from /proc")
	}
	bin := testBinary(t)
	s := newDecisionSetup(t)
	runIn(t, bin, s.repo, s.env, "", "keygen", "--no-tty-confirm", "--out", s.key).expect(t, 0)
	// A shell named claude stands for the agent running the command.
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	agent := filepath.Join(t.TempDir(), "claude")
	data, err := os.ReadFile(sh)
	if err != nil {
		t.Skip(err)
	}
	if err := os.WriteFile(agent, data, 0o755); err != nil {
		t.Fatal(err)
	}
	underAgent := func(env []string, args ...string) result {
		// "; exit $?" keeps the shell from replacing itself with sentinel.
		script := `"$SENTINEL_BIN" "$@"; exit $?`
		return runIn(t, agent, s.repo, append(env, "SENTINEL_BIN="+bin), "", append([]string{"-c", script, "claude"}, args...)...)
	}
	for _, args := range s.decisionCommands() {
		if args[0] == "keygen" {
			args = []string{"keygen", s.repo, "--force", "--out", s.key + "2"}
		}
		r := underAgent(s.env, append(args, "--no-tty-confirm")...)
		if r.code != 1 || !strings.Contains(r.stderr, "the AI agent claude") || !strings.Contains(r.stderr, "outside the agent") {
			t.Errorf("%v under an agent: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	// sign in "CI" under the agent.
	r := underAgent(append(s.env, "CI=true", "GITHUB_ACTIONS=true"), "sign", s.repo, "--key", s.key)
	if r.code != 1 || !strings.Contains(r.stderr, "the AI agent claude") {
		t.Errorf("sign with CI=true under an agent: exit %d, stderr %q", r.code, r.stderr)
	}
	// The marker of 'sentinel run' refuses the flag even without an agent
	// parent.
	r = runIn(t, bin, s.repo, append(s.env, "SENTINEL_RUN_PID=4242"), "", "mcp", "allow", s.id, "--no-tty-confirm")
	if r.code != 1 || !strings.Contains(r.stderr, "SENTINEL_RUN_PID") {
		t.Errorf("under sentinel run: exit %d, stderr %q", r.code, r.stderr)
	}
	// Outside any agent, the CI flag and sign's CI=true are the documented
	// way to decide without a terminal.
	runIn(t, bin, s.repo, append(s.env, "CI=true"), "", "sign", s.repo, "--key", s.key).expect(t, 0, "signed AGENTS.lock")
	runIn(t, bin, s.repo, s.env, "", "mcp", "allow", s.id, "--no-tty-confirm").expect(t, 0, "Allowed call write_file")
	// Trusting a signing key on first use is a decision too: under the
	// agent, a fresh machine checks the key but does not pin it.
	fresh := t.TempDir()
	freshEnv := append(append([]string(nil), s.env...), "XDG_CONFIG_HOME="+fresh)
	r = underAgent(freshEnv, "verify", s.repo)
	if !strings.Contains(r.stderr, "not trusting the signing key on first use") || !strings.Contains(r.stdout, "valid") {
		t.Errorf("verify under an agent: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(fresh, "sentinel", "trusted-keys.json")); err == nil {
		t.Error("verify under an agent pinned the key")
	}
	// Outside the agent the same command pins it.
	r = runIn(t, bin, s.repo, freshEnv, "", "verify", s.repo)
	if strings.Contains(r.stderr, "not trusting") {
		t.Errorf("verify outside an agent: %q", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(fresh, "sentinel", "trusted-keys.json")); err != nil {
		t.Errorf("verify outside an agent did not pin the key: %v", err)
	}
}

// Issue #14, item 3, through the binary: a relative HOME is refused in one
// sentence and nothing is written; a settings file with comments keeps them.
func TestRedTeamHookInstallSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	bin := testBinary(t)
	work := t.TempDir()
	r := runIn(t, bin, work, []string{"HOME=proj", "XDG_CONFIG_HOME=", "XDG_STATE_HOME=", "SENTINEL_HOME="}, "", "hook", "install")
	if r.code != 1 || !strings.Contains(r.stderr, "relative path") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
		t.Errorf("relative HOME: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "proj")); err == nil {
		t.Error("a relative HOME put settings inside the working folder")
	}
	home := t.TempDir()
	file := filepath.Join(home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, []byte("{\n  // my model\n  \"model\": \"opus\",\n}\n"), 0o600)
	r = runIn(t, bin, work, []string{"HOME=" + home}, "", "hook", "install", "--binary", "/opt/a;b/sentinel", "--no-tty-confirm")
	data, _ := os.ReadFile(file)
	if r.code != 0 || !strings.Contains(string(data), "// my model") || !strings.Contains(string(data), `"'/opt/a;b/sentinel' hook claude"`) || !strings.Contains(string(data), "mcp__.*") {
		t.Errorf("install: exit %d %q\n%s", r.code, r.stderr, data)
	}
}

// queueIn opens the MCP approval queue of the environment env (a test's
// HOME and XDG folders), as the sentinel binary run with env finds it.
func queueIn(t *testing.T, env []string) *mcpgate.Queue {
	t.Helper()
	getenv := func(k string) string {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, k+"="); ok {
				return v
			}
		}
		return ""
	}
	dirs, err := mcpgate.ResolveDirs(getenv, "")
	if err != nil {
		t.Fatal(err)
	}
	q, err := mcpgate.OpenQueue(dirs.QueueDir())
	if err != nil {
		t.Fatal(err)
	}
	return q
}
