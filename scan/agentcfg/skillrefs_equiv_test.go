package agentcfg

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// skillRefsByLine is SkillRefs as it was first written, line by line: the
// reference the one-pass version must agree with.
func skillRefsByLine(data []byte) []Include {
	var out []Include
	seen := map[string]bool{}
	add := func(p string, line int) {
		p = strings.TrimSpace(p)
		if i := strings.IndexAny(p, "#?"); i >= 0 {
			p = p[:i]
		}
		if p == "" || seen[p] || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.Contains(p, "://") ||
			strings.ContainsAny(p, " \t*$<>|") || !looksLikePath(p) {
			return
		}
		seen[p] = true
		out = append(out, Include{Path: p, Line: line})
	}
	line := 0
	text := data
	for len(text) > 0 && len(out) < maxIncludes {
		var lb []byte
		lb, text, _ = bytes.Cut(text, []byte{'\n'})
		line++
		if bytes.IndexByte(lb, '`') < 0 && !bytes.Contains(lb, []byte("](")) {
			continue
		}
		l := string(lb)
		for rest := l; ; {
			i := strings.Index(rest, "](")
			if i < 0 {
				break
			}
			rest = rest[i+2:]
			if j := strings.IndexByte(rest, ')'); j >= 0 {
				add(rest[:j], line)
				rest = rest[j:]
			}
		}
		for rest := l; ; {
			i := strings.IndexByte(rest, '`')
			if i < 0 {
				break
			}
			rest = rest[i+1:]
			j := strings.IndexByte(rest, '`')
			if j < 0 {
				break
			}
			w := rest[:j]
			rest = rest[j+1:]
			for _, f := range strings.Fields(w) {
				if strings.Contains(f, "/") || strings.HasSuffix(f, ".md") {
					add(f, line)
				}
			}
		}
	}
	return out
}

var skillRefSamples = []string{
	"",
	"no references here\nat all\n",
	"Read [the reference](reference.md) and run `bash scripts/go.sh`; see `src/app.md`.\n",
	"line one\n\n`scripts/a.sh`\n\nplain\n[x](docs/b.md) and [y](c.md)\n`d.md` `e/f.py`\n",
	"`unterminated scripts/x.sh\n`next.md`\n",
	"[a](x.md)\n[b](x.md)\n]( ]( `` `` \n",
	"no newline at the end `last/one.sh`",
	"\n\n\n[a](one.md)\n\n\n`two/three.py`\n\n",
	"](\n](\n`\n`\n",
	"tick ` here\n and link ](a.md) there `b/c.sh`\n",
}

func TestSkillRefsAgreesWithLineByLine(t *testing.T) {
	var many strings.Builder
	for i := 0; i < 300; i++ {
		many.WriteString("`dir/f" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + ".sh` and [l](p" + string(rune('a'+i%26)) + ".md)\nfiller\n")
	}
	for _, s := range append(skillRefSamples, many.String()) {
		if got, want := SkillRefs([]byte(s)), skillRefsByLine([]byte(s)); !reflect.DeepEqual(got, want) {
			t.Errorf("SkillRefs(%q)\n got %v\nwant %v", s, got, want)
		}
	}
}

func FuzzSkillRefsAgrees(f *testing.F) {
	for _, s := range skillRefSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := SkillRefs([]byte(s)), skillRefsByLine([]byte(s)); !reflect.DeepEqual(got, want) {
			t.Errorf("SkillRefs(%q)\n got %v\nwant %v", s, got, want)
		}
	})
}
