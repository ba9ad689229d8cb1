//go:build unix

package cli_test

import (
	"strings"
	"testing"
)

// Red team 10 (the gaps red team 9 left): the hooks of a remote
// repository in .pre-commit-config.yaml and the packages pre-commit
// installs for a hook, the script after an interpreter's --env-file FILE,
// and the command python-dotenv's `dotenv run` runs. Every row goes
// through the built binary, with red team 9's harness (rt9Row,
// rt9Refused, rt9Lapses, rt9Twin).

// rt10Rev is a full commit hash, the only rev an approval can pin.
const rt10Rev = "2c3e6a5bd6f1e1d2a1f4c8e9b7a6d5c4b3a2f1e0"

// rt10PC is a hook that runs `cmd` (pre-commit …) with the configuration
// cfg.
func rt10PC(cmd, cfg string) map[string]string {
	return rt9Hook(cmd, map[string]string{".pre-commit-config.yaml": cfg})
}

// rt10Remote is a configuration with one remote repository at rev whose
// hook black has the given extra lines.
func rt10Remote(url, rev, extra string) string {
	return "repos:\n- repo: " + url + "\n  rev: " + rev + "\n  hooks:\n  - id: black\n" + extra
}

// TestRedTeam10PrecommitRefusedE2E: a remote hook at a tag or branch, or
// a hook whose environment installs a package of no exact version, runs
// code its repository or registry can change: no approval can cover it,
// however the configuration spells it.
func TestRedTeam10PrecommitRefusedE2E(t *testing.T) {
	needGitE2E(t)
	bin := testBinary(t)
	out := rt9Outside(t)
	const black = "https://github.com/psf/black"
	const moving = "pin `rev` to the full commit hash"
	const dep = "(additional_dependencies) from its registry with no exact version"
	rt9RefusedRows(t, bin, out, []rt9Row{
		{name: "a tag", files: rt10PC("pre-commit run --all-files", rt10Remote(black, "24.8.0", "")), want: "the pre-commit hook black of " + black + " at rev 24.8.0"},
		{name: "a v-tag", files: rt10PC("pre-commit run --all-files", rt10Remote(black, "v1.2.3", "")), want: moving},
		{name: "a branch", files: rt10PC("pre-commit run", rt10Remote(black, "main", "")), want: "at rev main"},
		{name: "a short hash", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev[:12], "")), want: moving},
		{name: "a .git URL at a tag", files: rt10PC("pre-commit run", rt10Remote(black+".git", "v1.2.3", "")), want: moving},
		{name: "pre-commit alone", files: rt10PC("pre-commit", rt10Remote(black, "v1.2.3", "")), want: moving},
		{name: "pre-commit run ID", files: rt10PC("pre-commit run black", rt10Remote(black, "v1.2.3", "")), want: moving},
		{name: "pre-commit run ALIAS", files: rt10PC("pre-commit run fmt", rt10Remote(black, "v1.2.3", "    alias: fmt\n")), want: moving},
		{name: "--files before the hook id", files: rt10PC("pre-commit run --files a.py black", rt10Remote(black, "v1.2.3", "")), want: moving},
		{name: "pre-commit install-hooks", files: rt10PC("pre-commit install-hooks", rt10Remote(black, "v1.2.3", "")), want: moving},
		{name: "-c names another configuration", files: rt9Hook("pre-commit run -c ci/pc.yaml", map[string]string{".pre-commit-config.yaml": "repos: []\n", "ci/pc.yaml": rt10Remote(black, "v1.2.3", "")}), want: moving},
		{name: "pre-commit try-repo", files: rt10PC("pre-commit try-repo "+black+" black", rt10Remote(black, rt10Rev, "")), want: "runs the hooks of a repository at whatever it holds then"},
		{name: "rev through a YAML alias", files: rt10PC("pre-commit run", "x: &r v1.2.3\nrepos:\n- repo: "+black+"\n  rev: *r\n  hooks:\n  - id: black\n"), want: moving},
		{name: "repo and rev through a merge key", files: rt10PC("pre-commit run", "b: &b\n  repo: "+black+"\n  rev: v1.2.3\nrepos:\n- <<: *b\n  hooks:\n  - id: black\n"), want: moving},
		{name: "a second repo: key after repo: local", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  repo: "+black+"\n  rev: v1.2.3\n  hooks:\n  - id: black\n    entry: echo\n    language: system\n"), want: moving},
		{name: "a second rev: key after a full hash", files: rt10PC("pre-commit run", "repos:\n- repo: "+black+"\n  rev: "+rt10Rev+"\n  rev: v1.2.3\n  hooks:\n  - id: black\n"), want: moving},
		{name: "flow style", files: rt10PC("pre-commit run", "repos: [{repo: '"+black+"', rev: v1.2.3, hooks: [{id: black}]}]\n"), want: moving},
		{name: "a second id: key names the hook run", files: rt10PC("pre-commit run black", "repos:\n- repo: "+black+"\n  rev: v1.2.3\n  hooks:\n  - id: other\n    id: black\n"), want: moving},
		{name: "a local docker_image hook at a tag", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: evil/lint:1.2 --check\n    language: docker_image\n"), want: "runs the container image evil/lint:1.2"},
		{name: "a dependency with no version", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "    additional_dependencies: [click]\n")), want: "installs click " + dep},
		{name: "a dependency with a range", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "    additional_dependencies: ['click>=8']\n")), want: dep},
		{name: "a local python hook's dependency", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: lint-it\n    language: python\n    additional_dependencies: [lint-it]\n"), want: "pin an exact version (lint-it==1.2.3)"},
		{name: "a tag with a commit hash in a comment", files: rt10PC("pre-commit run", rt10Remote(black, "v1.2.3  # "+rt10Rev, "")), want: moving},
		{name: "a tag quoted, then the hash as another key's value", files: rt10PC("pre-commit run", rt10Remote(black, "'v1.2.3'", "    rev: "+rt10Rev+"\n")), want: moving},
		{name: "a 41-character hex rev", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev+"a", "")), want: moving},
		{name: "a local node hook's dependency", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: eslint\n    language: node\n    additional_dependencies: ['eslint@^9']\n"), want: "pin an exact version (eslint@1.2.3)"},
	})
}

// TestRedTeam10PrecommitPinnedE2E: a remote hook at a full commit hash
// with exact dependencies stays approvable and CLEAN; the rev and the
// versions are pinned with the file, so changing either lapses the
// approval.
func TestRedTeam10PrecommitPinnedE2E(t *testing.T) {
	needGitE2E(t)
	bin := testBinary(t)
	out := rt9Outside(t)
	const black = "https://github.com/psf/black"
	for _, c := range []rt9Row{
		{name: "a full hash", files: rt10PC("pre-commit run --all-files", rt10Remote(black, rt10Rev, ""))},
		{name: "a full hash, .git URL, exact dependencies", files: rt10PC("pre-commit run", rt10Remote(black+".git", rt10Rev, "    additional_dependencies: ['click==8.1.7', \"tomli==2.0.1; python_version < '3.11'\"]\n"))},
		{name: "a full hash through an alias", files: rt10PC("pre-commit run", "x: &r "+rt10Rev+"\nrepos:\n- repo: "+black+"\n  rev: *r\n  hooks:\n  - id: black\n")},
		{name: "autoupdate --freeze's full hash and comment", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev+"  # frozen: 24.8.0", ""))},
		{name: "a local docker_image hook at a digest", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: ghcr.io/x/lint@sha256:"+strings.Repeat("ab", 32)+" --check\n    language: docker_image\n")},
		{name: "repo: meta", files: rt10PC("pre-commit run", "repos:\n- repo: meta\n  hooks:\n  - id: check-hooks-apply\n")},
		{name: "a local node hook with exact dependencies", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: eslint .\n    language: node\n    additional_dependencies: ['eslint@9.9.1', '@eslint/js@9.9.1']\n")},
		{name: "pre-commit run of a local hook; a remote one at a tag does not run", files: rt10PC("pre-commit run fmt", "repos:\n- repo: local\n  hooks:\n  - id: fmt\n    name: fmt\n    entry: echo ok\n    language: system\n- repo: "+black+"\n  rev: v1.2.3\n  hooks:\n  - id: black\n")},
		{name: "pre-commit install runs no hook", files: rt10PC("pre-commit install", rt10Remote(black, "v1.2.3", ""))},
	} {
		t.Run("twin: "+c.name, func(t *testing.T) {
			c.files["notes/todo.txt"] = "one\n"
			rt9Twin(t, newRT9Repo(t, bin, out, c))
		})
	}
	for _, c := range []rt9Row{
		{name: "the rev moves to another commit", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "")),
			change: rt10PC("pre-commit run", rt10Remote(black, strings.Repeat("e", 40), ""))},
		{name: "a dependency moves to another version", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "    additional_dependencies: ['click==8.1.7']\n")),
			change: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "    additional_dependencies: ['click==8.1.8']\n"))},
	} {
		t.Run("lapses: "+c.name, func(t *testing.T) {
			rt9Lapses(t, newRT9Repo(t, bin, out, c), out, c)
		})
	}
}

// TestRedTeam10EnvFileScriptE2E: in `node --env-file FILE x.js` the
// script is x.js, not FILE: both are pinned, so changing the script (or a
// file it loads) lapses the approval, whatever the spelling; a script out
// of the tree, or a test runner, after the option is refused.
func TestRedTeam10EnvFileScriptE2E(t *testing.T) {
	needGitE2E(t)
	bin := testBinary(t)
	out := rt9Outside(t)
	js := func(cmd string) map[string]string {
		return rt9Hook(cmd, map[string]string{".env": "A=1\n", ".env.ci": "A=1\n", "config/.env": "A=1\n", "tools/x.js": "require('./y')\n", "tools/y.js": "console.log(1)\n",
			"tools/pre.js": "console.log(1)\n", "tools/x.ts": "console.log(1)\n", "tools/x.py": "print(1)\n"})
	}
	evilJS := map[string]string{"tools/x.js": "require('child_process').execSync('" + rt9Evil + "')\n"}
	rt9LapseRows(t, bin, out, []rt9Row{
		{name: "node --env-file FILE x.js", files: js("node --env-file .env tools/x.js"), change: evilJS},
		{name: "node --env-file ./path FILE x.js", files: js("node --env-file ./config/.env tools/x.js"), change: evilJS},
		{name: "node --env-file repeated", files: js("node --env-file .env --env-file .env.ci tools/x.js"), change: evilJS},
		{name: "node --env-file-if-exists FILE x.js", files: js("node --env-file-if-exists .env.ci tools/x.js"), change: evilJS},
		{name: "node --env-file quoted", files: js(`node --env-file ".env" "tools/x.js"`), change: evilJS},
		{name: "node --env-file FILE -- x.js", files: js("node --env-file .env -- tools/x.js"), change: evilJS},
		{name: "the env file of node --env-file FILE -- x.js", files: js("node --env-file .env -- tools/x.js"), change: map[string]string{".env": "NODE_OPTIONS=--require ./tools/pre.js\n"}},
		{name: "env -S 'node --env-file FILE x.js'", files: js(`env -S "node --env-file .env tools/x.js"`), change: evilJS},
		{name: "NODE_OPTIONS=--require=PRE node x.js: the preload", files: js("NODE_OPTIONS=--require=./tools/pre.js node tools/x.js"), change: map[string]string{"tools/pre.js": "require('child_process').execSync('" + rt9Evil + "')\n"}},
		{name: "a module the script requires", files: js("node --env-file .env tools/x.js"), change: map[string]string{"tools/y.js": "require('child_process').execSync('" + rt9Evil + "')\n"}},
		{name: "a preload after --env-file FILE", files: js("node --env-file .env -r ./tools/pre.js tools/x.js"), change: map[string]string{"tools/pre.js": "require('child_process').execSync('" + rt9Evil + "')\n"}},
		{name: "bun --env-file FILE x.ts", files: js("bun --env-file .env tools/x.ts"), change: map[string]string{"tools/x.ts": "Bun.spawnSync(['sh','-c','" + rt9Evil + "'])\n"}},
		{name: "uv run --env-file FILE x.py", files: js("uv run --env-file .env tools/x.py"), change: map[string]string{"tools/x.py": "import os; os.system('" + rt9Evil + "')\n"}},
		{name: "a tool server's node --env-file FILE x.js", files: map[string]string{".mcp.json": mcpServer("node", "--env-file", ".env", "tools/x.js"), ".env": "A=1\n", "tools/x.js": "console.log(1)\n"}, change: evilJS},
	})
	rt9RefusedRows(t, bin, out, []rt9Row{
		{name: "a home script after --env-file FILE", files: js("node --env-file .env ~/x.js"), want: "runs ~/x.js, which is outside"},
		{name: "uv run --env-file FILE pytest", files: js("uv run --env-file .env pytest -q"), want: "`pytest -q`, a test runner"},
		{name: "python3 -X dev -m pytest", files: js("python3 -X dev -m pytest"), want: "`python -m pytest`"},
	})
	t.Run("twin: node --env-file FILE x.js, an unrelated file changes", func(t *testing.T) {
		c := rt9Row{files: js("node --env-file .env tools/x.js")}
		c.files["notes/todo.txt"] = "one\n"
		rt9Twin(t, newRT9Repo(t, bin, out, c))
	})
}

// TestRedTeam10DotenvRunE2E: python-dotenv's `dotenv run CMD` (and
// `python -m dotenv run`) runs CMD, which is read as a command line like
// any other: its script and runner files are pinned, a fetched package or
// a test runner is refused; and the env file it loads is the one -f names.
func TestRedTeam10DotenvRunE2E(t *testing.T) {
	needGitE2E(t)
	bin := testBinary(t)
	out := rt9Outside(t)
	files := func(cmd string) map[string]string {
		return rt9Hook(cmd, map[string]string{".env": "A=1\n", ".env.ci": "A=1\n", "Makefile": "lint:\n\techo ok\n", "tools/s.sh": "echo ok\n",
			"tools/x.js": "console.log(1)\n", "package.json": `{"scripts":{"y":"echo ok"}}`})
	}
	evilMk := map[string]string{"Makefile": "lint:\n\t" + rt9Evil + "\n"}
	evilSh := map[string]string{"tools/s.sh": rt9Evil + "\n"}
	rt9LapseRows(t, bin, out, []rt9Row{
		{name: "python -m dotenv run bash x.sh", files: files("python -m dotenv run bash tools/s.sh"), change: evilSh},
		{name: "python3 -m dotenv run -- ./x.sh", files: files("python3 -m dotenv run -- ./tools/s.sh"), change: evilSh},
		{name: "dotenv run -- make lint", files: files("dotenv run -- make lint"), change: evilMk},
		{name: "dotenv run --no-override npm run y", files: files("dotenv run --no-override npm run y"), change: map[string]string{"package.json": `{"scripts":{"y":"` + rt9Evil + `"}}`}},
		{name: "python3 -m dotenv -f FILE run -- node x.js", files: files("python3 -m dotenv -f .env.ci run -- node tools/x.js"), change: map[string]string{"tools/x.js": "require('child_process').execSync('" + rt9Evil + "')\n"}},
		{name: "dotenv -f FILE run: FILE is the env file", files: files("dotenv -f .env.ci run -- make lint"), change: map[string]string{".env.ci": "BASH_ENV=./x.sh\n", "x.sh": rt9Evil + "\n"}},
		{name: "dotenv -fFILE run: click's attached value", files: files("dotenv -f.env.ci run -- make lint"), change: map[string]string{".env.ci": "BASH_ENV=./x.sh\n", "x.sh": rt9Evil + "\n"}},
		{name: "uv run dotenv run make lint", files: files("uv run dotenv run -- make lint"), change: evilMk},
		{name: "python3 -I -m dotenv run make lint", files: files("python3 -I -m dotenv run make lint"), change: evilMk},
		{name: "uv run python -m dotenv run make lint", files: files("uv run python -m dotenv run make lint"), change: evilMk},
		{name: "nice python3 -m dotenv run make lint", files: files("nice python3 -m dotenv run make lint"), change: evilMk},
		{name: "a tool server python3 -m dotenv run node x.js", files: map[string]string{".mcp.json": mcpServer("python3", "-m", "dotenv", "run", "node", "tools/x.js"), ".env": "A=1\n", "tools/x.js": "console.log(1)\n"},
			change: map[string]string{"tools/x.js": "require('child_process').execSync('" + rt9Evil + "')\n"}},
		{name: "a tool server dotenv -e FILE -- node x.js", files: map[string]string{".mcp.json": mcpServer("dotenv", "-e", ".env", "--", "node", "tools/x.js"), ".env": "A=1\n", "tools/x.js": "console.log(1)\n"},
			change: map[string]string{"tools/x.js": "require('child_process').execSync('" + rt9Evil + "')\n"}},
		{name: "a wrapped script: nice bash x.sh", files: files("nice bash tools/s.sh"), change: evilSh},
	})
	rt9RefusedRows(t, bin, out, []rt9Row{
		{name: "python -m dotenv run -- npx -y", files: files("python -m dotenv run -- npx -y db-mcp"), want: "fetches db-mcp from the npm registry"},
		{name: "dotenv run -- npx -y", files: files("dotenv run -- npx -y db-mcp"), want: "fetches db-mcp"},
		{name: "python3 -I -m dotenv run -- uvx", files: files("python3 -I -m dotenv run -- uvx ruff check"), want: "fetches ruff"},
		{name: "python3.12 -m dotenv -f FILE run pytest", files: files("python3.12 -m dotenv -f .env.ci run pytest -q"), want: "`pytest -q`, a test runner"},
		{name: "dotenv run a home script", files: files("dotenv run -- bash ~/x.sh"), want: "runs ~/x.sh, which is outside"},
		{name: "bash -c 'python3 -m dotenv run -- npx -y'", files: files("bash -c 'python3 -m dotenv run -- npx -y db-mcp'"), want: "fetches db-mcp"},
		{name: "a tool server python3 -m dotenv run npx -y", files: rt9Server("python3", "-m", "dotenv", "run", "--", "npx", "-y", "db-mcp"), want: "fetches db-mcp"},
	})
	for _, c := range []rt9Row{
		{name: "python -m dotenv run -- make lint", files: files("python -m dotenv run -- make lint")},
		{name: "dotenv run -- npx -y of an exact version", files: files("dotenv run -- npx -y db-mcp@1.2.3")},
		{name: "python3 -m dotenv -f FILE run bash x.sh", files: files("python3 -m dotenv -f .env.ci run bash tools/s.sh")},
	} {
		t.Run("twin: "+c.name, func(t *testing.T) {
			c.files["notes/todo.txt"] = "one\n"
			rt9Twin(t, newRT9Repo(t, bin, out, c))
		})
	}
}
