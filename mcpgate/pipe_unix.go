//go:build unix

package mcpgate

import (
	"os"
	"os/exec"
	"syscall"
)

// serverPipe returns a pipe whose read end blocks in read(2) on its own
// thread instead of going through the runtime's poller: the proxy wakes up
// as soon as the server writes, which saves a scheduler hop per message.
func serverPipe() (r, w *os.File, err error) {
	var fds [2]int
	syscall.ForkLock.RLock()
	err = syscall.Pipe(fds[:])
	if err == nil {
		syscall.CloseOnExec(fds[0])
		syscall.CloseOnExec(fds[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1"), nil
}

// ownGroup starts the server in its own process group, so that stopping it
// also stops what it started (npx starts node, which would otherwise keep
// running and keep the pipe open).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the server's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		_ = cmd.Process.Kill()
	}
}
