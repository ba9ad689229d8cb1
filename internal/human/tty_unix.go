//go:build unix

package human

import (
	"io"
	"os"
)

// openTTY opens the controlling terminal, which standard input redirected
// by an agent does not change.
func openTTY() (io.ReadWriteCloser, error) { return os.OpenFile("/dev/tty", os.O_RDWR, 0) }
