//go:build !unix

package discover

// Without O_NOFOLLOW the walk still descends only into entries the folder
// reports as real folders, and reads links only through os.Root.
const (
	openDirFlags = 0
	openNoFollow = 0
	openNonBlock = 0
)
