package hook

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tailscale/hujson"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/sentinel-sec/sentinel/internal/atomicfile"
)

// Scope says which settings file to edit.
type Scope string

// The two scopes: the user's own settings (every project) or one project's.
const (
	ScopeUser    Scope = "user"
	ScopeProject Scope = "project"
)

// InstallOptions say where to install and what to run.
type InstallOptions struct {
	Agent Agent
	Scope Scope
	// Home is the user's home directory (for ScopeUser).
	Home string
	// Project is the project directory (for ScopeProject).
	Project string
	// Binary is the sentinel executable the hook runs; "sentinel" (found on
	// PATH) when empty.
	Binary string
	// Protect are absolute paths of Sentinel's own folders and executable.
	// A Claude Code user install also denies its file tools writing them
	// (`permissions.deny` Edit rules) and, when the user turns Claude Code's
	// sandbox on, its shell commands too (`sandbox.filesystem.denyWrite`):
	// Claude Code's own wall, on every system it sandboxes (macOS included).
	Protect []string
}

// claudeDenies are the entries a Claude Code user install adds for
// o.Protect: each path's Edit deny rule and sandbox denyWrite entry, in
// Claude Code's absolute-path form (`//` then the path without its leading
// slash).
func claudeDenies(o InstallOptions) (edits, sandbox []string) {
	if o.Agent != Claude || o.Scope != ScopeUser {
		return nil, nil
	}
	for _, p := range o.Protect {
		if !filepath.IsAbs(p) {
			continue
		}
		abs := "//" + strings.TrimLeft(filepath.ToSlash(filepath.Clean(p)), "/")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			edits = append(edits, "Edit("+abs+"/**)")
		} else {
			edits = append(edits, "Edit("+abs+")")
		}
		sandbox = append(sandbox, abs)
	}
	return edits, sandbox
}

// editList adds (or removes) items in the string list at path below root,
// creating objects on the way, and drops what becomes empty on removal. It
// reports a change, or an error when something on the path is of another
// type than the agent reads.
func editList(root *object, path []string, items []string, add bool) (bool, error) {
	if len(items) == 0 {
		return false, nil
	}
	parents := []*object{root}
	o := root
	for _, k := range path[:len(path)-1] {
		v := o.get(k)
		if v == nil {
			if !add {
				return false, nil
			}
			v = &value{obj: newObject()}
			o.set(k, v)
		}
		if v.obj == nil {
			return false, fmt.Errorf("%q is not an object", k)
		}
		o = v.obj
		parents = append(parents, o)
	}
	last := path[len(path)-1]
	list := o.get(last)
	if list == nil {
		if !add {
			return false, nil
		}
		list = &value{isArr: true}
		o.set(last, list)
	}
	if !list.isArr {
		return false, fmt.Errorf("%q is not a list", strings.Join(path, "."))
	}
	changed := false
	for _, it := range items {
		at := -1
		for i, v := range list.arr {
			if s, ok := v.str(); ok && s == it {
				at = i
				break
			}
		}
		switch {
		case add && at < 0:
			list.arr = append(list.arr, fromAny(it))
			changed = true
		case !add && at >= 0:
			list.arr = append(list.arr[:at], list.arr[at+1:]...)
			changed = true
		}
	}
	if !add && changed {
		// Remove what Sentinel's entries leave empty, innermost first.
		if len(list.arr) == 0 {
			o.del(last)
		}
		for i := len(parents) - 1; i > 0; i-- {
			if len(parents[i].keys) == 0 {
				parents[i-1].del(path[i-1])
			}
		}
	}
	return changed, nil
}

// The tools each agent's pre-tool hook is limited to, so that a failing or
// missing hook, which blocks, can never block a built-in read. Claude Code's
// and Gemini CLI's matchers also cover every MCP tool (mcp__server__tool,
// as both name them), Claude Code's PowerShell too, and Cursor's its MCP
// tools (MCP:tool) and its beforeMCPExecution event, which the hook judges
// by their arguments' values; a broken install blocks those, reads included.
const (
	claudeMatcher = "Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell|mcp__.*"
	geminiMatcher = "write_file|replace|edit|smart_edit|save_memory|run_shell_command|mcp__.*"
	cursorMatcher = "Write|Edit|StrReplace|MultiEdit|Delete|Shell|TabWrite|MCP:.*|edit_file|search_replace|write|delete_file|run_terminal_cmd|edit_notebook"
)

// SettingsPath is the file Install edits for agent and scope.
func SettingsPath(o InstallOptions) (string, error) {
	base := o.Project
	if o.Scope == ScopeUser {
		base = o.Home
	}
	if base == "" {
		return "", fmt.Errorf("no %s directory to install into", o.Scope)
	}
	if !filepath.IsAbs(base) {
		return "", fmt.Errorf("the %s folder %q is a relative path, which would put the agent's settings wherever Sentinel runs; use an absolute path", o.Scope, base)
	}
	switch o.Agent {
	case Claude:
		return filepath.Join(base, ".claude", "settings.json"), nil
	case Gemini:
		return filepath.Join(base, ".gemini", "settings.json"), nil
	case Cursor:
		return filepath.Join(base, ".cursor", "hooks.json"), nil
	}
	return "", fmt.Errorf("unknown agent %q", o.Agent)
}

// Command is the command line the installed hook runs. The agents run it
// through a shell, so the binary's path is quoted as one word
// (`/opt/a;b/sentinel` must not run as two commands). It fails for a path
// no POSIX shell word can hold (a control character).
func Command(binary string, agent Agent) (string, error) {
	if binary == "" {
		binary = "sentinel"
	}
	q, err := syntax.Quote(binary, syntax.LangPOSIX)
	if err != nil {
		return "", fmt.Errorf("the sentinel path %q cannot be written as one shell word (%v); install sentinel in a folder whose path has no control characters", binary, err)
	}
	return q + " hook " + string(agent), nil
}

// IsSentinelCommand reports whether a hook command line was installed by
// Sentinel: `[path/]sentinel[.exe] hook claude|gemini|cursor`, the path
// quoted as a shell quotes it, possibly followed by Gemini's `|| exit 2`.
// The line is parsed as the shell reads it, so nothing else can ride along.
func IsSentinelCommand(cmd string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	st := f.Stmts[0]
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	call := st.Cmd
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok {
		if b.Op != syntax.OrStmt || len(b.Y.Redirs) > 0 {
			return false
		}
		exit, ok := literalArgs(b.Y.Cmd)
		if !ok || len(exit) != 2 || exit[0] != "exit" || exit[1] != "2" || len(b.X.Redirs) > 0 || b.X.Negated {
			return false
		}
		call = b.X.Cmd
	}
	args, ok := literalArgs(call)
	if !ok || len(args) != 3 || args[1] != "hook" {
		return false
	}
	base := strings.ToLower(filepath.Base(strings.ReplaceAll(args[0], `\`, "/")))
	if base != "sentinel" && base != "sentinel.exe" {
		return false
	}
	_, err = ParseAgent(args[2])
	return err == nil
}

// literalArgs returns a simple command's words when every one is a literal
// (quoted or not, no expansion).
func literalArgs(c syntax.Command) ([]string, bool) {
	call, ok := c.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 {
		return nil, false
	}
	var out []string
	for _, w := range call.Args {
		for _, p := range w.Parts {
			switch p := p.(type) {
			case *syntax.Lit:
			case *syntax.SglQuoted:
				if p.Dollar {
					return nil, false
				}
			case *syntax.DblQuoted:
				for _, q := range p.Parts {
					if _, ok := q.(*syntax.Lit); !ok {
						return nil, false
					}
				}
			default:
				return nil, false
			}
		}
		s, err := expand.Literal(nil, w)
		if err != nil {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// entries returns the hook groups Sentinel installs for an agent, by event.
func entries(agent Agent, cmd string) []kv {
	tool, prompt := events(agent)
	switch agent {
	case Claude:
		return []kv{
			{tool, kvs{{"matcher", claudeMatcher}, {"hooks", []any{
				kvs{{"type", "command"}, {"command", cmd}, {"timeout", 10}, {"onFailure", "block"}},
			}}}},
			{prompt, kvs{{"hooks", []any{
				kvs{{"type", "command"}, {"command", cmd}, {"timeout", 10}},
			}}}},
		}
	case Gemini:
		// Gemini CLI blocks only on exit code 2; `|| exit 2` makes a missing
		// or crashing sentinel block the write instead of passing it.
		return []kv{
			{tool, kvs{{"matcher", geminiMatcher}, {"hooks", []any{
				kvs{{"name", "sentinel-blast-radius"}, {"type", "command"}, {"command", cmd + " || exit 2"}, {"timeout", 10000}},
			}}}},
			{prompt, kvs{{"hooks", []any{
				kvs{{"name", "sentinel-new-turn"}, {"type", "command"}, {"command", cmd}, {"timeout", 10000}},
			}}}},
		}
	case Cursor:
		return []kv{
			{tool, kvs{{"command", cmd}, {"matcher", cursorMatcher}, {"failClosed", true}}},
			{cursorShellEvent, kvs{{"command", cmd}, {"failClosed", true}}},
			{cursorMCPEvent, kvs{{"command", cmd}, {"failClosed", true}}},
			{prompt, kvs{{"command", cmd}}},
		}
	}
	return nil
}

// Install adds Sentinel's hook entries to the agent's settings file, keeping
// every other setting and the order of keys. It is idempotent: entries from
// an earlier install are replaced, never duplicated. It returns the file and
// whether it changed.
func Install(o InstallOptions) (string, bool, error) {
	return edit(o, true)
}

// Uninstall removes exactly the entries Install adds (any hook whose command
// is `sentinel hook <agent>`), and the groups and event lists that become
// empty because of it. Everything else is kept.
func Uninstall(o InstallOptions) (string, bool, error) {
	return edit(o, false)
}

func edit(o InstallOptions, install bool) (string, bool, error) {
	file, err := SettingsPath(o)
	if err != nil {
		return "", false, err
	}
	cmd, err := Command(o.Binary, o.Agent)
	if err != nil {
		return "", false, err
	}
	file, err = writeTarget(o, file)
	if err != nil {
		return file, false, err
	}
	before, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return file, false, fmt.Errorf("cannot read %s: %w; check its permissions", file, err)
	}
	if !install && errors.Is(err, os.ErrNotExist) {
		return file, false, nil
	}
	// Settings files may hold comments and trailing commas (JSONC): those
	// are edited through hujson, which keeps them; plain JSON as before.
	std := before
	var hu *hujson.Value
	if len(bytes.TrimSpace(before)) > 0 {
		v, err := hujson.Parse(before)
		if err != nil {
			return file, false, fmt.Errorf("cannot parse %s as JSON: %v; fix the file or add the hook by hand", file, err)
		}
		if !v.IsStandard() {
			c := v.Clone()
			c.Standardize()
			std, hu = c.Pack(), &v
		}
	}
	root, perr := parseValue(std)
	if perr != nil {
		return file, false, fmt.Errorf("cannot parse %s as JSON: %v; fix the file or add the hook by hand", file, perr)
	}
	if root.obj == nil {
		return file, false, fmt.Errorf("%s is not a JSON object; fix the file or add the hook by hand", file)
	}
	hooks := root.obj.get("hooks")
	if hooks != nil && hooks.obj == nil {
		return file, false, fmt.Errorf(`"hooks" in %s is not an object; fix the file or add the hook by hand`, file)
	}
	hadHooks := hooks != nil
	if install && hooks != nil {
		// An event that holds something other than a list would be replaced
		// by Sentinel's entries, and whatever the user put there lost.
		for _, e := range entries(o.Agent, cmd) {
			if l := hooks.obj.get(e.k); l != nil && !l.isArr && string(l.scalar) != "null" {
				return file, false, fmt.Errorf(`"hooks.%s" in %s is not a list; fix the file or add the hook by hand`, e.k, file)
			}
		}
	}
	if hooks == nil {
		hooks = &value{obj: newObject()}
	}
	removed := removeSentinel(hooks.obj, o.Agent)
	edits, sandbox := claudeDenies(o)
	for _, l := range []struct {
		path  []string
		items []string
	}{{[]string{"permissions", "deny"}, edits}, {[]string{"sandbox", "filesystem", "denyWrite"}, sandbox}} {
		ch, err := editList(root.obj, l.path, l.items, install)
		if err != nil {
			return file, false, fmt.Errorf("cannot add Sentinel's folders to %s: %v; fix the file or add them by hand", file, err)
		}
		removed = removed || ch
	}
	if install {
		if o.Agent == Cursor && root.obj.get("version") == nil {
			root.obj.set("version", fromAny(1))
		}
		for _, e := range entries(o.Agent, cmd) {
			list := hooks.obj.get(e.k)
			if list == nil || !list.isArr {
				list = &value{isArr: true}
				hooks.obj.set(e.k, list)
			}
			list.arr = append(list.arr, fromAny(e.v))
		}
		root.obj.set("hooks", hooks)
	} else {
		if !removed {
			return file, false, nil
		}
		if len(hooks.obj.keys) == 0 && hadHooks {
			root.obj.del("hooks")
		}
	}
	after := root.String()
	if hu != nil {
		if after, err = patchKeepingComments(hu, std, root); err != nil {
			return file, false, fmt.Errorf("cannot edit %s while keeping its comments: %v; add the hook by hand", file, err)
		}
		if after == string(before) {
			return file, false, nil
		}
	} else if string(before) == after {
		return file, false, nil
	}
	if err := writeFileAtomic(file, []byte(after)); err != nil {
		return file, false, err
	}
	return file, true, nil
}

// writeTarget is the file to write for the settings file at file. A
// symbolic link (dotfiles managers link settings.json) is written through to
// its target, so the link stays a link; for a project's settings only when
// the target is inside the project, since a cloned repository could link
// .claude/settings.json to any file of the user's.
func writeTarget(o InstallOptions, file string) (string, error) {
	st, err := os.Lstat(file)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		return file, nil
	}
	target, err := filepath.EvalSymlinks(file)
	if err != nil {
		return file, fmt.Errorf("%s is a symbolic link whose target cannot be reached (%v); point it at an existing file or remove it", file, err)
	}
	if o.Scope == ScopeProject {
		proj, err := filepath.EvalSymlinks(o.Project)
		if err != nil {
			proj = o.Project
		}
		rel, err := filepath.Rel(proj, target)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return file, fmt.Errorf("%s is a symbolic link to %s, outside the project, and Sentinel does not write through it; replace the link with a file", file, target)
		}
	}
	return target, nil
}

// patchKeepingComments applies the change from the standard JSON std to
// root onto hu, a file with comments, as JSON Patch operations on the
// top-level keys and on each event under "hooks", so comments anywhere else
// stay where they were.
func patchKeepingComments(hu *hujson.Value, std []byte, root *value) (string, error) {
	orig, err := parseValue(std)
	if err != nil || orig.obj == nil {
		return "", errors.New("the file changed meaning when its comments were removed")
	}
	var ops []string
	var added []string // pointers of members added, whose spacing is set below
	diffMembers := func(ptr string, a, b *object, indent string, deeper func(k string, x, y *value) bool) {
		for _, k := range a.keys {
			if b.get(k) == nil {
				ops = append(ops, fmt.Sprintf(`{"op":"remove","path":%s}`, jsonString(ptr+"/"+pointerEscape(k))))
			}
		}
		for _, k := range b.keys {
			y, x := b.get(k), a.get(k)
			p := ptr + "/" + pointerEscape(k)
			switch {
			case x == nil:
				ops = append(ops, fmt.Sprintf(`{"op":"add","path":%s,"value":%s}`, jsonString(p), encodeAt(y, indent)))
				added = append(added, p)
			case deeper != nil && deeper(k, x, y):
			case encodeAt(x, indent) != encodeAt(y, indent):
				ops = append(ops, fmt.Sprintf(`{"op":"replace","path":%s,"value":%s}`, jsonString(p), encodeAt(y, indent)))
			}
		}
	}
	inner := func(k string, x, y *value) bool {
		if k != "hooks" || x.obj == nil || y.obj == nil {
			return false
		}
		diffMembers("/hooks", x.obj, y.obj, "    ", nil)
		return true
	}
	diffMembers("", orig.obj, root.obj, "  ", inner)
	if len(ops) == 0 {
		return hu.String(), nil
	}
	if err := hu.Patch([]byte("[" + strings.Join(ops, ",") + "]")); err != nil {
		return "", err
	}
	// A member added at the end of an object follows the last one on the
	// same line; put it on its own line like the rest.
	for _, p := range added {
		parent, name := p[:strings.LastIndexByte(p, '/')], pointerUnescape(p[strings.LastIndexByte(p, '/')+1:])
		pv := hu.Find(parent)
		if pv == nil {
			continue
		}
		obj, ok := pv.Value.(*hujson.Object)
		if !ok {
			continue
		}
		depth := strings.Count(p, "/")
		for i := range obj.Members {
			m := &obj.Members[i]
			if lit, ok := m.Name.Value.(hujson.Literal); ok && lit.String() == name && len(m.Name.BeforeExtra) == 0 {
				m.Name.BeforeExtra = hujson.Extra("\n" + strings.Repeat("  ", depth))
				m.Value.BeforeExtra = hujson.Extra(" ")
			}
		}
	}
	hu.UpdateOffsets()
	return hu.String(), nil
}

// encodeAt is v as JSON, indented for a member at indent.
func encodeAt(v *value, indent string) string {
	var b strings.Builder
	v.encode(&b, indent)
	return b.String()
}

func jsonString(s string) string {
	b, _ := marshal(s)
	return string(b)
}

func pointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

func pointerUnescape(s string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}

// removeSentinel drops Sentinel's handlers from every event list, then the
// groups and lists it left empty. It reports whether it removed anything.
func removeSentinel(hooks *object, agent Agent) bool {
	removed := false
	for _, ev := range append([]string(nil), hooks.keys...) {
		list := hooks.get(ev)
		if list == nil || !list.isArr {
			continue
		}
		var keep []*value
		for _, g := range list.arr {
			if g.obj == nil {
				keep = append(keep, g)
				continue
			}
			// Cursor: the group is the handler.
			if c, ok := g.obj.get("command").str(); ok && IsSentinelCommand(c) {
				removed = true
				continue
			}
			inner := g.obj.get("hooks")
			if inner == nil || !inner.isArr {
				keep = append(keep, g)
				continue
			}
			var hs []*value
			for _, hnd := range inner.arr {
				if hnd.obj != nil {
					if c, ok := hnd.obj.get("command").str(); ok && IsSentinelCommand(c) {
						removed = true
						continue
					}
				}
				hs = append(hs, hnd)
			}
			if len(hs) == 0 && len(inner.arr) > 0 {
				continue // the group held only Sentinel's handlers
			}
			inner.arr = hs
			keep = append(keep, g)
		}
		if len(keep) == 0 && len(list.arr) > 0 {
			hooks.del(ev)
			continue
		}
		list.arr = keep
	}
	return removed
}

func writeFileAtomic(file string, data []byte) error {
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	if err := atomicfile.Write(file, data, atomicfile.Options{Sync: true}); err != nil {
		return fmt.Errorf("cannot replace %s: %w; check the folder's permissions", file, err)
	}
	return nil
}
