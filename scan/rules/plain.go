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
	// gDest: a remote place instructions are fetched from, named in
	// words ("from the remote server", "from the API", "hosted at").
	gDest = guardGroup(destLits()...)
	// gSource: instructions read out of data: "… and do what it says",
	// "the instructions stored in each record".
	gSource = guardGroup(sourceLits()...)
	// gData: data that is not a credential but leaves the machine all the
	// same (clipboard, screenshots, shell history, git log, the whole
	// repository, a key file).
	gData = guardGroup("clipboard", "pbpaste", "xclip", "xsel", "screenshot", "screen capture", "screencapture", "git log", "history",
		"codebase", "repository", "repo ", "source code", "project", "key file", "keyfile")
	// gRaw: raw network channels (reverse shells, /dev/tcp, socat, DNS
	// look-ups, the environment piped to the network).
	gRaw = guardGroup("/dev/tcp", "/dev/udp", "socat", "nslookup", " dig ", "`dig ", "drill ", "mkfifo", "/proc/self/environ", "printenv", "$(env", "`env`", "env |", "env|",
		"-e /bin", "-e sh", "-e bash", "-e cmd", "-e powershell", "-c /bin", "-c sh", "-c bash", "--exec", "--sh-exec", "-e /usr", " ping ", "`ping ",
		"fsockopen", "stream_socket_client", "socket.socket", "socket.create_connection", "tcpclient", "tcpsocket.", "io::socket", "ztcp", "telnet ")
	// gFrame: jailbreak framing and fake role headers.
	gFrame = guardGroup("<|", "<<sys", "[system", "[developer", "[admin", "[inst", "system:", "system*", "developer:", "admin:",
		"system message", "system notice", "system override", "### instruction", "<system", "</system", "</user", "developer mode", "jailbr",
		"unrestricted", "unfiltered", "uncensored", "re dan", "do anything now", "no restrictions", "no rules", "bound by", "free of",
		"from anthropic", "from openai")
	// gSelf: instruction files an agent could be told to rewrite.
	gSelf = guardGroup("claude.md", "agents.md", "gemini.md", ".cursorrules", ".windsurfrules", ".clinerules", "copilot-instructions", ".cursor/rules",
		"instruction file", "your instructions", "your own instructions", "your system prompt", "your memory", "/.claude/", "/.codex/", "/.gemini/")
	// gAuto: agents working on their own (sub-agents, background runs).
	gAuto = guardGroup("sub-agent", "subagent", "sub agent", "background", "oversight", "supervision", "unattended", "autonomous", "yourself",
		"agents", "workers", "daemon")
	// gDecRun: something decoded and then run.
	gDecRun = guardGroup("printf", "echo -e", "echo -ne", "base64", "b64", "xxd", "\\x", "\\u00", "decode", "atob", "fromcharcode", "-enc", "frombase64", "uudecode", "openssl enc",
		"pack(\"h*", "pack('h*", "pack \"h*", "pack 'h*")
)

func destLits() []string {
	return []string{"remote", "hosted at", "hosted on", "published at", "published on", "stored at", "served at", "served by", "served from", "pastebin",
		"from the server", "from our server", "from a server", "from the api", "from an api", "from our api", "from the endpoint", "from the url",
		"from a url", "from the web", "from the internet", "from a gist", "from the gist", "from the cloud", "from the webhook", "from the control",
		"from the c2", "from the following", "from the configured", "from the central", "from the external", "from an external", "at the url",
		"at the following", "via the api", "off the server"}
}

func sourceLits() []string {
	lits := []string{"do what", "do whatever", "do as it", "do as they", "do as the", "do everything", "obey it", "obey them", "carry out", "carry it out", "carry them out", "act on", "comply with", "fulfil", "execute what", "follow what", "obey what", "perform what", "execute everything", "follow everything", "perform everything",
		"follow the instructions", "follow any instructions", "follow its instructions", "follow their instructions", "follow the commands",
		"execute the instructions", "execute any instructions", "execute its instructions", "execute their instructions", "execute the commands"}
	for _, n := range []string{"instructions ", "commands "} {
		for _, p := range []string{"stored", "found", "contained", "written", "embedded", "given", "listed", "included", "hidden"} {
			lits = append(lits, n+p)
		}
	}
	return lits
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
	runProseSkipping(r, rep, g, m, message, underAttackHeading)
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
