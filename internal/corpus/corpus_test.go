package corpus

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
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

func TestInstructionTextsReadsInstructionFilesOnly(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, dir)
	if texts, ok := InstructionTexts(); ok || texts != nil {
		t.Fatalf("without the corpus: %q, %v; want nothing, false", texts, ok)
	}
	files := map[string]string{
		"MANIFEST.tsv":            "",
		"r/CLAUDE.md":             "claude",
		"r/.cursor/rules/a.mdc":   "rule",
		"r/.cursorrules":          "cursor",
		"r/.claude/settings.json": "{}",
		"r/scripts/setup.sh":      "echo",
		"r/docs/README.MD":        "upper",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	texts, ok := InstructionTexts()
	sort.Strings(texts)
	if want := []string{"claude", "cursor", "rule", "upper"}; !ok || !slices.Equal(texts, want) {
		t.Fatalf("InstructionTexts() = %q, %v; want %q, true", texts, ok, want)
	}
}
