package hook

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

// TestWithinWindowsCase: Windows compares names without regard to case, so
// a workspace root spelt `C:\Repo` holds the cwd `c:\repo\src`.
func TestWithinWindowsCase(t *testing.T) {
	tests := []struct {
		p, dir string
		want   bool
	}{
		{`c:\repo\src`, `C:\Repo`, true},
		{`C:\REPO`, `c:\repo\`, true},
		{`C:\repo2`, `C:\repo`, false},
		{`D:\repo`, `C:\repo`, false},
	}
	for _, tt := range tests {
		if got := within(tt.p, tt.dir); got != tt.want {
			t.Errorf("within(%q, %q) = %v, want %v", tt.p, tt.dir, got, tt.want)
		}
	}
}

// TestResolveWindows: relative, drive-relative and long-path targets are
// made absolute against cwd on the real file system, and the gate still
// sees the migration each one writes.
func TestResolveWindows(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "migrations"), 0o755); err != nil {
		t.Fatal(err)
	}
	drive := root[:2]
	for _, p := range []string{`.\migrations\001.sql`, drive + `migrations\001.sql`, `\\?\` + root + `\migrations\001.sql`} {
		out := resolve([]string{p}, root, root)
		found := false
		for _, q := range out {
			if strings.Contains(strings.ToLower(filepath.ToSlash(q)), "migrations/001.sql") {
				found = true
			}
		}
		if !found {
			t.Errorf("resolve(%q) = %q, want the migration among them", p, out)
		}
		h := winHandler(t)
		env := map[string]string{"CLAUDE_PROJECT_DIR": root}
		h.Getenv = func(k string) string { return env[k] }
		ev := winTool("Write", map[string]any{"file_path": p})
		ev["cwd"] = root
		if r := run(t, h, Claude, ev); !r.Denied {
			t.Errorf("write to %q not challenged: %s", p, r.Stdout)
		}
	}
}

// TestShortNamesResolvedOnWindows: an 8.3 short name of a folder that
// exists is written out in full before the gate judges it, so
// `GITHUB~1\workflows\ci.yml` is the CI workflow (challenged once, like
// any blast centre) rather than an unknown short name (denied every time).
func TestShortNamesResolvedOnWindows(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".github", "workflows"), 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := syscall.UTF16PtrFromString(filepath.Join(root, ".github"))
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]uint16, 1024)
	n, err := syscall.GetShortPathName(in, &buf[0], uint32(len(buf)))
	short := syscall.UTF16ToString(buf[:n])
	if err != nil || n == 0 || !blast.HasShortName(short) {
		t.Skipf("no 8.3 short names on this volume (%q, %v)", short, err)
	}
	p := filepath.Join(short, "workflows", "ci.yml")
	if got := longName(p); !strings.Contains(strings.ToLower(got), `.github\workflows\ci.yml`) {
		t.Fatalf("longName(%q) = %q, want the .github folder by name", p, got)
	}
	h := winHandler(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": root}
	h.Getenv = func(k string) string { return env[k] }
	ev := winTool("Write", map[string]any{"file_path": p})
	ev["cwd"] = root
	r := run(t, h, Claude, ev)
	if why := decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason; !r.Denied || !strings.Contains(why, blast.ReasonCIWorkflow) {
		t.Fatalf("want the CI workflow challenged, got %s", r.Stdout)
	}
	noOpinion(t, run(t, h, Claude, ev), "the justified repeat")
}
