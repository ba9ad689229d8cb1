package lock

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sentinel-sec/sentinel/internal/atomicfile"
)

// homeStore is a JSON file Sentinel keeps for itself under SENTINEL_HOME,
// never in a scanned project, holding one record per repository: the
// trusted key of Pins, the marks of LocalApprovals.
type homeStore[T any] struct {
	path string
	// The words its errors use.
	held  string // what it holds: "cannot read <held> in <path>", "<held> file <path> is damaged"
	saved string // what a save remembers: "cannot save <saved> in <path>"
	reset string // what deleting a damaged file means
	data  repoFile[T]
}

// repoFile is the layout of a homeStore's file.
type repoFile[T any] struct {
	Format int          `json:"format"`
	Repos  map[string]T `json:"repos"`
}

// load reads the store; a missing store is empty. A store that cannot be
// read, or whose repos are not a JSON object, is an error: nothing is
// trusted or approved from a file Sentinel does not understand.
func (s *homeStore[T]) load() error {
	s.data = repoFile[T]{Format: 1, Repos: map[string]T{}}
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot read %s in %s: %v; check its permissions or set SENTINEL_HOME", s.held, s.path, err)
	}
	if err := json.Unmarshal(b, &s.data); err != nil || s.data.Repos == nil {
		return fmt.Errorf("%s file %s is damaged; fix or delete it (%s)", s.held, s.path, s.reset)
	}
	if s.data.Format > 1 {
		// A newer layout may mean more than this version can see; reading
		// it as format 1, and saving it so, would lose what it means.
		return fmt.Errorf("%s file %s was written by a newer Sentinel (format %d); upgrade Sentinel, or delete it (%s)", s.held, s.path, s.data.Format, s.reset)
	}
	return nil
}

// save replaces the store's file atomically, readable by its owner only.
func (s *homeStore[T]) save() error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("cannot create %s to remember %s: %v; set SENTINEL_HOME to a writable folder", filepath.Dir(s.path), s.saved, err)
	}
	b, _ := json.MarshalIndent(s.data, "", "  ")
	if err := atomicfile.Write(s.path, append(b, '\n'), atomicfile.Options{Perm: 0o600, Sync: true}); err != nil {
		return fmt.Errorf("cannot save %s in %s: %v; set SENTINEL_HOME to a writable folder", s.saved, s.path, err)
	}
	return nil
}
