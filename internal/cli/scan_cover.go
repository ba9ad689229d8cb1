package cli

import (
	"path/filepath"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// evalSymlinks is filepath.EvalSymlinks; the tests count its calls.
var evalSymlinks = filepath.EvalSymlinks

// dropCovered leaves out a PATH that another PATH's folder walk already
// reads (sentinel scan . ./CLAUDE.md, or a folder and a folder inside it),
// so no file is counted, scored and reported twice. A file the walk would
// not read (notes.txt, read as instructions only when named) is kept.
// Each PATH is resolved once: 'sentinel scan' over hundreds of
// repositories costs a linear number of link resolutions, not one per pair.
func dropCovered(targets []target) []target {
	if len(targets) < 2 {
		return targets
	}
	idx := newCoverIndex(targets)
	var out []target
	for i, t := range targets {
		if !idx.walksReal(idx.real[i], t.isDir) {
			out = append(out, t)
		}
	}
	return out
}

// coverIndex holds the real path of every PATH (resolved once) and the set
// of those that are folders, whose walks may read another PATH.
type coverIndex struct {
	real []string        // per target; "" when it cannot be resolved
	dirs map[string]bool // real paths of the folder targets
}

func newCoverIndex(targets []target) coverIndex {
	c := coverIndex{real: make([]string, len(targets)), dirs: map[string]bool{}}
	for i, t := range targets {
		r, err := evalSymlinks(t.abs)
		if err != nil {
			continue
		}
		c.real[i] = r
		if t.isDir {
			c.dirs[r] = true
		}
	}
	return c
}

// walks reports whether the walk of a folder among the targets reads the
// file or folder at p.
func (c coverIndex) walks(p string, isDir bool) bool {
	if len(c.dirs) == 0 {
		return false
	}
	real, err := evalSymlinks(p)
	if err != nil {
		return false
	}
	return c.walksReal(real, isDir)
}

// walksReal is walks for a path already resolved ("" when it could not
// be). Paths are compared by real path, since the walk follows no link;
// every folder above real that is a target is asked (walkReads), so the
// cost is the depth of the path, not the number of targets. A folder's
// walk never counts as reading that folder itself.
func (c coverIndex) walksReal(real string, isDir bool) bool {
	if real == "" || len(c.dirs) == 0 {
		return false
	}
	for dir := filepath.Dir(real); ; {
		if c.dirs[dir] && walkReads(dir, real, isDir) {
			return true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return false
		}
		dir = up
	}
}

// walkReads reports whether the walk of the folder root (a real path)
// reads the file or folder at real, which lies below it: a path under a
// folder the walk skips (.git, node_modules) is not read, nor is a file
// that is not an agent file where it stands. Any doubt answers false:
// reading a file twice is better than not at all.
func walkReads(root, real string, isDir bool) bool {
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
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
