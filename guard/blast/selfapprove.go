package blast

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/sentinel-sec/sentinel/internal/ascii"
)

// personOnly lists the sentinel commands that record a person's decision:
// approving a paused tool call, a changed tool, a hook or a lock, trusting a
// key, or removing the gate itself. An agent that could run them could
// approve its own actions.
var personOnly = []struct {
	words []string // subcommand words after "sentinel"
	flag  string   // when set, only with this flag
	what  string
}{
	{[]string{"mcp", "allow"}, "", "approve a paused tool call or a changed tool"},
	{[]string{"approve"}, "", "approve hooks, tasks and tool servers in AGENTS.lock"},
	{[]string{"init"}, "--approve-all", "approve everything in AGENTS.lock"},
	{[]string{"sign"}, "", "sign AGENTS.lock"},
	{[]string{"keygen"}, "", "create the signing key"},
	{[]string{"verify"}, "--accept-key", "trust a new signing key"},
	{[]string{"hook", "uninstall"}, "", "remove Sentinel's hooks"},
	{[]string{"hook", "install"}, "--binary", "point Sentinel's hooks at another program"},
}

// SelfApproval reports whether a shell command runs a sentinel command that
// only a person may run, and says which. A command that cannot be parsed is
// judged by its words, failing closed.
func SelfApproval(cmd string) (string, bool) {
	// Case-insensitive: macOS and Windows find SENTINEL as sentinel.
	if !containsFold(cmd, "sentinel") {
		return "", false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return personOnlyCall(strings.Fields(cmd))
	}
	var what string
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if found {
			return false
		}
		c, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		args := make([]string, 0, len(c.Args))
		for _, w := range c.Args {
			args = append(args, wordStrings(w)...)
		}
		what, found = personOnlyCall(args)
		if !found {
			// A script handed to a shell or to eval is read the same way.
			what, found = innerScript(args)
		}
		return !found
	})
	return what, found
}

// containsFold reports whether s contains the lower-case ASCII word w in
// any case, without copying s. Like ascii.HasFoldPrefix it may say yes for
// a near miss, which only costs the parse that decides.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if ascii.HasFoldPrefix(s[i:], w) {
			return true
		}
	}
	return false
}

// innerScript checks the script of `sh -c SCRIPT` (bash, zsh, ...) and of
// `eval WORDS`.
func innerScript(args []string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	switch path.Base(args[0]) {
	case "eval":
		return SelfApproval(strings.Join(args[1:], " "))
	case "sh", "bash", "zsh", "dash", "ksh":
		for i := 1; i+1 < len(args); i++ {
			if args[i] == "-c" || (strings.HasPrefix(args[i], "-") && strings.HasSuffix(args[i], "c") && !strings.HasPrefix(args[i], "--")) {
				return SelfApproval(args[i+1])
			}
		}
	}
	return "", false
}

// personOnlyCall checks one command's words, looking through the prefixes
// that run another command (sudo, env, exec, nohup, timeout, ...).
func personOnlyCall(args []string) (string, bool) {
	for i, a := range args {
		name := strings.ToLower(strings.Trim(path.Base(strings.ReplaceAll(a, `\`, "/")), `"'`))
		if name != "sentinel" && name != "sentinel.exe" {
			continue
		}
		rest := args[i+1:]
		for _, p := range personOnly {
			if !hasWords(rest, p.words) {
				continue
			}
			if p.flag != "" && !hasLongFlag(rest[len(p.words):], p.flag) {
				continue
			}
			return "sentinel " + strings.Join(p.words, " ") + " (" + p.what + ")", true
		}
	}
	return "", false
}

// hasWords reports whether args begin with words, skipping global flags.
func hasWords(args, words []string) bool {
	var plain []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			plain = append(plain, a)
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

func hasLongFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == flag || strings.HasPrefix(a, flag+"=") {
			return true
		}
	}
	return false
}

// IsShellTool reports whether toolName runs a shell command line.
func IsShellTool(toolName string) bool { return toolKinds[toolKey(toolName)] == kindShell }
