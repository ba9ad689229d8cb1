package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// quadraticDropCovered is the former dropCovered, which resolved both
// paths of every pair: the oracle the linear one must agree with.
func quadraticDropCovered(targets []target) []target {
	if len(targets) < 2 {
		return targets
	}
	var out []target
	for _, t := range targets {
		covered := false
		for _, d := range targets {
			if d.isDir && quadraticWalkReads(d, t.abs, t.isDir) {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, t)
		}
	}
	return out
}

func quadraticWalkReads(d target, p string, isDir bool) bool {
	root, err1 := filepath.EvalSymlinks(d.abs)
	real, err2 := filepath.EvalSymlinks(p)
	if err1 != nil || err2 != nil || root == real {
		return false
	}
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, seg := range strings.Split(rel, "/") {
		switch seg {
		case ".git", ".hg", ".svn", "node_modules":
			return false
		}
	}
	if isDir {
		return true
	}
	_, _, ok := discover.Classify(rel)
	return ok
}

func coverTree(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	files := []string{
		"a/CLAUDE.md", "a/notes.txt", "a/b/AGENTS.md", "a/b/c/.claude/settings.json",
		"a/.git/CLAUDE.md", "a/node_modules/x/CLAUDE.md", "d/GEMINI.md", "e/x.md",
	}
	for _, f := range files {
		full := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("# x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{".", "a", "a/b", "a/b/c", "a/.git", "a/node_modules/x", "d", "e"}
	paths = append(paths, files...)
	// Links: to a folder inside, to the same folder, to a file.
	links := map[string]string{"la": "a", "lb": "a/b", "a/lself": ".", "lfile": "a/CLAUDE.md", "e/ld": "d"}
	for l, to := range links {
		full := filepath.Join(dir, filepath.FromSlash(l))
		target, _ := filepath.Rel(filepath.Dir(full), filepath.Join(dir, filepath.FromSlash(to)))
		if err := os.Symlink(target, full); err != nil {
			t.Skipf("symbolic links unavailable: %v", err)
		}
		paths = append(paths, l)
	}
	return dir, paths
}

// TestDropCoveredUnchanged: the linear dropCovered keeps exactly the PATHs
// the pairwise one kept, for random selections and orders of folders,
// files, links and folders the walk skips.
func TestDropCoveredUnchanged(t *testing.T) {
	dir, paths := coverTree(t)
	t.Chdir(dir)
	r := rand.New(rand.NewPCG(1, 17))
	dropped, kept := 0, 0
	for i := range 400 {
		n := 1 + r.IntN(8)
		var args []string
		for range n {
			args = append(args, paths[r.IntN(len(paths))])
		}
		got, err := resolveTargets(args)
		if err != nil {
			t.Fatal(err)
		}
		// resolveTargets already applied the linear dropCovered; redo the
		// dedupe without it to give the oracle the same input.
		all := undropped(t, args)
		want := quadraticDropCovered(all)
		if !slices.EqualFunc(got, want, func(a, b target) bool { return a.abs == b.abs }) {
			t.Fatalf("case %d %v: linear kept %v, pairwise kept %v", i, args, absOf(got), absOf(want))
		}
		if len(want) < len(all) {
			dropped++
		} else if len(all) > 1 {
			kept++
		}
	}
	if dropped < 50 || kept < 20 {
		t.Errorf("only %d cases dropped a PATH and %d kept several: the cases do not test much", dropped, kept)
	}
	t.Logf("%d cases dropped a covered PATH, %d kept several PATHs", dropped, kept)
}

func undropped(t *testing.T, args []string) []target {
	t.Helper()
	seen := map[string]bool{}
	var out []target
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs(a)
		if seen[abs] {
			continue
		}
		seen[abs] = true
		out = append(out, target{arg: a, display: filepath.ToSlash(filepath.Clean(a)), abs: abs, isDir: st.IsDir()})
	}
	return out
}

func absOf(ts []target) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.arg)
	}
	return out
}

// TestDropCoveredIsLinear: 200 repositories named on one command line are
// resolved once each (the pairwise check resolved 2 x 200 x 200 paths).
func TestDropCoveredIsLinear(t *testing.T) {
	dir := t.TempDir()
	var args []string
	for i := range 200 {
		p := filepath.Join(dir, fmt.Sprintf("repo%03d", i))
		if err := os.MkdirAll(filepath.Join(p, ".claude"), 0o755); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	args = append(args, filepath.Join(dir, "repo007", ".claude"))
	calls := 0
	evalSymlinks = func(p string) (string, error) { calls++; return filepath.EvalSymlinks(p) }
	t.Cleanup(func() { evalSymlinks = filepath.EvalSymlinks })
	got, err := resolveTargets(args)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 200 {
		t.Errorf("kept %d PATHs, want the 200 repositories (repo007/.claude is inside repo007)", len(got))
	}
	if calls > len(args) {
		t.Errorf("%d link resolutions for %d PATHs; want one each", calls, len(args))
	}
}
