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

	"github.com/sentinel-sec/sentinel/internal/wall"
	"github.com/sentinel-sec/sentinel/mcpgate"
)

// Wall modes for `sentinel run --wall`.
const (
	wallAuto     = "auto"     // stand the wall where the system allows, else say so once and go on
	wallRequired = "required" // refuse to start the agent without the wall
	wallOff      = "off"      // no wall: the hook alone guards Sentinel's files
)

// runWalled starts the agent inside the write wall and waits for it. It
// reports handled=false (after telling the user, once, in one sentence,
// what protection is missing) when the agent should be started the plain
// way instead.
func (g *gate) runWalled(name, path string, argv []string) (handled bool, err error) {
	say := func(format string, a ...any) { fmt.Fprintf(g.app.Stderr, "sentinel: "+format+"\n", a...) }
	switch g.wall {
	case wallOff:
		say("the write wall is off (--wall=off): only the hook keeps `%s` from rewriting Sentinel's own files.", name)
		return false, nil
	case "", wallAuto, wallRequired:
	default:
		return true, usagef("--wall takes auto, required or off, not %q", g.wall)
	}
	missing := func(why error) (bool, error) {
		if g.wall == wallRequired {
			say("refusing to start `%s`: %v, and --wall=required is set.", name, why)
			return true, exitWith(ExitUsage, why)
		}
		say("%v; only the hook keeps `%s` from rewriting Sentinel's own files.", why, name)
		return false, nil
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
	env := os.Environ()
	stop, sock, err := startBroker(g.app.Getenv)
	if err != nil {
		return missing(fmt.Errorf("%w: cannot start the state broker the MCP gateway writes through: %v", wall.ErrUnavailable, err))
	}
	defer stop()
	env = append(env, mcpgate.BrokerEnv+"="+sock)
	// Interrupts from the terminal reach the agent directly (same process
	// group); what is sent to this process alone is passed on.
	signal.Ignore(syscall.SIGINT, syscall.SIGQUIT)
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	cmd, err := wall.Start(plan, path, argv, env)
	if err != nil {
		return missing(err)
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
