package rules

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// This file reads a shell command or script the way S34 and S35 need:
// does something secret (a credential store, the environment, a token
// variable, or a hook's whole input) reach a program that sends data off
// the machine? The command is parsed with mvdan.cc/sh (never run); values
// are followed through pipes, command substitutions, variables and the
// files the script writes, in the order the script is written.

// taint is what a value carries: a credential (what names it) or the
// hook's whole input.
type taint struct {
	what string // "the environment (env)", "SSH keys (~/.ssh/id_rsa)", ""
	// secretVar marks a token variable ($GITHUB_TOKEN): sending one in an
	// Authorization header, a user name or the URL of its service is how
	// it is used, not a theft.
	secretVar bool
	// input is the hook's event (its standard input), whole.
	input bool
}

func (t taint) empty() bool { return t.what == "" && !t.input }

// or is the first of t and u that carries something, credentials first.
func (t taint) or(u taint) taint {
	switch {
	case t.what != "" && !t.secretVar:
		return t
	case u.what != "" && !u.secretVar:
		return u
	case t.what != "":
		return t
	case u.what != "":
		return u
	case t.input:
		return t
	}
	return u
}

// leak is one place where a secret reaches a sender.
type leak struct {
	line  int    // line in the parsed text, from 1
	what  string // the secret
	via   string // the program that sends it
	input bool   // the hook's input, not a credential
}

// flowLimit bounds how much text one parse reads, and flowDepth how deep
// sh -c '...' strings are read inside each other.
const (
	flowLimit = 1 << 20
	flowDepth = 3
)

var flowParsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// shellLeaks reads src as shell. hookInput says its standard input is a
// hook's event. A script that does not parse whole is read line by line,
// so one odd line does not hide the rest.
func shellLeaks(src string, hookInput bool) []leak {
	if len(src) > flowLimit {
		src = src[:flowLimit]
	}
	fl := &flow{vars: map[string]taint{}, files: map[string]taint{}, paths: map[string]string{}, git: &gitFlow{}}
	stdin := taint{input: hookInput}
	if f, ok := parseShell(src); ok {
		fl.stmts(f.Stmts, stdin, 0)
		return fl.out
	}
	line := 0
	for l := range strings.SplitSeq(src, "\n") {
		line++
		if !strings.ContainsAny(l, "|@<>$`") && !hasSender(l) {
			continue
		}
		f, ok := parseShell(l)
		if !ok {
			continue
		}
		fl.lineBase = line - 1
		fl.stmts(f.Stmts, stdin, 0)
	}
	return fl.out
}

func parseShell(src string) (*syntax.File, bool) {
	p := flowParsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	flowParsers.Put(p)
	return f, err == nil
}

// hasSender is a quick test that a line names a sending program.
func hasSender(l string) bool {
	l = strings.ToLower(l)
	for _, s := range []string{"curl", "wget", "nc ", "ncat", "netcat", "socat", "scp", "rsync", "sftp", "ssh ", "telnet", "mail", "invoke-", "push"} {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

type flow struct {
	vars     map[string]taint
	files    map[string]taint
	paths    map[string]string // variables holding a literal path (K=~/.ssh/id_rsa)
	out      []leak
	lineBase int
	git      *gitFlow // what the script stages, commits and where it pushes (s34_git.go)
}

func (fl *flow) add(p syntax.Pos, t taint, via string) {
	fl.out = append(fl.out, leak{line: fl.lineBase + int(p.Line()), what: t.what, via: via, input: t.what == "" && t.input})
}

func (fl *flow) stmts(list []*syntax.Stmt, stdin taint, depth int) taint {
	var out taint
	for _, st := range list {
		out = out.or(fl.stmt(st, stdin, depth))
	}
	return out
}

// stmt reads one statement whose standard input carries stdin and returns
// what its standard output carries.
func (fl *flow) stmt(st *syntax.Stmt, stdin taint, depth int) taint {
	if st == nil {
		return taint{}
	}
	var outFiles []*syntax.Word
	readsIn := false
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrIn:
			if r.N == nil || r.N.Value == "0" {
				stdin = fl.fileTaint(wordText(r.Word))
				readsIn = true
			}
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc != nil {
				stdin = fl.word(r.Hdoc, stdin, depth)
			} else {
				stdin = taint{}
			}
		case syntax.WordHdoc:
			stdin = fl.word(r.Word, stdin, depth)
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
			if r.N == nil || r.N.Value == "1" {
				outFiles = append(outFiles, r.Word)
			}
		}
	}
	var out taint
	if st.Cmd == nil && readsIn {
		// $(< file): the file's bytes, as cat would print them.
		out = stdin
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		out = fl.call(c, stdin, depth)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			x := fl.stmt(c.X, stdin, depth)
			out = fl.stmt(c.Y, x, depth)
		} else {
			out = fl.stmt(c.X, stdin, depth).or(fl.stmt(c.Y, stdin, depth))
		}
	case *syntax.Block:
		out = fl.stmts(c.Stmts, stdin, depth)
	case *syntax.Subshell:
		out = fl.stmts(c.Stmts, stdin, depth)
	case *syntax.IfClause:
		for ic := c; ic != nil; ic = ic.Else {
			out = out.or(fl.stmts(ic.Cond, stdin, depth)).or(fl.stmts(ic.Then, stdin, depth))
		}
	case *syntax.WhileClause:
		out = fl.stmts(c.Cond, stdin, depth).or(fl.stmts(c.Do, stdin, depth))
	case *syntax.ForClause:
		if wi, ok := c.Loop.(*syntax.WordIter); ok && wi.Name != nil {
			var t taint
			for _, w := range wi.Items {
				t = t.or(fl.word(w, stdin, depth)).or(fl.fileTaint(wordText(w)))
			}
			if !t.empty() {
				fl.vars[wi.Name.Value] = t
			}
		}
		out = fl.stmts(c.Do, stdin, depth)
	case *syntax.CaseClause:
		for _, it := range c.Items {
			out = out.or(fl.stmts(it.Stmts, stdin, depth))
		}
	case *syntax.FuncDecl:
		fl.stmt(c.Body, taint{}, depth)
	case *syntax.DeclClause:
		variant := ""
		if c.Variant != nil {
			variant = c.Variant.Value
		}
		names := 0
		for _, a := range c.Args {
			if a.Naked && a.Name != nil {
				names++
			}
			fl.assign(a, stdin, depth)
		}
		if names == 0 && len(c.Args) <= 1 && (variant == "export" || variant == "declare" || variant == "typeset") {
			all := true
			for _, a := range c.Args {
				if a.Value == nil || !strings.HasPrefix(wordText(a.Value), "-") {
					all = false
				}
			}
			if all || len(c.Args) == 0 {
				out = taint{what: "the environment (" + variant + ")"}
			}
		}
	case *syntax.TimeClause:
		out = fl.stmt(c.Stmt, stdin, depth)
	}
	for _, w := range outFiles {
		p := wordText(w)
		if isNetDevice(p) {
			if !out.empty() && !out.secretVar {
				fl.add(st.Pos(), out, "a network connection ("+clip(p, 40)+")")
			}
			continue
		}
		if !out.empty() && p != "" && p != "/dev/null" && p != "/dev/stderr" {
			fl.files[normPath(p)] = out
		}
		out = taint{}
	}
	return out
}

func isNetDevice(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

func (fl *flow) assign(a *syntax.Assign, stdin taint, depth int) {
	if a == nil || a.Name == nil {
		return
	}
	var t taint
	if a.Value != nil {
		t = fl.word(a.Value, stdin, depth)
	}
	if a.Array != nil {
		for _, e := range a.Array.Elems {
			if e.Value != nil {
				t = t.or(fl.word(e.Value, stdin, depth))
			}
		}
	}
	if !a.Append {
		delete(fl.paths, a.Name.Value)
		if a.Value != nil && a.Array == nil && t.empty() {
			if v := wordText(a.Value); v != "" && !strings.Contains(v, "$(...)") {
				fl.paths[a.Name.Value] = fl.expandPath(v)
			}
		}
	}
	if t.empty() {
		if !a.Append {
			delete(fl.vars, a.Name.Value)
		}
		return
	}
	fl.vars[a.Name.Value] = t
}

// word returns what a word's value carries: variables holding a secret,
// token variables, and command substitutions whose output does.
func (fl *flow) word(w *syntax.Word, stdin taint, depth int) taint {
	if w == nil {
		return taint{}
	}
	var t taint
	for _, p := range w.Parts {
		t = t.or(fl.part(p, stdin, depth))
	}
	return t
}

func (fl *flow) part(p syntax.WordPart, stdin taint, depth int) taint {
	switch p := p.(type) {
	case *syntax.DblQuoted:
		var t taint
		for _, q := range p.Parts {
			t = t.or(fl.part(q, stdin, depth))
		}
		return t
	case *syntax.ParamExp:
		if p.Param == nil || p.Length || p.IsSet {
			return taint{}
		}
		name := p.Param.Value
		if t, ok := fl.vars[name]; ok {
			return t
		}
		if secretVarName(name) {
			return taint{what: "the secret in $" + name, secretVar: true}
		}
	case *syntax.CmdSubst:
		return fl.stmts(p.Stmts, stdin, depth)
	case *syntax.ProcSubst:
		return fl.stmts(p.Stmts, stdin, depth)
	}
	return taint{}
}

var reSecretVar = regexp.MustCompile(`^[A-Z0-9_]*(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)([A-Z0-9_]*)$`)

func secretVarName(n string) bool { return reSecretVar.MatchString(strings.ToUpper(n)) }

// wordText is a word's literal text, with each parameter written as $NAME
// and each command substitution as $(...).
func wordText(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range w.Parts {
		partText(&b, p)
	}
	return b.String()
}

func partText(b *strings.Builder, p syntax.WordPart) {
	switch p := p.(type) {
	case *syntax.Lit:
		b.WriteString(p.Value)
	case *syntax.SglQuoted:
		b.WriteString(p.Value)
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			partText(b, q)
		}
	case *syntax.ParamExp:
		if p.Param != nil {
			b.WriteString("$" + p.Param.Value)
		}
	case *syntax.CmdSubst, *syntax.ProcSubst:
		b.WriteString("$(...)")
	}
}

// normPath writes a home folder as ~.
func normPath(p string) string {
	for _, h := range []string{"$HOME", "$USERPROFILE", "$home"} {
		if p == h || strings.HasPrefix(p, h+"/") {
			return "~" + p[len(h):]
		}
	}
	if strings.HasPrefix(p, "/root/") || p == "/root" {
		return "~" + p[len("/root"):]
	}
	// Another user's home, or one's own by name: ~alice/, /home/alice/,
	// /Users/alice/.
	if len(p) > 1 && p[0] == '~' && p[1] != '/' {
		if i := strings.IndexByte(p, '/'); i > 1 && !strings.ContainsAny(p[1:i], "$(){}") {
			return "~" + p[i:]
		}
	}
	for _, pre := range []string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(p, pre); ok {
			if i := strings.IndexByte(rest, '/'); i > 0 {
				return "~" + rest[i:]
			}
		}
	}
	return p
}

// credPath names the credential store a path is in, or "".
func credPath(p string) string {
	p = normPath(strings.TrimSpace(p))
	if p == "" {
		return ""
	}
	lp := strings.ToLower(p)
	switch {
	case lp == "~" || lp == "~/" || lp == "~/*" || lp == "~/.*":
		return "the home folder (" + p + ")"
	case lp == "/proc/self/environ" || strings.HasPrefix(lp, "/proc/") && strings.HasSuffix(lp, "/environ"):
		return "the environment (" + p + ")"
	case lp == "/etc/shadow":
		return "the password hashes (" + p + ")"
	}
	base := path.Base(lp)
	if base == ".env" || base == ".env.local" || base == ".env.production" || base == ".env.prod" {
		return "the project's secrets (" + p + ")"
	}
	if !strings.HasPrefix(lp, "~/") {
		return ""
	}
	rest := lp[2:]
	in := func(dir string) bool { return rest == dir || strings.HasPrefix(rest, dir+"/") }
	switch {
	case in(".ssh"):
		if strings.HasSuffix(rest, ".pub") || base == "known_hosts" || base == "config" || base == "authorized_keys" {
			return ""
		}
		return "SSH keys (" + p + ")"
	case in(".aws"):
		if base == "config" {
			return ""
		}
		return "AWS credentials (" + p + ")"
	case in(".config/gcloud"), in(".azure"), in(".kube"), rest == ".docker/config.json", in(".docker"):
		return "cloud credentials (" + p + ")"
	case rest == ".netrc", rest == ".git-credentials", rest == ".npmrc", rest == ".pypirc", in(".config/gh"), rest == ".vault-token", in(".password-store"), in(".gnupg"):
		return "stored credentials (" + p + ")"
	case rest == ".claude/.credentials.json", rest == ".codex/auth.json", in(".config/github-copilot"):
		return "an agent's login (" + p + ")"
	case rest == ".bash_history", rest == ".zsh_history":
		return "the shell history (" + p + ")"
	}
	return ""
}

// expandPath writes a leading $NAME that holds a literal path as that
// path ($K with K=~/.ssh/id_rsa is ~/.ssh/id_rsa).
func (fl *flow) expandPath(p string) string {
	if len(p) < 2 || p[0] != '$' {
		return p
	}
	i := 1
	for i < len(p) && (p[i] == '_' || p[i] >= 'a' && p[i] <= 'z' || p[i] >= 'A' && p[i] <= 'Z' || p[i] >= '0' && p[i] <= '9') {
		i++
	}
	if v, ok := fl.paths[p[1:i]]; ok {
		return v + p[i:]
	}
	return p
}

// fileTaint is what reading the file at p yields.
func (fl *flow) fileTaint(p string) taint {
	if p == "" {
		return taint{}
	}
	p = fl.expandPath(p)
	if w := credPath(p); w != "" {
		return taint{what: w}
	}
	return fl.files[normPath(p)]
}

// Programs, by what they do with data.
var (
	// senders send their input or named data off the machine.
	senders = map[string]bool{"curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "socat": true, "telnet": true,
		"http": true, "https": true, "xh": true, "scp": true, "rsync": true, "sftp": true, "ftp": true, "ssh": true,
		"sendmail": true, "mail": true, "mailx": true, "mutt": true,
		"invoke-webrequest": true, "iwr": true, "invoke-restmethod": true, "irm": true}
	// stdinSenders send their standard input by default.
	stdinSenders = map[string]bool{"nc": true, "ncat": true, "netcat": true, "socat": true, "telnet": true, "http": true, "https": true,
		"xh": true, "ssh": true, "sendmail": true, "mail": true, "mailx": true, "mutt": true}
	// readers print (or pack) the files they are given, or their input.
	readers = map[string]bool{"cat": true, "tac": true, "base64": true, "base32": true, "xxd": true, "od": true, "hexdump": true,
		"head": true, "tail": true, "less": true, "more": true, "strings": true, "gzip": true, "bzip2": true, "xz": true, "zstd": true,
		"tar": true, "zip": true, "7z": true, "gpg": true, "openssl": true, "jq": true, "yq": true, "sed": true, "awk": true,
		"grep": true, "egrep": true, "fgrep": true, "rg": true, "cut": true, "sort": true, "uniq": true, "tr": true, "dd": true,
		"cp": true, "tee": true, "paste": true, "column": true, "nl": true, "rev": true, "find": true, "get-content": true, "gc": true, "type": true}
	// keepInput pass a hook's whole input on (the others cut it).
	keepInput = map[string]bool{"cat": true, "tee": true, "base64": true, "gzip": true, "xxd": true, "od": true, "tr": true}
	// wrappers run the command that follows them.
	wrappers = map[string]bool{"sudo": true, "exec": true, "command": true, "nohup": true, "time": true, "nice": true, "builtin": true, "doas": true, "setsid": true}
)

// callWords strips wrappers (sudo, env A=b, timeout 5, xargs) from a call.
// fromArgs is set when xargs turns standard input into arguments.
func callWords(args []*syntax.Word) (name string, rest []*syntax.Word, fromArgs bool) {
	for len(args) > 0 {
		n := strings.ToLower(path.Base(wordText(args[0])))
		switch {
		case wrappers[n]:
			args = skipFlags(args[1:])
			continue
		case n == "timeout":
			args = skipFlags(args[1:])
			if len(args) > 0 {
				args = args[1:]
			}
			continue
		case n == "env":
			rest := skipFlags(args[1:])
			for len(rest) > 0 && strings.Contains(wordText(rest[0]), "=") {
				rest = skipFlags(rest[1:])
			}
			if len(rest) == 0 {
				return "env", nil, fromArgs
			}
			args = rest
			continue
		case n == "xargs":
			fromArgs = true
			rest := args[1:]
			for len(rest) > 0 && strings.HasPrefix(wordText(rest[0]), "-") {
				f := wordText(rest[0])
				rest = rest[1:]
				if (f == "-I" || f == "-n" || f == "-L" || f == "-P" || f == "-d" || f == "-s" || f == "-E") && len(rest) > 0 {
					rest = rest[1:]
				}
			}
			args = rest
			continue
		}
		return n, args[1:], fromArgs
	}
	return "", nil, fromArgs
}

func skipFlags(args []*syntax.Word) []*syntax.Word {
	for len(args) > 0 && strings.HasPrefix(wordText(args[0]), "-") {
		args = args[1:]
	}
	return args
}

// dnsTools look a name up (and send it to a DNS server).
var dnsTools = map[string]bool{"nslookup": true, "dig": true, "drill": true, "resolvectl": true}

// codeFlags introduce code on an interpreter's command line.
var codeFlags = map[string]bool{"-c": true, "-e": true, "-E": true, "-r": true, "--eval": true, "-p": true, "--print": true, "-Command": true, "-command": true}

// interpreter reports whether name runs code given after one of codeFlags.
func interpreter(name string) bool {
	switch name {
	case "node", "nodejs", "deno", "bun", "perl", "ruby", "php", "pwsh", "powershell", "powershell.exe", "pwsh.exe":
		return true
	}
	return strings.HasPrefix(name, "python")
}

// shells run the string after -c as a command of their own.
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true}

func (fl *flow) call(c *syntax.CallExpr, stdin taint, depth int) taint {
	for _, a := range c.Assigns {
		fl.assign(a, stdin, depth)
	}
	if len(c.Args) == 0 {
		return taint{}
	}
	name, args, fromArgs := callWords(c.Args)
	if fromArgs && !stdin.empty() {
		// xargs: what came in is now the arguments.
		if senders[name] {
			fl.add(c.Pos(), stdin, name)
		}
		return stdin
	}
	switch {
	case name == "":
		return taint{}
	case senders[name]:
		fl.sender(c, name, args, stdin, depth)
		return taint{}
	case name == "git":
		fl.gitCall(c, args, stdin, depth)
		return taint{}
	case name == "env" && len(args) == 0, name == "printenv" && len(skipFlags(args)) == 0, name == "set" && len(args) == 0,
		name == "compgen" && len(args) == 1 && wordText(args[0]) == "-e", name == "get-childitem" && len(args) == 1 && strings.EqualFold(wordText(args[0]), "env:"):
		return taint{what: "the environment (" + name + ")"}
	case name == "printenv":
		var t taint
		for _, a := range skipFlags(args) {
			if n := wordText(a); secretVarName(n) {
				t = t.or(taint{what: "the secret in $" + n, secretVar: true})
			}
		}
		return t
	case name == "read":
		for _, a := range args {
			n := wordText(a)
			if !strings.HasPrefix(n, "-") && n != "" && !stdin.empty() {
				fl.vars[n] = stdin
			}
		}
		return taint{}
	case name == "openssl" && len(args) > 0 && wordText(args[0]) == "s_client":
		// s_client sends its standard input to the host it connects to.
		if !stdin.empty() && !stdin.secretVar {
			fl.add(c.Pos(), stdin, "openssl s_client")
		}
		return taint{}
	case dnsTools[name]:
		// A look-up whose name carries data sends it to the name's server.
		for _, a := range args {
			if t := fl.word(a, stdin, depth); !t.empty() {
				fl.add(c.Pos(), t, name+" (in a DNS name)")
			}
		}
		return taint{}
	case interpreter(name):
		// python3 -c '…', node -e '…': the code is read as other
		// languages are, one line at a time.
		for i, a := range args {
			if codeFlags[wordText(a)] && i+1 < len(args) {
				for _, l := range codeLeaks(wordText(args[i+1])) {
					l.line = fl.lineBase + int(c.Pos().Line())
					fl.out = append(fl.out, l)
				}
			}
		}
		return taint{}
	case shells[name]:
		for i, a := range args {
			if wordText(a) == "-c" && i+1 < len(args) && depth < flowDepth {
				if f, ok := parseShell(wordText(args[i+1])); ok {
					sub := &flow{vars: fl.vars, files: fl.files, paths: fl.paths, git: fl.git, lineBase: fl.lineBase + int(c.Pos().Line()) - 1}
					out := sub.stmts(f.Stmts, stdin, depth+1)
					fl.out = append(fl.out, sub.out...)
					return out
				}
			}
		}
		return taint{}
	case name == "echo" || name == "printf" || name == "write-output":
		var t taint
		for _, a := range args {
			t = t.or(fl.word(a, stdin, depth))
		}
		return t
	case readers[name]:
		var t taint
		files := false
		var plain []string
		for _, a := range args {
			text := wordText(a)
			t = t.or(fl.word(a, stdin, depth))
			if strings.HasPrefix(text, "-") && !strings.Contains(text, "=") {
				continue
			}
			if i := strings.Index(text, "="); i >= 0 && strings.HasPrefix(text, "if=") {
				text = text[i+1:]
			}
			if ft := fl.fileTaint(text); !ft.empty() {
				t = t.or(ft)
				files = true
			} else if text != "" && !strings.HasPrefix(text, "-") && strings.Trim(text, "0123456789") != "" {
				// (a number is a flag's value, head -c 60, not a file)
				plain = append(plain, text)
			}
		}
		if !files && (len(plain) == 0 || name == "jq" || name == "sed" || name == "awk" || name == "grep" || name == "tr" || name == "tee") {
			in := stdin
			if in.input && in.what == "" && !keepInput[name] && !(name == "jq" && jqIdentity(plain)) {
				in = taint{}
			}
			t = t.or(in)
		}
		// cp, tar, zip, tee write what they read to the other paths named.
		if !t.empty() && (name == "cp" || name == "tar" || name == "zip" || name == "7z" || name == "tee" || name == "gpg" || name == "openssl") {
			for _, p := range plain {
				fl.files[normPath(p)] = t
			}
		}
		return t
	}
	// Any other program: its output carries nothing we can follow, but an
	// argument that substitutes a command is still read.
	for _, a := range args {
		fl.word(a, stdin, depth)
	}
	return taint{}
}

func jqIdentity(args []string) bool {
	for _, a := range args {
		if a != "." {
			return false
		}
	}
	return true
}

// authFlags take a credential the sender uses to log in.
var authFlags = map[string]bool{"-u": true, "--user": true, "--oauth2-bearer": true, "--proxy-user": true, "-U": true, "--http-user": true, "--http-password": true, "--password": true}

// dataFlags take the body a sender uploads; their @file or - reads a file
// or standard input.
var dataFlags = map[string]bool{"-d": true, "--data": true, "--data-binary": true, "--data-raw": true, "--data-ascii": true, "--data-urlencode": true,
	"--json": true, "-F": true, "--form": true, "--form-string": true, "-T": true, "--upload-file": true,
	"--post-file": true, "--body-file": true, "--post-data": true, "--body-data": true, "-InFile": true, "-Body": true, "--infile": true}

// sender reports a secret reaching a sending program through its
// arguments, a file it uploads, or its standard input.
func (fl *flow) sender(c *syntax.CallExpr, name string, args []*syntax.Word, stdin taint, depth int) {
	readsStdin := stdinSenders[name]
	remote := false
	var creds taint
	for i := 0; i < len(args); i++ {
		a := args[i]
		text := wordText(a)
		flag, val, hasVal := strings.Cut(text, "=")
		if !strings.HasPrefix(text, "-") {
			flag, hasVal = "", false
		}
		prev := ""
		if i > 0 {
			prev = wordText(args[i-1])
		}
		t := fl.word(a, stdin, depth)
		auth := authFlags[prev] || authFlags[flag] ||
			((prev == "-H" || prev == "--header" || flag == "--header" || prev == "-Headers") && isAuthHeader(text)) ||
			strings.Contains(text, "://") || (prev == "" && i == 0 && !strings.HasPrefix(text, "-"))
		if !t.empty() && !(t.secretVar && auth) && !(t.input && t.what == "" && !dataFlags[prev] && !dataFlags[flag]) {
			fl.add(c.Pos(), t, name)
			return
		}
		// A body from a file: -d @file, -F name=@file, -T file, --post-file=file.
		body := ""
		switch {
		case dataFlags[prev] && (prev == "-T" || prev == "--upload-file" || prev == "--post-file" || prev == "--body-file" || prev == "-InFile" || prev == "--infile"):
			body = text
		case dataFlags[prev]:
			body = atFile(text)
		case hasVal && dataFlags[flag] && (flag == "--post-file" || flag == "--body-file" || flag == "--upload-file"):
			body = val
		case hasVal && dataFlags[flag]:
			body = atFile(val)
		case (name == "scp" || name == "rsync" || name == "sftp") && !strings.HasPrefix(text, "-"):
			if strings.Contains(text, ":") {
				remote = true
			} else if ft := fl.fileTaint(text); !ft.empty() {
				creds = creds.or(ft)
			}
		}
		if body == "-" || body == "/dev/stdin" || body == "/dev/fd/0" {
			readsStdin = true
			continue
		}
		if body != "" {
			if ft := fl.fileTaint(body); !ft.empty() {
				fl.add(c.Pos(), ft, name)
				return
			}
		}
	}
	if remote && !creds.empty() {
		fl.add(c.Pos(), creds, name)
		return
	}
	if readsStdin && !stdin.empty() && !stdin.secretVar {
		fl.add(c.Pos(), stdin, name)
	}
}

// atFile is the file a curl data value names: "@file", "name=@file",
// "name=<file" (the form's), "name@file" (--data-urlencode).
func atFile(v string) string {
	if strings.HasPrefix(v, "@") {
		return v[1:]
	}
	if i := strings.IndexAny(v, "=@"); i >= 0 {
		rest := v[i+1:]
		if v[i] == '@' {
			return rest
		}
		if strings.HasPrefix(rest, "@") || strings.HasPrefix(rest, "<") {
			return strings.SplitN(rest[1:], ";", 2)[0]
		}
	}
	return ""
}

func isAuthHeader(h string) bool {
	l := strings.ToLower(strings.TrimSpace(h))
	return strings.HasPrefix(l, "authorization:") || strings.HasPrefix(l, "proxy-authorization:")
}
