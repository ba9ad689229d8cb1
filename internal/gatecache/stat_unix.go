//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package gatecache

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

func statEntry(root, rel string) (StatEntry, bool) {
	fi, err := lstat(root, rel)
	e, ok := entryOf(rel, fi, err)
	if !ok || !e.Exists || fi.Mode()&fs.ModeSymlink == 0 {
		return e, ok
	}
	// The scan reads a linked script through the link (inside the root):
	// the file it points to is an input too, and rewriting it in place
	// changes neither the link nor any folder.
	tfi, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	target, ok := entryOf(rel, tfi, err)
	if !ok {
		return StatEntry{}, false
	}
	e.Target = &target
	return e, true
}

// entryOf is the identity of rel from what a stat of it returned: a file
// that does not exist is an entry too; any other error, or a stat without
// inode and change time, is not.
func entryOf(rel string, fi fs.FileInfo, err error) (StatEntry, bool) {
	if errors.Is(err, fs.ErrNotExist) {
		return StatEntry{Path: rel}, true
	}
	if err != nil {
		return StatEntry{}, false
	}
	sys, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return StatEntry{}, false
	}
	mt, ct := times(sys)
	return StatEntry{Path: rel, Exists: true, Ino: uint64(sys.Ino), Size: fi.Size(),
		Mtime: mt, Ctime: ct, Mode: uint32(fi.Mode())}, true
}
