package agentcfg

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestSurfaces6Reads: the "agent" setting names agents/<name>.md beside
// the settings file; a plugin manifest reads the plugin's settings.json
// as settings; Kiro's skill:// resources are read like file:// ones.
func TestSurfaces6Reads(t *testing.T) {
	for _, c := range []struct {
		name, src string
		kind      discover.Kind
		tool      string
		data      string
		want      []string // reads, each "path kind"
		not       []string
	}{
		{"agent setting", ".claude/settings.json", discover.KindSettings, "claude", `{"agent": "reviewer"}`, []string{"agents/reviewer.md "}, nil},
		{"plugin-qualified agent", "settings.json", discover.KindSettings, "claude", `{"agent": "fmt:reviewer"}`, []string{"agents/reviewer.md "}, nil},
		{"agent name with a path is not read", "settings.json", discover.KindSettings, "claude", `{"agent": "../../etc/passwd"}`, nil, []string{"agents/../../etc/passwd.md "}},
		{"gemini has no agent setting", ".gemini/settings.json", discover.KindSettings, "gemini", `{"agent": "x"}`, nil, []string{"agents/x.md "}},
		{"plugin settings", "p/.claude-plugin/plugin.json", discover.KindClaudePlugin, "claude", `{"name": "p"}`, []string{"../settings.json " + string(discover.KindSettings)}, nil},
		{"kiro skill", ".kiro/agents/dev.json", discover.KindKiroAgent, "kiro", `{"resources": ["skill://.kiro/skills/**/SKILL.md"]}`, []string{".kiro/skills/**/SKILL.md "}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Parse(c.src, c.kind, c.tool, []byte(c.data))
			var got []string
			for _, r := range cfg.Reads {
				got = append(got, r.Path+" "+string(r.Kind))
			}
			for _, w := range c.want {
				if !slices.Contains(got, w) {
					t.Errorf("reads %q, want %q among them", got, w)
				}
			}
			for _, w := range c.not {
				if slices.Contains(got, w) {
					t.Errorf("reads %q, must not hold %q", got, w)
				}
			}
		})
	}
}

// FuzzSurfaces6: the agent a settings file names is always one file of
// the agents/ folder beside it, whatever the name says.
func FuzzSurfaces6(f *testing.F) {
	for _, s := range []string{`{"agent": "reviewer"}`, `{"agent": "p:x"}`, `{"agent": "../x"}`, `{"agent": ["x"]}`, `{"agent": ":"}`, `{"resources": ["skill://a/**/SKILL.md", "skill://", "skill://https://x"]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		for _, src := range []string{".claude/settings.json", "p/settings.json"} {
			cfg := Parse(src, discover.KindSettings, "claude", []byte(data))
			for _, r := range cfg.Reads {
				name, ok := strings.CutPrefix(r.Path, "agents/")
				if !ok {
					continue
				}
				if path.Clean(r.Path) != r.Path || strings.ContainsAny(name, "/\\") || !strings.HasSuffix(name, ".md") || name == ".md" {
					t.Fatalf("agent read %q escapes agents/", r.Path)
				}
			}
		}
		Parse(".kiro/agents/dev.json", discover.KindKiroAgent, "kiro", []byte(data))
	})
}
