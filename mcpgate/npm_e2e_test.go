package mcpgate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The real servers are installed by .ci/run (npm install --prefix
// mcpgate/testdata/npm ...); the tests skip with a clear message without
// them, except in CI (CI=true), where a missing server fails the test: CI
// must not pass quietly without the tests it is meant to run.
func npmServer(t *testing.T, pkg string) string {
	t.Helper()
	missing := t.Skipf
	if os.Getenv("CI") == "true" {
		missing = t.Fatalf
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed; the end-to-end tests against real MCP servers need Node.js 20+ (see .ci/run)")
	}
	p := filepath.Join("testdata", "npm", "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js")
	abs, _ := filepath.Abs(p)
	if _, err := os.Stat(abs); err != nil {
		missing("@modelcontextprotocol/%s is not installed in mcpgate/testdata/npm; run the npm section of .ci/run", pkg)
	}
	return abs
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// sentinelBinary builds the sentinel command once per test run.
func sentinelBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if b := os.Getenv("SENTINEL_TEST_BINARY"); b != "" {
			binPath = b // a binary built elsewhere (for a tree that is mid-edit)
			return
		}
		dir, err := os.MkdirTemp("", "sentinel-mcpgate-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "sentinel")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		cmd := exec.Command("go", "build", "-o", binPath, "github.com/sentinel-sec/sentinel/cmd/sentinel")
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build sentinel: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

// userEnv is a user's environment with its own home, outside the project.
type userEnv struct {
	home, project string
	env           []string
}

func newUserEnv(t *testing.T) userEnv {
	root := t.TempDir()
	u := userEnv{home: filepath.Join(root, "home"), project: filepath.Join(root, "project")}
	os.MkdirAll(u.home, 0o700)
	os.MkdirAll(u.project, 0o700)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_") || strings.HasPrefix(kv, "SENTINEL_") {
			continue
		}
		u.env = append(u.env, kv)
	}
	u.env = append(u.env, "HOME="+u.home)
	return u
}

func (u userEnv) sentinel(t *testing.T, args ...string) (string, int) {
	t.Helper()
	return runSentinel(t, u.home, u.env, args...)
}

// runSentinel runs the sentinel binary in dir with env and returns what it
// printed (both streams) and its exit code.
func runSentinel(t *testing.T, dir string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(sentinelBinary(t), args...)
	cmd.Env = env
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), code
}

// waitApproval polls `sentinel mcp approvals --json` for a pending call of tool.
func (u userEnv) waitApproval(t *testing.T, tool string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		out, code := u.sentinel(t, "mcp", "approvals", "--json")
		if code != 0 {
			t.Fatalf("sentinel mcp approvals: exit %d\n%s", code, out)
		}
		var list []map[string]any
		if err := json.Unmarshal([]byte(out), &list); err != nil {
			t.Fatalf("approvals --json: %v\n%s", err, out)
		}
		for _, e := range list {
			if e["tool"] == tool && e["status"] == "pending" {
				return e
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no pending approval for %s", tool)
	return nil
}

func connectCommand(t *testing.T, u userEnv, args ...string) *mcp.ClientSession {
	t.Helper()
	return connectCommandVersion(t, u, "2025-11-25", args...)
}

func connectCommandVersion(t *testing.T, u userEnv, version string, args ...string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(sentinelBinary(t), args...)
	cmd.Env = u.env
	cmd.Dir = u.project
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-client", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect through sentinel mcp proxy: %v\n%s", err, stderr.String())
	}
	t.Logf("negotiated %s", s.InitializeResult().ProtocolVersion)
	t.Cleanup(func() { s.Close() })
	return s
}

func callAsync(s *mcp.ClientSession, name string, args map[string]any) chan *mcp.CallToolResult {
	ch := make(chan *mcp.CallToolResult, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		r, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			r = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "protocol error: " + err.Error()}}}
		}
		ch <- r
	}()
	return ch
}

func TestE2EFilesystemServer(t *testing.T) {
	fsServer := npmServer(t, "server-filesystem")
	u := newUserEnv(t)
	data := filepath.Join(u.project, "data")
	os.MkdirAll(data, 0o700)
	os.WriteFile(filepath.Join(data, "existing.txt"), []byte("hello from disk"), 0o600)

	s := connectCommand(t, u, "mcp", "proxy", "--approve", "queue", "--name", "filesystem", "--", "node", fsServer, data)
	ctx := context.Background()
	tools, err := s.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) < 10 {
		t.Fatalf("tools/list through the proxy: %v (%d tools)", err, len(tools.Tools))
	}

	// A read passes without anyone asked.
	r := <-callAsync(s, "read_text_file", map[string]any{"path": filepath.Join(data, "existing.txt")})
	if r.IsError || !strings.Contains(text(r), "hello from disk") {
		t.Fatalf("read_text_file: %q", text(r))
	}

	// A write pauses, and completes after `sentinel mcp allow`.
	allowed := callAsync(s, "write_file", map[string]any{"path": filepath.Join(data, "allowed.txt"), "content": "written after allow"})
	e := u.waitApproval(t, "write_file")
	if _, err := os.Stat(filepath.Join(data, "allowed.txt")); err == nil {
		t.Fatal("write_file reached the server before it was allowed")
	}
	out, _ := u.sentinel(t, "mcp", "approvals")
	if !strings.Contains(out, "write_file") || !strings.Contains(out, "allowed.txt") || !strings.Contains(out, "destructive") {
		t.Errorf("sentinel mcp approvals does not show the paused call:\n%s", out)
	}
	if out, code := u.sentinel(t, "mcp", "allow", "--no-tty-confirm", e["id"].(string)); code != 0 || !strings.Contains(out, "Allowed call write_file") {
		t.Fatalf("sentinel mcp allow: exit %d\n%s", code, out)
	}
	if r := <-allowed; r.IsError {
		t.Fatalf("allowed write_file failed: %q", text(r))
	}

	// A denied write reaches the model as a tool error.
	denied := callAsync(s, "write_file", map[string]any{"path": filepath.Join(data, "denied.txt"), "content": "must not exist"})
	e = u.waitApproval(t, "write_file")
	if out, code := u.sentinel(t, "mcp", "deny", "--no-tty-confirm", e["id"].(string)); code != 0 {
		t.Fatalf("sentinel mcp deny: exit %d\n%s", code, out)
	}
	r = <-denied
	if !r.IsError || !strings.Contains(text(r), "a person denied it") || strings.HasPrefix(text(r), "protocol error") {
		t.Fatalf("denied write: %q", text(r))
	}

	// A destructive move is denied too.
	moved := callAsync(s, "move_file", map[string]any{"source": filepath.Join(data, "existing.txt"), "destination": filepath.Join(data, "moved.txt")})
	e = u.waitApproval(t, "move_file")
	u.sentinel(t, "mcp", "deny", "--no-tty-confirm", e["id"].(string))
	if r := <-moved; !r.IsError {
		t.Fatalf("denied move_file: %q", text(r))
	}

	// The disk shows exactly what was allowed.
	ents, _ := os.ReadDir(data)
	var names []string
	for _, de := range ents {
		names = append(names, de.Name())
	}
	if !slices.Equal(names, []string{"allowed.txt", "existing.txt"}) {
		t.Fatalf("files on disk = %v, want [allowed.txt existing.txt]", names)
	}
	if b, _ := os.ReadFile(filepath.Join(data, "allowed.txt")); string(b) != "written after allow" {
		t.Fatalf("allowed.txt = %q", b)
	}

	s.Close()
	out, code := u.sentinel(t, "mcp", "log", "--verify")
	if code != 0 || !strings.Contains(out, "hash chain intact") {
		t.Fatalf("sentinel mcp log --verify: exit %d\n%s", code, out)
	}
	out, _ = u.sentinel(t, "mcp", "log")
	for _, want := range []string{"read_text_file", "allow", "policy", "user:queue", "deny"} {
		if !strings.Contains(out, want) {
			t.Errorf("sentinel mcp log lacks %q:\n%s", want, out)
		}
	}
	out, _ = u.sentinel(t, "mcp", "pins", "--server", "filesystem")
	if !strings.Contains(out, "write_file") || !strings.Contains(out, "first-use") {
		t.Errorf("sentinel mcp pins:\n%s", out)
	}
}

// With a 2026-07-28 client, server-everything 2026.8.31 answers the
// server/discover probe with an error and the client falls back to
// initialize: the probe, the error and the fallback all pass through the gate.
func TestE2EEverythingServer(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) { testEverything(t, v) })
	}
}

func testEverything(t *testing.T, version string) {
	ev := npmServer(t, "server-everything")
	u := newUserEnv(t)
	s := connectCommandVersion(t, u, version, "mcp", "proxy", "--approve", "queue", "--name", "everything", "--", "node", ev, "stdio")
	ctx := context.Background()
	if _, err := s.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	// Read-only tools pass.
	r := <-callAsync(s, "echo", map[string]any{"message": "through the gate"})
	if r.IsError || !strings.Contains(text(r), "through the gate") {
		t.Fatalf("echo: %q", text(r))
	}
	r = <-callAsync(s, "get-sum", map[string]any{"a": 2, "b": 3})
	if r.IsError || !strings.Contains(text(r), "5") {
		t.Fatalf("get-sum: %q", text(r))
	}
	// Prompts and resources are not judged and pass through.
	prompts, err := s.ListPrompts(ctx, nil)
	if err != nil || len(prompts.Prompts) == 0 {
		t.Fatalf("prompts/list: %v", err)
	}
	res, err := s.ListResources(ctx, nil)
	if err != nil || len(res.Resources) == 0 {
		t.Fatalf("resources/list: %v", err)
	}
	if _, err := s.ReadResource(ctx, &mcp.ReadResourceParams{URI: res.Resources[0].URI}); err != nil {
		t.Fatalf("resources/read: %v", err)
	}
	// A write-annotated tool pauses; a deny is a tool error.
	ch := callAsync(s, "toggle-simulated-logging", map[string]any{})
	e := u.waitApproval(t, "toggle-simulated-logging")
	u.sentinel(t, "mcp", "deny", "--no-tty-confirm", e["id"].(string))
	if r := <-ch; !r.IsError || !strings.Contains(text(r), "denied") {
		t.Fatalf("denied toggle: %q", text(r))
	}
}

// Messages the gate does not judge pass byte for byte: the same requests to
// the server directly and through the proxy get identical bytes back.
func TestE2EUnjudgedMessagesPassByteForByte(t *testing.T) {
	ev := npmServer(t, "server-everything")
	u := newUserEnv(t)
	reqs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":"p","method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":4,"method":"resources/templates/list"}`,
		`{"jsonrpc":"2.0","id":5,"method":"ping"}`,
	}
	run := func(argv ...string) map[string]string {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env, cmd.Dir = u.env, u.project
		in, _ := cmd.StdinPipe()
		out := &syncBuffer{}
		cmd.Stdout = out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for _, r := range reqs {
			in.Write([]byte(r + "\n"))
		}
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) && strings.Count(out.String(), `"id":5`) == 0 {
			time.Sleep(50 * time.Millisecond)
		}
		in.Close()
		cmd.Wait()
		got := map[string]string{}
		for _, line := range strings.Split(out.String(), "\n") {
			var m struct {
				ID json.RawMessage `json:"id"`
			}
			if json.Unmarshal([]byte(line), &m) == nil && len(m.ID) > 0 {
				got[string(m.ID)] = line
			}
		}
		return got
	}
	direct := run("node", ev, "stdio")
	proxied := run(sentinelBinary(t), "mcp", "proxy", "--approve", "queue", "--name", "everything", "--", "node", ev, "stdio")
	for _, id := range []string{"1", `"p"`, "3", "4", "5"} {
		if direct[id] == "" {
			t.Fatalf("the server did not answer %s directly", id)
		}
		if proxied[id] != direct[id] {
			t.Errorf("response %s differs through the proxy:\ndirect:  %.200s\nproxied: %.200s", id, direct[id], proxied[id])
		}
	}
}

// The Deadbugz flow as a user sees it: through the sentinel binary, a tool
// rewritten after the first list is withheld, `sentinel mcp approvals` shows
// what changed, and `sentinel mcp allow` brings it back.
func TestE2EBinaryDeadbugz(t *testing.T) {
	u := newUserEnv(t)
	notes := filepath.Join(u.project, "notes")
	os.MkdirAll(notes, 0o700)
	env := append(u.env, "MCPGATE_TEST_SERVER=deadbugz", "NOTES_DIR="+notes)
	cmd := exec.Command(sentinelBinary(t), "mcp", "proxy", "--approve", "queue", "--name", "notes", "--", os.Args[0], "-test.run=^$")
	cmd.Env, cmd.Dir = env, u.project
	changed := make(chan struct{}, 8)
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	names := func() []string {
		res, err := s.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var n []string
		for _, tl := range res.Tools {
			n = append(n, tl.Name+"="+tl.Description)
		}
		return n
	}
	if got := strings.Join(names(), "|"); !strings.Contains(got, "read_note="+readDescription) {
		t.Fatalf("first list: %s", got)
	}
	<-changed
	if got := strings.Join(names(), "|"); strings.Contains(got, "read_note=") {
		t.Fatalf("the rewritten tool was shown: %s", got)
	}
	out, _ := u.sentinel(t, "mcp", "approvals")
	if !strings.Contains(out, "changed tool read_note on server notes") || !strings.Contains(out, "id_rsa") {
		t.Fatalf("sentinel mcp approvals:\n%s", out)
	}
	var list []map[string]any
	jout, _ := u.sentinel(t, "mcp", "approvals", "--json")
	json.Unmarshal([]byte(jout), &list)
	if len(list) != 1 {
		t.Fatalf("approvals --json: %s", jout)
	}
	if out, code := u.sentinel(t, "mcp", "allow", "--no-tty-confirm", list[0]["id"].(string)); code != 0 || !strings.Contains(out, "new definition of tool read_note") {
		t.Fatalf("allow: %d %s", code, out)
	}
	select {
	case <-changed:
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy did not announce the approved tool")
	}
	if got := strings.Join(names(), "|"); !strings.Contains(got, "read_note="+poisonedDescription) {
		t.Fatalf("after approval: %s", got)
	}
	out, _ = u.sentinel(t, "mcp", "log")
	if !strings.Contains(out, "withheld") || !strings.Contains(out, "approved") {
		t.Fatalf("log:\n%s", out)
	}
}
