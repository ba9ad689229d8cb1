//go:build linux

package cli_test

import (
	"bytes"
	"context"
	"github.com/sentinel-sec/sentinel/internal/ptytest"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

func init() {
	wallRunOnTTY = func(t *testing.T, bin, dir string, env []string, args ...string) string {
		t.Helper()
		ptmx, pts := ptytest.Open(t)
		defer ptmx.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = dir
		cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}, env...)
		var out bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, &out, &out
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
		go func() { // drain the terminal's echo
			buf := make([]byte, 4096)
			for {
				if _, err := ptmx.Read(buf); err != nil {
					return
				}
			}
		}()
		err := cmd.Run()
		pts.Close()
		if ctx.Err() != nil {
			t.Fatalf("sentinel %v did not finish on the terminal", args)
		}
		if err != nil {
			t.Fatalf("sentinel %v: %v\n%s", args, err, out.String())
		}
		return out.String()
	}
}
