package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWildHonoursTheVariable(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, dir)
	if got, ok := Wild(); got != dir || ok {
		t.Fatalf("without MANIFEST.tsv: Wild() = %q, %v; want %q, false", got, ok, dir)
	}
	if err := os.WriteFile(filepath.Join(dir, "MANIFEST.tsv"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, ok := Wild(); got != dir || !ok {
		t.Fatalf("with MANIFEST.tsv: Wild() = %q, %v; want %q, true", got, ok, dir)
	}
}

func TestWildLooksBesideTheModule(t *testing.T) {
	t.Setenv(Env, "")
	got, _ := Wild()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "..", "shared", "corpus", "wild"); got != want {
		t.Fatalf("Wild() = %q, want %q", got, want)
	}
}
