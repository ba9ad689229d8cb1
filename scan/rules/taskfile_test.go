package rules

import (
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

// FuzzTaskfile: the Taskfile, pre-commit and environment-file readings
// never panic or hang on any text.
func FuzzTaskfile(f *testing.F) {
	f.Add("version: '3'\nincludes:\n  ci: ./ci\ndotenv: ['.env']\nvars:\n  V:\n    sh: make\ntasks:\n  lint:\n    deps: [a, {task: b}]\n    cmds:\n      - make lint\n      - task: x\n      - defer: {task: y}\n      - cmd: '{{.X}} y'\n")
	f.Add("repos:\n- repo: local\n  hooks:\n  - id: a\n    entry: make\n    args: [lint, \"it's\"]\n    language: system\n")
	f.Add("BASH_ENV=./x.sh\nexport A='1'\nB=\"$(cat y)\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		taskRefs("Taskfile.yml", ".", text, nil)
		taskRefs("Taskfile.yml", ".", text, []string{"lint", "ci:x", "\x00"})
		precommitRefs(".pre-commit-config.yaml", ".", text, nil)
		shellRefs(".env", ".", text)
	})
}
