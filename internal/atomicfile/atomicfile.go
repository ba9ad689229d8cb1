// Package atomicfile replaces a file's content all at once: the data goes to
// a temporary file in the same folder, which is renamed over the target, so
// a reader (or a crash) never sees half a file. Sentinel writes every file of
// its own this way: locks, keys' pins, approvals, gate state, hook settings,
// the MCP queue and pins.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// Options change how Write writes.
type Options struct {
	// Perm is the file's mode; 0 keeps the mode of an existing file, or 0644.
	Perm os.FileMode
	// Sync flushes the data to disk before the rename.
	Sync bool
}

// Write replaces name's content with data. The folder must exist. On error
// the target is untouched and no temporary file is left behind.
func Write(name string, data []byte, o Options) (err error) {
	perm := o.Perm
	if perm == 0 {
		perm = 0o644
		if fi, err := os.Stat(name); err == nil {
			perm = fi.Mode().Perm()
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	_, werr := tmp.Write(data)
	if werr == nil && o.Sync {
		werr = tmp.Sync()
	}
	if werr == nil {
		werr = tmp.Chmod(perm)
	}
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		return errors.Join(werr, cerr)
	}
	return os.Rename(tmp.Name(), name)
}
