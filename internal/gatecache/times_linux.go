//go:build linux

package gatecache

import "syscall"

func times(s *syscall.Stat_t) (mtime, ctime int64) {
	return s.Mtim.Nano(), s.Ctim.Nano()
}
