//go:build !unix

package guard

import "os"

// ttyOpenFlag opens the console for reading and writing.
const ttyOpenFlag = os.O_RDWR
