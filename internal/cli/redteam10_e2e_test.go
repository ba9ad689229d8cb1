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
	for _, c := range []rt9Row{
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
		{name: "a dependency with no version", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "    additional_dependencies: [click]\n")), want: "installs click " + dep},
		{name: "a dependency with a range", files: rt10PC("pre-commit run", rt10Remote(black, rt10Rev, "    additional_dependencies: ['click>=8']\n")), want: dep},
		{name: "a local python hook's dependency", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: lint-it\n    language: python\n    additional_dependencies: [lint-it]\n"), want: "pin an exact version (lint-it==1.2.3)"},
		{name: "a local node hook's dependency", files: rt10PC("pre-commit run", "repos:\n- repo: local\n  hooks:\n  - id: l\n    name: l\n    entry: eslint\n    language: node\n    additional_dependencies: ['eslint@^9']\n"), want: "pin an exact version (eslint@1.2.3)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rt9Refused(t, newRT9Repo(t, bin, out, c), c.want)
		})
	}
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
