package mcpgate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestArgumentPathsByValue: paths are found by value wherever they sit;
// a bare word counts only when it names something in the working folder,
// and a link is judged where it leads as well.
func TestArgumentPathsByValue(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("Makefile", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(t.TempDir(), ".env")
	if err := os.WriteFile(secret, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, "notes"); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	resolved, _ := filepath.EvalSymlinks(secret)
	for _, tc := range []struct {
		args string
		want []string
	}{
		{`{"name":".github/workflows/ci.yml"}`, []string{".github/workflows/ci.yml"}},
		{`{"outputFile":".env"}`, []string{".env"}},
		{`{"a":[{"b":{"c":"db/migrations/1.sql"}}]}`, []string{"db/migrations/1.sql"}},
		{`{"files":{".env":"A=1"}}`, []string{".env"}},
		{`{"what":"Makefile"}`, []string{"Makefile"}},
		{`{"what":"Dockerfile"}`, nil}, // a bare word naming nothing here
		{`{"link":"notes"}`, []string{resolved, "notes"}},
		{`{"text":"update the auth docs and the .env file"}`, nil},
		{`{"url":"https://example.com/.env","mail":"mailto:a@b.c"}`, nil},
		{`{"n":42,"s":"42","t":true}`, nil},
		{`{"u":"file:///etc/passwd","p":"/home/a b/x"}`, []string{"/etc/passwd", "/home/a b/x"}},
		{`{"path":"a file with spaces.txt"}`, []string{"a file with spaces.txt"}},
		// Spaces, line breaks and NULs do not hide a path.
		{`{"name":"my docs/../.env"}`, []string{"my docs/../.env"}},
		{`{"name":"x\n/../.env"}`, []string{".env"}},
		{`{"path":"x\n/../.env"}`, []string{".env"}},
		{`{"name":".env\u0000.txt"}`, []string{".env"}},
		{`{"content":"line one\nline two"}`, nil},
		{`{"text":"fix the auth/login flow","t2":"x /not/a/path here"}`, nil},
		// However long: a server may resolve it before the system sees it.
		{`{"name":"` + strings.Repeat("a/", 3000) + strings.Repeat("../", 3000) + `.env"}`, []string{strings.Repeat("a/", 3000) + strings.Repeat("../", 3000) + ".env"}},
	} {
		got, complete := argumentPaths(json.RawMessage(tc.args))
		if !complete || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q (complete %v), want %q", tc.args, got, complete, tc.want)
		}
	}
}
