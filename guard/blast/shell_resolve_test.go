package blast

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

func TestExpandShellPath(t *testing.T) {
	env := map[string]string{
		"HOME":            "/home/u",
		"XDG_CONFIG_HOME": "/home/u/cfg",
		"SENTINEL_HOME":   "/srv/sentinel",
	}
	getenv := func(k string) string { return env[k] }
	noXDG := func(k string) string {
		if k == "HOME" {
			return "/home/u"
		}
		return ""
	}
	tests := []struct {
		p      string
		getenv func(string) string
		want   string
	}{
		{"~/.config/sentinel/a.json", getenv, "/home/u/.config/sentinel/a.json"},
		{"$HOME/x", getenv, "/home/u/x"},
		{"${HOME}/x", getenv, "/home/u/x"},
		{"$SENTINEL_HOME/approvals.json", getenv, "/srv/sentinel/approvals.json"},
		{"${XDG_CONFIG_HOME}/sentinel/mcp-policy.json", getenv, "/home/u/cfg/sentinel/mcp-policy.json"},
		{"${XDG_CONFIG_HOME:-$HOME/.config}/sentinel/x", getenv, "/home/u/cfg/sentinel/x"},
		{"${XDG_CONFIG_HOME:-$HOME/.config}/sentinel/x", noXDG, "/home/u/.config/sentinel/x"},
		{"${XDG_STATE_HOME:-${HOME}/.local/state}/sentinel/gate", noXDG, "/home/u/.local/state/sentinel/gate"},
		{"$XDG_STATE_HOME/sentinel", noXDG, "/sentinel"},
		{"$OTHER/x", getenv, "$OTHER/x"},
		{"${HOME:+y}/x", getenv, "${HOME:+y}/x"},
		{"${HOME", getenv, "${HOME"},
		{"migrations/$(date).sql", getenv, "migrations/$(date).sql"},
	}
	for _, tt := range tests {
		if got := ExpandShellPath(tt.p, tt.getenv); got != tt.want {
			t.Errorf("ExpandShellPath(%q) = %q, want %q", tt.p, got, tt.want)
		}
	}
	if got := ExpandShellPath("$HOME/x", nil); got != "$HOME/x" {
		t.Errorf("nil getenv changed the path: %q", got)
	}
}

// ${VAR:-default} at the start of a target also yields the default form,
// which the hook's ~ and $HOME expansion resolves.
func TestShellDefaultForms(t *testing.T) {
	got, err := ShellWriteTargets(`python3 -c "open('${XDG_CONFIG_HOME:-$HOME/.config}/sentinel/approvals.json','w')"`)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(got, "${XDG_CONFIG_HOME:-$HOME/.config}/sentinel/approvals.json") {
		t.Fatalf("token missing: %q", got)
	}
	got, _ = ShellWriteTargets(`echo x > "${XDG_CONFIG_HOME:-$HOME/.config}/sentinel/approvals.json"`)
	if !slices.Contains(got, "$HOME/.config/sentinel/approvals.json") {
		t.Fatalf("default form missing: %q", got)
	}
}

func TestResolveKernelPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, ".github", "workflows"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "src", "deep"), 0o755))
	// l -> .github/workflows: l/../x is .github/x for the kernel, x lexically.
	must(os.Symlink(".github/workflows", filepath.Join(root, "l")))
	// d -> src/deep: d/../../.github/workflows/ci.yml is .github/workflows/ci.yml.
	must(os.Symlink("src/deep", filepath.Join(root, "d")))
	must(os.Symlink(filepath.Join(root, ".github"), filepath.Join(root, "abs")))
	must(os.Symlink("missing/.env", filepath.Join(root, "dangling")))
	must(os.Symlink("loop2", filepath.Join(root, "loop1")))
	must(os.Symlink("loop1", filepath.Join(root, "loop2")))
	tests := []struct {
		p    string
		want string
		ok   bool
	}{
		{"l/../x.yml", filepath.Join(root, ".github", "x.yml"), true},
		{"l/ci.yml", filepath.Join(root, ".github", "workflows", "ci.yml"), true},
		{"d/../../.github/workflows/ci.yml", filepath.Join(root, ".github", "workflows", "ci.yml"), true},
		{"abs/workflows/../workflows/ci.yml", filepath.Join(root, ".github", "workflows", "ci.yml"), true},
		{"dangling", filepath.Join(root, "missing", ".env"), true},
		{"new/dir/../f", filepath.Join(root, "new", "f"), true},
		{"src/./deep/../x", filepath.Join(root, "src", "x"), true},
		{"loop1/x", "", false},
	}
	for _, tt := range tests {
		got, ok := ResolveKernelPath(root, tt.p)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ResolveKernelPath(%q) = %q, %v; want %q, %v", tt.p, got, ok, tt.want, tt.ok)
		}
	}
	// The lexical answer the hook gives today differs: the reason for this
	// resolver.
	if lexical := filepath.Join(root, "l/../x.yml"); lexical == filepath.Join(root, ".github", "x.yml") {
		t.Fatal("lexical cleaning already agrees; the test no longer shows the difference")
	}
	if got, _ := ResolveKernelPath("/", root+"/l/../x.yml"); got != filepath.Join(root, ".github", "x.yml") {
		t.Errorf("absolute form: %q", got)
	}
}
