package mcpgate

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDecideCallBlastRadius(t *testing.T) {
	root := t.TempDir()
	dirs := Dirs{Config: filepath.Join(root, "home", ".config", "sentinel"), State: filepath.Join(root, "home", ".local", "state", "sentinel")}
	project := filepath.Join(root, "project")
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
		{"read_file", `{"path":"` + project + `/.github/workflows/ci.yml"}`, VerdictAllow, "read"},
		// A tool that can touch the approval queue could approve itself.
		{"read_file", `{"path":"` + dirs.State + `/mcp/approvals/x.decision"}`, VerdictAsk, "Sentinel's own"},
		{"write_file", `{"path":"` + dirs.State + `/mcp/approvals/x.decision"}`, VerdictAsk, "Sentinel"},
		{"never_listed", `{}`, VerdictDeny, "does not list a tool named never_listed"},
	}
	for _, tc := range tests {
		d := g.DecideCall(tc.tool, json.RawMessage(tc.args))
		if d.Verdict != tc.want || !strings.Contains(d.Reason, tc.why) {
			t.Errorf("%s %s: %s (%s), want %s mentioning %q", tc.tool, tc.args, d.Verdict, d.Reason, tc.want, tc.why)
		}
	}
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
