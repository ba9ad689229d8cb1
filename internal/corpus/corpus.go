// Package corpus locates the shared corpus of real agent files
// (../shared/corpus/wild beside the repository) for tests and benchmarks.
// A user's clone has no ../shared: tests that need the corpus skip, saying
// where they looked.
package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Env names the variable that points at the corpus when it is elsewhere.
const Env = "SENTINEL_CORPUS"

// Wild returns the folder of the corpus's repositories: $SENTINEL_CORPUS, or
// shared/corpus/wild beside the folder that holds go.mod. It returns the
// path it looked at and whether the corpus is there (its MANIFEST.tsv).
func Wild() (string, bool) {
	dir := os.Getenv(Env)
	if dir == "" {
		dir = filepath.Join(moduleRoot(), "..", "shared", "corpus", "wild")
	}
	_, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv"))
	return dir, err == nil
}

// WildOrSkip returns Wild's folder, or skips tb with a message saying where
// it looked and how to point at the corpus.
func WildOrSkip(tb testing.TB) string {
	tb.Helper()
	dir, ok := Wild()
	if !ok {
		tb.Skipf("corpus not found at %s (set %s, or check out ../shared beside the repository); skipping", dir, Env)
	}
	return dir
}

// Repos returns the folders of the corpus's repositories in name order, or
// skips tb as WildOrSkip does.
func Repos(tb testing.TB) []string {
	tb.Helper()
	dir := WildOrSkip(tb)
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var repos []string
	for _, e := range entries {
		if e.IsDir() {
			repos = append(repos, filepath.Join(dir, e.Name()))
		}
	}
	return repos
}

// InstructionTexts returns the text of every instruction file of the
// corpus (Markdown, .mdc rules and .cursorrules, each under 1 MiB), and
// whether the corpus is there; tests that also run without it use this.
func InstructionTexts() ([]string, bool) {
	dir, ok := Wild()
	if !ok {
		return nil, false
	}
	var out []string
	_ = filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		name := strings.ToLower(e.Name())
		if strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".mdc") || name == ".cursorrules" {
			if b, err := os.ReadFile(p); err == nil && len(b) < 1<<20 {
				out = append(out, string(b))
			}
		}
		return nil
	})
	return out, true
}

// moduleRoot returns the nearest folder at or above the working directory
// (a test's package folder) that holds go.mod, or "." when there is none.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}
