package agentcfg

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestKiroCurrentShapes: Kiro's current hooks files (.kiro/hooks/<name>.json,
// "version": "v1", a list of hooks with "trigger" and "action") and Kiro
// CLI agents (.kiro/agents/*.json) are discovered and read: commands run,
// prompts are prompts, servers are servers, resources are read.
func TestKiroCurrentShapes(t *testing.T) {
	for _, tt := range []struct {
		name, path, data string
		want             []string
	}{
		{"v1 hooks file", ".kiro/hooks/quality.json", `{"version": "v1", "hooks": [
			{"name": "lint-on-save", "trigger": "PostFileSave", "matcher": "\\.ts$", "action": {"type": "command", "command": "./scripts/lint.sh"}, "timeout": 30, "enabled": true},
			{"name": "remind-tests", "trigger": "PreToolUse", "matcher": "fs_write", "action": {"type": "agent", "prompt": "Ensure tests are updated"}},
			{"name": "off", "trigger": "SessionStart", "enabled": false, "action": {"type": "command", "command": "rm -rf ~"}},
			{"name": "odd", "trigger": "SessionStart", "action": {"type": "shell", "command": "make boot"}}]}`, []string{
			"run PostFileSave/lint-on-save: ./scripts/lint.sh -> scripts/lint.sh",
			"run PreToolUse/remind-tests: Ensure tests are updated",
			"run SessionStart/odd: make boot",
		}},
		{"first shape in a .json file", ".kiro/hooks/lint.json", `{"when": {"type": "fileEdited"}, "then": {"type": "runCommand", "command": "npm run lint"}}`,
			[]string{"run fileEdited: npm run lint"}},
		{"agent-config hooks object in a hooks file", ".kiro/hooks/x.json", `{"hooks": {"agentSpawn": [{"command": "./boot.sh"}]}}`,
			[]string{"run agentSpawn: ./boot.sh -> boot.sh"}},
		{"kiro cli agent", ".kiro/agents/dev.json", `{"name": "dev", "prompt": "file://./prompts/dev.md",
			"hooks": {"agentSpawn": [{"command": "git status"}], "preToolUse": [{"matcher": "execute_bash", "command": "./guard.sh"}]},
			"mcpServers": {"db": {"command": "node", "args": ["tools/db.js"]}},
			"allowedTools": ["fs_read", "shell", "@db/query"],
			"resources": ["file://README.md", "file://docs/**/*.md", "skill://x"]}`, []string{
			"run agentSpawn: git status",
			"run preToolUse/execute_bash: ./guard.sh -> guard.sh",
			"server db: node tools/db.js -> tools/db.js",
			"setting permissions.allow=allowedTools shell",
			"read ./prompts/dev.md", "read README.md", "read ../../README.md", "read docs/**/*.md", "read ../../docs/**/*.md", "read x", "read ../../x",
		}},
		{"kiro cli agent inline prompt", "svc/.kiro/agents/a.json", `{"prompt": "You review code.", "hooks": [{"event": "stop", "command": "make fmt"}]}`,
			[]string{"run prompt: You review code.", "run stop: make fmt"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			kind, tool, ok := discover.Classify(tt.path)
			if !ok || tool != discover.ToolKiro {
				t.Fatalf("%s is not classified as Kiro's (%q %q)", tt.path, kind, tool)
			}
			got := summary(Parse(tt.path, kind, tool, []byte(tt.data)))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

// TestKiroV1UnknownTrigger: a hook under a trigger Kiro does not have
// never runs (an observation); the documented ones, in any case, run.
func TestKiroV1UnknownTrigger(t *testing.T) {
	for trigger, unknown := range map[string]bool{"PostFileSave": false, "postFileSave": false, "Manual": false,
		"agentSpawn": false, "OnSave": true, "post-file-save": true} {
		src := `{"version": "v1", "hooks": [{"name": "a", "trigger": "` + trigger + `", "action": {"type": "command", "command": "make"}}]}`
		cfg := Parse(".kiro/hooks/a.json", discover.KindKiroHook, discover.ToolKiro, []byte(src))
		if len(cfg.AutoRuns) != 1 || cfg.AutoRuns[0].Unknown != unknown {
			t.Errorf("%s: %+v, want Unknown %t", trigger, cfg.AutoRuns, unknown)
		}
	}
}

// TestEnvMovesConfig: settings env entries that move HOME, XDG_CONFIG_HOME
// and their kin are recorded (S32) in every agent's env settings; the same
// keys set to themselves, and neighbours that move only caches, are not.
func TestEnvMovesConfig(t *testing.T) {
	for _, tt := range []struct {
		path, data string
		want       []string
	}{
		{".claude/settings.json", `{"env": {"XDG_CONFIG_HOME": "./cfg", "HOME": "./home", "GIT_CONFIG_GLOBAL": ".gitconfig", "XDG_CACHE_HOME": "./.cache", "LANG": "C"}}`,
			[]string{"setting env.XDG_CONFIG_HOME=./cfg", "setting env.HOME=./home", "setting env.GIT_CONFIG_GLOBAL=.gitconfig"}},
		{".claude/settings.local.json", `{"env": {"HOME": "$HOME", "XDG_CONFIG_HOME": "${XDG_CONFIG_HOME}", "SENTINEL_HOME": "$SENTINEL_HOME"}}`, nil},
		{".gemini/.env", "XDG_CONFIG_HOME=./cfg\nXDG_DATA_HOME=./data\n", []string{"setting env.XDG_CONFIG_HOME=./cfg"}},
		{".codex/config.toml", "[shell_environment_policy.set]\nHOME = \"./home\"\nPATH_EXTRA = \"x\"\n", []string{"setting env.HOME=./home"}},
	} {
		kind, tool, _ := discover.Classify(tt.path)
		got := summary(Parse(tt.path, kind, tool, []byte(tt.data)))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got\n  %s\nwant\n  %s", tt.path, strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
		}
	}
}

// TestPluginBinAndMarketplace: a plugin's bin/ is read through its plugin;
// a file there named like a program the agent runs is an auto-run whose
// script is itself; a marketplace's plugins inside the tree are read as
// plugins, those from elsewhere are notices.
func TestPluginBinAndMarketplace(t *testing.T) {
	for _, tt := range []struct {
		name, path string
		kind       discover.Kind
		data       string
		want       []string
	}{
		{"manifest reads bin/", "p/.claude-plugin/plugin.json", discover.KindClaudePlugin, `{"name": "p"}`, []string{
			"read ../commands/*.md", "read ../agents/*.md", "read ../skills/*/*.md", "read ../output-styles/*.md", "read ../bin/*", "read ../settings.json"}},
		{"manifest names folders", "p/.claude-plugin/plugin.json", discover.KindClaudePlugin, `{"name": "p", "commands": "./custom/", "agents": ["./a", "./b.md"], "skills": ["./sk"]}`, []string{
			"read ../commands/*.md", "read ../agents/*.md", "read ../skills/*/*.md", "read ../output-styles/*.md", "read ../bin/*", "read ../settings.json",
			"read ../custom/*.md", "read ../a/*.md", "read ../b.md", "read ../sk/*/*.md"}},
		{"bin/git shadows git", "p/bin/git", discover.KindPluginBin, "#!/bin/sh\n", []string{
			"run PATH/git: a plugin's bin/git may run in place of git: p/bin/git -> p/bin/git"}},
		{"bin/npm.cmd shadows npm on Windows", "p/bin/npm.cmd", discover.KindPluginBin, "@echo off\n", []string{
			"run PATH/npm: a plugin's bin/npm.cmd may run in place of npm: p/bin/npm.cmd -> p/bin/npm.cmd"}},
		{"bin/fmt-docs is the plugin's own tool", "p/bin/fmt-docs", discover.KindPluginBin, "#!/bin/sh\n", nil},
		{"marketplace", ".claude-plugin/marketplace.json", discover.KindMarketplace, `{"name": "m", "owner": {"name": "o"},
			"metadata": {"pluginRoot": "./plugins"},
			"plugins": [
				{"name": "fmt", "source": "./plugins/fmt"},
				{"name": "lint", "source": "lint", "strict": false, "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "./boot.sh"}]}]},
					"mcpServers": {"db": {"command": "node", "args": ["srv.js"]}}, "commands": ["./extra/run.md"]},
				{"name": "far", "source": {"source": "github", "repo": "org/far"}},
				{"name": "up", "source": "../elsewhere"}]}`, []string{
			"run SessionStart: ./boot.sh -> plugins/lint/boot.sh",
			"server db: node srv.js -> plugins/lint/srv.js",
			"setting marketplace.plugins=far github org/far", "setting marketplace.plugins=up ../elsewhere",
			"read ../plugins/fmt/commands/*.md", "read ../plugins/fmt/agents/*.md", "read ../plugins/fmt/skills/*/*.md", "read ../plugins/fmt/output-styles/*.md", "read ../plugins/fmt/bin/*", "read ../plugins/fmt/settings.json",
			"read ../plugins/lint/commands/*.md", "read ../plugins/lint/agents/*.md", "read ../plugins/lint/skills/*/*.md", "read ../plugins/lint/output-styles/*.md", "read ../plugins/lint/bin/*", "read ../plugins/lint/settings.json",
			"read ../plugins/lint/extra/run.md",
		}},
		{"settings add a marketplace on disk", ".claude/settings.json", discover.KindSettings, `{"extraKnownMarketplaces": {
			"team": {"source": {"source": "directory", "path": "./tools/market"}},
			"one": {"source": {"source": "file", "path": "tools/m.json"}},
			"far": {"source": {"source": "github", "repo": "org/m"}}}}`, []string{
			"setting extraKnownMarketplaces=team ./tools/market", "setting extraKnownMarketplaces=one tools/m.json", "setting extraKnownMarketplaces=far org/m",
			"read ../tools/market/.claude-plugin/marketplace.json", "read ../tools/m.json"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := summary(Parse(tt.path, tt.kind, discover.ToolClaude, []byte(tt.data)))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

// FuzzSurfaces5: Kiro's hooks files (both shapes) and agents, marketplaces
// and a plugin's bin/ never panic, and every path they make Sentinel read
// or run stays relative (a climbing one is refused later, by readInclude).
func FuzzSurfaces5(f *testing.F) {
	for _, s := range []string{
		`{"version": "v1", "hooks": [{"name": "a", "trigger": "PostFileSave", "action": {"type": "command", "command": "./x.sh"}}]}`,
		`{"version": "v1", "hooks": [{"trigger": "PreToolUse", "action": {"type": "agent", "prompt": "p"}}, 3, null]}`,
		`{"hooks": {"agentSpawn": [{"command": "a"}]}, "resources": ["file://a", {"path": "file://b"}, 1], "allowedTools": ["shell"]}`,
		`{"plugins": [{"name": "a", "source": "./p", "hooks": "./h.json"}, {"source": {"source": "github", "repo": "o/r"}}, {"source": "../x"}], "metadata": {"pluginRoot": "pl"}}`,
		`{"extraKnownMarketplaces": {"m": {"source": {"source": "file", "path": "../../m.json"}}}}`, `[`, `{"hooks": 1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, c := range []struct {
			path string
			kind discover.Kind
		}{
			{".kiro/hooks/a.json", discover.KindKiroHook}, {"svc/.kiro/agents/a.json", discover.KindKiroAgent},
			{".claude-plugin/marketplace.json", discover.KindMarketplace}, {".claude/settings.json", discover.KindSettings},
			{"p/bin/git", discover.KindPluginBin}, {".kiro/agents/a.md", discover.KindInstructions},
		} {
			cfg := Parse(c.path, c.kind, discover.ToolKiro, data)
			for _, a := range cfg.AutoRuns {
				for _, tg := range a.Targets {
					if strings.HasPrefix(tg.Path, "/") {
						t.Fatalf("%s: absolute target %q", c.path, tg.Path)
					}
				}
			}
		}
	})
}

// TestKiroAgentMarkdown: a Kiro IDE agent's front matter is read as the
// CLI agent's settings; a Markdown file elsewhere, or without front
// matter, is prose only.
func TestKiroAgentMarkdown(t *testing.T) {
	md := "---\nname: dev\ntools: [\"*\"]\nallowedTools: [shell]\nhooks:\n  agentSpawn:\n    - command: ./boot.sh\nmcpServers:\n  db:\n    command: node\n    args: [tools/db.js]\nresources: [\"file://docs/ctx.md\"]\n---\nYou review code.\n"
	kind, tool, ok := discover.Classify(".kiro/agents/dev.md")
	if !ok || kind != discover.KindInstructions || tool != discover.ToolKiro {
		t.Fatalf("classified %q %q %t", kind, tool, ok)
	}
	got := summary(Parse(".kiro/agents/dev.md", kind, tool, []byte(md)))
	want := []string{"run agentSpawn: ./boot.sh -> boot.sh", "server db: node tools/db.js -> tools/db.js",
		"setting permissions.allow=allowedTools shell", "read docs/ctx.md", "read ../../docs/ctx.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if cfg := Parse(".kiro/steering/x.md", discover.KindInstructions, discover.ToolKiro, []byte(md)); cfg != nil {
		t.Errorf("a steering file was read as an agent: %+v", cfg)
	}
	if cfg := Parse(".kiro/agents/plain.md", discover.KindInstructions, discover.ToolKiro, []byte("You review code.\n")); cfg == nil || len(cfg.AutoRuns)+len(cfg.Servers)+len(cfg.Settings) != 0 {
		t.Errorf("a plain agent: %+v", cfg)
	}
}
