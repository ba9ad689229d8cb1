package hook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/ascii"
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
}

// The tools each agent's pre-tool hook is limited to, so that a failing or
// missing hook, which blocks, can never block a read.
const (
	claudeMatcher = "Write|Edit|MultiEdit|NotebookEdit|Bash"
	geminiMatcher = "write_file|replace|run_shell_command"
	cursorMatcher = "Write|Edit|StrReplace|MultiEdit|Delete|Shell"
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

// Command is the command line the installed hook runs.
func Command(binary string, agent Agent) string {
	if binary == "" {
		binary = "sentinel"
	}
	if strings.ContainsAny(binary, " \t'\"$`\\") {
		binary = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`").Replace(binary) + `"`
	}
	return binary + " hook " + string(agent)
}

// IsSentinelCommand reports whether a hook command line was installed by
// Sentinel: `[path/]sentinel[.exe] hook claude|gemini|cursor`, possibly
// quoted, possibly followed by Gemini's `|| exit 2`.
func IsSentinelCommand(cmd string) bool {
	cmd = strings.TrimSpace(cmd)
	var exe, rest string
	if strings.HasPrefix(cmd, `"`) {
		end := ascii.ClosingQuote(cmd)
		if end < 0 {
			return false
		}
		exe, rest = cmd[1:end], cmd[end+1:]
	} else {
		exe, rest, _ = strings.Cut(cmd, " ")
	}
	base := strings.ToLower(filepath.Base(strings.ReplaceAll(exe, `\`, "/")))
	if base != "sentinel" && base != "sentinel.exe" {
		return false
	}
	f := strings.Fields(rest)
	if len(f) < 2 || f[0] != "hook" {
		return false
	}
	if _, err := ParseAgent(f[1]); err != nil {
		return false
	}
	tail := strings.Join(f[2:], " ")
	return tail == "" || tail == "|| exit 2"
}

// entries returns the hook groups Sentinel installs for an agent, by event.
func entries(agent Agent, binary string) []kv {
	cmd := Command(binary, agent)
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
	before, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return file, false, fmt.Errorf("cannot read %s: %w; check its permissions", file, err)
	}
	if !install && errors.Is(err, os.ErrNotExist) {
		return file, false, nil
	}
	root, perr := parseValue(before)
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
		for _, e := range entries(o.Agent, o.Binary) {
			if l := hooks.obj.get(e.k); l != nil && !l.isArr && string(l.scalar) != "null" {
				return file, false, fmt.Errorf(`"hooks.%s" in %s is not a list; fix the file or add the hook by hand`, e.k, file)
			}
		}
	}
	if hooks == nil {
		hooks = &value{obj: newObject()}
	}
	removed := removeSentinel(hooks.obj, o.Agent)
	if install {
		if o.Agent == Cursor && root.obj.get("version") == nil {
			root.obj.set("version", fromAny(1))
		}
		for _, e := range entries(o.Agent, o.Binary) {
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
	if string(before) == after {
		return file, false, nil
	}
	if err := writeFileAtomic(file, []byte(after)); err != nil {
		return file, false, err
	}
	return file, true, nil
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
