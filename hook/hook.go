// Package hook speaks the hook protocols of AI coding agents (Claude Code,
// Gemini CLI, Cursor) for the blast-radius gate: one event as JSON on stdin,
// one decision on stdout.
//
// The adapter has exactly two answers. When the first write of a turn
// touches a blast centre it denies the call, in the agent's own format, with
// the justification prompt as the reason the model reads; everything else
// gets no opinion, which is no output at all and exit code 0. It never
// answers "allow": that would skip the user's own permission prompt. The
// gate's off switches (the agents' hook settings, the sentinel executable,
// Sentinel's trust anchors, configuration and state) are denied in every
// turn, saying why.
//
// It fails closed where that matters: malformed hook input, a malformed
// input of a known write tool, unreadable gate state or any internal error
// on a write to a blast centre end in a deny that says why. Read-only tools
// are never judged.
package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sentinel-sec/sentinel/guard/blast"
	"github.com/sentinel-sec/sentinel/redact"
)

// Agent names a supported agent.
type Agent string

// The supported agents.
const (
	Claude Agent = "claude"
	Gemini Agent = "gemini"
	Cursor Agent = "cursor"
)

// Agents lists the supported agents in a stable order.
var Agents = []Agent{Claude, Gemini, Cursor}

// ParseAgent turns a command-line name into an Agent.
func ParseAgent(s string) (Agent, error) {
	for _, a := range Agents {
		if strings.EqualFold(s, string(a)) {
			return a, nil
		}
	}
	return "", fmt.Errorf("unknown agent %q; use claude, gemini or cursor", s)
}

// maxInput bounds what is read from stdin. A hook event carries one tool
// call; a bigger one is treated as malformed.
const maxInput = 32 << 20

// Handler answers hook events. Store is required; the rest is optional.
type Handler struct {
	// Store keeps the per-session gate state. When it is nil, StoreErr says
	// why, and writes to blast centres are denied with it.
	Store    *blast.Store
	StoreErr error
	// Extra are user-configured blast centres.
	Extra []blast.ExtraPattern
	// SentinelDirs are Sentinel's own configuration and state directories;
	// writes below them are blast centres.
	SentinelDirs []string
	// HookBinaries are the Sentinel executables the agents' hooks run; nil
	// means the running executable. `sentinel` (and `sentinel.exe`) in every
	// absolute PATH folder, read with Getenv, is always added.
	HookBinaries []string
	// ConfigErr, when set, is a problem loading the user's configuration:
	// every write is denied with it, so a broken config never opens the gate.
	ConfigErr error
	// Getenv reads CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR, which the
	// agents set for their hooks, and HOME, for paths that start with ~ or
	// $HOME; nil reads nothing.
	Getenv func(string) string
}

// Result is what the process should do: print Stdout (nothing when empty),
// print Stderr, and exit with ExitCode.
type Result struct {
	Stdout   []byte
	Stderr   string
	ExitCode int
	// Denied is true when the call was refused (for logs and tests).
	Denied bool
}

// event is the union of the fields the three agents send.
type event struct {
	HookEventName  string          `json:"hook_event_name"`
	SessionID      string          `json:"session_id"`
	ConversationID string          `json:"conversation_id"`
	GenerationID   string          `json:"generation_id"`
	Cwd            string          `json:"cwd"`
	WorkspaceRoots []string        `json:"workspace_roots"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	Command        string          `json:"command"`
}

type kind int

const (
	kindOther kind = iota
	kindTool
	kindPrompt
)

// Handle reads one event for agent from in and returns the decision.
func (h *Handler) Handle(agent Agent, in io.Reader) Result {
	data, err := io.ReadAll(io.LimitReader(in, maxInput+1))
	if err != nil {
		return h.deny(agent, "", fmt.Sprintf("Sentinel could not read the hook input (%v), so it blocks this call to be safe; retry it.", err))
	}
	if len(data) > maxInput {
		return h.deny(agent, "", "Sentinel received a hook input larger than 32 MiB and blocks the call to be safe; split the change into smaller calls.")
	}
	var ev event
	if err := json.Unmarshal(data, &ev); err != nil {
		return h.deny(agent, "", fmt.Sprintf("Sentinel could not parse the hook input as JSON (%v), so it blocks this call to be safe; check the agent's hook configuration.", err))
	}
	k, tool, input := classifyEvent(agent, &ev)
	session, turnID := ev.SessionID, ""
	if agent == Cursor {
		session, turnID = ev.ConversationID, ev.GenerationID
		if session == "" {
			session = ev.SessionID
		}
	}
	switch k {
	case kindPrompt:
		if err := h.startTurn(session, turnID); err != nil {
			return Result{ExitCode: 1, Stderr: "sentinel: cannot start a new turn for the blast-radius gate: " + err.Error() + "\n"}
		}
		return Result{}
	case kindTool:
		return h.tool(agent, &ev, tool, input, session, turnID)
	}
	return Result{}
}

// events names the two events of agent that the gate answers: the one sent
// before a tool call and the one sent when the user submits a prompt. Install
// registers the hook for the same names.
func events(agent Agent) (tool, prompt string) {
	switch agent {
	case Claude:
		return "PreToolUse", "UserPromptSubmit"
	case Gemini:
		return "BeforeTool", "BeforeAgent"
	case Cursor:
		return "preToolUse", "beforeSubmitPrompt"
	}
	return "", ""
}

// cursorShellEvent is Cursor's event before a shell command, which carries
// the command instead of a tool input.
const cursorShellEvent = "beforeShellExecution"

// cursorMCPEvent is Cursor's event before an MCP tool call; its tool input
// is a JSON string.
const cursorMCPEvent = "beforeMCPExecution"

// classifyEvent maps an agent's event to a kind and, for tool events, the
// tool name and input in the shape blast.TargetPaths reads.
func classifyEvent(agent Agent, ev *event) (kind, string, json.RawMessage) {
	toolEvent, promptEvent := events(agent)
	switch name := ev.HookEventName; {
	case name == "":
		// An event without a name but with a tool is a pre-tool event from
		// an agent version that omits the name.
		if ev.ToolName != "" {
			return kindTool, ev.ToolName, ev.ToolInput
		}
	case name == toolEvent:
		return kindTool, ev.ToolName, ev.ToolInput
	case name == promptEvent:
		return kindPrompt, "", nil
	case agent == Cursor && name == cursorShellEvent:
		in, _ := json.Marshal(map[string]string{"command": ev.Command})
		return kindTool, "Shell", in
	case agent == Cursor && name == cursorMCPEvent:
		// The arguments may arrive as a JSON string; blast reads both.
		tool := ev.ToolName
		if !strings.HasPrefix(strings.ToLower(tool), "mcp:") {
			tool = "MCP:" + tool
		}
		return kindTool, tool, ev.ToolInput
	}
	return kindOther, "", nil
}

// projectRoot is the directory paths are made relative to before matching:
// the project directory the agent announces, else the workspace root that
// holds cwd, else the git repository around cwd, else cwd. Relative to the
// project, not to cwd, so that a write to db/migrate/x.rb made from db/ is
// still seen as db/migrate.
func (h *Handler) projectRoot(agent Agent, ev *event) string {
	if h.Getenv != nil {
		vars := []string{"CLAUDE_PROJECT_DIR"}
		if agent == Gemini {
			vars = []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}
		}
		for _, v := range vars {
			if d := h.Getenv(v); d != "" && isAbsPath(d) {
				return d
			}
		}
	}
	for _, w := range ev.WorkspaceRoots {
		if ev.Cwd == "" || within(ev.Cwd, w) {
			return w
		}
	}
	if ev.Cwd == "" {
		return ""
	}
	return repoRoot(ev.Cwd)
}

// driveRelative reports a Windows drive-relative path, `C:x`: a drive
// letter and a colon not followed by a separator.
func driveRelative(p string) bool {
	return len(p) >= 2 && p[1] == ':' && ('a' <= p[0] && p[0] <= 'z' || 'A' <= p[0] && p[0] <= 'Z') &&
		(len(p) == 2 || p[2] != '\\' && p[2] != '/')
}

func isAbsPath(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) ||
		(len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'))
}

// within reports whether p is dir or lies below it, as the OS compares
// names: without regard to case on Windows.
func within(p, dir string) bool {
	p, dir = filepath.Clean(p), filepath.Clean(dir)
	if filepath.Separator == '\\' {
		p, dir = strings.ToLower(p), strings.ToLower(dir)
	}
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

// repoRoot walks up from dir to the nearest folder holding .git.
func repoRoot(dir string) string {
	d := filepath.Clean(dir)
	for range 64 {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return filepath.Clean(dir)
}

// resolve makes relative targets absolute against cwd (shell commands and
// some tools give relative paths) and adds, for a target that is or sits in
// a symbolic link, the path it really writes: `safe.txt -> migrations/1.sql`
// must not hide the migration, even when the migration does not exist yet
// (a dangling link is written through) or the write creates folders below a
// linked one (`m/new/1.rb` with `m -> migrations`). A real path inside the
// project's real folder is given back below root, as the agent named it, so
// a project opened through a link (`~/app -> /srv/infra/app`) is not all
// "infra".
func resolve(paths []string, cwd, root string) []string {
	out := make([]string, 0, len(paths))
	// fromRoot names a resolved path inside the project from the project
	// as it was opened (a project opened through a link keeps its name).
	realRoot, rootDone := "", false
	fromRoot := func(real string) string {
		if !rootDone {
			rootDone = true
			if root != "" && filepath.IsAbs(root) {
				realRoot, _ = filepath.EvalSymlinks(root)
			}
		}
		if realRoot != "" && within(real, realRoot) {
			if rel, err := filepath.Rel(realRoot, real); err == nil {
				return filepath.Join(root, rel)
			}
		}
		return real
	}
	for _, p := range paths {
		q := p
		if driveRelative(p) {
			// Windows' `C:x` is x in drive C's current folder: cwd's when
			// cwd is on C, else a folder the hook cannot know, where x is
			// still judged by its name. Joined as written it would be a
			// segment `C:x`, which reads as a stream of a file C.
			q = p[2:]
			if len(cwd) >= 2 && strings.EqualFold(cwd[:2], p[:2]) {
				q = filepath.Join(cwd, q)
			}
			p = q
		} else if cwd != "" && !isAbsPath(p) {
			q = filepath.Join(cwd, p)
		}
		q = longName(q) // Windows: GITHUB~1 is .github when it exists
		out = append(out, q)
		if !filepath.IsAbs(q) {
			continue
		}
		// The kernel follows a link before the `..` after it; Join cleaned
		// `l/../x` to x first. Judge where the write really lands too,
		// named from the project as the path was opened.
		if hasDotDot(p) {
			if k, ok := blast.ResolveKernelPath(cwd, p); ok && filepath.IsAbs(k) && filepath.Clean(k) != filepath.Clean(q) {
				out = append(out, fromRoot(k))
			}
		}
		q = filepath.Clean(q)
		real := realPath(q, maxLinks)
		if real == "" || real == q {
			continue
		}
		if real = fromRoot(real); real != q {
			out = append(out, real)
		}
	}
	return out
}

// expandHome expands a leading `~` and the folder variables the shell
// would ($HOME, $SENTINEL_HOME, $XDG_*, also as ${VAR:-default}) with the
// hook's environment, as the shell does: `rm ~/.config/sentinel/approvals.json` writes
// Sentinel's own configuration, not a folder named ~ in the project.
func (h *Handler) expandHome(paths []string) []string {
	if h.Getenv == nil {
		return paths
	}
	home := h.Getenv("HOME")
	if home == "" || !isAbsPath(home) {
		return paths
	}
	for i, p := range paths {
		// $SENTINEL_HOME, $XDG_CONFIG_HOME, ${XDG_STATE_HOME:-...} and kin,
		// with the hook's environment, as the shell expands them.
		if e := blast.ExpandShellPath(p, h.Getenv); e != p {
			paths[i] = e
			continue
		}
		for _, prefix := range []string{"~", "$HOME", "${HOME}"} {
			if rest, ok := strings.CutPrefix(p, prefix); ok && (rest == "" || rest[0] == '/' || rest[0] == '\\') {
				paths[i] = home + rest
				break
			}
		}
	}
	return paths
}

// hasDotDot reports whether p has a `..` component.
func hasDotDot(p string) bool {
	for _, c := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if c == ".." {
			return true
		}
	}
	return false
}

// maxLinks bounds the dangling links realPath follows by hand.
const maxLinks = 8

// realPath is the file an absolute, clean path q really writes: its deepest
// existing ancestor with every link resolved, followed by the parts that do
// not exist yet; a dangling link is followed to its target. It returns ""
// when that cannot be told.
func realPath(q string, links int) string {
	if real, err := filepath.EvalSymlinks(q); err == nil {
		return real // the common case: the file exists
	}
	a, rest := q, ""
	var fi os.FileInfo
	for {
		var err error
		if fi, err = os.Lstat(a); err == nil {
			break
		}
		parent := filepath.Dir(a)
		if parent == a {
			return ""
		}
		rest = filepath.Join(filepath.Base(a), rest)
		a = parent
	}
	real, err := filepath.EvalSymlinks(a)
	if err != nil {
		if a != q || fi.Mode()&os.ModeSymlink == 0 || links == 0 {
			return ""
		}
		// A dangling link: writing it creates its target.
		t, err := os.Readlink(a)
		if err != nil {
			return ""
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(a), t)
		}
		return realPath(filepath.Clean(t), links-1)
	}
	if rest == "" {
		return real
	}
	return filepath.Join(real, rest)
}

func (h *Handler) tool(agent Agent, ev *event, tool string, input json.RawMessage, session, turnID string) Result {
	if !blast.IsWriteTool(tool) {
		return Result{} // reads and unknown tools are never judged
	}
	if h.ConfigErr != nil {
		return h.deny(agent, ev.HookEventName, fmt.Sprintf("Sentinel blocks writes until its configuration is fixed: %v.", h.ConfigErr))
	}
	if len(bytes.TrimSpace(input)) == 0 {
		input = []byte("null")
	}
	if blast.IsCommandTool(tool) {
		// Approvals are a person's decision: the agent may not run the
		// commands that record them, in any turn.
		var in struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(input, &in) == nil {
			if what, ok := blast.SelfApproval(in.Command); ok {
				return h.denyWithUserMessage(agent, ev.HookEventName, fmt.Sprintf(
					"Sentinel does not let the agent run %s: decisions are made by the person, in a terminal of their own outside the agent. Ask the user to run it themselves if they want to; do not retry it another way.", what),
					"Sentinel stopped the agent from running "+what+" itself.")
			}
		}
	}
	paths, err := blast.TargetPathsJSON(tool, input)
	// A shell command that does not parse still names its words as paths:
	// it is blocked only when one of them is a blast centre.
	unparsed := errors.Is(err, blast.ErrMalformedInput) && len(paths) > 0
	if err != nil && !unparsed {
		return h.deny(agent, ev.HookEventName, fmt.Sprintf("Sentinel could not read the input of this %s call (%v) and fails closed on writes; repeat the call with a well-formed input.", tool, err))
	}
	root := longName(h.projectRoot(agent, ev))
	binaries := h.hookBinaries()
	c := blast.NewClassifier(
		blast.WithRoot(root),
		blast.WithExtraPatterns(h.Extra...),
		blast.WithSentinelDirs(h.SentinelDirs...),
		blast.WithHookBinaries(binaries...),
	)
	resolved := resolve(h.expandHome(paths), longName(workDir(ev.Cwd, input)), root)
	resolved = append(resolved, h.hardLinkedOffSwitches(resolved, root, binaries)...)
	targets := c.Targets(resolved)
	if len(targets) == 0 {
		return Result{}
	}
	// The gate's off switches and a person's decisions are denied in every
	// turn: a justification does not open them, as for the commands that
	// record approvals.
	for _, t := range targets {
		for _, a := range alwaysDenied {
			if slices.Contains(t.Reasons, a.reason) {
				return h.denyWithUserMessage(agent, ev.HookEventName, fmt.Sprintf(
					"Sentinel does not let the agent write %s: %s. Ask the user to make this change themselves, outside the agent, if they want it; do not retry it another way.", t.Path, a.why),
					"Sentinel stopped the agent from writing "+a.what+": "+t.Path)
			}
		}
	}
	// A short name that could not be written out in full may stand for
	// any of the above: denied in every turn, with the way out.
	for _, t := range targets {
		if slices.Contains(t.Reasons, blast.ReasonShortName) {
			return h.denyWithUserMessage(agent, ev.HookEventName, fmt.Sprintf(
				"Sentinel does not let the agent write %s: it is spelt with a Windows 8.3 short name (NAME~1), which may stand for any file, Sentinel's own included. Repeat the call with every folder and file named in full.", t.Path),
				"Sentinel stopped the agent from writing a path spelt with a Windows 8.3 short name: "+t.Path)
		}
	}
	if unparsed {
		return h.deny(agent, ev.HookEventName, fmt.Sprintf(
			"Sentinel could not parse this command (%v) and it names a blast centre (%s); it fails closed. Rewrite it as simpler commands.",
			err, describeTargets(targets)))
	}
	block, err := h.check(session, turnID, targets)
	if err != nil {
		return h.deny(agent, ev.HookEventName, fmt.Sprintf("Sentinel's blast-radius gate failed on a write to a blast centre (%s): %v. It fails closed; fix the problem and repeat the call.", describeTargets(targets), err))
	}
	if block == nil {
		return Result{}
	}
	// Cursor shows user_message to the person: say what happened in one line.
	names := make([]string, len(block.Targets))
	for i, t := range block.Targets {
		names[i] = t.Path
	}
	return h.denyWithUserMessage(agent, ev.HookEventName, block.Reason,
		"Sentinel asked the agent to justify this write to a blast centre before it lands: "+strings.Join(names, ", "))
}

// alwaysDenied are the blast-centre reasons denied in every turn, with the
// one sentence that tells the agent why.
var alwaysDenied = []struct{ reason, why, what string }{
	{blast.ReasonSentinelState, "it is Sentinel's own configuration or state (or a folder holding it), which holds a person's decisions", "its own configuration or state"},
	{blast.ReasonGateSettings, "this file switches Sentinel's hook off, since it is where the agent's hooks are installed or disabled (disableAllHooks)", "the settings that install its hook"},
	{blast.ReasonHookBinary, "it is the Sentinel program the hooks run (or a folder holding it, or a name that would shadow it on PATH), and replacing it would switch the gate off for good", "the program its hooks run"},
	{blast.ReasonTrustAnchor, "it is Sentinel's trust anchor in this repository, which holds a person's approvals", "its trust anchor in the repository"},
}

// hookBinaries are h.HookBinaries, else the running executable (as started
// and with links resolved), and `sentinel` in every absolute PATH folder,
// existing or not: a new one earlier on PATH would run instead of the real
// one.
func (h *Handler) hookBinaries() []string {
	out := slices.Clone(h.HookBinaries)
	if h.HookBinaries == nil {
		exe, err := os.Executable()
		if err == nil {
			out = append(out, exe)
			if real, err := filepath.EvalSymlinks(exe); err == nil && real != exe {
				out = append(out, real)
			}
		}
	}
	if h.Getenv != nil {
		for _, dir := range filepath.SplitList(h.Getenv("PATH")) {
			if dir != "" && isAbsPath(dir) {
				out = append(out, filepath.Join(dir, "sentinel"), filepath.Join(dir, "sentinel.exe"))
			}
		}
	}
	return out
}

// hardLinkedOffSwitches returns the off switches (the agents' hook
// settings, the sentinel executable, AGENTS.lock, the files of Sentinel's
// configuration folder) that an existing target is a hard link to: writing
// the link writes them, and a hard link has no target to follow. It costs a
// few stats, and only when a target exists.
func (h *Handler) hardLinkedOffSwitches(paths []string, root string, binaries []string) []string {
	var infos []os.FileInfo
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			continue
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && sharesInode(fi) {
			infos = append(infos, fi)
		}
	}
	if len(infos) == 0 {
		return nil
	}
	var out []string
	for _, sw := range h.offSwitchFiles(root, binaries) {
		swi, err := os.Stat(sw)
		if err != nil || !swi.Mode().IsRegular() {
			continue
		}
		for _, fi := range infos {
			if os.SameFile(fi, swi) {
				out = append(out, sw)
				break
			}
		}
	}
	return out
}

// offSwitchFiles lists the files hardLinkedOffSwitches compares against.
func (h *Handler) offSwitchFiles(root string, binaries []string) []string {
	files := slices.Clone(binaries)
	var bases []string
	if h.Getenv != nil {
		if home := h.Getenv("HOME"); home != "" && isAbsPath(home) {
			bases = append(bases, home)
		}
	}
	if root != "" && isAbsPath(root) {
		bases = append(bases, root)
		files = append(files, filepath.Join(root, "AGENTS.lock"))
	}
	for _, b := range bases {
		files = append(files,
			filepath.Join(b, ".claude", "settings.json"), filepath.Join(b, ".claude", "settings.local.json"),
			filepath.Join(b, ".gemini", "settings.json"), filepath.Join(b, ".cursor", "hooks.json"))
	}
	if len(h.SentinelDirs) > 0 && h.SentinelDirs[0] != "" {
		// The configuration folder: approvals, trusted keys, blast centres.
		entries, _ := os.ReadDir(h.SentinelDirs[0])
		for i, e := range entries {
			if i == 64 {
				break
			}
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(h.SentinelDirs[0], e.Name()))
			}
		}
	}
	return files
}

func (h *Handler) startTurn(session, turnID string) error {
	if h.Store == nil {
		return h.storeErr()
	}
	return h.Store.StartTurn(session, turnID)
}

func (h *Handler) check(session, turnID string, targets []blast.Target) (*blast.Block, error) {
	if h.Store == nil {
		return nil, h.storeErr()
	}
	return h.Store.Check(session, turnID, targets)
}

func (h *Handler) storeErr() error {
	if h.StoreErr != nil {
		return h.StoreErr
	}
	return errors.New("no gate state store is configured")
}

// workDir is the directory a call's relative paths start from: cwd, or the
// directory a shell tool names in its input, absolute or below cwd.
func workDir(cwd string, input json.RawMessage) string {
	dir := shellDirectory(input)
	switch {
	case dir == "":
		return cwd
	case isAbsPath(dir):
		return dir
	case cwd == "":
		return ""
	}
	return filepath.Join(cwd, dir) // Gemini run_shell_command's directory
}

// shellDirectory returns the working directory a shell tool names in its
// input (Gemini CLI's run_shell_command "directory"), if any.
func shellDirectory(input json.RawMessage) string {
	if !bytes.Contains(input, []byte(`"directory"`)) {
		return ""
	}
	var v struct {
		Directory string `json:"directory"`
	}
	if json.Unmarshal(input, &v) != nil {
		return ""
	}
	return v.Directory
}

func describeTargets(ts []blast.Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.Path + ": " + strings.Join(t.Reasons, "; ")
	}
	return strings.Join(parts, ", ")
}

// deny renders a refusal in the agent's format.
func (h *Handler) deny(agent Agent, eventName, reason string) Result {
	return h.denyWithUserMessage(agent, eventName, reason, "")
}

// denyWithUserMessage is deny with the line Cursor shows the person.
func (h *Handler) denyWithUserMessage(agent Agent, eventName, reason, userMessage string) Result {
	reason = redact.String(reason)
	if userMessage == "" {
		userMessage = firstLine(reason)
		if !strings.HasPrefix(userMessage, "Sentinel") {
			userMessage = "Sentinel: " + userMessage
		}
	}
	userMessage = redact.String(userMessage)
	var v any
	switch agent {
	case Claude:
		v = map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName":            "PreToolUse",
			"permissionDecision":       "deny",
			"permissionDecisionReason": reason,
		}}
	case Gemini:
		v = map[string]any{"decision": "deny", "reason": reason}
	case Cursor:
		if _, prompt := events(Cursor); eventName == prompt {
			v = map[string]any{"continue": false, "user_message": reason}
		} else {
			v = map[string]any{"permission": "deny", "user_message": userMessage, "agent_message": reason}
		}
	default:
		return Result{ExitCode: 2, Stderr: reason + "\n", Denied: true}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return Result{ExitCode: 2, Stderr: reason + "\n", Denied: true}
	}
	return Result{Stdout: buf.Bytes(), Denied: true}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// ConfigFile is the user's blast-radius configuration, under the user's
// config directory, never the project: a project cannot loosen its own gate.
const ConfigFile = "blast-radius.json"

// Config is the content of ConfigFile:
//
//	{"patterns": [{"glob": "seeds/**", "reason": "production seed data"}]}
type Config struct {
	Patterns []blast.ExtraPattern `json:"patterns"`
}

// ParseConfig reads ConfigFile's content strictly: unknown fields and
// patterns without a glob are errors, each saying the line and column.
func ParseConfig(data []byte) (Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, configError(data, err)
	}
	for i, p := range c.Patterns {
		at := posOf(data, nthIndex(data, []byte(`"glob"`), i))
		if strings.TrimSpace(p.Glob) == "" {
			return Config{}, fmt.Errorf("%spattern %d has no glob", at, i+1)
		}
		if _, err := filepath.Match(p.Glob, ""); err != nil {
			return Config{}, fmt.Errorf("%spattern %q: %v", at, p.Glob, err)
		}
	}
	return c, nil
}

// configError puts the line and column in front of a JSON error.
func configError(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	msg := strings.TrimPrefix(err.Error(), "json: ")
	switch {
	case errors.As(err, &se):
		// Offset is just past the offending byte.
		return fmt.Errorf("%s%s", posOf(data, max(int(se.Offset)-1, 0)), msg)
	case errors.As(err, &te):
		return fmt.Errorf("%s%s", posOf(data, int(te.Offset)), msg)
	case strings.HasPrefix(msg, "unknown field "):
		name := strings.TrimPrefix(msg, "unknown field ")
		return fmt.Errorf("%s%s", posOf(data, bytes.Index(data, []byte(name))), msg)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%sthe file ends before its JSON does", posOf(data, len(data)))
	}
	return err
}

// posOf is "line L, column C: " for a byte offset, "" when unknown.
func posOf(data []byte, off int) string {
	if off < 0 || off > len(data) {
		return ""
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := off - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return fmt.Sprintf("line %d, column %d: ", line, col)
}

// nthIndex is the offset of the n-th (0-based) occurrence of sep, or -1.
func nthIndex(data, sep []byte, n int) int {
	off := 0
	for i := 0; ; i++ {
		j := bytes.Index(data[off:], sep)
		if j < 0 {
			return -1
		}
		if i == n {
			return off + j
		}
		off += j + len(sep)
	}
}
