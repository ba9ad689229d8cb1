//go:build !unix

package cli

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
)

// execAgent runs the agent as a child with this process's terminal and
// environment, and returns its exit code: platforms without exec(2).
func execAgent(path string, argv, env []string) error {
	cmd := exec.Command(path, argv[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Interrupts reach the agent (same console); Sentinel just waits.
	signal.Ignore(os.Interrupt)
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &exitStatus{code: ee.ExitCode()}
	}
	return err
}
