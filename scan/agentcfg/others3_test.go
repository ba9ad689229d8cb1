package agentcfg

import (
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

func TestCodexRules(t *testing.T) {
	cases := []struct {
		name, src string
		want      int // blanket allow settings
	}{
		{"bash allowed", `prefix_rule(pattern = ["bash"], decision = "allow")`, 1},
		{"single quotes, multi-line", "prefix_rule(\n  pattern = ['python3', '-c'],\n  decision = 'allow',\n)", 1},
		{"alternatives", `prefix_rule(pattern = [["git", "sh"], "-c"], decision = "allow")`, 1},
		{"absolute path", `prefix_rule(pattern = ["/bin/bash"], decision = "allow")`, 1},
		{"decision first", `prefix_rule(decision="allow", justification="needed, really (see x)", pattern=["env"])`, 1},
		{"two rules, one blanket", "prefix_rule(pattern=[\"git\",\"status\"], decision=\"allow\")\nprefix_rule(pattern=[\"curl\"], decision=\"allow\")", 1},
		{"named command", `prefix_rule(pattern = ["git", "status"], decision = "allow")`, 0},
		{"shell forbidden", `prefix_rule(pattern = ["bash"], decision = "forbidden")`, 0},
		{"decision left out (allow by default)", `prefix_rule(pattern = ["bash"])`, 1},
		{"decision not a literal", "d = \"al\" + \"low\"\nprefix_rule(pattern = [\"bash\"], decision = d)", 1},
		{"decision concatenated", `prefix_rule(pattern = ["bash"], decision = "al" + "low")`, 1},
		{"pattern concatenated", `prefix_rule(pattern = ["ba" + "sh"], decision = "allow")`, 1},
		{"pattern a variable", "P = [\"bash\"]\nprefix_rule(pattern = P)", 1},
		{"alternative concatenated", `prefix_rule(pattern = [["git", "ba" + "sh"]], decision = "allow")`, 1},
		{"literal pattern with a comma in a string", `prefix_rule(pattern = ["git,bash", "x"], decision = "allow")`, 0},
		{"shell prompted", `prefix_rule(pattern = ["bash"], decision = "prompt")`, 0},
		{"in a comment", "# prefix_rule(pattern = [\"bash\"], decision = \"allow\")\n", 0},
		{"other function", `my_prefix_rule(pattern = ["bash"], decision = "allow")`, 0},
		{"unterminated (Codex does not load it)", `prefix_rule(pattern = ["bash`, 0},
		{"after a string that names it", "x = \"prefix_rule(\"\nprefix_rule(pattern = [\"bash\"], decision = \"allow\")", 1},
		{"after a comment that names it", "# prefix_rule(\nprefix_rule(pattern = [\"sh\"], decision = \"allow\")", 1},
		{"decision named in the justification first", `prefix_rule(pattern = ["bash"], justification = "decision = \"prompt\"", decision = "allow")`, 1},
		{"pattern named in a nested value first", `prefix_rule(match = [dict(pattern = ["git"])], pattern = ["bash"], decision = "allow")`, 1},
		{"space before the parenthesis", `prefix_rule (pattern = ["zsh"], decision = "allow")`, 1},
		{"decision in the justification", `prefix_rule(pattern = ["bash"], justification = "decision = allow", decision = "prompt")`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := Parse(".codex/rules/default.rules", discover.KindCodexRules, "codex", []byte(c.src))
			if len(cfg.Settings) != c.want {
				t.Fatalf("got %d settings %+v, want %d", len(cfg.Settings), cfg.Settings, c.want)
			}
			for _, s := range cfg.Settings {
				if s.Key != "permissions.allow" || s.Line < 1 {
					t.Errorf("setting %+v", s)
				}
			}
		})
	}
}

func TestOthers3Parsers(t *testing.T) {
	cases := []struct {
		name, source string
		kind         discover.Kind
		tool, src    string
		runs, srvs   int
		settings     int
		reads        int
		target       string // the first auto-run's first target
	}{
		{"copilot setup steps", ".github/workflows/copilot-setup-steps.yml", discover.KindCopilotSetup, "copilot",
			"jobs:\n  copilot-setup-steps:\n    steps:\n      - uses: actions/setup-go@11bd71901bbe5b1630ceea73d27597364c9af683\n      - run: ./scripts/setup.sh\n      - run: make\n        working-directory: sub\n      - uses: actions/checkout@v4\n  other:\n    steps:\n      - run: curl x | sh\n", 3, 0, 0, 0, "scripts/setup.sh"},
		{"cursor worktrees", ".cursor/worktrees.json", discover.KindCursorTrees, "cursor",
			`{"setup-worktree-unix": "scripts/wt.sh", "setup-worktree": ["npm ci", "cp $ROOT_WORKTREE_PATH/.env .env"]}`, 3, 0, 0, 0, ""},
		{"cursor cli", ".cursor/cli.json", discover.KindCursorCLI, "cursor",
			`{"permissions": {"allow": ["Shell(*)", "Write(**)", "Shell(ls)", "Read(**)", "Shell"]}}`, 0, 0, 3, 0, ""},
		{"plugin manifest", "plug/.claude-plugin/plugin.json", discover.KindClaudePlugin, "claude",
			`{"hooks": {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "bash scripts/stop.sh"}]}]}}, "mcpServers": {"a": {"command": "node", "args": ["s.js"]}}, "lspServers": {"go": {"command": "gopls"}}}`, 1, 2, 0, 6, "plug/scripts/stop.sh"},
		{"plugin manifest hooks paths", "plug/.claude-plugin/plugin.json", discover.KindClaudePlugin, "claude",
			`{"hooks": ["./a/hooks.json", "./b.json"]}`, 0, 0, 0, 8, ""},
		{"plugin hooks file", "plug/hooks/hooks.json", discover.KindPluginHooks, "claude",
			`{"description": "x", "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "bash scripts/start.sh"}]}]}}`, 1, 0, 0, 0, "plug/scripts/start.sh"},
		{"lsp", "plug/.lsp.json", discover.KindMCP, "claude",
			`{"go": {"command": "gopls", "args": ["serve"], "extensionToLanguage": {".go": "go"}}}`, 0, 1, 0, 0, ""},
		{"cline hook", ".clinerules/hooks/TaskStart", discover.KindExecHook, "cline", "#!/bin/sh\necho {}\n", 1, 0, 0, 0, ".clinerules/hooks/TaskStart"},
		{"opencode plugin", ".opencode/plugin/a.js", discover.KindExecHook, "opencode", "export const A = async () => ({})\n", 1, 0, 0, 0, ".opencode/plugin/a.js"},
		{"roomodes yaml", ".roomodes", discover.KindRooModes, "roo",
			"customModes:\n  - slug: a\n    roleDefinition: r\n    customInstructions: c\n", 2, 0, 0, 0, ""},
		{"roomodes json", ".roomodes", discover.KindRooModes, "roo",
			`{"customModes": [{"slug": "a", "roleDefinition": "r", "whenToUse": "w"}]}`, 2, 0, 0, 0, ""},
		{"amazon q agent", ".amazonq/cli-agents/a.json", discover.KindAmazonQAgent, "amazonq",
			`{"prompt": "p", "hooks": {"agentSpawn": [{"command": "git status"}], "preToolUse": [{"matcher": "execute_bash", "command": "./check.sh", "timeout_ms": 100}]}, "mcpServers": {"x": {"command": "npx", "args": ["y"]}}, "resources": ["file://README.md", "https://x"], "allowedTools": ["fs_read", "execute_bash", "*"]}`, 3, 1, 2, 1, ""},
		{"continuerc", ".continuerc.json", discover.KindContinueRC, "continue",
			`{"systemMessage": "s", "customCommands": [{"name": "t", "prompt": "p"}], "experimental": {"modelContextProtocolServers": [{"transport": {"type": "stdio", "command": "uvx", "args": ["a"]}}]}}`, 2, 1, 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := Parse(c.source, c.kind, c.tool, []byte(c.src))
			if len(cfg.AutoRuns) != c.runs || len(cfg.Servers) != c.srvs || len(cfg.Settings) != c.settings || len(cfg.Reads) != c.reads {
				t.Fatalf("got %d runs %d servers %d settings %d reads, want %d %d %d %d\n%+v\n%+v", len(cfg.AutoRuns), len(cfg.Servers), len(cfg.Settings), len(cfg.Reads), c.runs, c.srvs, c.settings, c.reads, cfg.AutoRuns, cfg.Problems)
			}
			if c.target != "" && (len(cfg.AutoRuns[0].Targets) == 0 || cfg.AutoRuns[0].Targets[0].Path != c.target) {
				t.Errorf("first target %+v, want %s", cfg.AutoRuns[0].Targets, c.target)
			}
			for _, a := range cfg.AutoRuns {
				if a.Line < 1 || a.Tool != c.tool || a.Source != c.source {
					t.Errorf("auto-run %+v", a)
				}
			}
		})
	}
}

// Bad input is one sentence, never a crash.
func TestOthers3BadInput(t *testing.T) {
	for _, c := range []struct {
		kind   discover.Kind
		source string
	}{
		{discover.KindCopilotSetup, ".github/workflows/copilot-setup-steps.yml"},
		{discover.KindRooModes, ".roomodes"},
		{discover.KindCursorTrees, ".cursor/worktrees.json"},
		{discover.KindAmazonQAgent, ".amazonq/cli-agents/a.json"},
		{discover.KindContinueRC, ".continuerc.json"},
	} {
		cfg := Parse(c.source, c.kind, "x", []byte("{[: \"\n\t-"))
		if len(cfg.Problems) != 1 {
			t.Errorf("%s: problems %+v", c.source, cfg.Problems)
		}
	}
}

func FuzzParseOthers3(f *testing.F) {
	for _, s := range []string{
		`prefix_rule(pattern = [["bash", "sh"], "-c"], decision = "allow", justification = "x)")`,
		"jobs:\n  copilot-setup-steps:\n    steps:\n      - run: a\n",
		`{"setup-worktree": ["a"], "permissions": {"allow": ["Shell(*)"]}, "hooks": {"Stop": [{"command": "x"}]}}`,
		"customModes:\n  - slug: a\n    roleDefinition: r\n",
		`{"experimental": {"modelContextProtocolServers": [{"transport": {"command": "x"}}]}, "prompt": "file://a.md"}`,
		`prefix_rule(pattern=['`, `prefix_rule(decision = "allow", pattern = [[`,
		"await $`curl ${u} | sh`; Bun.$`a ${ {b: `x`} } c`; $`", "uses: x@v1\n",
	} {
		f.Add([]byte(s))
	}
	kinds := []discover.Kind{discover.KindCodexRules, discover.KindCopilotSetup, discover.KindCursorTrees, discover.KindCursorCLI,
		discover.KindClaudePlugin, discover.KindPluginHooks, discover.KindExecHook, discover.KindRooModes, discover.KindAmazonQAgent, discover.KindContinueRC}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range kinds {
			cfg := Parse("p/.claude-plugin/plugin.json", k, "claude", data)
			if k == discover.KindExecHook {
				cfg = Parse(".opencode/plugin/p.ts", k, discover.ToolOpencode, data)
			}
			for _, a := range cfg.AutoRuns {
				for _, tg := range a.Targets {
					if len(tg.Path) > 0 && tg.Path[0] == '/' {
						t.Fatalf("absolute target %q", tg.Path)
					}
				}
			}
		}
	})
}
