package rules

import (
	"strings"
	"testing"
)

// TestTaskfileAndPrecommit: the commands a Taskfile task or a pre-commit
// local hook runs are read like the hook's own command line: a runner
// they call pins its files, a test runner is refused.
func TestTaskfileAndPrecommit(t *testing.T) {
	tf := func(tasks string) map[string]string {
		return map[string]string{"Taskfile.yml": "version: '3'\ntasks:\n" + tasks, "Makefile": "lint:\n\tbash tools/l.sh\n", "tools/l.sh": "echo\n",
			"package.json": `{"scripts":{"y":"bash tools/y.sh"}}`, "tools/y.sh": "echo\n", "sub/Taskfile.yml": "version: '3'\ntasks:\n  x:\n    cmds:\n      - make lint\n"}
	}
	pc := func(hooks string) map[string]string {
		return map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n" + hooks, "Makefile": "lint:\n\tbash tools/l.sh\n", "tools/l.sh": "echo\n",
			"package.json": `{"scripts":{"y":"bash tools/y.sh"}}`, "tools/y.sh": "echo\n"}
	}
	for _, c := range []struct {
		name     string
		files    map[string]string
		cmd      string
		want     []string
		not      []string
		unpinned string
	}{
		{"task calls make", tf("  lint:\n    cmds:\n      - make lint\n"), "task lint", []string{"Taskfile.yml", "Makefile", "tools/l.sh"}, nil, ""},
		{"task calls npm run", tf("  lint:\n    cmds:\n      - npm run y\n"), "task lint", []string{"package.json", "tools/y.sh"}, nil, ""},
		{"task short form", tf("  lint: make lint\n"), "task lint", []string{"Makefile", "tools/l.sh"}, nil, ""},
		{"task cmd: form", tf("  lint:\n    cmds:\n      - cmd: make lint\n"), "task lint", []string{"Makefile"}, nil, ""},
		{"task default", tf("  default:\n    cmds:\n      - make lint\n"), "task", []string{"Makefile"}, nil, ""},
		{"task deps", tf("  lint:\n    deps: [fmt]\n    cmds:\n      - echo\n  fmt:\n    cmds:\n      - npm run y\n"), "task lint", []string{"tools/y.sh"}, nil, ""},
		{"task calls a task", tf("  lint:\n    cmds:\n      - task: fmt\n  fmt:\n    cmds:\n      - make lint\n"), "task lint", []string{"Makefile"}, nil, ""},
		{"task: only the goal", tf("  lint:\n    cmds:\n      - echo\n  test:\n    cmds:\n      - go test ./...\n"), "task lint", nil, []string{"Makefile"}, ""},
		{"task runs a test runner: refused", tf("  test:\n    cmds:\n      - pytest -q\n"), "task test", nil, nil, "a test runner"},
		{"task dependency runs a test runner", tf("  lint:\n    deps: [t]\n  t:\n    cmds:\n      - go test ./...\n"), "task lint", nil, nil, "`go test ./...`"},
		{"task sh: variable runs", map[string]string{"Taskfile.yml": "version: '3'\nvars:\n  V:\n    sh: make lint\ntasks:\n  a:\n    cmds:\n      - echo {{.V}}\n", "Makefile": "lint:\n"}, "task a", []string{"Makefile"}, nil, ""},
		{"task templated program: fails closed", tf("  lint:\n    cmds:\n      - '{{.TOOL}} lint'\n"), "task lint", nil, nil, "a program named by a template"},
		{"task dotenv", map[string]string{"Taskfile.yml": "version: '3'\ndotenv: ['.env.task']\ntasks:\n  a:\n    cmds:\n      - echo\n", ".env.task": "A=1\n"}, "task a", []string{".env.task"}, nil, ""},
		{"task dir", tf("  lint:\n    dir: sub\n    cmds:\n      - make lint\n"), "task lint", nil, nil, ""},
		{"task -t names the file", map[string]string{"ci/T.yml": "version: '3'\ntasks:\n  a:\n    cmds:\n      - make lint\n", "Makefile": "lint:\n"}, "task -t ci/T.yml a", []string{"ci/T.yml"}, nil, ""},
		{"pre-commit run: every local hook", pc("  - id: a\n    name: a\n    entry: make lint\n    language: system\n  - id: b\n    name: b\n    entry: npm run y\n    language: system\n"), "pre-commit run --all-files", []string{"Makefile", "tools/l.sh", "package.json", "tools/y.sh"}, nil, ""},
		{"pre-commit run ID: that hook", pc("  - id: a\n    name: a\n    entry: make lint\n    language: system\n  - id: b\n    name: b\n    entry: pytest\n    language: system\n"), "pre-commit run a", []string{"Makefile"}, nil, ""},
		{"pre-commit hook runs pytest: refused", pc("  - id: b\n    name: b\n    entry: pytest\n    language: system\n"), "pre-commit run --all-files", nil, nil, "a test runner"},
		{"pre-commit install runs no hook", pc("  - id: b\n    name: b\n    entry: pytest\n    language: system\n"), "pre-commit install", nil, []string{"Makefile"}, ""},
		{"task with no Taskfile looks above the project", map[string]string{}, "task lint", nil, nil, "looks for one in the folders above"},
		{"task --global", tf("  lint: echo\n"), "task -g lint", nil, nil, "~/Taskfile.yml"},
		{"just with no justfile looks above", map[string]string{}, "just lint", nil, nil, "looks for one in the folders above"},
		{"npm run with no package.json looks above", map[string]string{}, "npm run lint", nil, nil, "looks for one in the folders above"},
		{"rake with no Rakefile looks above", map[string]string{}, "rake lint", nil, nil, "looks for one in the folders above"},
		{"just -f names its file", map[string]string{"j": "lint:\n    echo\n"}, "just -f j lint", []string{"j"}, nil, ""},
		{"pre-commit args", pc("  - id: a\n    name: a\n    entry: make\n    args: [lint]\n    language: system\n"), "pre-commit run", []string{"tools/l.sh"}, nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkCommandDeps(t, c.files, c.cmd, c.want, c.not, c.unpinned)
		})
	}
}

// TestPrecommitRemote: a remote repository's hook runs code fetched at
// its rev, fixed only by a full commit hash; the packages pre-commit
// installs for a hook need exact versions (red team 10). The rev is in
// the file's bytes, so the file being pinned pins it.
func TestPrecommitRemote(t *testing.T) {
	const h40 = "2c3e6a5bd6f1e1d2a1f4c8e9b7a6d5c4b3a2f1e0"
	remote := func(rev, hooks string) map[string]string {
		return map[string]string{".pre-commit-config.yaml": "repos:\n- repo: https://github.com/psf/black\n  rev: " + rev + "\n  hooks:\n" + hooks, "Makefile": "lint:\n\techo\n"}
	}
	black := "  - id: black\n"
	const moving = "pin `rev` to the full commit hash"
	const dep = "(additional_dependencies) from its registry with no exact version"
	for _, c := range []struct {
		name     string
		files    map[string]string
		cmd      string
		unpinned string
	}{
		{"a tag", remote("24.8.0", black), "pre-commit run --all-files", moving},
		{"a v-tag", remote("v1.2.3", black), "pre-commit run --all-files", moving},
		{"a branch", remote("main", black), "pre-commit run", moving},
		{"a short hash", remote(h40[:12], black), "pre-commit run", moving},
		{"41 hex digits", remote(h40+"a", black), "pre-commit run", moving},
		{"a quoted tag", remote("'v1.2.3'", black), "pre-commit run", moving},
		{"no rev", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: https://github.com/psf/black\n  hooks:\n  - id: black\n"}, "pre-commit run", "at no rev"},
		{"a full hash", remote(h40, black), "pre-commit run --all-files", ""},
		{"a full hash in capitals", remote(strings.ToUpper(h40), black), "pre-commit run", ""},
		{"a quoted full hash", remote(`"`+h40+`"`, black), "pre-commit run", ""},
		{"a full hash, .git URL", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: https://github.com/psf/black.git\n  rev: " + h40 + "\n  hooks:\n  - id: black\n"}, "pre-commit run", ""},
		{"a tag, .git URL", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: https://github.com/psf/black.git\n  rev: v1.2.3\n  hooks:\n  - id: black\n"}, "pre-commit run", moving},
		{"pre-commit alone runs every hook", remote("v1", black), "pre-commit", moving},
		{"pre-commit run ID of another hook", remote("v1", black), "pre-commit run flake8", ""},
		{"pre-commit run ID of the hook", remote("v1", black), "pre-commit run black", moving},
		{"pre-commit run ALIAS of the hook", remote("v1", "  - id: black\n    alias: fmt\n"), "pre-commit run fmt", moving},
		{"the hook before --files", remote("v1", black), "pre-commit run black --files a.py b.py", moving},
		{"--files takes the words after it", remote("v1", black), "pre-commit run --files a.py black", moving},
		{"pre-commit install runs none", remote("v1", black), "pre-commit install", ""},
		{"pre-commit install-hooks installs every hook", remote("v1", black), "pre-commit install-hooks", moving},
		{"pre-commit install --install-hooks", remote("v1", black), "pre-commit install --install-hooks", moving},
		{"pre-commit try-repo", remote(h40, black), "pre-commit try-repo https://github.com/psf/black black", "runs the hooks of a repository at whatever it holds then"},
		{"-c names another configuration", map[string]string{".pre-commit-config.yaml": "repos: []\n", "ci/pc.yaml": "repos:\n- repo: https://github.com/psf/black\n  rev: v1\n  hooks:\n  - id: black\n"}, "pre-commit run -c ci/pc.yaml", moving},
		{"--config= outside the tree", remote(h40, black), "pre-commit run --config=/tmp/pc.yaml", "which is outside the scanned folder"},
		{"repo: meta stays as today", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: meta\n  hooks:\n  - id: check-hooks-apply\n"}, "pre-commit run", ""},
		{"a second repo: key wins (PyYAML keeps the last)", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  repo: https://github.com/evil/x\n  rev: v1\n  hooks:\n  - id: a\n    entry: echo\n    language: system\n"}, "pre-commit run", moving},
		{"a second rev: key wins", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: https://github.com/psf/black\n  rev: " + h40 + "\n  rev: v1\n  hooks:\n  - id: black\n"}, "pre-commit run", moving},
		{"rev through an alias", map[string]string{".pre-commit-config.yaml": "x: &r v1.2.3\nrepos:\n- repo: https://github.com/psf/black\n  rev: *r\n  hooks:\n  - id: black\n"}, "pre-commit run", moving},
		{"a full-hash rev through an alias", map[string]string{".pre-commit-config.yaml": "x: &r " + h40 + "\nrepos:\n- repo: https://github.com/psf/black\n  rev: *r\n  hooks:\n  - id: black\n"}, "pre-commit run", ""},
		{"repo and rev through a merge key", map[string]string{".pre-commit-config.yaml": "base: &b\n  repo: https://github.com/psf/black\n  rev: v1\nrepos:\n- <<: *b\n  hooks:\n  - id: black\n"}, "pre-commit run", moving},
		{"a merged tag overridden by a full hash", map[string]string{".pre-commit-config.yaml": "base: &b\n  repo: https://github.com/psf/black\n  rev: v1\nrepos:\n- <<: *b\n  rev: " + h40 + "\n  hooks:\n  - id: black\n"}, "pre-commit run", ""},
		{"the repos list through an alias", map[string]string{".pre-commit-config.yaml": "r: &r\n  - repo: https://github.com/psf/black\n    rev: v1\n    hooks:\n    - id: black\n" + "repos: *r\n"}, "pre-commit run", moving},
		{"a hook through an alias", map[string]string{".pre-commit-config.yaml": "h: &h {id: black, alias: fmt}\nrepos:\n- repo: https://github.com/psf/black\n  rev: v1\n  hooks: [*h]\n"}, "pre-commit run fmt", moving},
		// additional_dependencies, remote and local.
		{"a dependency with no version", remote(h40, "  - id: black\n    additional_dependencies: [click]\n"), "pre-commit run", dep},
		{"a dependency with a range", remote(h40, "  - id: black\n    additional_dependencies: ['click>=8']\n"), "pre-commit run", dep},
		{"a dependency with a wildcard", remote(h40, "  - id: black\n    additional_dependencies: ['click==8.*']\n"), "pre-commit run", dep},
		{"a dependency from a URL", remote(h40, "  - id: black\n    additional_dependencies: ['click @ https://x.invalid/c.tgz']\n"), "pre-commit run", dep},
		{"a dependency of an exact version", remote(h40, "  - id: black\n    additional_dependencies: ['click==8.1.7', 'tomli===2.0.1']\n"), "pre-commit run", ""},
		{"a dependency of an exact version with a marker", remote(h40, "  - id: black\n    additional_dependencies: [\"tomli==2.0.1; python_version < '3.11'\"]\n"), "pre-commit run", ""},
		{"one exact, one not", remote(h40, "  - id: black\n    additional_dependencies: ['click==8.1.7', rich]\n"), "pre-commit run", "installs rich"},
		{"a local python hook's dependency", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: lint-it\n    language: python\n    additional_dependencies: [lint-it]\n"}, "pre-commit run", "pin an exact version (lint-it==1.2.3)"},
		{"a local python hook's pinned dependency", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: lint-it\n    language: python\n    additional_dependencies: [lint-it==1.0.0]\n"}, "pre-commit run", ""},
		{"a local node hook's dependency", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: eslint\n    language: node\n    additional_dependencies: ['eslint@^9']\n"}, "pre-commit run", "pin an exact version (eslint@1.2.3)"},
		{"a local node hook's pinned dependency", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: eslint\n    language: node\n    additional_dependencies: ['eslint@9.9.1', '@eslint/js@9.9.1']\n"}, "pre-commit run", ""},
		{"a node-style pin on a python hook", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: x\n    language: python\n    additional_dependencies: ['x@1.2.3']\n"}, "pre-commit run", dep},
		{"a go hook's module at a version", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: x\n    language: golang\n    additional_dependencies: ['github.com/a/x@v1.2.3']\n"}, "pre-commit run", ""},
		{"a go hook's module at latest", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: x\n    language: golang\n    additional_dependencies: ['github.com/a/x@latest']\n"}, "pre-commit run", dep},
		{"a dependency list through an alias", map[string]string{".pre-commit-config.yaml": "d: &d [click]\nrepos:\n- repo: local\n  hooks:\n  - id: a\n    entry: x\n    language: python\n    additional_dependencies: *d\n"}, "pre-commit run", dep},
		// Red team 10, other spellings.
		{"flow style", map[string]string{".pre-commit-config.yaml": "repos: [{repo: 'https://github.com/psf/black', rev: v1.2.3, hooks: [{id: black}]}]\n"}, "pre-commit run", moving},
		{"autoupdate --freeze's comment", remote(h40+"  # frozen: 24.8.0", black), "pre-commit run", ""},
		{"a tag that looks like a frozen comment", remote("24.8.0  # "+h40, black), "pre-commit run", moving},
		{"a second repos: key wins", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: meta\n  hooks:\n  - id: identity\nrepos:\n- repo: https://github.com/psf/black\n  rev: v1\n  hooks:\n  - id: black\n"}, "pre-commit run", moving},
		{"a second id: key wins", remote("v1", "  - id: other\n    id: black\n"), "pre-commit run black", moving},
		{"a quoted merge key is a plain key", map[string]string{".pre-commit-config.yaml": "b: &b\n  rev: v1\nrepos:\n- repo: https://github.com/psf/black\n  '<<': *b\n  rev: " + h40 + "\n  hooks:\n  - id: black\n"}, "pre-commit run", ""},
		{"a docker_image hook at a tag", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    name: a\n    entry: --entrypoint /bin/lint evil/lint:1.2\n    language: docker_image\n"}, "pre-commit run", "runs the container image evil/lint:1.2"},
		{"a docker_image hook at a digest", map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: a\n    name: a\n    entry: evil/lint@sha256:" + strings.Repeat("ab", 32) + " --check\n    language: docker_image\n"}, "pre-commit run", ""},
		{"another hook's dependency does not run", remote(h40, "  - id: black\n  - id: other\n    additional_dependencies: [click]\n"), "pre-commit run black", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkCommandDeps(t, c.files, c.cmd, nil, nil, c.unpinned)
		})
	}
	// The rev is pinned: another full hash changes the hook's hash.
	hash := func(rev string) string {
		r := cmdRepo(remote(rev, black), "pre-commit run")
		r.ReadScriptDeps()
		return r.HookItem(r.AutoRuns[0]).Hash
	}
	if a, b := hash(h40), hash(strings.Repeat("e", 40)); a == "" || a == b {
		t.Fatalf("the rev is not part of the hash: %q %q", a, b)
	}
}

// FuzzTaskfile: the Taskfile, pre-commit and environment-file readings
// never panic or hang on any text.
func FuzzTaskfile(f *testing.F) {
	f.Add("version: '3'\nincludes:\n  ci: ./ci\ndotenv: ['.env']\nvars:\n  V:\n    sh: make\ntasks:\n  lint:\n    deps: [a, {task: b}]\n    cmds:\n      - make lint\n      - task: x\n      - defer: {task: y}\n      - cmd: '{{.X}} y'\n")
	f.Add("repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: make\n    args: [lint, \"it's\"]\n    language: system\n")
	f.Add("BASH_ENV=./x.sh\nexport A='1'\nB=\"$(cat y)\"\n")
	f.Add("b: &b\n  repo: https://x\n  rev: v1\nrepos:\n- <<: [*b, {rev: x}]\n  hooks: [{id: a, alias: b, additional_dependencies: [x, 'y==1', *b]}]\n- repo: meta\n  hooks: [{id: c}]\n")
	f.Fuzz(func(t *testing.T, text string) {
		taskRefs("Taskfile.yml", ".", text, nil)
		taskRefs("Taskfile.yml", ".", text, []string{"lint", "ci:x", "\x00"})
		precommitRefs(".pre-commit-config.yaml", ".", text, nil)
		precommitRefs(".pre-commit-config.yaml", ".", text, []string{"\x02install"})
		precommitRefs(".pre-commit-config.yaml", ".", text, []string{"a"})
		shellRefs(".env", ".", text)
	})
}
