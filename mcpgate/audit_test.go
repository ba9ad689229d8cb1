package mcpgate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func writeLog(t *testing.T, n int) *AuditLog {
	t.Helper()
	l := OpenAuditLog(filepath.Join(t.TempDir(), "mcp", "audit.jsonl"))
	for i := 0; i < n; i++ {
		err := l.Append(AuditRecord{Server: "s", Event: "call", Tool: "write_file", Decision: "allow", By: "policy",
			Args: `{"token":"ghp_abcdefghijklmnopqrstuvwxyz0123456789"}`})
		if err != nil {
			t.Fatal(err)
		}
	}
	return l
}

func TestAuditChainVerifies(t *testing.T) {
	l := writeLog(t, 3)
	n, err := l.Verify()
	if err != nil || n != 3 {
		t.Fatalf("verify = %d, %v", n, err)
	}
	b, _ := os.ReadFile(l.Path())
	if bytes.Contains(b, []byte("abcdefghijklmnop")) || !bytes.Contains(b, []byte("[redacted]")) {
		t.Fatalf("secret not redacted in the audit log:\n%s", b)
	}
}

func TestAuditChainDetectsTampering(t *testing.T) {
	lines := func(l *AuditLog) []string {
		b, _ := os.ReadFile(l.Path())
		return strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	tests := []struct {
		name   string
		tamper func(ls []string) []string
		want   string
	}{
		{"edited", func(ls []string) []string {
			ls[1] = strings.Replace(ls[1], `"decision":"allow"`, `"decision":"deny"`, 1)
			return ls
		}, "line 2: its hash does not match"},
		{"deleted middle", func(ls []string) []string { return append(ls[:1], ls[2:]...) }, "line 2: sequence 3 follows 1"},
		{"truncated end", func(ls []string) []string { return ls[:2] }, "records were removed from the end"},
		{"swapped", func(ls []string) []string { ls[0], ls[1] = ls[1], ls[0]; return ls }, "line 1: sequence 2 follows 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := writeLog(t, 3)
			ls := tc.tamper(lines(l))
			out := strings.Join(ls, "")
			if !strings.HasSuffix(out, "\n") {
				out += "\n"
			}
			os.WriteFile(l.Path(), []byte(out), 0o600)
			_, err := l.Verify()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("verify err = %v, want %q", err, tc.want)
			}
		})
	}
	t.Run("log deleted", func(t *testing.T) {
		l := writeLog(t, 2)
		os.Remove(l.Path())
		if _, err := l.Verify(); err == nil || !strings.Contains(err.Error(), "deleted") {
			t.Fatalf("verify err = %v", err)
		}
	})
}

func TestQueueFirstDecisionWins(t *testing.T) {
	q, err := OpenQueue(filepath.Join(t.TempDir(), "q"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := q.Submit(Request{Kind: KindCall, Server: "s", Tool: "t", ArgsDigest: "d", PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := q.Get(r.ID); e.Status != StatusPending {
		t.Fatalf("status = %s", e.Status)
	}
	if err := q.Resolve(r.ID, "allow", "user:queue"); err != nil {
		t.Fatal(err)
	}
	if err := q.Resolve(r.ID, "deny", "user:queue"); err == nil || !strings.Contains(err.Error(), "already decided") {
		t.Fatalf("second decision: %v", err)
	}
	if e := q.FindCall("s", "t", "d"); e == nil || e.Status != StatusAllowed {
		t.Fatalf("FindCall = %+v", e)
	}
	if !q.Consume(r.ID) || q.Consume(r.ID) {
		t.Fatal("an approval must be usable exactly once")
	}
	if e := q.FindCall("s", "t", "d"); e != nil {
		t.Fatalf("a used approval was offered again: %+v", e)
	}
	for _, bad := range []string{"../../etc/passwd", "ABCDEF12", ""} {
		if _, err := q.Get(bad); err == nil {
			t.Errorf("Get(%q) accepted", bad)
		}
	}
}

func TestPolicy(t *testing.T) {
	p, err := ParsePolicy([]byte(`{"require_approval":["@destructive","restart_service"],"servers":{"fs":{"allow":["write_file","restart_service"],"deny":["move_file"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	read := Classification{Risk: RiskRead}
	write := Classification{Risk: RiskWrite}
	destr := Classification{Risk: RiskDestructive}
	tests := []struct {
		server, tool string
		c            Classification
		want         Verdict
	}{
		{"fs", "move_file", read, VerdictDeny},
		{"fs", "restart_service", read, VerdictAsk}, // literal name beats the allow list
		{"fs", "write_file", destr, VerdictAllow},   // allow-listed on this server
		{"other", "write_file", destr, VerdictAsk},
		{"other", "edit", write, VerdictAllow}, // @write not required in this policy
		{"other", "get", read, VerdictAllow},
	}
	for _, tc := range tests {
		if v, why := p.Decide(tc.server, tc.tool, tc.c); v != tc.want || why == "" {
			t.Errorf("%s/%s: %s (%s), want %s", tc.server, tc.tool, v, why, tc.want)
		}
	}
	for _, bad := range []string{`{"require_approval":["@writes"]}`, `{"approval_timeout":"soon"}`, `{"unknown":1}`, `{`,
		`{"require_approval":["@write","@destructive"],"require_approval":[]}`, `{"servers":{"fs":{"deny":["rm"],"deny":[]}}}`,
		`{"require_approval":["@write"]} {"require_approval":[]}`, `{} x`} {
		if _, err := ParsePolicy([]byte(bad)); err == nil {
			t.Errorf("ParsePolicy(%s) accepted", bad)
		}
	}
	if d := DefaultPolicy(); len(d.RequireApproval) != 2 || d.Timeout() != DefaultApprovalTimeout {
		t.Errorf("default policy = %+v", d)
	}
}

func TestResolveDirsRefusesProjectDirectories(t *testing.T) {
	proj := t.TempDir()
	env := map[string]string{"HOME": "/home/u", "SENTINEL_HOME": filepath.Join(proj, ".sentinel")}
	_, err := ResolveDirs(func(k string) string { return env[k] }, proj)
	if err == nil || !strings.Contains(err.Error(), "inside the project") {
		t.Fatalf("err = %v", err)
	}
	env = map[string]string{"HOME": "/home/u"}
	d, err := ResolveDirs(func(k string) string { return env[k] }, proj)
	if err != nil || d.Config != "/home/u/.config/sentinel" || d.State != "/home/u/.local/state/sentinel" || d.Home != "/home/u" {
		t.Fatalf("%+v %v", d, err)
	}
}

func TestArgumentPaths(t *testing.T) {
	got := ArgumentPaths([]byte(`{"path":"src/a.go","content":"x /not/a/path here","edits":[{"file_path":"b.txt"}],"uri":"file:///etc/hosts","other":"/abs/p",` +
		`"x":"file:/srv/one","y":"FILE://localhost/srv/two"}`))
	want := "/abs/p /etc/hosts /srv/one /srv/two b.txt src/a.go"
	if strings.Join(got, " ") != want {
		t.Fatalf("paths = %v, want %s", got, want)
	}
}

// Two proxies of one user append to one log: the chain stays intact.
func TestAuditConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp", "audit.jsonl")
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := OpenAuditLog(path) // each writer has its own files and lock
			defer l.Close()
			for i := 0; i < 50; i++ {
				if err := l.Append(AuditRecord{Server: "s", Event: "call", Decision: "allow", By: "policy"}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	n, err := OpenAuditLog(path).Verify()
	if err != nil || n != 200 {
		t.Fatalf("verify = %d, %v", n, err)
	}
}
