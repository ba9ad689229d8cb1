package cli_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 14, "no way around the runtime guards": each row is a way an agent
// could write a blast centre, or switch the gate off, past the hook, run
// through the built binary. A row asked once must be denied on the first
// call and let through on the identical second call of the same turn; a row
// that is one of the gate's off switches (or a command the hook cannot read
// that names a blast centre) must be denied on the second call too.
func TestRedTeamToolsE2E(t *testing.T) {
	e := newHookE2E(t)
	home := filepath.Dir(e.repo)
	goBin := filepath.Join(home, "go", "bin")
	e.env = append(e.env, "PATH="+goBin+string(os.PathListSeparator)+os.Getenv("PATH"))
	repo := func(p string) string { return filepath.Join(e.repo, filepath.FromSlash(p)) }

	cursor := func(session, event string, fields map[string]any) string {
		ev := map[string]any{"hook_event_name": event, "conversation_id": session, "generation_id": "gen-1",
			"workspace_roots": []string{e.repo}, "cwd": e.repo}
		for k, v := range fields {
			ev[k] = v
		}
		b, _ := json.Marshal(ev)
		return string(b)
	}

	const (
		once  = "asked once"
		every = "denied every time"
	)
	tests := []struct {
		name  string
		agent string
		call  func(session string) string
		want  string
		why   string // in the deny's reason
	}{
		// Claude Code's PowerShell tool.
		{"PowerShell Set-Content .env", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "Set-Content -Path .env -Value 'A=1'"})
		}, once, "environment secrets"},
		{"PowerShell Out-File workflow", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": `'on: push' | Out-File -FilePath .github\workflows\ci.yml`})
		}, once, "CI workflow"},
		{"PowerShell alias del lockfile", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "del go.sum"})
		}, once, "lockfile"},
		{"PowerShell redirection", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "Get-Date >> Makefile"})
		}, once, "build or deploy"},
		{"PowerShell Rename-Item -NewName", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "Rename-Item -Path notes.txt -NewName CLAUDE.md"})
		}, once, "a file an AI agent obeys"},
		{"PowerShell .NET call naming .env", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "[IO.File]::WriteAllText('.env', 'x')"})
		}, every, "could not parse"},
		{"PowerShell path in a variable", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "$f = '.env'; Remove-Item $f"})
		}, every, "could not parse"},
		{"PowerShell path from the pipeline", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "'go.sum' | Remove-Item"})
		}, every, "could not parse"},
		{"PowerShell typographic quotes and dash", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": "Remove-Item \u2013Path \u2018.env\u2019"})
		}, once, "environment secrets"},
		{"PowerShell removes user hook settings", "claude", func(s string) string {
			return e.claudeTool(s, "PowerShell", map[string]any{"command": `Remove-Item $HOME\.claude\settings.json`})
		}, every, "switches Sentinel's hook off"},
		// MCP tools, judged by value whatever the key.
		{"mcp__ write with an odd key", "claude", func(s string) string {
			return e.claudeTool(s, "mcp__filesystem__write_file", map[string]any{"p": repo(".env"), "content": "A=1"})
		}, once, "environment secrets"},
		{"mcp__ nested argument", "claude", func(s string) string {
			return e.claudeTool(s, "mcp__x__apply", map[string]any{"ops": []any{map[string]any{"to": ".github/workflows/ci.yml"}}})
		}, once, "CI workflow"},
		{"mcp__ write to hook settings", "claude", func(s string) string {
			return e.claudeTool(s, "mcp__filesystem__write_file", map[string]any{"path": repo(".claude/settings.local.json"), "content": `{"disableAllHooks":true}`})
		}, every, "switches Sentinel's hook off"},
		{"mcp__ path nested past the walk's depth", "claude", func(s string) string {
			var v any = ".env"
			for range 40 {
				v = []any{v}
			}
			return e.claudeTool(s, "mcp__x__apply", map[string]any{"v": v})
		}, every, "could not read the input"},
		{"Cursor preToolUse MCP:", "cursor", func(s string) string {
			return cursor(s, "preToolUse", map[string]any{"tool_name": "MCP:write_file", "tool_input": map[string]any{"path": repo("go.sum")}})
		}, once, "lockfile"},
		{"Cursor beforeMCPExecution (JSON string input)", "cursor", func(s string) string {
			return cursor(s, "beforeMCPExecution", map[string]any{"tool_name": "edit", "tool_input": fmt.Sprintf(`{"file":%q}`, repo("Dockerfile")), "command": "npx srv"})
		}, once, "build or deploy"},
		// Cursor's other write tools.
		{"Cursor TabWrite", "cursor", func(s string) string {
			return cursor(s, "preToolUse", map[string]any{"tool_name": "TabWrite", "tool_input": map[string]any{"file_path": repo("migrations/1.sql")}})
		}, once, "database migration"},
		{"Cursor delete_file AGENTS.md", "cursor", func(s string) string {
			return cursor(s, "preToolUse", map[string]any{"tool_name": "delete_file", "tool_input": map[string]any{"target_file": repo("AGENTS.md")}})
		}, once, "a file an AI agent obeys"},
		{"Cursor Write hooks.json", "cursor", func(s string) string {
			return cursor(s, "preToolUse", map[string]any{"tool_name": "Write", "tool_input": map[string]any{"file_path": repo(".cursor/hooks.json")}})
		}, every, "switches Sentinel's hook off"},
		// Look-alike paths a case-insensitive file system opens as the real file.
		{"long s in workflows", "claude", func(s string) string {
			return e.claudeTool(s, "Write", map[string]any{"file_path": repo(".github/workflowſ/ci.yml")})
		}, once, "CI workflow"},
		{"mixed-case .GitHub/Workflows", "claude", func(s string) string {
			return e.claudeTool(s, "Write", map[string]any{"file_path": repo(".GitHub/Workflows/ci.yml")})
		}, once, "CI workflow"},
		{"mixed-case hook settings", "claude", func(s string) string {
			return e.claudeTool(s, "Edit", map[string]any{"file_path": repo(".Claude/Settings.Local.JSON"), "old_string": "{", "new_string": `{"disableAllHooks":true,`})
		}, every, "switches Sentinel's hook off"},
		{"Windows stream name", "claude", func(s string) string {
			return e.claudeTool(s, "Write", map[string]any{"file_path": repo(".env::$DATA")})
		}, once, "environment secrets"},
		// The settings that install the hook, and the hook binary: every time.
		{"user Claude settings", "claude", func(s string) string {
			return e.claudeTool(s, "Write", map[string]any{"file_path": filepath.Join(home, ".claude", "settings.json"), "content": "{}"})
		}, every, "switches Sentinel's hook off"},
		{"Gemini settings by Bash", "claude", func(s string) string {
			return e.claudeTool(s, "Bash", map[string]any{"command": "rm ~/.gemini/settings.json"})
		}, every, "switches Sentinel's hook off"},
		{"move the .claude folder away", "claude", func(s string) string {
			return e.claudeTool(s, "Bash", map[string]any{"command": "mv .claude .claude.bak"})
		}, every, "switches Sentinel's hook off"},
		{"replace sentinel on PATH", "claude", func(s string) string {
			return e.claudeTool(s, "Bash", map[string]any{"command": "cp /bin/true ~/go/bin/sentinel"})
		}, every, "the Sentinel program the hooks run"},
		{"overwrite the running binary", "claude", func(s string) string {
			return e.claudeTool(s, "Write", map[string]any{"file_path": e.bin, "content": "#!/bin/sh\nexit 0\n"})
		}, every, "the Sentinel program the hooks run"},
		{"AGENTS.lock", "claude", func(s string) string {
			return e.claudeTool(s, "Write", map[string]any{"file_path": repo("AGENTS.lock"), "content": "{}"})
		}, every, "trust anchor"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			session := fmt.Sprintf("redteam-%d", i)
			call := tt.call(session)
			for try := 1; try <= 2; try++ {
				out, stderr, code := e.run(call, "hook", tt.agent)
				if code != 0 {
					t.Fatalf("try %d: exit %d, stderr %q", try, code, stderr)
				}
				denied, reason := redTeamDecision(t, tt.agent, out)
				if try == 1 || tt.want == every {
					if !denied || !strings.Contains(reason, tt.why) {
						t.Fatalf("try %d: want a deny saying %q, got %q", try, tt.why, out)
					}
					continue
				}
				if out != "" {
					t.Fatalf("try 2 of a row asked once: want no opinion, got %q", out)
				}
			}
		})
	}
}

// Ordinary calls of the same tools get no opinion: the gate must not teach
// the user to switch it off.
func TestRedTeamToolsOrdinaryE2E(t *testing.T) {
	e := newHookE2E(t)
	for name, call := range map[string]string{
		"PowerShell reads":     e.claudeTool("s", "PowerShell", map[string]any{"command": "Get-Content .env; Get-ChildItem .github"}),
		"PowerShell src write": e.claudeTool("s", "PowerShell", map[string]any{"command": `Set-Content -Path src\app.ts -Value x`}),
		"MCP read of .env":     e.claudeTool("s", "mcp__filesystem__read_file", map[string]any{"path": filepath.Join(e.repo, ".env")}),
		"MCP search":           e.claudeTool("s", "mcp__github__create_issue", map[string]any{"title": "fix auth bug", "body": "see .env handling\nthanks"}),
		"benign twin":          e.claudeTool("s", "Write", map[string]any{"file_path": filepath.Join(e.repo, "src", "author.ts")}),
		"benign chart":         e.claudeTool("s", "Write", map[string]any{"file_path": filepath.Join(e.repo, "src", "charts", "Bar.tsx")}),
	} {
		if out, stderr, code := e.run(call, "hook", "claude"); out != "" || code != 0 {
			t.Errorf("%s: want no opinion, got %q (exit %d, %q)", name, out, code, stderr)
		}
	}
}

// redTeamDecision reads a Claude Code or Cursor decision: whether it denies,
// and the reason the agent reads. No output is no opinion.
func redTeamDecision(t *testing.T, agent, stdout string) (bool, string) {
	t.Helper()
	if stdout == "" {
		return false, ""
	}
	if strings.Contains(stdout, `"allow"`) {
		t.Fatalf("the hook answered allow: %q", stdout)
	}
	if agent == "claude" {
		dec, reason := hookE2EDecision(t, stdout)
		return dec == "deny", reason
	}
	var o struct {
		Permission   string `json:"permission"`
		AgentMessage string `json:"agent_message"`
	}
	if err := json.Unmarshal([]byte(stdout), &o); err != nil {
		t.Fatalf("stdout is not a Cursor decision: %q (%v)", stdout, err)
	}
	return o.Permission == "deny", o.AgentMessage
}

// A hard link made earlier (`ln ~/.claude/settings.json notes.txt`) must
// not turn a write to the hook settings into an ordinary write.
func TestRedTeamHardLinkE2E(t *testing.T) {
	e := newHookE2E(t)
	home := filepath.Dir(e.repo)
	settings := filepath.Join(home, ".claude", "settings.json")
	for _, d := range []string{filepath.Dir(settings), e.repo} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(settings, []byte(`{"hooks":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(e.repo, "notes.txt")
	if err := os.Link(settings, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	call := e.claudeTool("hardlink", "Write", map[string]any{"file_path": link, "content": `{"disableAllHooks":true}`})
	for try := 1; try <= 2; try++ {
		out, _, _ := e.run(call, "hook", "claude")
		if denied, reason := redTeamDecision(t, "claude", out); !denied || !strings.Contains(reason, "switches Sentinel's hook off") {
			t.Fatalf("try %d: want a deny, got %q", try, out)
		}
	}
}
