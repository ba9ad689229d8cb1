//go:build !unix

package hook

import "os"

// sharesInode cannot tell here without opening the file: every file is
// compared with the off switches.
func sharesInode(os.FileInfo) bool { return true }
