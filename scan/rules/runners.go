package rules

import (
	"hash"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/shellcmd"
)

// A hook's command line is often not a script but a runner: `make lint`,
// `npm run check`, `pytest -q`. What runs is then defined by project files
// the runner reads (a Makefile and its includes, package.json's scripts,
// conftest.py), and an approval that pinned only the command line would
// stand while those files change. So the command line is read like a
// one-line script in the project folder, through the same dependency
// reading (scriptdeps.go), and the runners below name the files each one
// loads. Where a runner's definition holds commands (a make recipe, an npm
// script), those commands are read in turn, so a project script a recipe
// runs is pinned too, and a test runner a recipe calls is refused.
//
// A runner that runs the project's own code by design (a test runner
// imports every test file it collects; cargo runs build scripts and
// procedural macros; gradle and maven run build logic and tests) cannot
// be pinned: any test file is as powerful as the conftest.py one would
// pin, and it changes with every commit. Such a command is refused with
// one sentence (`sentinel approve` exits 3); put the check in a script
// that names what it runs, or leave it to CI.

// runner is one row of the table: what a command loads when it starts.
type runner struct {
	// files are definition files, relative to the folder it runs in; each
	// is pinned, and pinned as absent when missing (planting one later
	// changes what runs).
	files []string
	// globs are definition files matched by pattern.
	globs []string
	// kind says how files are read for what they run: "make", "npm",
	// "composer", "just", "rb" (Ruby), "py" (Python); "" pins their bytes.
	kind string
	// code, when set, says why no approval can pin it: it runs the
	// project's own code.
	code string
}

const (
	testCode  = "a test runner that runs the project's own test code (every test file it collects, which changes with every commit)"
	buildCode = "a build tool that runs the project's own build logic and tests, which change with every commit"
	goCode    = "the project's own Go code, which changes with every commit"
	envCode   = "a test-environment runner that installs the project and runs its test sessions"
)

var (
	npmFiles = []string{"package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", "pnpm-workspace.yaml",
		"package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock", "bun.lockb", "bunfig.toml"}
	pyProjectFiles = []string{"pyproject.toml", "uv.lock", "poetry.lock", "Pipfile", "Pipfile.lock", "uv.toml", ".python-version"}
)

// runners maps a command ("make", or "go test" for a subcommand) to what it
// loads. It is the one table to audit; docs/approvals.md lists it.
var runners = map[string]runner{
	// Defined by files whose commands Sentinel reads.
	"make":       {kind: "make"}, // makefiles: see makeLoads (-f, -C, goals)
	"gmake":      {kind: "make"},
	"just":       {files: []string{"justfile", "Justfile", ".justfile"}, kind: "just"},
	"npm":        {kind: "npm"}, // see npmLoads
	"pnpm":       {kind: "npm"},
	"yarn":       {kind: "npm"},
	"bun":        {kind: "npm"},
	"npx":        {kind: "npx"},
	"pnpx":       {kind: "npx"},
	"bunx":       {kind: "npx"},
	"composer":   {files: []string{"composer.json", "composer.lock", "auth.json"}, kind: "composer"},
	"rake":       {files: []string{"Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"}, globs: []string{"rakelib/*.rake"}, kind: "rb"},
	"task":       {files: []string{"Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml", "Taskfile.dist.yml", "Taskfile.dist.yaml"}, kind: "task"},
	"pre-commit": {files: []string{".pre-commit-config.yaml", ".pre-commit-config.yml"}, kind: "precommit"},
	// Pinned by their definition files; the rest of the line is read as a
	// command of its own (bundle exec rspec, uv run pytest).
	"bundle": {files: []string{"Gemfile", "Gemfile.lock", "gems.rb", "gems.locked", ".bundle/config"}},
	"uv":     {files: pyProjectFiles},
	"poetry": {files: pyProjectFiles},
	"pipenv": {files: pyProjectFiles},
	"go":     {files: []string{"go.mod", "go.work"}},
	"cargo":  {files: []string{"Cargo.toml", ".cargo/config.toml", ".cargo/config", "rust-toolchain.toml", "rust-toolchain"}},
	// Tools whose configuration is code they run.
	"eslint":   {files: []string{"eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", "eslint.config.mts", "eslint.config.cts", ".eslintrc.js", ".eslintrc.cjs"}},
	"prettier": {files: []string{"prettier.config.js", "prettier.config.mjs", "prettier.config.cjs", "prettier.config.ts", ".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs", ".prettierrc.ts"}},
	// They run the project's own code: refused.
	"pytest":        {code: testCode},
	"py.test":       {code: testCode},
	"jest":          {code: testCode},
	"vitest":        {code: testCode},
	"mocha":         {code: testCode},
	"ava":           {code: testCode},
	"tap":           {code: testCode},
	"jasmine":       {code: testCode},
	"karma":         {code: testCode},
	"playwright":    {code: testCode},
	"cypress":       {code: testCode},
	"rspec":         {code: testCode},
	"phpunit":       {code: testCode},
	"pest":          {code: testCode},
	"tox":           {code: envCode},
	"nox":           {code: envCode},
	"go test":       {code: testCode},
	"go run":        {code: goCode},
	"go generate":   {code: goCode},
	"cargo test":    {code: buildCode},
	"cargo run":     {code: buildCode},
	"cargo bench":   {code: buildCode},
	"cargo build":   {code: buildCode},
	"cargo check":   {code: buildCode},
	"cargo clippy":  {code: buildCode},
	"cargo doc":     {code: buildCode},
	"cargo install": {code: buildCode},
	"mvn":           {code: buildCode},
	"mvnw":          {code: buildCode},
	"gradle":        {code: buildCode},
	"gradlew":       {code: buildCode},
	"dotnet test":   {code: buildCode},
	"dotnet run":    {code: buildCode},
	"dotnet build":  {code: buildCode},
	"swift test":    {code: buildCode},
	"swift run":     {code: buildCode},
	"swift build":   {code: buildCode},
	"mix test":      {code: testCode},
	"deno test":     {code: testCode},
	"bun test":      {code: testCode},
	// More of the same class (red team 8): test runners and build tools
	// whose definitions are the project's own code.
	"ctest": {code: testCode}, "busted": {code: testCode}, "bats": {code: testCode}, "behave": {code: testCode},
	"robot": {code: testCode}, "pybot": {code: testCode}, "nosetests": {code: testCode}, "nose2": {code: testCode},
	"green": {code: testCode}, "ward": {code: testCode}, "trial": {code: testCode}, "codecept": {code: testCode},
	"testem": {code: testCode}, "wdio": {code: testCode}, "cucumber": {code: testCode}, "cucumber-js": {code: testCode},
	"jasmine-node": {code: testCode}, "uvu": {code: testCode}, "node --test": {code: testCode}, "python -m pip": {code: buildCode}, "prove": {code: testCode},
	"hatch": {code: envCode}, "pdm": {code: envCode},
	"invoke": {code: buildCode}, "inv": {code: buildCode}, "fab": {code: buildCode}, "doit": {code: buildCode}, "scons": {code: buildCode}, "waf": {code: buildCode},
	"cmake": {code: buildCode}, "ninja": {code: buildCode}, "meson": {code: buildCode}, "bazel": {code: buildCode}, "bazelisk": {code: buildCode},
	"buck": {code: buildCode}, "buck2": {code: buildCode}, "pants": {code: buildCode}, "please": {code: buildCode}, "mage": {code: buildCode},
	"earthly": {code: buildCode}, "dagger": {code: buildCode}, "sbt": {code: buildCode}, "lein": {code: buildCode}, "ant": {code: buildCode},
	"nimble": {code: buildCode}, "zig": {code: buildCode}, "stack": {code: buildCode}, "cabal": {code: buildCode}, "dune": {code: buildCode},
	"mix": {code: buildCode}, "rails": {code: buildCode}, "php artisan": {code: buildCode}, "artisan": {code: buildCode},
	"pip install": {code: buildCode}, "pip3 install": {code: buildCode}, "xcodebuild": {code: buildCode},
	"dotnet test -": {code: buildCode}, "dotnet msbuild": {code: buildCode}, "msbuild": {code: buildCode}, "deno task": {code: buildCode},
}

// pyCodeModules are `python -m` modules that run the project's own code.
var pyCodeModules = map[string]string{"pytest": testCode, "behave": testCode, "robot": testCode, "green": testCode, "trial": testCode, "invoke": buildCode, "hatch": envCode, "pdm": envCode, "pip": buildCode, "unittest": testCode, "nose2": testCode, "tox": envCode, "nox": envCode}

// cmdKey is the key in Repo.deps of an auto-run's command line.
func cmdKey(cmd string) string { return "\x00cmd\x00" + cmd }

// commandRuns reports an auto-run whose command line runs on this machine.
func commandRuns(a agentcfg.AutoRun) bool {
	if a.Unknown || strings.TrimSpace(a.Command) == "" {
		return false
	}
	switch a.Type {
	case "prompt", "agent", "http", "mcp_tool":
		return false
	}
	return true
}

// commandRefs reads a command line like a one-line script run in the
// project folder.
func commandRefs(cmd string) []depRef {
	return shellRefs(".", ".", cmd)
}

// outsideRun is the sentence for a file that runs out of the tree.
func outsideRun(p string) string {
	return "runs " + p + ", which is outside the scanned folder; Sentinel never reads it, so an approval cannot cover it; move it into the project"
}

func goalKey(goals []string) string {
	if goals == nil {
		return "*"
	}
	return strings.Join(goals, "\x00") + "\x01"
}

// maxGlobDeps bounds the files one pattern adds to a closure.
const maxGlobDeps = 200

// globAll returns, sorted, the project files the patterns match, and adds
// to d the folders whose listing decides the matches (each with a final
// "/"), so a cache of the verdict notices a file that starts to match.
func (c *closer) globAll(d *scriptDeps, patterns []string) []string {
	var out []string
	for _, p := range patterns {
		m, err := c.glob(p)
		if err != nil {
			continue
		}
		out = append(out, m...)
		// The folders the wildcards range over: the one above the first
		// wildcard, and every existing folder the pattern's folder matches.
		dir := path.Dir(p)
		parts := strings.Split(dir, "/")
		wild := false
		for i, part := range parts {
			if strings.ContainsAny(part, "*?[") {
				d.listed = append(d.listed, strings.Join(parts[:i], "/")+"/")
				wild = true
				break
			}
		}
		if !wild {
			d.listed = append(d.listed, dir+"/") // there or not yet
		}
		if dirs, err := c.glob(dir); err == nil {
			for _, x := range dirs {
				d.listed = append(d.listed, x+"/")
			}
		}
		if len(out) > maxGlobDeps {
			out = out[:maxGlobDeps]
			break
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// glob is fs.Glob over the project, each pattern listed once a scan: every
// `uv run` hook asks for the same twelve virtualenv patterns, twice each.
// The matches are shared: callers only read them.
func (c *closer) glob(pattern string) ([]string, error) {
	if g, ok := c.globs[pattern]; ok {
		return g.matches, g.err
	}
	m, err := fs.Glob(c.r.FS, pattern)
	if c.globs == nil {
		c.globs = map[string]globbed{}
	}
	c.globs[pattern] = globbed{m, err}
	return m, err
}

type globbed struct {
	matches []string
	err     error
}

// fileRefs reads one file of a closure: a runner's definition file by its
// kind, any other as a script.
func fileRefs(it depItem, top string, f *discover.File) []depRef {
	switch it.kind {
	case "make":
		return makeRefs(it.p, top, scriptText(f), it.goals)
	case "just":
		return justRefs(it.p, top, scriptText(f), it.goals)
	case "npm":
		return npmScriptRefs(it.p, top, scriptText(f), "scripts", it.goals)
	case "composer":
		return npmScriptRefs(it.p, top, scriptText(f), "scripts", it.goals)
	case "rb":
		text := scriptText(f)
		return append(rubyRefs(path.Dir(it.p), text), scriptLiterals(path.Dir(it.p), text)...)
	case "data":
		return nil
	case "task":
		return taskRefs(it.p, top, scriptText(f), it.goals)
	case "precommit":
		return precommitRefs(it.p, top, scriptText(f), it.goals)
	case "env":
		// An environment file, read as shell assignments (envfiles.go):
		// BASH_ENV=./x.sh or NODE_OPTIONS=--require ./x.js load files.
		return shellRefs(it.p, top, scriptText(f))
	case "pyproject":
		// uv run and poetry run build the project into their environment
		// when it changes: an in-tree build backend (backend-path) is the
		// project's own code; setup.py is pinned with the row.
		text := scriptText(f)
		out := scriptLiterals(path.Dir(it.p), text)
		if i := strings.Index(text, "backend-path"); i >= 0 {
			out = append(out, depRef{line: strings.Count(text[:i], "\n") + 1, refuse: "an in-tree build backend (backend-path), the project's own code, so an approval cannot cover it"})
		}
		return out
	case "lit":
		// A configuration that names files to run (.npmrc node-options,
		// .yarnrc.yml yarnPath, bunfig.toml preload, a Taskfile's or
		// pre-commit's commands): every script path it names is pinned.
		text := scriptText(f)
		return append(scriptLiterals(path.Dir(it.p), text), npmrcRefs(text)...)
	}
	return scriptRefs(it.p, top, f)
}

// runnerLoads reads a command that a runner table row names: the files it
// loads, the entries it runs, and a refusal when it runs the project's own
// code. name is the command as callName gives it.
func (e *shEnv) runnerLoads(name string, args []*syntax.Word, line int, dir string) []depRef {
	if e.cur != "" || len(e.cwds) <= 1 && (len(e.cwds) == 0 || e.cwds[0] == ".") {
		return e.runnerLoadsIn(name, args, line, dir)
	}
	// After a cd: the runner reads its files in each folder it may start in.
	var out []depRef
	for _, c := range e.cwds {
		if strings.HasPrefix(c, "\x00") {
			if e.runnerKnown(name, args) {
				if r := outsidePath(c[1:]); r != "" {
					out = append(out, depRef{line: line, outside: r + " (" + path.Base(name) + " reads its definitions there)"})
				} else {
					out = append(out, depRef{line: line, dynamic: "cd " + c[1:] + " (the folder " + name + " reads its definitions in is decided at run time)"})
				}
			}
			continue
		}
		e.cur = c
		out = append(out, e.runnerLoadsIn(name, args, line, dir)...)
		e.cur = ""
	}
	return out
}

// runnerKnown reports a command that the runner table names.
func (e *shEnv) runnerKnown(name string, args []*syntax.Word) bool {
	prog := strings.TrimSuffix(path.Base(name), ".exe")
	if _, ok := runners[prog]; ok {
		return true
	}
	for _, a := range args {
		if v, ok := e.word(a); ok && !strings.HasPrefix(v, "-") {
			_, ok := runners[prog+" "+v]
			return ok
		}
	}
	return false
}

// base is the folder the runner being read starts in.
func (e *shEnv) base() string {
	if e.cur == "" {
		return "."
	}
	return e.cur
}

// chdir follows cd and pushd: a literal folder in the tree is added to
// the folders a later runner may start in; one out of the tree or not
// known is recorded as such ("\x00" + as written).
func (e *shEnv) chdir(args []*syntax.Word) {
	var dir *syntax.Word
	for _, a := range args {
		if v, ok := e.word(a); ok && (v == "-P" || v == "-L" || v == "-e" || v == "--") {
			continue
		}
		dir = a
		break
	}
	last := "."
	if n := len(e.cwds); n > 0 {
		last = e.cwds[n-1]
	}
	if dir == nil {
		e.cwds = append(e.cwds, "\x00~") // cd alone: the home folder
		return
	}
	v, ok := e.word(dir)
	switch {
	case !ok:
		e.cwds = append(e.cwds, "\x00"+printWord(dir))
		return
	case v == "-":
		e.cwds = append(e.cwds, "\x00-")
		return
	case v == rootMark || strings.HasPrefix(v, rootMark+"/"):
		v = strings.TrimPrefix(strings.TrimPrefix(v, rootMark), "/")
		last = "."
	case outsidePath(v) != "" || strings.HasPrefix(v, "/"):
		e.cwds = append(e.cwds, "\x00"+v)
		return
	}
	if strings.HasPrefix(last, "\x00") {
		e.cwds = append(e.cwds, "\x00"+path.Join(last[1:], v))
		return
	}
	if path.Clean(path.Join(last, v)) == "." {
		return // the project folder, read already
	}
	if d, ok := inTree(last, v); ok {
		if !slices.Contains(e.cwds, d) {
			e.cwds = append(e.cwds, d)
		}
		return
	}
	e.cwds = append(e.cwds, "\x00"+path.Join(last, v))
}

func (e *shEnv) runnerLoadsIn(name string, args []*syntax.Word, line int, dir string) []depRef {
	words := make([]string, 0, len(args))
	for _, a := range args {
		v, ok := e.word(a)
		if !ok {
			v = "\x00" // not known: never a subcommand or a goal
		}
		words = append(words, v)
	}
	prog := strings.TrimSuffix(path.Base(name), ".exe")
	// A package fetched from a registry (npx -y pkg, uvx pkg): fetch.go.
	fetched := fetchWordRefs(append([]string{prog}, words...), line)
	return append(e.runnerRow(prog, words, args, line, dir), fetched...)
}

// runnerRow reads a runner's row of the table (runners).
func (e *shEnv) runnerRow(prog string, words []string, args []*syntax.Word, line int, dir string) []depRef {
	if prog == "gradlew.bat" || prog == "mvnw.cmd" {
		prog = strings.TrimSuffix(strings.TrimSuffix(prog, ".bat"), ".cmd")
	}
	sub := ""
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			sub = w
			break
		}
	}
	if prog == "node" {
		// node --run x runs package.json's script x (as npm run x does);
		// node --test runs the project's test files.
		for i, w := range words {
			if w == "--test" || strings.HasPrefix(w, "--test=") {
				sub = "--test"
				break
			}
			if w == "--run" || strings.HasPrefix(w, "--run=") {
				rest := append([]string{"run"}, words[i+1:]...)
				if v, ok := strings.CutPrefix(w, "--run="); ok {
					rest = []string{"run", v}
				}
				return e.npmLoads("npm", rest, args[min(i+1, len(args)):], line, dir)
			}
			if !strings.HasPrefix(w, "-") {
				break
			}
		}
	}
	shown := strings.TrimSpace("`" + clip(strings.TrimSpace(prog+" "+strings.Join(printable(words), " ")), 60) + "`")
	row, ok := runners[prog+" "+sub]
	if !ok {
		row, ok = runners[prog]
	}
	if !ok {
		return nil
	}
	if row.code != "" {
		return []depRef{{line: line, refuse: shown + ", " + row.code + ", so an approval cannot cover it; run it from a script that names what it runs, or leave it to CI"}}
	}
	var out []depRef
	upward := ""
	pin := func(files []string, kind string, goals []string) {
		var cands []string
		for _, f := range files {
			if c, ok := inTree(e.base(), f); ok {
				cands = append(cands, c)
			}
		}
		if len(cands) > 0 {
			out = append(out, depRef{line: line, cands: cands, kind: kind, goals: goals, upward: upward})
		}
		upward = ""
	}
	switch row.kind {
	case "make":
		return append(out, e.makeLoads(args, line, dir)...)
	case "npm":
		return append(out, e.npmLoads(prog, words, args, line, dir)...)
	case "npx":
		return append(out, e.npxLoads(prog, words, args, line, dir)...)
	case "composer":
		pin(row.files[:1], "composer", composerGoals(sub, words))
		pin(row.files[1:], "data", nil)
		return out
	case "just":
		files := row.files
		for i, w := range words {
			opt, val, has := strings.Cut(w, "=")
			if opt != "-f" && opt != "--justfile" && opt != "-d" && opt != "--working-directory" {
				continue
			}
			if !has && i+1 < len(words) {
				val = words[i+1]
			}
			if opt == "-d" || opt == "--working-directory" || val == "" || val == "\x00" {
				return append(out, depRef{line: line, dynamic: "just " + w + " " + val})
			}
			files = []string{val}
		}
		// set dotenv-load reads .env into every recipe's environment
		// (BASH_ENV=./x.sh runs a file): pinned by its bytes.
		pin([]string{".env"}, "data", nil)
		goals := plainGoals(words, map[string]bool{"-f": true, "--justfile": true, "--set": true, "-d": true, "--working-directory": true})
		if goals == nil {
			goals = []string{""}
		}
		if len(files) == len(row.files) {
			upward = "just" // no -f: just looks in the folders above too
		}
		pin(files, "just", goals)
		return out
	}
	kind := row.kind
	if kind == "" {
		kind = "data"
	}
	switch prog {
	case "task":
		// task [-t FILE] [-d DIR] goal…: the goals' commands (taskfile.go).
		files := row.files
		for i, w := range words {
			opt, val, has := strings.Cut(w, "=")
			if opt != "-t" && opt != "--taskfile" && opt != "-d" && opt != "--dir" {
				continue
			}
			if !has && i+1 < len(words) {
				val = words[i+1]
			}
			if val == "" || val == "\x00" {
				return append(out, depRef{line: line, dynamic: "task " + w + " (the Taskfile is decided at run time)"})
			}
			if opt == "-t" || opt == "--taskfile" {
				files = []string{val}
			} else {
				var in []string
				for _, f := range row.files {
					in = append(in, path.Join(val, f))
				}
				files = in
			}
		}
		goals := plainGoals(words, map[string]bool{"-t": true, "--taskfile": true, "-d": true, "--dir": true, "-o": true, "--output": true, "-C": true, "--concurrency": true, "--interval": true})
		if i := slices.Index(words, "--"); i >= 0 {
			goals = plainGoals(words[:i], map[string]bool{"-t": true, "--taskfile": true, "-d": true, "--dir": true, "-o": true, "--output": true, "-C": true, "--concurrency": true, "--interval": true})
		}
		if goals == nil {
			goals = []string{}
		}
		if slices.Contains(words, "-g") || slices.Contains(words, "--global") {
			return append(out, depRef{line: line, outside: "~/Taskfile.yml (task --global)"})
		}
		if len(files) == len(row.files) && files[0] == row.files[0] {
			upward = "task" // no -t or -d: task looks in the folders above too
		}
		pin(files, "task", goals)
	case "pre-commit":
		// pre-commit [run] [ID]: the hooks whose id or alias is ID, else
		// every hook; install-hooks: every hook's environment, no entry;
		// try-repo: a repository at its HEAD; install and the like: none
		// (taskfile.go). -c names the configuration read instead.
		files := row.files
		for i, w := range words {
			opt, val, has := strings.Cut(w, "=")
			if opt != "-c" && opt != "--config" {
				continue
			}
			if !has && i+1 < len(words) {
				val = words[i+1]
			}
			if val == "" || val == "\x00" {
				return append(out, depRef{line: line, dynamic: "pre-commit " + w + " (the configuration is decided at run time)"})
			}
			if rel, ok := strings.CutPrefix(val, rootMark+"/"); ok {
				val = rel // $CLAUDE_PROJECT_DIR/x.yaml
			}
			if _, ok := inTree(e.base(), val); !ok || path.IsAbs(val) || strings.HasPrefix(val, "~") || strings.Contains(val, rootMark) {
				return append(out, depRef{line: line, refuse: "pre-commit with the configuration " + clip(val, 60) + ", which is outside the scanned folder; Sentinel never reads it, so an approval cannot cover it; move it into the project"})
			}
			files = []string{val}
		}
		var goals []string
		switch {
		case len(words) == 0 || sub == "run" || sub == "hook-impl":
			// pre-commit alone runs `run`; --files takes every word after
			// it, so the hook is the operand before it.
			ws := words
			if i := slices.Index(ws, "--files"); i >= 0 {
				ws = ws[:i]
			}
			if g := plainGoals(ws, map[string]bool{"--hook-stage": true, "--from-ref": true, "--to-ref": true, "-s": true, "-o": true, "--source": true, "--origin": true, "-c": true, "--config": true,
				"--hook-type": true, "--hook-dir": true, "--remote-name": true, "--remote-url": true, "--local-branch": true, "--remote-branch": true, "--commit-msg-filename": true,
				"--checkout-type": true, "--prepare-commit-message-source": true, "--commit-object-name": true, "--rewrite-command": true}); len(g) > 1 && sub == "run" {
				goals = g[1:2]
			}
		case sub == "try-repo":
			return append(out, depRef{line: line, refuse: shown + ", which runs the hooks of a repository at whatever it holds then, which no approval can pin; list the repository in .pre-commit-config.yaml with `rev` at a full commit hash"})
		case sub == "install-hooks" || sub == "install" && slices.Contains(words, "--install-hooks"):
			goals = []string{"\x02install"}
		default:
			goals = []string{}
		}
		pin(files, "precommit", goals)
	case "uv", "poetry", "pipenv":
		pin(row.files[:1], "pyproject", nil)
		pin(row.files[1:], kind, nil)
		pin([]string{"setup.py"}, "", nil) // run by the build backend
		pin([]string{"setup.cfg"}, "data", nil)
	default:
		if prog == "rake" {
			upward = "rake" // rake looks for a Rakefile in the folders above too
		}
		pin(row.files, kind, nil)
	}
	if len(row.globs) > 0 {
		out = append(out, depRef{line: line, globs: row.globs, kind: kind})
	}
	switch prog {
	case "bundle", "uv", "poetry", "pipenv":
		// bundle exec X, uv run X: X is a command of its own, run inside
		// the project's environment.
		if prog != "bundle" {
			root := e.base()
			for i, w := range words {
				opt, val, has := strings.Cut(w, "=")
				if opt != "--directory" && opt != "--project" && opt != "-C" {
					continue
				}
				if !has && i+1 < len(words) {
					val = words[i+1]
				}
				if val == "\x00" || val == "" {
					return append(out, depRef{line: line, dynamic: prog + " " + w + " (the project folder is decided at run time)"})
				}
				if path.Clean(path.Join(root, val)) == "." {
					continue
				}
				d, ok := inTree(root, val)
				if !ok {
					return append(out, depRef{line: line, outside: val + "/.venv"})
				}
				root = d
				for _, f := range row.files {
					out = append(out, depRef{line: line, cands: []string{path.Join(d, f)}, kind: "data"})
				}
			}
			out = append(out, venvRefs(path.Join(root, ".venv"), line)...)
		}
		for i, w := range words {
			if w == "exec" || w == "run" {
				j := i + 1
				for j < len(words) && strings.HasPrefix(words[j], "-") {
					if shellcmd.TakesValue(prog, words[j]) {
						j++ // uv run --env-file .env pytest: the command is pytest
					}
					j++
				}
				if j < len(words) && words[j] != "\x00" {
					// The command, past any wrapper of its own (uv run
					// python -m dotenv run make lint).
					if k, code := unwrap(words[j:]); k > 0 && !code && j+k < len(words) && words[j+k] != "\x00" {
						j += k
					}
					out = append(out, e.commandLoads(callBase(words[j]), args[j+1:], ".", ".", dir)...)
					out = append(out, e.runnerLoads(callBase(words[j]), args[j+1:], line, dir)...)
				}
				break
			}
		}
	}
	return out
}

func printable(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if w == "\x00" {
			w = "$…"
		}
		out = append(out, w)
	}
	return out
}

func callBase(v string) string {
	if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, ".") || systemPath(v) {
		return path.Base(v)
	}
	return v
}

// plainGoals are the operands of a command that are neither options nor
// VAR=value assignments; skipVal names options that take a separate value.
// An operand Sentinel cannot evaluate makes it return ["\x00"].
func plainGoals(words []string, skipVal map[string]bool) []string {
	var goals []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "\x00":
			return []string{"\x00"}
		case skipVal[w]:
			i++
		case w == "--":
		case strings.HasPrefix(w, "-"):
		case strings.Contains(w, "="):
		default:
			goals = append(goals, w)
		}
	}
	return goals
}

// makeLoads reads make's options: the makefile (-f), the folder (-C) and
// the goals it builds (none: the first rule).
func (e *shEnv) makeLoads(args []*syntax.Word, line int, dir string) []depRef {
	var out []depRef
	base := e.base()
	var named []string
	var goals []string
	for i := 0; i < len(args); i++ {
		v, ok := e.word(args[i])
		if !ok {
			return append(out, depRef{line: line, dynamic: "make " + printWord(args[i])})
		}
		takes := func(short, long string) (string, bool, bool) {
			switch {
			case v == short || v == long:
				if i+1 >= len(args) {
					return "", false, true
				}
				i++
				w, ok := e.word(args[i])
				return w, ok, true
			case strings.HasPrefix(v, long+"="):
				return v[len(long)+1:], true, true
			case len(v) > 2 && strings.HasPrefix(v, short) && !strings.HasPrefix(v, "--"):
				return v[2:], true, true
			}
			return "", false, false
		}
		if w, ok, m := takes("-f", "--file"); m || v == "--makefile" || strings.HasPrefix(v, "--makefile=") {
			if v == "--makefile" || strings.HasPrefix(v, "--makefile=") {
				w, ok, _ = takes("--makefile", "--makefile")
			}
			if !ok {
				return append(out, depRef{line: line, dynamic: "make -f " + printWord(args[i])})
			}
			named = append(named, w)
			continue
		}
		if w, ok, m := takes("-C", "--directory"); m {
			if !ok {
				return append(out, depRef{line: line, dynamic: "make -C " + printWord(args[i])})
			}
			base = path.Join(base, w)
			continue
		}
		if w, _, m := takes("-I", "--include-dir"); m {
			// An include path: which file an include loads is decided by
			// what is there at run time.
			return append(out, depRef{line: line, dynamic: "make -I " + w + " (an include path: which file an include loads is decided at run time)"})
		}
		if _, _, m := takes("-E", "--eval"); m {
			return append(out, depRef{line: line, dynamic: "make " + v + " (rules given on the command line)"})
		}
		if name, val, ok := strings.Cut(v, "="); ok && !strings.HasPrefix(v, "-") {
			// make SHELL=./x.sh lint: every recipe runs through that file.
			switch strings.TrimSpace(strings.TrimRight(name, ":?+!")) {
			case "SHELL", ".SHELLFLAGS", "MAKEFILES", "MAKEFLAGS", "MAKE":
				if strings.ContainsAny(val, "$`") {
					return append(out, depRef{line: line, dynamic: "make " + v})
				}
				for f := range strings.FieldsSeq(val) {
					if strings.HasPrefix(f, "-") {
						if strings.Contains(name, "MAKEFLAGS") && makeFlagsMove(f) {
							return append(out, depRef{line: line, dynamic: "make " + v})
						}
						continue
					}
					if strings.Contains(f, "/") || name == "MAKEFILES" {
						out = append(out, sourceRef(line, dir, f))
					}
				}
			}
			continue
		}
		if _, _, m := takes("-o", "--old-file"); m {
			continue
		}
		if _, _, m := takes("-W", "--what-if"); m {
			continue
		}
		switch {
		case v == "-j" || v == "-l":
			if i+1 < len(args) {
				if w, ok := e.word(args[i+1]); ok && w != "" && strings.Trim(w, "0123456789.") == "" {
					i++
				}
			}
			continue
		case strings.HasPrefix(v, "-") || strings.Contains(v, "="):
			continue
		}
		if strings.ContainsAny(v, "$`") {
			return append(out, depRef{line: line, dynamic: "make " + v})
		}
		goals = append(goals, v)
	}
	if goals == nil {
		goals = []string{""} // the first rule
	}
	if len(named) > 0 {
		for _, f := range named {
			r := sourceRef(line, dir, f)
			if r.cands != nil {
				if base != "." {
					if c, ok := inTree(base, f); ok {
						r.cands = []string{c}
					}
				}
				r.kind, r.goals = "make", goals
			}
			out = append(out, r)
		}
		return out
	}
	var cands []string
	for _, f := range []string{"GNUmakefile", "makefile", "Makefile"} {
		if c, ok := inTree(".", path.Join(base, f)); ok {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return append(out, depRef{line: line, outside: path.Join(base, "Makefile")})
	}
	return append(out, depRef{line: line, cands: cands, kind: "make", goals: goals})
}

// makeFlagsMove reports a make option, as MAKEFLAGS may carry it, that
// moves what make reads: a makefile, a folder, an include path, rules to
// evaluate, or a variable (SHELL=…).
func makeFlagsMove(w string) bool {
	if strings.HasPrefix(w, "--") {
		for _, o := range []string{"file", "makefile", "directory", "include", "eval"} {
			if strings.HasPrefix(w[2:], o) {
				return true
			}
		}
		return false
	}
	if strings.Contains(w, "=") {
		return true
	}
	w = strings.TrimPrefix(w, "-")
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			break // -j4: the rest is the number
		}
		if strings.IndexByte("fCIEW", w[i]) >= 0 {
			return true
		}
	}
	return false
}

// npmLoads reads npm, pnpm, yarn and bun: package.json and the files that
// configure them are pinned, and the scripts the command runs (with their
// pre and post scripts) are read as commands.
func (e *shEnv) npmLoads(prog string, words []string, args []*syntax.Word, line int, dir string) []depRef {
	var out []depRef
	out = append(out, npmConfigRefs(npmFiles[1:], line)...)
	if b := e.base(); b != "." {
		var in []string
		for _, f := range npmFiles[1:] {
			in = append(in, path.Join(b, f))
		}
		out = append(out, npmConfigRefs(in, line)...)
	}
	// A workspace or another folder's package.json: the folder is followed
	// when it is literal; a workspace chosen by name or pattern is not
	// resolved, so it fails closed.
	cwd := e.base()
	for i, w := range words {
		opt, val, hasVal := strings.Cut(w, "=")
		switch opt {
		case "-w", "--workspace", "-ws", "--workspaces", "--filter", "-F", "-r", "--recursive", "--include-workspace-root":
			return append(out, depRef{line: line, dynamic: prog + " " + w + " (a workspace's package.json, chosen at run time)"})
		case "--prefix", "-C", "--dir", "--cwd":
			if !hasVal && i+1 < len(words) {
				val = words[i+1]
			}
			if val == "" || val == "\x00" {
				return append(out, depRef{line: line, dynamic: prog + " " + w})
			}
			if path.Clean(path.Join(cwd, val)) == "." {
				cwd = "."
			} else if d, ok := inTree(cwd, val); ok {
				cwd = d
			} else {
				return append(out, depRef{line: line, outside: val + "/package.json"})
			}
		}
		if k, ok := strings.CutPrefix(opt, "--"); ok && (k == "script-shell" || k == "node-options" || k == "userconfig" || k == "globalconfig") {
			if !hasVal && i+1 < len(words) {
				val = words[i+1]
			}
			if val == "\x00" {
				return append(out, depRef{line: line, dynamic: prog + " " + w})
			}
			out = append(out, npmSettingRefs(k, val, line)...)
		}
		if prog == "yarn" && w == "workspace" || prog == "yarn" && w == "workspaces" {
			return append(out, depRef{line: line, dynamic: "yarn " + w + " (a workspace's package.json, chosen at run time)"})
		}
	}
	sub, at := "", -1
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "\x00" {
			return append(out, depRef{line: line, dynamic: prog + " " + strings.Join(printable(words), " ")})
		}
		if w == "--prefix" || w == "-C" || w == "--dir" || w == "--cwd" {
			i++
			continue
		}
		if !strings.HasPrefix(w, "-") {
			sub, at = w, i
			break
		}
	}
	next := func() string {
		for _, w := range words[at+1:] {
			if w == "--" {
				return ""
			}
			if !strings.HasPrefix(w, "-") {
				return w
			}
		}
		return ""
	}
	lifecycle := func(names ...string) []string {
		var g []string
		for _, n := range names {
			g = append(g, "pre"+n, n, "post"+n)
		}
		return g
	}
	if sub == "x" && prog == "npm" {
		sub = "exec" // npm x is npm exec; yarn x is the script x
	}
	var goals []string
	switch sub {
	case "run", "run-script", "rum", "urn":
		if s := next(); s != "" {
			goals = lifecycle(s)
		} else {
			goals = []string{}
		}
	case "test", "t", "tst":
		goals = lifecycle("test")
	case "start", "stop", "restart":
		goals = lifecycle(sub)
		if sub == "start" {
			// npm start with no start script runs node server.js.
			out = append(out, depRef{line: line, cands: []string{"server.js"}, existingOnly: true})
		}
	case "", "install", "i", "ci", "add", "isntall", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "clean-install", "ic", "install-clean", "rebuild", "rb", "pack", "publish":
		goals = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare", "prepack", "postpack"}
		out = append(out, depRef{line: line, cands: []string{"binding.gyp"}, kind: "data"})
	case "exec", "dlx":
		return append(out, e.npxLoads(prog, words[at+1:], args[at+1:], line, dir)...)
	default:
		if prog == "npm" {
			goals = []string{}
		} else {
			// yarn x, pnpm x, bun x: a script of that name, else a bin.
			goals = lifecycle(sub)
			out = append(out, e.binLoads(sub, words[at+1:], args[at+1:], line, dir)...)
		}
	}
	pkg := path.Join(cwd, "package.json")
	upward := ""
	switch {
	case slices.Contains([]string{"run", "run-script", "rum", "urn", "test", "t", "tst", "start", "stop", "restart"}, sub),
		(prog == "yarn" || prog == "pnpm") && len(goals) > 0 && !strings.Contains(sub, "."):
		upward = prog // it runs a script of the package.json it finds, above too
	}
	return append(out, depRef{line: line, cands: []string{pkg}, kind: "npm", goals: goals, upward: upward})
}

// npmConfigRefs pins the package manager's files: lockfiles by their
// bytes; its configurations (.npmrc, .yarnrc.yml, bunfig.toml) also by
// the scripts they name (node-options=--require ./x.js, yarnPath,
// preload), and .pnpmfile.cjs as a script.
func npmConfigRefs(files []string, line int) []depRef {
	var data, lit []string
	var out []depRef
	for _, f := range files {
		switch path.Base(f) {
		case ".npmrc", ".yarnrc", ".yarnrc.yml", "bunfig.toml", "pnpm-workspace.yaml":
			lit = append(lit, f)
		case ".pnpmfile.cjs":
			out = append(out, depRef{line: line, cands: []string{f}})
		default:
			data = append(data, f)
		}
	}
	out = append(out, depRef{line: line, cands: data, kind: "data"}, depRef{line: line, cands: lit, kind: "lit"})
	return out
}

var reNpmrcRun = regexp.MustCompile(`(?m)^[ \t]*(script-shell|yarnPath|node-options|userconfig|globalconfig)[ \t]*[=:][ \t]*["']?([^"'\n]*)`)

// npmrcRefs reads the settings of .npmrc and .yarnrc.yml that name a file
// to run: script-shell and yarnPath (a file of any name), node-options'
// preloads, and another configuration file (userconfig), which fails
// closed.
func npmrcRefs(text string) []depRef {
	var out []depRef
	for _, m := range reNpmrcRun.FindAllStringSubmatchIndex(text, -1) {
		key, val := text[m[2]:m[3]], strings.TrimSpace(text[m[4]:m[5]])
		line := strings.Count(text[:m[0]], "\n") + 1
		out = append(out, npmSettingRefs(key, val, line)...)
	}
	return out
}

// npmSettingRefs reads one npm or yarn setting, from a configuration file,
// the command line (--script-shell x) or the environment
// (npm_config_script_shell=x).
func npmSettingRefs(key, val string, line int) []depRef {
	key = strings.ReplaceAll(strings.ToLower(key), "_", "-")
	switch key {
	case "script-shell", "yarnpath", "yarn-path":
		if val == "" || !strings.Contains(val, "/") && !strings.HasPrefix(val, ".") {
			return nil // a shell on PATH
		}
		if r := outsidePath(val); r != "" && !systemPath(val) {
			return []depRef{{line: line, outside: r}}
		}
		if c, ok := inTree(".", val); ok {
			return []depRef{{line: line, cands: []string{c}}}
		}
	case "node-options":
		var out []depRef
		words := strings.Fields(val)
		for i := 0; i < len(words); i++ {
			w := words[i]
			switch {
			case (w == "-r" || w == "--require" || w == "--import" || w == "--loader" || w == "--experimental-loader") && i+1 < len(words):
				i++
				w = words[i]
			case strings.HasPrefix(w, "--require=") || strings.HasPrefix(w, "--import=") || strings.HasPrefix(w, "--loader="):
				_, w, _ = strings.Cut(w, "=")
			default:
				continue
			}
			if strings.HasPrefix(w, ".") || strings.Contains(w, "/") {
				out = append(out, sourceRef(line, ".", w))
			}
		}
		return out
	case "userconfig", "globalconfig":
		return []depRef{{line: line, dynamic: key + "=" + val + " (another npm configuration file)"}}
	}
	return nil
}

// npxLoads reads npx x: the package files are pinned, node_modules/.bin/x
// is pinned by its bytes, and x is looked up in the runner table.
func (e *shEnv) npxLoads(prog string, words []string, args []*syntax.Word, line int, dir string) []depRef {
	out := npmConfigRefs(npmFiles, line)
	for i, w := range words {
		if w == "\x00" {
			return append(out, depRef{line: line, dynamic: prog + " " + strings.Join(printable(words), " ")})
		}
		if w == "-p" || w == "--package" || w == "-c" || w == "--call" {
			if w == "-c" || w == "--call" {
				return append(out, depRef{line: line, dynamic: prog + " " + w + " (a command given as a string)"})
			}
			continue
		}
		if strings.HasPrefix(w, "-") {
			continue
		}
		return append(out, e.binLoads(w, words[i+1:], args[i+1:], line, dir)...)
	}
	return out
}

// binLoads reads a package binary run by name: its node_modules/.bin file
// (its bytes, not the package behind it) and its runner table row.
func (e *shEnv) binLoads(bin string, words []string, args []*syntax.Word, line int, dir string) []depRef {
	if strings.Contains(bin, "/") || bin == "" {
		return nil // a project package folder: see commandLoads
	}
	if at := strings.LastIndex(bin, "@"); at > 0 {
		bin = bin[:at]
	}
	name := path.Base(bin)
	out := []depRef{{line: line, cands: []string{"node_modules/.bin/" + name}, kind: "data", existingOnly: true}}
	if shRunners[name] {
		// yarn node x.js, npx tsx x.ts, npm exec bash x.sh: an
		// interpreter through the package manager runs that script.
		out = append(out, e.commandLoads(name, args, ".", ".", dir)...)
		for j, w := range words {
			if w == "\x00" {
				out = append(out, depRef{line: line, dynamic: bin + " " + printWord(args[j])})
				break
			}
			if w == "-c" || w == "-e" || w == "-m" || w == "--eval" || w == "-p" || w == "--print" {
				break
			}
			if strings.HasPrefix(w, "-") {
				continue
			}
			out = append(out, sourceRef(line, e.base(), w))
			break
		}
	}
	return append(out, e.runnerLoads(name, args, line, dir)...)
}

// composerGoals: composer run-script x, composer run x, composer x.
func composerGoals(sub string, words []string) []string {
	lc := func(n string) []string { return []string{"pre-" + n + "-cmd", "post-" + n + "-cmd"} }
	switch sub {
	case "run-script", "run":
		g := plainGoals(words, nil)
		if len(g) > 1 {
			return g[1:2]
		}
		return []string{}
	case "install", "update", "i", "u", "upgrade":
		return append(append(lc("install"), lc("update")...), "post-autoload-dump", "pre-autoload-dump", "post-root-package-install")
	case "", "list", "validate", "show", "outdated":
		return []string{}
	}
	return []string{sub}
}

// ---- virtualenvs ----

var reVenvPython = regexp.MustCompile(`^(.+)/(?:bin|Scripts)/(?:python|pypy)[0-9.]*(?:\.exe)?$`)

// venvRefs are the files a virtualenv's interpreter runs at start-up:
// pyvenv.cfg, every .pth file of its site-packages (a line that starts
// with "import" is run), sitecustomize.py and usercustomize.py. Installed
// packages a script imports by name are not pinned (docs/approvals.md).
func venvRefs(root string, line int) []depRef {
	var globs []string
	for _, sp := range []string{"lib/python*/site-packages", "lib64/python*/site-packages", "lib/pypy*/site-packages", "Lib/site-packages"} {
		for _, f := range []string{"*.pth", "sitecustomize.py", "usercustomize.py"} {
			globs = append(globs, path.Join(root, sp, f))
		}
	}
	return []depRef{{line: line, cands: []string{path.Join(root, "pyvenv.cfg")}, globs: globs}}
}

// ---- what runs out of the tree, and a project interpreter ----

// shRunners take the file they run as their first operand.
var shRunners = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true,
	"python": true, "python3": true, "python2": true, "pypy3": true, "node": true, "nodejs": true, "bun": true, "deno": true,
	"tsx": true, "ts-node": true, "ruby": true, "perl": true, "php": true, "lua": true, "Rscript": true, "pwsh": true, "osascript": true,
}

// programRefs reads the program a call runs: one out of the tree, or a
// file out of the tree handed to an interpreter, fails closed; an
// interpreter inside a project virtualenv pins what it runs at start-up.
func (e *shEnv) programRefs(c *syntax.CallExpr) []depRef {
	var words []string
	for _, a := range c.Args {
		v, ok := e.word(a)
		if !ok {
			v = "\x00" // not known: never a path
		}
		words = append(words, v)
	}
	if len(c.Args) == 0 {
		return nil
	}
	line := int(c.Args[0].Pos().Line())
	out := programWordRefs(words, line)
	switch words[0] {
	case "direnv":
		// direnv exec DIR cmd runs DIR/.envrc (bash) first.
		if len(words) > 2 && words[1] == "exec" {
			if path.Clean(words[2]) == "." {
				out = append(out, depRef{line: line, cands: []string{".envrc", ".env"}, kind: ""})
			} else if d, ok := inTree(".", words[2]); ok {
				out = append(out, depRef{line: line, cands: []string{path.Join(d, ".envrc"), path.Join(d, ".env")}})
			} else if r := outsidePath(words[2]); r != "" {
				out = append(out, depRef{line: line, outside: path.Join(r, ".envrc")})
			} else {
				out = append(out, depRef{line: line, dynamic: "direnv exec " + words[2]})
			}
		}
	case "mise", "rtx", "asdf":
		// mise exec reads its configuration: [env] _.source files and
		// hooks are scripts; .tool-versions picks the interpreter.
		if len(words) > 1 && words[1] == "exec" {
			out = append(out, depRef{line: line, cands: []string{"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".config/mise.toml", ".config/mise/config.toml", ".tool-versions"}, kind: "lit"})
		}
	case "nix", "nix-shell":
		// nix develop and nix-shell evaluate the project's Nix files and
		// run their shellHook.
		if words[0] == "nix-shell" || len(words) > 1 && words[1] == "develop" {
			out = append(out, depRef{line: line, cands: []string{"flake.nix", "flake.lock", "shell.nix", "default.nix"}, kind: "data"})
		}
	case "conda", "mamba", "micromamba":
		// conda run -p ./envs/x: a project environment's start-up files.
		for i, w := range words[:len(words)-1] {
			if w == "-p" || w == "--prefix" {
				if d, ok := inTree(".", words[i+1]); ok {
					out = append(out, venvRefs(d, line)...)
				} else if r := outsidePath(words[i+1]); r != "" {
					out = append(out, depRef{line: line, outside: r})
				}
			}
		}
	}
	// After a cd out of the tree (or to a folder not known), a relative
	// program or script runs from there, not from the project.
	for _, cwd := range e.cwds {
		if !strings.HasPrefix(cwd, "\x00") {
			continue
		}
		if f := relativeRun(words); f != "" {
			if r := outsidePath(cwd[1:]); r != "" {
				out = append(out, depRef{line: line, outside: path.Join(r, f)})
			} else {
				out = append(out, depRef{line: line, dynamic: "cd " + cwd[1:] + " (then " + f + " runs from a folder decided at run time)"})
			}
		}
		break
	}
	return out
}

// wrappedRefs pins the project script a call runs past its wrappers
// (wrappedScript), in each folder the line may be in.
func (e *shEnv) wrappedRefs(c *syntax.CallExpr) []depRef {
	words := make([]string, len(c.Args))
	for i, a := range c.Args {
		v, ok := e.word(a)
		if !ok {
			v = "\x00"
		}
		words[i] = v
	}
	w := wrappedScript(words)
	if w == "" {
		return nil
	}
	line := int(c.Args[0].Pos().Line())
	var out []depRef
	for _, cwd := range e.cwds {
		if strings.HasPrefix(cwd, "\x00") {
			continue // a relative script after an unknown cd: programRefs says it
		}
		if p, ok := inTree(cwd, w); ok {
			out = append(out, depRef{line: line, cands: []string{p}})
		}
	}
	return out
}

// relativeRun is the relative path of the program a call runs, or of the
// script it hands an interpreter ("" when neither).
func relativeRun(words []string) string {
	i, code := unwrap(words)
	if i < 0 || code {
		return ""
	}
	rel := func(v string) bool {
		return v != "\x00" && v != "" && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") && !strings.HasPrefix(v, "-") &&
			!strings.Contains(v, rootMark) && (strings.Contains(v, "/") || shellcmd.ScriptExts[strings.ToLower(path.Ext(v))])
	}
	if rel(words[i]) {
		return words[i]
	}
	if prog := strings.TrimSuffix(path.Base(words[i]), ".exe"); shRunners[prog] {
		for j := i + 1; j < len(words); j++ {
			v := words[j]
			if strings.HasPrefix(v, "-") {
				if v == "-c" || v == "-e" || v == "-m" {
					return ""
				}
				if shellcmd.TakesValue(prog, v) {
					j++
				}
				continue
			}
			if rel(v) {
				return v
			}
			return ""
		}
	}
	return ""
}

// programWordRefs is programRefs over words already evaluated ("\x00":
// not known); a tool server's command and arguments are such words.
func programWordRefs(words []string, line int) []depRef {
	i, code := unwrap(words)
	if i < 0 || code || words[i] == "\x00" {
		return nil // a shell line is read as one (commandLoads)
	}
	prog := words[i]
	if prog == "" {
		return nil
	}
	if r := outsidePath(prog); r != "" && (shellcmd.ScriptExts[strings.ToLower(path.Ext(prog))] || strings.HasPrefix(r, "..") || strings.HasPrefix(r, "$PROJECT")) {
		// A script out of the tree, or a program the command reaches by
		// climbing out of the project. An installed program named by its
		// home or absolute path (~/.local/bin/gh) is what a name on PATH
		// finds: neither is the project's, and neither is pinned.
		return []depRef{{line: line, outside: r}}
	}
	var out []depRef
	for _, w := range words[:i] {
		// A virtualenv's python in front of the command it runs
		// (.venv/bin/python -m dotenv run make lint) starts first.
		r := strings.TrimPrefix(strings.TrimPrefix(w, rootMark), "/")
		if m := reVenvPython.FindStringSubmatch(path.Clean(r)); m != nil && !path.IsAbs(r) && !strings.HasPrefix(w, "~") {
			if root, ok := inTree(".", m[1]); ok {
				out = append(out, venvRefs(root, line)...)
			}
		}
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(prog, rootMark), "/")
	venv := reVenvPython.FindStringSubmatch(path.Clean(rel))
	if venv != nil && !path.IsAbs(rel) && !strings.HasPrefix(prog, "~") {
		if root, ok := inTree(".", venv[1]); ok {
			out = append(out, venvRefs(root, line)...)
		}
	}
	name := strings.TrimSuffix(path.Base(prog), ".exe")
	if !shRunners[name] && venv == nil {
		return out
	}
	for j := i + 1; j < len(words); j++ {
		v := words[j]
		switch {
		case v == "\x00":
			return out
		case v == "-c" || v == "-e" || v == "-m" || v == "--eval" || v == "-p" || v == "--print" || v == "-":
			return out
		case shellcmd.TakesValue(name, v):
			j++ // node --env-file .env x.js: the script is x.js
			continue
		case strings.HasPrefix(v, "-"), (name == "deno" || name == "bun") && (v == "run" || v == "test"):
			continue
		}
		if r := outsidePath(v); r != "" {
			out = append(out, depRef{line: line, outside: r})
		}
		return out
	}
	return out
}

// outsidePath returns v, for a reader, when it names a file out of the
// tree that is not the system's own.
func outsidePath(v string) string {
	switch {
	case v == rootMark || strings.HasPrefix(v, rootMark+"/"):
		rel := strings.TrimPrefix(strings.TrimPrefix(v, rootMark), "/")
		if _, ok := inTree(".", rel); !ok && rel != "" {
			return strings.ReplaceAll(v, rootMark, "$PROJECT")
		}
		return ""
	case strings.Contains(v, rootMark):
		return ""
	case strings.HasPrefix(v, "~"), strings.HasPrefix(v, "/") && !systemPath(v) && !strings.HasPrefix(v, "/dev/") && !strings.HasPrefix(v, "/proc/self/fd/"):
		// /proc/self/cwd/../x and /proc/1/root/x name any file at all.
		return v
	case v == ".." || strings.HasPrefix(v, "../"):
		return v
	case len(v) > 2 && v[1] == ':' && (v[2] == '/' || v[2] == '\\') && (v[0]|0x20 >= 'a' && v[0]|0x20 <= 'z'):
		return v // a Windows drive path
	}
	return ""
}

// pinCommand writes into h what an auto-run's command line loads (the
// runners' definition files, runners.go) and reports whether it loads
// something no hash can pin. A command that loads nothing hashes as it
// always did, so its approval stands.
func (r *Repo) pinCommand(h hash.Hash, a agentcfg.AutoRun) (unpinned bool) {
	return r.pinDeps(h, cmdKey(a.Command))
}

// pinDeps writes into h what the command under key in Repo.deps loads
// (each file's path and content, each absent candidate's path) and
// reports whether it loads something no hash can pin. A command that
// loads nothing writes nothing.
func (r *Repo) pinDeps(h hash.Hash, key string) (unpinned bool) {
	d := r.deps[key]
	if d == nil {
		return false
	}
	if len(d.files) > 0 || len(d.absent) > 0 {
		h.Write([]byte("\x00command"))
		for _, q := range d.files {
			h.Write([]byte("\x00dep\x00" + q + "\x00"))
			r.writeContent(h, q)
			r.writeLinks(h, q)
		}
		for _, q := range d.absent {
			h.Write([]byte("\x00absent\x00" + q))
		}
	}
	return d.unpinned != ""
}

// OutsideRun is a file outside the scanned folder that a config names for
// the agent to run or to read as a config of what runs.
type OutsideRun struct {
	Tool, Source string
	Line         int
	Path         string // as written
	Kind         discover.Kind
}

// RunsKind reports a kind of included file that defines what runs: a
// hooks file, a servers file, a plugin's bin/ or its settings.
func RunsKind(k discover.Kind) bool {
	switch k {
	case discover.KindPluginHooks, discover.KindMCP, discover.KindPluginBin, discover.KindSettings:
		return true
	}
	return false
}

// srvKey is the key in Repo.deps of a tool server's command.
func srvKey(s agentcfg.Server) string {
	return "\x00srv\x00" + s.Command + "\x00" + strings.Join(s.Args, "\x00")
}

// pinServer writes into h what a tool server's command loads at start-up
// (a project virtualenv's *.pth files) and reports whether it runs a file
// no hash can pin (a script out of the tree). A server whose command loads
// nothing hashes as it always did.
func (r *Repo) pinServer(h hash.Hash, s agentcfg.Server) (unpinned bool) {
	return r.pinDeps(h, srvKey(s))
}

// ---- wrappers: commands that run another command ----

// wrapSpec says how a wrapper names the command it runs: its options that
// take a separate value, the operands before the command (timeout's
// duration, flock's lock file), a subcommand it needs (direnv exec), and
// the options after which a string is run as a shell line (su -c).
type wrapSpec struct {
	vals     string // options that take a value, space-separated
	operands int
	sub      string
	code     string // options whose value is a shell line
	cmdOpt   string // options after which the command's words follow (nix develop -c)
}

// cmdWrappers run the command that follows them; the command is read as if
// it stood first on the line, so `nice make lint` pins what `make lint`
// pins and `sudo -u ci pytest` is refused like `pytest`.
var cmdWrappers = map[string]wrapSpec{
	"exec": {vals: "-a"}, "command": {}, "builtin": {}, "nohup": {}, "time": {vals: "-f --format -o --output"},
	"env":     {vals: "-u --unset -C --chdir", code: "-S --split-string"},
	"nice":    {vals: "-n --adjustment"},
	"timeout": {vals: "-k --kill-after -s --signal", operands: 1}, "gtimeout": {vals: "-k --kill-after -s --signal", operands: 1},
	"stdbuf":  {vals: "-i -o -e --input --output --error"},
	"ionice":  {vals: "-c -n -p -P -u --class --classdata --pid --pgid --uid"},
	"chronic": {}, "setsid": {}, "unbuffer": {}, "busybox": {}, "catchsegv": {}, "dbus-run-session": {}, "entr": {},
	"flock":      {vals: "-w --timeout -E --conflict-exit-code", operands: 1, code: "-c --command"},
	"sudo":       {vals: "-u -g -h -p -C -D -r -t -U -T --user --group --host --prompt --chdir --role --type --other-user --command-timeout --close-from"},
	"doas":       {vals: "-u -C"},
	"su":         {vals: "-s --shell -g --group -G --supp-group -w --whitelist-environment", code: "-c --command --session-command"},
	"runuser":    {vals: "-u --user -s --shell -g --group -G --supp-group -w --whitelist-environment", code: "-c --command --session-command"},
	"script":     {vals: "-t --timing -T --log-timing -E --echo -O --log-out -I --log-in -B --log-io -m --logging-format", code: "-c --command"},
	"xargs":      {vals: "-a -d -E -e -I -i -L -l -n -P -s --arg-file --delimiter --eof --replace --max-lines --max-args --max-procs --max-chars --process-slot-var"},
	"strace":     {vals: "-o -e -p -s -u -E -P -a -b -I -O -S -X --output --signal --trace"},
	"ltrace":     {vals: "-o -e -p -s -u -n -a -A -D -F -l -L -x"},
	"caffeinate": {vals: "-t -w"},
	"taskset":    {operands: 1}, "chrt": {operands: 1},
	"watch":    {vals: "-n --interval -d --differences -q --equexit --shotsfile"},
	"xvfb-run": {vals: "-n -s -f -e -p --server-num --server-args --auth-file --error-file --xauth-protocol"},
	"firejail": {}, "unshare": {}, "systemd-run": {vals: "-u --unit -p --property -E --setenv --slice -M --machine -H --host --working-directory --description"},
	"corepack":  {},
	"direnv":    {sub: "exec", operands: 1},
	"nix":       {sub: "develop", cmdOpt: "-c --command"},
	"nix-shell": {code: "--run --command"},
	"conda":     {sub: "run", vals: "-n --name -p --prefix --cwd"}, "mamba": {sub: "run", vals: "-n --name -p --prefix --cwd"}, "micromamba": {sub: "run", vals: "-n --name -p --prefix --cwd"},
	"dotenv": {vals: "-e -c -v"}, "dotenvx": {sub: "run", vals: "-f --env-file -e --env"},
	"op": {sub: "run", vals: "--env-file"}, "doppler": {sub: "run", vals: "-p --project -c --config --command"},
	"aws-vault": {sub: "exec", operands: 1},
	"mise":      {sub: "exec"}, "rtx": {sub: "exec"}, "asdf": {sub: "exec"},
	"rbenv": {sub: "exec"}, "pyenv": {sub: "exec"}, "nodenv": {sub: "exec"}, "fnm": {sub: "exec", vals: "--using"}, "volta": {sub: "run", vals: "--node --npm --yarn --pnpm"},
}

// shellVar reports a word that is the user's shell ($SHELL, ${BASH}).
func shellVar(w string) bool {
	switch strings.Trim(w, `"`) {
	case "$SHELL", "${SHELL}", "$BASH", "${BASH}":
		return true
	}
	return false
}

// unwrap returns the index in words of the command a line runs, past
// assignments and wrappers; code says the word at that index is a string
// run as a shell line. -1: no command.
func unwrap(words []string) (int, bool) {
	i := 0
	for i < len(words) && i < 64 {
		v := words[i]
		if v != "\x00" && strings.Contains(v, "=") && !strings.HasPrefix(v, "-") && !strings.Contains(strings.SplitN(v, "=", 2)[0], "/") {
			i++ // X=y cmd, env X=y cmd
			continue
		}
		name := v
		if strings.HasPrefix(v, "/") && systemPath(v) {
			name = path.Base(v)
		}
		if _, cmd, ok := pyDotenv(words, i); ok {
			// python-dotenv's run (envfiles.go): the command after it.
			i = cmd
			continue
		}
		spec, ok := cmdWrappers[name]
		if !ok {
			return i, false
		}
		if name == "command" && i+1 < len(words) && (words[i+1] == "-v" || words[i+1] == "-V") {
			return i, false // command -v x looks x up; it does not run it
		}
		j := i + 1
		if spec.sub != "" {
			// direnv exec DIR cmd: any other subcommand is not a wrapper.
			k := j
			for k < len(words) && strings.HasPrefix(words[k], "-") {
				k++
			}
			if k >= len(words) || words[k] != spec.sub {
				return i, false
			}
			j = k + 1
		}
		vals := strings.Fields(spec.vals)
		codes := strings.Fields(spec.code)
		cmdOpts := strings.Fields(spec.cmdOpt)
		operands := spec.operands
		for j < len(words) {
			w := words[j]
			if w == "--" {
				j++
				break
			}
			if w == "\x00" || !strings.HasPrefix(w, "-") || w == "-" {
				if name == "env" && strings.Contains(w, "=") {
					j++
					continue
				}
				if len(codes) > 0 {
					// su dev -c '…': the string option may follow the user.
					for k := j + 1; k < len(words); k++ {
						if slices.Contains(codes, words[k]) {
							return k + 1, true
						}
					}
				}
				if operands > 0 {
					operands--
					j++
					continue
				}
				break
			}
			opt, _, hasVal := strings.Cut(w, "=")
			if slices.Contains(cmdOpts, opt) {
				j++
				break
			}
			if slices.Contains(codes, opt) {
				if hasVal {
					return j, true // --command='…': the value is in the word; read it as a line too
				}
				return j + 1, true
			}
			// A one-letter cluster ending in a code option: su -lc 'x'.
			if !strings.HasPrefix(w, "--") && len(w) > 2 {
				for _, c := range codes {
					if len(c) == 2 && strings.HasSuffix(w, c[1:]) {
						return j + 1, true
					}
				}
			}
			if slices.Contains(vals, opt) && !hasVal {
				j += 2
				continue
			}
			j++
		}
		if name == "watch" && j < len(words) {
			// watch joins its operands and runs them with sh -c: a single
			// operand is a shell line.
			if j == len(words)-1 {
				return j, true
			}
		}
		i = j
	}
	if i >= len(words) {
		return -1, false
	}
	return i, false
}
