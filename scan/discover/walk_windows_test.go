package discover

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWalkWindowsCase: on Windows the portable walk finds agent files and
// folders in any case and names them with forward slashes, as on Unix.
func TestWalkWindowsCase(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		`.Claude\Settings.JSON`: `{"hooks":{}}`,
		`pkg\Claude.MD`:         "# notes",
		`src\main.go`:           "package main",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	files, notices, err := Walk(d)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Kind{}
	for _, f := range files {
		got[f.Path] = f.Kind
	}
	want := map[string]Kind{".Claude/Settings.JSON": KindSettings, "pkg/Claude.MD": KindInstructions}
	if len(got) != len(want) {
		t.Errorf("Walk found %v (notices %v), want %v", got, notices, want)
	}
	for p, k := range want {
		if got[p] != k {
			t.Errorf("Walk: %s is %q, want %q (found %v)", p, got[p], k, got)
		}
	}
}
