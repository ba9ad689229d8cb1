package blast

import "testing"

// BenchmarkShellWriteTargets: the shell analysis of a few ordinary agent
// commands, the cost the hook adds on every Bash call.
func BenchmarkShellWriteTargets(b *testing.B) {
	cmds := []string{
		"cat migrations/0001.sql | grep INDEX",
		"cd app && npm test && echo ok > .github/workflows/x.yml",
		"git stash && git pull --rebase && git stash pop",
		`python3 -c "open('.env','w').write('x')"`,
		"find . -name '*.pyc' -delete && rm -rf build dist",
		"tar -xzf a.tgz -C vendor && cp -r vendor/x lib/",
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cmds {
			if _, err := ShellWriteTargets(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}
