package rules

import (
	"bytes"
	"sort"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// BaseInfo is the base revision of a pull request, as the history-aware
// rules (S6, S20) read it. It is filled by the caller (package prcheck) from
// git; the rules never run git themselves.
type BaseInfo struct {
	// Ref is the base as the user named it; Commit is what it resolved to.
	Ref, Commit string
	// Files are the base revision's agent files and the scripts its hooks,
	// tasks and servers run, with their content.
	Files []discover.File
	// Messages are the full commit messages of base..head.
	Messages []string
}

// Change is an agent file that differs between base and head.
type Change struct {
	Path   string        `json:"path"`
	Kind   discover.Kind `json:"kind"`
	Tool   string        `json:"tool,omitempty"`
	Status string        `json:"status"` // added, modified, deleted
}

// Changes lists the agent files and scripts that differ between the base
// and the head, sorted by path. Files from outside the repository (the
// user's own settings with --global) are not part of a pull request.
func (r *Repo) Changes() []Change {
	if r.Base == nil {
		return nil
	}
	head := append([]discover.File{}, r.Files...)
	for _, f := range r.Scripts {
		head = append(head, *f)
	}
	return DiffFiles(r.Base.Files, head, func(p string) (bool, bool) {
		if r.FS == nil {
			return false, true
		}
		return discover.Exists(r.FS, p)
	})
}

// DiffFiles compares the base and head versions of agent files. exists
// answers whether a path is present in the head tree at all: a base script
// that no hook runs any more is deleted only if it is really gone.
func DiffFiles(base, head []discover.File, exists func(string) (ok, known bool)) []Change {
	byPath := map[string]*discover.File{}
	for i := range head {
		byPath[head[i].Path] = &head[i]
	}
	inBase := map[string]*discover.File{}
	for i := range base {
		inBase[base[i].Path] = &base[i]
	}
	var out []Change
	for p, f := range byPath {
		if !inRepo(p) {
			continue
		}
		b := inBase[p]
		switch {
		case b == nil:
			out = append(out, Change{Path: p, Kind: f.Kind, Tool: f.Tool, Status: "added"})
		case !bytes.Equal(b.Data, f.Data):
			out = append(out, Change{Path: p, Kind: f.Kind, Tool: f.Tool, Status: "modified"})
		}
	}
	for p, b := range inBase {
		if _, ok := byPath[p]; ok || !inRepo(p) {
			continue
		}
		if b.Kind == discover.KindScript && exists != nil {
			if ok, known := exists(p); ok || !known {
				continue
			}
		}
		out = append(out, Change{Path: p, Kind: b.Kind, Tool: b.Tool, Status: "deleted"})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func inRepo(p string) bool {
	return p != "" && p[0] != '/' && p[0] != '~' && !strings.HasPrefix(p, "../")
}
