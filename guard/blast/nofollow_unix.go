//go:build unix

package blast

import "syscall"

// noFollow makes an open fail on a symbolic link: the gate's folder is the
// one place under Sentinel's state that an agent inside the write wall may
// write, so a link planted there must never lead a hook outside the wall to
// create or truncate the file it points to.
const noFollow = syscall.O_NOFOLLOW
