//go:build unix

package cli

import (
	"syscall"
)

// execAgent replaces this process with the agent: same process id,
// arguments, environment, terminal and signals, and the agent's own exit
// code. It returns only if the exec failed.
func execAgent(path string, argv, env []string) error {
	return syscall.Exec(path, argv, env)
}
