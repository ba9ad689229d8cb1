package rules

import (
	"hash"
	"io/fs"
	"path"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Symbolic links on the way to what runs. The tree is read through
// os.Root (discover.DirFS) or a git tree read the same way, which follow
// a link only while it stays inside the tree: a script that is a link to
// another project file is read as that file. An approval pins, besides
// the bytes read, where each link on the way to a pinned file points, so
// pointing a link elsewhere lapses the approval even when the bytes are
// the same; and a link that leads out of the tree is said, never
// followed: a script behind one cannot be approved (what it runs is
// never read), an installed program behind one (a virtualenv's python
// linking to /usr/bin/python3.12) is a notice, pinned to where it points.

// writeLinks writes into h where each link on p's way points, when
// there is one: a path reached through no link hashes as before.
func (r *Repo) writeLinks(h hash.Hash, p string) {
	if r.FS == nil {
		return
	}
	if w := discover.ResolveLinks(r.FS, p).String(); w != "" {
		h.Write([]byte("\x00links\x00" + p + "\x00" + w))
	}
}

// linkOutside says, for a reader, that p is (or lies behind) a link out
// of the tree: "p, a link to T, which is outside the scanned folder".
// "" when no link on p's way leads out.
func linkOutside(fsys fs.FS, p string) (string, discover.LinkWay) {
	if fsys == nil {
		return "", discover.LinkWay{}
	}
	w := discover.ResolveLinks(fsys, p)
	switch {
	case w.Loop:
		return p + ", a chain of links that does not end (or cannot be read)", w
	case w.Outside == "":
		return "", w
	case w.Last:
		return p + ", a link to " + w.Outside + ", which is outside the scanned folder", w
	}
	return p + ", which lies behind a link (" + w.Links[len(w.Links)-1] + ") that leads outside the scanned folder, to " + w.Outside, w
}

// installedLink reports a link out of the tree that is p itself and
// points at an installed program rather than at a script: a system path
// (/usr/bin/python3.12), or, for a virtualenv's interpreter, any
// absolute path (uv and pyenv keep interpreters under the home folder).
// Running it is running what a name on PATH finds: not pinned beyond
// where the link points.
func installedLink(p string, w discover.LinkWay) bool {
	if !w.Last || w.Outside == "" || !path.IsAbs(w.Outside) {
		return false
	}
	if systemPath(w.Outside) {
		return true
	}
	return reVenvPython.MatchString(p) && !strings.Contains(p, "..")
}
