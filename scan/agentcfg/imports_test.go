package agentcfg

import (
	"reflect"
	"strings"
	"testing"
)

func paths(in []Include) []string {
	var out []string
	for _, i := range in {
		out = append(out, i.Path+":"+itoaT(i.Line))
	}
	return out
}

func itoaT(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	if s == "" {
		return "0"
	}
	return s
}

func TestAtImports(t *testing.T) {
	src := "@AGENTS.md\nSee @docs/style.md, and @./local.md.\nAsk @alice or @types/node.\n" +
		"```python\n@app.get(\"/\")\n```\nInline `@not/an/import.md` here.\n@~/.claude/mine.md\nmail me at bob@example.com\n- @../up.md\n"
	got := paths(AtImports([]byte(src)))
	want := []string{"AGENTS.md:1", "docs/style.md:2", "./local.md:2", "~/.claude/mine.md:8", "../up.md:10"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("AtImports = %v, want %v", got, want)
	}
}

func TestSkillRefs(t *testing.T) {
	src := "Read [the reference](reference.md#forms) first.\nRun `python scripts/fill.py --in x` then `npm test`.\n" +
		"See [site](https://example.invalid/x.md) and [abs](/etc/x.md) and `src/*.go`.\nAgain [ref](reference.md).\n"
	got := paths(SkillRefs([]byte(src)))
	want := []string{"reference.md:1", "scripts/fill.py:2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SkillRefs = %v, want %v", got, want)
	}
}

// FuzzIncludes: the reference finders never panic, never return more than
// their bound, and every path they return has a file's shape.
func FuzzIncludes(f *testing.F) {
	f.Add([]byte("@a.md\n```\n@b.md\n```\n[x](y.md) `scripts/z.sh`"))
	f.Add([]byte("@" + strings.Repeat("@a.md ", 10)))
	f.Add([]byte("](" + "`"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, list := range [][]Include{AtImports(data), SkillRefs(data)} {
			if len(list) > maxIncludes {
				t.Fatalf("%d includes", len(list))
			}
			for _, in := range list {
				if in.Path == "" || in.Line < 1 {
					t.Fatalf("bad include %+v", in)
				}
			}
		}
	})
}
