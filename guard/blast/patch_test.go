package blast

import (
	"slices"
	"strings"
	"testing"
)

func TestPatchTargets(t *testing.T) {
	tests := []struct {
		name  string
		patch string
		want  []string
	}{
		{"plain", "--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1 +1 @@\n-a\n+b\n", []string{"src/x.ts"}},
		{"deleted migration", "diff --git a/migrations/1.sql b/migrations/1.sql\ndeleted file mode 100644\n--- a/migrations/1.sql\n+++ /dev/null\n@@ -1 +0,0 @@\n-CREATE TABLE t;\n",
			[]string{"migrations/1.sql"}},
		{"deleted without git header", "--- a/migrations/1.sql\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n", []string{"migrations/1.sql"}},
		{"new file", "--- /dev/null\n+++ b/k8s/new.yaml\n@@ -0,0 +1 @@\n+x\n", []string{"k8s/new.yaml"}},
		{"rename", "diff --git a/migrations/1.sql b/archive/1.sql\nsimilarity index 100%\nrename from migrations/1.sql\nrename to archive/1.sql\n",
			[]string{"archive/1.sql", "migrations/1.sql"}},
		{"crlf", "--- a/.env\r\n+++ b/.env\r\n@@ -1 +1 @@\r\n-A=1\r\n+A=2\r\n", []string{".env"}},
		{"timestamps with tab", "--- go.sum\t2024-01-01 10:00:00.000000000 +0000\n+++ go.sum\t2024-01-02 10:00:00.000000000 +0000\n", []string{"go.sum"}},
		{"timestamps with spaces", "--- old/Makefile  2024-01-01 10:00:00\n+++ new/Makefile  2024-01-02 10:00:00\n", []string{"new/Makefile"}},
		{"quoted", "--- \"a/dir/with space.sql\"\n+++ \"b/dir/with space.sql\"\n", []string{"dir/with space.sql"}},
		{"binary", "diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n", []string{"img.png"}},
		{"apply_patch", "*** Begin Patch\n*** Update File: src/a.go\n@@\n-a\n+b\n*** Delete File: migrations/2.sql\n*** Add File: k8s/x.yaml\n+x\n*** Update File: old.go\n*** Move to: new.go\n*** End Patch\n",
			[]string{"src/a.go", "migrations/2.sql", "k8s/x.yaml", "old.go", "new.go"}},
		{"not a patch", "hello\nworld", nil},
		{"hunk lines are not headers", "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n---- a/evil.sql\n++++ b/evil.sql\n", []string{"x"}},
	}
	for _, tt := range tests {
		got := PatchTargets(tt.patch)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: PatchTargets = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Deleting a migration through a patch is challenged like editing one.
func TestPatchDeletionIsChallenged(t *testing.T) {
	patch := strings.Join([]string{
		"diff --git a/db/migrate/20240101_init.rb b/db/migrate/20240101_init.rb",
		"deleted file mode 100644",
		"--- a/db/migrate/20240101_init.rb",
		"+++ /dev/null",
		"@@ -1 +0,0 @@",
		"-class Init; end",
	}, "\r\n")
	r, err := NewClassifier().Radius("apply_patch", map[string]any{"input": patch})
	if err != nil || len(r) != 1 || r[0].Path != "db/migrate/20240101_init.rb" {
		t.Fatalf("targets %+v err %v", r, err)
	}
}
