package cli

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// What the agent loads from outside the folder the gate scans: the
// instruction files of every parent folder up to the root (Claude Code
// reads CLAUDE.md and CLAUDE.local.md in each; Codex reads AGENTS.md and
// AGENTS.override.md from the project root down; Gemini CLI reads GEMINI.md
// upwards), and the agent files or folders of the tree that are links to
// somewhere outside it (the walk never follows those). The gate reads them
// too, so a danger one step outside the tree does not let the agent start.

// parentInstructionNames are the files an agent loads from parent folders.
var parentInstructionNames = []string{"CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md"}

// outsideLimit bounds what is read from outside the tree: the bytes of one
// file (a larger one is read in part and marked so by the scan) and the
// number of entries read under linked folders.
const (
	outsideFileLimit    = 16 << 20
	outsideEntriesLimit = 20000
)

// outsideView is the overlay the gate scans besides the tree: virtual
// paths (valid fs paths) with the bytes the agent would read there, and
// the name each is shown under.
type outsideView struct {
	files fstest.MapFS
	shown map[string]string
	// linked is true when a link of the tree leads outside it; then the
	// start is not remembered (the run cache stamps the tree only).
	linked bool
	// opts are the tree's scan options (its approvals).
	opts []scan.Option
	// followed holds the links of the tree (paths in it) whose targets
	// were read whole: the tree's scan does not report them as not read.
	followed map[string]bool
}

func newOutsideView() *outsideView {
	return &outsideView{files: fstest.MapFS{}, shown: map[string]string{}, followed: map[string]bool{}}
}

// add reads one regular file (links followed) into the view, and
// reports whether it was read whole.
func (v *outsideView) add(virtual, real, shown string) bool {
	f, err := os.Open(real)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false
	}
	data, err := io.ReadAll(io.LimitReader(f, outsideFileLimit+1))
	if err != nil {
		return false
	}
	v.files[virtual] = &fstest.MapFile{Data: data, Mode: 0o644}
	v.shown[virtual] = shown
	return len(data) <= outsideFileLimit
}

// treeNotices are the walk's notices less those about links whose
// targets the view read whole: what the tree's own scan still reports.
func (v *outsideView) treeNotices(ns []discover.Notice) []discover.Notice {
	var out []discover.Notice
	for _, n := range ns {
		if !v.followed[n.Path] {
			out = append(out, n)
		}
	}
	return out
}

// addParents reads the instruction files of every folder above wd, both
// the folders of the path the shell shows and of the physical one.
func (v *outsideView) addParents(wd string) {
	seen := map[string]bool{}
	starts := []string{wd}
	if real, err := filepath.EvalSymlinks(wd); err == nil && real != wd {
		starts = append(starts, real)
	}
	n := 0
	for _, start := range starts {
		for dir := filepath.Dir(start); ; dir = filepath.Dir(dir) {
			for _, name := range parentInstructionNames {
				p := filepath.Join(dir, name)
				real, err := filepath.EvalSymlinks(p)
				if err != nil || seen[real] {
					continue
				}
				seen[real] = true
				n++
				v.add("parent"+strconv.Itoa(n)+"/"+name, p, p)
			}
			if parent := filepath.Dir(dir); parent == dir {
				break
			}
		}
	}
}

// addLinks reads what the links of the tree lead to, under the links' own
// paths: a file link the walk refused (it leads outside the tree: one of
// its notices), and every link to a folder, inside the tree or not (the
// walk never follows those, and an agent finds `.claude/settings.json`
// through a linked `.claude` all the same).
func (v *outsideView) addLinks(wd string, notices []discover.Notice, links []string) {
	realWD, err := filepath.EvalSymlinks(wd)
	if err != nil {
		realWD = wd
	}
	paths := append([]string(nil), links...)
	for _, n := range notices {
		paths = append(paths, n.Path)
	}
	seen := map[string]bool{}
	budget := outsideEntriesLimit
	for _, rel := range paths {
		if seen[rel] || !fs.ValidPath(rel) {
			continue
		}
		seen[rel] = true
		p := filepath.Join(wd, filepath.FromSlash(rel))
		if st, err := os.Lstat(p); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue
		}
		st, err := os.Stat(real)
		if err != nil {
			continue
		}
		outside := !within(realWD, real)
		if st.Mode().IsRegular() {
			if _, _, ok := discover.Classify(rel); ok && outside {
				v.linked = true
				if v.add(rel, real, rel+" -> "+real) {
					v.followed[rel] = true
				}
			}
			continue
		}
		if !st.IsDir() {
			continue
		}
		if outside {
			v.linked = true
		}
		// The link counts as read when the gate read every agent file in it
		// and found at least one: a folder linked under a name no agent
		// file matches exactly (".Cursor", read by an agent on a file
		// system that ignores case) stays "not read".
		whole, nread := true, 0
		filepath.WalkDir(real, func(q string, d fs.DirEntry, err error) error {
			if budget--; err != nil || budget < 0 {
				whole = false
				return fs.SkipAll
			}
			if d.IsDir() {
				if q != real && (d.Name() == ".git" || d.Name() == "node_modules") {
					return fs.SkipDir
				}
				return nil
			}
			r, err := filepath.Rel(real, q)
			if err != nil {
				return nil
			}
			virtual := path.Join(rel, filepath.ToSlash(r))
			if _, _, ok := discover.Classify(virtual); !ok {
				return nil
			}
			v.linked = true
			if v.add(virtual, q, virtual+" -> "+q) {
				nread++
			} else {
				whole = false
			}
			return nil
		})
		if whole && nread > 0 {
			v.followed[rel] = true
		}
	}
}

// within reports whether p is dir or below it.
func within(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// overlay serves the view's files first, then the scanned tree (so a
// linked settings file's hooks still find the tree's scripts).
type overlay struct {
	top  fstest.MapFS
	base fs.FS
}

func (o overlay) Open(name string) (fs.File, error) {
	if f, err := o.top.Open(name); err == nil {
		return f, nil
	}
	return o.base.Open(name)
}

// scan reads the view with the tree beneath it and returns its result,
// with each file shown under its real name; nil when the view is empty.
func (v *outsideView) scan(ctx context.Context, tree fs.FS, opts ...scan.Option) (*scan.Result, error) {
	if len(v.files) == 0 {
		return nil, nil
	}
	files, _, err := discover.Walk(v.files)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, nil
	}
	res, err := scan.ScanFiles(ctx, overlay{v.files, tree}, files, opts...)
	if err != nil {
		return nil, err
	}
	for i := range res.Files {
		if s, ok := v.shown[res.Files[i].Path]; ok {
			res.Files[i].Path, res.Files[i].Filename = s, s
		}
	}
	return res, nil
}

// mergeOutside folds the outside result into the tree's: its files are
// added and the verdict is the worse of the two (as a scan's verdict is
// its worst file's).
func mergeOutside(res, out *scan.Result) *scan.Result {
	if out == nil {
		return res
	}
	if res == nil {
		return out
	}
	res.Files = append(res.Files, out.Files...)
	res.Observations = append(res.Observations, out.Observations...)
	res.Breakdown = append(res.Breakdown, out.Breakdown...)
	res.Notices = append(res.Notices, out.Notices...)
	if out.Verdict.Rank() > res.Verdict.Rank() || (out.Verdict == res.Verdict && out.TrustScore < res.TrustScore) {
		res.Verdict, res.TrustScore, res.ColorBand = out.Verdict, out.TrustScore, out.ColorBand
	}
	return res
}
