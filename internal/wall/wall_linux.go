//go:build linux

package wall

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/landlock-lsm/go-landlock/landlock"
	"golang.org/x/sys/unix"
)

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
		if b, err := os.ReadFile("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"); err == nil && strings.TrimSpace(string(b)) == "1" {
			return fmt.Errorf("%w: AppArmor keeps unprivileged programs out of user namespaces (kernel.apparmor_restrict_unprivileged_userns is 1; an AppArmor profile for sentinel with the userns rule lifts it)", ErrUnavailable)
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
	b, err := json.Marshal(plan)
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
	// One user namespace in which the user keeps their own ids; the set-up
	// process holds CAP_SYS_ADMIN there (as an ambient capability, so it
	// survives exec for a user other than root) until the agent starts.
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:                 syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings:                []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}},
		GidMappings:                []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}},
		GidMappingsEnableSetgroups: false,
	}
	if os.Getuid() != 0 {
		cmd.SysProcAttr.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN}
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
	// The report pipe closes without a word when the agent's program
	// starts (close-on-exec); a word is why it did not.
	if l := p.line(); l != "" {
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
// plan's mounts, installs the terminal filter, enters a Landlock domain,
// gives up every capability (so the agent, which it becomes, cannot
// unmount or remount what it mounted; a namespace the agent makes is less
// privileged, where those mounts are locked), then waits for the agent to
// start and execs it. It never returns.
func Init() {
	// Capabilities, no_new_privs and exec belong to a thread: every step
	// below runs on this one.
	runtime.LockOSThread()
	report := os.NewFile(3, "wall-report")
	fail := func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if report != nil {
			fmt.Fprintf(report, "error: %s\n", msg)
		}
		os.Exit(125)
	}
	// Neither pipe reaches the agent: the report closes when the agent's
	// program starts, which tells the caller it did.
	syscall.CloseOnExec(3)
	syscall.CloseOnExec(4)
	raw := os.Getenv(PlanEnv)
	os.Unsetenv(PlanEnv)
	var plan Plan
	if err := json.Unmarshal([]byte(raw), &plan); err != nil {
		fail("the wall's plan is unreadable: %v", err)
	}
	if err := mountPlan(plan); err != nil {
		fail("%v", err)
	}
	// The working folder was inherited from before the mounts: it still
	// points into the tree below them, where `..` reaches Sentinel's folders
	// writable. Enter it again by its path, through the new mounts.
	if err := reenterWorkDir(); err != nil {
		fail("%v", err)
	}
	if err := denyTerminalInjection(); err != nil {
		fail("%v", err)
	}
	// A Landlock domain: its processes may not ptrace, or open through
	// /proc/PID/root, any process outside it, where the file system is
	// still writable, nor change a mount. Making block devices is the one
	// file right it handles, which nothing in an agent's work needs.
	// Signals are scoped too (Landlock ABI 6): the agent may not signal a
	// process outside the wall, so it cannot kill `sentinel run` to skip
	// what it checks when the agent ends. Older kernels enter the domain
	// without that scope.
	//lint:ignore SA1019 the struct literal has no field for the signal scope set here; MustConfig stays supported
	if err := landlock.MustConfig(landlock.AccessFSSet(unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK), landlock.ScopedSet(unix.LANDLOCK_SCOPE_SIGNAL)).BestEffort().Restrict(); err != nil {
		fail("cannot enter a Landlock domain: %v", err)
	}
	// The user keeps their own ids in this namespace (identity mapping).
	if err := dropCapabilities(os.Getuid()); err != nil {
		fail("%v", err)
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
	// This process becomes the agent: the same process the caller waits
	// for, with the terminal, the process group and the signals it had.
	err := syscall.Exec(path, argv, append(os.Environ(), ActiveEnv+"=1"))
	fail("cannot start %s inside the wall: %v", path, err)
}

// reenterWorkDir changes to the working folder again by its path, so that
// it is the folder as the new mounts show it, and checks that it is still
// the same folder.
func reenterWorkDir() error {
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("cannot find the working folder inside the wall: %v", err)
	}
	var before, after unix.Stat_t
	if err := unix.Stat(".", &before); err != nil {
		return fmt.Errorf("cannot read the working folder: %v", err)
	}
	if err := unix.Chdir(wd); err != nil {
		return fmt.Errorf("cannot enter %s inside the wall: %v", wd, err)
	}
	if err := unix.Stat(".", &after); err != nil || after.Ino != before.Ino || after.Dev != before.Dev {
		return fmt.Errorf("the working folder %s is another folder inside the wall", wd)
	}
	return nil
}

// AdoptOrphans makes this process the reaper of its descendants that lose
// their parent (a process the agent started with setsid or nohup and left
// behind), so EndOrphans can end them when the agent ends.
func AdoptOrphans() error {
	return unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
}

// EndOrphans kills and reaps every child this process still has once the
// agent has ended: all of them are what the agent left behind, inside the
// wall, where one could write after the check of links and PATH. It returns
// how many it ended.
func EndOrphans() int {
	self := os.Getpid()
	ended := 0
	for round := 0; round < 200; round++ {
		kids := childrenOf(self)
		for _, pid := range kids {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
		ended += len(kids)
		// Reap what died; a killed process's own children come to this
		// process next and are ended in the next round.
		for {
			pid, err := unix.Wait4(-1, nil, unix.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
		if len(kids) == 0 {
			if _, err := unix.Wait4(-1, nil, unix.WNOHANG, nil); err == unix.ECHILD {
				return ended
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return ended
}

// childrenOf lists the processes whose parent is pid: from each of its
// threads' children files where the kernel has them (cheap), else from
// every process's stat in /proc.
func childrenOf(pid int) []int {
	if tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task"); err == nil {
		var out []int
		found := false
		for _, t := range tasks {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + t.Name() + "/children")
			if err != nil {
				continue
			}
			found = true
			for _, f := range strings.Fields(string(b)) {
				if c, err := strconv.Atoi(f); err == nil {
					out = append(out, c)
				}
			}
		}
		if found {
			return out
		}
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The parent is the second field after the command, which is in
		// parentheses and may hold spaces.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, p)
		}
	}
	return out
}

// dropCapabilities leaves the agent no capability in the wall's namespace,
// so it cannot unmount or remount what the wall mounted there. A user other
// than root ran this process with CAP_SYS_ADMIN as an ambient capability:
// clearing it is enough, since exec gives a non-root program nothing else.
// Root would get every capability back at exec: the securebits that stop
// that (and their locks) are set first.
func dropCapabilities(uid int) error {
	if uid == 0 {
		// linux/securebits.h: NOROOT, NO_SETUID_FIXUP, NO_CAP_AMBIENT_RAISE,
		// each with its lock.
		const (
			secbitNoRoot, secbitNoRootLocked                       = 1 << 0, 1 << 1
			secbitNoSetuidFixup, secbitNoSetuidFixupLocked         = 1 << 2, 1 << 3
			secbitNoCapAmbientRaise, secbitNoCapAmbientRaiseLocked = 1 << 6, 1 << 7
		)
		bits := secbitNoRoot | secbitNoRootLocked | secbitNoSetuidFixup | secbitNoSetuidFixupLocked | secbitNoCapAmbientRaise | secbitNoCapAmbientRaiseLocked
		if err := unix.Prctl(unix.PR_SET_SECUREBITS, uintptr(bits), 0, 0, 0); err != nil {
			return fmt.Errorf("cannot keep root's capabilities from the agent: %v", err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("cannot clear the wall's capabilities: %v", err)
	}
	// No inheritable set and no new privileges at exec: a program with file
	// capabilities (or setuid) gains nothing inside the wall.
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return fmt.Errorf("cannot read the wall's capabilities: %v", err)
	}
	data[0].Inheritable, data[1].Inheritable = 0, 0
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("cannot clear the wall's inheritable capabilities: %v", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("cannot forbid new privileges: %v", err)
	}
	return nil
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
