package cli

import (
	"context"
	"errors"
	"fmt"
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
	stop, sock, err := startBroker(g.app.Getenv)
	if err != nil {
		return missing(fmt.Errorf("%w: cannot start the state broker the MCP gateway writes through: %v", wall.ErrUnavailable, err))
	}
	p, err := wall.Prepare(plan, append(env, mcpgate.BrokerEnv+"="+sock))
	if err != nil {
		stop()
		return missing(err)
	}
	return &walledStart{pending: p, stopBroker: stop}, nil
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

// startBroker serves the MCP gateway's state writes on a socket inside
// Sentinel's state folder, which the wall makes read-only for the agent: it
// can connect, but can neither remove the socket nor put its own in place.
func startBroker(getenv func(string) string) (stop func(), sock string, err error) {
	dirs, err := mcpgate.ResolveDirs(getenv, "")
	if err != nil {
		return nil, "", err
	}
	dir := filepath.Join(dirs.State, "broker")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, "", err
	}
	sock = filepath.Join(dir, strconv.Itoa(os.Getpid())+".sock")
	if len(sock) >= 100 {
		return nil, "", fmt.Errorf("the socket path %s is too long for the system", sock)
	}
	os.Remove(sock)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return nil, "", err
	}
	b, err := mcpgate.NewBroker(dirs)
	if err != nil {
		ln.Close()
		return nil, "", err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Serve(ctx, ln); close(done) }()
	return func() { cancel(); <-done; os.Remove(sock) }, sock, nil
}
