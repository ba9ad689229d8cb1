package agentcfg

import (
	"strings"
)

// Parsers for other agents' configuration files (issue #15). Each turns
// what runs or connects by itself into the AutoRun and Server items the
// rules already judge, so a surface added here gets every auto-run and
// tool-server rule, the lock and the `sentinel run` gate at once.

// ---- GitHub Copilot hooks (.github/hooks/*.json) ----

// copilotHooks reads {"version": 1, "hooks": {"<event>": [{"type":
// "command", "bash": "...", "powershell": "...", "cwd": "..."}]}}. The
// bash and powershell commands are both auto-runs: which one runs depends
// on the machine.
func (p *parser) copilotHooks(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, ev := range root.get("hooks").members() {
		before := len(p.cfg.AutoRuns)
		for _, h := range ev.val.arr() {
			if typ, _ := h.get("type").str(); typ != "" && typ != "command" {
				continue
			}
			cwd, hasCwd := h.get("cwd").str()
			for _, key := range []string{"bash", "powershell", "command"} {
				c, ok := h.get(key).str()
				if !ok || strings.TrimSpace(c) == "" {
					continue
				}
				a := AutoRun{Event: ev.key, Matcher: key, Type: "command", Command: c, Line: h.get(key).line()}
				if hasCwd && !sameFolder(cwd) {
					a.Targets = []Target{} // runs elsewhere: paths are not certain
				}
				p.addRun(a)
			}
		}
		p.markUnknown(before, ev.key)
	}
}

// sameFolder reports a working folder that is the project folder itself.
func sameFolder(cwd string) bool {
	cwd = strings.TrimSuffix(strings.TrimSpace(cwd), "/")
	return cwd == "" || cwd == "." || cwd == "${workspaceFolder}"
}

// ---- Cursor background agents (.cursor/environment.json) ----

// cursorEnvironment reads "install" (run when the agent's machine is set
// up), "start" (run at every start) and "terminals[].command".
func (p *parser) cursorEnvironment(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, key := range []string{"install", "start"} {
		if c, ok := root.get(key).str(); ok && strings.TrimSpace(c) != "" {
			p.addRun(AutoRun{Event: key, Type: "command", Command: c, Line: root.get(key).line()})
		}
	}
	for _, t := range root.get("terminals").arr() {
		c, ok := t.get("command").str()
		if !ok || strings.TrimSpace(c) == "" {
			continue
		}
		name, _ := t.get("name").str()
		p.addRun(AutoRun{Event: "terminals", Matcher: name, Type: "command", Command: c, Line: t.line()})
	}
}

// ---- Kiro agent hooks (.kiro/hooks/*.kiro.hook, .kiro/hooks/*.json) ----

// kiroHook reads one hooks file in either of Kiro's shapes. The current
// one (Kiro IDE 1.0, Kiro CLI 3.0; kiro.dev/docs/cli/v3/hooks) is a list:
// {"version": "v1", "hooks": [{"name": ..., "trigger": "PostFileSave",
// "matcher": ..., "action": {"type": "command", "command": ...} or
// {"type": "agent", "prompt": ...}, "enabled": true}]}. The first one
// (.kiro.hook files) is one hook: {"enabled": true, "when": {"type":
// "fileEdited", ...}, "then": {"type": "runCommand", "command": ...} or
// {"type": "askAgent", "prompt": ...}}. A prompt is sent to the agent at
// every matching event: it is a "prompt" item, read as instructions by the
// prose rules, never run.
func (p *parser) kiroHook(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	if list := root.get("hooks"); list != nil && root.get("then") == nil {
		hooks := list.arr()
		if hooks == nil && list.obj() != nil {
			// An object of events is the agent-config shape, written
			// in a hooks file: read it as Kiro would if it took it.
			p.hooks(list)
			return
		}
		for _, h := range hooks {
			p.kiroHookV1(h)
		}
		return
	}
	if on, ok := root.get("enabled").boolean(); ok && !on {
		return
	}
	then := root.get("then")
	event, _ := root.get("when").get("type").str()
	name, _ := root.get("name").str()
	switch typ, _ := then.get("type").str(); typ {
	case "askAgent", "agent":
		// A prompt sent to the agent at every matching event: read as
		// instructions by the prose rules, never run.
		if pr, ok := then.get("prompt").str(); ok && strings.TrimSpace(pr) != "" {
			p.addRun(AutoRun{Event: event, Matcher: name, Type: "prompt", Command: pr, Line: then.get("prompt").line()})
			p.kiroUnknown(event)
		}
		return
	case "runCommand", "command":
	default:
		// A type Kiro does not document: a command it carries is what
		// a tolerant reader runs, so it is read as one.
		if then.get("command") == nil {
			return
		}
	}
	c, ok := then.get("command").str()
	if !ok || strings.TrimSpace(c) == "" {
		return
	}
	p.addRun(AutoRun{Event: event, Matcher: name, Type: "command", Command: c, Line: then.get("command").line()})
	p.kiroUnknown(event)
}

// kiroHookV1 reads one entry of the current shape's "hooks" list.
func (p *parser) kiroHookV1(h *node) {
	if h.obj() == nil {
		return
	}
	if on, ok := h.get("enabled").boolean(); ok && !on {
		return
	}
	event, _ := h.get("trigger").str()
	name, _ := h.get("name").str()
	act := h.get("action")
	if act.obj() == nil {
		return
	}
	before := len(p.cfg.AutoRuns)
	typ, _ := act.get("type").str()
	switch typ {
	case "agent", "askAgent", "prompt":
		if pr, ok := act.get("prompt").str(); ok && strings.TrimSpace(pr) != "" {
			p.addRun(AutoRun{Event: event, Matcher: name, Type: "prompt", Command: pr, Line: act.get("prompt").line()})
		}
	default:
		// "command", and any other type that carries a command.
		if c, ok := act.get("command").str(); ok && strings.TrimSpace(c) != "" {
			p.addRun(AutoRun{Event: event, Matcher: name, Type: "command", Command: c, Line: act.get("command").line()})
		}
	}
	if event != "" {
		p.markUnknown(before, event)
	}
}

// kiroUnknown marks the file's hook as one Kiro never runs when it names an
// event Kiro does not have. A hook that names none is kept as one that
// runs: Sentinel does not guess how Kiro reads it.
func (p *parser) kiroUnknown(event string) {
	if event != "" {
		p.markUnknown(0, event)
	}
}

// ---- opencode (opencode.json, opencode.jsonc) ----

// opencode reads "mcp": {"<name>": {"type": "local", "command": ["npx",
// "x"], "environment": {...}} or {"type": "remote", "url": ...}}. A server
// with "enabled": false does not start.
func (p *parser) opencode(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	// "instructions": files (and globs, and URLs) opencode adds to the
	// instructions of every session.
	for _, n := range root.get("instructions").arr() {
		if v, ok := n.str(); ok && strings.TrimSpace(v) != "" {
			p.cfg.Reads = append(p.cfg.Reads, Include{Path: strings.TrimSpace(v), Line: n.line()})
		}
	}
	// Agents and modes defined inline: their prompts are instructions.
	// A "{file:./x.md}" prompt names a file, read like an instructions
	// entry.
	for _, key := range []string{"agent", "mode"} {
		for _, m := range root.get(key).members() {
			pr := m.val.get("prompt")
			v, ok := pr.str()
			if !ok || strings.TrimSpace(v) == "" {
				continue
			}
			if f, ok := strings.CutPrefix(strings.TrimSpace(v), "{file:"); ok && strings.HasSuffix(f, "}") {
				p.cfg.Reads = append(p.cfg.Reads, Include{Path: strings.TrimSpace(strings.TrimSuffix(f, "}")), Line: pr.line()})
				continue
			}
			p.addRun(AutoRun{Event: key, Matcher: m.key, Type: "prompt", Command: v, Line: pr.line()})
		}
	}
	for _, m := range root.get("mcp").members() {
		n := m.val
		if n.obj() == nil {
			continue
		}
		if on, ok := n.get("enabled").boolean(); ok && !on {
			continue
		}
		srv := Server{Tool: p.tool, Source: p.source, Line: commandLine(n), Name: m.key, Base: p.base}
		srv.Type, _ = n.get("type").str()
		srv.URL, _ = n.get("url").str()
		cmd := n.get("command").stringList()
		if len(cmd) == 0 {
			if c, ok := n.get("command").str(); ok {
				cmd = []string{c}
			}
		}
		p.execServer(&srv, cmd)
		srv.Env = n.get("environment").stringMap()
		srv.Headers = n.get("headers").stringMap()
		srv.Raw = n.canonical()
		n.strings(&srv.Text)
		p.serverSecrets(n.get("environment"), n.get("headers"), "mcp."+m.key)
		p.cfg.Servers = append(p.cfg.Servers, srv)
	}
}

// execServer fills a server's command from the exec form: the program and
// its arguments as separate words.
func (p *parser) execServer(srv *Server, cmd []string) {
	if len(cmd) == 0 || strings.TrimSpace(cmd[0]) == "" {
		return
	}
	srv.Command = cmd[0]
	srv.Args = append([]string{}, cmd[1:]...)
	if len(cmd) == 1 && strings.ContainsAny(cmd[0], " \t") {
		srv.Targets = p.resolve(cmd[0], nil)
		return
	}
	srv.Targets = p.resolve(srv.Command, append([]string{}, srv.Args...))
}

// serverSecrets records hardcoded credentials in a server's env and headers.
func (p *parser) serverSecrets(env, headers *node, prefix string) {
	if env != nil {
		p.env(env, prefix+".env")
	}
	for _, m := range headers.members() {
		if v, ok := m.val.str(); ok && IsSecretValue(m.key, v) {
			p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: m.val.line(), Key: prefix + ".headers." + m.key, Value: v})
		}
	}
}

// ---- Zed (.zed/settings.json) ----

// zed reads "context_servers": {"<name>": {"command": "x", "args": [...],
// "env": {...}}}, the older {"command": {"path": "x", "args": [...]}} and
// remote {"url": ...} servers.
func (p *parser) zed(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, m := range root.get("context_servers").members() {
		n := m.val
		if n.obj() == nil {
			continue
		}
		srv := Server{Tool: p.tool, Source: p.source, Line: commandLine(n), Name: m.key, Base: p.base}
		srv.URL, _ = n.get("url").str()
		env := n.get("env")
		var cmd []string
		if c, ok := n.get("command").str(); ok {
			cmd = append([]string{c}, n.get("args").stringList()...)
			if n.get("args") == nil && strings.ContainsAny(c, " \t") {
				cmd = []string{c}
			}
		} else if c := n.get("command"); c.obj() != nil {
			pth, _ := c.get("path").str()
			cmd = append([]string{pth}, c.get("args").stringList()...)
			env = c.get("env")
		}
		p.execServer(&srv, cmd)
		srv.Env = env.stringMap()
		srv.Headers = n.get("headers").stringMap()
		srv.Raw = n.canonical()
		n.strings(&srv.Text)
		p.serverSecrets(env, n.get("headers"), "context_servers."+m.key)
		p.cfg.Servers = append(p.cfg.Servers, srv)
	}
}

// ---- Dev Containers (.devcontainer/devcontainer.json, .devcontainer.json) ----

// lifecycleCommands run by themselves when a dev container is created or
// opened (Dev Container specification). initializeCommand runs on the
// host, before the container exists.
var lifecycleCommands = []string{"initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"}

// devcontainer reads each lifecycle command in its three forms: a string
// (run by a shell), an array (the program and its arguments, no shell) or
// an object of named commands run in parallel, each a string or an array.
func (p *parser) devcontainer(data []byte) {
	root := p.root(data)
	if root == nil {
		return
	}
	for _, key := range lifecycleCommands {
		n := root.get(key)
		if n == nil {
			continue
		}
		if n.obj() != nil {
			for _, m := range n.members() {
				p.lifecycle(key, m.key, m.val)
			}
			continue
		}
		p.lifecycle(key, "", n)
	}
}

func (p *parser) lifecycle(event, name string, n *node) {
	a := AutoRun{Event: event, Matcher: name, Type: "command", Line: n.line()}
	if c, ok := n.str(); ok {
		if strings.TrimSpace(c) == "" {
			return
		}
		a.Command = c
		p.addRun(a)
		return
	}
	words := n.stringList()
	if len(words) == 0 || strings.TrimSpace(words[0]) == "" {
		return
	}
	a.Command = strings.Join(words, " ")
	a.Targets = p.resolve(words[0], append([]string{}, words[1:]...))
	if a.Targets == nil {
		a.Targets = []Target{}
	}
	p.addRun(a)
}

// ---- Gemini CLI's .gemini/.env ----

// dotEnv reads KEY=VALUE lines ("export KEY=VALUE", quoted values, #
// comments): Gemini CLI sets them for itself and every command it runs, so
// they are read like Claude Code's settings env (S11 for model traffic sent
// elsewhere and hardcoded credentials, S32 for code run in every command).
func (p *parser) dotEnv(data []byte) {
	text := string(data)
	for i := 1; text != ""; i++ {
		l := text
		if j := strings.IndexByte(text, '\n'); j >= 0 {
			l, text = text[:j], text[j+1:]
		} else {
			text = ""
		}
		l = strings.TrimSpace(strings.TrimSuffix(l, "\r"))
		if l == "" || l[0] == '#' {
			continue
		}
		l = strings.TrimPrefix(l, "export ")
		key, val, ok := strings.Cut(l, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t") {
			continue
		}
		val = strings.TrimSpace(val)
		if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
			val = val[1 : len(val)-1]
		} else if k := strings.Index(val, " #"); k >= 0 {
			val = strings.TrimSpace(val[:k])
		}
		if val == "" {
			continue
		}
		name := "env." + key
		switch strings.ToUpper(key) {
		case "ANTHROPIC_BASE_URL", "ANTHROPIC_BEDROCK_BASE_URL", "ANTHROPIC_VERTEX_BASE_URL", "OPENAI_BASE_URL", "GOOGLE_GEMINI_BASE_URL":
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: i, Key: name, Value: val})
		}
		if IsSecretValue(key, val) {
			p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: i, Key: name, Value: val})
		}
		if RunsFile(key, val) {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: i, Key: name, Value: val})
		}
	}
}
