//go:build !linux

package discover

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"
)

// walk lists the tree the way find(1) does: one open and one directory read
// per folder, descending only into entries the directory itself reports as
// real folders (never into links). Regular files are opened with
// O_NOFOLLOW; links are resolved from the top through os.Root, which
// refuses any that leave the scanned folder. With more than one processor,
// folders are listed by a few goroutines at once.
func (d *DirFS) walk() ([]File, []Notice, error) {
	base := d.name
	var (
		c   collector
		wg  sync.WaitGroup
		sem chan struct{}
	)
	if n := workers(); n > 1 {
		sem = make(chan struct{}, n)
	}
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
		relDir := rel
		if relDir == "" {
			relDir = "."
		}
		parent := path.Base(relDir)
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
							c.notice(Notice{Path: p, Message: "cannot list this folder: " + errText(err)})
						}
					}(p)
				default:
					if err := visit(p); err != nil {
						c.notice(Notice{Path: p, Message: "cannot list this folder: " + errText(err)})
					}
				}
				continue
			}
			kind, tool, ok := classify(relDir, parent, name)
			if !ok {
				if t&fs.ModeSymlink != 0 {
					if n := linkedFolderNotice(p, name); n != nil {
						c.notice(*n)
					}
					c.link(p)
				}
				continue
			}
			var f File
			var n *Notice
			if t.IsRegular() {
				f, n = readNoFollow(filepath.Join(full, name), p)
			} else {
				f, n = d.readLink(p)
			}
			if n != nil {
				n.Agent = true
				c.notice(*n)
				continue
			}
			f.Kind, f.Tool = kind, tool
			c.file(f)
		}
		return nil
	}
	err := visit("")
	wg.Wait()
	if err != nil {
		return nil, nil, fmt.Errorf("cannot list the folder to scan: %s", errText(err))
	}
	files, notices := c.sorted()
	d.setLinks(c.links)
	return files, notices, nil
}

// readNoFollow reads a regular file by its full path, refusing a link.
func readNoFollow(full, p string) (File, *Notice) {
	f, err := os.OpenFile(full, os.O_RDONLY|openNoFollow|openNonBlock, 0)
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	defer f.Close()
	return readOpen(f, p)
}

// topDir is empty: the walk opens folders by path, and OpenDir opens the
// os.Root at once.
type topDir struct{}

func (d *DirFS) openTop() error {
	var err error
	d.once.Do(func() {
		var r *os.Root
		if r, err = os.OpenRoot(d.name); err == nil {
			d.root, d.fsys = r, r.FS()
		}
	})
	return err
}

func (d *DirFS) closeTop() error { return nil }

func (d *DirFS) openRoot() (*os.Root, error) { return os.OpenRoot(d.name) }

// readDirect is the Linux shortcut past os.Root; elsewhere os.Root reads.
func (d *DirFS) readDirect(p string) (File, bool) { return File{}, false }
