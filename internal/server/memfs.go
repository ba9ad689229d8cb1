package server

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"path"
	"sort"
	"time"
)

// memFS is a read-only file system held in memory: an upload is scanned
// from it, so nothing a request sends is ever written to disk. Paths are
// validated before they get here (see cleanPath); folders are implied by
// the files below them.
type memFS struct {
	files map[string][]byte
	dirs  map[string][]string // folder → sorted child names
	// loose marks an upload of loose files: a path that is not there is
	// unknown (errNotSent), not missing, because the rest of the project
	// was never sent.
	loose bool
}

// errNotSent answers for a file outside a loose upload.
var errNotSent = errors.New("not part of the files sent")

// newMemFS builds the tree. It reports false when a path is both a file and
// a folder ("a" and "a/b"), which no real tree can hold.
func newMemFS(files map[string][]byte) (*memFS, string, bool) {
	m := &memFS{files: files, dirs: map[string][]string{".": nil}}
	children := map[string]map[string]bool{".": {}}
	for p := range files {
		dir := path.Dir(p)
		child := path.Base(p)
		for {
			if _, isFile := files[dir]; isFile {
				return nil, dir, false
			}
			if children[dir] == nil {
				children[dir] = map[string]bool{}
			}
			children[dir][child] = true
			if dir == "." {
				break
			}
			child = path.Base(dir)
			dir = path.Dir(dir)
		}
	}
	for d, set := range children {
		names := make([]string, 0, len(set))
		for n := range set {
			names = append(names, n)
		}
		sort.Strings(names)
		m.dirs[d] = names
	}
	return m, "", true
}

func (m *memFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if data, ok := m.files[name]; ok {
		return &memFile{name: path.Base(name), r: bytes.NewReader(data), size: int64(len(data))}, nil
	}
	if names, ok := m.dirs[name]; ok {
		return &memDir{fsys: m, name: name, children: names}, nil
	}
	if m.loose {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errNotSent}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// memInfo describes a file or a folder.
type memInfo struct {
	name string
	size int64
	dir  bool
}

func (i memInfo) Name() string { return i.name }
func (i memInfo) Size() int64  { return i.size }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return i.dir }
func (i memInfo) Sys() any           { return nil }

func (i memInfo) Type() fs.FileMode          { return i.Mode().Type() }
func (i memInfo) Info() (fs.FileInfo, error) { return i, nil }

type memFile struct {
	name string
	r    *bytes.Reader
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{name: f.name, size: f.size}, nil }
func (f *memFile) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Seek(off int64, whence int) (int64, error) {
	return f.r.Seek(off, whence)
}
func (f *memFile) ReadAt(p []byte, off int64) (int, error) { return f.r.ReadAt(p, off) }

type memDir struct {
	fsys     *memFS
	name     string
	children []string
	pos      int
}

func (d *memDir) Stat() (fs.FileInfo, error) {
	return memInfo{name: path.Base(d.name), dir: true}, nil
}
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: fs.ErrInvalid}
}
func (d *memDir) Close() error { return nil }

func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.children[d.pos:]
	if n > 0 && len(rest) == 0 {
		return nil, io.EOF
	}
	if n > 0 && len(rest) > n {
		rest = rest[:n]
	}
	out := make([]fs.DirEntry, 0, len(rest))
	for _, c := range rest {
		full := c
		if d.name != "." {
			full = d.name + "/" + c
		}
		if data, ok := d.fsys.files[full]; ok {
			out = append(out, memInfo{name: c, size: int64(len(data))})
		} else {
			out = append(out, memInfo{name: c, dir: true})
		}
	}
	d.pos += len(rest)
	return out, nil
}
