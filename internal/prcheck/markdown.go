package prcheck

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// listCap is the most entries any list of the comment shows.
const listCap = 50

// head returns at most n elements of list.
func head[T any](list []T, n int) []T {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// more is the line after a list cut at listCap.
func more(total int) string {
	if total <= listCap {
		return ""
	}
	return fmt.Sprintf("- … and %d more (see `sentinel pr --json`)\n", total-listCap)
}

// findingsBudget is where the comment stops listing findings, well below
// GitHub's limit of 65,536 characters for a comment, leaving room for the
// score arithmetic, new items, approvals and next steps.
const findingsBudget = 45000

// CommentMarker is the first line of every comment, so the Action can find
// and update its own comment instead of adding a new one on every push.
const CommentMarker = "<!-- sentinel-pr-comment -->"

// WriteMarkdown writes the pull-request comment: the verdict, each finding
// with what happens, what to do, the line and the score arithmetic, the new
// hooks, tasks and servers, the approvals the pull request asks for, and
// next steps. Every string from the repository is redacted and escaped, so
// a file cannot inject Markdown, HTML or @-mentions into the comment.
func WriteMarkdown(w io.Writer, r *Report) error {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	res := report.Redacted(r.Result)

	p("%s\n", CommentMarker)
	p("## %s Sentinel: %s\n\n", icon(res.Verdict), res.Verdict)
	p("Trust score **%d** (formula v%s). Compared with `%s`", res.TrustScore, res.FormulaVersion, code(r.Base))
	if r.BaseCommit != "" {
		p(" at `%s`", short(r.BaseCommit))
	}
	p(": %s.\n\n", plural(len(r.Changes), "agent file changed", "agent files changed"))
	p("%s\n", verdictSentence(res.Verdict))

	if len(r.Changes) > 0 {
		p("\n<details><summary>Changed agent files</summary>\n\n")
		for _, c := range head(r.Changes, listCap) {
			p("- `%s` (%s)\n", code(c.Path), c.Status)
		}
		p("%s", more(len(r.Changes)))
		p("\n</details>\n")
	}

	var findings int
	for _, f := range res.Files {
		findings += len(f.Findings)
	}
	if findings > 0 {
		p("\n### Findings\n")
		shown := 0
		for _, f := range res.Files {
			if len(f.Findings) == 0 {
				continue
			}
			if b.Len() > findingsBudget {
				break
			}
			p("\n#### %s `%s`: %s, score %d\n\n", icon(f.Verdict), code(f.Path), f.Verdict, f.TrustScore)
			p("Score: `%s`\n\n", code(strings.TrimPrefix(f.Breakdown, f.Path+": ")))
			for _, fd := range f.Findings {
				if b.Len() > findingsBudget {
					break
				}
				shown++
				writeFinding(&b, fd)
			}
		}
		if shown < findings {
			p("\n**%d more findings are not shown**: the comment would pass GitHub's size limit. Run `sentinel pr --base %s` or read the job summary and the SARIF upload for all of them.\n", findings-shown, code(r.Base))
		}
		if len(res.Breakdown) > 0 {
			p("\n<details><summary>How the score was calculated</summary>\n\n```text\n")
			for _, line := range head(res.Breakdown, listCap) {
				p("%s\n", fence(line))
			}
			if n := len(res.Breakdown) - listCap; n > 0 {
				p("… %d more files\n", n)
			}
			p("repository verdict = worst file: %s, score %d\n```\n\nFormula v%s: score = 100 − the weight of each rule that fired (once per file); FORCE → COMPROMISED (shown score ≤ 39); CEILING → score ≤ 79 until a person approves; ≥ 80 CLEAN, 40–79 SUSPICIOUS, ≤ 39 COMPROMISED.\n\n</details>\n",
				res.Verdict, res.TrustScore, res.FormulaVersion)
		}
	}

	if len(res.Observations) > 0 {
		p("\n<details><summary>%s (shown for review, never scored)</summary>\n\n", plural(len(res.Observations), "observation", "observations"))
		for _, o := range head(res.Observations, listCap) {
			p("- `%s`%s %s: %s\n", code(o.Path), lineSuffix(o.Line), o.RuleID, prose(o.Message))
		}
		p("%s", more(len(res.Observations)))
		p("\n</details>\n")
	}

	if len(r.NewItems) > 0 || len(r.ChangedItems) > 0 {
		p("\n### New or changed hooks, tasks and tool servers\n\n")
		p("These run or connect by themselves once the pull request is merged.\n\n")
		p("| | kind | what | declared in | approved in the base |\n|---|---|---|---|---|\n")
		for _, e := range head(r.NewItems, listCap) {
			p("| new | %s | `%s` | `%s` | %s |\n", esc(e.Kind), cell(e.Label()), cell(e.Source), yesNo(e.Approved != nil))
		}
		for _, e := range head(r.ChangedItems, listCap) {
			p("| changed | %s | `%s` | `%s` | %s |\n", esc(e.Kind), cell(e.Label()), cell(e.Source), "no: an approval lapses when the script or configuration changes")
		}
		if n := len(r.NewItems) + len(r.ChangedItems) - len(head(r.NewItems, listCap)) - len(head(r.ChangedItems, listCap)); n > 0 {
			p("\n… and %d more (see `sentinel pr --json`).\n", n)
		}
	}

	if len(r.ApprovalsRequested) > 0 {
		p("\n### Approvals this pull request asks for\n\n")
		p("This pull request adds approvals to `AGENTS.lock`. They do **not** count in this check: approvals are read from the base branch, so a pull request cannot approve itself. After merge, CI signs the lock and they take effect.\n\n")
		for _, e := range head(r.ApprovalsRequested, listCap) {
			by := ""
			if e.Approved != nil {
				by = " by " + esc(e.Approved.By)
				if e.Approved.Note != "" {
					by += " (" + esc(e.Approved.Note) + ")"
				}
			}
			p("- %s `%s` in `%s`, pinned to `%s`%s\n", esc(e.Kind), code(e.Label()), code(e.Source), e.SHA256[:12], by)
		}
		p("%s", more(len(r.ApprovalsRequested)))
	}

	if len(r.TrustChanges) > 0 {
		p("\n### Changes to the lock's trust anchors\n\n")
		for _, t := range r.TrustChanges {
			p("- This pull request %s.\n", esc(t))
		}
	}

	if len(res.Notices) > 0 || len(r.Notices) > 0 {
		p("\n<details><summary>Notices</summary>\n\n")
		for _, n := range head(r.Notices, listCap) {
			p("- %s\n", esc(n))
		}
		for _, n := range head(res.Notices, listCap) {
			p("- `%s`: %s\n", code(n.Path), esc(n.Message))
		}
		p("\n</details>\n")
	}

	p("\n### Next steps\n\n")
	for i, s := range nextSteps(r, res) {
		p("%d. %s\n", i+1, s)
	}
	p("\n<sub>Sentinel reads the files your AI coding agent obeys and never runs anything from this repository. A clean result means checked, not safe. Reproduce locally: `sentinel pr --base %s`.</sub>\n", code(r.Base))
	_, err := w.Write(b.Bytes())
	return err
}

// writeFinding writes one finding of the comment: rule, penalty and what it
// forces or caps, where, the message, then evidence, decoded text, what
// happens and what to do.
func writeFinding(b *bytes.Buffer, fd scan.Finding) {
	where := "whole file"
	if fd.Line > 0 {
		where = fmt.Sprintf("line %d", fd.Line)
	}
	tag := fmt.Sprintf("**%s %s** (−%d", fd.RuleID, esc(fd.RuleName), fd.Penalty)
	if fd.ForcesCompromised {
		tag += ", forces COMPROMISED"
	} else if fd.Ceiling != nil {
		tag += fmt.Sprintf(", caps the score at %d", *fd.Ceiling)
	}
	tag += ")"
	fmt.Fprintf(b, "- %s, %s: %s\n", tag, where, prose(fd.Message))
	if fd.Evidence != "" && fd.Evidence != fd.Message {
		fmt.Fprintf(b, "  - Evidence: `%s`\n", code(fd.Evidence))
	}
	if fd.Decoded != "" {
		fmt.Fprintf(b, "  - Decoded (what the agent reads): `%s`\n", code(fd.Decoded))
	}
	fmt.Fprintf(b, "  - What happens: %s\n", prose(fd.Impact))
	fmt.Fprintf(b, "  - What to do: %s\n", prose(fd.Fix))
}

func nextSteps(r *Report, res *scan.Result) []string {
	var out []string
	switch res.Verdict {
	case scan.Compromised:
		out = append(out, "Do not merge. Fix the findings above, starting with the files marked 🔴.")
		out = append(out, "Find out who made the change and how: a COMPROMISED agent file is evidence, not a style problem.")
	case scan.Suspicious:
		out = append(out, "Read each finding above with the person who owns the agent configuration.")
	default:
		out = append(out, "Nothing blocks this pull request; the findings above, if any, are worth a look.")
	}
	if hasRule(res, "S20") {
		out = append(out, "Restore the removed or flipped guardrail, unless its owner agrees it should go.")
	}
	if hasRule(res, "S6") {
		out = append(out, "Say in a commit message which agent files this pull request changes and why.")
	}
	if len(r.NewItems) > 0 || len(r.ChangedItems) > 0 {
		out = append(out, "For each new or changed hook, task or server you recognise, a maintainer runs `sentinel approve --only TEXT --note \"PR …\"` after merge; CI signs the lock.")
	}
	if len(r.ApprovalsRequested) > 0 {
		out = append(out, "Review the approvals this pull request adds; they count only after merge and signing.")
	}
	return out
}

func hasRule(res *scan.Result, id string) bool {
	for _, f := range res.Files {
		for _, fd := range f.Findings {
			if fd.RuleID == id {
				return true
			}
		}
	}
	return false
}

func verdictSentence(v scan.Verdict) string {
	switch v {
	case scan.Compromised:
		return "**The change is compromised: an agent working in this repository would be made to do something harmful.**"
	case scan.Suspicious:
		return "**Something here needs a person to look at it before an agent obeys it.**"
	}
	return "No agent file in this pull request tells an agent to do anything harmful that Sentinel's rules recognise."
}

func icon(v scan.Verdict) string {
	switch v {
	case scan.Compromised:
		return "🔴"
	case scan.Suspicious:
		return "🟡"
	}
	return "🟢"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func lineSuffix(n int) string {
	if n > 0 {
		return fmt.Sprintf(" line %d", n)
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

// oneLine makes text from a repository safe for one line of Markdown: no
// line breaks, no control or invisible characters (report.Terminal), secrets
// redacted (report.Clean).
func oneLine(s string) string {
	s = report.Terminal(report.Clean(s))
	s = strings.NewReplacer("\r\n", " ⏎ ", "\n", " ⏎ ", "\r", " ⏎ ", "\t", " ").Replace(s)
	if len(s) > 300 {
		cut := 297
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// esc escapes text for Markdown prose: every ASCII punctuation character
// that Markdown or GitHub gives a meaning to is backslash-escaped, which
// keeps "<img>" from rendering, and "@" is shown as the look-alike "＠", which
// keeps "@name" from notifying anyone.
func esc(s string) string {
	return escRaw(defang(oneLine(s)))
}

// prose is esc for a sentence that quotes commands or names between
// backticks, as findings do ("local command `npx -y @scope/pkg`"): the
// quoted parts become code spans, so they show as code and copy as typed
// (a code span links nothing and notifies no one, so "@" stays "@"); the
// rest is escaped as esc does. An unpaired backtick is shown as text.
func prose(s string) string {
	s = oneLine(s)
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		// Odd number of backticks: the last one opens nothing.
		parts[len(parts)-2] += "`" + parts[len(parts)-1]
		parts = parts[:len(parts)-1]
	}
	var b strings.Builder
	for i, part := range parts {
		if i%2 == 1 && strings.TrimSpace(part) != "" {
			b.WriteString("`" + part + "`")
			continue
		}
		if i%2 == 1 {
			part = "`" + part + "`"
		}
		b.WriteString(escRaw(defang(part)))
	}
	return b.String()
}

// escRaw is esc for text already made one line.
func escRaw(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '@' {
			// GitHub finds mentions (and email addresses) in the rendered
			// text, where a backslash escape is already gone: a look-alike
			// keeps "@team" from notifying anyone.
			b.WriteRune('＠')
			continue
		}
		if strings.ContainsRune("\\`*_[]()<>#|~&!", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// linkStart finds where GitHub would start a link by itself in prose (an
// extended autolink): a scheme's "://", or "www.".
var linkStart = regexp.MustCompile(`(?i)://|\bwww\.`)

// defang keeps an address from a repository from becoming a link in the
// comment, so the report never hands a reader a clickable attacker URL:
// "https://evil.example" is shown as "https[:]//evil.example", "www." as
// "www[.]". Code spans, where GitHub links nothing, keep the address as is.
func defang(s string) string {
	return linkStart.ReplaceAllStringFunc(s, func(m string) string {
		if m == "://" {
			return "[:]//"
		}
		return m[:3] + "[.]"
	})
}

// code prepares text for a single-backtick code span: backticks become a
// look-alike so the span cannot be closed early. Inside a code span nothing
// else is interpreted.
func code(s string) string {
	return strings.ReplaceAll(oneLine(s), "`", "ˋ")
}

// cell is code for a table cell, where a pipe would end the cell.
func cell(s string) string {
	return strings.ReplaceAll(code(s), "|", `\|`)
}

// fence prepares one line for a fenced code block.
func fence(s string) string {
	return strings.ReplaceAll(oneLine(s), "```", "ˋˋˋ")
}

// Summary is the one line 'sentinel pr --out' prints.
func Summary(r *Report) string {
	res := r.Result
	n := 0
	for _, f := range res.Files {
		n += len(f.Findings)
	}
	return fmt.Sprintf("sentinel pr: %s (score %d), %s, %s, %s, %s",
		res.Verdict, res.TrustScore, plural(len(r.Changes), "agent file changed", "agent files changed"),
		plural(n, "finding", "findings"), plural(len(r.NewItems), "new hook/task/server", "new hooks/tasks/servers"),
		plural(len(r.ApprovalsRequested), "approval requested", "approvals requested"))
}
