package blast

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var mig = []Target{{Path: "migrations/1.sql", Reasons: []string{ReasonMigration, ReasonSQL}}}

func TestStoreTurns(t *testing.T) {
	s := NewStore(t.TempDir())
	b, err := s.Check("sess", "", mig)
	if err != nil || b == nil {
		t.Fatalf("first write: %v %v", b, err)
	}
	if b, err = s.Check("sess", "", mig); err != nil || b != nil {
		t.Fatalf("repeat: %v %v", b, err)
	}
	// Another session has its own turn.
	if b, _ = s.Check("other", "", mig); b == nil {
		t.Fatal("other session not asked")
	}
	if err := s.StartTurn("sess", ""); err != nil {
		t.Fatal(err)
	}
	if b, _ = s.Check("sess", "", mig); b == nil {
		t.Fatal("new turn not asked again")
	}
}

func TestStoreTurnID(t *testing.T) {
	s := NewStore(t.TempDir())
	if b, _ := s.Check("c", "gen-1", mig); b == nil {
		t.Fatal("not asked")
	}
	if b, _ := s.Check("c", "gen-1", mig); b != nil {
		t.Fatal("asked twice in one generation")
	}
	if b, _ := s.Check("c", "gen-2", mig); b == nil {
		t.Fatal("a new generation is a new turn")
	}
}

func TestStoreNoSession(t *testing.T) {
	if _, err := NewStore(t.TempDir()).Check("", "", mig); err != ErrNoSession {
		t.Fatalf("err = %v", err)
	}
}

func TestStoreCorruptStateFailsClosed(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(dir)
	if _, err := s.Check("s", "", mig); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.path("s"), []byte("{garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := s.Check("s", "", mig)
	if err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("err = %v", err)
	}
}

func TestStoreUnreadableStateFailsClosed(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(dir)
	if err := os.MkdirAll(s.path("s"), 0o700); err != nil { // a directory where the file should be
		t.Fatal(err)
	}
	if _, err := s.Check("s", "", mig); err == nil {
		t.Fatal("unreadable state accepted")
	}
}

// Hooks for parallel tool calls run at the same time: exactly one of them
// asks about a path.
func TestStoreConcurrent(t *testing.T) {
	s := NewStore(t.TempDir())
	var blocks atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := NewStore(filepath.Dir(s.dir)).Check("sess", "", mig)
			if err != nil {
				t.Error(err)
			}
			if b != nil {
				blocks.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := blocks.Load(); n != 1 {
		t.Fatalf("%d hooks asked, want exactly 1", n)
	}
}

func TestStoreCleanup(t *testing.T) {
	s := NewStore(t.TempDir())
	if _, err := s.Check("old", "", mig); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-8 * 24 * time.Hour)
	os.Chtimes(s.path("old"), old, old)
	// A temporary file an interrupted write left, named as atomicfile
	// names them, and a fresh one that may be in use.
	stale := filepath.Join(s.dir, "."+filepath.Base(s.path("old"))+".tmp-123456")
	fresh := filepath.Join(s.dir, "."+filepath.Base(s.path("new"))+".tmp-654321")
	for _, p := range []string{stale, fresh} {
		if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	os.Chtimes(stale, old, old)
	if err := s.StartTurn("new", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary file kept: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("fresh temporary file removed: %v", err)
	}
	if _, err := os.Stat(s.path("old")); !os.IsNotExist(err) {
		t.Fatalf("old session kept: %v", err)
	}
	if _, err := os.Stat(s.path("new")); err != nil {
		t.Fatalf("current session removed: %v", err)
	}
}

func TestStateDir(t *testing.T) {
	env := map[string]string{"XDG_STATE_HOME": "/x/state", "HOME": "/home/u"}
	d, _ := StateDir(func(k string) string { return env[k] })
	if d != filepath.Join("/x/state", "sentinel") {
		t.Fatal(d)
	}
	delete(env, "XDG_STATE_HOME")
	d, _ = StateDir(func(k string) string { return env[k] })
	if d != filepath.Join("/home/u", ".local", "state", "sentinel") {
		t.Fatal(d)
	}
}
