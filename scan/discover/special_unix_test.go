//go:build unix

package discover

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesNeverHang puts a FIFO where an agent file belongs, and a
// link to it inside the root: opening a FIFO for reading blocks until a
// writer comes, so the walk must never open one without O_NONBLOCK or a type
// check first. Both become notices, quickly.
func TestSpecialFilesNeverHang(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "CLAUDE.md"), 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub", ".cursor", "rules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../CLAUDE.md", filepath.Join(dir, "sub", ".cursor", "hooks.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "sub", ".cursor", "rules", "zero.mdc")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "AGENTS.md"), []byte("fine"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	type result struct {
		files   []File
		notices []Notice
		err     error
	}
	done := make(chan result, 1)
	go func() {
		f, n, err := Walk(d)
		done <- result{f, n, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the walk hangs on a FIFO")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.files) != 1 || r.files[0].Path != "sub/AGENTS.md" || string(r.files[0].Data) != "fine" {
		t.Errorf("files = %+v, want only sub/AGENTS.md", r.files)
	}
	got := map[string]string{}
	for _, n := range r.notices {
		got[n.Path] = n.Message
	}
	for _, p := range []string{"CLAUDE.md", "sub/.cursor/hooks.json", "sub/.cursor/rules/zero.mdc"} {
		if !strings.HasPrefix(got[p], "not read: ") {
			t.Errorf("notice for %s = %q, want a not-read notice; all: %v", p, got[p], got)
		}
	}
}
