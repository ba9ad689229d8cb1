package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Limits on what one request may ask the engine to read.
const (
	// MaxFileBytes is the largest file accepted, in bytes.
	MaxFileBytes = 2 << 20
	// MaxBundleFiles is the most files in one bundle.
	MaxBundleFiles = 200
	// MaxBundleBytes is the most bytes of file content in one bundle.
	MaxBundleBytes = 16 << 20
	// maxPathLen and maxDepth bound one path in a bundle.
	maxPathLen = 1024
	maxDepth   = 64
)

// Placement says where a file sent to the API was put in the scanned tree
// and how it was read. The web UI shows it so that nobody wonders why a
// loose "settings.json" was judged as Claude Code settings.
type Placement struct {
	Path   string `json:"path"`   // as sent
	As     string `json:"as"`     // where it was placed in the scanned tree
	Kind   string `json:"kind"`   // how it was read: instructions, agent-settings, ...
	Tool   string `json:"tool"`   // which agent or editor reads it there
	Reason string `json:"reason"` // one sentence
}

// requestError is a client mistake answered with a status and one sentence.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

func reqErr(status int, format string, args ...any) *requestError {
	return &requestError{status: status, msg: fmt.Sprintf(format, args...)}
}

// checkPath accepts a relative, slash-separated path inside the scanned
// tree and rejects everything that could name a place outside it or mean
// two things on two systems: "..", absolute and drive paths, backslashes,
// NUL and other control characters, empty or "." segments.
func checkPath(p string) error {
	switch {
	case p == "":
		return reqErr(422, "a file path is empty; give every file a relative path such as CLAUDE.md")
	case len(p) > maxPathLen:
		return reqErr(422, "a file path is longer than %d bytes; shorten it", maxPathLen)
	case !utf8.ValidString(p):
		return reqErr(422, "a file path is not valid UTF-8; rename the file")
	case strings.ContainsRune(p, '\\'):
		return reqErr(422, "the path %q contains a backslash; use forward slashes for folders", p)
	case strings.HasPrefix(p, "/") || (len(p) >= 2 && p[1] == ':'):
		return reqErr(422, "the path %q is absolute; send paths relative to the project folder", p)
	}
	for _, r := range p {
		if r < 0x20 || r == 0x7f {
			return reqErr(422, "the path %q contains a control character; rename the file", p)
		}
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return reqErr(422, "the path %q leaves the project folder with \"..\"; send paths inside the project", p)
		}
	}
	if !fs.ValidPath(p) || p == "." {
		return reqErr(422, "the path %q has an empty or \".\" folder name; send a plain relative path like .claude/settings.json", p)
	}
	if strings.Count(p, "/") >= maxDepth {
		return reqErr(422, "the path %q is nested more than %d folders deep", p, maxDepth)
	}
	return nil
}

// place decides where a loose file name (no folder) goes: where the tool
// that would read it keeps it. ok is false for names no agent reads; such a
// file is read as instructions under its own name.
func place(name string, data []byte) (as string, ok bool, reason string) {
	if _, _, known := discover.Classify(name); known {
		return name, true, "an agent reads a file with this name at the top of a project"
	}
	lower := strings.ToLower(name)
	switch {
	case lower == "settings.json" || lower == "settings.local.json":
		return ".claude/" + lower, true, "a settings file with this name is Claude Code's project settings (hooks, env, MCP trust)"
	case lower == "tasks.json":
		return ".vscode/tasks.json", true, "tasks.json is VS Code's task list, where a task can run when the folder is opened"
	case lower == "mcp.json":
		return ".mcp.json", true, "mcp.json is read as the project's tool-server (MCP) list"
	case lower == "hooks.json":
		return ".cursor/hooks.json", true, "hooks.json is Cursor's hook list"
	case lower == "copilot-instructions.md":
		return ".github/copilot-instructions.md", true, "GitHub Copilot reads its instructions from .github/copilot-instructions.md"
	case strings.HasSuffix(lower, ".mdc"):
		return ".cursor/rules/" + name, true, "an .mdc file is a Cursor rule, kept in .cursor/rules"
	case strings.HasSuffix(lower, ".json"):
		return placeJSON(data)
	}
	return name, false, "no agent reads this name by itself, so it is read as an instruction file, the way an agent would read it if told to"
}

// placeJSON looks at the top-level keys of an unnamed JSON file to decide
// which agent config it looks like.
func placeJSON(data []byte) (string, bool, string) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(stripBOM(data), &top); err == nil {
		switch {
		case top["mcpServers"] != nil:
			return ".mcp.json", true, "it has an \"mcpServers\" list, so it is read as a tool-server (MCP) config"
		case top["hooks"] != nil || top["env"] != nil || top["permissions"] != nil:
			return ".claude/settings.json", true, "it has \"hooks\", \"env\" or \"permissions\", so it is read as Claude Code settings"
		case top["tasks"] != nil:
			return ".vscode/tasks.json", true, "it has a \"tasks\" list, so it is read as VS Code's tasks.json"
		case top["servers"] != nil:
			return ".vscode/mcp.json", true, "it has a \"servers\" list, so it is read as VS Code's mcp.json"
		}
	}
	return ".mcp.json", true, "a JSON file of no other known shape is read as a tool-server (MCP) config, as sentinel scan reads one"
}

func stripBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) }

// bundle is a validated set of files ready to scan.
type bundle struct {
	fsys *memFS
	// repository is true when any path has a folder: the upload is a
	// project, and what is missing from it is really missing.
	repository bool
	// extra are loose files no agent reads by name, scanned as instructions.
	extra     []discover.File
	placement []Placement
}

// newBundle validates paths and places loose names. files maps the path as
// sent to the file's bytes. single marks a one-file scan (/scan/text,
// /scan/file): one file is never a project, whatever its path.
func newBundle(files map[string][]byte, single bool) (*bundle, error) {
	if len(files) == 0 {
		return nil, reqErr(422, "the request has no files; send at least one")
	}
	if len(files) > MaxBundleFiles {
		return nil, reqErr(413, "the bundle has %d files, more than the %d allowed; send only the files an agent obeys and the scripts their hooks run", len(files), MaxBundleFiles)
	}
	total := 0
	names := make([]string, 0, len(files))
	for p, data := range files {
		if err := checkPath(p); err != nil {
			return nil, err
		}
		if len(data) > MaxFileBytes {
			return nil, reqErr(413, "%s is larger than 2 MB; no agent file should be that large, so check what it is", p)
		}
		total += len(data)
		names = append(names, p)
	}
	if total > MaxBundleBytes {
		return nil, reqErr(413, "the bundle holds %d MB, more than the %d MB allowed; leave out files no agent reads", total>>20, MaxBundleBytes>>20)
	}
	sort.Strings(names)
	b := &bundle{}
	for _, p := range names {
		if strings.Contains(p, "/") && !single {
			b.repository = true
		}
	}
	tree := make(map[string][]byte, len(files))
	from := map[string]string{}
	for _, p := range names {
		data := files[p]
		as := p
		if !b.repository {
			var known bool
			var reason string
			if _, _, ok := discover.Classify(p); ok {
				as, known, reason = p, true, "its path says which tool reads it"
			} else {
				as, known, reason = place(path.Base(p), data)
			}
			kind, tool := discover.KindInstructions, discover.ToolAny
			if known {
				k, t, ok := discover.Classify(as)
				if ok {
					kind, tool = k, t
				}
			} else {
				b.extra = append(b.extra, discover.File{Path: p, Kind: kind, Tool: tool, Data: data, Size: int64(len(data))})
			}
			b.placement = append(b.placement, Placement{Path: p, As: as, Kind: string(kind), Tool: tool, Reason: reason})
		}
		if prev, dup := from[as]; dup {
			return nil, reqErr(422, "%s and %s would both be read as %s; send one of them, or send them with their folders", prev, p, as)
		}
		from[as] = p
		tree[as] = data
	}
	if b.repository {
		b.placement = []Placement{}
	}
	fsys, clash, ok := newMemFS(tree)
	if !ok {
		return nil, reqErr(422, "%s is sent both as a file and as a folder; a project cannot hold both", clash)
	}
	b.fsys = fsys
	return b, nil
}

// scan runs the engine over the bundle, in memory. Loose files are not a
// project: what they point to was simply not sent, so the tree answers
// "unknown" for anything missing, and no hook's script is called missing.
func (b *bundle) scan(ctx context.Context) (*scan.Result, error) {
	var opts []scan.Option
	b.fsys.loose = !b.repository
	if len(b.extra) > 0 {
		opts = append(opts, scan.WithExtraFiles(b.extra...))
	}
	res, err := scan.Scan(ctx, b.fsys, opts...)
	if err != nil {
		return nil, err
	}
	if _, serr := fs.Stat(b.fsys, lock.FileName); serr == nil {
		// Say what became of the lock: an upload brings no key this
		// machine trusts, so its approvals cannot count.
		res.Notices = append(res.Notices, scan.Notice{Path: lock.FileName, Message: LockNotice})
	}
	return res, nil
}

// LockNotice is what a bundle that carries an AGENTS.lock is told.
const LockNotice = "its approvals do not count here: an upload brings no signing key this machine trusts, so every hook, task and tool server is judged as unapproved; run 'sentinel scan' in a clone whose lock is signed by a key you trust to count them"
