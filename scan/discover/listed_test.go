package discover_test

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestListedSkillFolders checks that a walk keeps the listing of every
// folder at or below one that holds a SKILL.md (all kinds of entry, the
// names a skill can point at), and of no other folder.
func TestListedSkillFolders(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only the Linux walk keeps listings; other systems list the folder again")
	}
	dir := t.TempDir()
	for _, f := range []string{
		".claude/skills/deploy/SKILL.md",
		".claude/skills/deploy/reference.md",
		".claude/skills/deploy/scripts/run.sh",
		".claude/skills/deploy/scripts/deep/more.py",
		".claude/skills/other/notes.md",
		"docs/readme.md",
	} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("reference.md", filepath.Join(dir, ".claude/skills/deploy/link.md")); err != nil {
		t.Fatal(err)
	}
	root, err := discover.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, ok := root.Listed(".claude/skills/deploy"); ok {
		t.Fatal("a listing before any walk")
	}
	if _, _, err := discover.Walk(root); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		".claude/skills/deploy":              {"SKILL.md", "link.md", "reference.md", "scripts"},
		".claude/skills/deploy/scripts":      {"deep", "run.sh"},
		".claude/skills/deploy/scripts/deep": {"more.py"},
	}
	for d, w := range want {
		got, ok := root.Listed(d)
		got = slices.Sorted(slices.Values(got))
		if !ok || !slices.Equal(got, w) {
			t.Errorf("Listed(%q) = %q, %v; want %q", d, got, ok, w)
		}
	}
	for _, d := range []string{".", ".claude", ".claude/skills", ".claude/skills/other", "docs"} {
		if l, ok := root.Listed(d); ok {
			t.Errorf("Listed(%q) = %q: not a skill folder", d, l)
		}
	}
}
