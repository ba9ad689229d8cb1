//go:build !linux

package wall

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
)

// Available reports that this operating system has no wall yet.
func Available() error {
	return fmt.Errorf("%w: Sentinel builds its write wall from Linux namespaces and Landlock, which %s does not have", ErrUnavailable, runtime.GOOS)
}

// Start always fails here; see Available.
func Start(Plan, string, []string, []string) (*exec.Cmd, error) { return nil, Available() }

// Init is never reached on this system.
func Init([]string) {
	fmt.Fprintln(os.Stderr, "sentinel: the write wall exists only on Linux")
	os.Exit(125)
}
