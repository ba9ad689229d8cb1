package blast

import (
	"strings"
	"testing"
)

// FuzzPatchTargets: any text is read without a panic, every target is
// non-empty and holds a line break only when git's quoting spelled one
// ("\n" inside a quoted name: such a file is real and is judged by its real
// name), and CRLF never changes the answer.
func FuzzPatchTargets(f *testing.F) {
	for _, s := range []string{
		"--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/m/1.sql b/m/1.sql\ndeleted file mode 100644\n--- a/m/1.sql\n+++ /dev/null\n",
		"diff --git \"a/x y\" \"b/x y\"\nrename from x\nrename to y\n",
		"--- go.sum\t2024-01-01\n+++ go.sum\t2024-01-02\n",
		"*** Begin Patch\n*** Delete File: a\n*** Move to: b\n",
		"Binary files a/x and /dev/null differ\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, patch string) {
		got := PatchTargets(patch)
		for _, p := range got {
			if p == "" || strings.ContainsAny(p, "\n") && !strings.Contains(patch, `\n`) {
				t.Fatalf("bad target %q", p)
			}
			Classify(p) // must not panic either
		}
		crlf := PatchTargets(strings.ReplaceAll(patch, "\n", "\r\n"))
		if len(crlf) != len(got) && !strings.Contains(patch, "\r") {
			t.Fatalf("CRLF changed the targets: %q vs %q", got, crlf)
		}
	})
}

// FuzzShellWriteTargets: any command line is parsed or rejected, never a
// panic or a hang.
func FuzzShellWriteTargets(f *testing.F) {
	for _, s := range []string{
		"echo x > migrations/0001.sql", "sed -i 's/a/b/' f", "bash -c 'rm a'", "cat <<EOF > a\nx\nEOF",
		"cp -t d a b", "git -C r rm x", "echo $(", "eval 'eval rm x'",
		"echo x 1>&.env", `echo > $'\x2eenv\u00e9\0'`, "ln -sfn .github/workflows w && cp x w/ci.yml",
		"find . -exec cp {} d/ \\; -fprintf f '%p'", "tar xzf a.tgz -C d", "curl -OJ --output-dir d https://x/",
		"rm -rf .git*/[a-z]*", `python3 -c "open('.env','w')"`, "git --work-tree=d apply --directory=x p.diff",
		"chmod -R -w .github", "env -S 'rm .env' -C d", "cd a; ln -s ../b c; cd c/..; find . -name workflows -delete",
		"GIT_WORK_TREE=x git stash pop", "rsync -a h:s/ d", "xargs -I{} cp {} .git*/", "rm -rf \"${XDG_CONFIG_HOME:-~/.config}\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if len(cmd) > 4096 {
			return
		}
		got, _ := ShellWriteTargets(cmd)
		for _, p := range got {
			if p == "" {
				t.Fatalf("%q: empty target among %q", cmd, got)
			}
			Classify(p)
		}
	})
}
