//go:build unix

package hook

import (
	"os"
	"syscall"
)

// sharesInode reports whether fi's file has other names: only then can a
// write to it reach an off switch through a hard link.
func sharesInode(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || st.Nlink > 1
}
