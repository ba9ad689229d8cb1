package agentcfg

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

func TestSettingsHooks(t *testing.T) {
	src := `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "./scripts/fmt.sh"}]}
    ],
    "SessionStart": [
      {"type": "command", "command": "echo flat"}
    ],
    "Stop": [
      {"hooks": [
        {"type": "http", "url": "https://h.example.invalid/x"},
        {"type": "prompt", "prompt": "Check the work"}
      ]}
    ]
  },
  "statusLine": {"type": "command", "command": "node .claude/status.js"},
  "apiKeyHelper": "./bin/key.sh",
  "enableAllProjectMcpServers": true,
  "env": {"ANTHROPIC_BASE_URL": "https://relay.example.invalid", "X_TOKEN": "ghp_Zq3xV7bN2mK9pL4wR8tY1uI6oE5aS0dF3gH7"},
  "mcpServers": {"db": {"command": "node", "args": ["tools/db.js"], "trust": true}}
}`
	cfg := Parse(".claude/settings.json", discover.KindSettings, "claude", []byte(src))
	type run struct{ event, typ, cmd, target string }
	var got []run
	for _, a := range cfg.AutoRuns {
		tg := ""
		if len(a.Targets) > 0 {
			tg = a.Targets[0].Path
		}
		got = append(got, run{a.Event, a.Type, a.Command, tg})
	}
	want := []run{
		{"PreToolUse", "command", "./scripts/fmt.sh", "scripts/fmt.sh"},
		{"SessionStart", "command", "echo flat", ""},
		{"Stop", "http", "https://h.example.invalid/x", ""},
		{"Stop", "prompt", "Check the work", ""},
		{"apiKeyHelper", "setting", "./bin/key.sh", "bin/key.sh"},
		{"statusLine", "setting", "node .claude/status.js", ".claude/status.js"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d auto-runs %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("auto-run %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if cfg.AutoRuns[0].Line != 4 {
		t.Errorf("line of first hook = %d, want 4", cfg.AutoRuns[0].Line)
	}
	if len(cfg.Servers) != 1 || !cfg.Servers[0].Trust || cfg.Servers[0].Targets[0].Path != "tools/db.js" {
		t.Errorf("servers = %+v", cfg.Servers)
	}
	if len(cfg.Secrets) != 1 || cfg.Secrets[0].Key != "env.X_TOKEN" {
		t.Errorf("secrets = %+v", cfg.Secrets)
	}
	var keys []string
	for _, s := range cfg.Settings {
		keys = append(keys, s.Key)
	}
	if strings.Join(keys, ",") != "enableAllProjectMcpServers,env.ANTHROPIC_BASE_URL" {
		t.Errorf("settings = %v", keys)
	}
}

func TestNestedProjectBase(t *testing.T) {
	cfg := Parse("sub/app/.claude/settings.json", discover.KindSettings, "claude",
		[]byte(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./x.sh"}]}]}}`))
	if got := cfg.AutoRuns[0].Targets[0].Path; got != "sub/app/x.sh" {
		t.Errorf("target = %q, want sub/app/x.sh", got)
	}
}

func TestTasksJSONC(t *testing.T) {
	src := `{
  // comment
  "version": "2.0.0",
  "tasks": [
    {"label": "manual", "type": "shell", "command": "make"},
    {"label": "boot", "type": "process", "command": "node", "args": ["scripts/boot.js",],
     "runOptions": {"runOn": "folderOpen"}, "presentation": {"reveal": "never"}},
    {"label": "elsewhere", "type": "shell", "command": "./go.sh", "options": {"cwd": "sub"}, "runOptions": {"runOn": "folderOpen"}},
  ],
}`
	cfg := Parse(".vscode/tasks.json", discover.KindTasks, "vscode", []byte(src))
	if len(cfg.Problems) > 0 {
		t.Fatalf("problems: %+v", cfg.Problems)
	}
	if len(cfg.AutoRuns) != 2 {
		t.Fatalf("auto-runs = %+v, want the two folderOpen tasks", cfg.AutoRuns)
	}
	boot := cfg.AutoRuns[0]
	if !boot.Hidden || boot.Targets[0].Path != "scripts/boot.js" || boot.Matcher != "boot" {
		t.Errorf("boot = %+v", boot)
	}
	if len(cfg.AutoRuns[1].Targets) != 0 {
		t.Errorf("a task with another cwd must not resolve targets: %+v", cfg.AutoRuns[1].Targets)
	}
}

func TestMCPConfigs(t *testing.T) {
	vs := Parse(".vscode/mcp.json", discover.KindMCP, "vscode", []byte(`{"servers": {"a": {"type": "http", "url": "https://x.example.invalid/mcp", "headers": {"Authorization": "Bearer abcdefghijklmnopqrstuvwxyz0123"}}}}`))
	if len(vs.Servers) != 1 || vs.Servers[0].URL == "" || len(vs.Secrets) != 1 {
		t.Errorf("vscode mcp = %+v / %+v", vs.Servers, vs.Secrets)
	}
	root := Parse(".mcp.json", discover.KindMCP, "any", []byte(`{"mcpServers": {"b": {"command": "python", "args": ["-m", "srv"], "env": {"KEY": "${KEY}"}}}}`))
	if len(root.Servers) != 1 || len(root.Servers[0].Targets) != 0 || len(root.Secrets) != 0 {
		t.Errorf("root mcp = %+v", root)
	}
}

func TestCursorRuleRunInstruction(t *testing.T) {
	src := "---\ndescription: setup\nalwaysApply: true\n---\n# Setup\nAt the start of every session, run `./scripts/bootstrap.sh`.\nEdit `scripts/other.sh` when needed.\n"
	cfg := Parse(".cursor/rules/setup.mdc", discover.KindCursorRule, "cursor", []byte(src))
	if !cfg.AlwaysApply || len(cfg.AutoRuns) != 1 {
		t.Fatalf("cfg = %+v", cfg)
	}
	if a := cfg.AutoRuns[0]; a.Line != 6 || a.Targets[0].Path != "scripts/bootstrap.sh" {
		t.Errorf("run-instruction = %+v", a)
	}
	off := Parse(".cursor/rules/x.mdc", discover.KindCursorRule, "cursor", []byte("---\nalwaysApply: false\n---\nrun `./a.sh`\n"))
	if len(off.AutoRuns) != 0 {
		t.Errorf("a rule that is not always applied runs nothing: %+v", off.AutoRuns)
	}
}

func TestBadInput(t *testing.T) {
	cases := map[string]string{
		"truncated":   `{"hooks": {"PreToolUse": [`,
		"array":       `[1, 2, 3]`,
		"string":      `"hello"`,
		"binary":      "\x00\x01\x02\xff\xfe",
		"non-utf8":    "{\"env\": {\"A\": \"\xff\xfe\"}}",
		"deep":        strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		"deep-obj":    strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
		"hooks-list":  `{"hooks": ["x"]}`,
		"wrong-types": `{"hooks": {"PreToolUse": [{"matcher": 5, "hooks": [{"type": 1, "command": ["a"]}]}]}, "env": [1], "mcpServers": "x"}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := Parse(".claude/settings.json", discover.KindSettings, "claude", []byte(src))
			if cfg == nil {
				t.Fatal("nil config")
			}
			for _, p := range cfg.Problems {
				if p.Message == "" {
					t.Error("problem without a message")
				}
			}
		})
	}
	cfg := Parse(".claude/settings.json", discover.KindSettings, "claude", []byte(cases["deep"]))
	if len(cfg.Problems) != 1 || !strings.Contains(cfg.Problems[0].Message, "nested") {
		t.Errorf("deep nesting: problems = %+v", cfg.Problems)
	}
}

func TestFrontMatter(t *testing.T) {
	fm, body, line, err := FrontMatter([]byte("\ufeff---\nalwaysApply: true\nglobs: [\"*.go\"]\n---\nbody\n"))
	if err != nil || fm["alwaysApply"] != true || string(body) != "body\n" || line != 5 {
		t.Errorf("fm=%v body=%q line=%d err=%v", fm, body, line, err)
	}
	if _, _, _, err := FrontMatter([]byte("---\nalwaysApply: true\nno end")); err == nil {
		t.Error("unterminated front matter: want an error")
	}
	if _, _, _, err := FrontMatter([]byte("---\n: : [\n---\n")); err == nil {
		t.Error("bad YAML: want an error")
	}
}

// TestMayHaveRunVerb checks the quick test against the expression it
// guards: it may say yes wrongly, never no.
func TestMayHaveRunVerb(t *testing.T) {
	for _, l := range []string{"Run `x`", "please EXECUTE `a`", "exec `b`", "InVoKe `c`", "launch `d`", "invo\u212ae `e`",
		"执行 `f`", "`g` 运行", "nothing to see `h`", "a `b` c", "rerun `x`", "running `y`", ""} {
		if runVerb.MatchString(l) && !mayHaveRunVerb(l) {
			t.Errorf("mayHaveRunVerb(%q) = false, but runVerb matches", l)
		}
	}
	if mayHaveRunVerb("nothing to see `h`") {
		t.Error("mayHaveRunVerb should rule out a line without a verb")
	}
}

// TestCommandSettingsBeyondHooks checks settings keys that run a command
// without a hook: Gemini CLI's tool discovery and call commands, in its
// current nested format and its first flat one.
func TestCommandSettingsBeyondHooks(t *testing.T) {
	tests := []struct {
		name, src, event, target string
	}{
		{"gemini nested discovery", `{"tools": {"discoveryCommand": "./bin/tools.sh"}}`, "tools.discoveryCommand", "bin/tools.sh"},
		{"gemini nested call", `{"tools": {"callCommand": "python3 bin/call.py"}}`, "tools.callCommand", "bin/call.py"},
		{"gemini v1 discovery", `{"toolDiscoveryCommand": "bin/get_tools"}`, "toolDiscoveryCommand", ""},
		{"gemini v1 call", `{"toolCallCommand": "./bin/call_tool"}`, "toolCallCommand", "bin/call_tool"},
		{"gemini v1 mcp server", `{"mcpServerCommand": "./bin/mcp.sh"}`, "mcpServerCommand", "bin/mcp.sh"},
	}
	for _, tt := range tests {
		cfg := Parse(".gemini/settings.json", discover.KindSettings, "gemini", []byte(tt.src))
		if len(cfg.AutoRuns) != 1 {
			t.Errorf("%s: got %d auto-runs %+v, want 1", tt.name, len(cfg.AutoRuns), cfg.AutoRuns)
			continue
		}
		a := cfg.AutoRuns[0]
		tg := ""
		if len(a.Targets) > 0 {
			tg = a.Targets[0].Path
		}
		if a.Event != tt.event || a.Type != "setting" || tg != tt.target || a.Line != 1 {
			t.Errorf("%s: got %s %s target %q line %d, want %s setting target %q line 1", tt.name, a.Event, a.Type, tg, a.Line, tt.event, tt.target)
		}
	}
	for _, src := range []string{`{"tools": {"discoveryCommand": ""}}`, `{"tools": {"core": ["ls"]}}`, `{"tools": "x"}`, `{"toolCallCommand": 3}`} {
		if cfg := Parse(".gemini/settings.json", discover.KindSettings, "gemini", []byte(src)); len(cfg.AutoRuns) != 0 {
			t.Errorf("%s: got auto-runs %+v, want none", src, cfg.AutoRuns)
		}
	}
}

// TestWindsurfHooks checks .windsurf/hooks.json: Cursor's shape, scripts
// resolved from the project folder, and a hook with its own working
// directory left unresolved.
func TestWindsurfHooks(t *testing.T) {
	src := `{"hooks": {
  "pre_run_command": [{"command": "./scripts/guard.sh", "show_output": true}],
  "post_write_code": [{"command": "./fmt.sh", "working_directory": "tools"}],
  "pre_user_prompt": [{"command": "./scripts/log.sh", "working_directory": "."}]
}}`
	cfg := Parse("app/.windsurf/hooks.json", discover.KindCursorHooks, discover.ToolWindsurf, []byte(src))
	if len(cfg.AutoRuns) != 3 {
		t.Fatalf("got %d auto-runs %+v, want 3", len(cfg.AutoRuns), cfg.AutoRuns)
	}
	want := [][]Target{{{Path: "app/scripts/guard.sh"}}, {}, {{Path: "app/scripts/log.sh"}}}
	for i, a := range cfg.AutoRuns {
		if a.Tool != "windsurf" || len(a.Targets) != len(want[i]) || (len(want[i]) == 1 && a.Targets[0] != want[i][0]) {
			t.Errorf("auto-run %d (%s) = tool %s targets %+v, want windsurf %+v", i, a.Event, a.Tool, a.Targets, want[i])
		}
	}
}
