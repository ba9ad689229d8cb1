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
	e := StatEntry{Path: rel, Exists: true, Ino: uint64(sys.Ino), Size: fi.Size(),
		Mtime: mt, Ctime: ct, Mode: uint32(fi.Mode())}
	if fi.Mode()&fs.ModeSymlink != 0 {
		// The scan reads a linked script through the link (inside the root):
		// the file it points to is an input too, and rewriting it in place
		// changes neither the link nor any folder.
		tfi, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			e.Target = &StatEntry{Path: rel}
		case err != nil:
			return StatEntry{}, false
		default:
			tsys, ok := tfi.Sys().(*syscall.Stat_t)
			if !ok {
				return StatEntry{}, false
			}
			tmt, tct := times(tsys)
			e.Target = &StatEntry{Path: rel, Exists: true, Ino: uint64(tsys.Ino), Size: tfi.Size(),
				Mtime: tmt, Ctime: tct, Mode: uint32(tfi.Mode())}
		}
	}
	return e, true
}
