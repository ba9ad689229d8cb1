//go:build unix

package scan_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// os.DirFS blocks for ever opening a FIFO named AGENTS.md; Scan still
// returns at its context's deadline. discover.OpenDir, which the package
// doc recommends, does not wait on the FIFO at all.
func TestScanReturnsAtDeadlineOnFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "AGENTS.md")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	defer func() {
		// Free the walk still blocked in open(2): open the other end.
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	}()

	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := scan.Scan(ctx, os.DirFS(dir))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Scan over a FIFO through os.DirFS = %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Scan returned %v after its deadline", d)
	}

	d, err := discover.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	res, err := scan.Scan(context.Background(), d)
	if err != nil {
		t.Fatalf("Scan through discover.OpenDir: %v", err)
	}
	if len(res.Notices) == 0 {
		t.Errorf("the FIFO named AGENTS.md left no notice")
	}
}
