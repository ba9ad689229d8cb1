package server

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"
)

func TestMemFS(t *testing.T) {
	m, _, ok := newMemFS(map[string][]byte{
		"CLAUDE.md":             []byte("hello"),
		".claude/settings.json": []byte("{}"),
		"a/b/c/d.sh":            []byte("echo"),
	})
	if !ok {
		t.Fatal("valid tree refused")
	}
	if err := fstest.TestFS(m, "CLAUDE.md", ".claude/settings.json", "a/b/c/d.sh"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"../x", "/CLAUDE.md", "a/../CLAUDE.md", "nope", "a/b/c/d.sh/x"} {
		if _, err := m.Open(bad); err == nil {
			t.Errorf("Open(%q) succeeded", bad)
		}
	}
	if _, err := fs.ReadFile(m, "a/b"); err == nil {
		t.Error("reading a folder as a file succeeded")
	}
	if _, clash, ok := newMemFS(map[string][]byte{"a": nil, "a/b": nil}); ok || clash != "a" {
		t.Errorf("file-and-folder clash not reported: %q %v", clash, ok)
	}
}

func TestCheckPath(t *testing.T) {
	for _, p := range []string{"CLAUDE.md", ".claude/settings.json", "a/b/.cursor/rules/x.mdc", "SKILL.md", "日本語/CLAUDE.md", "a b/c.md", "..a/b", "a../b"} {
		if err := checkPath(p); err != nil {
			t.Errorf("checkPath(%q) = %v", p, err)
		}
	}
	for _, p := range append(unsafePaths, "\xff\xfe") {
		if err := checkPath(p); err == nil {
			t.Errorf("checkPath(%q) accepted an unsafe path", p)
		}
	}
}

// FuzzCheckPath: whatever checkPath accepts is a valid fs path inside the
// root with no backslash and no control character.
func FuzzCheckPath(f *testing.F) {
	for _, p := range append(unsafePaths, "CLAUDE.md", ".claude/settings.json", "a/b/c") {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if checkPath(p) != nil {
			return
		}
		if !fs.ValidPath(p) || p == "." {
			t.Fatalf("accepted %q, not a valid fs path", p)
		}
		for _, r := range p {
			if r == '\\' || r < 0x20 || r == 0x7f {
				t.Fatalf("accepted %q with %U", p, r)
			}
		}
	})
}

func TestMemFSLoose(t *testing.T) {
	m, _, _ := newMemFS(map[string][]byte{"settings.json": nil})
	m.loose = true
	_, err := m.Open(".claude/hooks/x.js")
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a file outside a loose upload must be unknown, not missing: %v", err)
	}
	if _, err := m.Open("settings.json"); err != nil {
		t.Fatal(err)
	}
}
