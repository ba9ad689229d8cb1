//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package gatecache

// statEntry is unavailable without inode and change time: the stamp is never
// trusted and the content digest decides.
func statEntry(root, rel string) (StatEntry, bool) { return StatEntry{}, false }
