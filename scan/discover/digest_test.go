package discover

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestTruncatedFileDigestCoversEveryByte: a file longer than MaxRead keeps
// only MaxRead bytes, and the digest of all of them, on both read paths
// (an fs.FS, and the folder walk).
func TestTruncatedFileDigestCoversEveryByte(t *testing.T) {
	body := []byte(strings.Repeat("x", MaxRead) + "tail line past the limit\n")
	sum := sha256.Sum256(body)
	want := hex.EncodeToString(sum[:])

	f, n := ReadFile(fstest.MapFS{"big.sh": {Data: body}}, "big.sh")
	if n != nil || !f.Truncated || len(f.Data) != MaxRead || f.Digest != want {
		t.Fatalf("fs.FS read: truncated=%v len=%d digest=%q notice=%v", f.Truncated, len(f.Data), f.Digest, n)
	}

	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	files, _, err := Walk(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == "CLAUDE.md" {
			if !f.Truncated || f.Digest != want {
				t.Fatalf("walk read: truncated=%v digest=%q, want %q", f.Truncated, f.Digest, want)
			}
			return
		}
	}
	t.Fatal("CLAUDE.md was not found by the walk")
}

func TestWholeFileHasNoDigest(t *testing.T) {
	f, _ := ReadFile(fstest.MapFS{"a.sh": {Data: []byte("echo hi\n")}}, "a.sh")
	if f.Truncated || f.Digest != "" {
		t.Fatalf("a file read whole: truncated=%v digest=%q", f.Truncated, f.Digest)
	}
}
