package discover

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
)

// DirFS is a folder on disk opened for scanning. It is an fs.FS confined by
// os.Root: no path, and no symbolic link, resolves outside the folder. Walk
// recognises it and lists the tree through one open directory handle per
// folder, so a large tree costs little more than listing it.
type DirFS struct {
	root *os.Root
	fs.FS
}

// OpenDir opens dir for scanning. Close it when done.
func OpenDir(dir string) (*DirFS, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &DirFS{root: r, FS: r.FS()}, nil
}

// Close releases the folder.
func (d *DirFS) Close() error { return d.root.Close() }

// walk lists the tree the way find(1) does: one open and one directory read
// per folder, descending only into entries the directory itself reports as
// real folders (never into links). Regular files are opened with
// O_NOFOLLOW; links are resolved from the top through os.Root, which
// refuses any that leave the scanned folder. Folders are listed by a few
// goroutines at once; the result is sorted, so it does not depend on timing.
func (d *DirFS) walk() ([]File, []Notice, error) {
	base := d.root.Name()
	var (
		mu      sync.Mutex
		files   []File
		notices []Notice
		wg      sync.WaitGroup
	)
	workers := runtime.GOMAXPROCS(0)
	if workers > 8 {
		workers = 8
	}
	sem := make(chan struct{}, workers)
	var visit func(rel string) error
	visit = func(rel string) error {
		full := base
		if rel != "" {
			full = filepath.Join(base, filepath.FromSlash(rel))
		}
		dir, err := os.OpenFile(full, os.O_RDONLY|openDirFlags, 0)
		if err != nil {
			return err
		}
		entries, err := dir.ReadDir(-1)
		dir.Close()
		if err != nil && len(entries) == 0 {
			return err
		}
		var local []File
		var localN []Notice
		for _, e := range entries {
			name := e.Name()
			p := name
			if rel != "" {
				p = rel + "/" + name
			}
			t := e.Type()
			if t.IsDir() {
				if skipDir(name) {
					continue
				}
				select {
				case sem <- struct{}{}:
					// A free worker lists the folder concurrently.
					wg.Add(1)
					go func(p string) {
						defer wg.Done()
						err := visit(p)
						<-sem
						if err != nil {
							mu.Lock()
							notices = append(notices, Notice{Path: p, Message: "cannot list this folder: " + errText(err)})
							mu.Unlock()
						}
					}(p)
				default:
					if err := visit(p); err != nil {
						localN = append(localN, Notice{Path: p, Message: "cannot list this folder: " + errText(err)})
					}
				}
				continue
			}
			kind, tool, ok := Classify(p)
			if !ok {
				continue
			}
			var f File
			var n *Notice
			if t.IsRegular() {
				f, n = readNoFollow(filepath.Join(full, name), p)
			} else {
				f, n = ReadFile(d.FS, p)
			}
			if n != nil {
				localN = append(localN, *n)
				continue
			}
			f.Kind, f.Tool = kind, tool
			local = append(local, f)
		}
		if len(local) > 0 || len(localN) > 0 {
			mu.Lock()
			files = append(files, local...)
			notices = append(notices, localN...)
			mu.Unlock()
		}
		return nil
	}
	err := visit("")
	wg.Wait()
	if err != nil {
		return nil, nil, fmt.Errorf("cannot list the folder to scan: %s", errText(err))
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	sort.Slice(notices, func(i, j int) bool { return notices[i].Path < notices[j].Path })
	return files, notices, nil
}

// readNoFollow reads a regular file by its full path, refusing a link.
func readNoFollow(full, p string) (File, *Notice) {
	f, err := os.OpenFile(full, os.O_RDONLY|openNoFollow, 0)
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	defer f.Close()
	return readOpen(f, p)
}
