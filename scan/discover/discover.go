// Package discover finds the files an AI coding agent obeys in a file tree.
//
// It lists directories and reads only files whose path matters to an agent,
// so a large tree costs little more than listing it. It never enters .git and
// never follows a symbolic link out of the tree: callers hand it an fs.FS
// rooted at the scanned folder (os.Root.FS for a directory, an in-memory map
// for an upload, a git tree for a revision), and links that leave the root
// fail to open and are reported as notices.
package discover

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// Kind says how a file is read.
type Kind string

// File kinds.
const (
	KindInstructions Kind = "instructions"   // prose an agent obeys: CLAUDE.md, AGENTS.md, SKILL.md, ...
	KindCursorRule   Kind = "cursor-rule"    // .cursor/rules/*.mdc: front matter + prose
	KindSettings     Kind = "agent-settings" // .claude/settings*.json, .gemini/settings.json
	KindTasks        Kind = "vscode-tasks"   // .vscode/tasks.json (JSON with comments)
	KindMCP          Kind = "mcp-config"     // .mcp.json, .cursor/mcp.json, .vscode/mcp.json
	KindCursorHooks  Kind = "cursor-hooks"   // .cursor/hooks.json, .windsurf/hooks.json
	KindScript       Kind = "script"         // a script that a hook, task or server runs
)

// Tool names the agent or editor that reads a file.
const (
	ToolClaude   = "claude"
	ToolCursor   = "cursor"
	ToolGemini   = "gemini"
	ToolVSCode   = "vscode"
	ToolCopilot  = "copilot"
	ToolWindsurf = "windsurf"
	ToolAny      = "any"
)

// MaxRead is the most bytes read from one file. Agents do not read more than
// this from an instruction file either; a longer file is scanned up to the
// limit and marked Truncated.
const MaxRead = 16 << 20

// File is one agent file and its content.
type File struct {
	Path      string `json:"path"` // slash-separated, relative to the root
	Kind      Kind   `json:"kind"`
	Tool      string `json:"tool"`
	Data      []byte `json:"-"`
	Size      int64  `json:"size"`
	Truncated bool   `json:"truncated,omitempty"`
}

// Notice reports a file that could not be read, or was read in part. A notice
// never stops a scan.
type Notice struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Classify reports whether path (slash-separated, relative to the scanned
// root) is a file an agent obeys, and how to read it.
func Classify(p string) (Kind, string, bool) {
	dir := path.Dir(p)
	return classify(dir, path.Base(dir), path.Base(p))
}

// classify is Classify for a file named base in the folder dir ("." for the
// root) whose own name is parent. The walk calls it with the parent worked
// out once per folder and base still in the listing buffer: it must not
// keep base.
func classify(dir, parent, base string) (Kind, string, bool) {
	switch base {
	case "CLAUDE.md", "CLAUDE.local.md":
		return KindInstructions, ToolClaude, true
	case "AGENTS.md", "AGENT.md", "AGENTS.override.md":
		return KindInstructions, ToolAny, true
	case "GEMINI.md":
		return KindInstructions, ToolGemini, true
	case "SKILL.md":
		return KindInstructions, ToolAny, true
	case ".cursorrules":
		return KindInstructions, ToolCursor, true
	case ".windsurfrules":
		return KindInstructions, ToolWindsurf, true
	case ".mcp.json":
		return KindMCP, ToolAny, true
	}
	switch parent {
	case ".claude":
		if base == "settings.json" || base == "settings.local.json" {
			return KindSettings, ToolClaude, true
		}
	case ".gemini":
		if base == "settings.json" {
			return KindSettings, ToolGemini, true
		}
	case ".cursor":
		switch base {
		case "mcp.json":
			return KindMCP, ToolCursor, true
		case "hooks.json":
			return KindCursorHooks, ToolCursor, true
		}
	case ".windsurf":
		// Windsurf's Cascade hooks have the shape of Cursor's.
		if base == "hooks.json" {
			return KindCursorHooks, ToolWindsurf, true
		}
	case ".vscode":
		switch base {
		case "tasks.json":
			return KindTasks, ToolVSCode, true
		case "mcp.json":
			return KindMCP, ToolVSCode, true
		}
	case ".github":
		if base == "copilot-instructions.md" {
			return KindInstructions, ToolCopilot, true
		}
	case "commands":
		// .claude/commands is read below, with its subfolders.
		if path.Base(path.Dir(dir)) == ".cursor" && strings.HasSuffix(base, ".md") {
			return KindInstructions, ToolCursor, true
		}
	case "instructions", "prompts", "chatmodes", "agents":
		// .claude/agents is read below, with its subfolders.
		if path.Base(path.Dir(dir)) == ".github" && strings.HasSuffix(base, copilotSuffix[parent]) {
			return KindInstructions, ToolCopilot, true
		}
	case "rules", "workflows":
		if path.Base(path.Dir(dir)) == ".windsurf" && strings.HasSuffix(base, ".md") {
			return KindInstructions, ToolWindsurf, true
		}
	}
	if strings.HasSuffix(base, ".mdc") && inCursorRules(dir) {
		return KindCursorRule, ToolCursor, true
	}
	if strings.HasSuffix(base, ".md") && (under(dir, ".claude/rules") || under(dir, ".claude/commands") || under(dir, ".claude/agents")) {
		// Claude Code reads these folders with their subfolders.
		return KindInstructions, ToolClaude, true
	}
	if strings.HasSuffix(base, ".toml") && under(dir, ".gemini/commands") {
		// A Gemini CLI custom command: its prompt is read as instructions.
		return KindInstructions, ToolGemini, true
	}
	return "", "", false
}

// copilotSuffix is the name ending Copilot reads in each .github folder.
var copilotSuffix = map[string]string{
	"instructions": ".instructions.md",
	"prompts":      ".prompt.md",
	"chatmodes":    ".chatmode.md",
	"agents":       ".md",
}

// under reports whether dir is the folder sub (slash-separated, relative)
// or a folder below it, at any depth of the tree.
func under(dir, sub string) bool {
	return dir == sub || strings.HasPrefix(dir, sub+"/") ||
		strings.HasSuffix(dir, "/"+sub) || strings.Contains(dir, "/"+sub+"/")
}

// inCursorRules reports whether dir is .cursor/rules or a folder below it.
func inCursorRules(dir string) bool {
	return strings.HasSuffix(dir, ".cursor/rules") || strings.Contains(dir+"/", ".cursor/rules/")
}

// skipDir reports folders the walk never enters: version-control metadata,
// and dependency trees that are installed rather than committed.
func skipDir(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", "node_modules":
		return true
	}
	return false
}

// Walk lists every agent file below the root of fsys and reads it. Files
// that cannot be read become notices; Walk itself fails only when the root
// cannot be listed.
func Walk(fsys fs.FS) ([]File, []Notice, error) {
	if d, ok := fsys.(*DirFS); ok {
		return d.walk()
	}
	var files []File
	var notices []Notice
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			notices = append(notices, Notice{Path: p, Message: "cannot list this folder: " + errText(err)})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != "." && skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		kind, tool, ok := Classify(p)
		if !ok {
			return nil
		}
		f, n := ReadFile(fsys, p)
		if n != nil {
			notices = append(notices, *n)
			return nil
		}
		f.Kind, f.Tool = kind, tool
		files = append(files, f)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cannot list the folder to scan: %s", errText(err))
	}
	return files, notices, nil
}

// ReadFile reads one file of fsys, at most MaxRead bytes. A file that is not
// regular (a folder, a device, a link leaving the root, a loop) is a notice.
func ReadFile(fsys fs.FS, p string) (File, *Notice) {
	if d, ok := fsys.(*DirFS); ok {
		if f, ok := d.readDirect(p); ok {
			return f, nil
		}
	}
	f, err := fsys.Open(p)
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	defer f.Close()
	return readOpen(f, p)
}

// readOpen reads an open file, at most MaxRead bytes.
func readOpen(f fs.File, p string) (File, *Notice) {
	st, err := f.Stat()
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	if !st.Mode().IsRegular() {
		return File{}, &Notice{Path: p, Message: "not read: not a regular file"}
	}
	size := st.Size()
	if size > MaxRead {
		size = MaxRead
	}
	// bytes.Buffer wants MinRead bytes free before each read: with less,
	// the read that finds the end of the file would copy it all.
	data := make([]byte, 0, size+bytes.MinRead)
	buf := bytes.NewBuffer(data)
	_, err = buf.ReadFrom(io.LimitReader(f, MaxRead+1))
	if err != nil {
		return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
	}
	data = buf.Bytes()
	out := File{Path: p, Size: st.Size(), Data: data}
	if len(data) > MaxRead {
		out.Data = data[:MaxRead]
		out.Truncated = true
	}
	return out, nil
}

// Exists reports whether p names something in fsys. ok is false when the
// answer is unknown (a permission error, a link leaving the root).
func Exists(fsys fs.FS, p string) (exists, ok bool) {
	_, err := fs.Stat(fsys, p)
	switch {
	case err == nil:
		return true, true
	case errors.Is(err, fs.ErrNotExist):
		return false, true
	default:
		return false, false
	}
}

// IsEscape reports an error of os.Root (or of a tree read the same way)
// refusing a path that leads out of its root through a symbolic link or
// "..". The os package has no exported error for it, so its words are the
// test, in one place.
func IsEscape(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes")
}

func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if IsEscape(err) {
		return "it is a link that points outside the scanned folder, which Sentinel never follows"
	}
	s := err.Error()
	if errors.Is(err, fs.ErrPermission) {
		return "permission denied; check its permissions"
	}
	return s
}
