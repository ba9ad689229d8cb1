//go:build linux

package wall

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// denyTerminalInjection installs a seccomp filter, inherited by the agent,
// that refuses the two ioctls that push input into a terminal: TIOCSTI
// (type a character as if the person had) and TIOCLINUX (its console
// twin, subcode 2 pastes a selection). The agent shares the person's
// terminal; without this it could type `sentinel mcp allow ID` for the
// person's shell to run once the agent exits, outside the wall. Every
// other ioctl (raw mode, window size) passes.
func denyTerminalInjection() error {
	// The system calls that reach ioctl, by the architecture of the
	// calling code: a 64-bit agent may still run 32-bit code (i386 through
	// int 0x80, x32), which the kernel reports with another arch or number.
	type entry struct {
		arch uint32
		nrs  []uint32
	}
	var table []entry
	switch runtime.GOARCH {
	case "amd64":
		table = []entry{
			{unix.AUDIT_ARCH_X86_64, []uint32{unix.SYS_IOCTL, 0x40000000 | 514}}, // native and x32
			{unix.AUDIT_ARCH_I386, []uint32{54}},
		}
	case "arm64":
		table = []entry{{unix.AUDIT_ARCH_AARCH64, []uint32{unix.SYS_IOCTL}}, {unix.AUDIT_ARCH_ARM, []uint32{54}}}
	default:
		return fmt.Errorf("no terminal-injection filter for %s", runtime.GOARCH)
	}
	const (
		offNr   = 0  // seccomp_data.nr
		offArch = 4  // seccomp_data.arch
		offArg1 = 24 // low 32 bits of seccomp_data.args[1] (little-endian): the ioctl request, which the kernel truncates to 32 bits
	)
	ld := func(off uint32) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: off}
	}
	ret := func(k uint32) unix.SockFilter { return unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: k} }
	// Jumps are resolved to labels once the program is laid out.
	type jump struct {
		at     int
		onTrue string
	}
	var prog []unix.SockFilter
	var jumps []jump
	labels := map[string]int{}
	jeq := func(k uint32, onTrue string) {
		jumps = append(jumps, jump{at: len(prog), onTrue: onTrue})
		prog = append(prog, unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, K: k})
	}
	prog = append(prog, ld(offArch))
	for i, e := range table {
		jeq(e.arch, fmt.Sprint("arch", i))
	}
	prog = append(prog, ret(unix.SECCOMP_RET_ALLOW))
	for i, e := range table {
		labels[fmt.Sprint("arch", i)] = len(prog)
		prog = append(prog, ld(offNr))
		for _, nr := range e.nrs {
			jeq(nr, "check")
		}
		prog = append(prog, ret(unix.SECCOMP_RET_ALLOW))
	}
	labels["check"] = len(prog)
	prog = append(prog, ld(offArg1))
	jeq(unix.TIOCSTI, "deny")
	jeq(unix.TIOCLINUX, "deny")
	prog = append(prog, ret(unix.SECCOMP_RET_ALLOW))
	labels["deny"] = len(prog)
	prog = append(prog, ret(unix.SECCOMP_RET_ERRNO|uint32(unix.EPERM)))
	for _, j := range jumps {
		d := labels[j.onTrue] - j.at - 1
		if d < 0 || d > 255 {
			return fmt.Errorf("terminal-injection filter: jump out of range")
		}
		prog[j.at].Jt = uint8(d)
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&fprog))); errno != 0 {
		return fmt.Errorf("cannot install the terminal-injection filter: %v", errno)
	}
	runtime.KeepAlive(prog)
	return nil
}
