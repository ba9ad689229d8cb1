package rules

import (
	"strings"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// This file holds what the rules of issue #21 (plain attacks: S37–S42 and
// the wider readings of S5, S12, S13, S21 and S24) share: their prefilter
// groups, and the reading of a section whose heading says it describes
// attacks instead of giving orders.

// Prefilter groups of the plain readings. Each is one guard group (the
// groups are 64 in all): literals that every match of the readings that
// need the group holds one of.
var (
	// gRemote: a place off the machine named in words ("our server",
	// "the external collector"), a source of indirect instructions (an
	// issue, an email, a database record), and data that is not a
	// credential but leaves the machine all the same (clipboard,
	// screenshots, shell history, git log, the whole repository).
	gRemote = guardGroup(remoteLits...)
	// gRaw: raw network channels (reverse shells, /dev/tcp, socat, DNS
	// look-ups, the environment piped to the network).
	gRaw = guardGroup("/dev/tcp", "/dev/udp", "socat", "nslookup", "dig ", "drill ", "mkfifo", "/proc/self/environ", "printenv", "$(env", "`env`", "environ", "env |", "env|",
		"-e /bin", "-e sh", "-e bash", "-e cmd", "-e powershell", "-c /bin", "-c sh", "-c bash", "--exec", "--sh-exec", "-e /usr", "reverse shell", "ping ")
	// gFrame: jailbreak framing and fake role headers.
	gFrame = guardGroup("<|", "<<sys", "[system", "[developer", "[admin", "[operator", "[inst", "[/inst", "system:", "system*", "system :", "developer:", "admin:",
		"administrator:", "system message", "system notice", "system alert", "system update", "system override", "system directive", "system instruction",
		"security message", "security notice", "security alert", "security directive", "admin message", "admin notice", "admin directive", "admin override",
		"developer message", "developer notice", "developer override", "operator message", "### instruction", "### system", "### new instruction",
		"<system", "</system", "<developer", "</developer", "</user", "</human", "<assistant", "<ai>", "developer mode", "dan mode", "god mode", "jailbr",
		"unrestricted", "unfiltered", "uncensored", "evil mode", "chaos mode", "anarchy mode", "are dan", "re dan", "do anything now", "no restrictions",
		"no limitations", "no filters", "no rules", "no guidelines", "no content polic", "no safety", "zero restrictions", "bound by", "free of", "free from",
		"from anthropic", "from openai", "from the system", "from the admin", "from your developer", "from the developers", "amoral", "unaligned", "unbound", "limitless")
	// gSelf: self-rewriting instruction files and agents working on
	// their own (sub-agents, background runs without oversight).
	gSelf = guardGroup("claude.md", "agents.md", "gemini.md", ".cursorrules", ".windsurfrules", ".clinerules", "copilot-instructions", ".cursor/rules",
		"instruction file", "your instructions", "your own instructions", "your system prompt", "this file", "these instructions", "your memory",
		"sub-agent", "subagent", "sub agent", "background", "oversight", "supervision", "unattended", "autonomous", "copies of yourself", "instances of yourself")
	// gDecRun: something decoded and then run.
	gDecRun = guardGroup("printf", "echo -e", "echo -ne", "base64", "b64", "xxd", "\\x", "\\u00", "decode", "atob", "fromcharcode", "-enc", "frombase64", "uudecode", "openssl enc")
)

var remoteLits = []string{
	// Destinations and sources in words.
	"server", "endpoint", "collector", "webhook", "remote", "external", "api", "gist", "pastebin", "online", "internet", "url", "listener",
	"bucket", "inbox", "mailbox", "@", "attacker", "c2",
	// Sources of indirect instructions.
	"issue", "email", "e-mail", "slack", "message", "ticket", "comment", "record", "row", "entries", "database", "web page", "webpage", "response",
	// Data that is not a credential.
	"clipboard", "pbpaste", "xclip", "xsel", "screenshot", "screen capture", "screencapture", "git log", "history", "codebase", "repository", "repo ", "source code", "key file", "keyfile",
}

// reAttackHeading matches a Markdown heading that says its section
// describes attacks (prompt injection, jailbreaks, red flags, examples of
// what to refuse) or lists what is forbidden.
var reAttackHeading = lazyre.New(`\b(?:prompt[- ]injections?|injections?|jailbreaks?|attacks?|attackers?|red[- ]team(?:ing)?|threat(?:s| model)?|malicious|adversarial|exploits?|red flags?|examples? of|payloads?|forbidden|prohibited|never|do not|don't|must not|what not to|anti-?patterns?|detections?|refuse|deny ?list|blocklist|dangerous)\b`)

// underAttackHeading reports whether the unit sits in a section whose
// nearest heading (at most 60 lines up) says the section describes
// attacks or lists what is forbidden: there the sample is documentation,
// as a quotation or a guardrail is.
func underAttackHeading(d *Doc, u *text.Unit) bool {
	if u.Where == text.Decoded || d.FixedLine > 0 {
		return false
	}
	inFence := false
	for l := u.Line - 1; l >= 1 && l >= u.Line-60; l-- {
		line := strings.TrimSpace(d.LineText(l))
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			inFence = !inFence
			continue
		}
		if inFence || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimLeft(line, "#")
		if h != "" && h[0] != ' ' && h[0] != '\t' {
			continue // #tag, #!shebang
		}
		return reAttackHeading.MatchString(strings.ToLower(h))
	}
	return false
}

// runPlain is runProse for the plain readings: a match under a heading
// about attacks is documentation and is not reported.
func runPlain(r *Repo, rep *Report, g gate, m matcher, message func(match) string) {
	if !g.registered {
		panic("rules: runPlain needs a gate made by proseGate")
	}
	for _, d := range r.ProseDocs() {
		if !g.admits(d.groups) {
			continue
		}
		n := 0
		for i, ug := range d.unitGroups {
			if !g.admits(ug) {
				continue
			}
			u := &d.Units[i]
			mt, ok := m(u)
			if !ok || underAttackHeading(d, u) {
				continue
			}
			rep.Add(proseFinding(d, u, mt, message(mt)))
			n++
			if n >= maxPerRule {
				break
			}
		}
	}
}

// plainFirst returns the first match of locs in u that is neither
// forbidden nor warned about. A command in quotation marks is still a
// command (`python3 -c "exec(…)"`), so quotes excuse nothing here; a
// sentence that warns about the command does.
func plainFirst(u *text.Unit, locs [][]int) ([]int, bool) {
	for _, loc := range locs {
		if governed(u, loc[0]) || warnedAbout(u, loc[0], loc[1]) {
			continue
		}
		return loc, true
	}
	return nil, false
}

// warnedAbout reports whether the sentence around [start, end) warns
// about the text instead of giving it.
func warnedAbout(u *text.Unit, start, end int) bool {
	masked := u.Lower[:start] + strings.Repeat(" ", end-start) + u.Lower[end:]
	return reWarning.MatchString(masked)
}
