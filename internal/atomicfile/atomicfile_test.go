package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "state.json")
	if err := Write(name, []byte("one"), Options{Perm: 0o600, Sync: true}); err != nil {
		t.Fatal(err)
	}
	if err := Write(name, []byte("two"), Options{}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(name)
	fi, _ := os.Stat(name)
	if string(b) != "two" || fi.Mode().Perm() != 0o600 {
		t.Errorf("content %q mode %v; want two, 0600 kept", b, fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestWriteIntoMissingFolderFailsCleanly(t *testing.T) {
	name := filepath.Join(t.TempDir(), "missing", "x")
	if err := Write(name, []byte("x"), Options{}); err == nil {
		t.Fatal("want an error")
	}
}
