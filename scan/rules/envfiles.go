package rules

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
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
			out = append(out, e.envSubstReads(c.Args[i], dir)...)
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
		case "node", "nodejs", "bun", "deno", "uv":
			for j := i + 1; j < len(words) && j < i+16; j++ {
				if v, n := optVal(j, "--env-file", "--env-file-if-exists"); n > 0 {
					pin(v)
					j += n - 1
				}
			}
		case "python", "python3":
			// python -m dotenv [-f FILE] run cmd
			if i+2 < len(words) && words[i+1] == "-m" && words[i+2] == "dotenv" {
				given := false
				for j := i + 3; j < len(words) && words[j] != "run"; j++ {
					if v, n := optVal(j, "-f", "--file"); n > 0 {
						pin(v)
						given = true
						j += n - 1
					}
				}
				if !given {
					pin(".env")
				}
				i += 2 // past -m dotenv
			}
		}
	}
	return out
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
