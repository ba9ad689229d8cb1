//go:build linux

package discover

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// direntSize is the listing buffer of one walker, as large as os uses.
const direntSize = 8 << 10

// walkerBuf is what one walker reuses from folder to folder: the listing
// buffer, and names: NUL-terminated, the subfolders still to visit of every
// folder on the current path down the tree.
type walkerBuf struct {
	buf   [direntSize]byte
	names []byte
	// seen holds, NUL-terminated, every name of the folder being listed,
	// kept as its listing when the folder is in a skill (see listings).
	seen []byte
	// skill is set when the folder being listed holds a SKILL.md.
	skill bool
}

// walkerBufs keeps walker buffers from one walk to the next.
var walkerBufs = sync.Pool{New: func() any { return new(walkerBuf) }}

// The walk below works on raw descriptors: an *os.File costs an allocation,
// a finalizer and, for every folder and file, fcntl and epoll calls that
// gain nothing on local files. Each folder is opened relative to its
// parent's descriptor with O_DIRECTORY|O_NOFOLLOW, so no path is resolved
// twice and no link is followed; each agent file relative to its folder
// with O_NOFOLLOW|O_NONBLOCK, and read only if fstat says it is regular.
const (
	dirFlags  = syscall.O_RDONLY | syscall.O_DIRECTORY | syscall.O_NOFOLLOW | syscall.O_CLOEXEC
	fileFlags = syscall.O_RDONLY | syscall.O_NOFOLLOW | syscall.O_NONBLOCK | syscall.O_CLOEXEC
)

// walker lists folders on one goroutine.
type walker struct {
	d     *DirFS
	c     *collector
	tasks *tasks // nil when the walk stays on one goroutine
	*walkerBuf
}

// tasks hands folders to other goroutines while some are free.
type tasks struct {
	wg  sync.WaitGroup
	sem chan struct{}
}

// walk lists the tree the way find(1) does: one open and one directory read
// per folder, descending only into entries the directory itself reports as
// real folders (never into links). Links to agent files are resolved from
// the top through os.Root, which refuses any that leave the scanned folder.
// With more than one processor, folders are listed by a few goroutines at
// once; the result is sorted, so it does not depend on timing.
func (d *DirFS) walk() ([]File, []Notice, error) {
	// The first walk lists the descriptor OpenDir holds; another one (a
	// second walk, perhaps at the same time) opens the folder anew, so that
	// no two walks share a read offset.
	fd := d.top.fd
	if !d.top.used.CompareAndSwap(false, true) {
		var err error
		if fd, err = openat(d.top.fd, &dot[0], dirFlags); err != nil {
			return nil, nil, fmt.Errorf("cannot list the folder to scan: %s", errText(err))
		}
		defer syscall.Close(fd)
	}
	var c collector
	st := walkerBufs.Get().(*walkerBuf)
	defer walkerBufs.Put(st)
	w := &walker{d: d, c: &c, walkerBuf: st}
	if n := workers(); n > 1 {
		w.tasks = &tasks{sem: make(chan struct{}, n)}
	}
	err := w.list(fd, "", false)
	if w.tasks != nil {
		w.tasks.wg.Wait()
	}
	if err != nil {
		return nil, nil, fmt.Errorf("cannot list the folder to scan: %s", errText(err))
	}
	files, notices := c.sorted()
	d.setListings(c.listings)
	d.setLinks(c.links)
	return files, notices, nil
}

var dot = [2]byte{'.', 0}

// topDir is the scanned folder, opened by OpenDir: a descriptor that no
// *os.File wraps, and whether a walk has listed it yet.
type topDir struct {
	fd   int
	used atomic.Bool
}

// openTop opens the folder named to OpenDir. Like os.OpenRoot it follows a
// link given as the folder itself; nothing below it is followed.
func (d *DirFS) openTop() error {
	name, err := syscall.BytePtrFromString(d.name)
	if err != nil {
		return &fs.PathError{Op: "open", Path: d.name, Err: err}
	}
	fd, err := openat(atFDCWD, name, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
	if err != nil {
		return &fs.PathError{Op: "open", Path: d.name, Err: err}
	}
	d.top.fd = fd
	return nil
}

const atFDCWD = -0x64 // AT_FDCWD

func (d *DirFS) closeTop() error { return syscall.Close(d.top.fd) }

// errChanged reports that the folder given to OpenDir was replaced before
// os.Root opened it: paths would be resolved in another folder than the one
// listed.
var errChanged = errors.New("the folder was replaced while it was being scanned; scan it again")

// openRoot opens the os.Root that resolves paths and links inside the
// folder, and checks that it is the folder the walk lists.
func (d *DirFS) openRoot() (*os.Root, error) {
	r, err := os.OpenRoot(d.name)
	if err != nil {
		return nil, err
	}
	var top syscall.Stat_t
	if err := syscall.Fstat(d.top.fd, &top); err != nil {
		r.Close()
		return nil, err
	}
	st, err := r.Stat(".")
	if err != nil {
		r.Close()
		return nil, err
	}
	if s, ok := st.Sys().(*syscall.Stat_t); !ok || s.Dev != top.Dev || s.Ino != top.Ino {
		r.Close()
		return nil, errChanged
	}
	return r, nil
}

// list reads the folder open as fd, whose path is rel ("" for the root),
// reads the agent files in it, then visits its subfolders. It does not close
// fd. It fails only when the folder cannot be read at all.
func (w *walker) list(fd int, rel string, inSkill bool) error {
	dir := rel
	if dir == "" {
		dir = "."
	}
	parent := path.Base(dir)
	mark := len(w.names)
	w.seen, w.skill = w.seen[:0], false
	read := false
	for {
		n, err := getdents(fd, w.buf[:])
		if err != nil {
			if !read {
				return err
			}
			break // keep what was listed, as os.ReadDir does
		}
		if n <= 0 {
			break
		}
		read = true
		w.entries(fd, rel, dir, parent, w.buf[:n])
	}
	if inSkill = inSkill || w.skill; inSkill {
		w.c.listing(dir, w.seen)
	}
	// Visit the subfolders once the listing buffer is free again.
	for off := mark; off < len(w.names); {
		end := off + indexNUL(w.names[off:])
		child := join(rel, w.names[off:end])
		sub, err := openat(fd, &w.names[off], dirFlags)
		off = end + 1
		if err != nil {
			w.c.notice(Notice{Path: child, Message: "cannot list this folder: " + errText(err)})
			continue
		}
		w.visit(sub, child, inSkill)
	}
	w.names = w.names[:mark]
	return nil
}

// visit lists the subfolder open as fd and closes it: on a free goroutine
// if there is one, otherwise on this one.
func (w *walker) visit(fd int, rel string, inSkill bool) {
	if t := w.tasks; t != nil {
		select {
		case t.sem <- struct{}{}:
			t.wg.Add(1)
			go func() {
				defer t.wg.Done()
				st := walkerBufs.Get().(*walkerBuf)
				sub := &walker{d: w.d, c: w.c, tasks: t, walkerBuf: st}
				sub.listClose(fd, rel, inSkill)
				walkerBufs.Put(st)
				<-t.sem
			}()
			return
		default:
		}
	}
	w.listClose(fd, rel, inSkill)
}

func (w *walker) listClose(fd int, rel string, inSkill bool) {
	err := w.list(fd, rel, inSkill)
	syscall.Close(fd)
	if err != nil {
		w.c.notice(Notice{Path: rel, Message: "cannot list this folder: " + errText(err)})
	}
}

// entries handles one batch of linux_dirent64 records of the folder fd.
func (w *walker) entries(fd int, rel, dir, parent string, buf []byte) {
	for len(buf) >= direntNameOff {
		reclen := int(*(*uint16)(unsafe.Pointer(&buf[direntReclenOff])))
		if reclen < direntNameOff || reclen > len(buf) {
			return // a malformed record: stop rather than misread
		}
		rec := buf[:reclen]
		buf = buf[reclen:]
		if *(*uint64)(unsafe.Pointer(&rec[0])) == 0 {
			continue // a deleted entry
		}
		nameBytes := rec[direntNameOff:]
		nameBytes = nameBytes[:indexNUL(nameBytes)]
		if len(nameBytes) == 0 || isDots(nameBytes) {
			continue
		}
		w.seen = append(append(w.seen, nameBytes...), 0)
		typ := rec[direntTypeOff]
		// The name stays in buf; classify keeps no reference to it.
		name := unsafe.String(&nameBytes[0], len(nameBytes))
		if typ == syscall.DT_UNKNOWN {
			typ = w.lstatType(rel, name)
		}
		if typ == syscall.DT_DIR {
			if !skipDir(name) {
				w.names = append(w.names, nameBytes...)
				w.names = append(w.names, 0)
			}
			continue
		}
		kind, tool, ok := classify(dir, parent, name)
		if !ok {
			if typ == syscall.DT_LNK {
				p := join(rel, nameBytes)
				if n := linkedFolderNotice(p, name); n != nil {
					w.c.notice(*n)
				}
				w.c.link(p)
			}
			continue
		}
		if kind == KindInstructions && len(name) == len("skill.md") && strings.EqualFold(name, "skill.md") {
			w.skill = true
		}
		p := join(rel, nameBytes)
		var f File
		var n *Notice
		if typ == syscall.DT_REG {
			f, n = readAt(fd, &nameBytes[0], p)
		} else {
			f, n = w.d.readLink(p)
		}
		if n != nil {
			n.Agent = true
			w.c.notice(*n)
			continue
		}
		f.Kind, f.Tool = kind, tool
		w.c.file(f)
	}
}

// Offsets in a linux_dirent64 record: d_ino, d_off, d_reclen, d_type, d_name.
const (
	direntReclenOff = 16
	direntTypeOff   = 18
	direntNameOff   = 19
)

// join is rel/name in one allocation.
func join(rel string, name []byte) string {
	if rel == "" {
		return string(name)
	}
	b := make([]byte, 0, len(rel)+1+len(name))
	b = append(append(append(b, rel...), '/'), name...)
	return unsafe.String(&b[0], len(b))
}

func indexNUL(b []byte) int {
	for i, c := range b {
		if c == 0 {
			return i
		}
	}
	return len(b)
}

func isDots(b []byte) bool {
	return b[0] == '.' && (len(b) == 1 || (len(b) == 2 && b[1] == '.'))
}

// lstatType asks for the type of an entry the file system did not report
// (some file systems leave d_type unset), through os.Root.
func (w *walker) lstatType(rel, name string) byte {
	p := name
	if rel != "" {
		p = rel + "/" + name
	}
	st, err := w.d.Lstat(p)
	if err != nil {
		return syscall.DT_UNKNOWN
	}
	switch t := st.Mode().Type(); {
	case t.IsDir():
		return syscall.DT_DIR
	case t.IsRegular():
		return syscall.DT_REG
	case t&fs.ModeSymlink != 0:
		return syscall.DT_LNK
	}
	return syscall.DT_UNKNOWN
}

// readAt reads the regular file name (NUL-terminated) in the folder dirfd,
// at most MaxRead bytes: one open that refuses a link and never waits on a
// FIFO, one fstat, then reads into a buffer of the file's size.
func readAt(dirfd int, name *byte, p string) (File, *Notice) {
	fd, err := openat(dirfd, name, fileFlags)
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	for {
		err = syscall.Fstat(fd, &st)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return File{}, notRegular(p)
	}
	// A file is read whole once it gave as many bytes as fstat counted (the
	// file as it was when fstat ran); a short read, or a size of 0 (some
	// special file systems), reads on to the end. Of a file longer than
	// MaxRead, one byte more is read to mark it truncated.
	want := st.Size
	if want > MaxRead || want < 0 {
		want = MaxRead + 1
	}
	size := want
	if st.Size == 0 {
		size = 4 << 10
	}
	data := make([]byte, 0, size)
	for len(data) <= MaxRead && (st.Size == 0 || int64(len(data)) < want) {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // more than fstat said
		}
		room := data[len(data):cap(data)]
		if extra := MaxRead + 1 - len(data); len(room) > extra {
			room = room[:extra]
		}
		n, err := syscall.Read(fd, room)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
		}
		if n <= 0 {
			break
		}
		data = data[:len(data)+n]
	}
	out := File{Path: p, Size: st.Size, Data: data}
	if len(data) > MaxRead {
		out.Data = data[:MaxRead]
		out.Truncated = true
		d, err := wholeDigest(data, fdReader(fd))
		if err != nil {
			return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
		}
		out.Digest = d
	}
	return out, nil
}

// fdReader reads a raw descriptor, retrying a read a signal interrupted.
type fdReader int

func (fd fdReader) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(int(fd), b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n <= 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

func notRegular(p string) *Notice {
	return &Notice{Path: p, Message: "not read: not a regular file"}
}

func getdents(fd int, buf []byte) (int, error) {
	for {
		n, err := syscall.Getdents(fd, buf)
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// openat opens the NUL-terminated name relative to the folder dirfd
// without allocating a copy of the name.
func openat(dirfd int, name *byte, flags int) (int, error) {
	for {
		r, _, e := syscall.Syscall6(syscall.SYS_OPENAT, uintptr(dirfd), uintptr(unsafe.Pointer(name)), uintptr(flags), 0, 0, 0)
		switch e {
		case 0:
			return int(r), nil
		case syscall.EINTR:
			continue
		}
		return -1, e
	}
}

// readDirect reads the regular file p without os.Root: each folder on the
// way is opened relative to the last with O_DIRECTORY|O_NOFOLLOW, starting
// from the descriptor OpenDir holds, and the file itself with O_NOFOLLOW,
// so no link is followed. ok is false when that does not work for any
// reason (a link on the way, a missing file, a FIFO): the caller then asks
// os.Root, whose answer (or notice) stands.
func (d *DirFS) readDirect(p string) (File, bool) {
	if !validPath(p) || p == "." {
		return File{}, false
	}
	var name [256]byte // a NUL-terminated path element
	cstr := func(s string) *byte {
		if len(s) >= len(name) || strings.IndexByte(s, 0) >= 0 {
			return nil
		}
		copy(name[:], s)
		name[len(s)] = 0
		return &name[0]
	}
	fd, own := d.top.fd, false
	defer func() {
		if own {
			syscall.Close(fd)
		}
	}()
	rest := p
	for {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			break
		}
		elem := cstr(rest[:i])
		if elem == nil {
			return File{}, false
		}
		sub, err := openat(fd, elem, dirFlags)
		if err != nil {
			return File{}, false
		}
		if own {
			syscall.Close(fd)
		}
		fd, own = sub, true
		rest = rest[i+1:]
	}
	elem := cstr(rest)
	if elem == nil {
		return File{}, false
	}
	f, n := readAt(fd, elem, p)
	return f, n == nil
}
