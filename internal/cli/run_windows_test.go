package cli

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/wall"
)

// TestExecAgentWindows: on Windows `sentinel run` starts the agent as a
// child (there is no exec) and gives back the agent's own exit code.
func TestExecAgentWindows(t *testing.T) {
	cmdExe, err := exec.LookPath("cmd")
	if err != nil {
		t.Skipf("no cmd.exe: %v", err)
	}
	err = execAgent(cmdExe, []string{"cmd", "/c", "exit 3"}, os.Environ())
	var es *exitStatus
	if !errors.As(err, &es) || es.code != 3 {
		t.Fatalf("execAgent(cmd /c exit 3) = %v, want exit status 3", err)
	}
	if err := execAgent(cmdExe, []string{"cmd", "/c", "exit 0"}, os.Environ()); err != nil {
		t.Fatalf("execAgent(cmd /c exit 0) = %v, want nil", err)
	}
}

// TestNoWallOnWindows: the write wall is Linux-only; on Windows it says so
// in one sentence, which `sentinel run --wall=auto` prints once and
// --wall=required refuses on.
func TestNoWallOnWindows(t *testing.T) {
	err := wall.Available()
	if !errors.Is(err, wall.ErrUnavailable) || !strings.Contains(err.Error(), "windows") {
		t.Fatalf("wall.Available() = %v, want ErrUnavailable naming windows", err)
	}
}
