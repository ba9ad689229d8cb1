package blast

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxShellDepth bounds `bash -c '...'` and `eval` nesting.
const maxShellDepth = 4

// ShellWriteTargets returns the paths a shell command line would write,
// truncate, delete or rename, parsed as Bash with mvdan.cc/sh/v3/syntax.
// It finds output redirections (>, >>, >|, &>, &>>, <>, >&file), tee, sed -i
// and perl -i, cp/install/ln destinations, mv sources and destinations,
// rm/rmdir/unlink/shred/truncate/touch arguments, dd of=, and git rm/mv/
// restore/checkout -- paths, curl -o and wget -O files, what find -delete
// or find -exec rm/sed -i/... removes or edits, the targets of a patch given to git apply or
// patch as a here-document or here-string, looking through sudo, env, command, nohup, time,
// nice, timeout, xargs, `bash -c` and eval. Words with expansions are
// returned as written (`migrations/$(date).sql`), so patterns still see them.
// Reading commands (cat, grep, less) have no targets.
//
// When the command does not parse, it returns every word-like token of the
// line as a candidate together with an error wrapping ErrMalformedInput; the
// caller decides whether a candidate is risky enough to fail closed.
func ShellWriteTargets(cmd string) ([]string, error) {
	var out []string
	if err := shellTargets(cmd, 0, &out); err != nil {
		return fallbackTokens(cmd), fmt.Errorf("%w: cannot parse shell command: %v", ErrMalformedInput, err)
	}
	return dedupe(out), nil
}

func shellTargets(cmd string, depth int, out *[]string) error {
	if depth > maxShellDepth {
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return err
	}
	var inner error
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			for _, r := range n.Redirs {
				if p, ok := redirectTarget(r); ok {
					*out = append(*out, p)
				}
			}
			*out = append(*out, inlinePatchTargets(n)...)
		case *syntax.CallExpr:
			args := make([]string, 0, len(n.Args))
			for _, w := range n.Args {
				args = append(args, wordStrings(w)...)
			}
			if err := callTargets(args, depth, out); err != nil && inner == nil {
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
		// `>&2` duplicates a descriptor; `>& file` (no N) writes a file.
		w := wordString(r.Word)
		if w == "-" || isDigits(w) || r.N != nil {
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
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
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

// callTargets handles one simple command.
func callTargets(args []string, depth int, out *[]string) error {
unwrap:
	for len(args) > 0 {
		name := path.Base(strings.ReplaceAll(args[0], `\`, "/"))
		rest := args[1:]
		switch name {
		case "sudo", "doas":
			args = skipOptions(rest, "ugCDhpRrTt")
			continue
		case "env":
			i := 0
			for i < len(rest) && (strings.HasPrefix(rest[i], "-") || strings.Contains(rest[i], "=")) {
				if rest[i] == "-u" || rest[i] == "-C" || rest[i] == "-S" {
					i++
				}
				i++
			}
			args = rest[min(i, len(rest)):]
			continue
		case "command", "builtin", "exec", "nohup", "time", "stdbuf", "setsid":
			args = skipOptions(rest, "")
			continue
		case "nice", "ionice":
			args = skipOptions(rest, "nc")
			continue
		case "timeout":
			a := skipOptions(rest, "sk")
			if len(a) > 0 {
				a = a[1:] // the duration
			}
			args = a
			continue
		case "xargs":
			args = skipOptions(rest, "EIiLlnPsd")
			continue
		case "bash", "sh", "zsh", "dash", "ksh":
			for i, a := range rest {
				if a == "-c" && i+1 < len(rest) {
					return shellTargets(rest[i+1], depth+1, out)
				}
				if !strings.HasPrefix(a, "-") {
					break
				}
			}
			return nil
		case "eval":
			return shellTargets(strings.Join(rest, " "), depth+1, out)
		}
		break unwrap
	}
	if len(args) == 0 {
		return nil
	}
	name := path.Base(strings.ReplaceAll(args[0], `\`, "/"))
	rest := args[1:]
	switch name {
	case "tee":
		*out = append(*out, operands(rest, "")...)
	case "sed", "gsed", "perl":
		inPlace, files := inPlaceFiles(name, rest)
		if inPlace {
			*out = append(*out, files...)
		}
	case "cp", "install", "ln":
		if t := targetDir(rest); t != "" {
			*out = append(*out, t)
		} else if ops := operands(rest, "St"); len(ops) >= 2 {
			*out = append(*out, ops[len(ops)-1])
		} else if name == "install" && len(ops) == 1 && hasFlag(rest, 'd') {
			*out = append(*out, ops[0])
		}
	case "mv":
		ops := operands(rest, "St")
		if t := targetDir(rest); t != "" {
			ops = append(ops, t)
		}
		*out = append(*out, ops...)
	case "rm", "rmdir", "unlink", "shred", "touch":
		*out = append(*out, operands(rest, "")...)
	case "truncate":
		*out = append(*out, operands(rest, "sr")...)
	case "find":
		*out = append(*out, findTargets(rest)...)
	case "curl", "wget":
		short, long := "-o", "--output"
		if name == "wget" {
			short, long = "-O", "--output-document"
		}
		for i := 0; i < len(rest); i++ {
			a, v := rest[i], ""
			switch {
			case a == short || a == long:
				if i+1 < len(rest) {
					i++
					v = rest[i]
				}
			case strings.HasPrefix(a, long+"="):
				v = a[len(long)+1:]
			case strings.HasPrefix(a, short) && len(a) > 2:
				v = a[2:]
			case len(a) > 2 && a[0] == '-' && a[1] != '-' && a[len(a)-1] == short[1]:
				// A cluster of flags ending in the option: curl -sSo FILE.
				if i+1 < len(rest) {
					i++
					v = rest[i]
				}
			}
			if v != "" && v != "-" && !isDevice(v) {
				*out = append(*out, v)
			}
		}
	case "dd":
		for _, a := range rest {
			if v, ok := strings.CutPrefix(a, "of="); ok {
				*out = append(*out, v)
			}
		}
	case "git":
		sub := skipGitGlobals(rest)
		if len(sub) == 0 {
			return nil
		}
		switch sub[0] {
		case "rm", "mv":
			*out = append(*out, operands(sub[1:], "")...)
		case "restore":
			*out = append(*out, operands(sub[1:], "s")...)
		case "checkout":
			dashes := false
			for i, a := range sub {
				if a == "--" {
					*out = append(*out, sub[i+1:]...)
					dashes = true
					break
				}
			}
			if !dashes {
				// `git checkout .env` and `git checkout main go.sum` restore
				// files too; a lone branch name is judged as a path, which
				// asks at most once for a branch named like a blast centre.
				*out = append(*out, operands(sub[1:], "bBU")...)
			}
		}
	}
	return nil
}

// findWriters are the commands that, run by find -exec, write or delete the
// files find names.
var findWriters = map[string]bool{
	"rm": true, "unlink": true, "shred": true, "truncate": true, "mv": true,
	"sed": true, "gsed": true, "perl": true, "tee": true, "touch": true, "dd": true,
}

// findTargets returns what `find START... EXPR` deletes or edits, when EXPR
// has -delete or -exec/-execdir/-ok running a writing command: each starting
// folder, and the -name and -path patterns below it
// (`find . -name '*.sql' -delete` is a write to *.sql files).
func findTargets(args []string) []string {
	i := 0
	for i < len(args) && (args[i] == "-H" || args[i] == "-L" || args[i] == "-P" || strings.HasPrefix(args[i], "-O") || args[i] == "-D") {
		if args[i] == "-D" {
			i++
		}
		i++
	}
	var starts []string
	for ; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") || a == "(" || a == "!" || a == ")" {
			break
		}
		starts = append(starts, a)
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	writes := false
	var names, paths []string
	for ; i < len(args); i++ {
		switch args[i] {
		case "-delete":
			writes = true
		case "-exec", "-execdir", "-ok", "-okdir":
			if i+1 < len(args) && findWriters[path.Base(args[i+1])] {
				writes = true
			}
		case "-name", "-iname":
			if i+1 < len(args) {
				i++
				names = append(names, args[i])
			}
		case "-path", "-ipath", "-wholename", "-iwholename":
			if i+1 < len(args) {
				i++
				paths = append(paths, args[i])
			}
		}
	}
	if !writes {
		return nil
	}
	out := append([]string{}, starts...)
	for _, st := range starts {
		for _, n := range names {
			out = append(out, path.Join(st, n))
		}
	}
	return append(out, paths...)
}

// inlinePatchTargets returns the files a patch given inline to `git apply`
// or `patch` (a here-document or here-string) writes:
// `git apply <<EOF ... +++ b/.env ... EOF`.
func inlinePatchTargets(st *syntax.Stmt) []string {
	// Most statements feed no document in: skip reading their words a
	// second time (the CallExpr case reads them for callTargets).
	if !slices.ContainsFunc(st.Redirs, func(r *syntax.Redirect) bool {
		return r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc
	}) {
		return nil
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || !appliesPatch(call) {
		return nil
	}
	var out []string
	for _, r := range st.Redirs {
		switch {
		case r.Op == syntax.Hdoc && r.Hdoc != nil:
			out = append(out, PatchTargets(wordString(r.Hdoc))...)
		case r.Op == syntax.DashHdoc && r.Hdoc != nil:
			// <<- removes the leading tabs of every line.
			lines := strings.Split(wordString(r.Hdoc), "\n")
			for i, l := range lines {
				lines[i] = strings.TrimLeft(l, "\t")
			}
			out = append(out, PatchTargets(strings.Join(lines, "\n"))...)
		case r.Op == syntax.WordHdoc && r.Word != nil:
			out = append(out, PatchTargets(wordString(r.Word))...)
		}
	}
	return out
}

// appliesPatch reports whether a simple command is `git apply` or `patch`,
// after the prefixes callTargets looks through.
func appliesPatch(call *syntax.CallExpr) bool {
	args := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		args = append(args, wordStrings(w)...)
	}
	for len(args) > 0 {
		switch path.Base(args[0]) {
		case "sudo", "doas", "command", "builtin", "exec", "nohup", "time", "nice", "env":
			args = args[1:]
			for len(args) > 0 && (strings.HasPrefix(args[0], "-") || strings.Contains(args[0], "=")) {
				args = args[1:]
			}
			continue
		case "patch":
			return true
		case "git":
			sub := skipGitGlobals(args[1:])
			return len(sub) > 0 && sub[0] == "apply"
		}
		return false
	}
	return false
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

func hasFlag(args []string, f byte) bool {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a[1:], f) >= 0 {
			return true
		}
	}
	return false
}

// targetDir returns the value of -t DIR / --target-directory=DIR.
func targetDir(args []string) string {
	for i, a := range args {
		if a == "-t" && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, "--target-directory="); ok {
			return v
		}
	}
	return ""
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

func skipGitGlobals(args []string) []string {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		if args[i] == "-C" || args[i] == "-c" {
			i++
		}
		i++
	}
	return args[min(i, len(args)):]
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
