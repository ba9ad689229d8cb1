// Package gatecache remembers, per repository, that the last full scan by
// `sentinel run` was CLEAN, and for exactly which inputs, so the next start
// of the agent can skip the rules when nothing the scan reads has changed.
//
// The digest covers everything the scan engine reads from the tree: the
// path and content of every agent file the walk finds (and of files it could
// not read), the existence and content of every script a hook, task or
// server runs, the existence of the folders above each of those scripts (S10
// asks whether an install folder exists), AGENTS.lock, its signature and the
// public key, and the identity of the sentinel binary itself (path, size and
// modification time, so a rebuilt or upgraded binary never trusts an old
// verdict). Only CLEAN verdicts are stored; SUSPICIOUS and COMPROMISED are
// always judged afresh. The cache lives under SENTINEL_HOME, never in the
// scanned repository; a cache that cannot be read or written is ignored.
package gatecache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Entry is what is stored for one repository.
type Entry struct {
	Format int    `json:"format"`
	Binary string `json:"binary"` // the sentinel that judged
	Digest string `json:"digest"`
	// Trust is the state of this machine's trust the verdict was judged
	// with (lock.TrustedApprover): a change of pins or approvals here
	// invalidates it.
	Trust   string   `json:"trust"`
	Targets []string `json:"targets"` // scripts the scan read beyond the agent files
	// Stamp, when present, confirms the digest's inputs by stat calls alone.
	Stamp *Stamp `json:"stamp,omitempty"`
}

// format 4: a stamp entry for a link also records the file it leads to.
const format = 4

// Cache is the folder entries are kept in.
type Cache struct {
	dir    string
	binary string // identity of the running sentinel
}

// Open returns the cache under home for the running binary. It never fails:
// without a usable executable identity the cache is disabled.
func Open(home string) *Cache {
	c := &Cache{dir: filepath.Join(home, "gate-cache")}
	exe, err := os.Executable()
	if err != nil {
		return &Cache{}
	}
	st, err := os.Stat(exe)
	if err != nil {
		return &Cache{}
	}
	c.binary = fmt.Sprintf("%s\x00%d\x00%d", exe, st.Size(), st.ModTime().UnixNano())
	return c
}

func (c *Cache) enabled() bool { return c != nil && c.dir != "" && c.binary != "" }

func (c *Cache) file(root string) string {
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(c.dir, hex.EncodeToString(sum[:16])+".json")
}

// Load returns the stored entry for the repository at root, or nil.
func (c *Cache) Load(root string) *Entry {
	if !c.enabled() {
		return nil
	}
	b, err := os.ReadFile(c.file(root))
	if err != nil || len(b) > 1<<20 {
		return nil
	}
	var e Entry
	if json.Unmarshal(b, &e) != nil || e.Format != format || e.Digest == "" || e.Binary != c.binary {
		return nil
	}
	return &e
}

// Store records a CLEAN verdict for root.
func (c *Cache) Store(root string, e Entry) error {
	if !c.enabled() {
		return errors.New("cache disabled")
	}
	e.Format, e.Binary = format, c.binary
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		return err
	}
	b, _ := json.Marshal(e)
	tmp, err := os.CreateTemp(c.dir, ".entry-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr == nil && cerr == nil {
		werr = os.Rename(tmp.Name(), c.file(root))
	}
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return errors.Join(werr, cerr)
	}
	return nil
}

// Remember stores a CLEAN verdict for the repository at root, whose scan
// read files (from the walk, with notices) and targets. The digest is of
// the bytes the scan judged. A stamp is taken, then the inputs are read
// again: only if they still give the same digest is the stamp kept, so the
// stamp never vouches for content the scan did not see. If the inputs
// changed meanwhile nothing is stored.
func (c *Cache) Remember(root, trust string, fsys fs.FS, files []discover.File, notices []discover.Notice, targets []string) {
	if !c.enabled() {
		return
	}
	d1 := c.Digest(fsys, files, notices, targets)
	paths := make([]string, 0, len(files))
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	stamp, ok := TakeStamp(root, stampFiles(paths, targets))
	files2, notices2, err := discover.Walk(fsys)
	if err != nil || c.Digest(fsys, files2, notices2, targets) != d1 {
		c.Forget(root)
		return
	}
	e := Entry{Digest: d1, Trust: trust, Targets: targets}
	if ok {
		e.Stamp = &stamp
	}
	_ = c.Store(root, e)
}

// Forget removes root's entry (after a verdict that is not CLEAN).
func (c *Cache) Forget(root string) {
	if c.enabled() {
		os.Remove(c.file(root))
	}
}

// Digest fingerprints the inputs of a scan of fsys: the agent files the walk
// finds, the given target scripts, the folders above them, and the lock
// files. files are the agent files as the walk returned them, so the digest
// and the scan can share one read.
func (c *Cache) Digest(fsys fs.FS, files []discover.File, notices []discover.Notice, targets []string) string {
	h := sha256.New()
	put := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
		h.Write([]byte{'\n'})
	}
	binary := ""
	if c != nil {
		binary = c.binary
	}
	put("sentinel-gate-cache", fmt.Sprint(format), binary)
	sorted := append([]discover.File{}, files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	for _, f := range sorted {
		put("file", f.Path, string(f.Kind), f.Tool, fileDigest(f), fmt.Sprint(f.Truncated))
		if w := linkOf(fsys, f.Path, false); w != "" {
			put("link", f.Path, w)
		}
	}
	ns := append([]discover.Notice{}, notices...)
	sort.Slice(ns, func(i, j int) bool { return ns[i].Path < ns[j].Path })
	for _, n := range ns {
		put("notice", n.Path, n.Message)
	}
	dirs := map[string]bool{}
	ts := append([]string{}, targets...)
	sort.Strings(ts)
	for _, t := range ts {
		put("target", t, contentOf(fsys, t))
		if w := linkOf(fsys, t, true); w != "" {
			put("link", t, w)
		}
		for d := path.Dir(t); d != "." && d != "/" && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	ds := make([]string, 0, len(dirs))
	for d := range dirs {
		ds = append(ds, d)
	}
	sort.Strings(ds)
	for _, d := range ds {
		exists, known := discover.Exists(fsys, d)
		put("dir", d, fmt.Sprint(exists, known))
	}
	for _, p := range []string{lock.FileName, lock.SigFileName, lock.PublicKeyPath} {
		put("trust", p, contentOf(fsys, p))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// linkOf is where the links on p's way point ("" for none): pointing a
// link at another file with the same bytes changes what an approval
// pins (scan/rules/links.go), so it is a change here too. The walk
// never enters a linked folder, so for a file it found (!folders) only
// the file itself can be a link: one lstat tells.
func linkOf(fsys fs.FS, p string, folders bool) string {
	if strings.HasSuffix(p, "/") || strings.HasPrefix(p, "../") || path.IsAbs(p) || !fs.ValidPath(p) {
		return ""
	}
	if !folders {
		if fi, err := fs.Lstat(fsys, p); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return ""
		}
	}
	return discover.ResolveLinks(fsys, p).String()
}

// contentOf names a file's state: its sha256, "absent", or "unknown".
func contentOf(fsys fs.FS, p string) string {
	if dir, ok := strings.CutSuffix(p, "/"); ok && fs.ValidPath(dir) {
		// A folder whose listing decides what runs (rules.AbsentDeps).
		ents, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return "unlisted"
		}
		h := sha256.New()
		for _, e := range ents {
			h.Write([]byte(e.Name() + "\x00"))
		}
		return "list:" + hex.EncodeToString(h.Sum(nil))
	}
	if strings.HasPrefix(p, "../") || path.IsAbs(p) || !fs.ValidPath(p) {
		return "outside"
	}
	f, n := discover.ReadFile(fsys, p)
	if n != nil {
		if exists, known := discover.Exists(fsys, p); known && !exists {
			return "absent"
		}
		return "unreadable:" + n.Message
	}
	return fileDigest(f) + fmt.Sprint(f.Truncated)
}

// fileDigest covers every byte of f: a file longer than the scanner reads
// carries the digest of the whole (discover.File.Digest), so a line
// appended past that length is a change too.
func fileDigest(f discover.File) string {
	if f.Truncated && f.Digest != "" {
		return "sha256:" + f.Digest
	}
	sum := sha256.Sum256(f.Data)
	return hex.EncodeToString(sum[:])
}
