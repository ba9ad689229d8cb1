package rules

import (
	"path"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// S34 finds something that runs by itself (a hook, a task, a settings
// command, an MCP server's command, or the script one of them runs) that
// reads a credential store, the environment or a token variable and sends
// it off the machine. It is deterministic evidence: it forces COMPROMISED
// and, like every forcing rule, no approval clears it, so an approved
// script that turns into one fails `sentinel scan`, `run` and `pr`.
var S34 = &Rule{
	ID: "S34", Name: "Auto-run sends credentials away", Weight: 70, Effect: EffectForce, AutoRun: true,
	Impact: "Something that runs by itself reads your credentials or environment and sends them off your machine.",
	Fix:    "Remove the entry that runs it and rotate every credential it names; an approval does not cover this.",
	Check: func(r *Repo, rep *Report) {
		for _, l := range r.repoLeaks() {
			if !l.input {
				rep.Add(l.f)
			}
		}
	},
}

// S35 finds a tool or prompt hook that sends its whole event (every tool
// call's input, or every prompt) to another machine.
var S35 = &Rule{
	ID: "S35", Name: "Hook forwards every tool input", Weight: 70, Effect: EffectForce, AutoRun: true,
	Impact: "Every tool call or prompt (file contents, commands, what you type) is sent to another machine as it happens.",
	Fix:    "Remove the hook; if you want notifications, send a fixed message or one field, not the whole event.",
	Check: func(r *Repo, rep *Report) {
		for _, l := range r.repoLeaks() {
			if l.input {
				rep.Add(l.f)
			}
		}
	},
}

// repoLeak is one finding of S34 (a credential) or S35 (the hook's input).
type repoLeak struct {
	f     Finding
	input bool
}

// repoLeaks reads every command and script once for both rules.
func (r *Repo) repoLeaks() []repoLeak {
	if r.leaks != nil {
		return *r.leaks
	}
	var out []repoLeak
	eachLeak(r, func(l leak, path string, line int, msg, ev string, it *Item) {
		out = append(out, repoLeak{f: Finding{Path: path, Line: line, Message: msg, Evidence: ev, Subject: it}, input: l.input})
	})
	r.leaks = &out
	return out
}

// toolEvents are the hook events whose input is a tool call or a prompt,
// by agent (lower case): Claude Code, Gemini CLI, Cursor, Copilot,
// Windsurf, Codex, Kiro, Cline.
var toolEvents = map[string]bool{
	"pretooluse": true, "posttooluse": true, "posttoolusefailure": true, "userpromptsubmit": true, "permissionrequest": true,
	"beforetool": true, "aftertool": true, "beforeagent": true,
	"beforeshellexecution": true, "aftershellexecution": true, "beforemcpexecution": true, "aftermcpexecution": true,
	"beforereadfile": true, "afterfileedit": true, "beforesubmitprompt": true,
	"userpromptsubmitted": true,
	"pre_run_command":     true, "post_run_command": true, "pre_write_code": true, "post_write_code": true, "pre_read_code": true,
	"post_read_code": true, "pre_mcp_tool_use": true, "post_mcp_tool_use": true, "pre_user_prompt": true,
	"promptsubmit": true, "pretool": true, "posttool": true,
}

// isHook is an agent hook: its standard input is the event.
func isHook(a agentcfg.AutoRun) bool {
	return a.Type == "command" || a.Type == ""
}

// leakAdder receives a leak with where to report it.
type leakAdder func(l leak, path string, line int, msg, ev string, it *Item)

// firstOfEach passes on the first credential leak and the first input leak
// of ls.
func firstOfEach(ls []leak, add func(leak)) {
	var cred, input bool
	for _, l := range ls {
		if l.input && !input {
			input = true
			add(l)
		} else if !l.input && !cred {
			cred = true
			add(l)
		}
	}
}

// eachLeak reads every auto-run command, server command and script they
// run, once, and reports the first credential leak and the first input
// leak of each.
func eachLeak(r *Repo, add leakAdder) {
	done := map[string]bool{} // script path + whether its input is a tool event
	for _, a := range r.AutoRuns {
		if a.Type == "prompt" || a.Type == "agent" || a.Type == "http" || a.Type == "mcp_tool" || a.Type == "rule" {
			continue
		}
		input := isHook(a) && toolEvents[strings.ToLower(a.Event)]
		it := r.HookItem(a)
		firstOfEach(shellLeaks(a.Command, input), func(l leak) {
			add(l, a.Source, a.Line, leakMessage(l, describe(a)), a.Command, &it)
		})
		// What the command line's runner loads (a Makefile, package.json
		// scripts, a virtualenv's *.pth files: runners.go) runs with the
		// hook's input too.
		deps, _ := r.ScriptDeps(cmdKey(a.Command))
		for _, q := range deps {
			k := q
			if input {
				k += "\x00input"
			}
			if done[k] {
				continue
			}
			done[k] = true
			s := r.File(q)
			if s == nil {
				continue
			}
			if sh, ok := runnerShell(s); ok {
				// A Makefile's recipes, package.json's scripts: shell.
				text := scriptText(s)
				firstOfEach(shellLeaks(sh, input), func(l leak) {
					ev := strings.TrimSpace(lineText(sh, lineOffset(sh, l.line)))
					add(l, s.Path, lineOf(text, ev), leakMessage(l, "a command in "+s.Path+", run by the command of "+a.Source), strings.Clone(ev), nil)
				})
				continue
			}
			scriptLeaks(s, input, "loaded by the command of "+a.Source, add)
		}
		for _, t := range a.Targets {
			key := t.Path
			if input {
				key += "\x00input"
			}
			if t.Outside || done[key] {
				continue
			}
			done[key] = true
			if s := r.File(t.Path); s != nil {
				scriptLeaks(s, input, "run by "+a.Source, add)
			}
			// The files it sources, imports or names as its interpreter
			// run with its input too.
			deps, _ := r.ScriptDeps(t.Path)
			for _, q := range deps {
				k := q
				if input {
					k += "\x00input"
				}
				if done[k] {
					continue
				}
				done[k] = true
				if s := r.File(q); s != nil {
					scriptLeaks(s, input, "loaded by "+t.Path+", run by "+a.Source, add)
				}
			}
		}
	}
	for _, s := range r.Servers {
		if s.Command == "" {
			continue
		}
		it := r.ServerItem(s)
		line := serverCommandLine(s.Command, s.Args)
		firstOfEach(shellLeaks(line, false), func(l leak) {
			add(l, s.Source, s.Line, leakMessage(l, "MCP server \""+s.Name+"\""), clip(line, 200), &it)
		})
		for _, t := range s.Targets {
			if t.Outside || done[t.Path] {
				continue
			}
			done[t.Path] = true
			if f := r.File(t.Path); f != nil {
				scriptLeaks(f, false, "started as MCP server \""+s.Name+"\" by "+s.Source, add)
			}
			deps, _ := r.ScriptDeps(t.Path)
			for _, q := range deps {
				if done[q] {
					continue
				}
				done[q] = true
				if f := r.File(q); f != nil {
					scriptLeaks(f, false, "loaded by "+t.Path+", started as MCP server \""+s.Name+"\" by "+s.Source, add)
				}
			}
		}
	}
}

func leakMessage(l leak, where string) string {
	if l.input {
		return "forwards the hook's whole input (every tool call) to another machine with " + l.via + ": " + where
	}
	return "sends " + l.what + " off the machine with " + l.via + ": " + where
}

// scriptLeaks reads one script: shell through the parser, any other
// language line by line.
func scriptLeaks(f *discover.File, input bool, by string, add leakAdder) {
	text := scriptText(f)
	lower := asciiLower(text)
	if !containsAny(lower, sendWords) {
		return
	}
	var found []leak
	if isShellScript(f.Path, text) {
		found = shellLeaks(text, input)
	} else if containsAny(lower, codeSecretWords) {
		found = codeLeaksLower(text, lower)
	}
	firstOfEach(found, func(l leak) {
		add(l, f.Path, l.line, leakMessage(l, "a script "+by), strings.Clone(lineText(text, lineOffset(text, l.line))), nil)
	})
}

// sendWords are, in lower case, words every leak's sender holds: a
// shell sender, a /dev/tcp redirection, or the network calls codeLeaks
// reads. A script without one of them sends nothing away (FuzzShellLeaks
// holds the readings to this).
var sendWords = []string{"curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "http", "xh", "scp", "rsync", "sftp", "ftp",
	"ssh", "mail", "mutt", "invoke-", "iwr", "irm", "/dev/tcp", "/dev/udp", "fetch(", "axios", "request", "urllib", "httpx", "net::http", "socket.",
	"s_client", "nslookup", "dig ", "drill ", "resolvectl", "push"}

// codeSecretWords are, in lower case, words every match of reCodeSecret
// holds.
var codeSecretWords = []string{".ssh", ".aws", "netrc", "git-credentials", "docker", "kube", "gcloud", "process.env", "environ", "env.to_h", "env:"}

// isShellScript: a shell extension, or none and a shell's #! line.
func isShellScript(p, text string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".sh", ".bash", ".zsh", ".ksh", ".dash":
		return true
	case "":
		first, _, _ := strings.Cut(text, "\n")
		return !strings.HasPrefix(first, "#!") || strings.Contains(first, "sh")
	}
	return false
}

func lineOffset(text string, line int) int {
	off := 0
	for i := 1; i < line; i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return off
		}
		off += j + 1
	}
	return off
}

// In other languages (Python, JavaScript, PowerShell, Ruby), one line that
// both names a credential store or the whole environment and sends data
// away: requests.post(url, data=open(os.path.expanduser("~/.ssh/id_rsa"))),
// fetch(url, {body: JSON.stringify(process.env)}).
var (
	reCodeSecret = lazyre.New(`(?i)(?:~|\$home|\$env:userprofile|homedir\(\)[^\n]{0,20}|expanduser\(["']~)[/\\]?(?:["'],\s*["'])?\.(?:ssh[/\\](?:id_|\*)|aws[/\\]credentials|aws\b|netrc|git-credentials|docker[/\\]config\.json|kube[/\\]config|config[/\\]gcloud)` +
		`|\bJSON\.stringify\(\s*process\.env\s*\)|\bdict\(\s*os\.environ\s*\)|\bos\.environ\.copy\(\)|json\.dumps\(\s*(?:dict\()?os\.environ\b|\bENV\.to_h\b|Get-ChildItem\s+env:`)
	reCodeSend = lazyre.New(`(?i)\bfetch\(|\baxios\.(?:post|put)\b|\bhttps?\.request\(|\brequests\.(?:post|put)\b|\burllib\.request\b|\bhttpx\.(?:post|put)\b|\bInvoke-(?:WebRequest|RestMethod)\b|\bNet::HTTP\.post|\bsocket\.(?:send|sendall)\(`)
)

func codeLeaks(text string) []leak { return codeLeaksLower(text, asciiLower(text)) }

// codeLeaksLower is codeLeaks with text's ASCII letters in lower case
// (same length): the expressions run only on lines that hold both a
// secret word and a send word.
func codeLeaksLower(text, lower string) []leak {
	var out []leak
	line, start := 0, 0
	for start <= len(text) {
		line++
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		ll := lower[start:end]
		if end-start <= 4000 && containsAny(ll, codeSecretWords) && containsAny(ll, sendWords) {
			l := text[start:end]
			if m := reCodeSecret.FindString(l); m != "" {
				if s := reCodeSend.FindString(l); s != "" {
					what := "credentials (" + clip(m, 60) + ")"
					if lm := strings.ToLower(m); strings.Contains(lm, "environ") || strings.Contains(lm, "process.env") || strings.Contains(lm, "env:") || strings.Contains(lm, "env.to_h") {
						what = "the environment (" + clip(m, 60) + ")"
					}
					out = append(out, leak{line: line, what: what, via: strings.TrimSuffix(s, "(")})
				}
			}
		}
		start = end + 1
	}
	return out
}

// asciiLower is s with ASCII letters in lower case, the same length.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
