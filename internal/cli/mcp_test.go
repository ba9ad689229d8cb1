package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// runMCP runs the command line in-process with a fake home.
func runMCP(t *testing.T, env map[string]string, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	app := &App{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Getenv: func(k string) string { return env[k] }}
	root := newRootCmd(app)
	root.SetArgs(args)
	err := root.Execute()
	var se *silentError
	if err != nil && !errors.As(err, &se) {
		out.WriteString("sentinel: " + err.Error() + "\n")
	}
	return out.String(), exitCode(err)
}

func mcpEnv(t *testing.T) (map[string]string, mcpgate.Dirs) {
	home := t.TempDir()
	env := map[string]string{"HOME": home}
	dirs, err := mcpgate.ResolveDirs(func(k string) string { return env[k] }, "")
	if err != nil {
		t.Fatal(err)
	}
	return env, dirs
}

func TestMCPApprovalsAllowDeny(t *testing.T) {
	env, dirs := mcpEnv(t)
	if out, code := runMCP(t, env, "mcp", "approvals"); code != 0 || !strings.Contains(out, "No approvals waiting") {
		t.Fatalf("empty queue: %d %s", code, out)
	}
	q, err := mcpgate.OpenQueue(dirs.QueueDir())
	if err != nil {
		t.Fatal(err)
	}
	r, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindCall, Server: "fs", Tool: "write_file", Risk: mcpgate.RiskWrite,
		Reason: "a write tool", Arguments: `{"path":"a.txt","token":"ghp_abcdefghijklmnopqrstuvwxyz0123456789"}`, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	out, code := runMCP(t, env, "mcp", "approvals")
	if code != 0 || !strings.Contains(out, r.ID) || !strings.Contains(out, "write_file") || !strings.Contains(out, "a.txt") {
		t.Fatalf("approvals: %d\n%s", code, out)
	}
	if strings.Contains(out, "abcdefghijklmnop") {
		t.Fatalf("a secret in the arguments was printed:\n%s", out)
	}
	if out, code := runMCP(t, env, "mcp", "allow", "--no-tty-confirm", r.ID); code != 0 || !strings.Contains(out, "Allowed call write_file on server fs") {
		t.Fatalf("allow: %d %s", code, out)
	}
	if out, code := runMCP(t, env, "mcp", "deny", "--no-tty-confirm", r.ID); code != 1 || !strings.Contains(out, "already decided") {
		t.Fatalf("second decision: %d %s", code, out)
	}
	if out, code := runMCP(t, env, "mcp", "allow", "--no-tty-confirm", "../../etc"); code != 1 || !strings.Contains(out, "not an approval ID") {
		t.Fatalf("bad id: %d %s", code, out)
	}
}

func TestMCPLogVerify(t *testing.T) {
	env, dirs := mcpEnv(t)
	l := mcpgate.OpenAuditLog(dirs.AuditPath())
	for _, tool := range []string{"read_file", "write_file"} {
		if err := l.Append(mcpgate.AuditRecord{Server: "fs", Event: "call", Tool: tool, Decision: "allow", By: "policy"}); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	if out, code := runMCP(t, env, "mcp", "log", "--verify"); code != 0 || !strings.Contains(out, "OK: 2 records") {
		t.Fatalf("verify: %d %s", code, out)
	}
	if out, code := runMCP(t, env, "mcp", "log"); code != 0 || !strings.Contains(out, "write_file") {
		t.Fatalf("log: %d %s", code, out)
	}
	b, _ := os.ReadFile(dirs.AuditPath())
	os.WriteFile(dirs.AuditPath(), bytes.Replace(b, []byte(`"by":"policy"`), []byte(`"by":"user:tty"`), 1), 0o600)
	if out, code := runMCP(t, env, "mcp", "log", "--verify"); code != ExitCompromised || !strings.Contains(out, "line 1") {
		t.Fatalf("tampered verify: %d %s", code, out)
	}
}

func TestMCPProxyUsageAndProjectDirs(t *testing.T) {
	env, _ := mcpEnv(t)
	if out, code := runMCP(t, env, "mcp", "proxy"); code != 1 || !strings.Contains(out, "either as a command after --") {
		t.Fatalf("no server: %d %s", code, out)
	}
	wd, _ := os.Getwd()
	env["SENTINEL_HOME"] = filepath.Join(wd, "testdata-should-not-exist")
	if out, code := runMCP(t, env, "mcp", "proxy", "--", "true"); code != 1 || !strings.Contains(out, "inside the project directory") {
		t.Fatalf("project-controlled policy dir: %d %s", code, out)
	}
}

// TestMCPDecideSentences pins what allow and deny say for a paused call and
// for a changed tool definition, whose names are redacted.
func TestMCPDecideSentences(t *testing.T) {
	env, dirs := mcpEnv(t)
	q, err := mcpgate.OpenQueue(dirs.QueueDir())
	if err != nil {
		t.Fatal(err)
	}
	secret := "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	for _, tc := range []struct {
		kind    string
		verdict string
		want    string
	}{
		{mcpgate.KindCall, "deny", "Denied call write_file on server fs (%s).\n"},
		{mcpgate.KindTool, "deny", "Denied new definition of tool write_file on server fs (%s).\n"},
		{mcpgate.KindTool, "allow", "Allowed new definition of tool write_file on server fs (%s).\nThe tool is pinned to the new version and shown again on the client's next tools/list.\n"},
	} {
		r, err := q.Submit(mcpgate.Request{Kind: tc.kind, Server: "fs", Tool: "write_file", Risk: mcpgate.RiskWrite, Reason: "r", PID: os.Getpid()})
		if err != nil {
			t.Fatal(err)
		}
		if out, code := runMCP(t, env, "mcp", tc.verdict, "--no-tty-confirm", r.ID); code != 0 || out != fmt.Sprintf(tc.want, r.ID) {
			t.Fatalf("%s %s: %d %q", tc.verdict, tc.kind, code, out)
		}
	}
	r, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindTool, Server: secret, Tool: secret, Risk: mcpgate.RiskWrite, Reason: "r", PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	if out, code := runMCP(t, env, "mcp", "deny", "--no-tty-confirm", r.ID); code != 0 || strings.Contains(out, secret) || !strings.Contains(out, "new definition of tool") {
		t.Fatalf("secret names: %d %q", code, out)
	}
}

// TestMCPApprovalsEscapeServerText: a tool server names its tools and so
// shapes the reason a call paused. Escape sequences, carriage returns and
// bidi overrides in them must not reach the person's terminal, where
// "delete_all\x1b[2K\rread_note" would show as a harmless read_note.
func TestMCPApprovalsEscapeServerText(t *testing.T) {
	env, dirs := mcpEnv(t)
	q, err := mcpgate.OpenQueue(dirs.QueueDir())
	if err != nil {
		t.Fatal(err)
	}
	tool := "delete_all\x1b[2K\rread_note\u202e"
	r, err := q.Submit(mcpgate.Request{Kind: mcpgate.KindCall, Server: "fs", Tool: tool, Risk: mcpgate.RiskDestructive,
		Reason: "a destructive tool \x1b]0;title\x07", Arguments: `{}`, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	g, err := mcpgate.NewGate(mcpgate.Options{Server: "fs", Dirs: dirs, Log: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	g.JudgeTools([]json.RawMessage{json.RawMessage(`{"name":"wipe\u001b[2K\rread","annotations":{"destructiveHint":true}}`)})
	g.Close()
	for _, args := range [][]string{{"mcp", "approvals"}, {"mcp", "pins"}, {"mcp", "allow", "--no-tty-confirm", r.ID}, {"mcp", "log"}} {
		out, code := runMCP(t, env, args...)
		if code != 0 {
			t.Fatalf("%v: %d %s", args, code, out)
		}
		if strings.ContainsAny(out, "\x1b\r\x07\u202e") {
			t.Errorf("%v printed the server's control characters raw:\n%q", args, out)
		}
		if !strings.Contains(out, `\x1b`) {
			t.Errorf("%v does not show the escape visibly:\n%q", args, out)
		}
	}
}
