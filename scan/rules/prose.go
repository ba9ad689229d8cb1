package rules

import (
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// This file holds what the prose rules (S1a … S26) share: the literal
// prefilter, the reading of prohibitions, quotations and warnings, and the
// loop that runs a matcher over every unit of every instruction text.

// Prefilter groups. A unit's regular expressions run only when the groups
// a rule needs were seen in it.
const (
	gNet      = iota // network verbs: send, upload, curl …
	gCredFile        // credential files: .env, ~/.ssh, ~/.aws …
	gCredVar         // credential variables, secret words, the environment
	gURL             // "://"
	gOverride        // override phrasing
	gConceal         // concealment from the user
	gFetch           // fetching instructions
	gDownload        // curl, wget, download, iwr
	gChmod           // chmod
	gSafety          // safety switches
	gDestroy         // destructive commands
	gPersist         // persistence locations
	gPkg             // package sources
	gStore           // credential stores
	gNQA             // no-questions-asked phrases
	gPoint           // "it to", "them to": reverse-order exfiltration
	gRestore         // self-restoring wording
	gWho             // the person an agent could keep things from
	gDecode          // a reason to decode: rot13, "read it backwards", rot13 or reversed trigger words
	// gAlt is the first of the groups of the rules' guarded alternatives
	// (see alt): each distinct set of guard literals has a group of its
	// own, up to group 63.
	gAlt
)

// proseLiterals lists the prefilter's literals by group.
func proseLiterals() []text.Literal {
	add := func(out []text.Literal, g int, words ...string) []text.Literal {
		for _, w := range words {
			out = append(out, text.Literal{Text: w, Group: g})
		}
		return out
	}
	var l []text.Literal
	l = add(l, gNet, "send", "upload", "post", "transmit", "attach", "transfer", "ship", "deliver", "exfiltrat", "forward", "submit", "beacon", "leak",
		"mail", "curl", "wget", "scp", "rsync", "nc ", "netcat", "ncat", "invoke-webrequest", "iwr ", "pipe", "fetch(", "requests.", "axios.", "http.")
	l = add(l, gCredFile, ".env", ".ssh", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".aws", ".npmrc", ".pypirc", ".netrc",
		".git-credentials", ".docker/config", ".kube/config", "/etc/shadow", "/etc/passwd", ".gnupg", "credentials.json",
		"gcloud", "keychain", "login data", "_history")
	l = add(l, gCredVar, "token", "secret", "key", "passw", "credential", "cookie", "environment", "env var", "printenv", "process.env", "os.environ", "env ", "$env", "getenv", "of `env", "of env", "of printenv")
	l = add(l, gURL, "://")
	l = add(l, gOverride, "ignore", "disregard", "forget", "override", "bypass", "system-level", "system level", "mark this", "mark the",
		"system prompt", "initial instructions", "hidden instructions", "developer mode", "god mode", "dan mode", "jailbreak", "supersede", "previous instructions",
		"pay no", "void", "revoked", "rescind", "no longer")
	l = add(l, gConceal, "tell", "inform", "notify", "alert", "mention", "hide", "conceal", "without", "know", "notice", "secret from", "hidden from", "reveal", "disclose", "aware", "warn", "show", "let ", "keep ", "learn", "find out")
	l = add(l, gWho, "user", "developer", "human", "operator", "owner", "maintainer", "person", "anyone", "reviewer")
	l = add(l, gFetch, "instruction", "rules", "directive", "prompt", "command", "orders", "tasks", "what it says", "whatever it says", "follow them", "obey",
		"guideline", "polic", "playbook", "runbook", "do what", "do whatever", "do as", "as part of", "overrides", "supersedes", "precedence", "outranks", "task list", "todo list", "to-do list")
	l = add(l, gDownload, "curl", "wget", "download", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "fetch", "grab", "new-object")
	l = add(l, gChmod, "chmod")
	l = add(l, gSafety, "no-verify", "disable", "777", "verify=false", "verify = false", "do not apply", "don't apply", "no longer apply",
		"dangerously", "reject_unauthorized", "ssl_no_verify", "insecure", "strict-ssl", "rejectunauthorized", "sslverify", "ssl_verify", "web-security",
		"turn off", "switch off", "skip the security", "skip security", "skip the safety", "skip safety")
	l = add(l, gDestroy, "push", "filter-branch", "filter-repo", "history", "rm -", "rm  -", "truncate", "> ~/", ">~/", "wipe", "empty")
	l = add(l, gPersist, "~/.", "$home/.", "${home}/.", "crontab", "/etc/cron", "launchagents", "launchdaemons", "launchctl", "systemctl",
		"login item", "startup item", "autostart", "currentversion\\run", "schtasks", ".git/hooks", "hookspath",
		"cron", "scheduled task", "shell profile", "shell's profile", "start-up file", "startup file", "start-up script", "startup script", "bashrc", "zshrc", "zprofile", "bash_profile", "launch agent", "systemd")
	l = add(l, gPkg, "index-url", "trusted-host", "registry", "instead of the default", "instead of the official", "instead of the public", "private", "internal", "gosumdb", "gonosumdb", "goinsecure", "goproxy")
	l = add(l, gStore, "login data", "logins.json", "key4.db", "cookies.sqlite", "password", "keychain", "credential manager", "cmdkey",
		"vaultcmd", "keyring", "kwallet", "secret-tool", ".ssh", "id_rsa", "id_ed25519", "id_ecdsa", ".aws", "gcloud", "application_default_credentials",
		".azure", ".kube/config", ".docker/config", "history", "past commits", "previous commits", "git log")
	l = add(l, gNQA, "without", "bother", "do not ask", "don't ask", "dont ask", "never ask", "no questions", "nothing blocks", "nothing stops", "nothing interrupts",
		"and continue", "even if", "ignore any", "ignore all", "ignore errors", "ignore warnings", "ignore the", "skip the confirm", "skip confirm",
		"do not prompt", "don't prompt", "do not confirm", "don't confirm", "do not check", "don't check", "no confirmation", "-y ", "--yes", "silently ignore")
	l = add(l, gPoint, " it to", " them to", " this to", " that to", " these to", " those to", " everything to", " all to", " it into", " them into",
		" it at", " them at", " the result to", " the output to", " the contents to", " the file to", " the data to", " the dump to", " the archive to", "contents to", "content to", "| curl", "|curl", "| nc", "| ncat", "| netcat", "| wget", "| socat")
	l = add(l, gRestore, "restore", "re-add", "readd", "recreate", "re-create", "reinstall", "re-install", "re-enable", "reenable", "put it back", "add it back", "add them back", "write it again", "again if")
	l = add(l, gDecode, decodeReasonLiterals...)
	for _, g := range []int{gOverride, gFetch, gConceal, gWho} {
		l = add(l, g, foreignLiterals[g]...)
	}
	for i, lits := range altGuards {
		l = add(l, gAlt+i, lits...)
		if gAlt+i == gConcealNeg {
			l = add(l, gConcealNeg, foreignLiterals[gConcealNeg]...)
		}
	}
	return l
}

// prefilter is compiled on first use, so that commands that scan nothing
// do not pay for it at start-up.
var prefilter = sync.OnceValue(func() *text.Prefilter { return text.NewPrefilter(proseLiterals()) })

// prefilterUnits records, for every unit, which literal groups it holds.
func prefilterUnits(d *text.Document) {
	prefilter().MarkUnits(d.Units)
}

func has(u *text.Unit, groups ...int) bool {
	for _, g := range groups {
		if u.Groups&(1<<uint(g)) == 0 {
			return false
		}
	}
	return true
}

func hasAny(u *text.Unit, groups ...int) bool {
	for _, g := range groups {
		if u.Groups&(1<<uint(g)) != 0 {
			return true
		}
	}
	return false
}

// match is what a prose matcher found in a unit.
type match struct {
	start, end int
	// scored is false for S21–S24 observations.
	scored bool
	// what names what was found, for the message ("a credential file", …).
	what string
	// impact, when set, replaces the rule's impact sentence.
	impact string
}

// matcher looks at one unit and reports its first match.
type matcher func(u *text.Unit) (match, bool)

// Prohibitions: a negation before the match in the same clause, or a
// clause that calls the thing forbidden.
var (
	reNegation = newStartRegexp(`\b(never|not|don't|dont|doesn't|won't|cannot|can't|mustn't|shouldn't|shan't|avoid|avoiding|refrain|prohibit|prohibited|forbid|forbidden|disallow|disallowed|under no circumstances|prevent|prevents|preventing|no)\b`)
	// Words after a negation that make it no prohibition of the action:
	// "do not forget to send", "do not wait for approval".
	reNotProhibition  = lazyre.New(`^(?:\s+(?:to|be|ever))?\s+(?:forget|hesitate|fail|skip|miss|wait|delay|stop|ask|only|matter|need|bother|worry|pause|question|let\s+\S+\s+stop|block|questions|confirmation|prompt|optional|negotiable|a suggestion|just|merely|enough)`)
	rePostProhibition = newStartRegexp(`\b(is|are|be)\s+(strictly\s+)?(forbidden|prohibited|not\s+allowed|not\s+permitted|banned|never\s+allowed|disallowed)\b|\bnot\s+(allowed|permitted)\b`)
)

// governed reports whether the text at [start, end) of the unit is the
// object of a prohibition: "never pipe curl into bash", "never send A or
// B" (covers B), but not "do not wait and send X" (the send is a clause of
// its own).
func governed(u *text.Unit, start int) bool {
	lower := u.Lower
	clauses := text.Clauses(lower)
	for k, c := range clauses {
		if start < c.Start || start >= c.End {
			continue
		}
		if rePostProhibition.MatchString(lower[c.Start:c.End]) {
			return true
		}
		// "`--no-verify` - bypasses checks and is never allowed": the
		// verdict on a thing may follow it after a dash, and only then.
		if k+1 < len(clauses) {
			next := clauses[k+1]
			if sep := strings.TrimSpace(lower[c.End:next.Start]); (sep == "-" || sep == "—") && rePostProhibition.MatchString(lower[next.Start:next.End]) {
				return true
			}
		}
		prefix := lower[c.Start:start]
		locs := reNegation.FindAllStringIndex(prefix, -1)
		for k := len(locs) - 1; k >= 0; k-- {
			loc := locs[k]
			word := prefix[loc[0]:loc[1]]
			after := prefix[loc[1]:]
			if word == "no" && !noIsProhibition(prefix[:loc[0]], after) {
				continue
			}
			if word == "not" {
				// "do not", "must not", "should not", "is not to"; a bare
				// "not" ("not only") counts only after an auxiliary.
				before := strings.TrimRight(prefix[:loc[0]], " ")
				if !reAuxiliary.MatchString(before) {
					continue
				}
			}
			if reNotProhibition.MatchString(after) {
				continue
			}
			return true
		}
		return false
	}
	return false
}

var reAuxiliary = lazyre.New(`\b(do|does|did|must|should|shall|will|would|may|might|can|could|is|are|be|was|were|need|please)$|(^|\s)$`)

// noIsProhibition reads "no" as a prohibition only at the start of a
// clause or before a gerund: "no uploading of secrets".
func noIsProhibition(before, after string) bool {
	if strings.TrimSpace(before) == "" {
		return true
	}
	w := strings.Fields(after)
	return len(w) > 0 && strings.HasSuffix(w[0], "ing")
}

// Warnings and quotations: a sentence that talks about an attack phrase
// instead of giving it.
var reWarning = newStartRegexp(`\b(beware|be wary|be careful of|watch out for|warning:|prompt injections?|injected (?:instructions|text|content|prompts)|injection attacks?|malicious (?:instructions?|content|text|files?|pages?|prompts?|input|requests?|code)|attackers?|phishing|suspicious|refuse|jailbreaks?|social engineering|red flags?|(do not|don't|never) (follow|obey|comply with|act on|execute) (them|it|these|such|any|instructions)|ignore (any|such) (instructions|requests|text)|treat [^.]* as (untrusted|data|suspicious|malicious|hostile|an attack|injection)|examples? of)\b|\b(any|a|an|the)\s+(page|file|document|message|tool|text|website|site|email|issue|comment|result|output|response|readme|content|input)s?\s+(that|which)\s+(says?|asks?|tells?|contains?|instructs?|requests?)\b|\bif (a|an|the|any|some|someone|anyone|something|content|input|text|you see)\b[^.]*\b(asks?|tells?|says?|instructs?|contains?|requests?|demands?|tries|attempts?|includes?)\b`)

// quotedOrWarned reports whether [start, end) of the unit is quoted, or
// the sentence around it warns about the phrase instead of giving it.
// backticks makes inline code count as a quotation (for phrases; a
// command in backticks is still a command).
func quotedOrWarned(u *text.Unit, start, end int, backticks bool) bool {
	// The lowered text has the same quotation marks at the same offsets,
	// and lets the title test read <A TITLE=…> as <a title=…>.
	if inQuotes(u.Lower, start, end, backticks) {
		return true
	}
	masked := u.Lower[:start] + strings.Repeat(" ", end-start) + u.Lower[end:]
	return reWarning.MatchString(masked)
}

// inQuotes reports whether [start, end) sits between a pair of quotation
// marks ("…", “…”, «…», or `…` when backticks).
func inQuotes(s string, start, end int, backticks bool) bool {
	pairs := [][2]string{{`"`, `"`}, {"“", "”"}, {"«", "»"}, {"„", "“"}}
	if backticks {
		pairs = append(pairs, [2]string{"`", "`"})
	}
	for _, p := range pairs {
		open := strings.LastIndex(s[:start], p[0])
		if open < 0 {
			continue
		}
		if p[0] == p[1] && strings.Count(s[:start], p[0])%2 == 0 {
			continue
		}
		if p[0] != p[1] && strings.LastIndex(s[:start], p[1]) > open {
			continue
		}
		if strings.Contains(s[end:], p[1]) && !strings.Contains(s[open+len(p[0]):start], "\n\n") {
			if p[0] == `"` && reTitleOpen.MatchString(s[:open]) {
				// A link's or an image's title is the author's own text,
				// shown only on hover: no quotation.
				continue
			}
			return true
		}
	}
	return false
}

// reTitleOpen matches the text before the quotation mark that opens a
// Markdown link title (`[t](url "…")`, `![a](img "…")`, `[r]: url "…"`)
// or an HTML attribute (`<a href=… title="…">`, `<img alt="…">`,
// `<span data-note="…">`): a model reads every attribute's value as text.
var reTitleOpen = lazyre.New(`(?:\]\(\s*(?:<[^>\s]*>|[^\s()]+)\s+|(?:^|\n)\s{0,3}\[[^\]\n]+\]:\s*(?:<[^>\s]*>|\S+)\s+|<[a-z][a-z0-9-]*\s[^<>]*\b[a-z][a-z0-9_:.-]*\s*=\s*)$`)

// No-questions-asked phrases turn an S21–S24 observation into a finding.
var reNQA = newStartRegexp(`\bwithout (first )?(checking|reviewing|verifying|inspecting|reading|looking|asking|confirming|confirmation|prompting|approval|permission|review|a review|human review|telling|waiting)\b|\b(do not|don't|dont|never) (ask|prompt|confirm|check|verify|review|wait for)\b|\b(do not|don't|dont|no need to) bother (asking|checking|confirming|reviewing)\b|\bno questions\b|\bso (that )?nothing (blocks|stops|interrupts|prevents)\b|\band continue\b|\beven if (it |they |this )?(fails|errors|warns|complains|looks)\b|\bignore (any |all )?(errors|warnings|prompts|failures|confirmations)\b|\bskip (the |any )?(confirmation|prompts?|review|approval)\b|\bno confirmation\b`)

// hasNQA reports a no-questions-asked phrase anywhere in the unit.
func hasNQA(u *text.Unit) bool {
	return has(u, gNQA) && reNQA.MatchString(u.Lower) || hasNQAForeign(u)
}

// reRealURL matches an absolute URL with a host; a placeholder such as
// <your-url> or https://<host>/ is not one.
var reRealURL = newStartRegexp(`\b(https?|wss?|ftp)://[a-z0-9\[]`)

func hasRealURL(u *text.Unit) bool {
	return has(u, gURL) && reRealURL.MatchString(u.Lower)
}

// urlIn returns the first real URL of s, for impact sentences.
func urlIn(s string) string {
	loc := reRealURL.FindStringIndex(strings.ToLower(s))
	if loc == nil {
		return ""
	}
	end := loc[1]
	for end < len(s) && !strings.ContainsRune(" \t\n\"'`<>()[]{}", rune(s[end])) {
		end++
	}
	return strings.TrimRight(s[loc[0]:end], ".,;:!?")
}

// proseFinding builds the finding for a match in a unit of a document.
func proseFinding(d *Doc, u *text.Unit, m match, message string) Finding {
	f := Finding{
		Path:        d.Path,
		Line:        d.Line(u.LineAt(m.start)),
		Message:     message,
		Evidence:    d.Evidence(u, m.start),
		Impact:      m.impact,
		Observation: !m.scored,
	}
	switch u.Where {
	case text.Decoded:
		f.Message += " (in hidden text)"
		f.Decoded = clip(u.Text, 500)
		if u.Payload != nil {
			f.Line = d.Line(u.Payload.Line)
			if d.FixedLine == 0 {
				f.Evidence = d.LineEvidence(f.Line)
			}
		}
	case text.Visual:
		f.Message += " (in text a right-to-left override shows reversed; read as displayed)"
		f.Decoded = clip(u.Text, 500)
	case text.Comment:
		if !strings.Contains(f.Message, "hidden in a comment") {
			f.Message += " (in a comment a rendered preview hides)"
		}
	case text.Prose:
		f.Decoded = normalisedLine(d, f.Line)
	}
	if d.Server != "" {
		f.Message += " (in the configuration of tool server \"" + d.Server + "\")"
	}
	return f
}

// maxPerRule bounds the findings one rule reports for one text.
const maxPerRule = 20

// groupSet returns the set of prefilter groups gs.
func groupSet(gs ...int) uint64 {
	var set uint64
	for _, g := range gs {
		set |= 1 << uint(g)
	}
	return set
}

// gate is what a unit's prefilter groups must hold for a prose matcher to
// run on it: every group of at least one of its terms. A gate is monotone
// (a unit with more groups passes whenever one with fewer does), so the
// union of a region's lines' groups passes it whenever one of the
// region's units does; that is what lets the text layer leave regions no
// gate admits uncut (see proseFilter).
type gate struct {
	terms []uint64
	// registered is set by proseGate; runProse refuses a gate without it,
	// so no rule can run on units the text layer was not asked to cut.
	registered bool
	// comments limits the gate to comment units, which the text layer
	// always cuts.
	comments bool
	// common holds the groups every term holds, set by proseGate.
	common uint64
}

// admits reports whether groups hold every group of one of g's terms.
func (g gate) admits(groups uint64) bool {
	if groups&g.common != g.common {
		return false
	}
	for _, t := range g.terms {
		if groups&t == t {
			return true
		}
	}
	return false
}

// anyGroup is the gate of units holding at least one of gs.
func anyGroup(gs ...int) gate {
	var g gate
	for _, x := range gs {
		g.terms = append(g.terms, groupSet(x))
	}
	return g
}

// allGroups is the gate of units holding every one of gs.
func allGroups(gs ...int) gate { return gate{terms: []uint64{groupSet(gs...)}} }

// after is the gate of units holding every group of gs and every guard of
// one of the branches: what a matcher that tests has(u, gs...) and then
// runs as.find needs to match anything.
func (as alternatives) after(gs ...int) gate {
	var out gate
	for _, a := range as {
		out.terms = append(out.terms, groupSet(gs...)|a.groups)
	}
	return out
}

// either is the gate of units that pass any of gs.
func either(gs ...gate) gate {
	var out gate
	for _, g := range gs {
		out.terms = append(out.terms, g.terms...)
	}
	return out
}

// proseGates holds every registered gate. The text layer cuts a region
// into units when its groups pass one that is not limited to comments
// (comments are always cut).
var proseGates []gate

// proseGate registers the gate of a prose rule's matcher; comments
// limits it to comment units.
func proseGate(g gate, comments bool) gate {
	g.registered, g.comments = true, comments
	g.common = ^uint64(0)
	for _, t := range g.terms {
		g.common &= t
	}
	// Comment-only gates are kept apart from the filter's union by
	// proseFilter.
	proseGates = append(proseGates, g)
	return g
}

// runProse runs m over every unit of every instruction text that g
// admits, and reports a finding per matching unit.
func runProse(r *Repo, rep *Report, g gate, m matcher, message func(match) string) {
	runProseSkipping(r, rep, g, m, message, nil)
}

// runProseSkipping is runProse that drops a match for which skip (when
// set) says the unit is not to be reported.
func runProseSkipping(r *Repo, rep *Report, g gate, m matcher, message func(match) string, skip func(*Doc, *text.Unit) bool) {
	if !g.registered {
		panic("rules: runProse needs a gate made by proseGate")
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
			if g.comments && u.Where != text.Comment {
				continue
			}
			mt, ok := m(u)
			if !ok || skip != nil && skip(d, u) {
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

// termIndex answers admits for a gate of many terms: the terms by their
// highest group (for a branch, most often a guard of its own, which few
// texts hold), so that only the terms of groups a text holds are tried.
type termIndex [64][]uint64

func indexTerms(g gate) *termIndex {
	var ix termIndex
	for _, t := range g.terms {
		if t == 0 {
			panic("rules: a gate term without a group admits every unit")
		}
		top := 63 - bits.LeadingZeros64(t)
		if !slices.Contains(ix[top], t) {
			ix[top] = append(ix[top], t)
		}
	}
	return &ix
}

// admits is gate.admits for the indexed gate.
func (ix *termIndex) admits(groups uint64) bool {
	for m := groups; m != 0; m &= m - 1 {
		for _, t := range ix[bits.TrailingZeros64(m)] {
			if groups&t == t {
				return true
			}
		}
	}
	return false
}

// proseFilter is the text layer's filter for instruction texts: a region
// is cut into units when its groups pass a registered gate, or when it
// holds a run of base64 characters S7 would decode (mayDecode).
var proseFilter = sync.OnceValue(func() *text.Filter {
	var cut []gate
	for _, g := range proseGates {
		if !g.comments {
			cut = append(cut, g)
		}
	}
	all := indexTerms(either(cut...))
	return &text.Filter{
		Prefilter: prefilter(),
		Need: func(groups uint64, region string) bool {
			if all.admits(groups) || mayDecode(region) {
				return true
			}
			// Another script's words (foreignGroups), only when a region
			// has a letter of another script (Lower changes only ASCII
			// letters, so the region's scripts are its lowered copy's), and
			// only when the groups they could add (foreignMax) would let a
			// gate admit it: gates are monotone. An accent, a dash or an
			// emoji makes no lowered copy.
			return hasHighByte(region) && scriptsOf(region) != 0 && all.admits(groups|foreignMax) &&
				all.admits(groups|foreignGroups(text.Lower(region)))
		},
	}
})

// unitsOf analyses a standalone text (decoded base64, a tool description)
// into prefiltered units.
func unitsOf(s string) []text.Unit {
	d := text.AnalyzeString(s)
	prefilterUnits(d)
	markForeign(d.Units)
	return d.Units
}

// scoredMatchers are the rules S7 asks when a decoded string is itself an
// instruction: every prose rule that can score.
func scoredMatchers() map[string]matcher {
	return map[string]matcher{
		"S4": matchOverride, "S5": matchExfil, "S12": matchFetchInstructions, "S13": matchConceal,
		"S21": matchDownloadRun, "S22": matchSafetyOff, "S23": matchDestructive, "S24": matchPersistence,
		"S25": matchPackageSource, "S26": matchCredentialStore,
	}
}

// scoredInstruction reports the first prose rule that would score s, and
// its match.
func scoredInstruction(s string) (string, bool) {
	units := unitsOf(s)
	order := []string{"S5", "S4", "S12", "S13", "S21", "S22", "S23", "S24", "S25", "S26"}
	ms := scoredMatchers()
	for i := range units {
		for _, id := range order {
			if m, ok := ms[id](&units[i]); ok && m.scored {
				return id, true
			}
		}
	}
	return "", false
}

// observed runs re over a unit that holds the group g, for the rules
// whose plain hits are observations (S21–S24): scored only when the
// sentence also carries a no-questions-asked phrase.
func observed(u *text.Unit, g int, re alternatives, what string) (match, bool) {
	if !has(u, g) {
		return match{}, false
	}
	for _, loc := range re.find(u) {
		if governed(u, loc[0]) || quotedOrWarned(u, loc[0], loc[1], false) {
			continue
		}
		m := match{start: loc[0], end: loc[1], scored: hasNQA(u), what: quoteMatch(what, u.Text[loc[0]:loc[1]])}
		if !m.scored {
			m.what += " (an observation; it would count with a phrase such as \"without checking\" or \"do not ask\")"
		}
		return m, true
	}
	return match{}, false
}

// quoteMatch is what, then the matched text in backticks, trimmed of the
// spaces and the closing backtick an expression matches around it.
func quoteMatch(what, matched string) string {
	q := "`" + clip(strings.TrimSuffix(strings.TrimSpace(matched), "`"), 100) + "`"
	if what == "" {
		return q
	}
	return what + " " + q
}

// scoredMatch runs re over a unit that holds the group g, for rules that
// always score.
func scoredMatch(u *text.Unit, g int, re alternatives, what string, backticks bool) (match, []int, bool) {
	if !has(u, g) {
		return match{}, nil, false
	}
	for _, loc := range re.find(u) {
		if governed(u, loc[0]) || quotedOrWarned(u, loc[0], loc[1], backticks) {
			continue
		}
		return match{start: loc[0], end: loc[1], scored: true, what: quoteMatch(what, u.Text[loc[0]:loc[1]])}, loc, true
	}
	return match{}, nil, false
}

// example is a sample text a prose rule must, or must not, report. Every
// prose rule lists its own attacks and benign twins beside its code; one
// test runs them all (TestProseExamples).
type example struct {
	name string
	text string
	want outcome
}

type outcome uint8

const (
	none        outcome = iota // no finding of this rule
	scored                     // a finding that counts
	observation                // an observation only
)

// proseExamples lists every prose rule with its samples.
func proseExamples() map[*Rule][]example {
	return map[*Rule][]example{
		S1a: s01aExamples, S1b: s01bExamples, S2: s02Examples, S4: s04Examples, S5: s05Examples,
		S7: s07Examples, S12: s12Examples, S13: s13Examples, S21: s21Examples, S22: s22Examples,
		S23: s23Examples, S24: s24Examples, S25: s25Examples, S26: s26Examples,
		S37: s37Examples, S38: s38Examples, S39: s39Examples, S40: s40Examples, S41: s41Examples, S42: s42Examples,
	}
}

// Hidden-text encoders for the rules' own examples.
var (
	tagged        = text.EncodeTags
	zwBinary      = text.EncodeZeroWidth
	selectorBytes = text.EncodeSelectors
)

// alternative is one branch of a rule's pattern with the literals one of
// which must be in the text for it to match; only branches whose literal
// is present run. The literals are a prefilter group of their own, so
// that a unit's groups say which branches can match it.
type alternative struct {
	groups uint64 // the branch runs on a unit holding all of them
	re     *startRegexp
}

// alternatives is a rule's pattern as guarded branches.
type alternatives []alternative

// alt compiles one guarded branch.
func alt(pattern string, lits ...string) alternative {
	return guarded(newStartRegexp(pattern), lits...)
}

// altGuards lists the guard literals of every alternative and guard,
// group gAlt+i holding altGuards[i].
var altGuards [][]string

// guarded makes re a branch guarded by lits (lower case, not empty).
func guarded(re *startRegexp, lits ...string) alternative {
	return alternative{groups: 1 << uint(guardGroup(lits...)), re: re}
}

// and adds a second guard to a branch: literals of which a match holds one
// as well.
func (a alternative) and(lits ...string) alternative {
	a.groups |= 1 << uint(guardGroup(lits...))
	return a
}

// guardGroup returns the prefilter group of the guard literals lits
// (lower case, not empty), shared by every guard with the same literals.
func guardGroup(lits ...string) int {
	if len(lits) == 0 {
		panic("rules: a guarded alternative needs a literal")
	}
	for _, l := range lits {
		if l == "" || l != strings.ToLower(l) {
			panic("rules: guard literal " + strconv.Quote(l) + " is empty or not lower case")
		}
	}
	for i, ls := range altGuards {
		if slices.Equal(ls, lits) {
			return gAlt + i
		}
	}
	if gAlt+len(altGuards) > 63 {
		panic("rules: more than 64 prefilter groups; share guard literals between alternatives")
	}
	altGuards = append(altGuards, lits)
	return gAlt + len(altGuards) - 1
}

// find returns the matches in u of every branch whose literal u holds, in
// order of position.
func (as alternatives) find(u *text.Unit) [][]int {
	var locs [][]int
	for _, a := range as {
		if u.Groups&a.groups == a.groups {
			locs = append(locs, a.re.FindAllStringIndex(u.Lower, 4)...)
		}
	}
	if len(locs) > 1 {
		sort.Slice(locs, func(i, j int) bool { return locs[i][0] < locs[j][0] })
	}
	return locs
}
