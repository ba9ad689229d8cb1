package mcpgate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/userdirs"
)

// Dirs are where the gate reads the user's policy and keeps its state. Both
// belong to the user, never to a project: a project can set environment
// variables for the servers it configures, so Resolve refuses directories
// inside the working directory.
type Dirs struct {
	// Config holds mcp-policy.json (SENTINEL_HOME, else
	// $XDG_CONFIG_HOME/sentinel, else ~/.config/sentinel).
	Config string
	// State holds pins, the approval queue and the audit log
	// ($XDG_STATE_HOME/sentinel, else ~/.local/state/sentinel), under mcp/.
	State string
	// Home is the user's home folder as the proxy's environment names it
	// (HOME), which the tool server inherits: "~/" in a call's arguments
	// means this folder. Empty: the process's own home.
	Home string
}

// ResolveDirs computes the directories from the environment. cwd is the
// directory the proxy was started in (the project); "" skips the check.
func ResolveDirs(getenv func(string) string, cwd string) (Dirs, error) {
	var d Dirs
	var err error
	if d.Config, err = userdirs.Config(getenv); err != nil {
		return d, err
	}
	if d.State, err = userdirs.State(getenv); err != nil {
		return d, err
	}
	if d.Config, err = filepath.Abs(d.Config); err != nil {
		return d, err
	}
	if d.State, err = filepath.Abs(d.State); err != nil {
		return d, err
	}
	if h := getenv("HOME"); filepath.IsAbs(h) {
		d.Home = h
	}
	if cwd != "" {
		for _, p := range []struct{ what, dir string }{{"policy", d.Config}, {"state", d.State}} {
			if within(p.dir, cwd) {
				return d, fmt.Errorf("refusing to use %s directory %s: it is inside the project directory %s, which the project controls; point SENTINEL_HOME and XDG_STATE_HOME at your home directory", p.what, p.dir, cwd)
			}
		}
	}
	return d, nil
}

// within reports whether dir is root or below it, after resolving symlinks
// of the parts that exist.
func within(dir, root string) bool {
	dir, root = resolveExisting(dir), resolveExisting(root)
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

func resolveExisting(p string) string {
	p = filepath.Clean(p)
	rest := ""
	for cur := p; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

// mcpState is the gate's part of the state directory.
func (d Dirs) mcpState() string { return filepath.Join(d.State, "mcp") }

// PolicyPath is the user's policy file.
func (d Dirs) PolicyPath() string { return filepath.Join(d.Config, "mcp-policy.json") }

// AuditPath is the hash-chained audit log.
func (d Dirs) AuditPath() string { return filepath.Join(d.mcpState(), "audit.jsonl") }

// QueueDir holds the approval queue.
func (d Dirs) QueueDir() string { return filepath.Join(d.mcpState(), "approvals") }

// PinDir holds one pin file per server.
func (d Dirs) PinDir() string { return filepath.Join(d.mcpState(), "pins") }

func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot create %s: %w; check the permissions of its parent", dir, err)
	}
	return nil
}
