package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/suppress"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// maxMergeInput is the largest JSON result 'report merge' reads (64 MiB).
const maxMergeInput = 64 << 20

func newReportCmd(app *App) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "report",
		GroupID: "scan",
		Short:   "Work with saved scan results (merge many into one table)",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usagef("name a subcommand: 'sentinel report merge RESULT.json...'")
		},
	}
	cmd.AddCommand(newReportMergeCmd(app))
	return cmd
}

type mergeOptions struct {
	json bool
	top  int
	out  string
}

func newReportMergeCmd(app *App) *cobra.Command {
	o := &mergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Turn many 'sentinel scan --json' results into one table: verdict counts, top rules, repositories to look at first",
		Long: `Merge reads the JSON results of many scans ('sentinel scan REPO --json
--out NAME.json', one per repository, as an org-wide sweep writes them) and
prints one summary: how many repositories are CLEAN, SUSPICIOUS and
COMPROMISED, the rules found most often and in how many repositories, and
the repositories to look at first (the worst verdict, then the lowest
score). Each repository is named by its file name without .json.

A file that is not a Sentinel result is listed as not read, and the command
then exits 1 after printing the summary, so a sweep whose scan failed for one
repository does not pass quietly. The Markdown is safe to post as a comment:
names and rule titles are escaped.`,
		Example: `  sentinel report merge results/*.json                 # Markdown on standard output
  sentinel report merge results/*.json --json --out summary.json
  sentinel report merge results/*.json --top 20`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("name the JSON results to merge ('sentinel report merge results/*.json'); write them with 'sentinel scan REPO --json --out REPO.json'")
			}
			if o.top < 1 {
				return usagef("--top %d: give how many repositories to list first, 1 or more", o.top)
			}
			sum := mergeResults(args)
			var buf bytes.Buffer
			if o.json {
				enc := json.NewEncoder(&buf)
				enc.SetIndent("", "  ")
				if err := enc.Encode(report.RedactedAny(*sum)); err != nil {
					return err
				}
			} else {
				writeMergeMarkdown(&buf, sum, o.top)
			}
			if o.out != "" {
				if err := writeReportFile(o.out, buf.Bytes()); err != nil {
					return err
				}
				fmt.Fprintf(app.Stderr, "sentinel: %s merged; summary written to %s\n", plural(sum.Repositories, "result"), o.out)
			} else if _, err := cmd.OutOrStdout().Write(buf.Bytes()); err != nil {
				return err
			}
			if len(sum.NotRead) > 0 {
				return fmt.Errorf("%s could not be read (listed in the summary); check that each is the output of 'sentinel scan --json'", plural(len(sum.NotRead), "result"))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the summary as JSON instead of Markdown")
	f.IntVar(&o.top, "top", 10, "list `N` repositories to look at first (Markdown)")
	f.StringVar(&o.out, "out", "", "write the summary to `FILE` instead of standard output")
	return cmd
}

// mergeSummary is the JSON shape of 'sentinel report merge --json'.
type mergeSummary struct {
	Repositories int            `json:"repositories"`
	Verdicts     map[string]int `json:"verdicts"`
	// Suppressed counts findings suppressed in all results.
	Suppressed int          `json:"suppressed"`
	TopRules   []mergeRule  `json:"top_rules"`
	Repos      []mergeRepo  `json:"repos"`
	NotRead    []mergeError `json:"not_read"`
}

type mergeRule struct {
	RuleID       string `json:"rule_id"`
	RuleName     string `json:"rule_name"`
	Findings     int    `json:"findings"`
	Repositories int    `json:"repositories"`
}

// mergeRepo is one repository, in the order to look at them: the worst
// verdict first, then the lowest score, then the most findings.
type mergeRepo struct {
	Name       string   `json:"name"`
	File       string   `json:"file"`
	Verdict    string   `json:"verdict"`
	TrustScore int      `json:"trust_score"`
	Findings   int      `json:"findings"`
	Forcing    int      `json:"forcing"`
	Suppressed int      `json:"suppressed"`
	Rules      []string `json:"rules"`
	Notices    int      `json:"notices"`
}

type mergeError struct {
	File    string `json:"file"`
	Message string `json:"message"`
}

// mergeInput is the part of the scan JSON contract merge reads.
type mergeInput struct {
	Verdict    *scan.Verdict `json:"verdict"`
	TrustScore *int          `json:"trust_score"`
	Files      []struct {
		Findings []scan.Finding `json:"findings"`
	} `json:"files"`
	// Findings: the single-file shape ('sentinel scan FILE --json').
	Findings     []scan.Finding     `json:"findings"`
	Notices      []scan.Notice      `json:"notices"`
	Suppressions []scan.Suppression `json:"suppressions"`
}

func mergeResults(files []string) *mergeSummary {
	sum := &mergeSummary{Verdicts: map[string]int{string(scan.Clean): 0, string(scan.Suspicious): 0, string(scan.Compromised): 0},
		TopRules: []mergeRule{}, Repos: []mergeRepo{}, NotRead: []mergeError{}}
	rules := map[string]*mergeRule{}
	for _, name := range files {
		in, err := readMergeInput(name)
		if err != nil {
			sum.NotRead = append(sum.NotRead, mergeError{File: name, Message: err.Error()})
			continue
		}
		r := mergeRepo{Name: strings.TrimSuffix(filepath.Base(name), ".json"), File: filepath.ToSlash(name),
			Verdict: string(*in.Verdict), TrustScore: *in.TrustScore, Notices: len(in.Notices), Suppressed: len(in.Suppressions), Rules: []string{}}
		seen := map[string]bool{}
		groups := make([][]scan.Finding, 0, len(in.Files)+1)
		groups = append(groups, in.Findings)
		for _, f := range in.Files {
			groups = append(groups, f.Findings)
		}
		for _, g := range groups {
			for _, fd := range g {
				r.Findings++
				if fd.ForcesCompromised {
					r.Forcing++
				}
				mr := rules[fd.RuleID]
				if mr == nil {
					mr = &mergeRule{RuleID: fd.RuleID, RuleName: fd.RuleName}
					rules[fd.RuleID] = mr
				}
				mr.Findings++
				if !seen[fd.RuleID] {
					seen[fd.RuleID] = true
					mr.Repositories++
					r.Rules = append(r.Rules, fd.RuleID)
				}
			}
		}
		slices.Sort(r.Rules)
		sum.Repositories++
		sum.Verdicts[r.Verdict]++
		sum.Suppressed += r.Suppressed
		sum.Repos = append(sum.Repos, r)
	}
	slices.SortStableFunc(sum.Repos, func(a, b mergeRepo) int {
		if d := scan.Verdict(b.Verdict).Rank() - scan.Verdict(a.Verdict).Rank(); d != 0 {
			return d
		}
		if a.TrustScore != b.TrustScore {
			return a.TrustScore - b.TrustScore
		}
		return b.Findings - a.Findings
	})
	for _, r := range rules {
		sum.TopRules = append(sum.TopRules, *r)
	}
	slices.SortFunc(sum.TopRules, func(a, b mergeRule) int {
		if a.Repositories != b.Repositories {
			return b.Repositories - a.Repositories
		}
		if a.Findings != b.Findings {
			return b.Findings - a.Findings
		}
		return strings.Compare(a.RuleID, b.RuleID)
	})
	return sum
}

// readMergeInput reads one scan result; every failure is one sentence.
func readMergeInput(name string) (*mergeInput, error) {
	f, err := os.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errors.New("no such file")
		}
		return nil, errors.New(errSentence(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, maxMergeInput+1))
	if err != nil {
		return nil, errors.New(errSentence(err))
	}
	if len(data) > maxMergeInput {
		return nil, fmt.Errorf("larger than %d MiB, which no scan result is", maxMergeInput>>20)
	}
	var in mergeInput
	if err := json.Unmarshal(data, &in); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			l, c := suppress.LineCol(data, int(se.Offset))
			return nil, fmt.Errorf("not JSON (line %d, column %d: %s)", l, c, se.Error())
		case errors.As(err, &te):
			l, c := suppress.LineCol(data, int(te.Offset))
			return nil, fmt.Errorf("not a Sentinel scan result (line %d, column %d: %s has the wrong type)", l, c, te.Field)
		}
		return nil, fmt.Errorf("not a Sentinel scan result (%v)", err)
	}
	if in.Verdict == nil || in.TrustScore == nil {
		return nil, errors.New("not a Sentinel scan result: it has no verdict or trust_score ('sentinel scan --json' writes both)")
	}
	switch *in.Verdict {
	case scan.Clean, scan.Suspicious, scan.Compromised:
	default:
		return nil, fmt.Errorf("not a Sentinel scan result: its verdict %q is not CLEAN, SUSPICIOUS or COMPROMISED", clipText(string(*in.Verdict), 40))
	}
	return &in, nil
}

// mdCell escapes text for a Markdown table cell: no table break, no
// markup, no HTML, on one line.
func mdCell(s string) string {
	s = report.Terminal(s) // secrets redacted; controls and invisible characters shown as escapes
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		case '|', '\\', '`', '*', '_', '[', ']', '<', '>', '#', '!', '~', '&':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func writeMergeMarkdown(w io.Writer, sum *mergeSummary, top int) {
	fmt.Fprintf(w, "# Sentinel sweep: %s\n\n", plural(sum.Repositories, "repository result"))
	fmt.Fprintf(w, "| verdict | repositories |\n|---|---:|\n")
	for _, v := range []scan.Verdict{scan.Compromised, scan.Suspicious, scan.Clean} {
		fmt.Fprintf(w, "| %s | %d |\n", v, sum.Verdicts[string(v)])
	}
	if len(sum.NotRead) > 0 {
		fmt.Fprintf(w, "| not read | %d |\n", len(sum.NotRead))
	}
	if sum.Suppressed > 0 {
		fmt.Fprintf(w, "\n%s suppressed by markers, baselines or .sentinel.yaml (listed in each repository's report).\n", plural(sum.Suppressed, "finding"))
	}
	if len(sum.Repos) > 0 {
		n := min(top, len(sum.Repos))
		fmt.Fprintf(w, "\n## Look at these first\n\n| # | repository | verdict | score | findings | rules |\n|---:|---|---|---:|---:|---|\n")
		for i, r := range sum.Repos[:n] {
			rules := make([]string, len(r.Rules))
			for j, id := range r.Rules {
				rules[j] = mdCell(id)
			}
			fmt.Fprintf(w, "| %d | %s | %s | %d | %d | %s |\n", i+1, mdCell(r.Name), r.Verdict, r.TrustScore, r.Findings, strings.Join(rules, ", "))
		}
		if n < len(sum.Repos) {
			fmt.Fprintf(w, "\n%d more in the JSON summary (--json) or with --top %d.\n", len(sum.Repos)-n, len(sum.Repos))
		}
	}
	if len(sum.TopRules) > 0 {
		fmt.Fprintf(w, "\n## Rules found most often\n\n| rule | name | repositories | findings |\n|---|---|---:|---:|\n")
		for _, r := range sum.TopRules[:min(10, len(sum.TopRules))] {
			fmt.Fprintf(w, "| %s | %s | %d | %d |\n", mdCell(r.RuleID), mdCell(r.RuleName), r.Repositories, r.Findings)
		}
	}
	if len(sum.NotRead) > 0 {
		fmt.Fprintf(w, "\n## Results not read\n\n")
		for _, e := range sum.NotRead {
			fmt.Fprintf(w, "- %s: %s\n", mdCell(e.File), mdCell(e.Message))
		}
	}
}
