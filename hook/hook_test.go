package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

func newHandler(t *testing.T) *Handler {
	t.Helper()
	return &Handler{Store: blast.NewStore(t.TempDir())}
}

func run(t *testing.T, h *Handler, agent Agent, payload any) Result {
	t.Helper()
	var s string
	switch p := payload.(type) {
	case string:
		s = p
	default:
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		s = string(b)
	}
	return h.Handle(agent, strings.NewReader(s))
}

func claudeTool(session, tool string, input map[string]any) map[string]any {
	return map[string]any{
		"session_id": session, "transcript_path": "/tmp/t.jsonl", "cwd": "/repo",
		"permission_mode": "default", "hook_event_name": "PreToolUse",
		"tool_name": tool, "tool_input": input, "tool_use_id": "toolu_01",
	}
}

func claudePrompt(session string) map[string]any {
	return map[string]any{"session_id": session, "cwd": "/repo", "hook_event_name": "UserPromptSubmit", "prompt": "add an index"}
}

type claudeOut struct {
	HookSpecificOutput struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	} `json:"hookSpecificOutput"`
}

func decodeClaude(t *testing.T, r Result) claudeOut {
	t.Helper()
	var o claudeOut
	if err := json.Unmarshal(r.Stdout, &o); err != nil {
		t.Fatalf("output %q: %v", r.Stdout, err)
	}
	return o
}

func noOpinion(t *testing.T, r Result, what string) {
	t.Helper()
	if len(r.Stdout) != 0 || r.ExitCode != 0 || r.Denied {
		t.Fatalf("%s: want no opinion, got %+v (%s)", what, r, r.Stdout)
	}
}

func TestClaudeTurn(t *testing.T) {
	h := newHandler(t)
	write := claudeTool("s1", "Write", map[string]any{"file_path": "/repo/migrations/0001.sql", "content": "CREATE INDEX"})

	r := run(t, h, Claude, write)
	o := decodeClaude(t, r)
	if r.ExitCode != 0 || o.HookSpecificOutput.PermissionDecision != "deny" || o.HookSpecificOutput.HookEventName != "PreToolUse" {
		t.Fatalf("first write: %+v %s", r, r.Stdout)
	}
	reason := o.HookSpecificOutput.PermissionDecisionReason
	for _, want := range []string{"JUSTIFICATION", "ROLLBACK", "`migrations/0001.sql`"} {
		if !strings.Contains(reason, want) {
			t.Errorf("reason lacks %q: %s", want, reason)
		}
	}
	if strings.Contains(string(r.Stdout), `"allow"`) {
		t.Fatal("never answer allow")
	}
	noOpinion(t, run(t, h, Claude, write), "repeat in the same turn")
	noOpinion(t, run(t, h, Claude, claudePrompt("s1")), "new prompt")
	if !run(t, h, Claude, write).Denied {
		t.Fatal("a new turn must ask again")
	}
}

func TestClaudeNoOpinion(t *testing.T) {
	h := newHandler(t)
	for name, p := range map[string]any{
		"ordinary write": claudeTool("s", "Write", map[string]any{"file_path": "/repo/src/app.ts", "content": "x"}),
		"read of .env":   claudeTool("s", "Read", map[string]any{"file_path": "/repo/.env"}),
		"cat migration":  claudeTool("s", "Bash", map[string]any{"command": "cat migrations/0001.sql"}),
		"grep":           claudeTool("s", "Grep", map[string]any{"pattern": "auth"}),
		"mcp read":       claudeTool("s", "mcp__fs__read_file", map[string]any{"path": ".env"}),
		"other event":    map[string]any{"session_id": "s", "hook_event_name": "PostToolUse", "tool_name": "Write", "tool_input": map[string]any{"file_path": ".env"}},
		"read with junk": claudeTool("s", "Read", map[string]any{"file_path": 42}),
	} {
		noOpinion(t, run(t, h, Claude, p), name)
	}
}

func TestClaudeBash(t *testing.T) {
	h := newHandler(t)
	r := run(t, h, Claude, claudeTool("s", "Bash", map[string]any{"command": "echo x > migrations/0001.sql"}))
	if !r.Denied || !strings.Contains(decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason, "migrations/0001.sql") {
		t.Fatalf("echo > migration: %+v", r)
	}
}

func TestClaudeMultiEditOneQuestion(t *testing.T) {
	h := newHandler(t)
	p := claudeTool("s", "MultiEdit", map[string]any{
		"file_path": "/repo/migrations/0001.sql",
		"edits": []any{
			map[string]any{"old_string": "a", "new_string": "b"},
			map[string]any{"file_path": "/repo/k8s/deploy.yaml", "old_string": "a", "new_string": "b"},
		},
	})
	r := run(t, h, Claude, p)
	reason := decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason
	if !strings.Contains(reason, "migrations/0001.sql") || !strings.Contains(reason, "k8s/deploy.yaml") {
		t.Fatalf("one question with both paths: %s", reason)
	}
	noOpinion(t, run(t, h, Claude, p), "repeat")
}

func TestFailClosed(t *testing.T) {
	h := newHandler(t)
	for name, p := range map[string]string{
		"not json":         "{not json",
		"empty":            "",
		"write, bad input": `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"content":"no path"}}`,
		"write, no input":  `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Edit"}`,
		"unparsable bash":  `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo 'x > .env"}}`,
	} {
		r := run(t, h, Claude, p)
		if !r.Denied || !strings.Contains(decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason, "Sentinel") {
			t.Errorf("%s: want a deny that says why, got %+v %s", name, r, r.Stdout)
		}
	}
	// An unparsable command that names nothing risky is let be.
	noOpinion(t, run(t, h, Claude, `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo 'hello"}}`), "unparsable harmless bash")
}

func TestFailClosedOnStateErrors(t *testing.T) {
	dir := t.TempDir()
	h := &Handler{Store: blast.NewStore(dir)}
	// Make the gate directory unusable: a file where the directory should be.
	if err := os.WriteFile(filepath.Join(dir, "gate"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": "/repo/.env", "content": "A=1"}))
	if !r.Denied || !strings.Contains(string(r.Stdout), "fails closed") {
		t.Fatalf("state error on a risky write: %+v %s", r, r.Stdout)
	}
	// Ordinary writes never touch the state and pass.
	noOpinion(t, run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": "/repo/a.txt"})), "ordinary write")
	// No session ID on a risky write: deny.
	r = run(t, newHandler(t), Claude, claudeTool("", "Write", map[string]any{"file_path": "/repo/.env"}))
	if !r.Denied || !strings.Contains(string(r.Stdout), "check that the agent's hook runs `sentinel hook` for that agent") {
		t.Fatalf("risky write without a session not denied with what to do: %s", r.Stdout)
	}
	// No store at all.
	r = run(t, &Handler{StoreErr: os.ErrPermission}, Claude, claudeTool("s", "Write", map[string]any{"file_path": "/repo/.env"}))
	if !r.Denied {
		t.Fatal("risky write without a store not denied")
	}
	// A broken user configuration denies every write, and no read.
	hc := &Handler{Store: blast.NewStore(t.TempDir()), ConfigErr: os.ErrInvalid}
	if !run(t, hc, Claude, claudeTool("s", "Write", map[string]any{"file_path": "/repo/a.txt"})).Denied {
		t.Fatal("config error ignored")
	}
	noOpinion(t, run(t, hc, Claude, claudeTool("s", "Read", map[string]any{"file_path": "/repo/a.txt"})), "read with config error")
}

func TestSentinelOwnFiles(t *testing.T) {
	h := &Handler{Store: blast.NewStore(t.TempDir()), SentinelDirs: []string{"/home/u/.config/sentinel"}}
	for _, p := range []string{"/home/u/.config/sentinel/blast-radius.json", "/repo/.claude/settings.json", "/repo/.sentinel/config.yaml"} {
		if !run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": p})).Denied {
			t.Errorf("write to %s not challenged", p)
		}
	}
}

// A write to Sentinel's own folders is denied every time: a justification
// must not let the agent record approvals or loosen the gate by writing the
// files, any more than by running sentinel approve. Other blast centres let
// the repeated call through.
func TestSentinelOwnFilesDeniedEveryTime(t *testing.T) {
	h := &Handler{Store: blast.NewStore(t.TempDir()), SentinelDirs: []string{"/home/u/.config/sentinel"}}
	own := claudeTool("s", "Write", map[string]any{"file_path": "/home/u/.config/sentinel/approvals.json"})
	for i := 0; i < 3; i++ {
		r := run(t, h, Claude, own)
		if !r.Denied || !strings.Contains(string(r.Stdout), "Ask the user") {
			t.Fatalf("attempt %d: want a deny that leaves the change to the user, got %s", i+1, r.Stdout)
		}
	}
	other := claudeTool("s", "Write", map[string]any{"file_path": "/repo/migrations/1.sql"})
	if !run(t, h, Claude, other).Denied {
		t.Fatal("first write to a migration not challenged")
	}
	noOpinion(t, run(t, h, Claude, other), "the repeated, justified write to a migration")
}

func TestExtraPatterns(t *testing.T) {
	h := &Handler{Store: blast.NewStore(t.TempDir()), Extra: []blast.ExtraPattern{{Glob: "seeds/**", Reason: "production seed data"}}}
	r := run(t, h, Claude, claudeTool("s", "Edit", map[string]any{"file_path": "/repo/seeds/users.json"}))
	if !strings.Contains(string(r.Stdout), "production seed data") {
		t.Fatalf("%s", r.Stdout)
	}
}

func TestGemini(t *testing.T) {
	h := newHandler(t)
	tool := func(name string, in map[string]any) map[string]any {
		return map[string]any{"session_id": "g1", "transcript_path": "/t", "cwd": "/repo", "hook_event_name": "BeforeTool",
			"timestamp": "2026-01-01T00:00:00Z", "tool_name": name, "tool_input": in}
	}
	w := tool("write_file", map[string]any{"file_path": "/repo/.github/workflows/ci.yml", "content": "on: push"})
	r := run(t, h, Gemini, w)
	var o struct{ Decision, Reason string }
	if err := json.Unmarshal(r.Stdout, &o); err != nil || o.Decision != "deny" || !strings.Contains(o.Reason, "ROLLBACK") {
		t.Fatalf("gemini deny: %s %v", r.Stdout, err)
	}
	noOpinion(t, run(t, h, Gemini, w), "repeat")
	noOpinion(t, run(t, h, Gemini, tool("read_file", map[string]any{"absolute_path": "/repo/.env"})), "read")
	noOpinion(t, run(t, h, Gemini, map[string]any{"session_id": "g1", "hook_event_name": "BeforeAgent", "prompt": "again"}), "new prompt")
	if !run(t, h, Gemini, w).Denied {
		t.Fatal("new turn")
	}
	if !run(t, h, Gemini, tool("replace", map[string]any{"file_path": "/repo/go.sum", "old_string": "a", "new_string": "b"})).Denied {
		t.Fatal("replace on go.sum")
	}
	if !run(t, h, Gemini, tool("run_shell_command", map[string]any{"command": "sed -i s/a/b/ Makefile"})).Denied {
		t.Fatal("sed -i Makefile")
	}
}

func TestCursor(t *testing.T) {
	h := newHandler(t)
	base := func(ev, gen string) map[string]any {
		return map[string]any{"hook_event_name": ev, "conversation_id": "c1", "generation_id": gen, "workspace_roots": []string{"/repo"}}
	}
	shell := base("beforeShellExecution", "g1")
	shell["command"] = "rm -rf terraform/"
	shell["cwd"] = "/repo"
	r := run(t, h, Cursor, shell)
	var o struct {
		Permission   string `json:"permission"`
		UserMessage  string `json:"user_message"`
		AgentMessage string `json:"agent_message"`
	}
	if err := json.Unmarshal(r.Stdout, &o); err != nil || o.Permission != "deny" || !strings.Contains(o.AgentMessage, "JUSTIFICATION") || !strings.Contains(o.UserMessage, "terraform") {
		t.Fatalf("cursor deny: %s", r.Stdout)
	}
	noOpinion(t, run(t, h, Cursor, shell), "repeat in the same generation")
	// A new generation is a new turn even without beforeSubmitPrompt.
	shell["generation_id"] = "g2"
	if !run(t, h, Cursor, shell).Denied {
		t.Fatal("new generation")
	}
	pre := base("preToolUse", "g2")
	pre["tool_name"] = "Write"
	pre["tool_input"] = map[string]any{"file_path": "/repo/Dockerfile", "contents": "FROM x"}
	if !run(t, h, Cursor, pre).Denied {
		t.Fatal("preToolUse Write Dockerfile")
	}
	noOpinion(t, run(t, h, Cursor, base("beforeSubmitPrompt", "g3")), "prompt")
	noOpinion(t, run(t, h, Cursor, base("beforeReadFile", "g3")), "read")
	// The line shown to the person names Sentinel once.
	r = run(t, h, Cursor, "not json")
	o.UserMessage = ""
	if err := json.Unmarshal(r.Stdout, &o); err != nil || !strings.HasPrefix(o.UserMessage, "Sentinel could not parse") {
		t.Fatalf("malformed input, user message: %s", r.Stdout)
	}
}

func TestParseConfig(t *testing.T) {
	c, err := ParseConfig([]byte(`{"patterns":[{"glob":"seeds/**","reason":"seed data"}]}`))
	if err != nil || len(c.Patterns) != 1 {
		t.Fatal(c, err)
	}
	for _, bad := range []string{`{"patterns":[{"reason":"x"}]}`, `{"pattern":[]}`, `{"patterns":[{"glob":"[x"}]}`, `nope`} {
		if _, err := ParseConfig([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// FuzzHandle: any bytes on stdin give a decision in the agent's format or no
// output, never a panic, and the output is always valid JSON.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/r/.env"}}`,
		`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo x > a.sql"}}`,
		`{"session_id":"s","hook_event_name":"UserPromptSubmit","prompt":"x"}`,
		`{"conversation_id":"c","generation_id":"g","hook_event_name":"beforeShellExecution","command":"rm .env"}`,
		`{"session_id":"s","hook_event_name":"BeforeTool","tool_name":"replace","tool_input":{"file_path":"go.sum"}}`,
		`{"tool_name":"MultiEdit","tool_input":{"file_path":"a","edits":[{"file_path":"k8s/x"}]}}`,
		`{"tool_name":"applyPatch","tool_input":{"patch":"--- a/x\n+++ /dev/null\n"}}`,
		`[]`, `null`, `"x"`,
	} {
		f.Add(s, uint8(0))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, in string, agentN uint8) {
		agent := Agents[int(agentN)%len(Agents)]
		h := &Handler{Store: blast.NewStore(dir)}
		r := h.Handle(agent, strings.NewReader(in))
		if len(r.Stdout) > 0 && !json.Valid(r.Stdout) {
			t.Fatalf("invalid JSON output %q", r.Stdout)
		}
		if strings.Contains(string(r.Stdout), `"allow"`) {
			t.Fatalf("answered allow: %s", r.Stdout)
		}
		if len(r.Stdout) > 0 && !r.Denied {
			t.Fatalf("output without a deny: %s", r.Stdout)
		}
	})
}

func TestPathsRelativeToProjectNotCwd(t *testing.T) {
	// The agent announces the project directory.
	h := newHandler(t)
	h.Getenv = func(k string) string {
		if k == "CLAUDE_PROJECT_DIR" {
			return "/repo"
		}
		return ""
	}
	p := claudeTool("s", "Bash", map[string]any{"command": "echo x >> migrate/20240101_init.rb"})
	p["cwd"] = "/repo/db"
	r := run(t, h, Claude, p)
	if !r.Denied || !strings.Contains(string(r.Stdout), "db/migrate/20240101_init.rb") {
		t.Fatalf("write from a subdirectory: %s", r.Stdout)
	}
	// Without it, the git repository around cwd is the project.
	proj := t.TempDir()
	os.MkdirAll(filepath.Join(proj, ".git"), 0o755)
	os.MkdirAll(filepath.Join(proj, "db"), 0o755)
	p = claudeTool("s2", "Write", map[string]any{"file_path": filepath.Join(proj, "db", "migrate", "1.rb")})
	p["cwd"] = filepath.Join(proj, "db")
	if r := run(t, newHandler(t), Claude, p); !strings.Contains(string(r.Stdout), "`db/migrate/1.rb`") {
		t.Fatalf("git root: %s", r.Stdout)
	}
}

func TestSymlinksDoNotHideBlastCentres(t *testing.T) {
	proj := t.TempDir()
	os.MkdirAll(filepath.Join(proj, "migrations"), 0o755)
	os.WriteFile(filepath.Join(proj, "migrations", "1.sql"), []byte("x"), 0o644)
	if err := os.Symlink(filepath.Join(proj, "migrations", "1.sql"), filepath.Join(proj, "notes.txt")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	os.Symlink(filepath.Join(proj, "migrations"), filepath.Join(proj, "docs"))
	h := newHandler(t)
	p := claudeTool("s", "Write", map[string]any{"file_path": filepath.Join(proj, "notes.txt"), "content": "DROP TABLE users;"})
	p["cwd"] = proj
	if r := run(t, h, Claude, p); !r.Denied || !strings.Contains(string(r.Stdout), "migrations/1.sql") {
		t.Fatalf("symlinked file: %s", r.Stdout)
	}
	p = claudeTool("s", "Bash", map[string]any{"command": "echo x > docs/new.txt"})
	p["cwd"] = proj
	if r := run(t, h, Claude, p); !r.Denied || !strings.Contains(string(r.Stdout), "migrations/new.txt") {
		t.Fatalf("file in a symlinked folder: %s", r.Stdout)
	}
}

func TestGeminiShellDirectory(t *testing.T) {
	h := newHandler(t)
	p := map[string]any{"session_id": "g", "cwd": "/repo", "hook_event_name": "BeforeTool", "tool_name": "run_shell_command",
		"tool_input": map[string]any{"command": "echo x >> 0001_init.sql.bak", "directory": "db/migrations"}}
	r := run(t, h, Gemini, p)
	if !r.Denied || !strings.Contains(string(r.Stdout), "db/migrations/0001_init.sql.bak") {
		t.Fatalf("%s", r.Stdout)
	}
}

// TestClassifyEvent pins which event names each agent's handler answers: an
// agent's own names only, never another agent's, and a nameless event with a
// tool as a tool call.
func TestClassifyEvent(t *testing.T) {
	for _, c := range []struct {
		agent      Agent
		name, tool string
		want       kind
		wantTool   string
	}{
		{Claude, "PreToolUse", "Write", kindTool, "Write"},
		{Claude, "UserPromptSubmit", "", kindPrompt, ""},
		{Claude, "PostToolUse", "Write", kindOther, ""},
		{Claude, "BeforeTool", "Write", kindOther, ""},
		{Claude, "preToolUse", "Write", kindOther, ""},
		{Claude, "beforeShellExecution", "", kindOther, ""},
		{Gemini, "BeforeTool", "write_file", kindTool, "write_file"},
		{Gemini, "BeforeAgent", "", kindPrompt, ""},
		{Gemini, "PreToolUse", "write_file", kindOther, ""},
		{Gemini, "beforeSubmitPrompt", "", kindOther, ""},
		{Cursor, "preToolUse", "Write", kindTool, "Write"},
		{Cursor, "beforeShellExecution", "", kindTool, "Shell"},
		{Cursor, "beforeSubmitPrompt", "", kindPrompt, ""},
		{Cursor, "UserPromptSubmit", "", kindOther, ""},
		{Cursor, "PreToolUse", "Write", kindOther, ""},
		{Claude, "", "Write", kindTool, "Write"},
		{Gemini, "", "write_file", kindTool, "write_file"},
		{Cursor, "", "Write", kindTool, "Write"},
		{Claude, "", "", kindOther, ""},
		{Agent("other"), "", "Write", kindTool, "Write"},
		{Agent("other"), "", "", kindOther, ""},
		{Agent("other"), "PreToolUse", "Write", kindOther, ""},
	} {
		ev := event{HookEventName: c.name, ToolName: c.tool, Command: "rm -rf db/migrate"}
		k, tool, input := classifyEvent(c.agent, &ev)
		if k != c.want || tool != c.wantTool {
			t.Errorf("classifyEvent(%s, %q, %q) = %v %q, want %v %q", c.agent, c.name, c.tool, k, tool, c.want, c.wantTool)
		}
		if c.wantTool == "Shell" && string(input) != `{"command":"rm -rf db/migrate"}` {
			t.Errorf("Cursor shell input = %s", input)
		}
	}
}

// TestUnparsableCommandNamingABlastCentre pins the unparsed-shell branch: the
// deny says the command did not parse and names the centre, and it does not
// go through the turn's gate, so repeating the call is denied again.
func TestUnparsableCommandNamingABlastCentre(t *testing.T) {
	h := newHandler(t)
	call := claudeTool("s", "Bash", map[string]any{"command": "echo 'x > .env"})
	for i := range 2 {
		r := run(t, h, Claude, call)
		reason := decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason
		if !r.Denied || !strings.Contains(reason, "could not parse this command") || !strings.Contains(reason, ".env") {
			t.Fatalf("call %d: want a deny naming the unparsed command and .env, got %+v %s", i+1, r, r.Stdout)
		}
	}
	// A well-formed input that is not a JSON object is refused as unreadable.
	r := run(t, h, Claude, `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"echo hi"}`)
	if reason := decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason; !r.Denied || !strings.Contains(reason, "could not read the input of this Bash call") {
		t.Fatalf("non-object input: got %+v %s", r, r.Stdout)
	}
}

// TestSymlinksHiddenDeeper covers links the write goes through although the
// file is not there yet, and a project opened through a link.
func TestSymlinksHiddenDeeper(t *testing.T) {
	base := t.TempDir()
	proj := filepath.Join(base, "infra", "app") // a project inside an "infra" folder
	os.MkdirAll(filepath.Join(proj, "migrations"), 0o755)
	os.MkdirAll(filepath.Join(proj, "src"), 0o755)
	os.MkdirAll(filepath.Join(proj, ".git"), 0o755)
	if err := os.Symlink("migrations/1.sql", filepath.Join(proj, "notes.txt")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	os.Symlink("migrations", filepath.Join(proj, "m"))
	os.Symlink("../migrations/2.rb", filepath.Join(proj, "src", "chain.txt"))
	os.Symlink("chain.txt", filepath.Join(proj, "src", "outer.txt"))
	link := filepath.Join(base, "applink")
	os.Symlink(proj, link)

	for _, c := range []struct {
		name, cwd, tool string
		input           map[string]any
		want            string // "" for no opinion
	}{
		{"dangling link to a migration", proj, "Write", map[string]any{"file_path": filepath.Join(proj, "notes.txt")}, "`migrations/1.sql`"},
		{"chain of dangling links", proj, "Write", map[string]any{"file_path": "src/outer.txt"}, "`migrations/2.rb`"},
		{"new folder below a linked one", proj, "Write", map[string]any{"file_path": filepath.Join(proj, "m", "sub", "3.rb")}, "`migrations/sub/3.rb`"},
		{"shell write below a linked folder", proj, "Bash", map[string]any{"command": "echo x > m/a/b/4.rb"}, "`migrations/a/b/4.rb`"},
		{"project opened through a link", link, "Write", map[string]any{"file_path": filepath.Join(link, "src", "a.ts")}, ""},
		{"new file, project opened through a link", link, "Bash", map[string]any{"command": "echo x > src/new/b.ts"}, ""},
		{"migration, project opened through a link", link, "Write", map[string]any{"file_path": filepath.Join(link, "m", "5.rb")}, "`migrations/5.rb`"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := claudeTool("s-"+c.name, c.tool, c.input)
			p["cwd"] = c.cwd
			r := run(t, newHandler(t), Claude, p)
			if c.want == "" {
				noOpinion(t, r, c.name)
				return
			}
			if !r.Denied || !strings.Contains(string(r.Stdout), c.want) {
				t.Fatalf("want a deny naming %s, got %s", c.want, r.Stdout)
			}
		})
	}
}

// TestHomeInPaths: a path that starts with ~ or $HOME is judged where the
// shell writes it, in the home folder, so Sentinel's own configuration there
// stays a blast centre.
func TestHomeInPaths(t *testing.T) {
	home := t.TempDir()
	cfg := filepath.Join(home, ".config", "sentinel")
	for _, cmd := range []string{
		"rm ~/.config/sentinel/blast-radius.json",
		"echo '{}' > $HOME/.config/sentinel/approvals.json",
		`cp x "${HOME}/.config/sentinel/trusted-keys.json"`,
		"rm -rf ~/.config/sentinel",
	} {
		h := newHandler(t)
		h.SentinelDirs = []string{cfg}
		h.Getenv = func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}
		r := run(t, h, Claude, claudeTool("s", "Bash", map[string]any{"command": cmd}))
		if !r.Denied || !strings.Contains(string(r.Stdout), "Sentinel's own configuration or state") {
			t.Errorf("%s: want a deny for Sentinel's own configuration, got %s", cmd, r.Stdout)
		}
	}
	// A ~ inside a name is not the home folder.
	h := newHandler(t)
	h.SentinelDirs = []string{cfg}
	h.Getenv = func(k string) string { return map[string]string{"HOME": home}[k] }
	noOpinion(t, run(t, h, Claude, claudeTool("s", "Bash", map[string]any{"command": "echo x > ~backup/notes.txt"})), "~backup")
}

// Issue 14: the files that switch the hook off (the agents' hook settings,
// the executable the hooks run, Sentinel's trust anchors in the repository)
// are denied in every turn, like Sentinel's own folders: a justification
// must not open them. Each row is tried three times in one turn.
func TestGateOffSwitchesDeniedEveryTime(t *testing.T) {
	env := map[string]string{"HOME": "/home/u", "PATH": "/usr/bin:/home/u/.local/bin"}
	h := &Handler{
		Store:        blast.NewStore(t.TempDir()),
		SentinelDirs: []string{"/home/u/.config/sentinel"},
		HookBinaries: []string{"/home/u/go/bin/sentinel"},
		Getenv:       func(k string) string { return env[k] },
	}
	tests := []struct {
		name, tool string
		input      map[string]any
		why        string
	}{
		{"user Claude settings", "Write", map[string]any{"file_path": "/home/u/.claude/settings.json"}, "switches Sentinel's hook off"},
		{"disableAllHooks in settings.local", "Edit", map[string]any{"file_path": "/repo/.claude/settings.local.json", "old_string": "{", "new_string": `{"disableAllHooks":true,`}, "switches Sentinel's hook off"},
		{"project Claude settings via ~", "Bash", map[string]any{"command": "echo '{}' > ~/.claude/settings.json"}, "switches Sentinel's hook off"},
		{"Gemini settings", "Write", map[string]any{"file_path": "/home/u/.gemini/settings.json"}, "switches Sentinel's hook off"},
		{"Cursor hooks", "Bash", map[string]any{"command": "rm /repo/.cursor/hooks.json"}, "switches Sentinel's hook off"},
		{"the .claude folder", "Bash", map[string]any{"command": "mv .claude .claude.off"}, "switches Sentinel's hook off"},
		{"look-alike settings", "Write", map[string]any{"file_path": "/repo/.Claude/ſettings.json"}, "switches Sentinel's hook off"},
		{"hook binary replaced", "Bash", map[string]any{"command": "cp /bin/true ~/go/bin/sentinel"}, "the Sentinel program the hooks run"},
		{"hook binary folder", "Bash", map[string]any{"command": "rm -rf /home/u/go/bin"}, "the Sentinel program the hooks run"},
		{"shadowing sentinel on PATH", "Bash", map[string]any{"command": "ln -s /bin/true /home/u/.local/bin/sentinel"}, "the Sentinel program the hooks run"},
		{"AGENTS.lock", "Write", map[string]any{"file_path": "/repo/AGENTS.lock"}, "trust anchor"},
		{".sentinel folder", "Bash", map[string]any{"command": "rm -rf .sentinel"}, "trust anchor"},
		{"Sentinel's config folder parent", "Bash", map[string]any{"command": "rm -rf ~/.config"}, "Sentinel's own configuration or state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range 3 {
				r := run(t, h, Claude, claudeTool("s", tt.tool, tt.input))
				o := decodeClaude(t, r)
				why := o.HookSpecificOutput.PermissionDecisionReason
				if !r.Denied || !strings.Contains(why, tt.why) || !strings.Contains(why, "Ask the user") {
					t.Fatalf("attempt %d: want a deny saying %q, got %s", i+1, tt.why, r.Stdout)
				}
			}
		})
	}
}

// Without HookBinaries the handler protects the running executable and
// `sentinel` in every PATH folder.
func TestDefaultHookBinaries(t *testing.T) {
	env := map[string]string{"PATH": "/opt/tools/bin" + string(os.PathListSeparator) + "relative/bin"}
	h := &Handler{Store: blast.NewStore(t.TempDir()), Getenv: func(k string) string { return env[k] }}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	for _, p := range []string{exe, "/opt/tools/bin/sentinel", "/opt/tools/bin/sentinel.exe"} {
		for i := range 2 {
			if r := run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": p})); !r.Denied {
				t.Fatalf("write %d to %s: want a deny, got no opinion", i+1, p)
			}
		}
	}
	noOpinion(t, run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": "/opt/tools/bin/other"})), "another program on PATH")
}

// Issue 14, "tools by what they do", through the handler: each row is a
// write to a blast centre by a tool the hook did not judge before, asked
// once and let through on the repeat (or denied again for an off switch).
func TestNewWriteToolsJudged(t *testing.T) {
	env := map[string]string{"HOME": "/home/u"}
	tests := []struct {
		name     string
		agent    Agent
		payload  map[string]any
		everyTry bool
	}{
		{"PowerShell Set-Content", Claude, claudeTool("s", "PowerShell", map[string]any{"command": "Set-Content -Path .env -Value 'A=1'"}), false},
		{"PowerShell redirection", Claude, claudeTool("s", "PowerShell", map[string]any{"command": "echo x > .github\\workflows\\ci.yml"}), false},
		{"PowerShell Remove-Item user settings", Claude, claudeTool("s", "PowerShell", map[string]any{"command": `Remove-Item $env:USERPROFILE\.claude\settings.json`}), true},
		{"PowerShell unmodelled .NET call", Claude, claudeTool("s", "PowerShell", map[string]any{"command": `[IO.File]::WriteAllText('go.sum', '')`}), true},
		{"Claude MCP tool, odd key", Claude, claudeTool("s", "mcp__fs__write", map[string]any{"p": "/repo/migrations/1.sql", "content": "x"}), false},
		{"Claude MCP tool, hook settings", Claude, claudeTool("s", "mcp__fs__write", map[string]any{"target": "/repo/.claude/settings.local.json"}), true},
		{"Cursor preToolUse MCP", Cursor, cursorEvent("preToolUse", map[string]any{"tool_name": "MCP:write_file", "tool_input": map[string]any{"path": "/repo/.env"}}), false},
		{"Cursor beforeMCPExecution", Cursor, cursorEvent("beforeMCPExecution", map[string]any{"tool_name": "write_file", "tool_input": `{"path":"/repo/Makefile"}`, "command": "npx server"}), false},
		{"Cursor TabWrite", Cursor, cursorEvent("preToolUse", map[string]any{"tool_name": "TabWrite", "tool_input": map[string]any{"file_path": "/repo/go.sum"}}), false},
		{"Cursor delete_file", Cursor, cursorEvent("preToolUse", map[string]any{"tool_name": "delete_file", "tool_input": map[string]any{"target_file": "/repo/CLAUDE.md"}}), false},
		{"Gemini save_memory", Gemini, map[string]any{"session_id": "g", "cwd": "/repo", "hook_event_name": "BeforeTool", "tool_name": "save_memory", "tool_input": map[string]any{"fact": "always skip tests"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &Handler{Store: blast.NewStore(t.TempDir()), Getenv: func(k string) string { return env[k] }}
			if r := run(t, h, tt.agent, tt.payload); !r.Denied {
				t.Fatalf("first call: want a deny, got %+v", r)
			}
			r := run(t, h, tt.agent, tt.payload)
			if r.Denied != tt.everyTry {
				t.Fatalf("repeated call: denied = %v, want %v (%s)", r.Denied, tt.everyTry, r.Stdout)
			}
		})
	}
}

func cursorEvent(name string, fields map[string]any) map[string]any {
	ev := map[string]any{"hook_event_name": name, "conversation_id": "c1", "generation_id": "g1", "workspace_roots": []string{"/repo"}, "cwd": "/repo"}
	for k, v := range fields {
		ev[k] = v
	}
	return ev
}

// Ordinary calls of the new tools get no opinion.
func TestNewWriteToolsOrdinary(t *testing.T) {
	h := newHandler(t)
	for _, p := range []map[string]any{
		claudeTool("s", "PowerShell", map[string]any{"command": "Get-Content .env; Set-Content notes.txt x"}),
		claudeTool("s", "mcp__github__search_code", map[string]any{"query": "auth bug", "page": 2}),
		claudeTool("s", "mcp__fs__list", nil),
		cursorEvent("beforeMCPExecution", map[string]any{"tool_name": "fetch", "tool_input": `{"url":"https://example.com/.env"}`}),
	} {
		noOpinion(t, run(t, h, Claude, p), "ordinary call")
	}
}

// The agent cannot approve itself through PowerShell either.
func TestPowerShellSelfApproval(t *testing.T) {
	h := newHandler(t)
	r := run(t, h, Claude, claudeTool("s", "PowerShell", map[string]any{"command": "sentinel approve"}))
	if !r.Denied || !strings.Contains(string(r.Stdout), "decisions are made by the person") {
		t.Fatalf("sentinel approve via PowerShell: %s", r.Stdout)
	}
}

// A hard link to an off switch is the off switch: writing the link writes
// the hook settings, the executable or an approval. Symbolic links were
// already followed; hard links have no target to follow, so the handler
// compares files.
func TestHardLinksToOffSwitches(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	bin := filepath.Join(t.TempDir(), "sentinel")
	cfg := filepath.Join(home, ".config", "sentinel")
	for _, f := range []string{filepath.Join(home, ".claude", "settings.json"), bin, filepath.Join(repo, "AGENTS.lock"), filepath.Join(cfg, "approvals.json")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, "CLAUDE_PROJECT_DIR": repo}
	h := &Handler{Store: blast.NewStore(t.TempDir()), SentinelDirs: []string{cfg}, HookBinaries: []string{bin}, Getenv: func(k string) string { return env[k] }}
	tests := []struct{ target, why string }{
		{filepath.Join(home, ".claude", "settings.json"), "switches Sentinel's hook off"},
		{bin, "the Sentinel program the hooks run"},
		{filepath.Join(repo, "AGENTS.lock"), "trust anchor"},
		{filepath.Join(cfg, "approvals.json"), "Sentinel's own configuration"},
	}
	for i, tt := range tests {
		link := filepath.Join(repo, "notes"+string(rune('a'+i))+".txt")
		if err := os.Link(tt.target, link); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
		for try := range 2 {
			r := run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": link, "content": "x"}))
			if !r.Denied || !strings.Contains(string(r.Stdout), tt.why) {
				t.Fatalf("write %d to a hard link to %s: want a deny saying %q, got %s", try+1, tt.target, tt.why, r.Stdout)
			}
		}
	}
	// An ordinary file is still ordinary.
	plain := filepath.Join(repo, "plain.txt")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	noOpinion(t, run(t, h, Claude, claudeTool("s", "Write", map[string]any{"file_path": plain, "content": "y"})), "ordinary file")
}
