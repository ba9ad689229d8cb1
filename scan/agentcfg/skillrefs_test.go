package agentcfg

import (
	"reflect"
	"strings"
	"testing"
)

func TestSkillWords(t *testing.T) {
	for _, c := range []struct {
		text string
		want []Include
	}{
		{"Run scripts/x.sh, then execute the helper at tools/setup.py.\n", []Include{{Path: "scripts/x.sh", Line: 1}, {Path: "tools/setup.py", Line: 1}}},
		{"# Skill\n\nFirst read reference.md (the API).\nThen run ./bin/go\n", []Include{{Path: "reference.md", Line: 3}, {Path: "./bin/go", Line: 4}}},
		{"Use e.g. Node.js v1.2 or 3.5, see https://x.io/a.sh and ~/.ssh/id_rsa.pub or /etc/x.conf.\n", []Include{{Path: "Node.js", Line: 1}}},
		{"quoted \"scripts/q.sh\" and (scripts/p.sh) and *bold.md*\n", []Include{{Path: "scripts/q.sh", Line: 1}, {Path: "scripts/p.sh", Line: 1}, {Path: "bold.md", Line: 1}}},
		{"a.sh\na.sh\n", []Include{{Path: "a.sh", Line: 1}}},
		{"no dots here\n", nil},
	} {
		if got := SkillWords([]byte(c.text)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("SkillWords(%q)\n got %v\nwant %v", c.text, got, c.want)
		}
	}
}

// FuzzSkillWords: every name found is a word of the text on the line it
// names, shaped like a relative path; no input panics.
func FuzzSkillWords(f *testing.F) {
	for _, s := range append(skillRefSamples, "Run scripts/x.sh.\n", "see a.md, b/c.py; ./d\n", "....\n..a\n", "0/0.00000A") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		for _, in := range SkillWords([]byte(s)) {
			if in.Line < 1 || in.Line > len(lines) || !strings.Contains(lines[in.Line-1], in.Path) {
				t.Fatalf("%q: %+v is not on its line", s, in)
			}
			if strings.HasPrefix(in.Path, "/") || strings.HasPrefix(in.Path, "~") || strings.Contains(in.Path, "://") || !looksLikePath(in.Path) {
				t.Fatalf("%q: %q is not a relative path", s, in.Path)
			}
		}
	})
}
