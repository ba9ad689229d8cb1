package rules

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// cmdRepo is a repository whose one hook runs cmd.
func cmdRepo(files map[string]string, cmd string) *Repo {
	fsys := fstest.MapFS{}
	for p, s := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return &Repo{FS: fsys, Scripts: map[string]*discover.File{},
		AutoRuns: []agentcfg.AutoRun{{Tool: "claude", Source: ".claude/settings.json", Event: "SessionStart", Type: "command", Command: cmd}}}
}

// checkCommandDeps reads the dependencies of the one hook of a repository
// holding files that runs cmd, and checks them: the files of want are
// pinned and those of not are not, and the hook is refused (unpinned, a
// part of the reason) or approvable (""), its hash empty exactly when it
// is refused. It returns the repository and what was pinned.
func checkCommandDeps(t *testing.T, files map[string]string, cmd string, want, not []string, unpinned string) (*Repo, []string) {
	t.Helper()
	r := cmdRepo(files, cmd)
	r.ReadScriptDeps()
	got, why := r.ScriptDeps(cmdKey(cmd))
	if unpinned == "" && why != "" || unpinned != "" && !strings.Contains(why, unpinned) {
		t.Fatalf("unpinned %q, want %q (files %v)", why, unpinned, got)
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s not pinned: %v", w, got)
		}
	}
	for _, w := range not {
		if slices.Contains(got, w) {
			t.Errorf("%s pinned, should not be: %v", w, got)
		}
	}
	if it := r.HookItem(r.AutoRuns[0]); (it.Hash == "") != (unpinned != "") {
		t.Fatalf("hash %q with unpinned %q", it.Hash, why)
	}
	return r, got
}

func TestCommandDeps(t *testing.T) {
	for _, c := range []struct {
		name     string
		files    map[string]string
		cmd      string
		want     []string // files pinned (a subset check: each must be there)
		not      []string // files that must not be pinned
		unpinned string   // part of the reason; "" for approvable
	}{
		{"make lint reads the Makefile", map[string]string{"Makefile": "lint:\n\techo ok\n"}, "make lint", []string{"Makefile"}, nil, ""},
		{"make follows includes for the goal", map[string]string{"Makefile": "include a.mk\n", "a.mk": "lint:\n\tbash x.sh\n", "x.sh": "echo\n"}, "make lint", []string{"Makefile", "a.mk", "x.sh"}, nil, ""},
		{"make reads only the goal's recipes", map[string]string{"Makefile": "lint:\n\tbash a.sh\nrel:\n\tbash b.sh\n", "a.sh": "", "b.sh": ""}, "make lint", []string{"a.sh"}, []string{"b.sh"}, ""},
		{"make prerequisites and pattern rules", map[string]string{"Makefile": "lint: gen/x.txt\n\techo\ngen/%.txt:\n\tbash mk.sh $@\n", "mk.sh": ""}, "make lint", []string{"mk.sh"}, nil, ""},
		{"make default goal is the first rule", map[string]string{"Makefile": ".PHONY: all\nall:\n\tbash a.sh\nother:\n\tbash b.sh\n", "a.sh": "", "b.sh": ""}, "make", []string{"a.sh"}, []string{"b.sh"}, ""},
		{"make .DEFAULT_GOAL", map[string]string{"Makefile": ".DEFAULT_GOAL := other\nall:\n\tbash a.sh\nother:\n\tbash b.sh\n", "a.sh": "", "b.sh": ""}, "make -j4", []string{"b.sh"}, []string{"a.sh"}, ""},
		{"make variables expand", map[string]string{"Makefile": "S = tools\nlint:\n\t$(S)/l.sh\n", "tools/l.sh": ""}, "make lint V=1", []string{"tools/l.sh"}, nil, ""},
		{"make $(MAKE) recursion into a folder", map[string]string{"Makefile": "lint:\n\t$(MAKE) -C sub check\n", "sub/Makefile": "check:\n\tbash c.sh\n", "sub/c.sh": ""}, "make lint", []string{"sub/Makefile", "sub/c.sh"}, nil, ""},
		{"make SHELL names a project file", map[string]string{"Makefile": "SHELL := ./tools/sh\nlint:\n\techo\n", "tools/sh": ""}, "make lint", []string{"tools/sh"}, nil, ""},
		{"make recipe runs go test: refused", map[string]string{"Makefile": "test:\n\tgo test ./...\n"}, "make test", nil, nil, "`go test ./...`, a test runner"},
		{"make recipe sources a variable: fails closed", map[string]string{"Makefile": "lint:\n\t. $$X/env.sh\n"}, "make lint", nil, nil, "cannot resolve"},
		{"make goal from a variable: fails closed", map[string]string{"Makefile": "lint:\n"}, "make \"$T\"", nil, nil, "cannot resolve"},
		{"make eval: fails closed", map[string]string{"Makefile": "$(eval X)\nlint:\n"}, "make lint", nil, nil, "rules made at run time"},
		{"make -f with -C", map[string]string{"sub/build.mk": "lint:\n\techo\n"}, "make -C sub -f build.mk lint", []string{"sub/build.mk"}, nil, ""},
		{"npm run reads its script and lifecycle", map[string]string{"package.json": `{"scripts":{"prelint":"bash pre.sh","lint":"node l.js","test":"jest"}}`, "pre.sh": "", "l.js": ""}, "npm run lint", []string{"package.json", "pre.sh", "l.js"}, nil, ""},
		{"npm test runs jest: refused", map[string]string{"package.json": `{"scripts":{"test":"jest --ci"}}`}, "npm test", nil, nil, "`jest --ci`, a test runner"},
		{"npm script calls another", map[string]string{"package.json": `{"scripts":{"a":"npm run b","b":"bash b.sh"}}`, "b.sh": ""}, "npm run a", []string{"b.sh"}, nil, ""},
		{"yarn x is a script", map[string]string{"package.json": `{"scripts":{"x":"bash x.sh"}}`, "x.sh": ""}, "yarn x", []string{"x.sh"}, nil, ""},
		{"npx bin: package files and the bin", map[string]string{"package.json": `{}`, "node_modules/.bin/eslint": "#!/usr/bin/env node\n", "eslint.config.js": ""}, "npx eslint .", []string{"package.json", "node_modules/.bin/eslint", "eslint.config.js"}, nil, ""},
		{"npm --prefix reads that folder's package.json", map[string]string{"web/package.json": `{"scripts":{"lint":"bash l.sh"}}`, "web/l.sh": "", "l.sh": ""}, "npm --prefix web run lint", []string{"web/package.json", "web/l.sh"}, []string{"l.sh"}, ""},
		{"npm workspace by name: fails closed", map[string]string{"package.json": `{}`}, "npm run lint -w app", nil, nil, "a workspace's package.json"},
		{"pnpm --filter: fails closed", map[string]string{"package.json": `{}`}, "pnpm --filter app lint", nil, nil, "a workspace's package.json"},
		{"npx of a test runner: refused", map[string]string{}, "npx vitest run", nil, nil, "a test runner"},
		{"npx -c: fails closed", map[string]string{}, "npx -c 'x'", nil, nil, "a command given as a string"},
		{"composer @script and a callback", map[string]string{"composer.json": `{"scripts":{"lint":["@fmt"],"fmt":"App\\Tools::fmt"}}`}, "composer run lint", nil, nil, "a PHP class method"},
		{"just recipe and a dependency", map[string]string{"justfile": "set shell := [\"bash\", \"-c\"]\nlint: fmt\n    bash l.sh\nfmt:\n    bash f.sh\nother:\n    bash o.sh\n", "l.sh": "", "f.sh": "", "o.sh": ""}, "just lint", []string{"justfile", "l.sh", "f.sh"}, []string{"o.sh"}, ""},
		{"just -f names the justfile", map[string]string{"tools/j": "a:\n    bash a.sh\n", "tools/a.sh": ""}, "just -f tools/j a", []string{"tools/j", "tools/a.sh"}, nil, ""},
		{"MAKEFILES names a makefile make reads first", map[string]string{"Makefile": "lint:\n", "extra.mk": ""}, "MAKEFILES=extra.mk make lint", []string{"extra.mk", "Makefile"}, nil, ""},
		{"just python recipe", map[string]string{"justfile": "gen:\n    #!/usr/bin/env python3\n    import helper\n", "helper.py": ""}, "just gen", []string{"helper.py"}, nil, ""},
		{"rake reads the Rakefile as Ruby", map[string]string{"Rakefile": "require_relative 'lib/t'\n", "lib/t.rb": ""}, "rake lint", []string{"Rakefile", "lib/t.rb"}, nil, ""},
		{"pytest: refused", nil, "pytest -q", nil, nil, "`pytest -q`, a test runner"},
		{"python -m unittest: refused", nil, "python3 -m unittest discover", nil, nil, "`python -m unittest`"},
		{"go test: refused", nil, "go test ./...", nil, nil, "a test runner"},
		{"go vet pins go.mod", map[string]string{"go.mod": "module x\n"}, "go vet ./...", []string{"go.mod"}, nil, ""},
		{"cargo build: refused", nil, "cargo build --release", nil, nil, "a build tool"},
		{"cargo fmt pins its config", map[string]string{"Cargo.toml": "", ".cargo/config.toml": ""}, "cargo fmt", []string{"Cargo.toml", ".cargo/config.toml"}, nil, ""},
		{"gradle wrapper: refused", nil, "./gradlew build", nil, nil, "a build tool"},
		{"bundle exec rspec: refused", map[string]string{"Gemfile": ""}, "bundle exec rspec", nil, nil, "`rspec`"},
		{"uv run a script pins the venv", map[string]string{"pyproject.toml": "", ".venv/pyvenv.cfg": "", ".venv/lib/python3.12/site-packages/a.pth": ""}, "uv run tools/x.py", []string{"pyproject.toml", ".venv/pyvenv.cfg", ".venv/lib/python3.12/site-packages/a.pth"}, nil, ""},
		{"venv interpreter pins its start-up files", map[string]string{".venv/pyvenv.cfg": "", ".venv/lib/python3.11/site-packages/x.pth": "", ".venv/lib/python3.11/site-packages/sitecustomize.py": "import helper2\n", ".venv/lib/python3.11/site-packages/helper2.py": "", ".venv/lib/python3.11/site-packages/requests/__init__.py": ""}, "$CLAUDE_PROJECT_DIR/.venv/bin/python3 x.py",
			[]string{".venv/pyvenv.cfg", ".venv/lib/python3.11/site-packages/x.pth", ".venv/lib/python3.11/site-packages/sitecustomize.py", ".venv/lib/python3.11/site-packages/helper2.py"}, []string{".venv/lib/python3.11/site-packages/requests/__init__.py"}, ""},
		{"a home script: fails closed", nil, "bash ~/x.sh", nil, nil, "runs ~/x.sh, which is outside the scanned folder"},
		{"an absolute script: fails closed", nil, "node /opt2/x.js", nil, nil, "runs /opt2/x.js, which is outside"},
		{"a script above the tree: fails closed", nil, "$CLAUDE_PROJECT_DIR/../x.sh", nil, nil, "runs $PROJECT/../x.sh, which is outside"},
		{"a Windows drive script: fails closed", nil, "node C:/Users/me/hooks/x.js", nil, nil, "runs C:/Users/me/hooks/x.js, which is outside"},
		{"an installed program by home path is not a script", nil, "~/.local/bin/gh pr list", nil, nil, ""},
		{"a system interpreter", nil, "/usr/bin/python3 -c 'print(1)'", nil, nil, ""},
		{"a log in the home folder is a write, not a run", nil, "jq . >> ~/.claude/log.txt", nil, nil, ""},
		{"a plain command pins nothing", nil, "echo hi", nil, nil, ""},
		// Red team 8: wrappers, spellings, configurations, cd.
		{"nice -n 10 make lint reads the Makefile", map[string]string{"Makefile": "lint:\n\tbash x.sh\n", "x.sh": ""}, "nice -n 10 make lint", []string{"Makefile", "x.sh"}, nil, ""},
		{"timeout -k 5 30 make lint", map[string]string{"Makefile": "lint:\n\techo\n"}, "timeout -k 5 30 make lint", []string{"Makefile"}, nil, ""},
		{"sudo -u ci make lint", map[string]string{"Makefile": "lint:\n\techo\n"}, "sudo -u ci make lint", []string{"Makefile"}, nil, ""},
		{"su dev -c 'make lint'", map[string]string{"Makefile": "lint:\n\techo\n"}, "su dev -c 'make lint'", []string{"Makefile"}, nil, ""},
		{"bash -lc 'make lint'", map[string]string{"Makefile": "lint:\n\techo\n"}, "bash -lc 'make lint'", []string{"Makefile"}, nil, ""},
		{"$SHELL -c 'make lint'", map[string]string{"Makefile": "lint:\n\techo\n"}, "$SHELL -c 'make lint'", []string{"Makefile"}, nil, ""},
		{"m\\ake lint", map[string]string{"Makefile": "lint:\n\techo\n"}, "m\\ake lint", []string{"Makefile"}, nil, ""},
		{"xargs make lint", map[string]string{"Makefile": "lint:\n\techo\n"}, "echo . | xargs -n1 make lint", []string{"Makefile"}, nil, ""},
		{"nice pytest: refused", nil, "nice pytest", nil, nil, "`pytest`, a test runner"},
		{"python3.12 -m pytest: refused", nil, "python3.12 -m pytest", nil, nil, "`python -m pytest`"},
		{"ctest: refused", nil, "ctest", nil, nil, "a test runner"},
		{"command -v jest is a look-up", nil, "command -v jest >/dev/null && echo y", nil, nil, ""},
		{"node --run reads package.json", map[string]string{"package.json": `{"scripts":{"lint":"bash x.sh"}}`, "x.sh": ""}, "node --run lint", []string{"package.json", "x.sh"}, nil, ""},
		{".npmrc node-options names a file", map[string]string{"package.json": `{"scripts":{"lint":"echo"}}`, ".npmrc": "node-options=--require ./x.js\n", "x.js": ""}, "npm run lint", []string{".npmrc", "x.js"}, nil, ""},
		{"Taskfile names a script", map[string]string{"Taskfile.yml": "tasks:\n  l:\n    cmds:\n      - bash scripts/l.sh\n", "scripts/l.sh": ""}, "task l", []string{"Taskfile.yml", "scripts/l.sh"}, nil, ""},
		{"cd sub && make lint reads sub/Makefile", map[string]string{"Makefile": "lint:\n\techo\n", "sub/Makefile": "lint:\n\techo\n"}, "cd sub && make lint", []string{"sub/Makefile"}, nil, ""},
		{"cd .. && make lint: fails closed", nil, "cd .. && make lint", nil, nil, "which is outside"},
		{"cd ~ && ./x.sh: fails closed", nil, "cd ~ && ./x.sh", nil, nil, "runs ~/x.sh, which is outside"},
		{"cd ~ && git status: approvable", nil, "cd ~ && git status", nil, nil, ""},
		{"make -I: fails closed", map[string]string{"Makefile": "lint:\n\techo\n"}, "make -I inc lint", nil, nil, "an include path"},
		{"MAKEFLAGS=-Iinc: fails closed", map[string]string{"Makefile": "lint:\n\techo\n"}, "MAKEFLAGS=-Iinc make lint", nil, nil, "moves which files make reads"},
		{"MAKEFLAGS=-j4: approvable", map[string]string{"Makefile": "lint:\n\techo\n"}, "MAKEFLAGS=-j4 make lint", []string{"Makefile"}, nil, ""},
		{"make SHELL=./x.sh pins it", map[string]string{"Makefile": "lint:\n\techo\n", "x.sh": ""}, "make SHELL=./x.sh lint", []string{"x.sh"}, nil, ""},
		{"/proc/self/cwd: fails closed", nil, "bash /proc/self/cwd/../x.sh", nil, nil, "which is outside"},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkCommandDeps(t, c.files, c.cmd, c.want, c.not, c.unpinned)
		})
	}
}

// TestCommandHashStable: a command that loads nothing hashes as it did
// before the command line was read (approvals stand), and a runner's
// definition file changing changes the hash.
func TestCommandHashStable(t *testing.T) {
	plain := cmdRepo(nil, "echo hi")
	plain.ReadScriptDeps()
	bare := &Repo{AutoRuns: plain.AutoRuns}
	if plain.HookItem(plain.AutoRuns[0]).Hash != bare.HookItem(bare.AutoRuns[0]).Hash {
		t.Fatal("a command that loads nothing changed its hash")
	}
	a := cmdRepo(map[string]string{"Makefile": "lint:\n\techo ok\n"}, "make lint")
	a.ReadScriptDeps()
	b := cmdRepo(map[string]string{"Makefile": "lint:\n\techo no\n"}, "make lint")
	b.ReadScriptDeps()
	if a.HookItem(a.AutoRuns[0]).Hash == b.HookItem(b.AutoRuns[0]).Hash {
		t.Fatal("the Makefile changed and the hash did not")
	}
}

func TestParseMakefile(t *testing.T) {
	mf := parseMakefile("# c\nV := a\\\n  b\nexport W = $(V)\nx y: z | w ; echo inline\n\t@echo r1\n\n\t-echo r2\n%.o: %.c\n\tcc $<\ndefine T\n\tbody\nendef\nC:\\x\nQ != date\n")
	if mf.vars["V"] != "a b" || mf.first != "x" {
		t.Fatalf("vars %v first %q", mf.vars, mf.first)
	}
	r := mf.rules["y"]
	if r == nil || !slices.Equal(r.prereqs, []string{"z", "w"}) || len(r.recipe) != 3 || r.recipe[1].text != "echo r1" {
		t.Fatalf("rule y: %+v", r)
	}
	if len(mf.patterns) != 1 || len(mf.always) != 2 {
		t.Fatalf("patterns %v always %v", mf.patterns, mf.always)
	}
	if got := mf.expand("$(W) $$HOME ${V}", 0); got != "a b $HOME a b" {
		t.Fatalf("expand: %q", got)
	}
}

// The readers of runners' files meet text from any repository: they must
// return, never panic, and stay bounded.
func FuzzMakefile(f *testing.F) {
	for _, s := range []string{"lint:\n\techo ok\n", "include a.mk $(X)\n-include b\nV := $(shell x)\nall: a b\n\t$(MAKE) -C d\n", "define X\n\tfoo\nendef\n$(eval $(X))\n", "a: b\\\n c\n\t@x \\\n y\n", "%.o:%.c;cc\n.DEFAULT_GOAL=x\n"} {
		f.Add(s, "lint")
	}
	f.Fuzz(func(t *testing.T, text, goal string) {
		for _, g := range [][]string{nil, {""}, {goal}} {
			refs := makeRefs("sub/Makefile", "sub/Makefile", text, g)
			if len(refs) > 4*len(text)+64 {
				t.Fatalf("%d refs from %d bytes", len(refs), len(text))
			}
		}
		_ = justRefs("justfile", "justfile", text, []string{goal})
	})
}

func FuzzPackageScripts(f *testing.F) {
	for _, s := range []string{`{"scripts":{"lint":"eslint .","prelint":"bash x.sh"}}`, `{"scripts":{"a":["@b","@php x.php"],"b":"A\\B::c"}}`, `{"scripts":[1]}`, `{`, `{"scripts":{"a":"npm run a"}}`} {
		f.Add(s, "lint")
	}
	f.Fuzz(func(t *testing.T, text, goal string) {
		_ = npmScriptRefs("package.json", ".", text, "scripts", nil)
		_ = npmScriptRefs("composer.json", ".", text, "scripts", []string{goal})
	})
}

// FuzzCommandDeps: a hook's command line, with a Makefile and a
// package.json, through the whole dependency reading.
func FuzzCommandDeps(f *testing.F) {
	f.Add("make lint", "lint:\n\tnpm run x\n", `{"scripts":{"x":"make lint"}}`)
	f.Add("npm run x && .venv/bin/python ~/a.py", "include Makefile\n", `{"scripts":{"x":"npm run x"}}`)
	f.Add("just a; uv run b.py", "", "")
	f.Add("nice -n 1 timeout 3 sudo -u x env -u Y su z -c 'cd sub && make lint'", "lint:\n\tcd .. && bash x.sh\n", "")
	f.Add("MAKEFLAGS=-Ix make SHELL=./s -I i lint", "", "")
	f.Add("python3 -I -m dotenv -f.env run -- node --env-file .env -r ./p.js x.js; dotenv run -- make lint", "lint:\n\tnice bash x.sh\n", "")
	f.Add("pre-commit run -c c.yaml --files a b; uv run --env-file .env --directory d python -X dev x.py", "", "")
	f.Fuzz(func(t *testing.T, cmd, mk, pkg string) {
		r := cmdRepo(map[string]string{"Makefile": mk, "package.json": pkg, "justfile": mk}, cmd)
		r.ReadScriptDeps()
		_ = r.HookItem(r.AutoRuns[0])
	})
}

// FuzzUnwrap: the wrapper reading never panics or loops, and the index it
// returns is a word of the line.
func FuzzUnwrap(f *testing.F) {
	f.Add("nice -n 10 timeout -k 5 30 sudo -u dev make lint")
	f.Add("su dev -c x")
	f.Add("env -S 'a b'")
	f.Add("direnv exec . nix develop -c watch -n 1 make")
	f.Add("flock l -c")
	f.Add("python3.12 -X dev -m dotenv -f x -q never run --override -- make")
	f.Add("dotenv -fx run")
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Fields(line)
		i, _ := unwrap(words)
		if i < -1 || i > len(words) {
			t.Fatalf("index %d for %d words", i, len(words))
		}
		_ = unescapeLit(line, false)
		_ = unescapeLit(line, true)
		_ = makeFlagsMove(line)
	})
}
