package blast

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxShellDepth bounds `bash -c '...'` and `eval` nesting.
const maxShellDepth = 4

// ShellWriteTargets returns the paths a shell command line would write,
// truncate, delete, rename, re-mode or link, parsed as Bash with
// mvdan.cc/sh/v3/syntax. The write semantics of each command are in the
// table of shell_table.go: output redirections (>, >>, >|, &>, &>>, <>,
// >&file, N>&file), destinations, in-place edits, directory options (-C,
// --directory, --target-directory, --output-dir, -P, -d), recursive copies
// and deletes, archives, downloads, patches and the git commands that
// rewrite the working tree, looking through sudo, env, command, nohup, time,
// nice, timeout, xargs, `bash -c` and eval.
//
// A folder that is written as a whole (deleted, copied into, extracted into)
// also yields the blast centres it would usually hold (`rm -rf .github`
// yields .github/workflows/*), and a write whose files cannot be known
// (`git reset --hard`, `tar xf a.tar`, `git apply p.diff`) yields the
// whole-tree set, one usual blast centre per kind, so the gate asks once.
// When a write cannot be modelled at all (an interpreter's inline code,
// `sh -c "$VAR"`, a variable in a destination, names piped to xargs), every
// path-like token of the command line is returned, so a blast centre or a
// Sentinel file named anywhere in it is judged. Words are resolved to their
// literal value (quotes, ANSI-C $'...'); words with expansions are returned
// as written (`migrations/$(date).sql`), so patterns still see them.
// Reading commands (cat, grep, less) have no targets.
//
// When the command does not parse, it returns every word-like token of the
// line as a candidate together with an error wrapping ErrMalformedInput; the
// caller decides whether a candidate is risky enough to fail closed.
func ShellWriteTargets(cmd string) ([]string, error) {
	st := &shellState{}
	if err := st.parse(cmd, 0); err != nil {
		return fallbackTokens(cmd), fmt.Errorf("%w: cannot parse shell command: %v", ErrMalformedInput, err)
	}
	if st.unknown {
		// The tokens of the line as written and of its words with their
		// quoting resolved ($'\x2eenv' is .env), and C-style escapes in
		// code decoded (open('\x2eenv','w') in Python, Node, Ruby, Perl).
		var tokens []string
		for _, text := range append([]string{cmd}, st.words...) {
			for _, t := range codeTokens(text) {
				tokens = append(tokens, t)
				if strings.Contains(t, `\`) {
					tokens = append(tokens, codeTokens(ansiC(t))...)
				}
			}
		}
		for _, t := range dedupe(tokens) {
			st.out = append(st.out, t)
			// A folder named may be the one written as a whole
			// (`rm -rf "$(dirname .github/x)"`); the current folder is
			// named too often to count.
			if t != "." && t != ".." {
				st.out = append(st.out, containedWrites(t)...)
			}
		}
	}
	return dedupe(st.out), nil
}

// parse walks one command line (the top level or the script of `bash -c`).
func (st *shellState) parse(cmd string, depth int) error {
	if depth > maxShellDepth {
		st.unknown = true
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return err
	}
	var inner error
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			if len(st.words) < maxShellWords {
				st.words = append(st.words, wordString(n))
			}
		case *syntax.Stmt:
			for _, r := range n.Redirs {
				if p, ok := redirectTarget(r); ok {
					st.write("", p)
				}
			}
			if call, ok := n.Cmd.(*syntax.CallExpr); ok {
				if doc, ok := inlineDoc(n); ok {
					if st.docs == nil {
						st.docs = map[*syntax.CallExpr]string{}
					}
					st.docs[call] = doc
				}
			}
		case *syntax.CallExpr:
			args := make([]string, 0, len(n.Args))
			for _, w := range n.Args {
				args = append(args, wordStrings(w)...)
			}
			doc, hasDoc := st.docs[n]
			c := &call{st: st, depth: depth, doc: doc, hasDoc: hasDoc}
			for _, a := range n.Assigns {
				if a.Name != nil && a.Value != nil {
					c.assign(a.Name.Value + "=" + wordString(a.Value))
				}
			}
			if err := c.run(args); err != nil && inner == nil {
				inner = err
			}
		}
		return true
	})
	return inner
}

func redirectTarget(r *syntax.Redirect) (string, bool) {
	if r.Word == nil {
		return "", false
	}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
	case syntax.DplOut:
		// `>&2` and `1>&2` duplicate a descriptor and `>&3-` moves one;
		// `>& file` and `1>&file` write a file.
		w := wordString(r.Word)
		if w == "-" || isDigits(w) || isDigits(strings.TrimSuffix(w, "-")) {
			return "", false
		}
	default:
		return "", false
	}
	p := wordString(r.Word)
	if p == "" || isDevice(p) {
		return "", false
	}
	return p, true
}

func isDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/stdin":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/")
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// wordString returns the value of a word after quote removal when it is made
// of literals and quotes only. A word with expansions keeps each expansion as
// written (`$(date)`, `${ROOT}`), but its quotes are still removed, so that
// `"migrations/$TS.rb"` and `"$DIR/.env"` are matched as migrations/$TS.rb
// and $DIR/.env, not as names that start or end with a quote.
func wordString(w *syntax.Word) string {
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescapeLit(p.Value))
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(unescapeDbl(l.Value))
				} else {
					printPart(&b, q)
				}
			}
		default:
			printPart(&b, part)
		}
	}
	return b.String()
}

// maxBraceWords bounds the words one brace expansion may produce; beyond it
// the word is kept as written.
const maxBraceWords = 64

// wordStrings is wordString after brace expansion, as the shell does before
// a command runs: `rm .{env,bak}` removes .env and .bak. A sequence
// ({1..9}) is kept as written.
func wordStrings(w *syntax.Word) []string {
	// SplitBraces rewrites the word's parts: work on a copy, so the tree
	// being walked keeps only the node types Walk knows.
	c := *w
	if !syntax.SplitBraces(&c) {
		return []string{wordString(w)}
	}
	out, ok := braceWords(c.Parts)
	if !ok {
		return []string{wordString(w)}
	}
	return out
}

// braceWords expands the brace expansions among parts; ok is false when
// there would be more than maxBraceWords words.
func braceWords(parts []syntax.WordPart) ([]string, bool) {
	out := []string{""}
	for _, part := range parts {
		var alts []string
		if be, ok := part.(*syntax.BraceExp); ok && be.Sequence {
			elems := make([]string, len(be.Elems))
			for i, e := range be.Elems {
				elems[i] = wordString(e)
			}
			alts = []string{"{" + strings.Join(elems, "..") + "}"}
		} else if ok {
			for _, e := range be.Elems {
				sub, ok := braceWords(e.Parts)
				if !ok {
					return nil, false
				}
				alts = append(alts, sub...)
			}
		} else {
			alts = []string{wordString(&syntax.Word{Parts: []syntax.WordPart{part}})}
		}
		if len(out)*len(alts) > maxBraceWords {
			return nil, false
		}
		next := make([]string, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				next = append(next, o+a)
			}
		}
		out = next
	}
	return out, true
}

// printPart writes an expansion as it is written in the command.
func printPart(b *strings.Builder, part syntax.WordPart) {
	_ = syntax.NewPrinter().Print(b, &syntax.Word{Parts: []syntax.WordPart{part}})
}

func unescapeLit(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// skipOptions drops leading options; letters in withArg take a separate value.
func skipOptions(args []string, withArg string) []string {
	i := 0
	for i < len(args) {
		a := args[i]
		if a == "--" {
			return args[i+1:]
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		if len(a) == 2 && strings.ContainsRune(withArg, rune(a[1])) {
			i++
		}
		i++
	}
	return args[min(i, len(args)):]
}

// operands returns the non-option arguments; short options whose letter is in
// withArg consume the next argument when given alone.
func operands(args []string, withArg string) []string {
	var out []string
	opts := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		if opts && a == "--" {
			opts = false
			continue
		}
		if opts && strings.HasPrefix(a, "-") && a != "-" {
			if len(a) == 2 && strings.ContainsRune(withArg, rune(a[1])) {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// inPlaceFiles reports whether a sed or perl call edits in place, and the
// files it edits: the operands after the script.
func inPlaceFiles(name string, args []string) (bool, []string) {
	inPlace, haveScript := false, false
	var ops []string
	opts := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case opts && a == "--":
			opts = false
		case opts && (a == "--in-place" || strings.HasPrefix(a, "--in-place=")):
			inPlace = true
		case opts && (strings.HasPrefix(a, "--expression") || strings.HasPrefix(a, "--file")):
			haveScript = true
			if !strings.Contains(a, "=") {
				i++
			}
		case opts && strings.HasPrefix(a, "--"):
		case opts && strings.HasPrefix(a, "-") && len(a) > 1:
			cluster := a[1:]
			for j := 0; j < len(cluster); j++ {
				c := cluster[j]
				if c == 'i' {
					inPlace = true
					// sed -i[SUFFIX] and perl -i[EXT]: the rest is the suffix.
					j = len(cluster)
					continue
				}
				if c == 'e' || c == 'f' || (name == "perl" && c == 'E') {
					haveScript = true
					if j == len(cluster)-1 {
						i++ // the script or script file is the next argument
					}
					j = len(cluster)
					continue
				}
				if name == "sed" && c == 'l' && j == len(cluster)-1 {
					i++
				}
			}
		default:
			ops = append(ops, a)
		}
	}
	if !haveScript && len(ops) > 0 {
		ops = ops[1:] // the first operand is the script
	}
	return inPlace, ops
}

// fallbackTokens splits an unparsable command into candidate paths.
func fallbackTokens(cmd string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(cmd, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ';' || r == '|' || r == '&' || r == '>' || r == '<' || r == '(' || r == ')'
	}) {
		f = strings.Trim(f, `"'`+"`")
		if f != "" && !strings.HasPrefix(f, "-") {
			out = append(out, f)
			// What is written cannot be told: a folder named may be
			// written as a whole, a glob may name a blast centre.
			if f != "." && f != ".." {
				out = append(out, containedWrites(f)...)
			}
			out = append(out, globCandidates(f)...)
			out = append(out, defaultForms(f)...)
		}
	}
	return dedupe(out)
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	out := in[:0]
	for _, s := range in {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
