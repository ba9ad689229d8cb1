// Package wall keeps an agent's whole process tree from writing Sentinel's
// own files: its configuration (policy, approvals, trusted keys, private
// keys, extra blast centres), its state (MCP pins, the approval queue, the
// audit log) and the sentinel binary the hook runs. It is the operating
// system's answer to "the agent edits the policy that judges it": a word
// list in the hook can be spelled around, a read-only mount cannot.
//
// On Linux, `sentinel run` starts the agent inside a new user and mount
// namespace in which those folders and the binary are read-only bind
// mounts, the folders above them are mount points (so they cannot be
// renamed away and recreated), and a Landlock domain stops the agent from
// reaching another process's view of the file system through /proc. The
// agent still writes the project, its own files in $HOME, caches and temp.
// Elsewhere, or where the kernel refuses namespaces, Prepare or Run
// reports why and the caller falls back to the hook alone.
package wall

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/userdirs"
)

// InitArg is the hidden first argument with which the sentinel binary runs
// as the wall's set-up process (see Init).
const InitArg = "__wall-init"

// PlanEnv carries the plan to the set-up process; it is removed before the
// agent starts.
const PlanEnv = "SENTINEL_WALL_PLAN"

// ActiveEnv is set in the agent's environment while the wall stands. It is
// information for people and for Sentinel's own messages, never a
// permission: an agent can unset it, and the wall still stands.
const ActiveEnv = "SENTINEL_WALL"

// Plan is what the wall protects.
type Plan struct {
	// ReadOnly folders and files become read-only for the agent's tree.
	ReadOnly []string `json:"read_only"`
	// Writable folders inside ReadOnly stay writable (the blast-radius
	// gate's per-turn memory, which the hook writes from inside).
	Writable []string `json:"writable,omitempty"`
	// Pinned folders are every ancestor of a ReadOnly path below the root:
	// each becomes a mount point, which the kernel will not let anyone
	// rename or remove, so a protected folder cannot be moved aside and
	// replaced by a forged one at the same path.
	Pinned []string `json:"pinned,omitempty"`
	// Hidden folders are covered by an empty one: the sockets of terminal
	// multiplexers (tmux, screen), whose servers run outside the wall and
	// run whatever command they are sent.
	Hidden []string `json:"hidden,omitempty"`
}

// Protected computes the plan for this user: Sentinel's configuration and
// state folders (created if missing, so they can be mounted), the blast
// gate's state as the one writable carve-out, and the binaries named in
// bins (the running executable, and `sentinel` on PATH), each resolved
// through symbolic links.
func Protected(getenv func(string) string, bins ...string) (Plan, error) {
	var p Plan
	cfg, err := userdirs.Config(getenv)
	if err != nil {
		return p, err
	}
	state, err := userdirs.State(getenv)
	if err != nil {
		return p, err
	}
	// The folders the gateway and the gate open inside the state folder
	// must exist before it turns read-only.
	gate := filepath.Join(state, "gate")
	for _, d := range []string{cfg, gate, filepath.Join(state, "mcp", "approvals"), filepath.Join(state, "mcp", "pins"), filepath.Join(state, "broker")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return p, errors.New("cannot create " + d + " to protect it: " + err.Error())
		}
	}
	for _, d := range []string{cfg, state} {
		r, err := filepath.EvalSymlinks(d)
		if err != nil {
			return p, err
		}
		p.ReadOnly = append(p.ReadOnly, r)
	}
	if r, err := filepath.EvalSymlinks(gate); err == nil {
		p.Writable = append(p.Writable, r)
	}
	for _, b := range bins {
		if b == "" {
			continue
		}
		r, err := filepath.EvalSymlinks(b)
		if err != nil {
			continue
		}
		if fi, err := os.Stat(r); err == nil && fi.Mode().IsRegular() {
			p.ReadOnly = append(p.ReadOnly, r)
		}
	}
	p.ReadOnly = dedupeNested(p.ReadOnly)
	// A Sentinel folder that holds the project (SENTINEL_HOME=$HOME, say)
	// would make the agent's own work read-only: say so rather than stand
	// a wall the agent cannot work behind.
	if wd, err := os.Getwd(); err == nil {
		if wd, err = filepath.EvalSymlinks(wd); err == nil {
			for _, r := range p.ReadOnly {
				if within(wd, r) {
					return p, errors.New("Sentinel's folder " + r + " holds the project " + wd + "; point SENTINEL_HOME and XDG_STATE_HOME at folders of their own")
				}
			}
		}
	}
	p.Pinned = ancestors(p.ReadOnly)
	p.Hidden = multiplexerSockets(getenv)
	return p, nil
}

// multiplexerSockets are the folders where tmux and screen keep the
// sockets of the servers they run for this user.
func multiplexerSockets(getenv func(string) string) []string {
	uid := strconv.Itoa(os.Getuid())
	tmp := getenv("TMUX_TMPDIR")
	if tmp == "" {
		tmp = os.TempDir()
	}
	out := []string{filepath.Join(tmp, "tmux-"+uid), filepath.Join("/tmp", "tmux-"+uid)}
	if d := getenv("XDG_RUNTIME_DIR"); d != "" {
		out = append(out, filepath.Join(d, "tmux-"+uid))
	}
	if d := getenv("SCREENDIR"); d != "" {
		out = append(out, d)
	}
	if u := getenv("USER"); u != "" {
		out = append(out, filepath.Join("/run/screen", "S-"+u), filepath.Join("/var/run/screen", "S-"+u))
	}
	if h := userdirs.Home(getenv); h != "" {
		out = append(out, filepath.Join(h, ".screen"))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// dedupeNested drops duplicates and paths inside another path of the list.
func dedupeNested(paths []string) []string {
	sort.Strings(paths)
	var out []string
	for _, p := range paths {
		if len(out) > 0 && within(p, out[len(out)-1]) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// ancestors lists every folder above paths, below the root, outermost
// first, without the paths themselves.
func ancestors(paths []string) []string {
	var out []string
	for _, p := range paths {
		for d := filepath.Dir(p); d != filepath.Dir(d); d = filepath.Dir(d) {
			if !slices.Contains(out, d) && !slices.Contains(paths, d) {
				out = append(out, d)
			}
		}
	}
	// Outermost first: a bind of a folder must not cover one made below it.
	sort.Slice(out, func(i, j int) bool {
		ci, cj := strings.Count(out[i], string(filepath.Separator)), strings.Count(out[j], string(filepath.Separator))
		if ci != cj {
			return ci < cj
		}
		return out[i] < out[j]
	})
	return out
}

// within reports whether p is root or below it (both clean and absolute).
func within(p, root string) bool {
	if p == root {
		return true
	}
	if !strings.HasSuffix(root, string(filepath.Separator)) {
		root += string(filepath.Separator)
	}
	return strings.HasPrefix(p, root)
}

// ErrUnavailable wraps every reason the wall cannot stand on this system.
var ErrUnavailable = errors.New("the write wall is not available")
