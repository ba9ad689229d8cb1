package agentcfg

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

func FuzzParseSettings(f *testing.F) {
	for _, s := range []string{
		`{"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "./a.sh"}]}]}}`,
		`{"env": {"K": "v"}, "mcpServers": {"a": {"command": "node", "args": ["x.js"]}}}`,
		`{"hooks": {"Stop": {"Bash": "echo"}}}`, `[`, `{"a":/*c*/1,}`,
		`{"hooks": {"PreToolUse": {"command": "x", "timeout": 3}, "pre-tool-use": [{"hooks": [{"command": "./y.sh"}]}]}}`,
		`{"projects": {"/w": {"mcpServers": {"a": {"command": "node"}}}}, "mcpServers": {"b": {"url": "https://x"}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range []discover.Kind{discover.KindSettings, discover.KindMCP, discover.KindTasks, discover.KindCursorHooks, discover.KindClaudeUser, discover.KindCopilotHooks} {
			cfg := Parse(".claude/settings.json", k, "claude", data)
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

func FuzzFrontMatter(f *testing.F) {
	f.Add([]byte("---\nalwaysApply: true\n---\nrun `./a.sh`\n"))
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("no front matter"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, body, line, _ := FrontMatter(data)
		if line < 1 || len(body) > len(data) {
			t.Fatalf("line %d body %d of %d", line, len(body), len(data))
		}
		Parse(".cursor/rules/x.mdc", discover.KindCursorRule, "cursor", data)
		for _, l := range strings.Split(string(data), "\n") {
			if runVerb.MatchString(l) && !mayHaveRunVerb(l) {
				t.Fatalf("mayHaveRunVerb(%q) = false, but runVerb matches", l)
			}
		}
	})
}
