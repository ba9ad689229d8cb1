//go:build unix

package discover

import "syscall"

// Flags that keep the walk from following a link: a folder is opened only if
// it is a real folder, a file only if it is not a link; and from waiting on a
// FIFO that has no writer.
const (
	openDirFlags = syscall.O_DIRECTORY | syscall.O_NOFOLLOW
	openNoFollow = syscall.O_NOFOLLOW
	openNonBlock = syscall.O_NONBLOCK
)
