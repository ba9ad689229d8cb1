//go:build linux

package cli_test

import (
	"bytes"
	"github.com/sentinel-sec/sentinel/internal/ptytest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

var ttyCodeRE = regexp.MustCompile(`type ([A-Z]{4}) and press Enter`)

// onTerminal runs sentinel args with a new pseudo-terminal as its
// controlling terminal but standard input, output and error as pipes (as an
// agent would have them, stdin holding stdin), answers the code it shows
// with answer(code), and returns what the terminal showed, stdout+stderr and
// the exit code.
func onTerminal(t *testing.T, env []string, stdin string, answer func(string) string, args ...string) (screen, out string, code int) {
	t.Helper()
	ptmx, pts := ptytest.Open(t)
	defer ptmx.Close()
	cmd := exec.Command(testBinary(t), args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var ob bytes.Buffer
	cmd.Stdout, cmd.Stderr = &ob, &ob
	cmd.ExtraFiles = []*os.File{pts}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 3}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close()
	var mu sync.Mutex
	var sb strings.Builder
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			sb.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(30 * time.Second)
	answered := false
	for {
		select {
		case err := <-done:
			mu.Lock()
			defer mu.Unlock()
			code = 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			return sb.String(), ob.String(), code
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("sentinel %v did not finish; terminal:\n%s", args, sb.String())
		case <-time.After(10 * time.Millisecond):
		}
		mu.Lock()
		m := ttyCodeRE.FindStringSubmatch(sb.String())
		mu.Unlock()
		if m != nil && !answered {
			answered = true
			ptmx.Write([]byte(answer(m[1])))
		}
	}
}

// Issue #14, item 2: `sentinel mcp allow` goes ahead only when the code shown
// on the controlling terminal is typed back there; standard input, which the
// agent fills, counts for nothing.
func TestRedTeamDecisionNeedsTheCodeTyped(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	home := t.TempDir()
	env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "SENTINEL_HOME=", "SENTINEL_RUN_PID="}
	q := queueIn(t, env)
	submit := func() string {
		r, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindCall, Server: "fs", Tool: "write_file", Risk: mcpgate.RiskWrite, Reason: "r", PID: os.Getpid()})
		if err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	status := func(id string) string {
		e, err := q.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		return e.Status
	}
	tests := []struct {
		name   string
		stdin  string
		answer func(string) string
		code   int
		status string
	}{
		{"the code typed back", "", func(c string) string { return c + "\n" }, 0, mcpgate.StatusAllowed},
		{"another code", "", func(string) string { return "AAAA\n" }, 1, mcpgate.StatusPending},
		{"y is not the code", "", func(string) string { return "y\n" }, 1, mcpgate.StatusPending},
		// What the agent puts on standard input is never read.
		{"the code on stdin only", "ACEF\nHJKL\n", func(string) string { return "\n" }, 1, mcpgate.StatusPending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := submit()
			screen, out, code := onTerminal(t, env, tt.stdin, tt.answer, "mcp", "allow", id)
			if code != tt.code || status(id) != tt.status {
				t.Fatalf("exit %d (want %d), status %s (want %s)\nterminal: %q\noutput: %q", code, tt.code, status(id), tt.status, screen, out)
			}
			if ttyCodeRE.MatchString(out) {
				t.Errorf("the code was shown on stdout or stderr, where the agent reads: %q", out)
			}
			if !strings.Contains(screen, "to allow the call write_file on server fs ("+id+")") {
				t.Errorf("terminal did not say what is decided: %q", screen)
			}
		})
	}
}

// runDetached is runIn in a new session, without the controlling terminal
// of whoever runs the tests, as an agent's commands run.
func runDetached(t *testing.T, bin, dir string, env []string, stdin string, args ...string) (r struct {
	stdout, stderr string
	code           int
}) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "SENTINEL_APPROVER=Alice <alice@example.com>"}, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	r.stdout, r.stderr = out.String(), errb.String()
	return r
}

// Issue #14, item 2: without a terminal every decision command refuses in
// one sentence and changes nothing; the agent's standard input does not
// stand in for a person.
func TestRedTeamDecisionsRefuseWithoutTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test builds the binary; skipped with -short")
	}
	bin := testBinary(t)
	s := newDecisionSetup(t)
	// sign needs a key pair first; keygen with the CI flag is the
	// documented way outside an agent.
	runIn(t, bin, s.repo, s.env, "", "keygen", "--no-tty-confirm", "--out", s.key).expect(t, 0)
	for _, args := range s.decisionCommands() {
		if args[0] == "keygen" {
			args = []string{"keygen", s.repo, "--force", "--out", s.key + "2"}
		}
		before, _ := os.ReadFile(filepath.Join(s.repo, "AGENTS.lock"))
		r := runDetached(t, bin, s.repo, s.env, "y\nyes\nACEF\n", args...)
		if r.code != 1 || !strings.Contains(r.stderr, "refusing to") || !strings.Contains(r.stderr, "no terminal") ||
			strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		if after, _ := os.ReadFile(filepath.Join(s.repo, "AGENTS.lock")); !bytes.Equal(before, after) {
			t.Errorf("%v changed AGENTS.lock although refused", args)
		}
	}
	if _, err := os.Stat(filepath.Join(s.repo, "AGENTS.lock.sig")); err == nil {
		t.Error("a refused sign wrote a signature")
	}
	if _, err := os.Stat(s.key + "2"); err == nil {
		t.Error("a refused keygen wrote a key")
	}
}
