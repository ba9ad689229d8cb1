package mcpgate_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sentinel-sec/sentinel/lock/locktest"
)

// lockProject is a project whose AGENTS.lock carries MCP tool approvals,
// driven through the sentinel binary as people on two machines use it.
type lockProject struct {
	dir, notes string
}

// runIn runs sentinel as user u in the project.
func (p lockProject) runIn(t *testing.T, u userEnv, args ...string) (string, int) {
	t.Helper()
	return runSentinel(t, p.dir, append(u.env, "SENTINEL_APPROVER=Alice <alice@example.com>"), args...)
}

// list runs the proxy in the project as user u in front of the test server
// in mode, and returns the tools the client sees (name=description) and what
// the proxy said on stderr.
func (p lockProject) list(t *testing.T, u userEnv, mode string) (tools, stderr string) {
	t.Helper()
	cmd := exec.Command(sentinelBinary(t), "mcp", "proxy", "--approve", "queue", "--name", "notes", "--", os.Args[0], "-test.run=^$")
	cmd.Env = append(u.env, "MCPGATE_TEST_SERVER="+mode, "NOTES_DIR="+p.notes)
	cmd.Dir = p.dir
	errb := &syncBuffer{}
	cmd.Stderr = errb
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil)
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, errb.String())
	}
	res, err := s.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v\n%s", err, errb.String())
	}
	var n []string
	for _, tl := range res.Tools {
		n = append(n, tl.Name+"="+tl.Description)
	}
	s.Close()
	return strings.Join(n, "|"), errb.String()
}

// machine is a user who has used the server before the upgrade (read_note
// pinned at its first version), and who trusts the project's signing key
// when trust is set.
func (p lockProject) machine(t *testing.T, trust bool) userEnv {
	t.Helper()
	u := newUserEnv(t)
	if tools, _ := p.list(t, u, "normal"); !strings.Contains(tools, "read_note="+readDescription) {
		t.Fatalf("first list: %s", tools)
	}
	if trust {
		if out, code := p.runIn(t, u, "verify"); code != 0 || !strings.Contains(out, "signature : valid") {
			t.Fatalf("sentinel verify: %d\n%s", code, out)
		}
	}
	return u
}

func (p lockProject) edit(t *testing.T, name string, fn func(string) string) (restore func()) {
	t.Helper()
	path := filepath.Join(p.dir, name)
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if fn == nil {
		os.Remove(path)
	} else if err := os.WriteFile(path, []byte(fn(string(orig))), 0o644); err != nil {
		t.Fatal(err)
	}
	return func() { os.WriteFile(path, orig, 0o644) }
}

func validateLock(t *testing.T, path string) {
	t.Helper()
	locktest.ValidateFile(t, path)
}

// TestE2EBinaryLockApprovesChangedTool: a developer approves the upgraded
// server's tools into AGENTS.lock, CI signs it; on a teammate's machine that
// trusts the key, the changed tool is not withheld. Unsigned, untrusted,
// hand-edited, or approving another version: the lock adds nothing, the
// tool stays withheld, and the proxy says why once.
func TestE2EBinaryLockApprovesChangedTool(t *testing.T) {
	root := t.TempDir()
	p := lockProject{dir: filepath.Join(root, "project"), notes: filepath.Join(root, "notes")}
	os.MkdirAll(p.dir, 0o755)
	os.MkdirAll(p.notes, 0o700)
	os.WriteFile(filepath.Join(p.dir, "CLAUDE.md"), []byte("# Rules\n\n- Run the tests before you commit.\n"), 0o644)

	// The developer runs the upgraded server: its tools are pinned here.
	dev := newUserEnv(t)
	if out, code := p.runIn(t, dev, "approve", "--no-tty-confirm", "--mcp-tools", "notes"); code != 1 || !strings.Contains(out, "no tool of server \"notes\" is pinned") {
		t.Fatalf("approve with nothing pinned: %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(p.dir, "AGENTS.lock")); err == nil {
		t.Fatal("a refused approve wrote AGENTS.lock")
	}
	if tools, _ := p.list(t, dev, "v2"); !strings.Contains(tools, "read_note="+readDescriptionV2) {
		t.Fatalf("developer's first list: %s", tools)
	}
	out, code := p.runIn(t, dev, "approve", "--no-tty-confirm", "--mcp-tools", "notes", "--note", "notes server 2.0 reviewed")
	if code != 0 || !strings.Contains(out, "approved MCP tool  notes/read_note (read)") || !strings.Contains(out, "notes/write_note (write)") {
		t.Fatalf("approve --mcp-tools: %d\n%s", code, out)
	}
	validateLock(t, filepath.Join(p.dir, "AGENTS.lock"))
	if out, code := p.runIn(t, dev, "approve", "--no-tty-confirm", "--mcp-tools", "notes"); code != 0 || !strings.Contains(out, "already approved") {
		t.Fatalf("approving again: %d\n%s", code, out)
	}
	key := filepath.Join(t.TempDir(), "signing.pem")
	if out, code := p.runIn(t, dev, "keygen", "--no-tty-confirm", "--out", key); code != 0 {
		t.Fatalf("keygen: %d\n%s", code, out)
	}
	sign := func() {
		t.Helper()
		if out, code := p.runIn(t, dev, "sign", "--no-tty-confirm", "--key", key); code != 0 {
			t.Fatalf("sign: %d\n%s", code, out)
		}
	}
	sign()
	validateLock(t, filepath.Join(p.dir, "AGENTS.lock"))
	if lock, _ := os.ReadFile(filepath.Join(p.dir, "AGENTS.lock")); !strings.Contains(string(lock), `"tool": "read_note"`) {
		t.Fatalf("sign dropped the MCP tool approvals:\n%s", lock)
	}

	withheld := func(t *testing.T, u userEnv, notice string) {
		t.Helper()
		tools, stderr := p.list(t, u, "v2")
		if strings.Contains(tools, "read_note=") || !strings.Contains(tools, "write_note=") {
			t.Fatalf("read_note changed and the lock must not count, yet the list is %s\nstderr:\n%s", tools, stderr)
		}
		if !strings.Contains(stderr, "withheld tool read_note") {
			t.Fatalf("stderr does not say read_note was withheld:\n%s", stderr)
		}
		if notice != "" && strings.Count(stderr, notice) != 1 {
			t.Fatalf("want one notice with %q, stderr:\n%s", notice, stderr)
		}
	}

	t.Run("signed by the trusted key: approved", func(t *testing.T) {
		u := p.machine(t, true)
		tools, stderr := p.list(t, u, "v2")
		if !strings.Contains(tools, "read_note="+readDescriptionV2) || strings.Contains(stderr, "withheld") {
			t.Fatalf("the lock's approval did not count: %s\nstderr:\n%s", tools, stderr)
		}
		if !strings.Contains(stderr, "tool definitions approved in the signed AGENTS.lock") || !strings.Contains(stderr, "the signed AGENTS.lock approves the new version") {
			t.Fatalf("stderr:\n%s", stderr)
		}
		if out, _ := p.runIn(t, u, "mcp", "pins", "--server", "notes"); !regexp.MustCompile(`read_note\s+read\s+annotated\s+AGENTS.lock`).MatchString(out) {
			t.Fatalf("pins do not say AGENTS.lock approved read_note:\n%s", out)
		}
	})
	t.Run("key not trusted on this machine", func(t *testing.T) {
		withheld(t, p.machine(t, false), "a key this machine has not trusted yet")
	})
	t.Run("unsigned", func(t *testing.T) {
		u := p.machine(t, true)
		defer p.edit(t, "AGENTS.lock.sig", nil)()
		withheld(t, u, "the lock is unsigned")
	})
	t.Run("hand-edited after signing", func(t *testing.T) {
		u := p.machine(t, true)
		defer p.edit(t, "AGENTS.lock", func(s string) string {
			return strings.Replace(s, "notes server 2.0 reviewed", "approved by security", 1)
		})()
		withheld(t, u, "SIGNATURE INVALID")
	})
	t.Run("signed lock approving another version", func(t *testing.T) {
		u := p.machine(t, true)
		lockPath := filepath.Join(p.dir, "AGENTS.lock")
		orig, _ := os.ReadFile(lockPath)
		origSig, _ := os.ReadFile(filepath.Join(p.dir, "AGENTS.lock.sig"))
		defer func() {
			os.WriteFile(lockPath, orig, 0o644)
			os.WriteFile(filepath.Join(p.dir, "AGENTS.lock.sig"), origSig, 0o644)
		}()
		re := regexp.MustCompile(`("tool": "read_note",\s+"sha256": ")[0-9a-f]{64}`)
		if !re.Match(orig) {
			t.Fatalf("no read_note entry:\n%s", orig)
		}
		os.WriteFile(lockPath, re.ReplaceAll(orig, []byte("${1}"+strings.Repeat("ab", 32))), 0o644)
		sign()
		if out, code := p.runIn(t, u, "verify"); code != 0 {
			t.Fatalf("the re-signed lock does not verify: %d\n%s", code, out)
		}
		withheld(t, u, "")
	})
}
