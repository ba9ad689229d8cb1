//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package gatecache

import "syscall"

func times(s *syscall.Stat_t) (mtime, ctime int64) {
	return s.Mtimespec.Nano(), s.Ctimespec.Nano()
}
