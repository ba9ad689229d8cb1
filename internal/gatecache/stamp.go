package gatecache

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"time"

	"github.com/sentinel-sec/sentinel/lock"
)

// Stamp lets a later start confirm, with stat calls alone, that nothing the
// digest covers has changed: every folder of the tree (an added, removed or
// renamed entry changes its folder's times) and every file the digest read,
// each with inode, size, modification and change time. The change time
// (ctime) cannot be set back by an ordinary user, so a rewritten file always
// shows. Entries written within RacyWindow of the stamp are "racy" (a second
// write in the same clock tick could go unseen, as git's index knows): then
// the stamp is not trusted and the content digest decides.
type Stamp struct {
	Taken int64       `json:"taken"` // unix nanoseconds
	Dirs  []StatEntry `json:"dirs"`
	Files []StatEntry `json:"files"`
}

// StatEntry is one path's identity at stamp time.
type StatEntry struct {
	Path   string `json:"p"`
	Exists bool   `json:"e"`
	Ino    uint64 `json:"i,omitempty"`
	Size   int64  `json:"s,omitempty"`
	Mtime  int64  `json:"m,omitempty"`
	Ctime  int64  `json:"c,omitempty"`
	Mode   uint32 `json:"t,omitempty"`
	// Target is the identity of the file a symbolic link leads to.
	Target *StatEntry `json:"l,omitempty"`
}

// equal compares two identities, the files links lead to included.
func (e StatEntry) equal(o StatEntry) bool {
	if (e.Target == nil) != (o.Target == nil) {
		return false
	}
	if e.Target != nil && *e.Target != *o.Target {
		return false
	}
	e.Target, o.Target = nil, nil
	return e == o
}

// racy reports whether the entry, or the file its link leads to, changed
// after limit.
func (e StatEntry) racy(limit int64) bool {
	if e.Exists && (e.Ctime >= limit || e.Mtime >= limit) {
		return true
	}
	return e.Target != nil && e.Target.racy(limit)
}

// RacyWindow is how close to the stamp a change time may be before the
// stamp is not trusted for it.
const RacyWindow = 2 * time.Second

// skipDir mirrors the folders the scan never enters.
func skipDir(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", "node_modules":
		return true
	}
	return false
}

// TakeStamp records the tree at root: every folder, and the given files
// (agent files, targets, the folders above targets, the lock files). ok is
// false when stat identities are not available on this platform or the tree
// could not be listed; then only the content digest is used.
func TakeStamp(root string, files []string) (Stamp, bool) {
	st := Stamp{Taken: time.Now().UnixNano()}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel != "." && skipDir(d.Name()) {
			return fs.SkipDir
		}
		e, ok := statEntry(root, rel)
		if !ok {
			return fs.ErrInvalid
		}
		st.Dirs = append(st.Dirs, e)
		return nil
	})
	if err != nil {
		return Stamp{}, false
	}
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f] || !fs.ValidPath(f) {
			continue
		}
		seen[f] = true
		e, ok := statEntry(root, f)
		if !ok {
			return Stamp{}, false
		}
		st.Files = append(st.Files, e)
	}
	sort.Slice(st.Files, func(i, j int) bool { return st.Files[i].Path < st.Files[j].Path })
	return st, true
}

// Unchanged reports whether every entry of the stamp still has the same
// identity and none is racy.
func (s *Stamp) Unchanged(root string) bool {
	if s == nil || s.Taken == 0 || len(s.Dirs) == 0 {
		return false
	}
	limit := s.Taken - int64(RacyWindow)
	for _, list := range [][]StatEntry{s.Dirs, s.Files} {
		for _, want := range list {
			if want.racy(limit) {
				return false
			}
			got, ok := statEntry(root, want.Path)
			if !ok || !got.equal(want) {
				return false
			}
		}
	}
	return true
}

// stampFiles lists the paths a stamp must cover besides the folders.
func stampFiles(agentFiles, targets []string) []string {
	out := append([]string{}, agentFiles...)
	for _, t := range targets {
		out = append(out, t)
		for d := path.Dir(t); d != "." && d != "/"; d = path.Dir(d) {
			out = append(out, d)
		}
	}
	return append(out, lock.FileName, lock.SigFileName, lock.PublicKeyPath)
}

func lstat(root, rel string) (os.FileInfo, error) {
	return os.Lstat(filepath.Join(root, filepath.FromSlash(rel)))
}
