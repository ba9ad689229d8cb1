package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/termsafe"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan/meaning"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// maxExplainFile bounds the file explain reads.
const maxExplainFile = 4 << 20

// Explanation is `sentinel explain FILE:LINE --json`: how the semantic
// reading (rule S45) read each unit that starts on the line. Keys are only
// ever added (docs/json-contract.md).
type Explanation struct {
	Path  string            `json:"path"`
	Line  int               `json:"line"`
	Units []UnitExplanation `json:"units"`
}

// UnitExplanation is one unit's reading.
type UnitExplanation struct {
	Line int    `json:"line"`
	Kind string `json:"kind"`
	Text string `json:"text"`
	Lang string `json:"lang"`
	// Covered is false when the data has no lexicon for the language:
	// such a unit never warns.
	Covered     bool                   `json:"covered"`
	Act         []string               `json:"act"`
	Object      []string               `json:"object"`
	Destination []string               `json:"destination"`
	Condition   []string               `json:"condition"`
	Hits        []meaning.Hit          `json:"hits"`
	Intent      string                 `json:"intent,omitempty"`
	Reads       string                 `json:"reads_as,omitempty"`
	JoinedLine  int                    `json:"joined_line,omitempty"`
	Score       float32                `json:"score"`
	Threshold   float32                `json:"threshold"`
	Top         []meaning.Contribution `json:"top_features"`
	// Guards says, for each guard S45 looks for, whether it applied.
	Guards []GuardCheck `json:"guards"`
	Warns  bool         `json:"warns"`
	Why    string       `json:"why"`
}

// GuardCheck is one guard S45 looks for and whether it applied.
type GuardCheck struct {
	Guard   string `json:"guard"`
	Applied bool   `json:"applied"`
	Detail  string `json:"detail"`
}

func newExplainCmd(app *App) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "explain FILE:LINE",
		GroupID: "scan",
		Short:   "Show how the semantic reading (S45) read a line: its frame, the score's top features and the guards",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path, line, err := parseFileLine(args[0])
			if err != nil {
				return err
			}
			data, err := readBounded(path)
			if err != nil {
				return err
			}
			ex := explain(path, line, data)
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(ex)
			}
			printExplanation(cmd.OutOrStdout(), ex)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the explanation as JSON")
	return cmd
}

// parseFileLine splits "FILE:LINE" at its last colon.
func parseFileLine(arg string) (string, int, error) {
	i := strings.LastIndexByte(arg, ':')
	if i <= 0 {
		return "", 0, usagef("want FILE:LINE, such as CLAUDE.md:12")
	}
	n, err := strconv.Atoi(arg[i+1:])
	if err != nil || n < 1 {
		return "", 0, usagef("the line after the colon must be a number from 1 up, got %q", termsafe.String(arg[i+1:]))
	}
	return arg[:i], n, nil
}

// readBounded reads a regular file of at most maxExplainFile bytes.
func readBounded(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, usagef("cannot read %s: %v", termsafe.String(path), err)
	}
	if !st.Mode().IsRegular() {
		return nil, usagef("%s is not a regular file", termsafe.String(path))
	}
	if st.Size() > maxExplainFile {
		return nil, usagef("%s is larger than %d MiB; explain reads instruction files", termsafe.String(path), maxExplainFile>>20)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("cannot read %s: %v", termsafe.String(path), err)
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxExplainFile))
}

// explain reads the file as S45 does and explains the units on line.
func explain(path string, line int, data []byte) Explanation {
	ex := Explanation{Path: path, Line: line, Units: []UnitExplanation{}}
	covered := map[string]bool{}
	for _, l := range meaning.Languages() {
		covered[l] = true
	}
	m := meaning.Embedded()
	rs := rules.MeaningReadings(data)
	for i, rd := range rs {
		last := rd.Unit.Line + strings.Count(rd.Unit.Text, "\n")
		if line < rd.Unit.Line || line > last {
			continue
		}
		if rd.Frame.Lang == "" {
			// The reading's gate passed over the unit (no act and object
			// literals): read it whole here, to show why.
			l := meaning.Lang(rd.Unit.Text)
			if l == "" {
				l = meaning.Lang(string(data))
			}
			rd.Frame = meaning.Read(rd.Unit.Text, l)
		}
		u := UnitExplanation{
			Line: rd.Unit.Line, Kind: rd.Unit.Kind, Text: redact.String(rd.Unit.Text), Lang: rd.Frame.Lang,
			Covered: covered[rd.Frame.Lang],
			Act:     rd.Frame.Part("act."), Object: rd.Frame.Part("obj."), Destination: rd.Frame.Part("dest."), Condition: rd.Frame.Part("cond."),
			Hits: rd.Frame.Hits, Intent: rd.Frame.Intent, Reads: rd.Frame.Say, JoinedLine: rd.Frame.Joined,
			Score: rd.Score, Threshold: rd.Threshold, Warns: rd.Warn && rd.QuoteGuard == "",
		}
		if u.Hits == nil {
			u.Hits = []meaning.Hit{}
		}
		if m != nil {
			u.Threshold = m.Threshold
			u.Score = m.Score(rd.Unit.Text, &rd.Frame)
			u.Top = m.Top(rd.Unit.Text, &rd.Frame, 8)
			for k := range u.Top {
				// Word features are the unit's own words: a token-shaped
				// secret among them is redacted like the text.
				u.Top[k].Feature = redact.String(u.Top[k].Feature)
			}
		}
		u.Guards = guardChecks(rs, i)
		u.Why = why(u, rd)
		ex.Units = append(ex.Units, u)
	}
	return ex
}

// guardChecks lists each guard S45 looks for and whether it applied to
// reading i, including the guards of the units around it, which govern
// their own sentence only.
func guardChecks(rs []rules.MeaningReading, i int) []GuardCheck {
	rd := rs[i]
	var out []GuardCheck
	g := GuardCheck{Guard: "prohibition or hand-back in the sentence"}
	if rd.Frame.Guard != "" {
		g.Applied, g.Detail = true, fmt.Sprintf("%q governs the act: a prohibition, a redaction, a decision left to the user, a condition, a consequence or the description of a threat", rd.Frame.Guard)
	} else {
		g.Detail = "no prohibition, redaction, hand-back to the user, condition, consequence or threat governs the act"
	}
	out = append(out, g)
	g = GuardCheck{Guard: "heading or list introduction above"}
	switch {
	case rd.SectionGuard != "":
		g.Applied, g.Detail = true, fmt.Sprintf("line %d, %q, is a prohibition and governs the items below it", rd.Unit.SectionLine, redact.String(rd.SectionGuard))
	case rd.Unit.Section != "":
		g.Detail = fmt.Sprintf("line %d, %q, is no prohibition", rd.Unit.SectionLine, redact.String(rd.Unit.Section))
	default:
		g.Detail = "no heading above"
	}
	out = append(out, g)
	g = GuardCheck{Guard: "quotation, warning or prohibition (the prose rules' recognition)"}
	if rd.QuoteGuard != "" {
		g.Applied, g.Detail = true, rd.QuoteGuard
	} else {
		g.Detail = "not quoted, no warning about an attack, no prohibition governing the act"
	}
	out = append(out, g)
	for _, j := range []int{i - 1, i + 1} {
		if j < 0 || j >= len(rs) || rs[j].Unit.Para != rd.Unit.Para {
			continue
		}
		if rs[j].Frame.Guard != "" {
			out = append(out, GuardCheck{Guard: fmt.Sprintf("the neighbouring sentence on line %d", rs[j].Unit.Line),
				Detail: fmt.Sprintf("its %q governs its own sentence only, not this one", rs[j].Frame.Guard)})
		}
	}
	return out
}

func why(u UnitExplanation, rd rules.MeaningReading) string {
	switch {
	case !u.Covered:
		return "the data has no lexicon for this language; a language with no data gives no finding"
	case u.Intent == "":
		return "no combining rule matched: the frame lacks an act, an object or a destination that together make an intent"
	case rd.Frame.Guard != "" || rd.SectionGuard != "" || rd.QuoteGuard != "":
		return "a guard applied (see guards)"
	case u.Score < u.Threshold:
		return fmt.Sprintf("the frame matched %s, but the score %.3f is below the threshold %.3f", u.Intent, u.Score, u.Threshold)
	case !rd.Warn:
		return "the unit is longer than an instruction sentence; long explanations do not warn"
	}
	return fmt.Sprintf("S45 warns: this reads as an instruction to %s", u.Reads)
}

func printExplanation(w io.Writer, ex Explanation) {
	if len(ex.Units) == 0 {
		fmt.Fprintf(w, "%s:%d: no instruction unit starts or runs on this line (headings, code blocks and front matter are not read)\n", termsafe.String(ex.Path), ex.Line)
		return
	}
	for _, u := range ex.Units {
		fmt.Fprintf(w, "%s:%d (%s, language %s)\n", termsafe.String(ex.Path), u.Line, u.Kind, u.Lang)
		fmt.Fprintf(w, "  text:        %s\n", termsafe.String(clipText(u.Text, 300)))
		part := func(label string, terms []string) {
			if len(terms) == 0 {
				terms = []string{"-"}
			}
			fmt.Fprintf(w, "  %-12s %s\n", label+":", termsafe.String(strings.Join(terms, ", ")))
		}
		part("act", u.Act)
		part("object", u.Object)
		part("destination", u.Destination)
		part("condition", u.Condition)
		if u.Intent != "" {
			fmt.Fprintf(w, "  intent:      %s (reads as an instruction to %s)\n", u.Intent, u.Reads)
		} else {
			fmt.Fprintf(w, "  intent:      none\n")
		}
		if u.JoinedLine > 0 {
			fmt.Fprintf(w, "  joined:      the object is described on line %d\n", u.JoinedLine)
		}
		fmt.Fprintf(w, "  score:       %.3f (threshold %.3f)\n", u.Score, u.Threshold)
		if len(u.Top) > 0 {
			fmt.Fprintf(w, "  top features:\n")
			for _, c := range u.Top {
				fmt.Fprintf(w, "    %+.3f  %s\n", c.Weight, termsafe.String(redact.String(c.Feature)))
			}
		}
		fmt.Fprintf(w, "  guards:\n")
		for _, g := range u.Guards {
			mark := "did not apply"
			if g.Applied {
				mark = "APPLIED"
			}
			fmt.Fprintf(w, "    %-13s %s: %s\n", mark, g.Guard, termsafe.String(g.Detail))
		}
		fmt.Fprintf(w, "  result:      %s\n", u.Why)
	}
}

func clipText(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
