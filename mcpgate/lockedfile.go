package mcpgate

import (
	"fmt"
	"path/filepath"

	"github.com/gofrs/flock"

	"github.com/sentinel-sec/sentinel/internal/atomicfile"
)

// withLock runs fn while holding an exclusive lock on path+".lock" (flock on
// Unix, LockFileEx on Windows), so several proxies can share one state
// directory.
func withLock(path string, fn func() error) error {
	if err := ensureDir(filepath.Dir(path)); err != nil {
		return err
	}
	l := flock.New(path+".lock", flock.SetPermissions(0o600))
	if err := l.Lock(); err != nil {
		return fmt.Errorf("cannot lock %s: %w", path, err)
	}
	defer l.Unlock()
	return fn()
}

// writeFileAtomic replaces path with data through a temporary file and a
// rename, so readers never see half a file.
func writeFileAtomic(path string, data []byte) error { return writeFileAtomicSync(path, data, true) }

// writeFileAtomicSync is writeFileAtomic with the fsync optional, for files
// rewritten on every call whose loss in a power cut is tolerable.
func writeFileAtomicSync(path string, data []byte, sync bool) error {
	if err := ensureDir(filepath.Dir(path)); err != nil {
		return err
	}
	return atomicfile.Write(path, data, atomicfile.Options{Perm: 0o600, Sync: sync})
}
