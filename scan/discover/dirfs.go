package discover

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// DirFS is a folder on disk opened for scanning. It is an fs.FS confined by
// os.Root: no path, and no symbolic link, resolves outside the folder. Walk
// recognises it and lists the tree through one open directory handle per
// folder, so a large tree costs little more than listing it.
//
// Open never opens a FIFO or a device (it could wait forever for a writer,
// or act on the device): it answers fs.ErrInvalid for anything that is
// neither a regular file nor a folder.
type DirFS struct {
	name string
	top  topDir // the folder as the walk lists it (see open_*.go)

	once sync.Once
	root *os.Root // opened on first use when the walk has a handle of its own
	fsys fs.FS
	err  error

	listMu   sync.Mutex
	listings map[string][]string // see Listed

	linksMu sync.Mutex
	links   []string // see Links
}

// setListings keeps what the last walk listed (see Listed).
func (d *DirFS) setListings(l map[string][]string) {
	d.listMu.Lock()
	d.listings = l
	d.listMu.Unlock()
}

// Listed returns the names in folder dir ("." for the top, slash-separated
// otherwise), every kind of entry, as the last Walk of d listed them, for
// a folder that holds a SKILL.md or lies below one: the folders whose
// files a skill names, so that the scan can check a name without listing
// the folder again. ok is false for any other folder, or before a walk
// (a walk that is not Linux's records none). The slice is shared: do not
// change it.
func (d *DirFS) Listed(dir string) (names []string, ok bool) {
	d.listMu.Lock()
	defer d.listMu.Unlock()
	names, ok = d.listings[dir]
	return names, ok
}

// Links lists the links of the tree that the last walk met and did not read
// (links to folders, or to files that are not agent files by their own
// name): the walk never follows them, and a caller that must know what an
// agent would find through them (the gate) reads them itself.
func (d *DirFS) Links() []string {
	d.linksMu.Lock()
	defer d.linksMu.Unlock()
	return append([]string(nil), d.links...)
}

func (d *DirFS) setLinks(l []string) {
	sort.Strings(l)
	d.linksMu.Lock()
	d.links = l
	d.linksMu.Unlock()
}

// OpenDir opens dir for scanning. Close it when done.
func OpenDir(dir string) (*DirFS, error) {
	d := &DirFS{name: dir}
	if err := d.openTop(); err != nil {
		return nil, err
	}
	return d, nil
}

// Close releases the folder.
func (d *DirFS) Close() error {
	err := d.closeTop()
	if d.root != nil {
		if e := d.root.Close(); err == nil {
			err = e
		}
	}
	return err
}

// confined returns the folder as an os.Root, opening it on first use.
func (d *DirFS) confined() (*os.Root, fs.FS, error) {
	d.once.Do(func() {
		r, err := d.openRoot()
		if err != nil {
			d.err = err
			return
		}
		d.root, d.fsys = r, r.FS()
	})
	return d.root, d.fsys, d.err
}

func validPath(name string) bool {
	return fs.ValidPath(name) && (runtime.GOOS != "windows" || !strings.ContainsRune(name, '\\'))
}

// Open opens name inside the folder: a regular file or a folder. A link is
// followed only while it stays inside the folder.
func (d *DirFS) Open(name string) (fs.File, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	r, _, err := d.confined()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	// The stat spares a device the open; the open does not wait on a FIFO
	// swapped in meanwhile, and the second stat refuses it.
	st, err := r.Stat(name)
	if err != nil {
		return nil, err
	}
	if !readable(st.Mode()) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errSpecial}
	}
	f, err := r.OpenFile(name, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err != nil || !readable(st.Mode()) {
		f.Close()
		if err == nil {
			err = &fs.PathError{Op: "open", Path: name, Err: errSpecial}
		}
		return nil, err
	}
	return f, nil
}

var errSpecial = errors.New("not a regular file")

func readable(m fs.FileMode) bool { return m.IsRegular() || m.IsDir() }

// Stat describes name, following a link that stays inside the folder.
func (d *DirFS) Stat(name string) (fs.FileInfo, error) {
	_, fsys, err := d.confined()
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	return fs.Stat(fsys, name)
}

// Lstat describes name without following a final link.
func (d *DirFS) Lstat(name string) (fs.FileInfo, error) {
	_, fsys, err := d.confined()
	if err != nil {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: err}
	}
	return fs.Lstat(fsys, name)
}

// ReadLink returns the target of the link name.
func (d *DirFS) ReadLink(name string) (string, error) {
	_, fsys, err := d.confined()
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: err}
	}
	return fs.ReadLink(fsys, name)
}

// ReadDir lists the folder name, sorted by name.
func (d *DirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	_, fsys, err := d.confined()
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: err}
	}
	return fs.ReadDir(fsys, name)
}

var (
	_ fs.StatFS     = (*DirFS)(nil)
	_ fs.ReadDirFS  = (*DirFS)(nil)
	_ fs.ReadLinkFS = (*DirFS)(nil)
)

// readLink reads an agent file that the listing reports as a link (or as
// anything else that is not a regular file) through os.Root, which refuses
// a link leaving the folder; Open refuses what is not a regular file.
func (d *DirFS) readLink(p string) (File, *Notice) {
	return ReadFile(d, p)
}

// collector gathers what the walkers of one tree find.
type collector struct {
	mu       sync.Mutex
	files    []File
	notices  []Notice
	listings map[string][]string
	links    []string
}

func (c *collector) link(p string) {
	c.mu.Lock()
	c.links = append(c.links, p)
	c.mu.Unlock()
}

// listing keeps the names of folder dir (NUL-terminated in names).
func (c *collector) listing(dir string, names []byte) {
	var l []string
	for len(names) > 0 {
		n := bytes.IndexByte(names, 0)
		if n < 0 {
			n = len(names)
		}
		l = append(l, string(names[:n]))
		names = names[min(n+1, len(names)):]
	}
	c.mu.Lock()
	if c.listings == nil {
		c.listings = map[string][]string{}
	}
	c.listings[dir] = l
	c.mu.Unlock()
}

func (c *collector) file(f File) {
	c.mu.Lock()
	c.files = append(c.files, f)
	c.mu.Unlock()
}

func (c *collector) notice(n Notice) {
	c.mu.Lock()
	c.notices = append(c.notices, n)
	c.mu.Unlock()
}

// sorted returns what was found in path order, so that it does not depend
// on the order folders were listed in.
func (c *collector) sorted() ([]File, []Notice) {
	if len(c.files) > 1 {
		sort.Slice(c.files, func(i, j int) bool { return c.files[i].Path < c.files[j].Path })
	}
	if len(c.notices) > 1 {
		sort.Slice(c.notices, func(i, j int) bool { return c.notices[i].Path < c.notices[j].Path })
	}
	return c.files, c.notices
}

// workers is how many folders the walk lists at once: one goroutine per
// processor, at most eight; with a single processor, none besides the
// caller's, since a goroutine there only adds switching.
func workers() int {
	n := runtime.GOMAXPROCS(0)
	if n > 8 {
		n = 8
	}
	return n
}
