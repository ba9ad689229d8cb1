// Package agentcfg parses agent configuration files (hooks in settings
// files, VS Code tasks, MCP server configs, Cursor hooks and rule front
// matter) into the things that run or connect by themselves.
//
// Parsers never execute anything and never fail a scan: malformed input
// becomes a Problem with a line number, and the rest of the file is still
// read where it can be.
package agentcfg

import "github.com/sentinel-sec/sentinel/scan/discover"

// AutoRun is something an agent or editor runs without being asked: a hook,
// a folder-open task, a settings key that runs a command, a URL a hook calls.
type AutoRun struct {
	Tool    string `json:"tool"`              // claude, gemini, cursor, vscode
	Source  string `json:"source"`            // the config file that declares it
	Line    int    `json:"line"`              // line of the declaration in Source
	Event   string `json:"event"`             // PreToolUse, folderOpen, apiKeyHelper, ...
	Matcher string `json:"matcher,omitempty"` // hook matcher (tool-name pattern)
	Type    string `json:"type"`              // command, http, mcp_tool, prompt, agent, task, setting, rule
	Command string `json:"command,omitempty"` // the command line, as written
	URL     string `json:"url,omitempty"`     // for http hooks
	// Base is the folder (relative to the scan root) that relative paths in
	// Command resolve against: the project folder the config belongs to.
	Base string `json:"-"`
	// Unknown is set for a hook under an event name its agent does not
	// run (KnownEvent): it never runs, so it is an observation only.
	Unknown bool `json:"unknown_event,omitempty"`
	// Hidden is set for a VS Code task that never shows its terminal.
	Hidden bool `json:"hidden,omitempty"`
	// Targets are the in-repository scripts Command runs, resolved only when
	// certain (see package shellcmd). Repository-relative, slash-separated.
	Targets []Target `json:"targets,omitempty"`
}

// Target is a script an auto-run item runs.
type Target struct {
	Path string `json:"path"` // relative to the scan root
	// Guarded is set when the command itself tests that the script exists
	// before running it, so a missing script is not an orphan.
	Guarded bool `json:"guarded,omitempty"`
	// Outside is set when the path leaves the scan root ("../x.sh").
	Outside bool `json:"outside,omitempty"`
}

// Server is a tool (MCP) server an agent connects to.
type Server struct {
	Tool    string            `json:"tool"`
	Source  string            `json:"source"`
	Line    int               `json:"line"`
	Name    string            `json:"name"`
	Type    string            `json:"type,omitempty"` // stdio, http, sse, ...
	URL     string            `json:"url,omitempty"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	// Trust is Gemini CLI's "trust": true, which skips every confirmation.
	Trust bool `json:"trust,omitempty"`
	// Raw is the server's own JSON object, canonicalised, for pinning.
	Raw []byte `json:"-"`
	// Base is the project folder relative paths resolve against.
	Base    string   `json:"-"`
	Targets []Target `json:"targets,omitempty"`
	// Text is every string of the server's config (description fields,
	// args), read as instructions by the prose rules.
	Text []string `json:"-"`
}

// Secret is a literal value in an agent config at a key that carries
// credentials (settings env, MCP env or headers).
type Secret struct {
	Source string
	Line   int
	Key    string // e.g. env.OPENAI_API_KEY, mcpServers.x.headers.Authorization
	Value  string // never printed
}

// Setting is a settings key worth a rule of its own.
type Setting struct {
	Tool   string `json:"tool"`
	Source string `json:"source"`
	Line   int    `json:"line"`
	Key    string `json:"key"` // enableAllProjectMcpServers, env.ANTHROPIC_BASE_URL, disableAllHooks, ...
	Value  string `json:"value"`
}

// Problem is input a parser could not read, with one sentence saying what to do.
type Problem struct {
	Source  string `json:"source"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// Config is everything parsed from one agent config file.
type Config struct {
	AutoRuns []AutoRun
	Servers  []Server
	Secrets  []Secret
	Settings []Setting
	Problems []Problem
	// AlwaysApply is set for a Cursor rule applied to every session.
	AlwaysApply bool
	// Reads are files the config makes the agent read as instructions
	// (aider's read:), relative to the config's project folder.
	Reads []Include
}

// Include is a file a config or an instruction file makes the agent read.
type Include struct {
	Path string // as written
	Line int
	// Kind is how the file is read: "" for instructions; a config kind
	// (a plugin's hooks file named in plugin.json) is parsed as that
	// config, and what it runs is judged like any other auto-run.
	Kind discover.Kind
	// Quiet: a file that does not exist is no notice (a folder the agent
	// reads when it is there, such as a plugin's commands/).
	Quiet bool
}
