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

// Pending is never made on this system.
type Pending struct{}

// Prepare always fails here; see Available.
func Prepare(Plan, []string) (*Pending, error) { return nil, Available() }

// Run is never reached on this system.
func (*Pending) Run(string, []string) (*exec.Cmd, error) { return nil, Available() }

// Abort does nothing on this system.
func (*Pending) Abort() {}

// Init is never reached on this system.
func Init() {
	fmt.Fprintln(os.Stderr, "sentinel: the write wall exists only on Linux")
	os.Exit(125)
}

// AdoptOrphans does nothing on this system.
func AdoptOrphans() error { return nil }

// EndOrphans does nothing on this system.
func EndOrphans() int { return 0 }
