package agentcfg

import (
	"path"
	"strings"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/internal/ascii"
	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/shellcmd"
)

// Parse reads one agent file. It returns nil for files that carry no
// configuration (plain instruction files).
func Parse(source string, kind discover.Kind, tool string, data []byte) *Config {
	p := &parser{source: source, tool: tool, base: projectBase(source)}
	switch kind {
	case discover.KindSettings:
		p.settings(data)
	case discover.KindTasks:
		p.tasks(data)
	case discover.KindMCP:
		p.mcpFile(data)
	case discover.KindCursorHooks:
		p.cursorHooks(data)
	case discover.KindCursorRule:
		p.cursorRule(data)
	case discover.KindCodexConfig:
		p.codexConfig(data)
	case discover.KindCopilotHooks:
		p.copilotHooks(data)
	case discover.KindCursorEnv:
		p.cursorEnvironment(data)
	case discover.KindKiroHook:
		p.kiroHook(data)
	case discover.KindContinueYAML:
		p.continueYAML(data)
	case discover.KindOpencode:
		p.opencode(data)
	case discover.KindZed:
		p.zed(data)
	case discover.KindDevcontainer:
		p.devcontainer(data)
	case discover.KindAider:
		p.aider(data)
	case discover.KindDotEnv:
		p.dotEnv(data)
	case discover.KindClaudeUser:
		p.claudeUser(data)
	case discover.KindCodexRules:
		p.codexRules(data)
	case discover.KindCopilotSetup:
		p.copilotSetup(data)
	case discover.KindCursorTrees:
		p.cursorWorktrees(data)
	case discover.KindCursorCLI:
		p.cursorCLI(data)
	case discover.KindClaudePlugin:
		p.claudePlugin(data)
	case discover.KindPluginHooks:
		p.pluginHooks(data)
	case discover.KindMarketplace:
		p.marketplace(data)
	case discover.KindPluginBin:
		p.pluginBin()
	case discover.KindExecHook:
		p.execHook()
		if tool == discover.ToolOpencode {
			p.bunShells(data)
		}
	case discover.KindRooModes:
		p.rooModes(data)
	case discover.KindAmazonQAgent, discover.KindKiroAgent:
		p.amazonQAgent(data)
	case discover.KindContinueRC:
		p.continueRC(data)
	case discover.KindInstructions:
		// A Kiro IDE agent is instructions (its body) and a config (its
		// front matter); every other instruction file is prose only.
		if tool != discover.ToolKiro || !isKiroAgentMD(source) {
			return nil
		}
		p.kiroAgentMD(data)
	default:
		return nil
	}
	return &p.cfg
}

type parser struct {
	source, tool, base string
	cfg                Config
}

// projectBase is the project folder of a config file: the folder that holds
// its tool folder (.claude, .gemini, .cursor, .vscode, .windsurf, .codex,
// .github, .roo, .kiro, .amazonq, .continue, .zed, .devcontainer), or the
// file's own folder for .mcp.json and other files at a project's top. ""
// for files outside the tree (~/.claude/...).
func projectBase(source string) string {
	if strings.HasPrefix(source, "~") || strings.HasPrefix(source, "/") {
		return ""
	}
	dir := path.Dir(source)
	if i := strings.Index(asciiLower(dir), ".cursor/rules"); i >= 0 {
		if i == 0 {
			return "."
		}
		return strings.TrimSuffix(dir[:i], "/")
	}
	// A Claude Code plugin runs from its own folder: the one holding
	// .claude-plugin/ or hooks/hooks.json.
	if b := asciiLower(path.Base(dir)); b == ".claude-plugin" || b == "hooks" && path.Base(source) == "hooks.json" && !strings.HasSuffix(asciiLower(dir), ".github/hooks") {
		return path.Dir(dir)
	}
	// A Gemini CLI extension runs from its own folder.
	if path.Base(source) == "gemini-extension.json" && strings.Contains(asciiLower(dir), ".gemini/extensions/") {
		return dir
	}
	// The innermost tool folder among the last three segments:
	// .github/hooks, .kiro/settings, .continue/mcpServers, .devcontainer/x.
	d := dir
	for i := 0; i < 3 && d != "." && d != "/"; i++ {
		if toolFolders[asciiLower(path.Base(d))] {
			return path.Dir(d)
		}
		d = path.Dir(d)
	}
	return dir
}

// asciiLower lower-cases ASCII letters only, so byte offsets stay those of s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// toolFolders are the folders agents keep their configuration in.
var toolFolders = map[string]bool{
	".claude": true, ".gemini": true, ".cursor": true, ".vscode": true, ".windsurf": true,
	".codex": true, ".github": true, ".roo": true, ".kiro": true, ".amazonq": true,
	".continue": true, ".zed": true, ".devcontainer": true,
}

func (p *parser) problem(line int, msg string) {
	p.cfg.Problems = append(p.cfg.Problems, Problem{Source: p.source, Line: line, Message: msg})
}

func (p *parser) root(data []byte) *node {
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil
	}
	n, err := parseJSON(data)
	if err != nil {
		p.problem(0, p.source+" was not read: "+err.Error())
		return nil
	}
	if n.obj() == nil {
		p.problem(1, p.source+" was not read: it is not a JSON object, so agents ignore it too; check that it is the file you meant")
		return nil
	}
	return n
}

// resolve turns a command into repository-relative script targets.
func (p *parser) resolve(command string, args []string) []Target {
	if p.base == "" {
		return nil
	}
	var out []Target
	for _, s := range shellcmd.Scripts(command, args) {
		full := path.Clean(path.Join(p.base, s.Path))
		t := Target{Path: full, Guarded: s.Guarded}
		if full == ".." || strings.HasPrefix(full, "../") {
			t.Outside = true
		}
		out = append(out, t)
	}
	return out
}

// ---- settings files (.claude/settings*.json, .gemini/settings.json) ----

// commandSettings are settings keys whose value is a command the agent runs
// by itself, outside hooks.
var commandSettings = []string{
	"apiKeyHelper", "awsCredentialExport", "awsAuthRefresh", "gcpAuthRefresh",
	"otelHeadersHelper", "processWrapper",
	// Gemini CLI's first settings format: tool discovery runs at start-up,
	// tool calls whenever the model calls a discovered tool.
	"toolDiscoveryCommand", "toolCallCommand", "mcpServerCommand",
}

// nestedCommandSettings are Gemini CLI's current settings that run a
// command: {"tools": {"discoveryCommand": ..., "callCommand": ...}}.
var nestedCommandSettings = [][2]string{{"tools", "discoveryCommand"}, {"tools", "callCommand"}}

// commandObjects are settings keys holding {"type": "command", "command": ...}.
var commandObjects = []string{"statusLine", "fileSuggestion", "subagentStatusLine"}

func (p *parser) settings(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	if hooks := root.get("hooks"); hooks != nil {
		p.hooks(hooks)
	}
	for _, key := range commandSettings {
		if n := root.get(key); n != nil {
			if s, ok := n.str(); ok && strings.TrimSpace(s) != "" {
				p.addRun(AutoRun{Event: key, Type: "setting", Command: s, Line: n.line()})
			}
		}
	}
	for _, k := range nestedCommandSettings {
		n := root.get(k[0]).get(k[1])
		if s, ok := n.str(); ok && strings.TrimSpace(s) != "" {
			p.addRun(AutoRun{Event: k[0] + "." + k[1], Type: "setting", Command: s, Line: n.line()})
		}
	}
	for _, key := range commandObjects {
		n := root.get(key)
		if c, ok := n.get("command").str(); ok && strings.TrimSpace(c) != "" {
			p.addRun(AutoRun{Event: key, Type: "setting", Command: c, Line: n.line()})
		}
	}
	if n := root.get("enableAllProjectMcpServers"); n != nil {
		if b, ok := n.boolean(); ok && b {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: "enableAllProjectMcpServers", Value: "true"})
		}
	}
	if env := root.get("env"); env != nil {
		p.env(env, "env")
		p.runFileEnv(env)
	}
	if servers := root.get("mcpServers"); servers != nil {
		p.servers(servers)
	}
	p.guardSettings(root)
	if p.tool == discover.ToolGemini {
		p.contextFileNames(root)
	}
	if p.tool == discover.ToolClaude {
		p.mainAgent(root)
	}
}

// mainAgent reads Claude Code's "agent" setting, which runs the main
// thread as the named subagent (its prompt becomes the system prompt):
// agents/<name>.md beside the settings file (.claude/agents for
// .claude/settings.json, the plugin's agents/ for a plugin's root
// settings.json) is read as instructions. A plugin-qualified name
// ("plugin:name") names the agent after the colon. An agent defined
// elsewhere (~/.claude/agents) is not in the tree: no notice.
func (p *parser) mainAgent(root *node) {
	n := root.get("agent")
	name, ok := n.str()
	name = strings.TrimSpace(name)
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	if !ok || name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\\*?[") {
		return
	}
	p.cfg.Reads = append(p.cfg.Reads, Include{Path: "agents/" + name + ".md", Line: n.line(), Quiet: true})
}

// contextFileNames reads Gemini CLI's own names for its context files
// ("contextFileName", "context": {"fileName": ...}, a string or a list):
// a file of that name in the project folder is read as instructions.
func (p *parser) contextFileNames(root *node) {
	for _, n := range []*node{root.get("contextFileName"), root.get("context").get("fileName")} {
		if n == nil {
			continue
		}
		names := n.stringList()
		if s, ok := n.str(); ok {
			names = []string{s}
		}
		for _, name := range names {
			name = strings.TrimSpace(name)
			if name == "" || strings.ContainsAny(name, "/\\") {
				continue // a name, not a path
			}
			rel := name
			if p.base != "" && path.Dir(p.source) != p.base {
				// relative to the settings file's folder (.gemini)
				rel = "../" + name
			}
			p.cfg.Reads = append(p.cfg.Reads, Include{Path: rel, Line: n.line()})
		}
	}
}

// guardSettings records settings that switch a guard off or widen what the
// agent may do without asking (Claude Code's settings schema).
func (p *parser) guardSettings(root *node) {
	add := func(n *node, key, value string) {
		p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: key, Value: value})
	}
	if n := root.get("disableAllHooks"); n != nil {
		if b, ok := n.boolean(); ok && b {
			add(n, "disableAllHooks", "true")
		}
	}
	perms := root.get("permissions")
	if n := perms.get("defaultMode"); n != nil {
		if m, ok := n.str(); ok && m == "bypassPermissions" {
			add(n, "permissions.defaultMode", m)
		}
	}
	for _, n := range perms.get("allow").arr() {
		if v, ok := n.str(); ok && BlanketPermission(v) {
			add(n, "permissions.allow", v)
		}
	}
	// enabledMcpjsonServers is not recorded: naming the servers one trusts
	// is the advice of S16, and each named server is judged by S19.
	if n := root.get("enabledPlugins"); n != nil {
		for _, m := range n.members() {
			if b, ok := m.val.boolean(); ok && b {
				add(m.val, "enabledPlugins", m.key)
			}
		}
		for _, e := range n.arr() { // an early list form
			if v, ok := e.str(); ok {
				add(e, "enabledPlugins", v)
			}
		}
	}
	for _, m := range root.get("extraKnownMarketplaces").members() {
		src := m.val.get("source")
		where, _ := src.get("repo").str()
		if where == "" {
			where, _ = src.get("url").str()
		}
		if where == "" {
			where, _ = src.get("path").str()
		}
		add(m.val, "extraKnownMarketplaces", strings.TrimSpace(m.key+" "+where))
		// A marketplace on this disk ("directory": its folder; "file":
		// the marketplace.json itself), relative to the project folder:
		// read, with the plugins it lists inside the tree. One outside
		// the tree is a notice (and S33 reports the setting).
		kind, _ := src.get("source").str()
		pth, ok := src.get("path").str()
		pth = strings.TrimSpace(pth)
		if !ok || pth == "" || kind != "directory" && kind != "file" {
			continue
		}
		pth = strings.TrimSuffix(strings.ReplaceAll(pth, "\\", "/"), "/")
		if kind == "directory" {
			pth += "/.claude-plugin/marketplace.json"
		}
		if !strings.HasPrefix(pth, "/") && !strings.HasPrefix(pth, "~") && p.base != "" && path.Dir(p.source) != p.base {
			pth = "../" + strings.TrimPrefix(pth, "./") // relative to the project, not to .claude/
		}
		p.cfg.Reads = append(p.cfg.Reads, Include{Path: pth, Line: src.line(), Kind: discover.KindMarketplace})
	}
}

// BlanketPermission reports a permission rule that allows a whole tool:
// every shell command, every write, every fetch. A rule naming a command or
// a path ("Bash(npm test:*)", "Write(docs/**)") is not blanket.
func BlanketPermission(rule string) bool {
	tool, arg, hasArg := strings.Cut(strings.TrimSpace(rule), "(")
	switch strings.TrimSpace(tool) {
	case "Bash", "Write", "Edit", "WebFetch":
	default:
		return false
	}
	if !hasArg {
		return true
	}
	arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
	switch arg {
	case "", "*", ":*", "**", "/**", "//**", "~/**", "domain:*":
		return true
	}
	return false
}

// runFileEnv records environment variables that make every shell, runtime
// or git command the agent starts run a file or a command of the project's
// choosing (Claude Code applies settings env to every command and hook).
func (p *parser) runFileEnv(env *node) {
	for _, m := range env.members() {
		v, ok := m.val.str()
		if !ok || strings.TrimSpace(v) == "" {
			continue
		}
		if RunsFile(m.key, v) {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: m.val.line(), Key: "env." + m.key, Value: v})
		}
	}
}

// RunsFile reports an environment variable that makes programs run code:
// a file every shell sources, a library loaded into every process, a module
// every Node, Python, Perl or Ruby process loads first, a command git runs.
func RunsFile(key, value string) bool {
	if MovesConfig(key, value) {
		return true
	}
	switch strings.ToUpper(key) {
	case "BASH_ENV", "ENV", "ZDOTDIR", "PYTHONSTARTUP", "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES",
		"PERL5OPT", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND":
		return true
	case "NODE_OPTIONS":
		for _, f := range strings.Fields(value) {
			f, _, _ = strings.Cut(f, "=")
			switch f {
			case "--require", "-r", "--import", "--loader", "--experimental-loader":
				return true
			}
			if strings.HasPrefix(f, "-r") && len(f) > 2 && f[2] != '-' {
				return true // -r./x.js: the module attached to the flag
			}
		}
	case "RUBYOPT":
		for _, f := range strings.Fields(value) {
			if strings.HasPrefix(f, "-r") {
				return true
			}
		}
	case "GIT_CONFIG_PARAMETERS":
		// 'core.sshCommand=./x.sh': git configuration from the environment.
		return gitCommandKey(value)
	case "PAGER", "GIT_PAGER", "MANPAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR":
		// git and other tools run these; agents set them to plain
		// programs (GIT_PAGER=cat, GIT_EDITOR=true). Anything else is
		// a command of the project's choosing.
		f := strings.Fields(value)
		return len(f) > 0 && !plainPrograms[path.Base(f[0])]
	}
	if k := strings.ToUpper(key); strings.HasPrefix(k, "GIT_CONFIG_KEY_") {
		// GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=./x.sh
		return gitCommandKey(value)
	}
	return false
}

// MovesConfig reports an environment variable that moves where programs
// read their configuration from: HOME (every dotfile: the shell's start-up
// files, ~/.gitconfig with its aliases and hooksPath, ~/.ssh/config, npm's
// .npmrc), XDG_CONFIG_HOME and its kin (git, Sentinel's own configuration
// and state, most tools), git's global and system configuration files, and
// Sentinel's folders. Pointed into the project for the agent's commands and
// hooks, each makes tools (git, the shell, Sentinel itself) obey files the
// project wrote. Setting one to itself ("$HOME") moves nothing.
func MovesConfig(key, value string) bool {
	k := strings.ToUpper(key)
	switch k {
	case "HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_STATE_HOME",
		"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG", "SENTINEL_HOME", "SENTINEL_STATE_HOME",
		"GIT_EXEC_PATH", "GIT_TEMPLATE_DIR": // git runs its subcommands, and copies new repositories' hooks, from these folders
	default:
		return false
	}
	v := strings.TrimSpace(value)
	switch v {
	case "$" + key, "${" + key + "}", "%" + key + "%", "$env:" + key:
		return false
	}
	return !(k == "HOME" && v == "~")
}

// gitCommandKey reports whether s names a git configuration key whose
// value git runs as a command (core.sshCommand, core.fsmonitor, an alias,
// a filter or diff driver, a credential helper, ...).
func gitCommandKey(s string) bool {
	l := strings.ToLower(s)
	for _, k := range []string{"core.sshcommand", "core.fsmonitor", "core.pager", "core.editor", "core.hookspath", "core.askpass", "core.gitproxy",
		"sequence.editor", "diff.external", "credential.helper", "gpg.program", "uploadpack.packobjectshook", "alias.", "filter.", ".textconv", ".driver", "pager."} {
		if strings.Contains(l, k) {
			return true
		}
	}
	return false
}

// plainPrograms are the pagers and editors PAGER, EDITOR and kin name
// honestly.
var plainPrograms = map[string]bool{
	"cat": true, "less": true, "more": true, "most": true, "bat": true, "batcat": true, "delta": true,
	"diff-so-fancy": true, "true": true, "false": true, "head": true, "tail": true, "vim": true, "vi": true,
	"nvim": true, "nano": true, "emacs": true, "emacsclient": true, "code": true, "code-insiders": true,
	"cursor": true, "subl": true, "mate": true, "micro": true, "hx": true, "kak": true, "ed": true, "zed": true,
}

func (p *parser) env(env *node, prefix string) {
	for _, m := range env.members() {
		v, ok := m.val.str()
		if !ok {
			continue
		}
		key := prefix + "." + m.key
		switch strings.ToUpper(m.key) {
		case "ANTHROPIC_BASE_URL", "ANTHROPIC_BEDROCK_BASE_URL", "ANTHROPIC_VERTEX_BASE_URL", "OPENAI_BASE_URL", "GOOGLE_GEMINI_BASE_URL":
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: m.val.line(), Key: key, Value: v})
		}
		if IsSecretValue(m.key, v) {
			p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: m.val.line(), Key: key, Value: v})
		}
	}
}

func (p *parser) hooks(hooks *node) {
	ms := hooks.members()
	if ms == nil && hooks.obj() == nil {
		p.problem(hooks.line(), p.source+": \"hooks\" is not an object of events, so agents ignore it; see the agent's hooks reference")
		return
	}
	for _, ev := range ms {
		event := ev.key
		before := len(p.cfg.AutoRuns)
		p.hookEvent(event, ev.val)
		p.markUnknown(before, event)
	}
}

// markUnknown marks the hooks added since before as under an event the
// agent does not run, when it does not.
func (p *parser) markUnknown(before int, event string) {
	if KnownEvent(p.tool, event) {
		return
	}
	for i := before; i < len(p.cfg.AutoRuns); i++ {
		p.cfg.AutoRuns[i].Unknown = true
	}
}

// hookFields are the fields of one hook entry that are not commands:
// Claude Code's, Gemini CLI's, Copilot's and Cursor's options.
var hookFields = map[string]bool{"type": true, "timeout": true, "timeoutSec": true, "failureMode": true, "enabled": true,
	"async": true, "once": true, "statusMessage": true, "name": true, "description": true, "matcher": true,
	"sequential": true, "onFailure": true, "show_output": true, "working_directory": true, "cwd": true, "env": true}

func (p *parser) hookEvent(event string, val *node) {
	groups := val.arr()
	if groups == nil && val.obj() != nil {
		if val.get("command") != nil {
			// One hook written without its array: {"PreToolUse":
			// {"command": "...", "timeout": 30}}; its other fields
			// are options, not commands.
			p.hook(event, "", val)
			return
		}
		// Early shape: {"PreToolUse": {"Bash": "echo ..."}}
		for _, m := range val.members() {
			if hookFields[m.key] {
				continue
			}
			if c, ok := m.val.str(); ok {
				p.addRun(AutoRun{Event: event, Matcher: m.key, Type: "command", Command: c, Line: m.val.line()})
			}
		}
		return
	}
	for _, g := range groups {
		matcher, _ := g.get("matcher").str()
		inner := g.get("hooks").arr()
		if inner == nil && g.get("hooks") == nil {
			// Flat shape: the group itself is a hook.
			p.hook(event, matcher, g)
			continue
		}
		for _, h := range inner {
			p.hook(event, matcher, h)
		}
	}
}

func (p *parser) hook(event, matcher string, h *node) {
	typ, _ := h.get("type").str()
	if typ == "" || typ == "inline" {
		// "inline" is Amazon Q Developer CLI's context hook: a shell
		// command.
		typ = "command"
	}
	if typ != "command" && typ != "http" && typ != "mcp_tool" && typ != "prompt" && typ != "agent" {
		// A type no agent documents: if it carries a command, that
		// command is what a tolerant agent runs, so it is read as one.
		if c, ok := h.get("command").str(); ok && strings.TrimSpace(c) != "" {
			typ = "command"
		}
	}
	a := AutoRun{Event: event, Matcher: matcher, Type: typ, Line: h.line()}
	switch typ {
	case "command":
		c, ok := h.get("command").str()
		if !ok || strings.TrimSpace(c) == "" {
			return
		}
		a.Command = c
		if args := h.get("args"); args != nil {
			a.Targets = p.resolve(c, args.stringList())
		}
	case "http":
		a.URL, _ = h.get("url").str()
		a.Command = a.URL
	case "mcp_tool":
		server, _ := h.get("server").str()
		tool, _ := h.get("tool").str()
		a.Command = strings.Trim(server+" "+tool, " ")
	default:
		// prompt and agent hooks run a model, not a command.
		c, _ := h.get("prompt").str()
		a.Command = c
	}
	p.addRun(a)
}

func (p *parser) addRun(a AutoRun) {
	a.Tool = p.tool
	a.Source = p.source
	a.Base = p.base
	if a.Targets == nil && (a.Type == "command" || a.Type == "setting" || a.Type == "task" || a.Type == "rule") && a.Command != "" {
		a.Targets = p.resolve(a.Command, nil)
	}
	p.cfg.AutoRuns = append(p.cfg.AutoRuns, a)
}

// ---- MCP configs ----

func (p *parser) mcpFile(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	found := false
	for _, key := range []string{"mcpServers", "servers"} {
		if s := root.get(key); s != nil {
			found = true
			p.servers(s)
		}
	}
	if !found {
		// Some tools accept a bare map of servers.
		for _, m := range root.members() {
			if m.val.get("command") != nil || m.val.get("url") != nil {
				p.server(m.key, m.val)
			}
		}
	}
}

// claudeUser reads ~/.claude.json, Claude Code's own state file: the user's
// MCP servers ("mcpServers") and each project's ("projects": {"/path":
// {"mcpServers": {...}}}), named "PROJECT: NAME" so the same name in two
// projects stays two servers. Nothing else in it runs anything.
func (p *parser) claudeUser(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	p.servers(root.get("mcpServers"))
	for _, proj := range root.get("projects").members() {
		before := len(p.cfg.Servers)
		p.servers(proj.val.get("mcpServers"))
		for i := before; i < len(p.cfg.Servers); i++ {
			p.cfg.Servers[i].Name = proj.key + ": " + p.cfg.Servers[i].Name
		}
	}
}

func (p *parser) servers(s *node) {
	for _, m := range s.members() {
		if m.val.obj() == nil {
			continue
		}
		p.server(m.key, m.val)
	}
}

func (p *parser) server(name string, n *node) {
	srv := Server{Tool: p.tool, Source: p.source, Line: commandLine(n), Name: name, Base: p.base}
	srv.Type, _ = n.get("type").str()
	srv.URL, _ = n.get("url").str()
	if srv.URL == "" {
		srv.URL, _ = n.get("httpUrl").str() // Gemini CLI
		if srv.URL == "" {
			srv.URL, _ = n.get("serverUrl").str()
		}
	}
	srv.Command, _ = n.get("command").str()
	srv.Args = n.get("args").stringList()
	srv.Env = n.get("env").stringMap()
	srv.Headers = n.get("headers").stringMap()
	if b, ok := n.get("trust").boolean(); ok && b {
		srv.Trust = true
	}
	srv.Raw = n.canonical()
	n.strings(&srv.Text)
	if h, ok := n.get("headersHelper").str(); ok && strings.TrimSpace(h) != "" {
		// Claude Code runs it to make the server's request headers.
		p.addRun(AutoRun{Event: "headersHelper", Matcher: name, Type: "setting", Command: h, Line: n.get("headersHelper").line()})
		if p.tool == discover.ToolAny {
			p.cfg.AutoRuns[len(p.cfg.AutoRuns)-1].Tool = discover.ToolClaude // a Claude Code key
		}
	}
	if srv.Command != "" {
		// The exec form: a command and separate arguments. A command with
		// spaces and no args is a shell line.
		var args []string = srv.Args
		if args == nil && strings.ContainsAny(srv.Command, " \t") {
			srv.Targets = p.resolve(srv.Command, nil)
		} else {
			if args == nil {
				args = []string{}
			}
			srv.Targets = p.resolve(srv.Command, args)
		}
	}
	prefix := "mcpServers." + name
	if env := n.get("env"); env != nil {
		p.env(env, prefix+".env")
	}
	for k, v := range srv.Headers {
		if IsSecretValue(k, v) {
			p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: n.get("headers").line(), Key: prefix + ".headers." + k, Value: v})
		}
	}
	p.cfg.Servers = append(p.cfg.Servers, srv)
}

// ---- VS Code tasks ----

func (p *parser) tasks(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, t := range root.get("tasks").arr() {
		runOn, _ := t.get("runOptions").get("runOn").str()
		if runOn != "folderOpen" {
			continue
		}
		label, _ := t.get("label").str()
		typ, _ := t.get("type").str()
		cmd, _ := t.get("command").str()
		// The line shown is the command's (a reader looks for what runs),
		// else the task's.
		line := t.get("command").line()
		// Platform overrides replace the command on that platform.
		for _, osKey := range []string{"linux", "osx", "windows"} {
			if c, ok := t.get(osKey).get("command").str(); ok && cmd == "" {
				cmd = c
				line = t.get(osKey).get("command").line()
			}
		}
		args := t.get("args").stringList()
		reveal, _ := t.get("presentation").get("reveal").str()
		if line == 0 {
			line = t.line()
		}
		a := AutoRun{Event: "folderOpen", Matcher: label, Type: "task", Line: line, Hidden: reveal == "never"}
		switch typ {
		case "npm":
			script, _ := t.get("script").str()
			if l := t.get("script").line(); l > 0 {
				a.Line = l
			}
			a.Command = strings.TrimSpace("npm run " + script)
		case "process":
			a.Command = strings.TrimSpace(cmd + " " + strings.Join(args, " "))
			if cwdChanged(t) {
				a.Targets = []Target{}
			} else if cmd != "" {
				a.Targets = p.resolve(cmd, append([]string{}, args...))
			}
		default:
			a.Command = strings.TrimSpace(cmd + " " + strings.Join(args, " "))
			if cwdChanged(t) {
				a.Targets = []Target{}
			}
		}
		if a.Command == "" {
			continue
		}
		if a.Targets == nil {
			a.Targets = p.resolve(a.Command, nil)
		}
		p.addRun(a)
	}
}

// cwdChanged reports a task that runs in a folder other than the workspace,
// where relative paths are not certain.
func cwdChanged(t *node) bool {
	cwd, ok := t.get("options").get("cwd").str()
	if !ok {
		return false
	}
	cwd = strings.TrimSuffix(cwd, "/")
	return cwd != "${workspaceFolder}" && cwd != "." && cwd != ""
}

// ---- Cursor hooks (.cursor/hooks.json) and Windsurf hooks (.windsurf/hooks.json) ----

func (p *parser) cursorHooks(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, ev := range root.get("hooks").members() {
		before := len(p.cfg.AutoRuns)
		for _, h := range ev.val.arr() {
			c, ok := h.get("command").str()
			if !ok || strings.TrimSpace(c) == "" {
				continue
			}
			matcher, _ := h.get("matcher").str()
			a := AutoRun{Event: ev.key, Matcher: matcher, Type: "command", Command: c, Line: h.line()}
			if wd, ok := h.get("working_directory").str(); ok {
				// Windsurf runs the hook in that folder, where relative
				// paths are not certain.
				if wd = strings.TrimSuffix(wd, "/"); wd != "" && wd != "." && wd != "${workspaceFolder}" {
					a.Targets = []Target{}
				}
			}
			p.addRun(a)
		}
		p.markUnknown(before, ev.key)
	}
}

// ---- Cursor rules (.mdc) ----

var (
	backticked = lazyre.New("`([^`\n]{2,400})`")
	runVerb    = lazyre.New(`(?i)\b(run|execute|exec|invoke|launch)\b|执行|运行|実行|실행`)
)

// looksLikeCommand reports backticked text that is a command line: it
// starts with a relative path or an interpreter, not with a bare file name.
func looksLikeCommand(cmd string) bool {
	first, _, _ := strings.Cut(cmd, " ")
	if strings.HasPrefix(first, "./") || strings.HasPrefix(first, "../") {
		return true
	}
	return shellcmd.IsInterpreter(first) && strings.Contains(cmd, " ")
}

// mayHaveRunVerb is a quick test that runVerb can match l: one of its ASCII
// verbs in any case, or any non-ASCII byte (its other verbs, and the Kelvin
// sign that case-folds to k), for the expression to decide.
func mayHaveRunVerb(l string) bool {
	for i := 0; i < len(l); i++ {
		c := l[i]
		if c >= utf8.RuneSelf {
			return true
		}
		switch c | 0x20 {
		case 'r', 'e', 'i', 'l':
			rest := l[i:]
			if ascii.HasFoldPrefix(rest, "run") || ascii.HasFoldPrefix(rest, "exec") || ascii.HasFoldPrefix(rest, "invo") || ascii.HasFoldPrefix(rest, "laun") {
				return true
			}
		}
	}
	return false
}

func (p *parser) cursorRule(data []byte) {
	fm, body, line0, err := FrontMatter(data)
	if err != nil {
		p.problem(1, p.source+": "+err.Error())
	}
	if v, ok := fm["alwaysApply"]; ok {
		if b, ok := v.(bool); ok && b {
			p.cfg.AlwaysApply = true
		}
	}
	if !p.cfg.AlwaysApply {
		return
	}
	// An always-applied rule that tells the agent to run an in-repository
	// script is a run-instruction: every session obeys it.
	text := string(body)
	for i := 0; text != ""; i++ {
		l := text
		if nl := strings.IndexByte(text, '\n'); nl >= 0 {
			l, text = text[:nl], text[nl+1:]
		} else {
			text = ""
		}
		// Only a backticked command counts: most lines have none, and
		// the byte search is cheaper than the verb expression.
		if strings.IndexByte(l, '`') < 0 || !mayHaveRunVerb(l) || !runVerb.MatchString(l) {
			continue
		}
		for _, m := range backticked.FindAllStringSubmatch(l, -1) {
			cmd := strings.TrimSpace(m[1])
			if !looksLikeCommand(cmd) {
				continue // a file named in prose, not a command to run
			}
			targets := p.resolve(cmd, nil)
			if len(targets) == 0 {
				continue
			}
			p.cfg.AutoRuns = append(p.cfg.AutoRuns, AutoRun{
				Tool: p.tool, Source: p.source, Base: p.base, Line: line0 + i,
				Event: "alwaysApply", Type: "rule", Command: cmd, Targets: targets,
			})
		}
	}
}

// commandLine is the line of what a server entry runs or connects to (its
// command, else its URL), so a report points at it; else the entry's own.
func commandLine(n *node) int {
	for _, k := range []string{"command", "url", "httpUrl", "serverUrl"} {
		if l := n.get(k).line(); l > 0 {
			return l
		}
	}
	return n.line()
}
