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
			"read ./prompts/dev.md", "read README.md", "read ../../README.md", "read docs/**/*.md", "read ../../docs/**/*.md",
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
