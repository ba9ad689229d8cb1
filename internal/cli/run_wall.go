package cli

import (
	"io"
	"time"

	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/sentinel-sec/sentinel/internal/userdirs"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/sentinel-sec/sentinel/internal/human"
	"github.com/sentinel-sec/sentinel/internal/wall"
	"github.com/sentinel-sec/sentinel/mcpgate"
)

// Wall modes for `sentinel run --wall`.
const (
	wallAuto     = "auto"     // stand the wall where the system allows, else say so once and go on
	wallRequired = "required" // refuse to start the agent without the wall
	wallOff      = "off"      // no wall: the hook alone guards Sentinel's files
)

// walledStart is a write wall being set up while the gate scans.
type walledStart struct {
	pending    *wall.Pending
	stopBroker func()
	used       bool
	// watches and onPath are checked when the agent exits (checkLinks).
	watches []linkWatch
	onPath  string
}

// prepareWall starts setting the wall up, so that its cost overlaps the
// scan. It returns nil (after telling the user, once, in one sentence,
// what protection is missing) when the agent is to start the plain way,
// and an error when --wall=required cannot be met.
func (g *gate) prepareWall(name string, env []string) (*walledStart, error) {
	say := func(format string, a ...any) { fmt.Fprintf(g.app.Stderr, "sentinel: "+format+"\n", a...) }
	switch g.wall {
	case wallOff:
		say("the write wall is off (--wall=off): only the hook keeps `%s` from rewriting Sentinel's own files.", name)
		return nil, nil
	case "", wallAuto, wallRequired:
	default:
		return nil, usagef("--wall takes auto, required or off, not %q", g.wall)
	}
	missing := func(why error) (*walledStart, error) {
		if g.wall == wallRequired {
			say("refusing to start `%s`: %v, and --wall=required is set.", name, why)
			return nil, exitWith(ExitUsage, why)
		}
		say("%v; only the hook keeps `%s` from rewriting Sentinel's own files.", why, name)
		return nil, nil
	}
	if err := wall.Available(); err != nil {
		return missing(err)
	}
	var bins []string
	if self, err := os.Executable(); err == nil {
		bins = append(bins, self)
	}
	if p, err := exec.LookPath("sentinel"); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			bins = append(bins, abs)
		}
	}
	plan, err := wall.Protected(g.app.Getenv, bins...)
	if err != nil {
		return missing(fmt.Errorf("%w: %v", wall.ErrUnavailable, err))
	}
	sock, err := brokerName()
	if err != nil {
		return missing(fmt.Errorf("%w: %v", wall.ErrUnavailable, err))
	}
	// The hook and the gateway the agent starts find Sentinel's folders by
	// their real paths, whatever happens to a link on the way there.
	env = append(env, mcpgate.BrokerEnv+"="+sock)
	if d, err := userdirs.Config(g.app.Getenv); err == nil {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			env = append(env, "SENTINEL_HOME="+r)
		}
	}
	if d, err := userdirs.State(g.app.Getenv); err == nil {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			env = append(env, userdirs.StateEnv+"="+r)
		}
	}
	// The set-up process starts first, so its start-up overlaps the rest:
	// the broker, the links to watch, the gate's scan. Nothing runs inside
	// the wall until Run hands it the agent.
	// Whatever the agent leaves running comes back to this process, which
	// ends it when the agent ends (see run).
	if err := wall.AdoptOrphans(); err != nil {
		return missing(fmt.Errorf("%w: cannot collect what the agent leaves running: %v", wall.ErrUnavailable, err))
	}
	p, err := wall.Prepare(plan, env)
	if err != nil {
		return missing(err)
	}
	stop, err := startBroker(g.app.Getenv, sock)
	if err != nil {
		p.Abort()
		return missing(fmt.Errorf("%w: cannot start the state broker the MCP gateway writes through: %v", wall.ErrUnavailable, err))
	}
	watches, onPath := sentinelLinks(g.app.Getenv)
	return &walledStart{pending: p, stopBroker: stop, watches: watches, onPath: onPath}, nil
}

// close ends a set-up that was not used (the gate refused, or failed).
func (w *walledStart) close() {
	if w == nil || w.used {
		return
	}
	w.pending.Abort()
	w.stopBroker()
}

// run starts the agent inside the wall and waits for it. handled is false
// when the set-up failed in --wall=auto: the user was told, and the agent
// is to start the plain way.
func (w *walledStart) run(g *gate, name, path string, argv []string) (handled bool, err error) {
	w.used = true
	defer w.stopBroker()
	// Interrupts from the terminal reach the agent directly (same process
	// group); what is sent to this process alone is passed on.
	signal.Ignore(syscall.SIGINT, syscall.SIGQUIT)
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	cmd, err := w.pending.Run(path, argv)
	if err != nil {
		if g.wall == wallRequired {
			fmt.Fprintf(g.app.Stderr, "sentinel: refusing to start `%s`: %v, and --wall=required is set.\n", name, err)
			return true, exitWith(ExitUsage, err)
		}
		fmt.Fprintf(g.app.Stderr, "sentinel: %v; only the hook keeps `%s` from rewriting Sentinel's own files.\n", err, name)
		return false, nil
	}
	go func() {
		for s := range sigs {
			_ = cmd.Process.Signal(s)
		}
	}()
	werr := cmd.Wait()
	// Processes the agent left behind are inside the wall and could write
	// after the check below: they end with the agent.
	if n := wall.EndOrphans(); n > 0 {
		what := fmt.Sprintf("%d processes", n)
		if n == 1 {
			what = "1 process"
		}
		fmt.Fprintf(g.app.Stderr, "sentinel: ended %s that `%s` left running inside the wall.\n", what, name)
	}
	checkLinks(g.app.Stderr, name, w.watches, w.onPath)
	var ee *exec.ExitError
	switch {
	case werr == nil:
		return true, nil
	case errors.As(werr, &ee):
		code := ee.ExitCode()
		if code < 0 {
			code = 128
		}
		return true, exitWith(code, &exitStatus{code: code})
	}
	return true, fmt.Errorf("cannot start %s: %v", name, werr)
}

// agentEnv is the environment the agent starts with: this one, marked with
// this process's ID, so Sentinel's decision commands know they run under
// an agent (the parent walk covers an agent that unsets it).
func agentEnv() []string {
	return append(os.Environ(), human.RunPIDEnv+"="+strconv.Itoa(os.Getpid()))
}

// brokerName is a fresh abstract socket name. It is taken (by
// startBroker) before the agent, which learns it from its environment,
// starts.
func brokerName() (string, error) {
	var rnd [12]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", err
	}
	return "@sentinel-broker-" + hex.EncodeToString(rnd[:]), nil
}

// startBroker serves the MCP gateway's state writes on an abstract socket
// (Linux, where the wall stands): the agent can connect, but there is no
// file to remove or replace, and a gateway checks every answer against the
// queue, which it reads directly.
func startBroker(getenv func(string) string, sock string) (stop func(), err error) {
	dirs, err := mcpgate.ResolveDirs(getenv, "")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return nil, err
	}
	b, err := mcpgate.NewBroker(dirs)
	if err != nil {
		ln.Close()
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Serve(ctx, ln); close(done) }()
	return func() { cancel(); <-done }, nil
}

// linkWatch remembers where a path Sentinel depends on led when the agent
// started: a symbolic link (a dotfiles manager's ~/.config/sentinel, a
// ~/bin/sentinel that points into an install folder) lives in a folder the
// agent writes, and no mount can make a link read-only. After the agent
// exits, a path that leads elsewhere is put back (what stood there is kept
// beside it) and the user is told.
type linkWatch struct {
	path     string // as Sentinel and the agents name it
	resolved string // where it led
	link     string // its own link text, when path itself was a link
}

func watchLink(p string) (linkWatch, bool) {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return linkWatch{}, false
	}
	w := linkWatch{path: p, resolved: r}
	if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		w.link, _ = os.Readlink(p)
	}
	return w, true
}

// sentinelLinks are the paths to watch: Sentinel's folders and the
// `sentinel` that PATH finds.
func sentinelLinks(getenv func(string) string) (watches []linkWatch, onPath string) {
	for _, f := range []func(func(string) string) (string, error){userdirs.Config, userdirs.State} {
		if d, err := f(getenv); err == nil {
			if w, ok := watchLink(d); ok {
				watches = append(watches, w)
			}
		}
	}
	if p, err := exec.LookPath("sentinel"); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			onPath = abs
			if w, ok := watchLink(abs); ok {
				watches = append(watches, w)
			}
		}
	}
	return watches, onPath
}

// checkLinks puts back what the agent changed among watches and onPath,
// telling the user in one sentence each.
func checkLinks(stderr io.Writer, name string, watches []linkWatch, onPath string) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	aside := func(p string) string {
		dst := p + ".replaced-by-agent-" + stamp
		if err := os.Rename(p, dst); err != nil {
			return ""
		}
		return dst
	}
	for _, w := range watches {
		if now, err := filepath.EvalSymlinks(w.path); err == nil && now == w.resolved {
			continue
		}
		if w.link == "" {
			fmt.Fprintf(stderr, "sentinel: while `%s` ran, %s stopped leading to %s (a folder above it was replaced); check it before you use Sentinel again.\n", name, w.path, w.resolved)
			continue
		}
		kept := ""
		if _, err := os.Lstat(w.path); err == nil {
			if kept = aside(w.path); kept == "" {
				fmt.Fprintf(stderr, "sentinel: while `%s` ran, %s was replaced and Sentinel could not move it aside; restore it with: ln -sfn %s %s\n", name, w.path, w.link, w.path)
				continue
			}
		}
		if err := os.Symlink(w.link, w.path); err != nil {
			fmt.Fprintf(stderr, "sentinel: while `%s` ran, %s was replaced; restore it with: ln -sfn %s %s\n", name, w.path, w.link, w.path)
			continue
		}
		fmt.Fprintf(stderr, "sentinel: while `%s` ran, %s was replaced; Sentinel put the link to %s back and kept what stood there as %s.\n", name, w.path, w.link, kept)
	}
	if onPath == "" {
		return
	}
	if now, err := exec.LookPath("sentinel"); err == nil {
		if abs, err := filepath.Abs(now); err == nil && abs != onPath {
			if kept := aside(abs); kept != "" {
				fmt.Fprintf(stderr, "sentinel: while `%s` ran, a new %s came before %s on PATH; Sentinel moved it to %s.\n", name, abs, onPath, kept)
			} else {
				fmt.Fprintf(stderr, "sentinel: while `%s` ran, a new %s came before %s on PATH; remove it before you use Sentinel again.\n", name, abs, onPath)
			}
		}
	}
}
