//go:build unix

package guard

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// With no controlling terminal (a new session, as under CI or an IDE), the
// terminal confirm rejects and says why. The check runs in a child process
// started with setsid.
func TestTerminalConfirmNoTerminal(t *testing.T) {
	if os.Getenv("GUARD_NO_TTY_CHILD") == "1" {
		ok, err := TerminalConfirm()(context.Background(), goldenRequest())
		if ok || !errors.Is(err, ErrNoTerminal) || !strings.Contains(err.Error(), "/dev/tty") {
			t.Fatalf("got %v %v", ok, err)
		}
		return
	}
	if _, err := os.Stat("/dev/tty"); err != nil {
		t.Skip("no /dev/tty on this system")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestTerminalConfirmNoTerminal$", "-test.v")
	cmd.Env = append(os.Environ(), "GUARD_NO_TTY_CHILD=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
