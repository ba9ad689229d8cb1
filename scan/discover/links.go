package discover

import (
	"io/fs"
	"path"
	"strings"
)

// maxLinkHops bounds the links followed on one path, as the kernel's
// ELOOP does.
const maxLinkHops = 40

// LinkWay is how a path of the tree resolves through symbolic links.
type LinkWay struct {
	// Real is the path the file has in the tree once every link on the
	// way is followed ("" when a link leads out of the tree).
	Real string
	// Links are the links met, each "link -> target" as written.
	Links []string
	// Outside is where a link leads out of the tree (the target as
	// written, with the rest of the path), "" when none does.
	Outside string
	// Last is set when the link that leads out is p itself, not a folder
	// on its way.
	Last bool
	// Loop is set for a chain of links that never ends.
	Loop bool
}

// ResolveLinks follows the symbolic links on p's way in fsys, one path
// segment at a time, never reading anything out of the tree. A file
// system that cannot read links (fs.ReadLinkFS) has none.
func ResolveLinks(fsys fs.FS, p string) LinkWay {
	var w LinkWay
	if _, ok := fsys.(fs.ReadLinkFS); !ok || p == "" || p == "." || !fs.ValidPath(p) {
		w.Real = p
		return w
	}
	rest := strings.Split(p, "/")
	cur := "."
	hops := 0
	for len(rest) > 0 {
		seg := rest[0]
		rest = rest[1:]
		next := path.Join(cur, seg)
		fi, err := fs.Lstat(fsys, next)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			// Not a link, or not there (the rest is not there either):
			// nothing more to say.
			cur = next
			if err != nil {
				cur = path.Join(append([]string{cur}, rest...)...)
				rest = nil
			}
			continue
		}
		if hops++; hops > maxLinkHops {
			w.Loop = true
			return w
		}
		target, err := fs.ReadLink(fsys, next)
		if err != nil {
			w.Loop = true // unreadable: treated as not known
			return w
		}
		w.Links = append(w.Links, next+" -> "+target)
		t := strings.ReplaceAll(target, "\\", "/")
		if path.IsAbs(t) || len(t) > 1 && t[1] == ':' {
			w.Outside = path.Join(append([]string{t}, rest...)...)
			w.Last = len(rest) == 0
			return w
		}
		j := path.Join(path.Dir(next), t)
		if j == ".." || strings.HasPrefix(j, "../") {
			w.Outside = path.Join(append([]string{j}, rest...)...)
			w.Last = len(rest) == 0
			return w
		}
		// Resolve the target's own segments from the top again.
		rest = append(strings.Split(j, "/"), rest...)
		cur = "."
	}
	w.Real = strings.TrimPrefix(cur, "./")
	return w
}

// String is the links met and where they lead, for a digest: "" when
// the path has no link on its way.
func (w LinkWay) String() string {
	if len(w.Links) == 0 && !w.Loop {
		return ""
	}
	return strings.Join(w.Links, "\x00") + "\x00real\x00" + w.Real + "\x00outside\x00" + w.Outside
}
