package rules

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/sentinel-sec/sentinel/scan/shellcmd"
)

// Environment files a command loads before it runs another: `dotenv -e
// FILE`, `dotenvx run -f FILE`, `op run --env-file FILE`, `node
// --env-file=FILE`, `uv run --env-file FILE`, `python -m dotenv -f FILE
// run`, `env $(cat FILE) cmd`, `export $(cat FILE | xargs)`, `set -a; .
// FILE`. A variable there changes what runs as much as a script does
// (BASH_ENV=./x.sh, NODE_OPTIONS=--require ./x.js, PATH=./bin:$PATH), so
// the file is pinned by its bytes and read as shell assignments (kind
// "env"), whose loads are followed like any script's. One that is
// missing is pinned as absent: planting it later lapses the approval.

// envFileLoads reads the environment files the call c loads, wherever
// they stand among its wrappers.
func (e *shEnv) envFileLoads(c *syntax.CallExpr, dir string) []depRef {
	if len(c.Args) == 0 {
		return nil
	}
	line := int(c.Args[0].Pos().Line())
	words := make([]string, len(c.Args))
	for i, a := range c.Args {
		v, ok := e.word(a)
		if !ok {
			v = "\x00"
		}
		words[i] = v
	}
	return e.envWordLoads(words, line, func(i int) []depRef { return e.envSubstReads(c.Args[i], dir) })
}

// envWordLoads is envFileLoads over words already evaluated ("\x00": not
// known; subst reads the files of such a word, nil for a tool server's
// words, which no shell evaluates).
func (e *shEnv) envWordLoads(words []string, line int, subst func(int) []depRef) []depRef {
	var out []depRef
	pin := func(f string) {
		switch {
		case f == "\x00" || f == "":
			out = append(out, depRef{line: line, dynamic: "an environment file named at run time"})
		case outsidePath(f) != "":
			out = append(out, depRef{line: line, outside: outsidePath(f)})
		default:
			if p, ok := inTree(e.base(), f); ok {
				out = append(out, depRef{line: line, cands: []string{p}, kind: "env"})
			}
		}
	}
	// optVal reads "-e X", "-e=X", "--env-file=X" at words[j] for the
	// given option names, returning the value and the words it used.
	optVal := func(j int, names ...string) (string, int) {
		w := words[j]
		for _, n := range names {
			if w == n && j+1 < len(words) {
				return words[j+1], 2
			}
			if v, ok := strings.CutPrefix(w, n+"="); ok {
				return v, 1
			}
		}
		return "", 0
	}
	for i := 0; i < len(words); i++ {
		name := strings.TrimSuffix(path.Base(words[i]), ".exe")
		if words[i] == "\x00" {
			// env $(cat .env) cmd: the substitution's file is the environment.
			if subst != nil {
				out = append(out, subst(i)...)
			}
			continue
		}
		if files, cmd, ok := pyDotenv(words, i); ok {
			// python-dotenv: dotenv [-f FILE] run cmd, python -m dotenv …
			for _, f := range files {
				pin(f)
			}
			if len(files) == 0 {
				pin(".env")
			}
			if name != "dotenv" {
				// python -m dotenv runs a project's dotenv package first.
				out = append(out, depRef{line: line, cands: append(pyModule([]string{"."}, "dotenv", nil), "dotenv/__main__.py")})
			}
			i = cmd - 1
			continue
		}
		switch name {
		case "dotenv":
			// dotenv-cli: -e FILE (repeated), -c [env] (cascade); .env by default.
			given := false
			j := i + 1
			for ; j < len(words) && strings.HasPrefix(words[j], "-") && words[j] != "--"; j++ {
				if v, n := optVal(j, "-e"); n > 0 {
					pin(v)
					given = true
					j += n - 1
					continue
				}
				switch words[j] {
				case "-c":
					pin(".env.local")
					if j+2 < len(words) && !strings.HasPrefix(words[j+1], "-") && words[j+2] == "--" {
						pin(".env." + words[j+1])
						pin(".env." + words[j+1] + ".local")
						j++
					}
				case "-v", "-p":
					j++
				}
			}
			if !given {
				pin(".env")
			}
			i = j - 1
		case "dotenvx", "op":
			if i+1 >= len(words) || words[i+1] != "run" {
				continue
			}
			given := false
			j := i + 2
			for ; j < len(words) && strings.HasPrefix(words[j], "-") && words[j] != "--"; j++ {
				if v, n := optVal(j, "-f", "--env-file"); n > 0 {
					pin(v)
					given = true
					j += n - 1
				}
			}
			if !given && name == "dotenvx" {
				pin(".env")
			}
			i = j - 1
		case "deno":
			// deno's --env-file (and --env) takes its value after "=" only;
			// alone it loads .env from the folder it runs in or the first
			// folder above that has one.
			for j := i + 1; j < len(words) && j < i+16; j++ {
				opt, v, has := strings.Cut(words[j], "=")
				if opt != "--env-file" && opt != "--env" {
					continue
				}
				if has {
					pin(v)
					continue
				}
				if p, ok := inTree(e.base(), ".env"); ok {
					out = append(out, depRef{line: line, cands: []string{p}, kind: "env", upward: "deno --env-file"})
				}
			}
		case "node", "nodejs", "bun", "uv", "tsx":
			// --env-file FILE or --env-file=FILE, as often as given.
			for j := i + 1; j < len(words) && j < i+16; j++ {
				if v, n := optVal(j, "--env-file", "--env-file-if-exists"); n > 0 {
					pin(v)
					j += n - 1
				}
			}
		}
	}
	return out
}

// pyDotenv reads python-dotenv's command line at words[i]: `dotenv [-f
// FILE] [-q Q] [-e B] run [--override] [--] cmd …`, also as `python -m
// dotenv …` (python's own options before -m too). It returns the files
// given with -f (none: .env in the folder it runs in), the index of the
// command run runs (len(words) when none), and whether words[i] is that.
// dotenv-cli's `dotenv -e FILE -- cmd` has no run: not this.
func pyDotenv(words []string, i int) (files []string, cmd int, ok bool) {
	name := strings.TrimSuffix(path.Base(words[i]), ".exe")
	j := i + 1
	if name != "dotenv" {
		if name != "python" && name != "python3" && !reVersionedPython.MatchString(name) {
			return nil, 0, false
		}
		for ; j < len(words) && strings.HasPrefix(words[j], "-") && words[j] != "-m" && words[j] != "-mdotenv"; j++ {
			if words[j] == "-c" || words[j] == "-" {
				return nil, 0, false
			}
			if shellcmd.TakesValue("python", words[j]) {
				j++
			}
		}
		switch {
		case j < len(words) && words[j] == "-mdotenv":
			j++
		case j+1 < len(words) && words[j] == "-m" && words[j+1] == "dotenv":
			j += 2
		default:
			return nil, 0, false
		}
	}
	for ; j < len(words) && strings.HasPrefix(words[j], "-"); j++ {
		opt, val, has := strings.Cut(words[j], "=")
		if len(opt) > 2 && !strings.HasPrefix(opt, "--") && strings.ContainsAny(opt[1:2], "fqe") {
			opt, val, has = opt[:2], words[j][2:], true // -f.env.ci: click's attached value
		}
		switch opt {
		case "-f", "--file", "-q", "--quote", "-e", "--export":
			if !has {
				if j+1 >= len(words) {
					return nil, 0, false
				}
				j++
				val = words[j]
			}
			if opt == "-f" || opt == "--file" {
				files = append(files, val)
			}
		}
	}
	if j >= len(words) || words[j] != "run" {
		return nil, 0, false
	}
	for j++; j < len(words) && (words[j] == "--override" || words[j] == "--no-override"); j++ {
	}
	if j < len(words) && words[j] == "--" {
		j++
	}
	return files, j, true
}

// fileSubst reports a word that is a command substitution reading a
// project file (`$(cat .env)`, `$(< .env)`, `$(grep -v '^#' .env | xargs)`):
// after env, its words are the file's assignments, not the command.
func (e *shEnv) fileSubst(w *syntax.Word, dir string) bool {
	if len(w.Parts) != 1 {
		return false
	}
	if _, ok := w.Parts[0].(*syntax.CmdSubst); !ok {
		return false
	}
	for _, r := range e.envSubstReads(w, dir) {
		if len(r.cands) > 0 || r.outside != "" {
			return true
		}
	}
	return false
}

// envSubstReads are the files the $(...) in a word reads, as
// environment files: `$(cat .env)`, `$(< .env)`, `$(cat .env | xargs)`,
// `$(grep -v '^#' .env | xargs)`.
func (e *shEnv) envSubstReads(w *syntax.Word, dir string) []depRef {
	var out []depRef
	syntax.Walk(w, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.CmdSubst); ok {
			for _, st := range x.Stmts {
				for _, r := range e.envReadsOf(st, dir) {
					r.kind = "env"
					out = append(out, r)
				}
			}
			return false
		}
		return true
	})
	return out
}

// envReadsOf is readsOf through a pipeline's first command, and grep's
// and sed's files.
func (e *shEnv) envReadsOf(st *syntax.Stmt, dir string) []depRef {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
		return e.envReadsOf(b.X, dir)
	}
	if c, ok := st.Cmd.(*syntax.CallExpr); ok {
		if name, i := e.callName(c); name == "grep" || name == "egrep" || name == "sed" {
			var out []depRef
			operand := 0
			for _, a := range c.Args[i:] {
				v, ok := e.word(a)
				if ok && strings.HasPrefix(v, "-") {
					continue
				}
				if operand++; operand > 1 {
					out = append(out, e.fileRef(a, dir))
				}
			}
			return out
		}
	}
	return e.readsOf(st, dir)
}

// wrappedScript is the project script a command runs past its wrappers
// (`nice bash x.sh`, `dotenv -e .env -- node x.js`, `python -m dotenv run
// ./x.sh`), read from the words the way a hook's own script is; "" when
// the command stands first (its script is found as the hook's) or runs
// none.
func wrappedScript(words []string) string {
	i, code := unwrap(words)
	if i <= 0 || code || i >= len(words) {
		return ""
	}
	ws := make([]string, 0, len(words)-i)
	for _, w := range words[i:] {
		if w == "\x00" {
			break // not known: no word from here on is certain
		}
		if rel, ok := strings.CutPrefix(w, rootMark+"/"); ok {
			w = "./" + rel // $CLAUDE_PROJECT_DIR/x.sh
		}
		ws = append(ws, w)
	}
	if len(ws) == 0 {
		return ""
	}
	for _, s := range shellcmd.Scripts(ws[0], ws[1:]) {
		return s.Path
	}
	return ""
}
