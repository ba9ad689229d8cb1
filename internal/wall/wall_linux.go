//go:build linux

package wall

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	"golang.org/x/sys/unix"
)

// spec is what the set-up process receives in PlanEnv.
type spec struct {
	Plan Plan `json:"plan"`
	// UID and GID are the user's own ids outside the namespaces; the agent
	// runs as them again in the inner namespace.
	UID int `json:"uid"`
	GID int `json:"gid"`
}

// Available reports why the wall cannot stand here, or nil. It checks what
// can be checked without starting anything: Landlock (which keeps the
// agent out of other processes' views through /proc) and the kernel's user
// namespace switches. Start may still fail where a security module refuses
// namespaces; it says so then.
func Available() error {
	abi, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 || int(abi) < 1 {
		return fmt.Errorf("%w: this kernel has no Landlock (needs Linux 5.13 or newer with Landlock enabled)", ErrUnavailable)
	}
	if b, err := os.ReadFile("/proc/sys/user/max_user_namespaces"); err == nil && strings.TrimSpace(string(b)) == "0" {
		return fmt.Errorf("%w: user namespaces are switched off (user.max_user_namespaces is 0)", ErrUnavailable)
	}
	if os.Getuid() != 0 {
		if b, err := os.ReadFile("/proc/sys/kernel/unprivileged_userns_clone"); err == nil && strings.TrimSpace(string(b)) == "0" {
			return fmt.Errorf("%w: unprivileged user namespaces are switched off (kernel.unprivileged_userns_clone is 0)", ErrUnavailable)
		}
	}
	return nil
}

// Pending is a set-up process that is making the wall while the caller
// does other work (the gate's scan): the cost of starting it is hidden
// behind that work. Run hands it the agent; Abort ends it.
type Pending struct {
	cmd    *exec.Cmd
	ctl    *os.File      // fd 4 of the set-up process: the agent to start
	report *bufio.Reader // fd 3: "ready", then "ok", or "error: ..."
	rfile  *os.File
}

// Prepare starts the set-up process for plan with env (the agent's
// environment) and this process's standard streams, and returns at once.
func Prepare(plan Plan, env []string) (*Pending, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("%w: cannot find the sentinel binary to set the wall up: %v", ErrUnavailable, err)
	}
	b, err := json.Marshal(spec{Plan: plan, UID: os.Getuid(), GID: os.Getgid()})
	if err != nil {
		return nil, err
	}
	rr, rw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cr, cw, err := os.Pipe()
	if err != nil {
		rr.Close()
		rw.Close()
		return nil, err
	}
	cmd := exec.Command(self, InitArg)
	cmd.Args[0] = "sentinel"
	cmd.Env = append(append([]string(nil), env...), PlanEnv+"="+string(b))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.ExtraFiles = []*os.File{rw, cr} // fd 3: report, fd 4: the agent
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:                 syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings:                []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings:                []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
		GidMappingsEnableSetgroups: false,
	}
	err = cmd.Start()
	rw.Close()
	cr.Close()
	if err != nil {
		rr.Close()
		cw.Close()
		return nil, fmt.Errorf("%w: the kernel refused a user namespace (%v)", ErrUnavailable, err)
	}
	return &Pending{cmd: cmd, ctl: cw, report: bufio.NewReader(io.LimitReader(rr, 8192)), rfile: rr}, nil
}

func (p *Pending) line() string {
	l, _ := p.report.ReadString('\n')
	return strings.TrimSpace(l)
}

// Run starts path with argv (argv[0] included) inside the wall once it
// stands, and returns the running set-up process, which exits with the
// agent's code. It fails, before the agent starts, when the namespaces or
// mounts were refused; the error says why in one sentence.
func (p *Pending) Run(path string, argv []string) (*exec.Cmd, error) {
	defer p.rfile.Close()
	if l := p.line(); l != "ready" {
		p.Abort()
		return nil, setupError(l)
	}
	err := json.NewEncoder(p.ctl).Encode(append([]string{path}, argv...))
	p.ctl.Close()
	if err != nil {
		p.Abort()
		return nil, fmt.Errorf("%w: cannot hand the agent to the set-up process: %v", ErrUnavailable, err)
	}
	if l := p.line(); l != "ok" {
		_ = p.cmd.Wait()
		return nil, setupError(l)
	}
	return p.cmd, nil
}

// Abort ends the set-up process without starting anything.
func (p *Pending) Abort() {
	p.ctl.Close() // the set-up process exits on end of input
	_ = p.cmd.Wait()
}

func setupError(line string) error {
	if line == "" {
		line = "the set-up process ended without a word"
	}
	return fmt.Errorf("%w: %s", ErrUnavailable, strings.TrimPrefix(line, "error: "))
}

// Init is the set-up process: it runs inside the new namespaces, makes the
// plan's mounts, puts itself under Landlock, makes itself unreadable to the
// agent, then starts the agent in a second user and mount namespace (where
// the mounts are locked: the agent cannot unmount or remount them, even as
// root of its own namespace), waits, and exits with the agent's code. It
// never returns.
func Init() {
	report := os.NewFile(3, "wall-report")
	fail := func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if report != nil {
			fmt.Fprintf(report, "error: %s\n", msg)
		}
		os.Exit(125)
	}
	raw := os.Getenv(PlanEnv)
	os.Unsetenv(PlanEnv)
	var s spec
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		fail("the wall's plan is unreadable: %v", err)
	}
	if err := mountPlan(s.Plan); err != nil {
		fail("%v", err)
	}
	if err := denyTerminalInjection(); err != nil {
		fail("%v", err)
	}
	// Not dumpable: a process of the agent's tree may not ptrace this one
	// or read its /proc entries (it would need CAP_SYS_PTRACE in this
	// namespace, which the inner namespace does not give).
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		fail("cannot protect the wall's set-up process: %v", err)
	}
	// A Landlock domain: its processes may not ptrace, or open through
	// /proc/PID/root, any process outside it, where the file system is
	// still writable. Making block devices is the one right it handles,
	// which nothing in an agent's work needs.
	if err := landlock.MustConfig(landlock.AccessFSSet(unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK)).RestrictPaths(); err != nil {
		fail("cannot enter a Landlock domain: %v", err)
	}
	fmt.Fprintln(report, "ready")
	// The agent to start, once the caller's scan has said it may start; end
	// of input means it may not.
	ctl := os.NewFile(4, "wall-control")
	var agent []string
	if err := json.NewDecoder(ctl).Decode(&agent); err != nil || len(agent) < 2 {
		os.Exit(0)
	}
	ctl.Close()
	path, argv := agent[0], agent[1:]
	cmd := exec.Command(path, argv[1:]...)
	cmd.Args = argv
	cmd.Env = append(os.Environ(), ActiveEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:                 syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings:                []syscall.SysProcIDMap{{ContainerID: s.UID, HostID: 0, Size: 1}},
		GidMappings:                []syscall.SysProcIDMap{{ContainerID: s.GID, HostID: 0, Size: 1}},
		GidMappingsEnableSetgroups: false,
	}
	// The terminal's interrupts reach the agent directly (same process
	// group); the set-up process only passes on what is sent to it.
	signal.Ignore(syscall.SIGINT, syscall.SIGQUIT)
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2)
	if err := cmd.Start(); err != nil {
		fail("cannot start %s inside the wall: %v", path, err)
	}
	fmt.Fprintln(report, "ok")
	report.Close()
	go func() {
		for sig := range sigs {
			_ = cmd.Process.Signal(sig)
		}
	}()
	os.Exit(exitCode(cmd.Wait()))
}

// exitCode turns a child's end into this process's exit code, as a shell
// does: its own code, or 128 plus the signal that ended it.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return 125
}

// kernelSettings are read-only inside the wall: an agent running as root
// maps back to the host's root, and the kernel's own settings files check
// only for that (`/proc/sys/kernel/core_pattern` or `modprobe`, or
// `/sys/kernel/uevent_helper`, name a program the kernel later runs as root
// outside every namespace).
var kernelSettings = []string{"/proc/sys", "/proc/sysrq-trigger", "/sys"}

// mountPlan makes the plan's mounts in this (new, private) mount namespace.
func mountPlan(p Plan) error {
	// Nothing done here may reach the user's own mount namespace.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("cannot make a private mount namespace: %v", err)
	}
	for _, d := range p.Pinned {
		if _, err := os.Stat(d); err != nil {
			continue
		}
		if err := unix.Mount(d, d, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("cannot pin %s in place: %v", d, err)
		}
	}
	readOnly := append([]string(nil), p.ReadOnly...)
	for _, d := range kernelSettings {
		if _, err := os.Stat(d); err == nil {
			readOnly = append(readOnly, d)
		}
	}
	for _, d := range readOnly {
		if err := unix.Mount(d, d, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("cannot protect %s: %v", d, err)
		}
	}
	for _, d := range p.Writable {
		if err := unix.Mount(d, d, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("cannot keep %s writable: %v", d, err)
		}
	}
	// Read-only with every mount below (a protected folder's submounts,
	// /sys's cgroup and debug file systems), keeping each mount's other
	// flags; then the carve-outs back to writable.
	for _, d := range readOnly {
		if err := unix.MountSetattr(unix.AT_FDCWD, d, unix.AT_RECURSIVE, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
			return fmt.Errorf("cannot make %s read-only: %v", d, err)
		}
	}
	for _, d := range p.Writable {
		if err := unix.MountSetattr(unix.AT_FDCWD, d, 0, &unix.MountAttr{Attr_clr: unix.MOUNT_ATTR_RDONLY}); err != nil {
			return fmt.Errorf("cannot keep %s writable: %v", d, err)
		}
	}
	// Terminal multiplexers' servers run outside the wall and run what
	// they are sent: their sockets are hidden behind an empty folder.
	for _, d := range p.Hidden {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		if err := unix.Mount("tmpfs", d, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "size=16k,mode=0700"); err != nil {
			return fmt.Errorf("cannot hide %s: %v", d, err)
		}
	}
	return nil
}
