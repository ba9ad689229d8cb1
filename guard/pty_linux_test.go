//go:build linux

package guard

import (
	"bytes"
	"context"
	"github.com/sentinel-sec/sentinel/internal/ptytest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestTerminalConfirmCancelledThenNext: on a real controlling terminal, a
// question whose context ends must let go of the terminal at once, so the
// next question gets the next line typed. Before, the cancelled question's
// read stayed blocked and swallowed that line.
func TestTerminalConfirmCancelledThenNext(t *testing.T) {
	if os.Getenv("GUARD_PTY_CHILD") == "1" {
		confirm := TerminalConfirm(WithColor(false))
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		if ok, err := confirm(ctx, ConfirmRequest{Name: "first"}); ok || err == nil {
			t.Fatalf("first: %v %v", ok, err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if ok, err := confirm(ctx, ConfirmRequest{Name: "second"}); !ok || err != nil {
			t.Fatalf("second did not get the answer typed for it: %v %v", ok, err)
		}
		return
	}
	ptmx, pts := ptytest.Open(t)
	defer ptmx.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTerminalConfirmCancelledThenNext$", "-test.v")
	cmd.Env = append(os.Environ(), "GUARD_PTY_CHILD=1")
	cmd.Stdin = pts
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close()
	var mu sync.Mutex
	var screen strings.Builder
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			screen.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		shown := strings.Contains(screen.String(), "Tool:   second")
		mu.Unlock()
		if shown {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("second question never shown:\n%s\n%s", screen.String(), out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	ptmx.Write([]byte("y\n"))
	if err := cmd.Wait(); err != nil || !strings.Contains(out.String(), "PASS") {
		t.Fatalf("child: %v\n%s", err, out.String())
	}
}
