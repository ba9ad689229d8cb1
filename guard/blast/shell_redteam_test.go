package blast

import (
	"slices"
	"strings"
	"testing"
)

// redteamShell is the table of issue #14's shell forms that wrote a blast
// centre past the shell analysis, each with the blast centre it must now
// name (want), next to benign twins that must stay unjudged (want "").
// internal/cli/redteam_shell_e2e_test.go runs the same forms through the
// built binary.
var redteamShell = []struct {
	name string
	cmd  string
	want string // a sensitive target that must be found; "" for none at all
}{
	// Redirections and quoting.
	{"fd-dup redirect to a file", "echo x 1>&.env", ".env"},
	{"fd-dup to a descriptor", "echo x 1>&2", ""},
	{"ANSI-C quoted name", `echo x > $'\x2eenv'`, ".env"},
	{"ANSI-C octal", `echo x > $'\056env'`, ".env"},
	// cp/mv directory options and folders copied into a parent.
	{"cp --target-directory DIR", "cp ci.yml --target-directory .github/workflows", ".github/workflows"},
	{"cp -t DIR", "cp -t .github/workflows ci.yml", ".github/workflows"},
	{"cp -tDIR", "cp -t.github/workflows ci.yml", ".github/workflows"},
	{"cp --target-dir= abbreviation", "cp --target-dir=.github/workflows ci.yml", ".github/workflows"},
	{"cp -r folder into a parent", "cp -r stage/workflows .github/", ".github/workflows"},
	{"cp file into folder", "cp .env.example config/", "config/.env.example"},
	{"mv folder into a parent", "mv staging/migrations db/", "db/migrations"},
	{"cp -r into the parent of a blast centre", "cp -r stage/. .github", ".github/workflows/*"},
	{"benign cp -r", "cp -r src/ lib/", ""},
	{"benign cp", "cp README.md docs/", ""},
	// Deleting a parent of a blast centre.
	{"rm -rf .github", "rm -rf .github", ".github/workflows/*"},
	{"rm -rf k8s", "rm -rf k8s", "k8s/*"},
	{"git rm -r .github", "git rm -r .github", ".github/workflows/*"},
	{"find .github -delete", "find .github -delete", ".github/workflows/*"},
	{"rm -rf . (the whole tree)", "rm -rf .", ".github/workflows/*"},
	{"rm glob matching .env", "rm -f .en?", ".env"},
	{"rm glob matching .github", "rm -rf .git*", ".github/workflows/*"},
	{"benign rm -rf node_modules", "rm -rf node_modules", ""},
	{"benign rm -rf build/*", "rm -rf build/*", ""},
	// find writing through -exec and -fprint.
	{"find -exec cp", `find . -name ci.yml -exec cp {} .github/workflows/ \;`, ".github/workflows/{}"},
	{"find -fprint", "find . -fprint .env", ".env"},
	{"find -fprintf", "find . -fprintf .env '%p'", ".env"},
	{"find -name of a blast folder at any depth", "find . -name workflows -exec rm -rf {} +", ".github/workflows"},
	{"find -name migrate -delete", "find . -type d -name migrate -delete", "db/migrate"},
	{"benign find -name *.pyc -delete", "find . -name '*.pyc' -delete", ""},
	{"benign find -exec cat", "find . -name '*.go' -exec cat {} +", ""},
	// Directory options of git and env.
	{"git -C DIR rm", "git -C .github rm -r workflows", ".github/workflows"},
	{"git --work-tree=DIR checkout", "git --work-tree=db checkout -- migrate/1.rb", "db/migrate/1.rb"},
	{"env -C DIR", "env -C .github/workflows cp /tmp/x ci.yml", ".github/workflows/ci.yml"},
	{"env --chdir=DIR", "env --chdir=db/migrate touch 1.rb", "db/migrate/1.rb"},
	// Patches.
	{"git apply --directory=", "git apply --directory=db <<'EOF'\n--- a/migrate/1.rb\n+++ b/migrate/1.rb\nEOF", "db/migrate/1.rb"},
	{"patch -d DIR", "patch -d .github -p1 <<'EOF'\n--- a/workflows/ci.yml\n+++ b/workflows/ci.yml\nEOF", ".github/workflows/ci.yml"},
	{"patch FILE PATCHFILE", "patch .env p.diff", ".env"},
	{"git apply from a file", "git apply p.diff", ".github/workflows/*"},
	{"git apply from a pipe", "cat p.diff | git apply", ".github/workflows/*"},
	{"patch < file", "patch -p1 < p.diff", ".github/workflows/*"},
	{"git am", "git am 0001.patch", ".github/workflows/*"},
	{"benign git apply --check", "git apply --check p.diff", ""},
	// Git rewriting the working tree.
	{"git clean -fdX", "git clean -fdX", ".env"},
	{"git reset --hard", "git reset --hard HEAD~1", ".github/workflows/*"},
	{"git checkout .", "git checkout .", ".github/workflows/*"},
	{"git stash pop", "git stash pop", ".github/workflows/*"},
	{"git checkout-index -f -a", "git checkout-index -f -a", ".github/workflows/*"},
	{"git merge", "git merge feature", ".github/workflows/*"},
	{"git pull", "git pull origin main", ".github/workflows/*"},
	{"git read-tree -mu", "git read-tree -mu HEAD", ".github/workflows/*"},
	{"git sparse-checkout set", "git sparse-checkout set src", ".github/workflows/*"},
	{"git bisect", "git bisect start HEAD v1.0", ".github/workflows/*"},
	{"git lfs checkout", "git lfs checkout", ".github/workflows/*"},
	{"git worktree add", "git worktree add .github/workflows main", ".github/workflows"},
	{"git submodule add", "git submodule add https://x/y.git .github", ".github/workflows/*"},
	{"rename", "rename 's/x/y/' *", "migrations"},
	{"benign git bisect log", "git bisect log", ""},
	{"benign git lfs ls-files", "git lfs ls-files", ""},
	{"benign git clean -n", "git clean -n", ""},
	{"benign git status", "git status && git diff && git log -3", ""},
	{"benign git reset (index only)", "git reset HEAD x.txt", ""},
	// Syncing and archives.
	{"rsync SRC DST", "rsync -a stage/workflows .github/", ".github/workflows"},
	{"rsync into a parent", "rsync -a --delete stage/ .github/", ".github/workflows/*"},
	{"tar -x -C DIR", "tar -xzf a.tgz -C .github", ".github/workflows/*"},
	{"tar xf into cwd", "tar xf a.tar", ".github/workflows/*"},
	{"tar --extract --directory=DIR", "tar --extract --file=a.tar --directory=db", "db/migrate/*"},
	{"tar create to a blast centre", "tar cf .env src", ".env"},
	{"unzip -d DIR", "unzip a.zip -d .github", ".github/workflows/*"},
	{"unzip into cwd", "unzip -o a.zip", ".github/workflows/*"},
	{"benign tar -C /tmp/x", "tar -xf a.tar -C /tmp/x", ""},
	{"benign tar -t", "tar -tf a.tar", ""},
	{"benign unzip -l", "unzip -l a.zip", ""},
	{"benign rsync", "rsync -a src/ /tmp/backup/", ""},
	{"rsync from a host into a parent", "rsync -a host:stage/workflows .github/", ".github/workflows"},
	// Downloads.
	{"curl -O", "curl -O https://example.com/.env", ".env"},
	{"curl -O without a name", "curl -fsSLO https://example.com/", ".github/workflows/*"},
	{"curl --output-dir DIR", "curl --output-dir .github/workflows -o ci.yml https://x/y", ".github/workflows/ci.yml"},
	{"curl --output-dir with -O", "curl --output-dir .github/workflows -O https://x/ci.yml", ".github/workflows/ci.yml"},
	{"wget -P DIR", "wget -P .github/workflows https://x/ci.yml", ".github/workflows/ci.yml"},
	{"plain wget", "wget https://example.com/go.sum", "go.sum"},
	{"benign curl", "curl -s https://example.com/x.json", ""},
	{"benign wget to /tmp", "wget -P /tmp https://example.com/a.tgz", ""},
	// Other writers.
	{"split prefix", "split -l 10 data.txt migrations/part_", "migrations/part_aa"},
	{"csplit prefix", "csplit -f .env. in.txt /x/", ".env.00"},
	{"awk -i inplace", "awk -i inplace '{print}' .env", ".env"},
	{"gawk -i inplace", "gawk -i inplace -v x=1 '{print}' go.sum", "go.sum"},
	{"ed FILE", "printf 'a\\nx\\n.\\nw\\n' | ed -s .env", ".env"},
	{"vim -c wq FILE", "vim -c 'normal Gox' -c wq .env", ".env"},
	{"vi FILE", "vi go.sum", "go.sum"},
	{"ex FILE", "ex -sc '%s/a/b/|x' Dockerfile", "Dockerfile"},
	{"sponge FILE", "sort .env | sponge .env", ".env"},
	{"gzip FILE", "gzip .env", ".env"},
	{"gunzip FILE", "gunzip -f .env.gz", ".env"},
	{"chmod", "chmod 000 .env", ".env"},
	{"chmod -R parent", "chmod -R a-w .github", ".github/workflows/*"},
	{"mkfifo", "mkfifo .env", ".env"},
	{"ruby -pi", "ruby -pi -e 'gsub(/a/,\"b\")' .env", ".env"},
	{"ruby -i.bak", "ruby -i.bak -pe 'x' go.sum", "go.sum"},
	{"sort -o", "sort -o go.sum go.sum", "go.sum"},
	{"uniq OUTPUT", "uniq in.txt .env", ".env"},
	{"benign gzip -c", "gzip -c .env > /tmp/e.gz", ""},
	{"benign sort", "sort go.sum", ""},
	{"benign chmod", "chmod +x scripts/run.sh", ""},
	// Links made in the same call.
	{"symlink then write through it", "ln -sfn .github/workflows w && cp x w/ci.yml", ".github/workflows/ci.yml"},
	{"symlink then redirect through it", "ln -s db/migrate m; echo x > m/1.rb", "db/migrate/1.rb"},
	{"symlink in a subfolder", "ln -s ../.github/workflows sub/w && cp x sub/w/ci.yml", ".github/workflows/ci.yml"},
	{"symlink to a parent then a write below", "ln -sfn .github gh; echo x > gh/workflows/ci.yml", ".github/workflows/ci.yml"},
	{"rm -rf * in the root", "rm -rf *", "migrations/*"},
	{"dotdot after a same-line link into workflows", "ln -s .github/x w; echo x > w/../workflows/ci.yml", ".github/workflows/ci.yml"},
	{"chained same-line links", "ln -s .github a; ln -s a/workflows b; cp x b/ci.yml", ".github/workflows/ci.yml"},
	{"glob destination with a blast centre named", "cat .env > /tmp/e; cp /tmp/e .backup*", ".env"},
	{"hard link of a blast centre", "ln .env notes.txt", ".env"},
	{"cp -al of a blast centre", "cp -al .github/workflows wf", ".github/workflows"},
	{"cp --link", "cp --link .env e", ".env"},
	{"benign symlink", "ln -s src/main.go m.go", ""},
	// Writes that cannot be known, with a blast centre named in the command.
	{"python -c", `python3 -c "open('.env','w').write('x')"`, ".env"},
	{"node -e", `node -e "require('fs').writeFileSync('.github/workflows/ci.yml','x')"`, ".github/workflows/ci.yml"},
	{"perl -e", `perl -e 'open(F,">go.sum")'`, "go.sum"},
	{"ruby -e", `ruby -e 'File.write("Dockerfile","x")'`, "Dockerfile"},
	{"sh -c with a variable", `F=.env; sh -c "$CMD" x`, ".env"},
	{"variable destination", `D=.env; echo x > "$D"`, ".env"},
	{"unknown program fed a blast centre", "./tool --out .env", ".env"},
	{"xargs from a pipe", "echo .env | xargs rm", ".env"},
	{"sed w command", "sed -n 'w .env' in.txt", ".env"},
	{"awk writing a file", `awk '{print > ".env"}' in.txt`, ".env"},
	{"python reading a here-document", "python3 - <<'EOF'\nopen('.env', 'w').write('x')\nEOF", ".env"},
	{"versioned interpreter", `python3.12 -c "open('go.sum','w')"`, "go.sum"},
	{"source with an argument", ". ./script.sh .env", ".env"},
	{"find piped to xargs rm", "find . -type f | xargs rm -f", ".github/workflows/*"},
	{"scp into a folder", "scp host:ci.yml .github/workflows/", ".github/workflows/ci.yml"},
	{"cd then a relative write", "cd .github && rm -rf workflows", ".github/workflows"},
	{"cd then a redirect", "cd db/migrate; echo x > 1.rb", "db/migrate/1.rb"},
	{"git restore the worktree", "git restore .", ".github/workflows/*"},
	{"wget -i a list", "wget -i urls.txt", ".github/workflows/*"},
	{"benign git restore --staged", "git restore --staged .", ""},
	{"benign python module", "python3 -m pytest tests/", ""},
	{"benign cp -r into cwd", "cp -r ../other/src .", ""},
	{"benign mv into a folder", "mv build/app.js dist/", ""},
	{"benign cd", "cd src && ls", ""},
	{"shred -u", "shred -u .env", ".env"},
	{"GIT_WORK_TREE=DIR", "GIT_WORK_TREE=.github git checkout -- workflows/ci.yml", ".github/workflows/ci.yml"},
	{"env GIT_WORK_TREE=DIR", "env GIT_WORK_TREE=db git restore migrate/1.rb", "db/migrate/1.rb"},
	{"git archive -o", "git archive -o .env HEAD", ".env"},
	{"git diff --output", "git diff --output=go.sum", "go.sum"},
	{"make a target", "make -C db migrate/1.rb", "db/migrate/1.rb"},
	{"unknown program running a command", `script -qc "rm .env" /dev/null`, ".env"},
	{"curl -K config", "curl -K cfg https://x/y", ".github/workflows/*"},
	{"benign make -f Makefile", "make -f Makefile test", ""},
	{"rm -rf $PWD", `rm -rf "$PWD"`, ".github/workflows/*"},
	{"rm -rf $PWD/.github", `rm -rf "$PWD/.github"`, ".github/workflows/*"},
	{"rm -rf /", "rm -rf /", "/.github/workflows/*"},
	{"extract into the project dir variable", `tar -xf a.tar -C "$CLAUDE_PROJECT_DIR"`, ".github/workflows/*"},
	{"extract into the git toplevel", `unzip -o a.zip -d "$(git rev-parse --show-toplevel)"`, ".github/workflows/*"},
	{"chmod a folder", "chmod 000 .github", ".github/workflows/*"},
	{"link in place of a folder", "ln -s /tmp/x .github", ".github/workflows/*"},
	{"sudo then cp -t", "sudo cp -t .github/workflows ci.yml", ".github/workflows"},
	{"env -C then cp -t", "env -C . cp -t .github/workflows ci.yml", ".github/workflows"},
	{"perl reading a here-document", "perl <<'EOF'\nopen(F, '>', 'go.sum');\nEOF", "go.sum"},
	{"go build -o", "go build -o .env ./cmd/x", ".env"},
	{"docker cp", "docker cp app:/etc/ci.yml .github/workflows/", ".github/workflows/ci.yml"},
	{"kubectl cp", "kubectl cp -n prod pod:/x k8s/x.yaml", "k8s/x.yaml"},
	{"npx formatter", "npx prettier --write .github/workflows/ci.yml", ".github/workflows/ci.yml"},
	{"trap running a command", "trap 'rm -f .env' EXIT", ".env"},
	{"xxd -r IN OUT", "xxd -r dump.hex .env", ".env"},
	{"benign go test", "go test ./auth/... && go vet ./...", ""},
	{"benign pytest", "pytest tests/test_auth.py -q", ""},
	{"benign docker", "docker compose -f docker-compose.yml up -d", ""},
	{"wrapper running rm", "flock /tmp/l rm -rf .github", ".github/workflows/*"},
	{"strace running mv", "strace -f -o /tmp/t mv staging/migrations db/", "db/migrations"},
	{"git -c alias running a command", "git -c alias.x='!rm -rf .github' x", ".github/workflows/*"},
	{"git config alias", "git config alias.up '!cp x .github/workflows/ci.yml'", ".github/workflows/ci.yml"},
	{"git -c core.pager", "git -c core.pager='tee .env' log", ".env"},
	{"command in an environment variable", "GIT_SSH_COMMAND='cp x .env' git fetch", ".env"},
	{"folder named in unknown code", `python3 -c "import shutil; shutil.rmtree('.github')"`, ".github/workflows/*"},
	{"PowerShell Remove-Item", "Remove-Item -Recurse -Force .github", ".github/workflows/*"},
	{"cmd del", "del /q .env", ".env"},
	{"PowerShell Copy-Item", "Copy-Item ci.yml -Destination .github/workflows", ".github/workflows/ci.yml"},
	{"toybox rm", "toybox rm -rf .github", ".github/workflows/*"},
	{"benign git -c", "git -c color.ui=always log --oneline", ""},
	{"benign env value with spaces", "MSG='hello world' npm test", ""},
	{"ANSI-C quoted inline code", `python3 -c $'open('.env',"w")'`, ".env"},
	{"escaped name in inline code", `python3 -c "open('.env','w')"`, ".env"},
	{"octal escape in node code", `node -e "require('fs').writeFileSync('.env','x')"`, ".env"},
	{"bash reading a here-document", "bash <<'EOF'\nmv stage/ci.yml .github/workflows/\nEOF", ".github/workflows/ci.yml"},
	{"source a process substitution", "source <(echo 'rm -rf .github')", ".github/workflows/*"},
	{"alias defining a write", "alias x='cp y .github/workflows/ci.yml'", ".github/workflows/ci.yml"},
	{"extglob", "shopt -s extglob; rm -rf !(src)", "migrations/*"},
	{"glob after ./", "rm -rf ./.gith*/workflows", ".github/workflows"},
	{"benign source", "source .venv/bin/activate && pytest", ""},
	{"benign alias", "alias ll='ls -la'", ""},
	{"benign python -c", `python3 -c "print(1)"`, ""},
	{"benign unknown program", "npm test && ./run.sh --verbose", ""},
	{"benign reader", "cat migrations/0001.sql", ""},
	{"benign reader pipe", "cat go.sum | grep x | wc -l", ""},
	{"benign awk", "awk '{print $1}' go.sum", ""},
	{"benign sed", "sed 's/new value/x/' Dockerfile", ""},
}

func TestShellRedTeam(t *testing.T) {
	c := NewClassifier()
	for _, tt := range redteamShell {
		t.Run(tt.name, func(t *testing.T) {
			paths, err := ShellWriteTargets(tt.cmd)
			if err != nil {
				t.Fatalf("%q: %v", tt.cmd, err)
			}
			var got []string
			for _, tg := range c.Targets(paths) {
				got = append(got, tg.Path)
			}
			if tt.want == "" {
				if len(got) > 0 {
					t.Fatalf("%q judged %q (all targets %q), want nothing", tt.cmd, got, paths)
				}
				return
			}
			if !slices.Contains(got, tt.want) {
				t.Fatalf("%q: blast targets %q (all targets %q) lack %q", tt.cmd, got, paths, tt.want)
			}
		})
	}
}

// Sentinel's own files named inside an interpreter's code, or hard-linked,
// are targets, so the hook's Sentinel-directory rule sees them.
func TestShellSentinelFilesInCode(t *testing.T) {
	own := "/home/u/.config/sentinel"
	c := NewClassifier(WithSentinelDirs(own))
	for _, cmd := range []string{
		`python3 -c "open('/home/u/.config/sentinel/mcp-policy.json','w')"`,
		`node -e 'fs.rmSync("/home/u/.config/sentinel", {recursive: true})'`,
		"ln /home/u/.config/sentinel/approvals.json notes.json",
		"cp -l /home/u/.config/sentinel/approvals.json a.json",
		"cp --link -r /home/u/.config/sentinel s",
	} {
		paths, err := ShellWriteTargets(cmd)
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		ts := c.Targets(paths)
		if !slices.ContainsFunc(ts, func(tg Target) bool { return slices.Contains(tg.Reasons, ReasonSentinelState) }) {
			t.Errorf("%q: targets %q not Sentinel's own files", cmd, paths)
		}
	}
}

func TestShellWholeTreeSet(t *testing.T) {
	// Every path of the whole-tree set is a blast centre wherever it lands,
	// so an unknown write asks even from a subfolder or another root.
	for _, p := range wholeTree {
		for _, dir := range []string{"", "sub", "/tmp/x"} {
			q := p
			if dir != "" {
				q = dir + "/" + p
			}
			if !Classify(q).Sensitive {
				t.Errorf("%q is not a blast centre", q)
			}
		}
	}
	if !strings.HasPrefix(wholeTree[0], ".github/") {
		t.Errorf("the CI workflow should come first, got %q", wholeTree[0])
	}
}

// Deleting or re-moding a parent of Sentinel's own folders is a write to
// them: `rm -rf ~/.config` removes ~/.config/sentinel.
func TestShellSentinelParents(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"rm -rf ~/.config", "~/.config/sentinel/*"},
		{"rm -rf ~", "~/.config/sentinel/*"},
		{`rm -rf "$HOME"`, "$HOME/.local/state/sentinel/*"},
		{"rm -rf ~/.local/state", "~/.local/state/sentinel/*"},
		{"chmod -R 000 ~/.local", "~/.local/state/sentinel/*"},
		{"rm -rf ${XDG_CONFIG_HOME:-~/.config}", "~/.config/sentinel/*"},
		{"cd ~ && rm -rf .config", "~/.config/sentinel/*"},
	} {
		got, err := ShellWriteTargets(tt.cmd)
		if err != nil || !slices.Contains(got, tt.want) {
			t.Errorf("%q = %q, %v; want %q among them", tt.cmd, got, err, tt.want)
		}
	}
}
