package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a T that records failures instead of failing.
type recorder struct{ msgs []string }

func (r *recorder) Helper()                      {}
func (r *recorder) Fatal(args ...any)            { r.msgs = append(r.msgs, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(f string, args ...any) { r.msgs = append(r.msgs, fmt.Sprintf(f, args...)) }
func (r *recorder) Errorf(f string, args ...any) { r.msgs = append(r.msgs, fmt.Sprintf(f, args...)) }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "testdata", "out.golden")
	var r recorder
	Check(&r, path, []byte("a\nb\n"), false, "run with -update")
	if len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "run with -update to create it") {
		t.Fatalf("a missing file: %q", r.msgs)
	}
	r = recorder{}
	Check(&r, path, []byte("a\nb\n"), true, "")
	if got, _ := os.ReadFile(path); string(got) != "a\nb\n" || len(r.msgs) != 0 {
		t.Fatalf("update wrote %q, failures %q", got, r.msgs)
	}
	Check(&r, path, []byte("a\nb\n"), false, "")
	if len(r.msgs) != 0 {
		t.Fatalf("the same text failed: %q", r.msgs)
	}
	Check(&r, path, []byte("a\nc\n"), false, "run with -update")
	if len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "differs at line 2:\nwant b\ngot  c") {
		t.Fatalf("a changed line: %q", r.msgs)
	}
	r = recorder{}
	Check(&r, path, []byte("a\nb\nextra\n"), false, "")
	if len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "line 3") {
		t.Fatalf("an added line: %q", r.msgs)
	}
}
