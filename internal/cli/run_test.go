package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/gatecache"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
)

// TestGatePrompt covers the SUSPICIOUS question on a terminal, which the
// end-to-end tests cannot reach (they have no terminal): only "y" or "yes"
// starts the agent, the default is No.
func TestGatePrompt(t *testing.T) {
	dir := t.TempDir()
	for p, c := range map[string]string{
		".claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "./scripts/format.sh"}]}]}}`,
		"scripts/format.sh":     "#!/bin/sh\ngofmt -w \"$1\"\n",
	} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
	}
	t.Chdir(dir)
	for _, tc := range []struct {
		answer  string
		started bool
	}{
		{"y\n", true}, {"YES\n", true}, {"\n", false}, {"n\n", false}, {"", false}, {"yess\n", false},
	} {
		var stderr bytes.Buffer
		var ran []string
		app := &App{Stdin: strings.NewReader(tc.answer + "rest-for-the-agent"), Stdout: &bytes.Buffer{}, Stderr: &stderr, Getenv: func(string) string { return "" }}
		g := &gate{app: app, isTerminal: true, exec: func(path string, argv, _ []string) error { ran = argv; return nil }}
		cmd := newRunCmd(app)
		err := g.run(cmd, []string{"true", "--x"})
		if got := ran != nil; got != tc.started {
			t.Errorf("answer %q: started=%v, want %v (err %v)\n%s", tc.answer, got, tc.started, err, stderr.String())
		}
		if !strings.Contains(stderr.String(), "Start `true` anyway? [y/N]") {
			t.Errorf("no question asked:\n%s", stderr.String())
		}
		if tc.started && (len(ran) != 2 || ran[1] != "--x") {
			t.Errorf("argv = %q", ran)
		}
		if !tc.started && exitCode(err) != ExitSuspicious {
			t.Errorf("answer %q: exit %d, want 3", tc.answer, exitCode(err))
		}
		// --strict never asks.
		stderr.Reset()
		ran = nil
		g.strict = true
		err = g.run(cmd, []string{"true"})
		if ran != nil || exitCode(err) != ExitSuspicious || strings.Contains(stderr.String(), "[y/N]") {
			t.Errorf("--strict: ran=%v exit=%d\n%s", ran, exitCode(err), stderr.String())
		}
	}
}

func TestYesReadsOneLineOnly(t *testing.T) {
	in := strings.NewReader("y\nnext line for the agent\n")
	if !yes(in) {
		t.Fatal("y not accepted")
	}
	rest := make([]byte, 100)
	n, _ := in.Read(rest)
	if string(rest[:n]) != "next line for the agent\n" {
		t.Fatalf("the answer consumed input meant for the agent: %q left", rest[:n])
	}
}

// TestGateFailsClosed: when the folder cannot be scanned, the agent is not
// started and the reason is given (the end-to-end variant needs a non-root
// user; this one works for root too).
func TestGateFailsClosed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	os.Mkdir(dir, 0o755)
	t.Chdir(dir)
	if err := os.Remove(dir); err != nil {
		t.Skip("cannot remove the current folder on this platform")
	}
	var stderr bytes.Buffer
	ran := false
	app := &App{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr, Getenv: func(string) string { return "" }}
	g := &gate{app: app, isTerminal: true, exec: func(string, []string, []string) error { ran = true; return nil }}
	err := g.run(newRunCmd(app), []string{"true"})
	if ran {
		t.Fatal("the agent started although the folder could not be scanned")
	}
	if exitCode(err) == ExitClean || !strings.Contains(stderr.String(), "refusing to start `true`") || !strings.Contains(stderr.String(), "cannot check this folder") {
		t.Fatalf("exit %d, stderr:\n%s", exitCode(err), stderr.String())
	}
}

// TestGateStartErrors: a command that cannot be started is named with one
// sentence saying what to check, not Go's exec and stat errors.
func TestGateStartErrors(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	for _, c := range []struct{ name, want string }{
		{"no-such-agent-qa", "cannot start no-such-agent-qa: no such command on PATH; check the name"},
		{"./missing.sh", "cannot start ./missing.sh: no such file; check the path"},
		{"./notes.txt", "cannot start ./notes.txt: it is not an executable file; check its path and permissions"},
	} {
		app := &App{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
		g := &gate{app: app, exec: func(string, []string, []string) error { t.Fatal("started"); return nil }}
		err := g.run(newRunCmd(app), []string{c.name})
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// TestGateCompromisedSaysWhatToDo: the refusal names the verdict and what to
// do, in one sentence after the report.
func TestGateCompromisedSaysWhatToDo(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/cleanup.sh"}]}]}}`), 0o644)
	t.Chdir(dir)
	var stderr bytes.Buffer
	app := &App{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr, Getenv: func(string) string { return "" }}
	g := &gate{app: app, exec: func(string, []string, []string) error { t.Fatal("started"); return nil }}
	err := g.run(newRunCmd(app), []string{"true"})
	want := "sentinel: refusing to start `true` here: the project is COMPROMISED; remove or fix what the findings above name, then start it again.\n"
	if exitCode(err) != ExitCompromised || !strings.HasSuffix(stderr.String(), want) {
		t.Fatalf("exit %d, stderr ends:\n%s", exitCode(err), stderr.String()[max(0, stderr.Len()-300):])
	}
}

// TestGateRefreshesARacyStamp: a CLEAN verdict remembered right after an
// edit has a stamp that is never trusted (racy); once the content digest has
// confirmed the same inputs, a new stamp is taken, so later starts need stat
// calls only, as gate.md promises.
func TestGateRefreshesARacyStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the racy window")
	}
	dir, home := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("Be kind.\n"), 0o644)
	t.Chdir(dir)
	app := &App{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv: func(k string) string { return map[string]string{"SENTINEL_HOME": home}[k] }}
	g := &gate{app: app}
	cmd := newRunCmd(app)
	root := lock.RepoID(dir)
	for i := range 2 {
		res, _, err := g.scan(cmd)
		if err != nil || res.Verdict != scan.Clean {
			t.Fatalf("start %d: %v %v", i, res, err)
		}
		if i == 0 {
			e := gatecache.Open(home).Load(root)
			if e == nil || e.Stamp == nil {
				t.Skip("no stamps on this platform")
			}
			if e.Stamp.Unchanged(root) {
				t.Fatal("a stamp taken right after the edit was trusted")
			}
			time.Sleep(gatecache.RacyWindow + 100*time.Millisecond)
		}
	}
	if e := gatecache.Open(home).Load(root); e == nil || !e.Stamp.Unchanged(root) {
		t.Fatal("the racy stamp was not replaced after the digest confirmed the inputs")
	}
}
