//go:build unix

package guard

import (
	"os"
	"syscall"
)

// ttyOpenFlag opens the terminal non-blocking, so the runtime's poller owns
// it and closing it ends a pending read: a cancelled question then lets the
// next one be asked at once.
const ttyOpenFlag = os.O_RDWR | syscall.O_NONBLOCK
