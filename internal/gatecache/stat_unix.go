//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package gatecache

import (
	"errors"
	"io/fs"
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
	return StatEntry{Path: rel, Exists: true, Ino: uint64(sys.Ino), Size: fi.Size(),
		Mtime: mt, Ctime: ct, Mode: uint32(fi.Mode())}, true
}
