package lsp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"go.lsp.dev/protocol"

	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// document is one file the editor has open.
type document struct {
	uri     string
	local   string // absolute path; "" for a document that is not a local file
	root    string // project folder; "" when none
	rel     string // slash path inside root (or the name alone)
	version int32
	text    string
	gen     uint64 // bumped on every change; a scan publishes only for the gen it read
	timer   *time.Timer
	// agent: the discovery table names the file. Opening or saving one
	// walks the project again (the list of agent files may have changed);
	// any other file is scanned with the last walk, since it can matter
	// only as a hook's script or an import.
	agent bool

	// From the last scan that covered it.
	res    *fileState
	failed bool
}

// fileState is what the last scan said about one file, kept for hover and
// code actions.
type fileState struct {
	text     string // the text the ranges were computed on
	file     *scan.FileResult
	findings []scan.Finding
	diags    []protocol.Diagnostic
}

// project is one folder the server scans as a whole.
type project struct {
	root      string
	files     []discover.File // the last walk, disk content
	notices   []discover.Notice
	walked    bool
	stale     bool
	verdict   *Verdict
	published map[string]bool // rel paths of unopened files given diagnostics
}

// projectFor finds the folder a file is scanned in: the innermost workspace
// folder holding it (the whole folder is scanned); else, as `sentinel scan
// FILE` does, the folder its path shows it stands in (.claude/settings.json
// -> the folder above .claude), where only the open files are scanned and
// the rest of the folder only answers questions (does the hook's script
// exist?), so a file under a home directory never starts a walk of it.
func (s *Server) projectFor(local string) (root, rel string, workspace bool) {
	for _, r := range s.roots {
		if rel, ok := inside(r, local); ok {
			return r, rel, true
		}
	}
	slash := filepath.ToSlash(local)
	parts := strings.Split(strings.TrimPrefix(slash, "/"), "/")
	for k := 1; k <= len(parts) && k <= 5; k++ {
		suffix := strings.Join(parts[len(parts)-k:], "/")
		if _, _, ok := discover.Classify(suffix); ok {
			dir := filepath.FromSlash(strings.TrimSuffix(slash, "/"+suffix))
			if dir == "" {
				dir = string(filepath.Separator)
			}
			return dir, suffix, false
		}
	}
	return filepath.Dir(local), filepath.Base(local), false
}

func inside(root, p string) (string, bool) {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func (s *Server) didOpen(p protocol.DidOpenTextDocumentParams) {
	uri := string(p.TextDocument.URI)
	d := &document{uri: uri, version: p.TextDocument.Version, text: p.TextDocument.Text}
	inWorkspace := false
	if local, ok := filePath(uri); ok {
		d.local = local
		s.mu.Lock()
		d.root, d.rel, inWorkspace = s.projectFor(local)
		s.mu.Unlock()
	} else {
		// A virtual document (untitled:, vscode-vfs:, ...): read by its
		// name alone, with nothing around it assumed.
		d.rel = virtualName(uri)
	}
	_, _, d.agent = discover.Classify(d.rel)
	s.mu.Lock()
	if old := s.docs[uri]; old != nil && old.timer != nil {
		old.timer.Stop()
	}
	s.docs[uri] = d
	if pr := s.projects[d.root]; pr != nil && d.agent {
		pr.stale = true
	}
	s.mu.Unlock()
	if d.local != "" && !d.agent && !inWorkspace {
		// Outside the workspace a file no agent reads starts no scan of
		// the folder around it (which could be a home directory).
		s.publish(uri, d.version, nil)
		return
	}
	s.schedule(uri, 0)
}

// virtualName is the path a virtual document is classified by: its URI's
// path (vscode-vfs://github/org/repo/.claude/settings.json reads as a
// Claude Code settings file, since the table looks at the last folders and
// the name), or "untitled".
func virtualName(uri string) string {
	p := ""
	if u, err := url.Parse(uri); err == nil {
		p = u.Path
		if p == "" {
			p = u.Opaque
		}
	}
	p = strings.Trim(path.Clean("/"+p), "/")
	if p == "" || p == "." {
		return "untitled"
	}
	return p
}

func (s *Server) didChange(p protocol.DidChangeTextDocumentParams) {
	uri := string(p.TextDocument.URI)
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil || len(p.ContentChanges) == 0 {
		s.mu.Unlock()
		return
	}
	// Full synchronisation: the last change holds the whole text.
	d.text = p.ContentChanges[len(p.ContentChanges)-1].Text
	d.version = p.TextDocument.Version
	d.gen++
	s.mu.Unlock()
	s.schedule(uri, s.opts.Debounce)
}

func (s *Server) didSave(p protocol.DidSaveTextDocumentParams) {
	uri := string(p.TextDocument.URI)
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return
	}
	if p.Text != "" {
		d.text = p.Text
	}
	d.gen++
	if pr := s.projects[d.root]; pr != nil && d.agent {
		pr.stale = true // a saved agent file may be new to the walk
	}
	s.mu.Unlock()
	s.schedule(uri, 0)
}

func (s *Server) didClose(p protocol.DidCloseTextDocumentParams) {
	uri := string(p.TextDocument.URI)
	s.mu.Lock()
	d := s.docs[uri]
	delete(s.docs, uri)
	if d != nil && d.timer != nil {
		d.timer.Stop()
	}
	s.mu.Unlock()
	if d != nil {
		s.publish(uri, 0, nil)
	}
}

// schedule scans the document's project after delay; a later call replaces
// an earlier one that has not started (the debounce).
func (s *Server) schedule(uri string, delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil || s.shutdown || s.exited {
		return
	}
	if d.timer != nil {
		d.timer.Stop()
	}
	gen := d.gen
	d.timer = time.AfterFunc(delay, func() {
		s.mu.Lock()
		cur := s.docs[uri]
		stop := s.exited || cur != d || d.gen != gen
		if !stop {
			s.wg.Add(1)
		}
		s.mu.Unlock()
		if stop {
			return
		}
		defer s.wg.Done()
		s.scanDocument(d)
	})
}

// scanDocument scans the project a document belongs to and publishes
// diagnostics for every open document of it.
func (s *Server) scanDocument(d *document) {
	if d.root == "" {
		s.scanVirtual(d)
		return
	}
	s.scanProject(d.root, false)
}

// snapshot is the editor's text of one open document at scan time.
type snapshot struct {
	d    *document
	text string
	gen  uint64
	ver  int32
}

func (s *Server) openIn(root string) []snapshot {
	var out []snapshot
	for _, d := range s.docs {
		if d.root == root && d.local != "" {
			out = append(out, snapshot{d: d, text: d.text, gen: d.gen, ver: d.version})
		}
	}
	return out
}

// scanProject scans root with the open documents' text laid over the disk
// and publishes the results. all: publish every file with findings, not
// only the open ones (the "scan workspace" command).
func (s *Server) scanProject(root string, all bool) *Verdict {
	s.scanMu.Lock()
	defer s.scanMu.Unlock()
	s.mu.Lock()
	pr := s.projects[root]
	if pr == nil {
		pr = &project{root: root, published: map[string]bool{}}
		s.projects[root] = pr
	}
	open := s.openIn(root)
	// Outside the workspace folders only the open files are scanned.
	single := !slices.Contains(s.roots, root)
	rewalk := !single && (!pr.walked || pr.stale || all)
	if single {
		pr.files, pr.notices = nil, nil
	}
	pr.stale = false
	s.mu.Unlock()

	v, res, err := s.runScan(pr, open, rewalk)
	if err != nil {
		for _, o := range open {
			s.finish(o, nil, err)
		}
		return v
	}
	byPath := map[string]*scan.FileResult{}
	for i := range res.Files {
		byPath[res.Files[i].Path] = &res.Files[i]
	}
	openRel := map[string]bool{}
	for _, o := range open {
		openRel[o.d.rel] = true
		s.finish(o, fileStateFor(o.text, byPath[o.d.rel], res, o.d.rel), nil)
	}
	// Files not open: those published before are refreshed (or cleared);
	// with all, every file with something to say is published.
	s.mu.Lock()
	var extra []string
	for rel := range pr.published {
		extra = append(extra, rel)
	}
	if all {
		for _, f := range res.Files {
			if len(f.Findings)+len(f.Observations) > 0 && !pr.published[f.Path] {
				extra = append(extra, f.Path)
			}
		}
	}
	s.mu.Unlock()
	for _, rel := range extra {
		if openRel[rel] {
			continue
		}
		data, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		st := fileStateFor(string(data), byPath[rel], res, rel)
		uri := fileURI(filepath.Join(root, filepath.FromSlash(rel)))
		s.mu.Lock()
		if len(st.diags) > 0 {
			pr.published[rel] = true
		} else {
			delete(pr.published, rel)
		}
		s.mu.Unlock()
		s.publish(uri, 0, st.diags)
	}
	return v
}

// runScan reads the project (walking it again when asked), lays the open
// documents over it and runs the engine. A panic in the engine is
// recovered and logged, and the scan reported as failed.
func (s *Server) runScan(pr *project, open []snapshot, rewalk bool) (v *Verdict, res *scan.Result, err error) {
	root := pr.root
	defer func() {
		if p := recover(); p != nil {
			s.logf("a scan of %s failed (recovered): %v\n%s", root, p, debug.Stack())
			res, err = nil, fmt.Errorf("internal error: %v", p)
		}
		if err != nil {
			v = &Verdict{Root: root, RootURI: fileURI(root), Verdict: "UNKNOWN", Report: "Sentinel could not scan this folder: " + redact.String(err.Error())}
		}
		s.mu.Lock()
		pr.verdict = v
		s.mu.Unlock()
		s.notify(VerdictNotification, v)
	}()
	dir, err := discover.OpenDir(root)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot open the folder: %v", err)
	}
	defer dir.Close()
	if rewalk {
		files, notices, werr := discover.Walk(dir)
		if werr != nil {
			return nil, nil, werr
		}
		pr.files, pr.notices, pr.walked = files, notices, true
	}
	overlay := map[string][]byte{}
	for _, o := range open {
		overlay[o.d.rel] = []byte(o.text)
	}
	files := make([]discover.File, 0, len(pr.files)+len(open))
	seen := map[string]bool{}
	for _, f := range pr.files {
		if data, ok := overlay[f.Path]; ok {
			f = fileOf(f.Path, f.Kind, f.Tool, data)
		}
		seen[f.Path] = true
		files = append(files, f)
	}
	for rel, data := range overlay {
		if seen[rel] {
			continue
		}
		if kind, tool, ok := discover.Classify(rel); ok {
			files = append(files, fileOf(rel, kind, tool, data))
		}
	}
	fsys := &overlayFS{base: dir, over: overlay}
	var opts []scan.Option
	if s.opts.Approver != nil {
		opts = append(opts, scan.WithApprover(s.opts.Approver(dir, root)))
	}
	scanFiles := s.opts.ScanFiles
	if scanFiles == nil {
		scanFiles = scan.ScanFiles
	}
	res, err = scanFiles(context.Background(), fsys, files, opts...)
	if err != nil {
		return nil, nil, err
	}
	res.Notices = append(append([]discover.Notice{}, pr.notices...), res.Notices...)
	return verdictOf(root, res), res, nil
}

func fileOf(rel string, kind discover.Kind, tool string, data []byte) discover.File {
	f := discover.File{Path: rel, Kind: kind, Tool: tool, Data: data, Size: int64(len(data))}
	if len(data) > discover.MaxRead {
		sum := sha256.Sum256(data)
		f.Data, f.Truncated, f.Digest = data[:discover.MaxRead], true, hex.EncodeToString(sum[:])
	}
	return f
}

func verdictOf(root string, res *scan.Result) *Verdict {
	v := &Verdict{Root: root, RootURI: fileURI(root), Verdict: string(res.Verdict), TrustScore: res.TrustScore, Files: len(res.Files)}
	for _, f := range res.Files {
		v.Findings += len(f.Findings)
	}
	var buf bytes.Buffer
	if err := report.WriteText(&buf, res, report.TextOptions{}); err == nil {
		v.Report = buf.String()
	}
	return v
}

// scanVirtual scans a document that is not a local file by its name alone
// (as the web app scans a pasted file), if the discovery table names it.
func (s *Server) scanVirtual(d *document) {
	s.mu.Lock()
	o := snapshot{d: d, text: d.text, gen: d.gen, ver: d.version}
	s.mu.Unlock()
	if _, _, ok := discover.Classify(d.rel); !ok {
		s.finish(o, &fileState{text: o.text}, nil)
		return
	}
	s.scanMu.Lock()
	defer s.scanMu.Unlock()
	var res *scan.Result
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				s.logf("a scan of %s failed (recovered): %v\n%s", d.uri, p, debug.Stack())
				err = fmt.Errorf("internal error: %v", p)
			}
		}()
		kind, tool, _ := discover.Classify(d.rel)
		f := fileOf(d.rel, kind, tool, []byte(o.text))
		fsys := fstest.MapFS{d.rel: &fstest.MapFile{Data: f.Data, Mode: 0o644}}
		scanFiles := s.opts.ScanFiles
		if scanFiles == nil {
			scanFiles = scan.ScanFiles
		}
		res, err = scanFiles(context.Background(), fsys, []discover.File{f})
		return err
	}()
	if err != nil {
		s.finish(o, nil, err)
		return
	}
	var fr *scan.FileResult
	for i := range res.Files {
		if res.Files[i].Path == d.rel {
			fr = &res.Files[i]
		}
	}
	s.finish(o, fileStateFor(o.text, fr, res, d.rel), nil)
}

// finish records a scan's outcome for one open document and publishes it,
// unless the document changed since the scan read it (a newer scan is on
// its way) or was closed.
func (s *Server) finish(o snapshot, st *fileState, err error) {
	if err != nil {
		st = &fileState{text: o.text, diags: []protocol.Diagnostic{failedDiagnostic(err)}}
	}
	s.mu.Lock()
	cur := s.docs[o.d.uri]
	if cur != o.d || o.d.gen != o.gen || s.exited {
		s.mu.Unlock()
		return
	}
	o.d.res, o.d.failed = st, err != nil
	s.mu.Unlock()
	s.publish(o.d.uri, o.ver, st.diags)
}

func (s *Server) publish(uri string, version int32, diags []protocol.Diagnostic) {
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	p := protocol.PublishDiagnosticsParams{URI: protocol.DocumentURI(uri), Diagnostics: diags}
	if version > 0 {
		p.Version = uint32(version)
	}
	s.notify(protocol.MethodTextDocumentPublishDiagnostics, p)
}

func fileURI(p string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path
	}
	return u.String()
}

// overlayFS is the project folder with the editor's unsaved text laid over
// it: the engine asks it whether a hook's script exists and reads imports
// through it, so an open, unsaved script counts as the editor shows it.
type overlayFS struct {
	base *discover.DirFS
	over map[string][]byte
}

func (o *overlayFS) Open(name string) (fs.File, error) {
	if data, ok := o.over[name]; ok {
		return fstest.MapFS{name: &fstest.MapFile{Data: data, Mode: 0o644}}.Open(name)
	}
	return o.base.Open(name)
}

func (o *overlayFS) Stat(name string) (fs.FileInfo, error) {
	if data, ok := o.over[name]; ok {
		return fstest.MapFS{name: &fstest.MapFile{Data: data, Mode: 0o644}}.Stat(name)
	}
	return o.base.Stat(name)
}

func (o *overlayFS) Lstat(name string) (fs.FileInfo, error) {
	if _, ok := o.over[name]; ok {
		return o.Stat(name)
	}
	return o.base.Lstat(name)
}

func (o *overlayFS) ReadLink(name string) (string, error) {
	if _, ok := o.over[name]; ok {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	return o.base.ReadLink(name)
}

func (o *overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	return o.base.ReadDir(name)
}
