package human

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// fakeProc writes a /proc tree: each process is pid -> (ppid, comm, argv, exe).
type proc struct {
	ppid int
	comm string
	argv []string
	exe  string
}

func fakeProc(t *testing.T, procs map[int]proc) string {
	t.Helper()
	root := t.TempDir()
	for pid, p := range procs {
		dir := filepath.Join(root, strconv.Itoa(pid))
		os.MkdirAll(dir, 0o755)
		// The command name may hold spaces and parentheses.
		stat := strconv.Itoa(pid) + " (" + p.comm + ") S " + strconv.Itoa(p.ppid) + " 1 1 0 -1"
		os.WriteFile(filepath.Join(dir, "stat"), []byte(stat), 0o644)
		os.WriteFile(filepath.Join(dir, "comm"), []byte(p.comm+"\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "cmdline"), []byte(strings.Join(p.argv, "\x00")+"\x00"), 0o644)
		if p.exe != "" {
			os.Symlink(p.exe, filepath.Join(dir, "exe"))
		}
	}
	return root
}

func TestAncestorIn(t *testing.T) {
	shell := proc{ppid: 100, comm: "bash", argv: []string{"/bin/bash"}, exe: "/usr/bin/bash"}
	tests := []struct {
		name  string
		procs map[int]proc
		start int
		want  string // substring of the reason; "" for none
	}{
		{"a person's shell", map[int]proc{200: shell, 100: {ppid: 1, comm: "sshd", argv: []string{"sshd: alice"}}}, 200, ""},
		{"claude binary", map[int]proc{200: shell, 100: {ppid: 50, comm: "claude", argv: []string{"claude"}, exe: "/home/a/.local/bin/claude"}, 50: {ppid: 1, comm: "zsh", argv: []string{"-zsh"}}}, 200, "the AI agent claude"},
		{"claude renamed, exe still claude", map[int]proc{200: {ppid: 1, comm: "x", argv: []string{"x"}, exe: "/opt/claude"}}, 200, "the AI agent claude"},
		{"node running claude code", map[int]proc{200: shell, 100: {ppid: 1, comm: "node", argv: []string{"node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"}, exe: "/usr/bin/node"}}, 200, "claude-code"},
		{"node running gemini", map[int]proc{200: {ppid: 1, comm: "node", argv: []string{"/usr/bin/node", "/usr/local/bin/gemini"}}}, 200, "the AI agent gemini"},
		{"cursor-agent", map[int]proc{200: {ppid: 1, comm: "cursor-agent", argv: []string{"cursor-agent"}}}, 200, "cursor-agent"},
		{"codex", map[int]proc{200: {ppid: 1, comm: "codex", argv: []string{"codex", "exec"}}}, 200, "codex"},
		{"sentinel run", map[int]proc{200: shell, 100: {ppid: 1, comm: "sentinel", argv: []string{"/usr/local/bin/sentinel", "run", "--", "aider"}}}, 200, "'sentinel run'"},
		{"sentinel run renamed", map[int]proc{200: {ppid: 1, comm: "s", argv: []string{"./s", "run"}, exe: "/usr/local/bin/sentinel"}}, 200, "'sentinel run'"},
		{"sentinel scan is not an agent", map[int]proc{200: {ppid: 1, comm: "sentinel", argv: []string{"sentinel", "scan"}}}, 200, ""},
		{"comm with parentheses", map[int]proc{200: {ppid: 100, comm: "a) S 1 (b", argv: []string{"a"}}, 100: {ppid: 1, comm: "claude", argv: []string{"claude"}}}, 200, "claude"},
		{"unreadable parent", map[int]proc{200: {ppid: 999, comm: "bash", argv: []string{"bash"}}}, 200, "could not be read"},
		{"left to init", map[int]proc{}, 1, "left to init"},
		{"left to the service manager", map[int]proc{300: {ppid: 1, comm: "systemd", argv: []string{"/lib/systemd/systemd", "--user"}}}, 300, "left to systemd"},
		{"loop", map[int]proc{200: {ppid: 201, comm: "a", argv: []string{"a"}}, 201: {ppid: 200, comm: "b", argv: []string{"b"}}}, 200, "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ancestorIn(fakeProc(t, tt.procs), tt.start)
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("ancestorIn = %q, want %q", got, tt.want)
			}
		})
	}
}

// The marker of 'sentinel run' refuses even the CI flag.
func TestConfirmRefusesUnderSentinelRun(t *testing.T) {
	env := func(k string) string {
		if k == RunPIDEnv {
			return "4242"
		}
		return ""
	}
	for _, r := range []Request{{What: "allow x", NoTTY: true, Getenv: env}, {What: "sign", CI: true, Getenv: env}, {What: "approve", Getenv: env}} {
		err := Confirm(r)
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "outside the agent") || !strings.Contains(err.Error(), RunPIDEnv) {
			t.Errorf("%+v: %v", r, err)
		}
	}
}

// The CI flag outside any agent lets the decision through without a terminal.
func TestConfirmCIFlag(t *testing.T) {
	if why := AgentAncestor(func(string) string { return "" }); why != "" {
		t.Skipf("these tests run under an agent: %s", why)
	}
	if err := Confirm(Request{What: "allow x", NoTTY: true, Getenv: func(string) string { return "" }}); err != nil {
		t.Fatal(err)
	}
}

// tty answers the prompt written to it with answer(code).
type tty struct {
	shown  bytes.Buffer
	answer func(code string) string
	r      io.Reader
}

var codeRE = regexp.MustCompile(`type ([A-Z]{4}) and press Enter`)

func (f *tty) Write(p []byte) (int, error) { return f.shown.Write(p) }
func (f *tty) Read(p []byte) (int, error) {
	if f.r == nil {
		m := codeRE.FindStringSubmatch(f.shown.String())
		if m == nil {
			return 0, io.EOF
		}
		f.r = strings.NewReader(f.answer(m[1]))
	}
	return f.r.Read(p)
}

func TestAsk(t *testing.T) {
	tests := []struct {
		name   string
		answer func(string) string
		ok     bool
	}{
		{"typed back", func(c string) string { return c + "\n" }, true},
		{"lower case", func(c string) string { return strings.ToLower(c) + "\r\n" }, true},
		{"wrong code", func(c string) string { return "AAAA\n" }, false},
		{"y is not the code", func(string) string { return "y\n" }, false},
		{"nothing typed", func(string) string { return "" }, false},
		{"code twice", func(c string) string { return c + c + "\n" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &tty{answer: tt.answer}
			err := ask(f, "allow the paused call 4f2a9c1e")
			if (err == nil) != tt.ok {
				t.Fatalf("ask = %v, want ok %v", err, tt.ok)
			}
			if err != nil && (!errors.Is(err, ErrRefused) || strings.Count(err.Error(), ". ") > 0) {
				t.Errorf("refusal is not one sentence: %v", err)
			}
			if !strings.Contains(f.shown.String(), "to allow the paused call 4f2a9c1e") {
				t.Errorf("prompt %q", f.shown.String())
			}
		})
	}
}

// Codes are fresh and from the unambiguous alphabet.
func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		c, err := newCode()
		if err != nil || len(c) != CodeLength || strings.Trim(c, alphabet) != "" {
			t.Fatalf("code %q %v", c, err)
		}
		seen[c] = true
	}
	if len(seen) < 40 {
		t.Errorf("only %d distinct codes in 50", len(seen))
	}
}

func TestLauncherAncestor(t *testing.T) {
	tests := []struct {
		name  string
		procs map[int]proc
		want  string
	}{
		{"a shell in a terminal", map[int]proc{200: {ppid: 100, comm: "bash", argv: []string{"bash"}}, 100: {ppid: 1, comm: "sshd", argv: []string{"sshd: alice"}}}, ""},
		// Tests and scripts run inside a multiplexer use the CI flag.
		{"tmux server", map[int]proc{200: {ppid: 100, comm: "bash", argv: []string{"bash"}}, 100: {ppid: 1, comm: "tmux: server", argv: []string{"tmux"}}}, ""},
		{"at job", map[int]proc{200: {ppid: 100, comm: "sh", argv: []string{"sh"}}, 100: {ppid: 1, comm: "atd", argv: []string{"/usr/sbin/atd", "-f"}}}, "atd"},
		{"cron job", map[int]proc{200: {ppid: 1, comm: "cron", argv: []string{"/usr/sbin/cron", "-f"}}}, "cron"},
		{"cron's own name", map[int]proc{200: {ppid: 1, comm: "crond", argv: []string{"crond", "-n"}}}, "crond"},
		{"a program named like one is not one", map[int]proc{200: {ppid: 1, comm: "cronjob-lint", argv: []string{"cronjob-lint"}}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := walk(fakeProc(t, tt.procs), 200, launcherProcess); tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("launcher = %q, want %q", got, tt.want)
			}
			// A person's terminal in tmux is no agent: the code path stays.
			if got := ancestorIn(fakeProc(t, tt.procs), 200); got != "" {
				t.Errorf("agent = %q", got)
			}
		})
	}
}
