package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"iter"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
)

// HookItem is the approvable item for an auto-run entry. Its hash covers
// the command and the content of every script it runs, so editing either
// makes an approval lapse.
func (r *Repo) HookItem(a agentcfg.AutoRun) Item {
	kind := "hook"
	switch a.Type {
	case "task":
		kind = "task"
	case "setting":
		kind = "setting"
	case "rule":
		kind = "rule-command"
	}
	h := sha256.New()
	h.Write([]byte(a.Command))
	paths := make([]string, 0, len(a.Targets))
	for _, t := range a.Targets {
		paths = append(paths, t.Path)
	}
	unpinned := r.pinScripts(h, paths)
	unpinned = r.pinCommand(h, a) || unpinned
	it := Item{Kind: kind, Tool: a.Tool, Source: a.Source, Event: a.Event, Matcher: a.Matcher,
		Command: a.Command, Hash: hex.EncodeToString(h.Sum(nil))}
	if unpinned {
		// It loads a file named only at run time: no hash can say what
		// runs, so nothing can approve it (approvers need a hash).
		it.Hash = ""
	}
	return it
}

// ServerItem is the approvable item for a tool server, pinned to its
// canonical configuration and, when its command runs a project script
// (`node ./mcp/server.js`), to that script and everything it loads, as
// HookItem pins a hook's. A server that runs no project script hashes as
// it always did, so its approval stands; one whose script loads a file
// named only at run time has no hash, so nothing can approve it.
func (r *Repo) ServerItem(s agentcfg.Server) Item {
	h := sha256.New()
	h.Write(s.Raw)
	var paths []string
	for _, t := range s.Targets {
		// One out of the tree pins nothing and makes the server
		// unapprovable (scriptdeps.go).
		paths = append(paths, t.Path)
	}
	unpinned := false
	if len(paths) > 0 {
		h.Write([]byte("\x00scripts"))
		unpinned = r.pinScripts(h, paths)
	}
	unpinned = r.pinServer(h, s) || unpinned // runners.go
	cmd := s.URL
	if cmd == "" {
		cmd = strings.TrimSpace(s.Command + " " + strings.Join(s.Args, " "))
	}
	it := Item{Kind: "server", Tool: s.Tool, Source: s.Source, Name: s.Name, Command: cmd, Hash: hex.EncodeToString(h.Sum(nil))}
	if unpinned {
		it.Hash = ""
	}
	return it
}

// writeContent writes into h the content of the file at p, when the scan
// read it: every byte, not the part read (see discover.File.Digest).
func (r *Repo) writeContent(h hash.Hash, p string) {
	if s := r.File(p); s != nil {
		if s.Truncated && s.Digest != "" {
			h.Write([]byte("sha256:" + s.Digest))
		} else {
			h.Write(s.Data)
		}
	}
}

// pinScripts writes into h, in path order, each script's path and content
// (every byte: see discover.File.Digest) and, after each, the path and
// content of every file it loads and the path of every candidate that is
// absent (scriptdeps.go). It reports whether a script loads a file named
// only at run time, which no hash can pin.
func (r *Repo) pinScripts(h hash.Hash, paths []string) (unpinned bool) {
	paths = slices.Clone(paths)
	sort.Strings(paths)
	content := func(p string) { r.writeContent(h, p) }
	for _, p := range paths {
		h.Write([]byte{0})
		h.Write([]byte(p))
		h.Write([]byte{0})
		content(p)
		r.writeLinks(h, p)
		// What the script loads (scriptdeps.go): a script without
		// dependencies hashes as it always did.
		if d := r.deps[p]; d != nil {
			unpinned = unpinned || d.unpinned != ""
			for _, q := range d.files {
				h.Write([]byte("\x00dep\x00" + q + "\x00"))
				content(q)
				r.writeLinks(h, q)
			}
			for _, q := range d.absent {
				h.Write([]byte("\x00absent\x00" + q))
			}
		}
	}
	return unpinned
}

// scriptTargets yields each auto-run entry with each script inside the
// repository it runs. Always-applied Cursor rules are left out: there the
// prose names the script, and the agent asks before running it.
func (r *Repo) scriptTargets() iter.Seq2[agentcfg.AutoRun, agentcfg.Target] {
	return func(yield func(agentcfg.AutoRun, agentcfg.Target) bool) {
		for _, a := range r.AutoRuns {
			if a.Type == "rule" || a.Unknown {
				continue // Cursor's agent asks first; no agent runs an unknown event
			}
			for _, t := range a.Targets {
				if !t.Outside && !yield(a, t) {
					return
				}
			}
		}
	}
}

// approved reports whether the approver accepts the item.
func (r *Repo) approved(it Item) bool { return r.Approver != nil && r.Approver.Approved(it) }

// describe names an auto-run entry for a reader: "[PreToolUse Write|Edit] ./scripts/format.sh".
func describe(a agentcfg.AutoRun) string {
	head := a.Event
	if a.Matcher != "" {
		head += " " + a.Matcher
	}
	what := a.Command
	if len(what) > 160 {
		what = what[:157] + "..."
	}
	return "[" + head + "] " + what
}

var toolNames = map[string]string{
	"claude": "Claude Code", "gemini": "Gemini CLI", "cursor": "Cursor", "vscode": "VS Code", "windsurf": "Windsurf", "any": "every agent",
	"codex": "Codex", "copilot": "GitHub Copilot", "cline": "Cline", "roo": "Roo Code", "kiro": "Kiro", "amazonq": "Amazon Q Developer",
	"continue": "Continue", "opencode": "opencode", "junie": "Junie", "zed": "Zed", "warp": "Warp", "goose": "goose",
	"augment": "Augment", "trae": "Trae", "aider": "aider", "devcontainer": "Dev Containers",
}

func toolName(t string) string {
	if n, ok := toolNames[t]; ok {
		return n
	}
	return t
}

// writeTools are the tool names that write files, per agent.
var writeTools = []string{"Write", "Edit", "MultiEdit", "write_file", "replace"}

// matchesWrite reports whether a PreToolUse/BeforeTool matcher selects a
// file-writing tool (an empty or "*" matcher selects every tool).
func matchesWrite(matcher string) bool {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" || m == ".*" {
		return true
	}
	if plainAlternatives(m) {
		// The usual matcher ("Write|Edit|MultiEdit", "Bash") names tools
		// outright: as the expression below, a tool matches when it equals
		// one of the names.
		for alt := range strings.SplitSeq(m, "|") {
			if slices.Contains(writeTools, alt) {
				return true
			}
		}
		return false
	}
	re, err := regexp.Compile("^(?:" + m + ")$")
	if err != nil {
		return strings.Contains(m, "Write") || strings.Contains(m, "Edit")
	}
	for _, t := range writeTools {
		if re.MatchString(t) {
			return true
		}
	}
	return false
}

// plainAlternatives reports a matcher made only of word characters and '|',
// in which no character means anything to a regular expression but '|'.
func plainAlternatives(m string) bool {
	for i := 0; i < len(m); i++ {
		if c := m[i]; c != '|' && !isWordByte(c) {
			return false
		}
	}
	return true
}

// isWriteIntercept reports a hook that runs before a file-writing tool.
func isWriteIntercept(a agentcfg.AutoRun) bool {
	if a.Type != "command" {
		return false
	}
	switch a.Event {
	case "PreToolUse", "BeforeTool":
		return matchesWrite(a.Matcher)
	}
	return false
}

// toolFolders are the folders each agent or editor owns.
var toolFolders = map[string]string{".claude": "claude", ".cursor": "cursor", ".gemini": "gemini", ".vscode": "vscode", ".windsurf": "windsurf"}

// ownerOf returns the tool whose folder holds p ("" for none).
func ownerOf(p string) string {
	for _, seg := range strings.Split(p, "/") {
		if t, ok := toolFolders[seg]; ok {
			return t
		}
	}
	return ""
}

// uncommittedDirs are folders that are installed or built, not committed. A
// script under one of them is missing from a fresh clone for honest reasons.
var uncommittedDirs = map[string]bool{
	"node_modules": true, ".venv": true, "venv": true, "__pycache__": true,
	"dist": true, "build": true, "target": true, ".next": true, ".tox": true,
}

// installFolder returns the first uncommitted folder on p's path, or "".
func installFolder(p string) string {
	segs := strings.Split(p, "/")
	for i := 0; i < len(segs)-1; i++ {
		if uncommittedDirs[segs[i]] {
			return path.Join(segs[:i+1]...)
		}
	}
	return ""
}
