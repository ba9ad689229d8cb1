// Package gitrev reads a git revision of a repository as an fs.FS, with the
// git binary, and answers the few questions a pull-request check asks: does
// the ref exist, where did the branches fork, what do the commit messages say.
//
// Every failure is one sentence that says what to do: git missing, not a
// repository, no commits yet, a ref absent from a shallow clone
// ("fetch-depth: 0").
//
// git runs with hooks, fsmonitor and pagers switched off, so reading a
// hostile repository's history never runs a program it names.
package gitrev

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Repo is a git work tree.
type Repo struct {
	Dir string
}

// Errors a caller may want to tell apart; each wrapping error carries the
// sentence for the user.
var (
	ErrNoGit      = errors.New("git not found")
	ErrNotRepo    = errors.New("not a git repository")
	ErrNoCommits  = errors.New("no commits")
	ErrRefMissing = errors.New("ref not found")
)

type gitError struct {
	kind error
	msg  string
}

func (e *gitError) Error() string        { return e.msg }
func (e *gitError) Is(target error) bool { return target == e.kind }

// Open checks that git is installed and dir is inside a work tree with at
// least one commit.
func Open(ctx context.Context, dir string) (*Repo, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, &gitError{ErrNoGit, "the git command is not installed or not on PATH; install git to compare with a base revision"}
	}
	r := &Repo{Dir: dir}
	out, err := r.git(ctx, "rev-parse", "--is-inside-work-tree")
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		if err != nil && strings.Contains(err.Error(), "dubious ownership") {
			return nil, &gitError{ErrNotRepo, fmt.Sprintf("git refuses to read %s because another user owns it; run 'git config --global --add safe.directory %s' if you trust it", dir, dir)}
		}
		return nil, &gitError{ErrNotRepo, fmt.Sprintf("%s is not inside a git repository, so there is no base revision to compare with", dir)}
	}
	if _, err := r.git(ctx, "rev-parse", "--verify", "--quiet", "HEAD^{commit}"); err != nil {
		return nil, &gitError{ErrNoCommits, "this repository has no commits yet, so there is no base revision to compare with; commit first"}
	}
	return r, nil
}

// Resolve returns the commit id ref names.
func (r *Repo) Resolve(ctx context.Context, ref string) (string, error) {
	if ref == "" || strings.HasPrefix(ref, "-") {
		return "", &gitError{ErrRefMissing, fmt.Sprintf("%q is not a usable git ref; pass a branch, tag or commit such as --base main", ref)}
	}
	out, err := r.git(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	if err == nil {
		return strings.TrimSpace(string(out)), nil
	}
	// GitHub Actions passes the base branch name; a checkout only has it as
	// a remote-tracking branch.
	if !strings.Contains(ref, "/") {
		if out, err := r.git(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", "refs/remotes/origin/"+ref+"^{commit}"); err == nil {
			return strings.TrimSpace(string(out)), nil
		}
	}
	msg := fmt.Sprintf("the base ref %q is not in this clone; fetch it first (%s)", ref, r.fetchHint(ctx, ref))
	if sh, err := r.git(ctx, "rev-parse", "--is-shallow-repository"); err == nil && strings.TrimSpace(string(sh)) == "true" {
		msg = fmt.Sprintf("the base ref %q is not in this shallow clone; fetch the full history (in GitHub Actions: actions/checkout with fetch-depth: 0)", ref)
	} else {
		msg += " (in GitHub Actions: actions/checkout with fetch-depth: 0)"
	}
	return "", &gitError{ErrRefMissing, msg}
}

// fetchHint is the command that fetches ref, with the clone's own remote
// when it has exactly one, never an assumed "origin".
func (r *Repo) fetchHint(ctx context.Context, ref string) string {
	out, err := r.git(ctx, "remote")
	remotes := strings.Fields(string(out))
	switch {
	case err != nil || len(remotes) == 0:
		return "this clone has no remote: git fetch <URL> " + ref
	case len(remotes) == 1:
		return "git fetch " + remotes[0] + " " + ref
	}
	return "git fetch <remote> " + ref + ", where <remote> is one of " + strings.Join(remotes, ", ")
}

// Prefix returns the path of the work tree's folder Dir inside the
// repository ("" at the top, else "sub/dir/"), so a revision can be read
// for the same folder.
func (r *Repo) Prefix(ctx context.Context) string {
	out, err := r.git(ctx, "rev-parse", "--show-prefix")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// MergeBase returns the commit where a and b forked, or a when there is none.
func (r *Repo) MergeBase(ctx context.Context, a, b string) string {
	out, err := r.git(ctx, "merge-base", "--end-of-options", a, b)
	if err != nil {
		return a
	}
	return strings.TrimSpace(string(out))
}

// Messages returns the full commit messages of the commits reachable from
// head and not from base.
func (r *Repo) Messages(ctx context.Context, base, head string) ([]string, error) {
	out, err := r.git(ctx, "log", "--no-color", "--format=%B%x00", "--end-of-options", base+".."+head)
	if err != nil {
		return nil, fmt.Errorf("cannot read the commit messages %s..%s: %v", short(base), short(head), err)
	}
	var msgs []string
	for _, m := range strings.Split(string(out), "\x00") {
		if m = strings.TrimSpace(m); m != "" {
			msgs = append(msgs, m)
		}
	}
	return msgs, nil
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

// git runs one git command in the work tree with every extension point that
// could execute a program from the repository switched off.
func (r *Repo) git(ctx context.Context, args ...string) ([]byte, error) {
	return r.gitInput(ctx, nil, args...)
}

// gitInput is git with standard input.
func (r *Repo) gitInput(ctx context.Context, stdin io.Reader, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	full := append([]string{
		"--no-pager", "--no-optional-locks",
		"-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
		"-c", "core.pager=cat", "-c", "log.showSignature=false", "-c", "diff.external=",
		"-c", "protocol.allow=never",
	}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Dir = r.Dir
	cmd.Stdin = stdin
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "LC_ALL=C", "GIT_PAGER=cat", "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return out, errors.New(msg)
	}
	return out, nil
}

// Tree returns the tree of commit as a read-only fs.FS: the whole
// repository, or the folder prefix ("sub/dir/", see Prefix) of it. Files
// are read from git when opened. A symbolic link to a file inside the tree
// opens that file (as os.Root opens the working tree); any other link, and
// submodules, are listed but cannot be opened, so nothing leaves the tree.
// Stat does not follow links. A folder that does not exist in the commit is
// an empty tree.
func (r *Repo) Tree(ctx context.Context, commit, prefix string) (fs.FS, error) {
	treeish := commit
	if prefix = strings.Trim(prefix, "/"); prefix != "" {
		if _, err := r.git(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", commit+":"+prefix); err != nil {
			return &treeFS{ctx: ctx, repo: r, nodes: map[string]*node{".": {name: ".", mode: fs.ModeDir}}, kids: map[string][]string{}}, nil
		}
		treeish = commit + ":" + prefix
	}
	out, err := r.git(ctx, "ls-tree", "-r", "-t", "-z", "-l", "--full-tree", "--end-of-options", treeish)
	if err != nil {
		return nil, fmt.Errorf("cannot list the files of %s: %v", short(commit), err)
	}
	t := &treeFS{ctx: ctx, repo: r, nodes: map[string]*node{".": {name: ".", mode: fs.ModeDir}}, kids: map[string][]string{}}
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		// <mode> SP <type> SP <object> SP+ <size> TAB <path>
		tab := bytes.IndexByte(rec, '\t')
		if tab < 0 {
			continue
		}
		fields := strings.Fields(string(rec[:tab]))
		p := string(rec[tab+1:])
		if len(fields) < 4 || !fs.ValidPath(p) {
			continue
		}
		n := &node{name: path.Base(p), sha: fields[2]}
		switch fields[0] {
		case "040000":
			n.mode = fs.ModeDir | 0o755
		case "120000":
			n.mode = fs.ModeSymlink | 0o777
		case "160000":
			n.mode = fs.ModeIrregular // submodule
		case "100755":
			n.mode = 0o755
		default:
			n.mode = 0o644
		}
		n.size, _ = strconv.ParseInt(fields[3], 10, 64)
		t.nodes[p] = n
		dir := path.Dir(p)
		t.kids[dir] = append(t.kids[dir], p)
	}
	for d := range t.kids {
		sort.Strings(t.kids[d])
	}
	if err := t.preload(); err != nil {
		return nil, err
	}
	return t, nil
}

// preload reads every agent file of the tree with one git process, so a
// repository with hundreds of SKILL.md files is not hundreds of processes.
// Other files (the scripts hooks run) are read when opened.
func (t *treeFS) preload() error {
	var want []string
	for p, n := range t.nodes {
		if n.mode.IsRegular() && n.size <= MaxBlob {
			if _, _, ok := discover.Classify(p); ok {
				want = append(want, p)
			}
		}
	}
	if len(want) == 0 {
		return nil
	}
	sort.Strings(want)
	var in bytes.Buffer
	for _, p := range want {
		in.WriteString(t.nodes[p].sha + "\n")
	}
	out, err := t.repo.gitInput(t.ctx, &in, "cat-file", "--batch")
	if err != nil {
		return fmt.Errorf("cannot read the agent files of the base revision: %v", err)
	}
	t.data = map[string][]byte{}
	for _, p := range want {
		// <sha> SP <type> SP <size> LF <contents> LF
		nl := bytes.IndexByte(out, '\n')
		if nl < 0 {
			return errors.New("cannot read the agent files of the base revision: git cat-file answered in a form Sentinel does not know")
		}
		f := strings.Fields(string(out[:nl]))
		if len(f) != 3 || f[0] != t.nodes[p].sha || f[1] != "blob" {
			return fmt.Errorf("cannot read %s from the base revision: git cat-file answered %q", p, string(out[:nl]))
		}
		size, err := strconv.Atoi(f[2])
		if err != nil || nl+1+size+1 > len(out) {
			return fmt.Errorf("cannot read %s from the base revision: truncated answer from git", p)
		}
		t.data[p] = out[nl+1 : nl+1+size]
		out = out[nl+1+size+1:]
	}
	return nil
}

// MaxBlob bounds the bytes read from one file of a revision.
const MaxBlob = 16 << 20

type node struct {
	name string
	sha  string
	mode fs.FileMode
	size int64
}

func (n *node) Name() string               { return n.name }
func (n *node) Size() int64                { return n.size }
func (n *node) Mode() fs.FileMode          { return n.mode }
func (n *node) ModTime() time.Time         { return time.Time{} }
func (n *node) IsDir() bool                { return n.mode.IsDir() }
func (n *node) Sys() any                   { return nil }
func (n *node) Type() fs.FileMode          { return n.mode.Type() }
func (n *node) Info() (fs.FileInfo, error) { return n, nil }

type treeFS struct {
	ctx   context.Context
	repo  *Repo
	nodes map[string]*node
	kids  map[string][]string
	data  map[string][]byte // preloaded agent files
}

func (t *treeFS) lookup(op, name string) (*node, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	n, ok := t.nodes[name]
	if !ok {
		// A folder on the way may be a link inside the tree, which
		// os.Root follows in the working tree: follow it the same way.
		if real, err := t.viaLinks(name, 0); err == nil && real != name {
			if n, ok = t.nodes[real]; ok {
				return n, nil
			}
		}
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	return n, nil
}

// viaLinks is name with every linked folder on its way (not name itself)
// replaced by the folder it leads to inside the tree; a link that leaves
// the tree, or one that loops, is an error.
func (t *treeFS) viaLinks(name string, hops int) (string, error) {
	if hops > maxLinkHops {
		return "", errors.New("path escapes from parent: too many levels of symbolic links")
	}
	segs := strings.Split(name, "/")
	cur := ""
	for i, seg := range segs[:len(segs)-1] {
		next := path.Join(cur, seg)
		n, ok := t.nodes[next]
		if !ok {
			return "", fs.ErrNotExist
		}
		if n.mode&fs.ModeSymlink != 0 {
			target, tn, err := t.resolve(next)
			if err != nil {
				return "", err
			}
			if !tn.IsDir() {
				return "", fs.ErrNotExist
			}
			return t.viaLinks(path.Join(target, path.Join(segs[i+1:]...)), hops+1)
		}
		cur = next
	}
	return path.Join(cur, segs[len(segs)-1]), nil
}

// Lstat implements fs.ReadLinkFS: name itself is not followed, the
// folders on its way are (as os.Root's Lstat).
func (t *treeFS) Lstat(name string) (fs.FileInfo, error) { return t.lookup("lstat", name) }

// ReadLink implements fs.ReadLinkFS: the target of the link name, as
// written. A link is read, never followed out of the tree.
func (t *treeFS) ReadLink(name string) (string, error) {
	n, err := t.lookup("readlink", name)
	if err != nil {
		return "", err
	}
	if n.mode&fs.ModeSymlink == 0 || n.size > 4096 {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	target, err := t.repo.git(t.ctx, "cat-file", "blob", n.sha)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: err}
	}
	return string(target), nil
}

// Stat implements fs.StatFS.
func (t *treeFS) Stat(name string) (fs.FileInfo, error) { return t.lookup("stat", name) }

// ReadDir implements fs.ReadDirFS.
func (t *treeFS) ReadDir(name string) ([]fs.DirEntry, error) {
	n, err := t.lookup("readdir", name)
	if err != nil {
		return nil, err
	}
	if !n.IsDir() {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
	}
	var out []fs.DirEntry
	for _, k := range t.kids[name] {
		out = append(out, t.nodes[k])
	}
	return out, nil
}

// Open implements fs.FS.
func (t *treeFS) Open(name string) (fs.File, error) {
	if _, ok := t.nodes[name]; !ok && fs.ValidPath(name) {
		if real, err := t.viaLinks(name, 0); err == nil {
			name = real
		}
	}
	n, err := t.lookup("open", name)
	if err != nil {
		return nil, err
	}
	switch {
	case n.IsDir():
		ents, _ := t.ReadDir(name)
		return &dirFile{n: n, ents: ents}, nil
	case n.mode&fs.ModeSymlink != 0:
		// As os.Root does for the working tree: a link to a file inside
		// the tree is read as that file; one that leaves it is not.
		target, tn, err := t.resolve(name)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		if !tn.mode.IsRegular() {
			return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("a link to something that is not a file, which is never followed")}
		}
		name, n = target, tn
	}
	if !n.mode.IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("a submodule, not a file")}
	}
	data, ok := t.data[name]
	if !ok {
		var err error
		data, err = t.repo.git(t.ctx, "cat-file", "blob", n.sha)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
	}
	if len(data) > MaxBlob {
		data = data[:MaxBlob+1]
	}
	return &blobFile{n: n, r: bytes.NewReader(data)}, nil
}

// maxLinkHops bounds a chain of links, as the kernel's ELOOP does.
const maxLinkHops = 8

// resolve follows the link name (and the links it leads to) inside the
// tree: a target that is absolute, leaves the tree, passes through a linked
// folder or loops is refused with "path escapes from parent", the words
// os.Root uses.
func (t *treeFS) resolve(name string) (string, *node, error) {
	escapes := errors.New("path escapes from parent: it is a symbolic link that leads out of the tree, which is never followed")
	cur := name
	for range maxLinkHops {
		n, ok := t.nodes[cur]
		if !ok {
			return "", nil, escapes // missing, or behind a linked folder
		}
		if n.mode&fs.ModeSymlink == 0 {
			return cur, n, nil
		}
		if n.size > 4096 {
			return "", nil, escapes
		}
		target, err := t.repo.git(t.ctx, "cat-file", "blob", n.sha)
		if err != nil {
			return "", nil, err
		}
		tg := string(target)
		if tg == "" || path.IsAbs(tg) || strings.ContainsAny(tg, "\x00\\") {
			return "", nil, escapes
		}
		next := path.Join(path.Dir(cur), tg)
		if !fs.ValidPath(next) || next == "." {
			return "", nil, escapes
		}
		cur = next
	}
	return "", nil, errors.New("path escapes from parent: too many levels of symbolic links")
}

type blobFile struct {
	n *node
	r *bytes.Reader
}

func (f *blobFile) Stat() (fs.FileInfo, error) { return f.n, nil }
func (f *blobFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *blobFile) Close() error               { return nil }

type dirFile struct {
	n    *node
	ents []fs.DirEntry
	off  int
}

func (d *dirFile) Stat() (fs.FileInfo, error) { return d.n, nil }
func (d *dirFile) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.n.name, Err: errors.New("is a directory")}
}
func (d *dirFile) Close() error { return nil }
func (d *dirFile) ReadDir(count int) ([]fs.DirEntry, error) {
	rest := d.ents[d.off:]
	if count <= 0 {
		d.off = len(d.ents)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	if count > len(rest) {
		count = len(rest)
	}
	d.off += count
	return rest[:count], nil
}

// Identity returns "Name <email>" from git's configuration as seen in dir,
// or "" when git or the setting is missing. It is a label for approvals,
// not an authentication.
func Identity(ctx context.Context, dir string) string {
	if _, err := exec.LookPath("git"); err != nil {
		return ""
	}
	r := &Repo{Dir: dir}
	name, _ := r.git(ctx, "config", "--get", "user.name")
	email, _ := r.git(ctx, "config", "--get", "user.email")
	n, e := strings.TrimSpace(string(name)), strings.TrimSpace(string(email))
	switch {
	case n != "" && e != "":
		return n + " <" + e + ">"
	case n != "":
		return n
	}
	return e
}
