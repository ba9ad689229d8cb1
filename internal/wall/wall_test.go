package wall

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestProtectedPlan(t *testing.T) {
	home := t.TempDir()
	home, _ = filepath.EvalSymlinks(home)
	bin := filepath.Join(home, "go", "bin", "sentinel")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(home, "sentinel-link")
	if err := os.Symlink(bin, link); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home}
	p, err := Protected(func(k string) string { return env[k] }, bin, link, "")
	if err != nil {
		t.Fatal(err)
	}
	cfg, state := filepath.Join(home, ".config", "sentinel"), filepath.Join(home, ".local", "state", "sentinel")
	want := []string{filepath.Join(home, ".config", "sentinel"), bin, state}
	slices.Sort(want)
	if !slices.Equal(p.ReadOnly, want) {
		t.Errorf("read-only = %q, want %q (the link resolves to the binary, listed once)", p.ReadOnly, want)
	}
	if !slices.Equal(p.Writable, []string{filepath.Join(state, "gate")}) {
		t.Errorf("writable = %q", p.Writable)
	}
	for _, d := range []string{home, filepath.Join(home, ".config"), filepath.Join(home, ".local"), filepath.Join(home, ".local", "state"), filepath.Join(home, "go", "bin")} {
		if !slices.Contains(p.Pinned, d) {
			t.Errorf("ancestor %s is not pinned: %q", d, p.Pinned)
		}
	}
	for i := 1; i < len(p.Pinned); i++ {
		if strings.Count(p.Pinned[i], "/") < strings.Count(p.Pinned[i-1], "/") {
			t.Errorf("pinned folders are not outermost first: %q", p.Pinned)
		}
	}
	for _, d := range []string{cfg, filepath.Join(state, "mcp", "approvals"), filepath.Join(state, "mcp", "pins")} {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			t.Errorf("%s was not created before it is mounted: %v", d, err)
		}
	}
}

func TestProtectedRefusesAFolderHoldingTheProject(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(proj)
	env := map[string]string{"HOME": home, "SENTINEL_HOME": home}
	if _, err := Protected(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "holds the project") {
		t.Fatalf("a configuration folder holding the project was accepted: %v", err)
	}
}
