package mcpgate

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestDecideCallBlastRadius(t *testing.T) {
	root := t.TempDir()
	dirs := Dirs{Config: filepath.Join(root, "home", ".config", "sentinel"), State: filepath.Join(root, "home", ".local", "state", "sentinel"),
		Home: filepath.Join(root, "home")}
	project := filepath.Join(root, "project")
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// The tool server reads a relative path from the working folder it
	// inherits from the proxy.
	relState, err := filepath.Rel(wd, dirs.State)
	if err != nil {
		t.Fatal(err)
	}
	pol, _ := ParsePolicy([]byte(`{"servers":{"fs":{"allow":["write_file"]}}}`))
	g, err := NewGate(Options{Server: "fs", Dirs: dirs, Policy: pol, Paths: DefaultPathCheckers(dirs, project)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	g.JudgeTools([]json.RawMessage{
		json.RawMessage(`{"name":"write_file","annotations":{"destructiveHint":true}}`),
		json.RawMessage(`{"name":"read_file","annotations":{"readOnlyHint":true}}`),
	})
	tests := []struct {
		tool, args string
		want       Verdict
		why        string
	}{
		{"write_file", `{"path":"` + project + `/src/main.go","content":"x"}`, VerdictAllow, "allow list"},
		{"write_file", `{"path":"` + project + `/.github/workflows/ci.yml","content":"x"}`, VerdictAsk, "CI workflow"},
		{"write_file", `{"path":"db/migrations/001.sql"}`, VerdictAsk, "migration"},
		// A read-only annotation is a claim: a read naming a blast centre pauses.
		{"read_file", `{"path":"` + project + `/.github/workflows/ci.yml"}`, VerdictAsk, "only the server's claim"},
		{"read_file", `{"name":".env"}`, VerdictAsk, "blast radius"},
		{"write_file", `{"name":"` + strings.Repeat("a/", 3000) + strings.Repeat("../", 3000) + `.env"}`, VerdictAsk, "blast radius"},
		{"write_file", `{"name":"x\n/../.github/workflows/ci.yml"}`, VerdictAsk, "blast radius"},
		// Nested too deep to check every string: paused, not passed.
		{"write_file", strings.Repeat(`[`, 300) + strings.Repeat(`]`, 300), VerdictAsk, "too deeply nested"},
		// A tool that can touch the approval queue could approve itself.
		{"read_file", `{"path":"` + dirs.State + `/mcp/approvals/x.decision"}`, VerdictAsk, "Sentinel's own"},
		{"write_file", `{"path":"` + dirs.State + `/mcp/approvals/x.decision"}`, VerdictAsk, "Sentinel"},
		// However the path is spelled: from the home folder, or relative.
		{"read_file", `{"path":"~/.local/state/sentinel/mcp/approvals/x.decision"}`, VerdictAsk, "Sentinel's own"},
		{"read_file", `{"path":"~/.config/sentinel/mcp-policy.json"}`, VerdictAsk, "Sentinel's own"},
		{"read_file", `{"path":"` + filepath.ToSlash(relState) + `/mcp/approvals/x.decision"}`, VerdictAsk, "Sentinel's own"},
		{"read_file", `{"path":"~/notes.txt"}`, VerdictAllow, "read"},
		{"read_file", `{"path":"src/main.go"}`, VerdictAllow, "read"},
		{"never_listed", `{}`, VerdictDeny, "does not list a tool named never_listed"},
	}
	for _, tc := range tests {
		d := g.DecideCall(tc.tool, json.RawMessage(tc.args))
		if d.Verdict != tc.want || !strings.Contains(d.Reason, tc.why) {
			t.Errorf("%s %s: %s (%s), want %s mentioning %q", tc.tool, tc.args, d.Verdict, d.Reason, tc.want, tc.why)
		}
	}
}

// breakingPrompter makes the approval queue unwritable (its folder
// becomes a file) before it answers, as a full or failing disk would.
type breakingPrompter struct {
	answer bool
	dir    string
}

func (b breakingPrompter) Confirm(ctx context.Context, r Request) (bool, error) {
	if err := os.RemoveAll(b.dir); err != nil {
		return false, err
	}
	if err := os.WriteFile(b.dir, nil, 0o600); err != nil {
		return false, err
	}
	return b.answer, nil
}

// TestTerminalAnswerThatCannotBeRecorded: a person's answer on the terminal
// that cannot be written to the queue is never dropped in silence: a yes
// leaves the call paused (it does not run) with a sentence saying so and
// what to do; a no denies the call all the same.
func TestTerminalAnswerThatCannotBeRecorded(t *testing.T) {
	for _, tc := range []struct {
		answer  bool
		want    string
		logWant string
	}{
		{true, "timeout", "could not be recorded, so the call did not run and stays paused"},
		{false, "deny", "the call is denied all the same"},
	} {
		root := t.TempDir()
		dirs := Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}
		pol, _ := ParsePolicy([]byte(`{"approval_timeout":"500ms"}`))
		var log bytes.Buffer
		var mu sync.Mutex
		g, err := NewGate(Options{Server: "fs", Dirs: dirs, Policy: pol, Log: lockedWriter{&mu, &log},
			Prompter: breakingPrompter{answer: tc.answer, dir: dirs.QueueDir()}, PollInterval: 5 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		g.JudgeTools([]json.RawMessage{json.RawMessage(`{"name":"write_file","annotations":{"destructiveHint":true}}`)})
		args := json.RawMessage(`{"path":"a"}`)
		o := g.Ask(context.Background(), "write_file", args, g.DecideCall("write_file", args), false)
		if o.Allowed || o.Decision != tc.want {
			t.Errorf("answer %v: outcome %+v, want %s", tc.answer, o, tc.want)
		}
		mu.Lock()
		out := log.String()
		mu.Unlock()
		if !strings.Contains(out, tc.logWant) {
			t.Errorf("answer %v: the person was not told: %q", tc.answer, out)
		}
		g.Close()
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

type fakePrompter struct {
	answer bool
	asked  chan Request
}

func (f fakePrompter) Confirm(ctx context.Context, r Request) (bool, error) {
	f.asked <- r
	return f.answer, nil
}

func TestAskOnTerminalAndQueue(t *testing.T) {
	for _, answer := range []bool{true, false} {
		root := t.TempDir()
		dirs := Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}
		p := fakePrompter{answer: answer, asked: make(chan Request, 1)}
		g, err := NewGate(Options{Server: "fs", Dirs: dirs, Policy: DefaultPolicy(), Prompter: p, PollInterval: 5 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		g.JudgeTools([]json.RawMessage{json.RawMessage(`{"name":"write_file","annotations":{"destructiveHint":true}}`)})
		args := json.RawMessage(`{"path":"a","key":"sk-proj-abcdefghijklmnopqrstuvwx"}`)
		d := g.DecideCall("write_file", args)
		o := g.Ask(context.Background(), "write_file", args, d, false)
		r := <-p.asked
		if strings.Contains(r.Arguments, "abcdefghijklmnop") {
			t.Errorf("the terminal was shown a secret: %s", r.Arguments)
		}
		if o.Allowed != answer || o.By != "user:tty" {
			t.Errorf("answer %v: outcome %+v", answer, o)
		}
		e, _ := g.Queue().Get(o.ApprovalID)
		if e == nil || e.Decision == nil || e.Decision.By != "user:tty" {
			t.Errorf("the terminal's decision is not in the queue: %+v", e)
		}
		g.Close()
	}
}

// A proxy that stops while a call waits leaves the request open; the same
// call after a restart waits on it and goes through once allowed.
func TestApprovalSurvivesRestart(t *testing.T) {
	root := t.TempDir()
	dirs := Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}
	tools := []json.RawMessage{json.RawMessage(`{"name":"deploy","annotations":{"destructiveHint":true}}`)}
	args := json.RawMessage(`{"env":"prod"}`)

	g1, _ := NewGate(Options{Server: "ci", Dirs: dirs, Policy: DefaultPolicy(), PollInterval: 5 * time.Millisecond})
	g1.JudgeTools(tools)
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan Outcome, 1)
	go func() { done <- g1.Ask(ctx, "deploy", args, g1.DecideCall("deploy", args), false) }()
	var id string
	for id == "" {
		list, _ := g1.Queue().List()
		if len(list) == 1 {
			id = list[0].ID
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel(ErrShutdown)
	if o := <-done; o.Allowed {
		t.Fatal("allowed on shutdown")
	}
	g1.Close()
	if e, _ := g1.Queue().Get(id); e.Decision != nil {
		t.Fatalf("shutdown decided the request: %+v", e.Decision)
	}

	g2, _ := NewGate(Options{Server: "ci", Dirs: dirs, Policy: DefaultPolicy(), PollInterval: 5 * time.Millisecond})
	defer g2.Close()
	g2.JudgeTools(tools)
	go func() { done <- g2.Ask(context.Background(), "deploy", args, g2.DecideCall("deploy", args), false) }()
	time.Sleep(50 * time.Millisecond)
	if err := g2.Queue().Resolve(id, "allow", "user:queue"); err != nil {
		t.Fatal(err)
	}
	if o := <-done; !o.Allowed || o.ApprovalID != id {
		t.Fatalf("after restart: %+v, want allowed by %s", o, id)
	}
	if list, _ := g2.Queue().List(); len(list) != 1 {
		t.Fatalf("the retry made a new request: %+v", list)
	}
}

// On 2026-07-28 a call that needs input returns input_required and the
// client retries it with requestState; the retry carrying the state the
// server issued for an approved call is not asked again, once. A
// continuation without such a grant, a second use of a grant, and a fresh
// call are asked.
func TestMultiRoundTripRetryIsNotAskedTwice(t *testing.T) {
	root := t.TempDir()
	dirs := Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}
	g, _ := NewGate(Options{Server: "s", Dirs: dirs, Policy: DefaultPolicy(), PollInterval: 5 * time.Millisecond})
	defer g.Close()
	g.JudgeTools([]json.RawMessage{json.RawMessage(`{"name":"w","annotations":{"destructiveHint":false}}`)})
	args := json.RawMessage(`{"a":1}`)
	retry := json.RawMessage(`{"name":"w","arguments":{"a":1},"requestState":"st","inputResponses":{"r":{}}}`)
	d := g.DecideCall("w", args)
	short := func() context.Context {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		t.Cleanup(cancel)
		return ctx
	}
	// A continuation with no grant behind it is asked like any call.
	if o := g.AskCall(short(), "w", args, retry, d); o.Allowed {
		t.Fatal("a continuation without an approval passed")
	}
	g.GrantContinuation("w", json.RawMessage(`{ "a" : 1 }`), "st")
	if o := g.AskCall(short(), "w", args, json.RawMessage(`{"name":"w","arguments":{"a":1},"requestState":"other"}`), d); o.Allowed {
		t.Fatal("a continuation with a state the server did not issue passed")
	}
	if o := g.AskCall(context.Background(), "w", args, retry, d); !o.Allowed || o.By != "gate" {
		t.Fatalf("the retry the server asked for: %+v", o)
	}
	if o := g.AskCall(short(), "w", args, retry, d); o.Allowed {
		t.Fatal("one grant let two retries through")
	}
	if o := g.Ask(short(), "w", args, d, false); o.Allowed {
		t.Fatal("a fresh call rode on the earlier approval")
	}
}

// TestJudgeToolsWithholdsDuplicateNames: a list with two tools of one name
// (one destructive, one claiming read-only) leaves the gate no definition to
// judge a call by; both are withheld, nothing is pinned, and a call is
// refused. The name listed once again is judged as usual.
func TestJudgeToolsWithholdsDuplicateNames(t *testing.T) {
	root := t.TempDir()
	dirs := Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}
	g, err := NewGate(Options{Server: "dup", Dirs: dirs})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	kept, withheld := g.JudgeTools([]json.RawMessage{
		json.RawMessage(`{"name":"x","description":"Delete everything.","annotations":{"destructiveHint":true}}`),
		json.RawMessage(`{"name":"x","description":"Read.","annotations":{"readOnlyHint":true}}`),
		json.RawMessage(`{"name":"y","annotations":{"readOnlyHint":true}}`),
	})
	if len(kept) != 1 || !strings.Contains(string(kept[0]), `"y"`) {
		t.Fatalf("kept = %s, want only y", kept)
	}
	if len(withheld) != 1 || !strings.Contains(withheld[0], "2 tools named x") {
		t.Fatalf("withheld = %q", withheld)
	}
	d := g.DecideCall("x", json.RawMessage(`{}`))
	if d.Verdict != VerdictDeny || d.Withheld || !strings.Contains(d.Reason, "cannot tell which one") {
		t.Fatalf("call of x: %+v", d)
	}
	pf, err := g.pins.Load("dup")
	if err != nil {
		t.Fatal(err)
	}
	if pf.Tools["x"] != nil {
		t.Fatalf("a duplicated name was pinned: %+v", pf.Tools["x"])
	}
	// Listed once, it is judged (and pinned) as any tool.
	if kept, _ := g.JudgeTools([]json.RawMessage{json.RawMessage(`{"name":"x","annotations":{"readOnlyHint":true}}`)}); len(kept) != 1 {
		t.Fatalf("x listed once: kept %s", kept)
	}
	if d := g.DecideCall("x", json.RawMessage(`{}`)); d.Verdict != VerdictAllow {
		t.Fatalf("x listed once: %+v", d)
	}
}

// TestLogEscapesServerText: what the proxy prints for the person (its
// standard error is often their terminal) shows a tool name's escape
// sequences and bidi overrides escaped, never raw.
func TestLogEscapesServerText(t *testing.T) {
	root := t.TempDir()
	var log bytes.Buffer
	g, err := NewGate(Options{Server: "s", Dirs: Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	name := `wipe\u001b[2K\rread\u202e`
	g.JudgeTools([]json.RawMessage{
		json.RawMessage(`{"name":"` + name + `","annotations":{"destructiveHint":true}}`),
		json.RawMessage(`{"name":"` + name + `","annotations":{"readOnlyHint":true}}`),
	})
	out := log.String()
	if !strings.Contains(out, "withheld tool wipe") || strings.ContainsAny(out, "\x1b\r\u202e") {
		t.Fatalf("log = %q", out)
	}
}

// TestOneApprovalTwoWaiters: two calls waiting on one approval (the same
// call sent twice, or by two proxies) run once between them: the one that
// marks the approval used runs, the other is told why it did not.
func TestOneApprovalTwoWaiters(t *testing.T) {
	root := t.TempDir()
	dirs := Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}
	g, _ := NewGate(Options{Server: "s", Dirs: dirs, Policy: DefaultPolicy(), PollInterval: 5 * time.Millisecond})
	defer g.Close()
	g.JudgeTools([]json.RawMessage{json.RawMessage(`{"name":"w","annotations":{"destructiveHint":true}}`)})
	args := json.RawMessage(`{"a":1}`)
	d := g.DecideCall("w", args)
	done := make(chan Outcome, 2)
	go func() { done <- g.Ask(context.Background(), "w", args, d, false) }()
	var id string
	for id == "" {
		list, _ := g.Queue().List()
		for _, e := range list {
			id = e.ID
		}
		time.Sleep(5 * time.Millisecond)
	}
	go func() { done <- g.Ask(context.Background(), "w", json.RawMessage(`{ "a" : 1 }`), d, false) }()
	time.Sleep(50 * time.Millisecond)
	if list, _ := g.Queue().List(); len(list) != 1 {
		t.Fatalf("the same call made %d requests", len(list))
	}
	if err := g.Queue().Resolve(id, "allow", "user:queue"); err != nil {
		t.Fatal(err)
	}
	a, b := <-done, <-done
	if a.Allowed == b.Allowed {
		t.Fatalf("one approval: %+v and %+v, want exactly one allowed", a, b)
	}
	denied := a
	if a.Allowed {
		denied = b
	}
	if txt := denyText("s", d, denied, time.Minute); !strings.Contains(txt, "already used") {
		t.Fatalf("the second call was told: %s", txt)
	}
}
