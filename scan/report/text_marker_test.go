package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/report"
)

func textOf(t *testing.T, res *scan.Result, opt report.TextOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteText(&b, res, opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func cleanFile(p string) scan.FileResult {
	return scan.FileResult{Path: p, Filename: p, Verdict: scan.Clean, TrustScore: 100, Breakdown: p + ": 100 = 100"}
}

// TestTextNotReadIsNeverOK: a file a notice says was not read (invalid
// JSON, a parser's "was not read", discover's "not read: ...") is marked
// "not read", never "[ ok ] ... score 100", and is not counted as read; a
// file read in part is not [ ok ] either.
func TestTextNotReadIsNeverOK(t *testing.T) {
	res := &scan.Result{Verdict: scan.Clean, TrustScore: 100, FormulaVersion: "0.1",
		Files: []scan.FileResult{cleanFile(".claude/settings.json"), cleanFile("AGENTS.md"), cleanFile("big.md"), cleanFile("GEMINI.md")},
		Notices: []scan.Notice{
			{Path: ".claude/settings.json", Message: ".claude/settings.json was not read: it is not valid JSON (unexpected EOF); fix the syntax"},
			{Path: "AGENTS.md", Message: "not read: it is binary"},
			{Path: "big.md", Message: scan.TruncatedNotice},
		}}
	for _, opt := range []report.TextOptions{{}, {HideClean: true}} {
		out := textOf(t, res, opt)
		for _, p := range []string{".claude/settings.json", "AGENTS.md", "big.md"} {
			if strings.Contains(out, "[ ok ] "+p) {
				t.Errorf("%s, which a notice says was not read whole, is shown as [ ok ]:\n%s", p, out)
			}
		}
		for _, want := range []string{"[ -- ] .claude/settings.json   not read", "[ -- ] AGENTS.md   not read", "[ ~~ ] big.md   score 100", "2 files read: 0 compromised, 0 suspicious, 2 clean · 2 not read"} {
			if opt.HideClean && strings.HasPrefix(want, "2 files") {
				continue
			}
			if !strings.Contains(out, want) {
				t.Errorf("report (%+v) lacks %q:\n%s", opt, want, out)
			}
		}
		if !opt.HideClean && !strings.Contains(out, "[ ok ] GEMINI.md   score 100") {
			t.Errorf("a file read whole lost its [ ok ]:\n%s", out)
		}
	}
}

// TestTextOKNeverBesideAFinding: a file CLEAN by the formula that still
// has a finding (a small weight) is not tagged [ ok ].
func TestTextOKNeverBesideAFinding(t *testing.T) {
	f := cleanFile("CLAUDE.md")
	f.TrustScore, f.Breakdown = 90, "CLAUDE.md: 100 S99:-10 = 90"
	f.Findings = []scan.Finding{{RuleID: "S99", Path: "CLAUDE.md", Line: 3, Message: "a small thing"}}
	res := &scan.Result{Verdict: scan.Clean, TrustScore: 90, FormulaVersion: "0.1", Files: []scan.FileResult{f}}
	out := textOf(t, res, report.TextOptions{})
	if strings.Contains(out, "[ ok ]") || !strings.Contains(out, "[ ~~ ] CLAUDE.md   score 90") {
		t.Errorf("a clean file with a finding is tagged [ ok ]:\n%s", out)
	}
}

// TestTextQuiet: --quiet keeps the verdict, files with findings and their
// findings, and the closing line; clean files, observations and notices go.
func TestTextQuiet(t *testing.T) {
	out := textOf(t, handMade(), report.TextOptions{Quiet: true})
	for _, want := range []string{"verdict: COMPROMISED", "[ !! ] CLAUDE.md", "[ ?? ] .claude/settings.json", "S1a forced:", "3 files read: 1 compromised"} {
		if !strings.Contains(out, want) {
			t.Errorf("quiet report lacks %q:\n%s", want, out)
		}
	}
	for _, gone := range []string{"] AGENTS.md", "observations (", "notices (", "listed below, not scored"} {
		if strings.Contains(out, gone) {
			t.Errorf("quiet report shows %q:\n%s", gone, out)
		}
	}
}
