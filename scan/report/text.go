// Package report writes a scan.Result for people and machines: a terminal
// report (text.go), the JSON contract (json.go) and SARIF 2.1.0 for code
// scanning (sarif.go). Each writer is a function of the Result alone.
//
// Every string that may have come from a scanned file is passed through
// redact.String again on the way out, and the terminal writer also escapes
// control and invisible characters, so a hostile file can neither leak a
// secret into a CI log nor drive the reader's terminal.
package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sentinel-sec/sentinel/scan"
)

// TextOptions change how the terminal report looks.
type TextOptions struct {
	// Color adds ANSI colours. The caller decides: only when writing to a
	// terminal and NO_COLOR is unset.
	Color bool
	// HideClean leaves out the lines of CLEAN files that have nothing to
	// show (no findings, no observations); the closing line still counts
	// them. For short reports such as the gate's.
	HideClean bool
	// HooksOnly says the scan left instruction files out (--hooks-only),
	// so a report with no files says that nothing runs or connects by
	// itself, not that there are no agent files.
	HooksOnly bool
	// Quiet prints the verdict, the files with findings and their
	// findings, and the closing line (which still counts notices and
	// observations); clean files, observations and notices are left out.
	Quiet bool
}

// ANSI styles used by the text report.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiGreen  = "\x1b[32m"
)

// evidenceWidth is the most characters of one evidence or decoded line the
// terminal report shows; JSON and SARIF carry the engine's full text.
const evidenceWidth = 240

type textWriter struct {
	w     *bufio.Writer
	color bool
	// reads says how far each file with a notice was read.
	reads map[string]readState
}

// readState is how much of a file the scan could read, from the notices.
type readState int

const (
	readWhole readState = iota
	// readPart: read, but a notice says part of it was not (larger than
	// Sentinel reads, front matter not understood, ...).
	readPart
	// readNone: a notice says the file was not read (not valid JSON, for
	// instance), so its score of 100 means nothing.
	readNone
)

// readStates maps each path that has a notice to how far it was read.
func readStates(notices []scan.Notice) map[string]readState {
	m := map[string]readState{}
	for _, n := range notices {
		st := readPart
		if notReadNotice(n) {
			st = readNone
		}
		if st > m[n.Path] {
			m[n.Path] = st
		}
	}
	return m
}

// notReadNotice reports whether a notice says its file was not read at
// all: discover's "not read: ..." and the parsers' "PATH was not read: ...".
func notReadNotice(n scan.Notice) bool {
	return strings.HasPrefix(n.Message, "not read") || strings.Contains(n.Message, " was not read")
}

func (t *textWriter) style(code, s string) string {
	if !t.color || s == "" {
		return s
	}
	return code + s + ansiReset
}

func (t *textWriter) printf(format string, args ...any) { fmt.Fprintf(t.w, format, args...) }

// WriteText writes the human report: the verdict with the formula version,
// then one block per file with its marker, score and arithmetic, each
// finding with what happens and what to do, observations (never scored) and
// notices (files not read, or read in part).
func WriteText(w io.Writer, res *scan.Result, opt TextOptions) error {
	t := &textWriter{w: bufio.NewWriter(w), color: opt.Color}
	res = Redacted(res)
	t.reads = readStates(res.Notices)

	t.printf("sentinel  verdict: %s   (formula v%s)\n", t.verdict(res.Verdict, string(res.Verdict)), res.FormulaVersion)
	if n := len(res.Suppressions); n > 0 {
		// The verdict shown is not the files' alone: say so on the next line.
		t.printf("          with %s suppressed (listed below); without suppressions: %s\n", plural(n, "finding"), t.verdict(res.UnsuppressedVerdict, string(res.UnsuppressedVerdict)))
	}

	if len(res.Files) > 0 {
		t.printf("\n")
	}
	for _, f := range res.Files {
		quiet := f.Verdict == scan.Clean && len(f.Findings) == 0 && len(f.Observations) == 0 && !f.Truncated && t.reads[f.Path] == readWhole
		if opt.HideClean && quiet || opt.Quiet && len(f.Findings) == 0 {
			continue
		}
		t.file(f, opt.Quiet)
	}

	if len(res.Observations) > 0 && !opt.Quiet {
		t.printf("\n%s\n", t.style(ansiBold, "observations (shown for review, never scored):"))
		for _, o := range res.Observations {
			loc := Terminal(o.Path)
			if o.Line > 0 {
				loc = fmt.Sprintf("%s:%d", loc, o.Line)
			}
			t.printf("    %s  %s: %s\n", loc, o.RuleID, clip(Terminal(o.Message), evidenceWidth))
			t.details(o, false)
		}
	}

	t.suppressions(res, opt.Quiet)

	if len(res.Notices) > 0 && !opt.Quiet {
		t.printf("\n%s\n", t.style(ansiBold, "notices (not read, or read in part; the rest of the scan went on):"))
		for _, n := range res.Notices {
			msg := n.Message
			// Parsers often start their message with the file's path
			// ("PATH was not read: ..." or "PATH: ..."): say it once.
			if strings.HasPrefix(msg, n.Path+" ") {
				t.printf("    %s\n", Terminal(msg))
				continue
			}
			if head, rest, ok := strings.Cut(msg, ": "); ok && head != "" && strings.HasSuffix(n.Path, head) {
				msg = rest
			}
			t.printf("    %s: %s\n", Terminal(n.Path), Terminal(msg))
		}
	}

	t.printf("\n%s\n", summary(res, opt, t.reads))
	return t.w.Flush()
}

func (t *textWriter) verdict(v scan.Verdict, s string) string {
	switch v {
	case scan.Compromised:
		return t.style(ansiBold+ansiRed, s)
	case scan.Suspicious:
		return t.style(ansiBold+ansiYellow, s)
	}
	return t.style(ansiBold+ansiGreen, s)
}

// Marker is the three-state tag the text report puts before each file.
func Marker(v scan.Verdict) string {
	switch v {
	case scan.Compromised:
		return "[ !! ]"
	case scan.Suspicious:
		return "[ ?? ]"
	}
	return "[ ok ]"
}

// Markers of a CLEAN file that [ ok ] would misdescribe.
const (
	// markerNotRead: a notice says the file was not read, so there is
	// nothing its score could vouch for.
	markerNotRead = "[ -- ]"
	// markerCleanButLook: clean by the formula, yet a finding stands
	// beside it or part of the file was not read; [ ok ] never stands
	// beside a finding.
	markerCleanButLook = "[ ~~ ]"
)

// marker is the tag of one file: Marker's, except that [ ok ] is kept for
// a clean file that was read whole and has no finding.
func (t *textWriter) marker(f scan.FileResult) string {
	if f.Verdict != scan.Compromised && t.reads[f.Path] == readNone && onlyNotRead(f.Findings) {
		return markerNotRead
	}
	if f.Verdict != scan.Clean && f.Verdict != "" {
		return Marker(f.Verdict)
	}
	switch {
	case t.reads[f.Path] == readNone:
		return markerNotRead
	case len(f.Findings) > 0 || f.Truncated || t.reads[f.Path] == readPart:
		return markerCleanButLook
	}
	return Marker(f.Verdict)
}

func (t *textWriter) file(f scan.FileResult, quiet bool) {
	path := Terminal(f.Path)
	mark := t.marker(f)
	var line string
	if mark == markerNotRead && onlyNotRead(f.Findings) {
		line = fmt.Sprintf("%s %s   not read (see the notice below)", t.style(ansiDim, mark), path)
		if quiet {
			line = fmt.Sprintf("%s %s   not read", t.style(ansiDim, mark), path)
		}
	} else {
		line = fmt.Sprintf("%s %s   score %d", t.verdict(f.Verdict, mark), path, f.TrustScore)
	}
	if len(f.Findings) > 0 {
		arith := strings.TrimPrefix(f.Breakdown, f.Path+": ")
		line += "   " + Terminal(arith)
	}
	switch {
	case f.Truncated:
		line += t.style(ansiDim, "   (read in part: the file is larger than Sentinel reads)")
	case t.reads[f.Path] != readWhole:
		line += t.style(ansiDim, "   (not read whole: see the notice below)")
	}
	t.printf("%s\n", line)
	for _, fd := range f.Findings {
		head := fd.RuleID
		if fd.ForcesCompromised {
			head += " forced"
		}
		t.printf("    %s: %s\n", t.style(ansiBold, head), clip(Terminal(fd.Message), evidenceWidth))
		t.details(fd, true)
	}
	if len(f.Observations) > 0 && len(f.Findings) == 0 && !quiet {
		t.printf("    %s\n", t.style(ansiDim, plural(len(f.Observations), "observation")+", listed below, not scored"))
	}
}

// details writes the evidence, decoded text, impact and fix of a finding.
func (t *textWriter) details(fd scan.Finding, explain bool) {
	label := func(name string) string { return fmt.Sprintf("      %-12s : ", name) }
	ev := Terminal(fd.Evidence)
	switch {
	case ev != "" && fd.Line > 0:
		t.printf("%s%s\n", label("evidence"), clip(fmt.Sprintf("line %d: %s", fd.Line, ev), evidenceWidth))
	case ev != "":
		t.printf("%s%s\n", label("evidence"), clip(ev, evidenceWidth))
	case fd.Line > 0:
		t.printf("%sline %d\n", label("where"), fd.Line)
	}
	if fd.Decoded != "" {
		t.printf("%s\"%s\"\n", label("decoded"), clip(Terminal(fd.Decoded), evidenceWidth))
	}
	if !explain {
		return
	}
	if fd.Impact != "" {
		t.printf("%s%s\n", label("what happens"), Terminal(fd.Impact))
	}
	if fd.Fix != "" {
		t.printf("%s%s\n", label("what to do"), Terminal(fd.Fix))
	}
}

// summary is the closing line: how many files were read and how they stand.
func summary(res *scan.Result, opt TextOptions, reads map[string]readState) string {
	if len(res.Files) == 0 {
		switch {
		case len(res.Notices) > 0:
			return fmt.Sprintf("no agent file was read; see the %s above", plural(len(res.Notices), "notice"))
		case opt.HooksOnly:
			return "nothing here runs or connects by itself: no hooks, tasks or tool servers (--hooks-only leaves instruction files out)"
		}
		return "no agent files found: nothing here is a file an AI coding agent obeys"
	}
	var clean, susp, comp, unread int
	for _, f := range res.Files {
		switch {
		case f.Verdict == scan.Compromised:
			comp++
		case reads[f.Path] == readNone && onlyNotRead(f.Findings):
			unread++ // S36: not read, and that is all there is to say
		case f.Verdict == scan.Suspicious:
			susp++
		default:
			if reads[f.Path] == readNone && len(f.Findings) == 0 {
				unread++
			} else {
				clean++
			}
		}
	}
	read := len(res.Files) - unread
	noun := "files"
	if read == 1 {
		noun = "file"
	}
	s := fmt.Sprintf("%d %s read: %d compromised, %d suspicious, %d clean", read, noun, comp, susp, clean)
	if unread > 0 {
		s += fmt.Sprintf(" · %d not read", unread)
	}
	if n := len(res.Observations); n > 0 {
		s += " · " + plural(n, "observation")
	}
	if n := len(res.Notices); n > 0 {
		s += " · " + plural(n, "notice")
	}
	if n := len(res.Suppressions); n > 0 {
		s += fmt.Sprintf(" · %d suppressed", n)
	}
	return s
}

// suppressions lists every suppressed finding (even with --quiet: a
// reviewer must see what was not counted) and every marker or baseline
// entry that did not apply.
func (t *textWriter) suppressions(res *scan.Result, quiet bool) {
	if len(res.Suppressions) > 0 {
		t.printf("\n%s\n", t.style(ansiBold, "suppressed (not counted; review each):"))
		for _, s := range res.Suppressions {
			f := s.Finding
			loc := Terminal(f.Path)
			if f.Line > 0 {
				loc = fmt.Sprintf("%s:%d", loc, f.Line)
			}
			why := s.Kind
			switch s.Kind {
			case "inline":
				why = fmt.Sprintf("marker at line %d", s.MarkerLine)
				if s.Reason != "" {
					why += fmt.Sprintf(", reason: %q", clip(Terminal(s.Reason), evidenceWidth))
				} else {
					why += ", no reason given"
				}
			case "baseline":
				why = "in the baseline"
			case "config-exclude":
				why = Terminal(s.Reason)
			}
			forced := ""
			if f.ForcesCompromised {
				forced = " [forces COMPROMISED]"
			}
			t.printf("    %s  %s%s: %s\n      (%s)\n", loc, f.RuleID, forced, clip(Terminal(f.Message), evidenceWidth), why)
		}
	}
	if len(res.SuppressionNotes) > 0 && !quiet {
		t.printf("\n%s\n", t.style(ansiBold, "suppressions that did not apply:"))
		for _, n := range res.SuppressionNotes {
			t.printf("    %s: %s\n", Terminal(n.Path), Terminal(n.Message))
		}
	}
}

// plural is "1 finding", "2 findings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// onlyNotRead reports findings that are all S36's "not read whole" (or
// none): the file's line then says "not read", which is all they say.
func onlyNotRead(fs []scan.Finding) bool {
	for _, f := range fs {
		if f.RuleID != "S36" {
			return false
		}
	}
	return true
}
