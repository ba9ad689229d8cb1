//go:build !unix

package mcpgate

import (
	"os"
	"os/exec"
)

func serverPipe() (r, w *os.File, err error) { return os.Pipe() }

func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
