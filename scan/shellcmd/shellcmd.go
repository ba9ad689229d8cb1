// Package shellcmd answers one question about a hook or task command line:
// which script in the repository does it run? It parses the command with a
// real shell parser (mvdan.cc/sh) and resolves a script only when certain:
// a relative path in command position, or a file with a script extension
// handed to an interpreter, after any cd to a literal folder inside the
// project, and inside the literal string of sh -c. Inline shell, globs,
// variables other than the project-folder variables agents document, and
// absolute or home paths are never guessed, because a wrong guess becomes a
// false "orphaned hook".
package shellcmd

import (
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Script is a script a command runs, as written, relative to the project.
type Script struct {
	Path string
	// Guarded is set when the same command tests that the script exists
	// (`[ -f x ] && x`, `test -x x && x`) before running it.
	Guarded bool
}

// projectVars are the variables agents document as "the project folder".
var projectVars = map[string]bool{
	"CLAUDE_PROJECT_DIR": true,
	"GEMINI_PROJECT_DIR": true,
	"PWD":                true,
	"workspaceFolder":    true, // VS Code ${workspaceFolder}
	"CURSOR_PROJECT_DIR": true,
}

// interpreters run the script named by their first operand.
var interpreters = map[string]bool{
	"node": true, "nodejs": true, "bun": true, "deno": true, "tsx": true, "ts-node": true,
	"python": true, "python3": true, "python2": true, "py": true, "pypy": true, "pypy3": true,
	"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "fish": true,
	"pwsh": true, "powershell": true, "powershell.exe": true, "ruby": true, "perl": true, "php": true,
	"source": true, ".": true, "exec": true, "uv": true, "npx": true, "pnpx": true, "bunx": true, "osascript": true,
}

// valueOpts are the options of an interpreter that take their value as the
// next word, by interpreter: in `node --env-file .env x.js` or `python3 -X
// dev x.py` that word is the option's, and the script is the word after.
// Deno's options that may go without a value take one only after "="
// (`deno run --env-file .env x.ts` loads .env and runs .env), so they are
// not listed. Options Sentinel does not list read as flags.
var valueOpts = map[string]map[string]bool{}

func init() {
	node := "-r --require --import --loader --experimental-loader --env-file --env-file-if-exists -C --conditions --input-type --title --inspect-port " +
		"--redirect-warnings --diagnostic-dir --report-dir --report-directory --report-filename --openssl-config --icu-data-dir --disable-warning " +
		"--watch-path --test-reporter --test-reporter-destination --cpu-prof-dir --heap-prof-dir --dns-result-order --unhandled-rejections " +
		"--experimental-config-file --snapshot-blob"
	py := "-W -X --check-hash-based-pycs"
	sh := "-o -O --rcfile --init-file"
	for names, opts := range map[string]string{
		"node nodejs":                          node,
		"tsx":                                  node + " --tsconfig",
		"ts-node":                              "-r --require -P --project -O --compiler-options -C --compiler -I --ignore --cwd",
		"bun":                                  "--env-file -r --preload --require --import -d --define -l --loader --tsconfig-override --conditions --main-fields --extension-order --port --config",
		"deno":                                 "-c --config --import-map --cert --location --seed --ext",
		"python python3 python2 py pypy pypy3": py,
		"uv": "--env-file --with --with-editable --with-requirements -p --python --package --directory --project --index --default-index -i --index-url " +
			"--extra-index-url -f --find-links --extra --group --no-group --only-group --config-file --cache-dir --python-preference --resolution --prerelease " +
			"--exclude-newer --link-mode --index-strategy --keyring-provider --refresh-package --upgrade-package -P --reinstall-package --color --allow-insecure-host",
		"ruby":                 "-I -r -E",
		"perl":                 "-I",
		"php":                  "-d -z",
		"bash sh zsh dash ksh": sh,
		"pwsh powershell powershell.exe": "-executionpolicy -ep -ex -workingdirectory -wd -configurationname -version -outputformat -of -inputformat -if " +
			"-windowstyle -settingsfile -custompipename",
	} {
		set := map[string]bool{}
		for _, o := range strings.Fields(opts) {
			set[o] = true
		}
		for _, n := range strings.Fields(names) {
			valueOpts[n] = set
		}
	}
}

// dirOpts are the options that start the interpreter in another folder,
// after which a relative script is not the one the project holds there.
var dirOpts = map[string]map[string]bool{
	"uv": {"--directory": true}, "bun": {"--cwd": true}, "ts-node": {"--cwd": true, "--dir": true}, "ruby": {"-C": true},
}

// TakesValue reports an option of the interpreter prog (a name or a path)
// that takes the next word as its value ("--env-file" of node; not
// "--env-file=.env", whose value is in the word).
func TakesValue(prog, opt string) bool {
	name := path.Base(prog)
	if strings.HasPrefix(name, "pwsh") || strings.HasPrefix(name, "powershell") {
		opt = strings.ToLower(opt)
	}
	return valueOpts[name][opt]
}

// subcommands may stand between an interpreter and its script ("uv run x.py").
var subcommands = map[string]bool{"run": true, "exec": true, "tsx": true, "ts-node": true, "--": true}

// ScriptExts are file extensions that mark a word as a script.
var ScriptExts = map[string]bool{
	".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".mts": true, ".cts": true, ".tsx": true,
	".py": true, ".sh": true, ".bash": true, ".zsh": true, ".ps1": true, ".rb": true, ".pl": true,
	".php": true, ".lua": true, ".fish": true, ".cmd": true, ".bat": true,
}

// parsers keeps Bash parsers for reuse: a new one allocates its buffers, and
// a scan parses a command per hook, task and server. A parser holds no state
// from one Parse to the next.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// Scripts returns the in-project scripts cmd runs. args, when given, are the
// exec form's separate arguments (VS Code "process" tasks, MCP servers); cmd
// is then the program itself.
func Scripts(cmd string, args []string) []Script {
	if args != nil {
		words := append([]string{cmd}, args...)
		var out []Script
		if s, ok := fromWords(words); ok {
			out = append(out, Script{Path: s})
		}
		return out
	}
	return scripts(cmd, 0)
}

// maxNesting bounds how deep sh -c '...' is read inside sh -c '...'.
const maxNesting = 3

func scripts(cmd string, depth int) []Script {
	if len(cmd) > 64<<10 {
		return nil // a command this long is not a simple script call
	}
	parser := parsers.Get().(*syntax.Parser)
	f, err := parser.Parse(strings.NewReader(cmd), "")
	parsers.Put(parser)
	if err != nil {
		return nil
	}
	tested := map[string]bool{}
	var found []string
	// dir is the folder the commands run in, relative to the project: a
	// cd to a literal folder below it moves it; any other cd (a variable,
	// an absolute or home path, "..", "-", or one whose failure the command
	// allows for with ||) makes later paths uncertain, and stops the search.
	dir := ""
	stop := false
	var visit func(st *syntax.Stmt, orElse bool)
	visit = func(st *syntax.Stmt, orElse bool) {
		if st == nil || stop {
			return
		}
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			visit(c.X, orElse || c.Op == syntax.OrStmt)
			visit(c.Y, orElse)
		case *syntax.TestClause:
			collectTest(c.X, tested, dir)
		case *syntax.CallExpr:
			words, lits := callWords(c, rootFrom(dir))
			if len(words) == 0 {
				return
			}
			switch words[0] {
			case "[", "test":
				for i, w := range words[1:] {
					if lits[i+1] {
						tested[join(dir, w)] = true
					}
				}
				return
			case "cd", "pushd":
				if len(words) == 2 && lits[1] && !orElse {
					if d, ok := below(dir, words[1]); ok {
						dir = d
						return
					}
				}
				stop = true // the folder changed: later paths are not certain
				return
			}
			if !lits[0] && !isInterpreter(words[0]) {
				return
			}
			if inner, ok := shellScript(words, lits); ok {
				// sh -c './x.sh': the string is a command of its own.
				if depth < maxNesting {
					for _, s := range scripts(inner, depth+1) {
						found = append(found, join(dir, s.Path))
						if s.Guarded {
							tested[join(dir, s.Path)] = true
						}
					}
				}
				return
			}
			if s, ok := fromWordsLit(words, lits); ok {
				found = append(found, join(dir, s))
			}
		}
	}
	for _, st := range f.Stmts {
		visit(st, false)
	}
	var out []Script
	seen := map[string]bool{}
	for _, s := range found {
		n := norm(s)
		if seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, Script{Path: n, Guarded: tested[n]})
	}
	return out
}

func isInterpreter(w string) bool { return interpreters[path.Base(w)] }

// shells run the command string given with -c.
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true}

// shellScript returns the command string of "sh -c STRING" (flags such as
// -e, -l or -lc before it), when the string is certain.
func shellScript(words []string, lits []bool) (string, bool) {
	if !lits[0] || !shells[path.Base(words[0])] {
		return "", false
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !lits[i] || !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
			return "", false
		}
		if strings.HasPrefix(w, "--") || !strings.HasSuffix(w, "c") {
			continue // a long option, or short ones without c (-e, -l)
		}
		if i+1 < len(words) && lits[i+1] {
			return words[i+1], true
		}
		return "", false
	}
	return "", false
}

// below returns the folder cd w moves dir to, when w is a literal folder
// that stays inside the project ("scripts", "./tools/hooks", "..", or the
// project variable, which callWords wrote as the way back from dir).
func below(dir, w string) (string, bool) {
	if w == "" || w == "-" || isAbsolute(w) || strings.ContainsAny(w, "*?[{}$`") {
		return "", false
	}
	n := norm(path.Join(dir, w))
	if n == ".." || strings.HasPrefix(n, "../") {
		return "", false
	}
	if n == "." {
		n = ""
	}
	return n, true
}

// join puts a path written in the command under the folder it runs in.
func join(dir, p string) string {
	if dir == "" {
		return norm(p)
	}
	return norm(path.Join(dir, p))
}

// IsInterpreter reports whether w names a program that runs a script file
// given as its operand (node, python, bash, ...).
func IsInterpreter(w string) bool { return isInterpreter(w) }

func fromWords(words []string) (string, bool) {
	lits := make([]bool, len(words))
	for i := range lits {
		lits[i] = true
	}
	return fromWordsLit(words, lits)
}

// fromWordsLit finds the script in one simple command's words. lits[i] is
// false for a word whose value is not certain (a variable, a substitution).
func fromWordsLit(words []string, lits []bool) (string, bool) {
	// Skip leading environment assignments are already removed by the parser.
	w0 := words[0]
	if lits[0] && isRelativePath(w0) {
		return w0, true
	}
	if !isInterpreter(w0) {
		return "", false
	}
	cur := w0 // the interpreter whose options these are (npx tsx --tsconfig x y.ts)
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !lits[i] {
			return "", false
		}
		if strings.HasPrefix(w, "-") {
			if w == "-c" || w == "-e" || w == "--eval" || w == "-m" || w == "-Command" || w == "-command" {
				return "", false // inline code or a module: not a file
			}
			if opt, _, _ := strings.Cut(w, "="); dirOpts[path.Base(cur)][opt] {
				return "", false // uv run --directory sub x.py: sub/x.py, not certain here
			}
			if TakesValue(cur, w) {
				i++ // node --env-file .env x.js: .env is the option's
			}
			continue
		}
		if isInterpreter(w) {
			cur = w
			continue
		}
		if subcommands[w] {
			continue
		}
		if isRelativePath(w) && (ScriptExts[path.Ext(w)] || strings.Contains(w, "/")) {
			return w, true
		}
		if ScriptExts[path.Ext(w)] && !strings.ContainsAny(w, "*?[") && !isAbsolute(w) {
			return w, true
		}
		return "", false
	}
	return "", false
}

// isRelativePath reports a word that names a file below the project by a
// path: "./x", "scripts/x.sh", "$CLAUDE_PROJECT_DIR/x" (already expanded to
// "./x" by callWords).
func isRelativePath(w string) bool {
	if w == "" || isAbsolute(w) || strings.ContainsAny(w, "*?[{}$`") {
		return false
	}
	if strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") {
		return true
	}
	if !strings.Contains(w, "/") {
		return false
	}
	// "scripts/hook.sh": a path with a script extension is certain; without
	// one ("bin/x") only when it starts with a dot folder or a familiar one.
	return ScriptExts[path.Ext(w)] || strings.HasPrefix(w, ".")
}

func isAbsolute(w string) bool {
	return strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") || strings.HasPrefix(w, "\\") ||
		(len(w) > 1 && w[1] == ':') || strings.HasPrefix(w, "%")
}

// rootFrom is the project folder as a path from dir: "." or "../..".
func rootFrom(dir string) string {
	if dir == "" {
		return "."
	}
	return strings.Repeat("../", strings.Count(dir, "/")) + ".."
}

func norm(w string) string {
	c := path.Clean(w)
	return strings.TrimPrefix(c, "./")
}

// callWords returns the literal value of each word of a call, and whether it
// is certain. A leading $CLAUDE_PROJECT_DIR (or kin) becomes root, the
// project folder as a path from the folder the command has moved to.
func callWords(c *syntax.CallExpr, root string) ([]string, []bool) {
	words := make([]string, 0, len(c.Args))
	lits := make([]bool, 0, len(c.Args))
	for _, w := range c.Args {
		s, ok := wordValue(w, root)
		words = append(words, s)
		lits = append(lits, ok)
	}
	return words, lits
}

func wordValue(w *syntax.Word, root string) (string, bool) {
	var b strings.Builder
	ok := true
	var parts func(ps []syntax.WordPart, first bool)
	parts = func(ps []syntax.WordPart, first bool) {
		for i, p := range ps {
			switch x := p.(type) {
			case *syntax.Lit:
				b.WriteString(x.Value)
			case *syntax.SglQuoted:
				b.WriteString(x.Value)
			case *syntax.DblQuoted:
				parts(x.Parts, first && i == 0)
			case *syntax.ParamExp:
				if first && i == 0 && b.Len() == 0 && x.Param != nil && projectVars[x.Param.Value] && x.Exp == nil && x.Repl == nil && x.Index == nil && !x.Length {
					b.WriteString(root)
					continue
				}
				ok = false
			default:
				ok = false
			}
		}
	}
	parts(w.Parts, true)
	return b.String(), ok
}

func collectTest(x syntax.TestExpr, tested map[string]bool, dir string) {
	switch e := x.(type) {
	case *syntax.UnaryTest:
		if w, ok := e.X.(*syntax.Word); ok {
			if s, lit := wordValue(w, rootFrom(dir)); lit {
				tested[join(dir, s)] = true
			}
		}
		collectTest(e.X, tested, dir)
	case *syntax.BinaryTest:
		collectTest(e.X, tested, dir)
		collectTest(e.Y, tested, dir)
	case *syntax.ParenTest:
		collectTest(e.X, tested, dir)
	}
}
