package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/sentinel-sec/sentinel/internal/termsafe"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/rules"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// RulesDoc is where each rule's section lives; a diagnostic's code links to
// it.
const RulesDoc = "https://github.com/sentinel-sec/sentinel/blob/main/docs/rules.md"

// Source names Sentinel's diagnostics in every client.
const Source = "sentinel"

// CodeScanFailed is the code of the diagnostic of a file that could not be
// scanned.
const CodeScanFailed = "scan-failed"

// ruleSection is the heading of docs/rules.md whose table holds the rule
// (TestRuleSectionsMatchDocs keeps it true).
func ruleSection(id string) string {
	switch id {
	case "S6", "S20":
		return "pull-request-rules"
	case "S45":
		return "the-semantic-reading-s45"
	case "D1":
		return "sandbox-rule-optional-sentinel-detonate"
	}
	if proseIDs[id] {
		return "hidden-text-and-prose-rules"
	}
	return "auto-run-and-tool-server-rules"
}

// proseIDs are the prose rules' IDs, from the registry itself.
var proseIDs = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range rules.Prose() {
		m[r.ID] = true
	}
	return m
}()

// ruleLink is the documentation of a rule.
func ruleLink(id string) string { return RulesDoc + "#" + ruleSection(id) }

// severity maps a finding to the client's: a finding that forces
// COMPROMISED is an error, a scored one a warning, an observation
// information.
func severity(f *scan.Finding) protocol.DiagnosticSeverity {
	switch {
	case f.Observation:
		return protocol.DiagnosticSeverityInformation
	case f.ForcesCompromised:
		return protocol.DiagnosticSeverityError
	}
	return protocol.DiagnosticSeverityWarning
}

// plain makes scanned text safe to show: secrets masked, control, bidi and
// other invisible characters written as visible escapes.
func plain(s string) string { return termsafe.String(redact.String(s)) }

// message is what the agent would do, then what was found.
func message(f *scan.Finding) string {
	var b strings.Builder
	if f.Impact != "" {
		b.WriteString(plain(f.Impact))
	}
	if f.Message != "" && f.Message != f.Impact {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(plain(f.Message))
	}
	if b.Len() == 0 {
		b.WriteString(plain(f.RuleName))
	}
	return b.String()
}

// fileStateFor turns one file's findings into diagnostics on text.
func fileStateFor(txt string, fr *scan.FileResult, res *scan.Result, rel string) *fileState {
	st := &fileState{text: txt, file: fr}
	lines := splitLines(txt)
	if fr != nil {
		st.findings = append(append(st.findings, fr.Findings...), fr.Observations...)
	}
	for i := range st.findings {
		f := &st.findings[i]
		d := protocol.Diagnostic{
			Range:           findingRange(lines, f),
			Severity:        severity(f),
			Code:            f.RuleID,
			CodeDescription: &protocol.CodeDescription{Href: protocol.URI(ruleLink(f.RuleID))},
			Source:          Source,
			Message:         message(f),
			Data:            i,
		}
		st.diags = append(st.diags, d)
	}
	if res != nil {
		for _, n := range res.Notices {
			if n.Path == rel {
				st.diags = append(st.diags, protocol.Diagnostic{
					Range:    lineRange(lines, 0),
					Severity: protocol.DiagnosticSeverityInformation,
					Source:   Source,
					Message:  plain(n.Message),
				})
			}
		}
	}
	return st
}

func failedDiagnostic(err error) protocol.Diagnostic {
	return protocol.Diagnostic{
		Severity: protocol.DiagnosticSeverityWarning,
		Code:     CodeScanFailed,
		Source:   Source,
		Message:  "Sentinel could not scan this file, so it has no verdict (" + plain(err.Error()) + "); the server log has the details.",
	}
}

// line is one line of a document: its text without the line break.
type line struct{ s string }

func splitLines(s string) []line {
	parts := strings.Split(s, "\n")
	out := make([]line, len(parts))
	for i, p := range parts {
		out[i] = line{strings.TrimSuffix(p, "\r")}
	}
	return out
}

// u16 is the length of s in UTF-16 code units, the protocol's columns.
func u16(s string) uint32 {
	n := 0
	for _, r := range s {
		l := utf16.RuneLen(r)
		if l < 0 {
			l = 1
		}
		n += l
	}
	return uint32(n)
}

func pos(lines []line, ln int, byteCol int) protocol.Position {
	return protocol.Position{Line: uint32(ln), Character: u16(lines[ln].s[:byteCol])}
}

// lineRange is a whole line, its leading and trailing blanks left out.
func lineRange(lines []line, ln int) protocol.Range {
	if ln < 0 || ln >= len(lines) {
		ln = 0
	}
	s := lines[ln].s
	start := len(s) - len(strings.TrimLeft(s, " \t"))
	end := len(strings.TrimRight(s, " \t"))
	if end < start {
		end = start
	}
	return protocol.Range{Start: pos(lines, ln, start), End: pos(lines, ln, end)}
}

// hiddenRuns are the byte ranges of the runs of invisible characters on a
// line.
func hiddenRuns(s string) [][2]int {
	var runs [][2]int
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if text.Classify(r) != text.NotInvisible {
			if len(runs) > 0 && runs[len(runs)-1][1] == i {
				runs[len(runs)-1][1] = i + n
			} else {
				runs = append(runs, [2]int{i, i + n})
			}
		}
		i += n
	}
	return runs
}

// findingRange is where a finding is: for hidden characters (and what
// was decoded from them) the run of them, from the first invisible
// character on the line to the last; for a hook, task or server the
// command's own line when it is near the line the engine named (which is
// where the entry starts); else the evidence where the line holds it, else
// the line.
func findingRange(lines []line, f *scan.Finding) protocol.Range {
	ln := f.Line - 1
	if ln < 0 || ln >= len(lines) {
		return lineRange(lines, 0)
	}
	s := lines[ln].s
	if (f.RuleID == "S1a" || f.RuleID == "S1b") || f.Decoded != "" {
		if runs := hiddenRuns(s); len(runs) > 0 {
			return protocol.Range{Start: pos(lines, ln, runs[0][0]), End: pos(lines, ln, runs[len(runs)-1][1])}
		}
	}
	if f.Subject != nil && f.Subject.Command != "" {
		if r, ok := commandRange(lines, ln, f.Subject.Command); ok {
			return r
		}
	}
	if ev := strings.TrimSpace(f.Evidence); ev != "" {
		if i := strings.Index(s, ev); i >= 0 {
			return protocol.Range{Start: pos(lines, ln, i), End: pos(lines, ln, i+len(ev))}
		}
	}
	return lineRange(lines, ln)
}

// commandRange finds the command as a JSON, TOML or YAML file writes it,
// on the named line or one of the next few (the entry's members).
func commandRange(lines []line, from int, cmd string) (protocol.Range, bool) {
	forms := []string{cmd}
	if b, err := json.Marshal(cmd); err == nil {
		if q := string(b[1 : len(b)-1]); q != cmd {
			forms = append(forms, q)
		}
	}
	for ln := from; ln < len(lines) && ln < from+12; ln++ {
		for _, form := range forms {
			if i := strings.Index(lines[ln].s, form); i >= 0 {
				return protocol.Range{Start: pos(lines, ln, i), End: pos(lines, ln, i+len(form))}, true
			}
		}
	}
	return protocol.Range{}, false
}

func within(r protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || (a.Line == b.Line && a.Character <= b.Character)
	}
	return before(r.Start, p) && before(p, r.End)
}

// hover explains the findings under the cursor.
func (s *Server) hover(p protocol.HoverParams) *protocol.Hover {
	s.mu.Lock()
	d := s.docs[string(p.TextDocument.URI)]
	var st *fileState
	if d != nil {
		st = d.res
	}
	s.mu.Unlock()
	if st == nil {
		return nil
	}
	var b strings.Builder
	var rng *protocol.Range
	for i, dg := range st.diags {
		if !within(dg.Range, p.Position) && dg.Range.Start.Line != p.Position.Line {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n---\n\n")
		}
		r := dg.Range
		rng = &r
		if i >= len(st.findings) {
			b.WriteString(mdText(dg.Message))
			continue
		}
		writeExplanation(&b, &st.findings[i], st.file)
	}
	if b.Len() == 0 {
		return nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: b.String()}, Range: rng}
}

// writeExplanation is one finding in a hover. Scanned text appears only
// inside code blocks or escaped, so a file cannot put links, images or
// markup in the editor's hover.
func writeExplanation(b *strings.Builder, f *scan.Finding, fr *scan.FileResult) {
	kind := "scored"
	switch {
	case f.Observation:
		kind = "observation, never scored"
	case f.ForcesCompromised:
		kind = "forces COMPROMISED"
	}
	fmt.Fprintf(b, "**Sentinel %s: %s** (%s)\n\n", mdText(f.RuleID), mdText(f.RuleName), kind)
	if f.Impact != "" {
		fmt.Fprintf(b, "**What would happen:** %s\n\n", mdText(f.Impact))
	}
	if f.Message != "" {
		b.WriteString("**Found:**\n\n")
		b.WriteString(codeBlock(plain(f.Message)))
	}
	if f.Decoded != "" {
		b.WriteString("**Hidden text, decoded (what the agent reads):**\n\n")
		b.WriteString(codeBlock(plain(f.Decoded)))
	}
	if f.Fix != "" {
		fmt.Fprintf(b, "**What to do:** %s\n\n", mdText(f.Fix))
	}
	if fr != nil {
		fmt.Fprintf(b, "**Score:** %s\n\n", mdText(fr.Breakdown))
	}
	fmt.Fprintf(b, "[%s in docs/rules.md](%s)", mdText(f.RuleID), ruleLink(f.RuleID))
}

// mdText escapes text for Markdown: every punctuation character that could
// start markup is backslash-escaped.
func mdText(s string) string {
	s = plain(s)
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_{}[]()#+-.!|<>~&=:\"'", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codeBlock fences s with more backticks than any run inside it.
func codeBlock(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	return fence + "text\n" + s + "\n" + fence + "\n\n"
}
