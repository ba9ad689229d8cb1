package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/mcpgate"
)

func TestApproveMCPToolsFlags(t *testing.T) {
	env, dirs := mcpEnv(t)
	env["SENTINEL_APPROVER"] = "Alice"
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "CLAUDE.md"), []byte("# Rules\n"), 0o644)
	hex := func(c string) string { return strings.Repeat(c, 64) }
	store := mcpgate.OpenPinStore(dirs.PinDir())
	os.MkdirAll(dirs.PinDir(), 0o700)
	pin := func(server string, digests map[string]string) {
		t.Helper()
		err := store.Update(server, func(pf *mcpgate.PinFile) error {
			for name, d := range digests {
				pf.Tools[name] = &mcpgate.Pin{Name: name, Digest: d, Risk: mcpgate.RiskWrite, By: "first-use"}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	pin("notes", map[string]string{"read_note": "sha256:" + hex("a"), "write_note": "sha256:" + hex("b")})
	pin("fs", map[string]string{"read_file": "sha256:" + hex("c")})

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"nothing pinned", []string{"--mcp-tools", "github"}, 1, `no tool of server "github" is pinned`},
		{"--only matches nothing", []string{"--mcp-tools", "notes", "--only", "zzz"}, 1, `matches --only "zzz"`},
		{"--only keeps matching tools", []string{"--mcp-tools", "notes", "--only", "write"}, 0, "approved MCP tool  notes/write_note"},
		{"two servers", []string{"--mcp-tools", "notes", "--mcp-tools", "fs"}, 0, "wrote 2 MCP tool approvals"},
		{"again: nothing new", []string{"--mcp-tools", "notes"}, 0, "already approved"},
	} {
		out, code := runMCP(t, env, append([]string{"approve", "--no-tty-confirm", repo}, tc.args...)...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Fatalf("%s: exit %d, want %d with %q:\n%s", tc.name, code, tc.code, tc.want, out)
		}
	}
	fsys := os.DirFS(repo)
	l, _, err := lock.Load(fsys)
	if err != nil || l == nil {
		t.Fatalf("lock: %v", err)
	}
	if got := l.MCPToolApprovals("notes"); len(got) != 2 || got["write_note"] != hex("b") || got["read_note"] != hex("a") {
		t.Fatalf("notes approvals = %v", got)
	}
	if got := l.MCPToolApprovals("fs"); got["read_file"] != hex("c") {
		t.Fatalf("fs approvals = %v", got)
	}
	// A pin that changed on this machine replaces the lock's digest.
	pin("notes", map[string]string{"read_note": "sha256:" + hex("d")})
	if out, code := runMCP(t, env, "approve", "--no-tty-confirm", repo, "--mcp-tools", "notes"); code != 0 || !strings.Contains(out, "notes/read_note (write)  (pinned to definition sha256:dddddddddddd, replaces aaaaaaaaaaaa)") {
		t.Fatalf("re-approve: %d\n%s", code, out)
	}
	// A tool name from the server is shown with its bidi override and
	// zero-width space written visibly, not as the look-alike they make.
	pin("notes", map[string]string{"del\u202eeton_daer\u200b": "sha256:" + hex("e")})
	if out, code := runMCP(t, env, "approve", "--no-tty-confirm", repo, "--mcp-tools", "notes", "--only", "del"); code != 0 || strings.ContainsAny(out, "\u202e\u200b") || !strings.Contains(out, `notes/del\u202e`) {
		t.Fatalf("tool name with invisible characters: %d\n%q", code, out)
	}
	// A damaged pin digest is an error, not an approval of something else.
	pin("notes", map[string]string{"read_note": "md5:0"})
	if out, code := runMCP(t, env, "approve", "--no-tty-confirm", repo, "--mcp-tools", "notes"); code != 1 || !strings.Contains(out, "has no sha256 digest") {
		t.Fatalf("bad pin: %d\n%s", code, out)
	}
}
