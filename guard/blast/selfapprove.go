package blast

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// personOnly lists the sentinel commands that record a person's decision
// (approving a paused tool call, a changed tool, a hook or a lock, trusting
// a key, removing the gate itself) or list the IDs a person decides on. An
// agent that could run them could approve its own actions.
var personOnly = []struct {
	words []string // subcommand words after the program
	flag  string   // when set, only with this flag
	what  string
}{
	{[]string{"mcp", "allow"}, "", "approve a paused tool call or a changed tool"},
	{[]string{"mcp", "deny"}, "", "decide on a paused tool call or a changed tool"},
	{[]string{"mcp", "approve"}, "", "approve a paused tool call or a changed tool"},
	{[]string{"mcp", "approvals"}, "", "list the approval IDs waiting for a person"},
	{[]string{"mcp", "queue"}, "", "list the approval IDs waiting for a person"},
	{[]string{"mcp", "policy"}, "", "change the MCP gate's policy"},
	{[]string{"approve"}, "", "approve hooks, tasks and tool servers in AGENTS.lock"},
	{[]string{"init"}, "--approve-all", "approve everything in AGENTS.lock"},
	{[]string{"sign"}, "", "sign AGENTS.lock"},
	{[]string{"keygen"}, "", "create the signing key"},
	{[]string{"apikey"}, "", "set, show or remove the sandbox's model key"},
	{[]string{"verify"}, "--accept-key", "trust a new signing key"},
	{[]string{"hook", "uninstall"}, "", "remove Sentinel's hooks"},
	{[]string{"hook", "install"}, "--binary", "point Sentinel's hooks at another program"},
}

// maxScriptDepth bounds how deep scripts handed to shells are followed.
const maxScriptDepth = 8

// SelfApproval reports whether a shell command runs a sentinel command that
// only a person may run, and says which. The command is parsed and every
// word resolved as the shell would (quotes, backslashes, $'...' strings,
// braces); each simple command is judged by its argument vector, whatever
// its program is called, and scripts handed to shells, eval or a pipe into
// a shell are read the same way. A command that cannot be parsed is judged
// by its words, failing closed.
func SelfApproval(cmd string) (string, bool) {
	return selfApproval(cmd, 0)
}

func selfApproval(cmd string, depth int) (string, bool) {
	if depth > maxScriptDepth {
		// Scripts nested this deep are not read: fail closed when they
		// name a decision at all.
		return unparsedDecision(cmd)
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return unparsedDecision(cmd)
	}
	var what string
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *syntax.Stmt:
			what, found = stmtScripts(n, depth)
		case *syntax.BinaryCmd:
			what, found = pipedScript(n, depth)
		case *syntax.CallExpr:
			args := resolveArgs(n.Args)
			what, found = decisionCall(args)
			if !found {
				what, found = innerScripts(args, depth)
			}
		}
		return !found
	})
	return what, found
}

// word is one argument after the shell's quote removal; opaque when part of
// it is only known at run time (a variable, a command substitution).
type word struct {
	s      string
	opaque bool
}

func resolveArgs(ws []*syntax.Word) []word {
	args := make([]word, 0, len(ws))
	for _, w := range ws {
		args = append(args, resolveWord(w)...)
	}
	return args
}

// resolveWord is the words w becomes after brace expansion and quote
// removal.
func resolveWord(w *syntax.Word) []word {
	c := *w
	if syntax.SplitBraces(&c) {
		if out, ok := braceResolved(c.Parts); ok {
			return out
		}
	}
	s, opaque := resolveParts(w.Parts)
	return []word{{s, opaque}}
}

func braceResolved(parts []syntax.WordPart) ([]word, bool) {
	out := []word{{}}
	for _, part := range parts {
		var alts []word
		if be, ok := part.(*syntax.BraceExp); ok && !be.Sequence {
			for _, e := range be.Elems {
				sub, ok := braceResolved(e.Parts)
				if !ok {
					return nil, false
				}
				alts = append(alts, sub...)
			}
		} else {
			s, opaque := resolveParts([]syntax.WordPart{part})
			alts = []word{{s, opaque}}
		}
		if len(out)*len(alts) > maxBraceWords {
			return nil, false
		}
		next := make([]word, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				next = append(next, word{o.s + a.s, o.opaque || a.opaque})
			}
		}
		out = next
	}
	return out, true
}

func resolveParts(parts []syntax.WordPart) (string, bool) {
	var b strings.Builder
	opaque := false
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescapeLit(p.Value))
		case *syntax.SglQuoted:
			if p.Dollar {
				// $'\x73entinel' is sentinel.
				s, _, _ := expand.Format(nil, p.Value, nil)
				s, _, _ = strings.Cut(s, "\x00")
				b.WriteString(s)
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			s, o := resolveDouble(p.Parts)
			b.WriteString(s)
			opaque = opaque || o
		default:
			printPart(&b, part)
			opaque = true
		}
	}
	return b.String(), opaque
}

// resolveDouble removes the backslashes a double-quoted string removes.
func resolveDouble(parts []syntax.WordPart) (string, bool) {
	var b strings.Builder
	opaque := false
	for _, part := range parts {
		l, ok := part.(*syntax.Lit)
		if !ok {
			printPart(&b, part)
			opaque = true
			continue
		}
		s := l.Value
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
				i++
				if s[i] == '\n' {
					continue
				}
			}
			b.WriteByte(s[i])
		}
	}
	return b.String(), opaque
}

// decisionCall judges one simple command by its argument vector. A
// subcommand of two words (`mcp allow`) or with its telling flag (`verify
// --accept-key`) is a decision after any word; a one-word subcommand
// (`approve`, `sign`, `keygen`) is one after a program word that may be
// Sentinel: named sentinel, computed at run time, a path, find's {} or an
// unknown name where a program runs.
func decisionCall(args []word) (string, bool) {
	progs := programPositions(args)
	xargs := false
	for i, a := range args {
		if progs[i] && !a.opaque && stdinArgs[programBase(a.s)] {
			xargs = true
		}
	}
	if xargs {
		// xargs adds the words it reads to the command it runs.
		args = append(append([]word(nil), args...), word{"<words read by xargs>", true})
		progs = append(progs, false)
	}
	for i := 1; i < len(args); i++ {
		prev := args[i-1]
		if !prev.opaque && strings.HasPrefix(prev.s, "-") {
			continue
		}
		rest := args[i:]
		// `sentinel $CMD`, `sentinel mcp $(echo allow) ID`, `... | xargs
		// sentinel`: a subcommand only known when it runs may be a decision.
		if isSentinelName(prev.s) && !prev.opaque || xargs && progs[i-1] && (prev.opaque || strings.ContainsAny(prev.s, `/\`) && !benignPrograms[programBase(prev.s)]) {
			if what, ok := opaqueDecision(rest); ok {
				return what, true
			}
		}
		for _, p := range personOnly {
			if !hasWords(rest, p.words) {
				continue
			}
			if p.flag != "" && !hasLongFlag(rest[len(p.words):], p.flag) {
				continue
			}
			distinct := len(p.words) > 1 || p.flag != ""
			if !distinct && !mayBeSentinel(prev, progs[i-1]) {
				continue
			}
			return "sentinel " + strings.Join(p.words, " ") + " (" + p.what + ")", true
		}
	}
	return "", false
}

// stdinArgs are programs that add the words they read to a command.
var stdinArgs = map[string]bool{"xargs": true, "parallel": true}

// opaqueDecision reports whether args, the words after a program that may
// be Sentinel, may still spell a decision once a word only known at run
// time is expanded: the plain words before it begin a decision subcommand.
func opaqueDecision(args []word) (string, bool) {
	var plain []string
	for _, a := range args {
		if a.opaque {
			for _, p := range personOnly {
				if len(plain) > len(p.words) || len(plain) == len(p.words) && p.flag == "" {
					continue
				}
				if slices.Equal(plain, p.words[:len(plain)]) {
					return "sentinel " + strings.Join(append(plain, a.s), " ") + " (may be a person's decision once expanded: " + p.what + ")", true
				}
			}
			return "", false
		}
		if !strings.HasPrefix(a.s, "-") {
			plain = append(plain, a.s)
		}
	}
	return "", false
}

// mayBeSentinel reports whether w, the word before a one-word decision,
// could be the sentinel program.
func mayBeSentinel(w word, programPos bool) bool {
	if w.opaque || isSentinelName(w.s) || w.s == "{}" {
		return true
	}
	base := programBase(w.s)
	if strings.ContainsAny(w.s, `/\*?[`) || w.s == "." || w.s == ".." {
		return !benignPrograms[base] // a renamed copy, a package path, a glob
	}
	return programPos && !benignPrograms[base]
}

// isSentinelName reports whether a word names Sentinel: its program, its
// package (`go run github.com/sentinel-sec/sentinel/cmd/sentinel@latest`),
// in any case (macOS and Windows find SENTINEL as sentinel).
func isSentinelName(s string) bool {
	return strings.Contains(strings.ToLower(strings.ReplaceAll(s, `\`, "")), "sentinel")
}

func programBase(s string) string {
	b := strings.ToLower(path.Base(strings.ReplaceAll(s, `\`, "/")))
	return strings.TrimSuffix(b, ".exe")
}

// benignPrograms are programs with an `approve`, `sign` or `keygen`
// subcommand of their own, or that take such a word as plain data (`grep
// sign`, `make sign`). A renamed copy of Sentinel under one of these names is
// not seen here; the terminal confirmation of every decision command is the
// boundary that holds then.
var benignPrograms = map[string]bool{
	"cosign": true, "notation": true, "apksigner": true, "signtool": true, "jarsigner": true,
	"gitsign": true, "minisign": true, "signify": true, "nebula-cert": true, "step": true,
	"vault": true, "gpg": true, "gpg2": true, "age": true, "openssl": true, "kubectl": true,
	"oc": true, "glab": true, "gh": true, "git": true, "npm": true, "pnpm": true, "yarn": true,
	"bun": true, "helm": true, "docker": true, "podman": true, "sq": true, "rpm": true,
	"debsign": true, "osslsigncode": true, "codesign": true, "xcrun": true, "sbsign": true,
	"make": true, "just": true, "task": true, "ninja": true, "rake": true, "mage": true,
	"echo": true, "printf": true, "cat": true, "grep": true, "egrep": true, "fgrep": true,
	"rg": true, "ag": true, "ack": true, "ls": true, "cd": true, "mkdir": true, "rmdir": true,
	"touch": true, "rm": true, "cp": true, "mv": true, "ln": true, "fd": true, "sed": true,
	"awk": true, "head": true, "tail": true, "less": true, "more": true, "wc": true, "sort": true,
	"diff": true, "file": true, "stat": true, "test": true, "[": true, "man": true, "help": true,
	"which": true, "type": true, "whereis": true, "tldr": true, "code": true, "vim": true,
	"nvim": true, "nano": true, "emacs": true, "open": true, "tree": true, "du": true, "chmod": true,
	"chown": true, "tar": true, "zip": true, "unzip": true, "curl": true, "wget": true,
}

// wrappers run the rest of their arguments as a command. The value is the
// short options that take a value.
var wrappers = map[string]string{
	"sudo": "ugCDhpRrTt", "doas": "uC", "env": "uCS", "nohup": "", "exec": "a",
	"command": "", "builtin": "", "time": "fo", "nice": "n", "ionice": "cnp",
	"stdbuf": "ioe", "timeout": "sk", "setsid": "", "chronic": "", "unbuffer": "",
	"caffeinate": "tw", "taskset": "", "chrt": "", "strace": "eoOpPsSuU", "ltrace": "eoOpPsSuU",
	"flock": "wEc", "xargs": "aEedIiLlnPs", "watch": "nd", "busybox": "", "npx": "p",
	"pnpx": "", "bunx": "", "uvx": "", "proxychains": "f", "proxychains4": "f", "firejail": "",
	"torsocks": "", "runuser": "ugc", "su": "cgGs", "pkexec": "", "script": "cEIOT",
	"parallel": "j", "entr": "", "chroot": "", "unshare": "", "nsenter": "tS", "systemd-run": "pu",
	"ssh-agent": "", "dbus-run-session": "", "xvfb-run": "as", "catchsegv": "", "valgrind": "",
	"gtimeout": "sk", "gnice": "n", "arch": "", "rosetta": "", "wine": "", "uv": "", "poetry": "",
	"pipenv": "", "bundle": "", "cargo": "", "go": "",
}

// programPositions marks the words where a program runs: the first word
// after variable assignments and wrapper commands (`sudo`, `env`, `nohup`,
// `timeout 5`, `xargs -I{}`, `go run PKG`), and the word after find's -exec.
func programPositions(args []word) []bool {
	pos := make([]bool, len(args))
	i := 0
	for i < len(args) {
		pos[i] = true
		name := programBase(args[i].s)
		opts, ok := wrappers[name]
		if !ok || args[i].opaque {
			break
		}
		i++
		switch name {
		case "go", "cargo", "uv", "poetry", "pipenv", "bundle":
			// `go run PKG`, `cargo run`, `uv run`, `bundle exec`.
			if i < len(args) && (args[i].s == "run" || args[i].s == "exec" || args[i].s == "tool") {
				i++
			}
		}
		i = skipWrapperArgs(args, i, opts, positionals[name])
	}
	for i, a := range args {
		if !a.opaque && i+1 < len(args) {
			switch a.s {
			case "-exec", "-execdir", "-ok", "-okdir":
				pos[i+1] = true
			}
		}
	}
	return pos
}

// positionals are the wrappers' arguments before the command they run
// (`flock FILE`, `taskset MASK`, `chroot DIR`).
var positionals = map[string]int{"flock": 1, "taskset": 1, "chrt": 1, "chroot": 1}

// skipWrapperArgs skips a wrapper's options, NAME=VALUE settings, durations
// and n positional arguments, returning the index of the command it runs.
func skipWrapperArgs(args []word, i int, opts string, n int) int {
	for i < len(args) {
		a := args[i]
		switch {
		case a.opaque:
			return i
		case a.s == "--":
			return i + 1
		case strings.HasPrefix(a.s, "-") && len(a.s) > 1:
			i++
			if !strings.HasPrefix(a.s, "--") && len(a.s) == 2 && strings.ContainsRune(opts, rune(a.s[1])) {
				i++ // the option's value
			}
		case strings.Contains(a.s, "=") && !strings.ContainsAny(a.s, "/ "):
			i++ // env NAME=VALUE
		case isDurationLike(a.s):
			i++ // timeout 5s, nice 10
		case n > 0:
			n--
			i++
		default:
			return i
		}
	}
	return i
}

func isDurationLike(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	s = strings.TrimRight(s, "smhd")
	for _, c := range s {
		if (c < '0' || c > '9') && c != '.' && c != ',' && c != 'x' && c != 'f' {
			return false
		}
	}
	return true
}

// shells run a script given with -c (or an option cluster ending in c).
var shells = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true, "ash": true,
	"fish": true, "busybox": true, "script": true, "su": true, "runuser": true, "tcsh": true,
	"csh": true, "yash": true, "pwsh": true, "powershell": true, "cmd": true, "nu": true,
	"elvish": true, "xonsh": true, "rc": true, "es": true,
}

// codeInterpreters run a program given with -c or -e; it is read as a shell
// script, which for a program calling system("sentinel approve") does not
// parse and is judged by its words.
var codeInterpreters = map[string]bool{
	"python": true, "python3": true, "python2": true, "perl": true, "ruby": true, "node": true,
	"nodejs": true, "deno": true, "bun": true, "php": true, "lua": true, "tclsh": true,
	"osascript": true,
}

// innerScripts reads the scripts one command hands to a shell: `sh -c
// SCRIPT` and its cousins (busybox sh -c, fish -c, script -c, su -c), any
// program's `-c SCRIPT`, `eval WORDS`, `watch WORDS`, `env -S WORDS` and the
// code an interpreter runs (`python -c`, `perl -e`).
func innerScripts(args []word, depth int) (string, bool) {
	pos := programPositions(args)
	shell, interp := false, false
	for i, a := range args {
		name := programBase(a.s)
		if pos[i] && !a.opaque {
			shell = shell || shells[name]
			interp = interp || codeInterpreters[name]
		}
		if a.opaque || i+1 >= len(args) {
			continue
		}
		next := args[i+1].s
		switch {
		case pos[i] && (name == "eval" || name == "watch"):
			var rest []string
			for _, r := range args[i+1:] {
				if !strings.HasPrefix(r.s, "-") || rest != nil {
					rest = append(rest, r.s)
				}
			}
			if w, ok := selfApproval(strings.Join(rest, " "), depth+1); ok {
				return w, true
			}
		case pos[i] && launchers[name]:
			// `ssh host 'sentinel approve'`, `tmux new-window '...'`: each
			// word, and all of them together, may be a command line.
			start := i + 1
			if name == "ssh" {
				start = skipWrapperArgs(args, i+1, "BbcDEeFIiJLlmOoPpQRSWw", 1)
			}
			var rest []string
			for _, r := range args[start:] {
				rest = append(rest, r.s)
				if strings.ContainsAny(r.s, " \t;&|") {
					if w, ok := selfApproval(r.s, depth+1); ok {
						return w, true
					}
				}
			}
			if w, ok := selfApproval(strings.Join(rest, " "), depth+1); ok {
				return w, true
			}
		case a.s == "-c" || a.s == "--command" || strings.EqualFold(a.s, "-command") ||
			strings.EqualFold(a.s, "/c") || a.s == "-S" || a.s == "--split-string" ||
			shell && isOptCluster(a.s, 'c') ||
			interp && (a.s == "-e" || a.s == "-E" || a.s == "--eval" || a.s == "-r" || isOptCluster(a.s, 'e')):
			if w, ok := selfApproval(next, depth+1); ok {
				return w, true
			}
			if interp {
				// A program's code is not a shell script even when it
				// parses as one: its words are read too.
				if w, ok := unparsedDecision(next); ok {
					return w, true
				}
			}
		}
	}
	return "", false
}

// launchers run a command line given as words, on another machine or in
// another terminal or later: ssh, terminal multiplexers, at.
var launchers = map[string]bool{
	"ssh": true, "tmux": true, "screen": true, "zellij": true, "byobu": true,
	"at": true, "batch": true, "systemd-run": true, "flatpak-spawn": true,
}

func isOptCluster(s string, c byte) bool {
	return len(s) > 1 && s[0] == '-' && s[1] != '-' && strings.IndexByte(s[1:], c) >= 0 && !strings.ContainsAny(s, "=/")
}

// stmtScripts reads here-documents and here-strings given to a shell or an
// interpreter (`bash <<EOF`, `sh <<< "..."`).
func stmtScripts(s *syntax.Stmt, depth int) (string, bool) {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || !readsScript(call) {
		return "", false
	}
	for _, r := range s.Redirs {
		if r.Op != syntax.Hdoc && r.Op != syntax.DashHdoc && r.Op != syntax.WordHdoc {
			continue
		}
		w := r.Hdoc
		if r.Op == syntax.WordHdoc {
			w = r.Word
		}
		if w == nil {
			continue
		}
		s, _ := resolveParts(w.Parts)
		if what, ok := selfApproval(s, depth+1); ok {
			return what, true
		}
	}
	return "", false
}

// readsScript reports whether a command is a shell or an interpreter, which
// runs what it reads on standard input.
func readsScript(call *syntax.CallExpr) bool {
	args := resolveArgs(call.Args)
	pos := programPositions(args)
	for i, a := range args {
		if pos[i] && (a.opaque || shells[programBase(a.s)] || codeInterpreters[programBase(a.s)] || programBase(a.s) == "at" || programBase(a.s) == "batch") {
			return true
		}
	}
	return false
}

// pipedScript reads what is piped into a shell: `echo "sentinel approve" |
// sh` runs the words echo prints.
func pipedScript(b *syntax.BinaryCmd, depth int) (string, bool) {
	if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
		return "", false
	}
	y, ok := b.Y.Cmd.(*syntax.CallExpr)
	if !ok || !readsScript(y) {
		return "", false
	}
	var texts []string
	syntax.Walk(b.X, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			args := resolveArgs(c.Args)
			var ws []string
			for _, a := range args[min(1, len(args)):] {
				ws = append(ws, a.s)
			}
			texts = append(texts, strings.Join(ws, " "))
		}
		return true
	})
	for _, t := range texts {
		// printf's escapes are the format's: `printf 'sentinel\x20approve'`.
		if f, _, err := expand.Format(nil, t, nil); err == nil {
			t = f
		}
		if what, ok := selfApproval(t, depth+1); ok {
			return what, true
		}
	}
	return "", false
}

// unparsedDecision judges a command that does not parse by its words, with
// quotes and backslashes taken out: a decision subcommand after a word that
// names Sentinel, or `mcp` followed by a decision word, is denied.
func unparsedDecision(cmd string) (string, bool) {
	clean := strings.NewReplacer(`\`, "", `'`, "", `"`, "").Replace(cmd)
	fields := strings.FieldsFunc(clean, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.@/-~", r))
	})
	named := false
	for _, f := range fields {
		if isSentinelName(f) {
			named = true
		}
	}
	for i := 0; i+1 < len(fields); i++ {
		a, b := strings.ToLower(fields[i]), strings.ToLower(fields[i+1])
		if a == "mcp" {
			switch b {
			case "allow", "deny", "approve", "approvals", "queue", "policy":
				return "sentinel mcp " + b + " (a person's decision)", true
			}
		}
	}
	if !named {
		return "", false
	}
	for _, f := range fields {
		switch strings.ToLower(f) {
		case "approve", "allow", "deny", "approvals", "sign", "keygen", "apikey", "--accept-key", "uninstall", "--approve-all", "--binary":
			return "sentinel " + strings.ToLower(f) + " (a person's decision)", true
		}
	}
	return "", false
}

// hasWords reports whether args begin with words, skipping global flags.
func hasWords(args []word, words []string) bool {
	var plain []string
	for _, a := range args {
		if a.opaque {
			return false
		}
		if !strings.HasPrefix(a.s, "-") {
			plain = append(plain, a.s)
		}
		if len(plain) == len(words) {
			break
		}
	}
	if len(plain) < len(words) {
		return false
	}
	for i, w := range words {
		if plain[i] != w {
			return false
		}
	}
	return true
}

func hasLongFlag(args []word, flag string) bool {
	for _, a := range args {
		if a.s == flag || strings.HasPrefix(a.s, flag+"=") {
			return true
		}
	}
	return false
}

// IsShellTool reports whether toolName runs a shell command line.
func IsShellTool(toolName string) bool { return toolKinds[toolKey(toolName)] == kindShell }
