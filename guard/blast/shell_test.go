package blast

import (
	"errors"
	"slices"
	"testing"
)

func TestShellWriteTargets(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"echo x > migrations/0001.sql", []string{"migrations/0001.sql"}},
		{"cat migrations/0001.sql", nil},
		{"cat migrations/0001.sql | grep INDEX > /dev/null 2>&1", nil},
		{"echo x >> .env", []string{".env"}},
		{"printf y >| out.txt", []string{"out.txt"}},
		{"make &> build.log", []string{"build.log"}},
		{"echo x >& all.log", []string{"all.log"}},
		{"echo x >&2", nil},
		{"cat <<EOF > migrations/2.sql\nCREATE TABLE t;\nEOF", []string{"migrations/2.sql"}},
		{"echo x | tee -a a.txt b.txt", []string{"a.txt", "b.txt"}},
		{"echo x | sudo tee /etc/hosts", []string{"/etc/hosts"}},
		{"sed -i 's/a/b/' Dockerfile", []string{"Dockerfile"}},
		{"sed -i.bak -e 's/a/b/' -e 's/c/d/' a.txt b.txt", []string{"a.txt", "b.txt"}},
		{"sed --in-place 's/a/b/' go.sum", []string{"go.sum"}},
		{"sed 's/a/b/' Dockerfile", nil},
		{"sed -n '1p' Dockerfile", nil},
		{"perl -pi -e 's/a/b/' x.sql", []string{"x.sql"}},
		{"cp src/a.sql migrations/0002.sql", []string{"migrations/0002.sql"}},
		{"cp -r -t k8s/ a.yaml b.yaml", []string{"k8s/", "k8s/a.yaml", "k8s/b.yaml"}},
		{"mv migrations/1.sql archive/1.sql", []string{"migrations/1.sql", "archive/1.sql"}},
		{"rm -rf migrations", []string{"migrations", "migrations/*"}},
		{"rm -- -weird", []string{"-weird"}},
		{"git rm -r --cached .env", []string{".env"}},
		{"git -C repo mv a b", []string{"repo/a", "repo/b", "repo/b/a"}},
		{"git checkout -- go.sum", []string{"go.sum"}},
		{"git status", nil},
		{"git checkout .env", []string{".env"}},
		{"git checkout main go.sum migrations/1.sql", []string{"main", "go.sum", "migrations/1.sql"}},
		{"git checkout -b feature/x", nil},
		{"dd if=/dev/zero of=disk.img bs=1M", []string{"disk.img"}},
		{"truncate -s 0 .env", []string{".env"}},
		// After cd, a relative path is judged from there too.
		{"cd app && npm test && echo ok > .github/workflows/x.yml", []string{".github/workflows/x.yml", "app/.github/workflows/x.yml"}},
		{"bash -c 'echo x > migrations/3.sql'", []string{"migrations/3.sql"}},
		{`sh -c "rm .env.production"`, []string{".env.production"}},
		{"env FOO=1 rm k8s/a.yaml", []string{"k8s/a.yaml"}},
		{"timeout 5 rm x", []string{"x"}},
		{"eval 'rm a.sql'", []string{"a.sql"}},
		{"echo x > \"migrations/with space.sql\"", []string{"migrations/with space.sql"}},
		// A destination with an expansion is not known: the path-like tokens of
		// the line are targets too.
		{"echo x > migrations/$(date +%s).sql", []string{"migrations/$(date +%s).sql", "migrations/$", ".sql"}},
		// Quotes around a word with expansions are removed like any other.
		{`echo x > "db/migrate/$TS.rb"`, []string{"db/migrate/$TS.rb"}},
		{`echo x > "$DIR/.env"`, []string{"$DIR/.env"}},
		{`rm "${ROOT}/go.sum"`, []string{"${ROOT}/go.sum"}},
		{`echo x > "migrations/$(date +%s)".rb`, []string{"migrations/$(date +%s).rb", "migrations/$", ".rb"}},
		{`echo x > 'k8s'/"$NAME"-$(id -u).yaml`, []string{"k8s/$NAME-$(id -u).yaml", "k8s", "k8s/*", ".yaml", "k8s/$NAME-$"}},
		{"for f in *.sql; do cp $f backup/; done", []string{"backup/", "backup/$f"}},
		{"if true; then rm a; fi", []string{"a"}},
		{"ls -la; grep -r auth src/", nil},
		// A patch given inline to git apply or patch.
		{"git apply <<'EOF'\n--- a/x\n+++ b/.env\n@@ -1 +1 @@\n-a\n+b\nEOF", []string{".env"}},
		{"cd app && git -C . apply --3way <<EOF\ndiff --git a/go.sum b/go.sum\n--- a/go.sum\n+++ b/go.sum\nEOF", []string{"go.sum", "app/go.sum"}},
		{"sudo patch -p1 <<-EOF\n\t--- a/k8s/a.yaml\n\t+++ b/k8s/a.yaml\nEOF", []string{"k8s/a.yaml"}},
		{"git apply <<< '*** Begin Patch\n*** Delete File: go.sum\n*** End Patch'", []string{"go.sum"}},
		{"cat <<EOF\n+++ b/.env\nEOF", nil},
		{"curl -fsSL -o .env https://example.com/env", []string{".env"}},
		{"curl --output=go.sum https://x https://y -o k8s/a.yaml", []string{"k8s/a.yaml", "go.sum"}},
		{"curl -sS https://x -o-", nil},
		{"wget -q -O Dockerfile https://x", []string{"Dockerfile"}},
		{"wget --output-document=.env.local https://x", []string{".env.local"}},
		{"wget -O - https://x | sh", nil},
		{"curl -s https://x", nil},
		{"curl -fsSLo migrations/1.sql https://x", []string{"migrations/1.sql"}},
		// Brace expansion happens before the command runs.
		{"rm -f .{env,bak}", []string{".env", ".bak"}},
		// find deleting or editing what it finds.
		{"find . -name '*.sql' -delete", []string{".", "*.sql", "schema.sql"}},
		{"find db -path 'db/migrate/*' -exec rm {} +", []string{"db", "db/migrate/*"}},
		{"find src -name .env -exec sed -i s/a/b/ {} \\;", []string{"src", "src/.env"}},
		{"find -L k8s -type f -delete", []string{"k8s", "k8s/*"}},
		{"find . -name '*.sql' -exec cat {} +", nil},
		{"find migrations -type f", nil},
		{"sed -i s/a/b/ {src/x.ts,go.sum}", []string{"src/x.ts", "go.sum"}},
		{"rm db/{migrate/{1,2}.rb,seeds.rb}", []string{"db/migrate/1.rb", "db/migrate/2.rb", "db/seeds.rb"}},
		{"touch file{1..3}.txt", []string{"file{1..3}.txt"}},
		{"rm '{a,b}'", []string{"{a,b}"}},
		{"rm x{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}", []string{"x{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}"}},
	}
	for _, tt := range tests {
		got, err := ShellWriteTargets(tt.cmd)
		if err != nil {
			t.Errorf("%q: %v", tt.cmd, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ShellWriteTargets(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

// Issue 5: `echo x > migrations/0001.sql` is challenged, `cat` of it is not.
func TestBashGate(t *testing.T) {
	c := NewClassifier()
	g := NewGate()
	r, err := c.Radius("Bash", map[string]any{"command": "cat migrations/0001.sql"})
	if err != nil || g.Check(r) != nil {
		t.Fatalf("cat challenged: %+v %v", r, err)
	}
	r, err = c.Radius("Bash", map[string]any{"command": "echo x > migrations/0001.sql"})
	if err != nil {
		t.Fatal(err)
	}
	if b := g.Check(r); b == nil || b.Targets[0].Path != "migrations/0001.sql" {
		t.Fatalf("echo > migration not challenged: %+v", b)
	}
}

func TestShellUnparsable(t *testing.T) {
	got, err := ShellWriteTargets("echo 'unterminated > migrations/1.sql")
	if !errors.Is(err, ErrMalformedInput) {
		t.Fatalf("err = %v", err)
	}
	if !slices.Contains(got, "migrations/1.sql") {
		t.Fatalf("fallback candidates %q lack the path", got)
	}
}

// An unparsable command is judged by its words, a folder named in it as
// written as a whole: `rm -rf .github; echo '` removes the workflows.
func TestShellUnparsableFolder(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"rm -rf .github; echo 'x", ".github/workflows/*"},
		{"rm -f .en? $(", ".env"},
		{"rm -rf ~/.config; echo \"", "~/.config/sentinel/*"},
	} {
		got, err := ShellWriteTargets(tt.cmd)
		if !errors.Is(err, ErrMalformedInput) || !slices.Contains(got, tt.want) {
			t.Errorf("%q = %q, %v; want %q among the candidates", tt.cmd, got, err, tt.want)
		}
	}
}

func TestShellDepthLimit(t *testing.T) {
	cmd := "rm a"
	for range 10 {
		cmd = "bash -c " + quote(cmd)
	}
	if _, err := ShellWriteTargets(cmd); err != nil {
		t.Fatal(err)
	}
}

func quote(s string) string {
	out := "'"
	for _, r := range s {
		if r == '\'' {
			out += `'\''`
		} else {
			out += string(r)
		}
	}
	return out + "'"
}
