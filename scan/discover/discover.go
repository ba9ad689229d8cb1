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
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	// Other agents' configuration files.
	KindCodexConfig  Kind = "codex-config"        // .codex/config.toml (TOML)
	KindCopilotHooks Kind = "copilot-hooks"       // .github/hooks/*.json
	KindCursorEnv    Kind = "cursor-environment"  // .cursor/environment.json
	KindKiroHook     Kind = "kiro-hook"           // .kiro/hooks/*.kiro.hook, .kiro/hooks/*.json (JSON)
	KindContinueYAML Kind = "continue-mcp-yaml"   // .continue/mcpServers/*.yaml
	KindOpencode     Kind = "opencode-config"     // opencode.json, opencode.jsonc
	KindZed          Kind = "zed-settings"        // .zed/settings.json
	KindDevcontainer Kind = "devcontainer"        // .devcontainer/devcontainer.json, .devcontainer.json
	KindAider        Kind = "aider-config"        // .aider.conf.yml (YAML)
	KindDotEnv       Kind = "agent-env"           // .gemini/.env (KEY=VALUE lines)
	KindClaudeUser   Kind = "claude-user-config"  // ~/.claude.json (--global only): MCP servers, top level and per project
	KindCodexRules   Kind = "codex-rules"         // .codex/rules/*.rules (Starlark prefix_rule calls)
	KindCopilotSetup Kind = "copilot-setup-steps" // .github/workflows/copilot-setup-steps.yml (YAML)
	KindCursorTrees  Kind = "cursor-worktrees"    // .cursor/worktrees.json
	KindCursorCLI    Kind = "cursor-cli"          // .cursor/cli.json
	KindClaudePlugin Kind = "claude-plugin"       // .claude-plugin/plugin.json
	KindPluginHooks  Kind = "plugin-hooks"        // hooks/hooks.json of a Claude Code plugin
	KindExecHook     Kind = "executable-hook"     // .clinerules/hooks/<Event>, .opencode/plugin/*.js: the file itself runs
	KindRooModes     Kind = "roo-modes"           // .roomodes (YAML or JSON)
	KindAmazonQAgent Kind = "amazonq-agent"       // .amazonq/cli-agents/*.json
	KindContinueRC   Kind = "continuerc"          // .continuerc.json
	KindKiroAgent    Kind = "kiro-agent"          // .kiro/agents/*.json (Kiro CLI custom agents)
	KindMarketplace  Kind = "claude-marketplace"  // .claude-plugin/marketplace.json: the plugins a marketplace lists
	KindPluginBin    Kind = "plugin-bin"          // a file in a Claude Code plugin's bin/ (on the Bash tool's PATH); read only through its plugin
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
	// Agents whose files were added with issue #15.
	ToolCodex        = "codex"
	ToolCline        = "cline"
	ToolRoo          = "roo"
	ToolKiro         = "kiro"
	ToolAmazonQ      = "amazonq"
	ToolContinue     = "continue"
	ToolOpencode     = "opencode"
	ToolJunie        = "junie"
	ToolZed          = "zed"
	ToolWarp         = "warp"
	ToolGoose        = "goose"
	ToolAugment      = "augment"
	ToolTrae         = "trae"
	ToolAider        = "aider"
	ToolDevcontainer = "devcontainer"
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
	// Digest is the SHA-256 (hex) of every byte of a Truncated file, read
	// to its end: what an approval pins must cover the part the rules did
	// not read, or a line appended to a large approved script would keep
	// its approval. Empty when the file was read whole (Data is all of it).
	Digest string `json:"-"`
}

// Notice reports a file that could not be read, or was read in part. A notice
// never stops a scan.
type Notice struct {
	Path    string `json:"path"`
	Message string `json:"message"`
	// Agent is set when the notice is about a file or folder an agent
	// reads (an agent file that is a link leaving the tree, a FIFO, a
	// linked agent folder): what the agent would obey was not checked, so
	// the scan cannot call it clean (S36).
	Agent bool `json:"-"`
}

// agentFolders are the folder names of the discovery table's folders
// (the first segment of inFolder's and folders' paths), lower case. A link
// under one of these names is a folder of agent files the walk does not
// follow.
var agentFolders = func() map[string]bool {
	m := map[string]bool{".claude-plugin": true}
	add := func(p string) {
		first, _, _ := strings.Cut(p, "/")
		if strings.HasPrefix(first, ".") {
			m[first] = true
		}
	}
	for k := range inFolder {
		add(k)
	}
	for _, f := range folders {
		add(f.dir)
	}
	return m
}()

// linkedFolderNotice is the notice for a link named like an agent folder
// (.claude, .cursor, ...), or nil for any other name. name is the link's
// own name, p its path.
func linkedFolderNotice(p, name string) *Notice {
	if !agentFolders[lowerIfUpper(name)] {
		return nil
	}
	return &Notice{Path: p, Agent: true, Message: "not read: it is a link, and Sentinel never follows links; the agent reads the files in the folder it points to, so they were not checked (scan the folder it points to, or replace the link with the folder)"}
}

// Classify reports whether path (relative to the scanned root) is a file an
// agent obeys, and how to read it. Folders are separated by `/` or, as an
// agent on Windows names them, `\`: `.Claude\settings.json` is
// `.claude/settings.json` (a `\` inside a Unix file name is read as a
// separator too, which can only make a name an agent file, never hide one).
func Classify(p string) (Kind, string, bool) {
	if strings.IndexByte(p, '\\') >= 0 {
		p = strings.ReplaceAll(p, `\`, "/")
	}
	dir := path.Dir(p)
	return classify(dir, path.Base(dir), path.Base(p))
}

// The discovery table. Every file Sentinel reads is named here, in three
// parts a reader can audit line by line against docs/rules.md ("Which files
// are read"): names read wherever they are (byName), names read in one
// folder (inFolder), and folders whose files are read (folders). Each line
// says which agent reads the file and where that was confirmed; "unconfirmed"
// marks a path taken from the issue or from release notes that Sentinel's
// authors could not check against the agent's own documentation.

// entry is how one file is read, and where that was confirmed (the
// agent's documentation; "unconfirmed" when it could not be checked).
type entry struct {
	kind Kind
	tool string
	src  string
}

// byName are files read at any depth of the tree by their name alone,
// compared as the case-insensitive file systems of macOS and Windows compare
// names (Claude Code opens claude.md there when it looks for CLAUDE.md).
// Keys are lower case; so are inFolder's and folders' paths, compared with
// the file's lower-cased folder and name.
var byName = map[string]entry{
	"claude.md":           {KindInstructions, ToolClaude, "Claude Code memory docs"},
	"claude.local.md":     {KindInstructions, ToolClaude, "Claude Code memory docs"},
	"agents.md":           {KindInstructions, ToolAny, "agents.md; Codex, Cursor, Copilot, Windsurf (lower case), opencode, Zed, ..."},
	"agent.md":            {KindInstructions, ToolAny, "Amp, early Codex"},
	"agents.override.md":  {KindInstructions, ToolAny, "Codex AGENTS.md docs"},
	"gemini.md":           {KindInstructions, ToolGemini, "Gemini CLI context files"},
	"skill.md":            {KindInstructions, ToolAny, "Agent Skills (Claude Code, Codex, Copilot, ...)"},
	"warp.md":             {KindInstructions, ToolWarp, "Warp rules docs"},
	".cursorrules":        {KindInstructions, ToolCursor, "Cursor rules (legacy)"},
	".windsurfrules":      {KindInstructions, ToolWindsurf, "Windsurf rules (legacy)"},
	".clinerules":         {KindInstructions, ToolCline, "Cline rules (single-file form)"},
	".roorules":           {KindInstructions, ToolRoo, "Roo Code custom instructions (fallback file)"},
	".goosehints":         {KindInstructions, ToolGoose, "goose hints docs"},
	".augment-guidelines": {KindInstructions, ToolAugment, "Augment guidelines docs"},
	".rules":              {KindInstructions, ToolZed, "Zed rules docs (first of .rules, .cursorrules, ... found)"},
	".mcp.json":           {KindMCP, ToolAny, "Claude Code project MCP servers"},
	"opencode.json":       {KindOpencode, ToolOpencode, "opencode config docs"},
	"opencode.jsonc":      {KindOpencode, ToolOpencode, "opencode config docs"},
	".devcontainer.json":  {KindDevcontainer, ToolDevcontainer, "Dev Container spec"},
	".aider.conf.yml":     {KindAider, ToolAider, "aider config docs"},
	".roomodes":           {KindRooModes, ToolRoo, "Roo Code custom modes docs (YAML or JSON; roleDefinition, customInstructions)"},
	".continuerc.json":    {KindContinueRC, ToolContinue, "Continue config.json reference (.continuerc.json, legacy): systemMessage, MCP servers"},
	".lsp.json":           {KindMCP, ToolClaude, "Claude Code plugins reference (LSP servers: a map of servers with command and args)"},
}

// inFolder are files read by their name in a folder of that name, at any
// depth. Keys are "folder/name".
var inFolder = map[string]entry{
	".claude/settings.json":           {KindSettings, ToolClaude, "Claude Code settings docs"},
	".claude/settings.local.json":     {KindSettings, ToolClaude, "Claude Code settings docs"},
	".gemini/settings.json":           {KindSettings, ToolGemini, "Gemini CLI configuration docs"},
	".gemini/.env":                    {KindDotEnv, ToolGemini, "Gemini CLI loads it before .env: variables for the agent and every command it runs"},
	".gemini/system.md":               {KindInstructions, ToolGemini, "Gemini CLI GEMINI_SYSTEM_MD=1 reads it in place of the system prompt"},
	".cursor/mcp.json":                {KindMCP, ToolCursor, "Cursor MCP docs"},
	".cursor/hooks.json":              {KindCursorHooks, ToolCursor, "Cursor hooks docs"},
	".cursor/environment.json":        {KindCursorEnv, ToolCursor, "Cursor background agents docs"},
	".windsurf/hooks.json":            {KindCursorHooks, ToolWindsurf, "Windsurf Cascade hooks (Cursor's shape)"},
	".vscode/tasks.json":              {KindTasks, ToolVSCode, "VS Code tasks docs"},
	".vscode/mcp.json":                {KindMCP, ToolVSCode, "VS Code MCP docs"},
	".github/copilot-instructions.md": {KindInstructions, ToolCopilot, "Copilot custom instructions docs"},
	".github/mcp.json":                {KindMCP, ToolCopilot, "unconfirmed (issue #15)"},
	".github/copilot/settings.json":   {KindSettings, ToolCopilot, "unconfirmed (issue #15): read with the Claude Code settings schema"},
	".codex/config.toml":              {KindCodexConfig, ToolCodex, "Codex config docs (project config of trusted projects)"},
	".codex/hooks.json":               {KindSettings, ToolCodex, "Codex hooks docs (<repo>/.codex/hooks.json, Claude Code's three-level schema)"},
	".roo/mcp.json":                   {KindMCP, ToolRoo, "Roo Code MCP docs"},
	".amazonq/mcp.json":               {KindMCP, ToolAmazonQ, "Amazon Q Developer MCP docs"},
	".junie/guidelines.md":            {KindInstructions, ToolJunie, "JetBrains Junie guidelines docs"},
	".zed/settings.json":              {KindZed, ToolZed, "Zed context servers docs"},
	".devcontainer/devcontainer.json": {KindDevcontainer, ToolDevcontainer, "Dev Container spec"},
	".cursor/worktrees.json":          {KindCursorTrees, ToolCursor, "Cursor worktrees docs (setup-worktree[-unix|-windows])"},
	".cursor/cli.json":                {KindCursorCLI, ToolCursor, "Cursor CLI permissions docs (project .cursor/cli.json)"},
	".claude-plugin/plugin.json":      {KindClaudePlugin, ToolClaude, "Claude Code plugins reference (hooks, mcpServers, lspServers inline)"},
	".claude-plugin/marketplace.json": {KindMarketplace, ToolClaude, "Claude Code plugin marketplaces docs (plugins[].source, inline plugin definitions)"},
}

// folder is a folder whose files an agent reads.
type folder struct {
	dir  string // slash-separated folder path, matched at any depth
	deep bool   // its subfolders too
	ext  string // the name ending read (".md"), or the one name read ("mcp.json"); "" for every file
	entry
}

// folders are folders whose files are read. Paths are matched where they
// end, so "svc/.claude/rules" counts like ".claude/rules".
var folders = []folder{
	{".claude/rules", true, ".md", entry{KindInstructions, ToolClaude, "Claude Code memory docs"}},
	{".claude/commands", true, ".md", entry{KindInstructions, ToolClaude, "Claude Code slash commands docs"}},
	{".claude/agents", true, ".md", entry{KindInstructions, ToolClaude, "Claude Code subagents docs"}},
	{".claude/output-styles", true, ".md", entry{KindInstructions, ToolClaude, "Claude Code output styles docs (replace the system prompt)"}},
	{".cursor/rules", true, ".mdc", entry{KindCursorRule, ToolCursor, "Cursor rules docs"}},
	{".cursor/rules", true, ".md", entry{KindCursorRule, ToolCursor, "Cursor rules docs (plain .md rules)"}},
	{".cursor/commands", false, ".md", entry{KindInstructions, ToolCursor, "Cursor commands docs"}},
	{".cursor/agents", false, ".md", entry{KindInstructions, ToolCursor, "unconfirmed (issue #15): Cursor subagents"}},
	{".github/instructions", true, ".instructions.md", entry{KindInstructions, ToolCopilot, "Copilot custom instructions docs"}},
	{".github/prompts", false, ".prompt.md", entry{KindInstructions, ToolCopilot, "Copilot prompt files docs"}},
	{".github/chatmodes", false, ".chatmode.md", entry{KindInstructions, ToolCopilot, "VS Code chat modes docs"}},
	{".github/agents", false, ".md", entry{KindInstructions, ToolCopilot, "Copilot custom agents docs (*.agent.md)"}},
	{".github/copilot", true, ".md", entry{KindInstructions, ToolCopilot, "unconfirmed (issue #15)"}},
	{".github/copilot", false, "settings.json", entry{KindSettings, ToolCopilot, "unconfirmed (issue #15): read with the Claude Code settings schema"}},
	{".github/hooks", false, ".json", entry{KindCopilotHooks, ToolCopilot, "Copilot coding agent / CLI hooks docs"}},
	{".windsurf/rules", false, ".md", entry{KindInstructions, ToolWindsurf, "Windsurf rules docs"}},
	{".windsurf/workflows", false, ".md", entry{KindInstructions, ToolWindsurf, "Windsurf workflows docs"}},
	{".gemini/commands", true, ".toml", entry{KindInstructions, ToolGemini, "Gemini CLI custom commands docs"}},
	{".gemini/agents", false, ".md", entry{KindInstructions, ToolGemini, "Gemini CLI subagents docs"}},
	{".gemini/extensions", true, "gemini-extension.json", entry{KindMCP, ToolGemini, "Gemini CLI extensions docs (workspace extensions: mcpServers)"}},
	{".agents/skills", true, ".md", entry{KindInstructions, ToolAny, "Codex skills docs (SKILL.md and the files it names)"}},
	{".claude/skills", true, ".md", entry{KindInstructions, ToolClaude, "Claude Code skills docs (the files beside SKILL.md)"}},
	{".github/skills", true, ".md", entry{KindInstructions, ToolCopilot, "Copilot agent skills docs"}},
	{".continue/prompts", true, ".prompt", entry{KindInstructions, ToolContinue, "Continue prompt files docs"}},
	{".continue/prompts", true, ".md", entry{KindInstructions, ToolContinue, "Continue prompt files docs"}},
	{".github/workflows", false, "copilot-setup-steps.yml", entry{KindCopilotSetup, ToolCopilot, "Copilot cloud agent environment docs (steps run before the agent starts)"}},
	{".github/workflows", false, "copilot-setup-steps.yaml", entry{KindCopilotSetup, ToolCopilot, "unconfirmed: the .yaml spelling"}},
	{".codex/rules", false, ".rules", entry{KindCodexRules, ToolCodex, "Codex rules docs (execpolicy prefix_rule; allow decisions)"}},
	{".junie/mcp", false, "mcp.json", entry{KindMCP, ToolJunie, "JetBrains Junie MCP docs (.junie/mcp/mcp.json)"}},
	{".amazonq/cli-agents", false, ".json", entry{KindAmazonQAgent, ToolAmazonQ, "Amazon Q Developer CLI custom agents docs (prompt, hooks, mcpServers, resources)"}},
	{".opencode/plugin", false, ".js", entry{KindExecHook, ToolOpencode, "opencode plugins docs (loaded and run at start)"}},
	{".opencode/plugin", false, ".ts", entry{KindExecHook, ToolOpencode, "opencode plugins docs"}},
	{".opencode/plugins", false, ".js", entry{KindExecHook, ToolOpencode, "opencode plugins docs (plural)"}},
	{".opencode/plugins", false, ".ts", entry{KindExecHook, ToolOpencode, "opencode plugins docs (plural)"}},
	{".codex/agents", false, ".toml", entry{KindInstructions, ToolCodex, "unconfirmed (issue #15): Codex agent definitions, strings read as prose"}},
	{".clinerules", true, ".md", entry{KindInstructions, ToolCline, "Cline rules docs (folder form)"}},
	{".clinerules", true, ".txt", entry{KindInstructions, ToolCline, "Cline rules docs (folder form)"}},
	{".roo/rules", true, "", entry{KindInstructions, ToolRoo, "Roo Code custom instructions docs (every file)"}},
	{".kiro/steering", true, ".md", entry{KindInstructions, ToolKiro, "Kiro steering docs"}},
	{".kiro/settings", false, "mcp.json", entry{KindMCP, ToolKiro, "Kiro MCP docs"}},
	{".kiro/hooks", false, ".kiro.hook", entry{KindKiroHook, ToolKiro, "Kiro agent hooks docs (*.kiro.hook, JSON)"}},
	{".kiro/hooks", false, ".json", entry{KindKiroHook, ToolKiro, "Kiro CLI v3 hooks docs (kiro.dev/docs/cli/v3/hooks: <name>.json, \"version\": \"v1\", \"hooks\": [...])"}},
	{".kiro/agents", false, ".md", entry{KindInstructions, ToolKiro, "unconfirmed against kiro.dev: Kiro IDE custom agents, Markdown with the CLI agent's fields as front matter (hooks, mcpServers, allowedTools, resources: read as .kiro/agents/*.json) and the system prompt as body, per two third-party guides"}},
	{".kiro/agents", false, ".json", entry{KindKiroAgent, ToolKiro, "Kiro CLI agent configuration reference (prompt, hooks, mcpServers, allowedTools, resources)"}},
	{".amazonq/rules", true, ".md", entry{KindInstructions, ToolAmazonQ, "Amazon Q Developer project rules docs"}},
	{".continue/rules", true, ".md", entry{KindInstructions, ToolContinue, "Continue rules docs"}},
	{".continue/mcpservers", false, ".json", entry{KindMCP, ToolContinue, "Continue MCP docs (JSON files in Claude's shape)"}},
	{".continue/mcpservers", false, ".yaml", entry{KindContinueYAML, ToolContinue, "Continue MCP docs"}},
	{".continue/mcpservers", false, ".yml", entry{KindContinueYAML, ToolContinue, "Continue MCP docs"}},
	{".opencode/agent", true, ".md", entry{KindInstructions, ToolOpencode, "opencode agents docs"}},
	{".opencode/agents", true, ".md", entry{KindInstructions, ToolOpencode, "opencode agents docs (plural)"}},
	{".opencode/command", true, ".md", entry{KindInstructions, ToolOpencode, "opencode commands docs"}},
	{".augment/rules", true, ".md", entry{KindInstructions, ToolAugment, "Augment rules docs"}},
	{".trae/rules", true, ".md", entry{KindInstructions, ToolTrae, "Trae rules docs (project_rules.md)"}},
	{".devcontainer", true, "devcontainer.json", entry{KindDevcontainer, ToolDevcontainer, "Dev Container spec (.devcontainer/<name>/devcontainer.json)"}},
}

// classify is Classify for a file named base in the folder dir ("." for the
// root) whose own name is parent. The walk calls it with the parent worked
// out once per folder and base still in the listing buffer: it must not
// keep base.
func classify(dir, parent, base string) (Kind, string, bool) {
	var buf [64]byte
	if len(base) <= len(buf) {
		lower := lowerASCII(buf[:0], base)
		if e, ok := byName[string(lower)]; ok {
			return e.kind, e.tool, true
		}
		// Roo Code's mode-specific fallback files: .roorules-code, ...
		if len(lower) > len(".roorules-") && string(lower[:len(".roorules-")]) == ".roorules-" {
			return KindInstructions, ToolRoo, true
		}
	}
	if len(parent)+1+len(base) <= len(buf) {
		key := lowerASCII(append(lowerASCII(buf[:0], parent), '/'), base)
		if e, ok := inFolder[string(key)]; ok {
			return e.kind, e.tool, true
		}
	}
	// A Claude Code plugin's hooks/hooks.json (plugins reference), at any
	// depth; .github/hooks/hooks.json is Copilot's (the folders below).
	if strings.EqualFold(base, "hooks.json") && strings.EqualFold(parent, "hooks") && !strings.HasSuffix(lowerIfUpper(dir), ".github/hooks") {
		return KindPluginHooks, ToolClaude, true
	}
	if !strings.HasPrefix(dir, ".") && !strings.Contains(dir, "/.") {
		return "", "", false // every other folder of the table is a dot-folder
	}
	// Folder names too are compared without regard to case, as macOS and
	// Windows open .Claude/Rules for .claude/rules. Lower-casing copies
	// only names that hold a capital letter.
	dir, base = lowerIfUpper(dir), lowerIfUpper(base)
	for i := range folders {
		f := &folders[i]
		if f.ext != "" && (f.ext[0] == '.' && !strings.HasSuffix(base, f.ext) || f.ext[0] != '.' && base != f.ext) {
			continue
		}
		if f.ext == "" && systemFile(base) {
			continue
		}
		if f.deep && under(dir, f.dir) || !f.deep && (dir == f.dir || strings.HasSuffix(dir, "/"+f.dir)) {
			return f.kind, f.tool, true
		}
	}
	// Cline's executable hooks: a file named after its event in
	// .clinerules/hooks (Cline hooks docs). Other files there never run.
	if (dir == ".clinerules/hooks" || strings.HasSuffix(dir, "/.clinerules/hooks")) && clineHooks[base] {
		return KindExecHook, ToolCline, true
	}
	// Roo Code's mode-specific rule folders: .roo/rules-code/**, ...
	if i := strings.Index(dir, ".roo/rules-"); i >= 0 && (i == 0 || dir[i-1] == '/') && !systemFile(base) {
		return KindInstructions, ToolRoo, true
	}
	return "", "", false
}

// clineHooks are the file names Cline runs from .clinerules/hooks, lower
// case (docs.cline.bot hooks reference: "the hook names are the exact file
// names"; .ps1 on Windows is unconfirmed).
var clineHooks = map[string]bool{
	"taskstart": true, "taskresume": true, "taskcancel": true, "taskcomplete": true,
	"pretooluse": true, "posttooluse": true, "userpromptsubmit": true, "precompact": true,
}

// systemFile reports files a folder of every-file rules holds that no agent
// reads as rules (Roo Code skips them too): hidden and editor files, and
// images and archives. base is lower case.
func systemFile(base string) bool {
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") || strings.HasSuffix(base, ".bak") {
		return true
	}
	switch path.Ext(base) {
	case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".pdf", ".zip", ".gz", ".tar", ".exe", ".dll", ".so", ".dylib":
		return true
	}
	return false
}

// lowerIfUpper returns s with ASCII letters in lower case, s itself when it
// has none in upper case.
func lowerIfUpper(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return string(lowerASCII(make([]byte, 0, len(s)), s))
		}
	}
	return s
}

// lowerASCII appends s to dst with ASCII letters in lower case.
func lowerASCII(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// under reports whether dir is the folder sub (slash-separated, relative)
// or a folder below it, at any depth of the tree.
func under(dir, sub string) bool {
	return dir == sub || strings.HasPrefix(dir, sub+"/") ||
		strings.HasSuffix(dir, "/"+sub) || strings.Contains(dir, "/"+sub+"/")
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
	return WalkContext(context.Background(), fsys)
}

// WalkContext is Walk that stops before the next file once ctx is done and
// returns ctx's error. (A DirFS walk never blocks and is not interrupted.)
func WalkContext(ctx context.Context, fsys fs.FS) ([]File, []Notice, error) {
	if d, ok := fsys.(*DirFS); ok {
		return d.walk()
	}
	var files []File
	var notices []Notice
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
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
			if d.Type()&fs.ModeSymlink != 0 {
				if n := linkedFolderNotice(p, d.Name()); n != nil {
					notices = append(notices, *n)
				}
			}
			return nil
		}
		f, n := ReadFile(fsys, p)
		if n != nil {
			n.Agent = true
			notices = append(notices, *n)
			return nil
		}
		f.Kind, f.Tool = kind, tool
		files = append(files, f)
		return nil
	})
	if cerr := ctx.Err(); cerr != nil {
		return nil, nil, cerr
	}
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
		d, err := wholeDigest(data, f)
		if err != nil {
			return File{}, &Notice{Path: p, Message: "not read: " + errText(err)}
		}
		out.Digest = d
	}
	return out, nil
}

// wholeDigest is File.Digest of a file read in part: the SHA-256 of the
// bytes read, then of the rest of it, read on to its end.
func wholeDigest(read []byte, rest io.Reader) (string, error) {
	h := sha256.New()
	h.Write(read)
	if _, err := io.Copy(h, rest); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
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
