package cli

import (
	"strings"
	"testing"
)

func TestExcludeMatch(t *testing.T) {
	for _, c := range []struct {
		pat, path string
		want      bool
	}{
		{"vendor", "vendor/x/CLAUDE.md", true},
		{"vendor/", "vendor/CLAUDE.md", true},
		{"./vendor/**", "vendor/a/b/CLAUDE.md", true},
		{"vendor", "src/vendor/CLAUDE.md", false},
		{"**/vendor", "src/vendor/CLAUDE.md", true},
		{"**/testdata", "testdata/CLAUDE.md", true},
		{"**/testdata", "a/b/testdata/c/AGENTS.md", true},
		{"**/testdata", "a/testdatax/AGENTS.md", false},
		{"*.md", "CLAUDE.md", true},
		{"*.md", "docs/CLAUDE.md", false},
		{"**/*.md", "docs/deep/CLAUDE.md", true},
		{"docs/*/CLAUDE.md", "docs/a/CLAUDE.md", true},
		{"docs/*/CLAUDE.md", "docs/a/b/CLAUDE.md", false},
		{"a/**/b", "a/b/CLAUDE.md", true},
		{"a/**/**/b", "a/x/y/b/CLAUDE.md", true},
		{".claude/settings.json", ".claude/settings.json", true},
		{".claude/settings.json", ".claude/settings.local.json", false},
		{"[ab]/CLAUDE.md", "b/CLAUDE.md", true},
		{"**", "anything/at/all.md", true},
	} {
		ex, err := parseExcludes([]string{c.pat})
		if err != nil {
			t.Fatalf("%q: %v", c.pat, err)
		}
		if got := ex.match(c.path) != ""; got != c.want {
			t.Errorf("--exclude %q on %s: %v, want %v", c.pat, c.path, got, c.want)
		}
	}
	if ex, _ := parseExcludes([]string{"a/**/**/b"}); ex.match("a/b/x") != "a/**/**/b" {
		t.Errorf("the notice does not show the pattern as typed")
	}
	for _, bad := range []string{"", "/etc", "a/../b", `a\b`, "[a"} {
		if _, err := parseExcludes([]string{bad}); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("--exclude %q: err %v, want one sentence", bad, err)
		}
	}
	// A deep path a scanned tree chose, against many ** segments, stays
	// fast (a backtracking matcher takes combinatorial time here).
	ex, _ := parseExcludes([]string{"**/a/**/a/**/a/**/a/**/a/**/nomatch"})
	if ex.match(strings.Repeat("a/", 400)+"CLAUDE.md") != "" {
		t.Error("matched")
	}
}
