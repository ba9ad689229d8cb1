package suppress

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/rules"
	"github.com/sentinel-sec/sentinel/scan/score"
)

// Kinds of suppression.
const (
	KindInline        = "inline"
	KindBaseline      = "baseline"
	KindConfigExclude = "config-exclude"
)

// Options say what may suppress a finding.
type Options struct {
	// Read returns a scanned file's bytes by its path in the result (nil
	// when it cannot be read); markers are found there, and the text of a
	// finding's line for its fingerprint.
	Read func(path string) []byte
	// Baseline, when set, suppresses the findings it lists that do not
	// force COMPROMISED.
	Baseline *Baseline
	// Exclude returns the project-config pattern that matches a path, or
	// "": the file is still scanned, and its findings that do not force
	// COMPROMISED are suppressed.
	Exclude func(path string) string
	// Lookup returns the rule for an ID; nil means rules.All().
	Lookup func(id string) *rules.Rule
}

func (o *Options) lookup() func(string) *rules.Rule {
	if o.Lookup != nil {
		return o.Lookup
	}
	byID := map[string]*rules.Rule{}
	for _, r := range rules.All() {
		byID[r.ID] = r
	}
	return func(id string) *rules.Rule { return byID[id] }
}

// forcing says whether a finding is one only a named, reasoned marker may
// hide: its rule forces COMPROMISED (in any company; fail closed), the
// score marked it so, or its file is COMPROMISED by its score alone (where
// taking findings away would change that verdict just as much).
func forcing(f scan.Finding, fileVerdict scan.Verdict, lookup func(string) *rules.Rule) bool {
	if f.ForcesCompromised || fileVerdict == scan.Compromised {
		return true
	}
	r := lookup(f.RuleID)
	return r != nil && r.Effect == rules.EffectForce
}

// Apply takes the suppressed findings out of res, rescores the files they
// were in and the whole, and records every suppression, every marker or
// baseline entry that did not apply and the verdict without suppressions.
func Apply(res *scan.Result, o Options) {
	lookup := o.lookup()
	base := o.Baseline.counts()
	before := res.Verdict
	changed, obsDropped := false, false
	for i := range res.Files {
		fr := &res.Files[i]
		var data []byte
		var markers map[int]Marker
		used := map[int]bool{}
		if o.Read != nil {
			data = o.Read(fr.Path)
			ms, notes := Parse(data)
			for _, n := range notes {
				res.SuppressionNotes = append(res.SuppressionNotes, scan.Notice{Path: fr.Path, Message: fmt.Sprintf("line %d: %s", n.Line, n.Message)})
			}
			if len(ms) > 0 {
				markers = make(map[int]Marker, len(ms))
				for _, m := range ms {
					markers[m.Line] = m
				}
			}
		}
		if len(fr.Findings) == 0 && len(markers) == 0 {
			continue
		}
		// A marker also takes a reviewed line's observation out of the
		// list (observations never count, so nothing else may).
		if len(markers) > 0 && len(fr.Observations) > 0 {
			keptObs := fr.Observations[:0:0]
			for _, f := range fr.Observations {
				m, ok := covers(markers, f.Line)
				if ok && f.Line > 0 && (len(m.Rules) == 0 || slices.Contains(m.Rules, f.RuleID)) {
					used[m.Line] = true
					res.Suppressions = append(res.Suppressions, scan.Suppression{Finding: f, Kind: KindInline, Reason: m.Reason,
						MarkerLine: m.Line, Marker: m.Text, Fingerprint: Fingerprint(f, LineText(data, f.Line))})
					obsDropped = true
					continue
				}
				keptObs = append(keptObs, f)
			}
			fr.Observations = keptObs
		}
		kept := fr.Findings[:0:0]
		dropped := false
		for _, f := range fr.Findings {
			s, note := decide(f, fr.Verdict, data, markers, used, base, o.Exclude, lookup)
			if note != "" {
				res.SuppressionNotes = append(res.SuppressionNotes, scan.Notice{Path: fr.Path, Message: note})
			}
			if s == nil {
				kept = append(kept, f)
				continue
			}
			res.Suppressions = append(res.Suppressions, *s)
			dropped = true
		}
		for _, line := range sortedLines(markers) {
			if !used[line] {
				res.SuppressionNotes = append(res.SuppressionNotes, scan.Notice{Path: fr.Path, Message: fmt.Sprintf("line %d: the marker suppresses nothing (no finding it names on its line%s); remove it if the line it was for has changed", line, map[bool]string{true: " or the next", false: ""}[markers[line].Alone])})
			}
		}
		if dropped {
			rescoreFile(fr, kept, lookup)
			changed = true
		}
	}
	if obsDropped {
		res.Observations = res.Observations[:0]
		for _, fr := range res.Files {
			res.Observations = append(res.Observations, fr.Observations...)
		}
	}
	if obsDropped && !changed {
		res.UnsuppressedVerdict = before
	}
	if changed {
		rescoreRepo(res)
		if res.Verdict != before || len(res.Suppressions) > 0 {
			res.UnsuppressedVerdict = before
		}
	}
}

// decide says whether one finding is suppressed, and why not when a
// suppression was meant for it but cannot apply.
func decide(f scan.Finding, fileVerdict scan.Verdict, data []byte, markers map[int]Marker, used map[int]bool, base map[string]int,
	exclude func(string) string, lookup func(string) *rules.Rule) (*scan.Suppression, string) {
	force := forcing(f, fileVerdict, lookup)
	fp := Fingerprint(f, LineText(data, f.Line))
	where := f.RuleID
	if f.Line > 0 {
		where = fmt.Sprintf("%s at line %d", f.RuleID, f.Line)
	}
	if f.Line > 0 {
		if m, ok := covers(markers, f.Line); ok {
			named := slices.Contains(m.Rules, f.RuleID)
			switch {
			case len(m.Rules) > 0 && !named:
				// A marker for other rules: says nothing about this one.
			case force && !named:
				used[m.Line] = true
				return nil, fmt.Sprintf("line %d: the marker names no rule, so it does not hide the %s finding, which forces COMPROMISED or is in a COMPROMISED file; name the rule and give a reason ('sentinel:ignore %s reason: why')", m.Line, where, f.RuleID)
			case force && m.Reason == "":
				used[m.Line] = true
				return nil, fmt.Sprintf("line %d: the marker gives no reason, so it does not hide the %s finding, which forces COMPROMISED or is in a COMPROMISED file; add 'reason: why'", m.Line, where)
			default:
				used[m.Line] = true
				return &scan.Suppression{Finding: f, Kind: KindInline, Reason: m.Reason, MarkerLine: m.Line, Marker: m.Text, Fingerprint: fp}, ""
			}
		}
	}
	if exclude != nil {
		if pat := exclude(f.Path); pat != "" {
			if force {
				return nil, fmt.Sprintf("the .sentinel.yaml exclude '%s' does not hide the %s finding, which forces COMPROMISED or is in a COMPROMISED file; only a marker that names the rule and gives a reason can", pat, where)
			}
			return &scan.Suppression{Finding: f, Kind: KindConfigExclude, Reason: "excluded by .sentinel.yaml: " + pat, Fingerprint: fp}, ""
		}
	}
	if base[fp] > 0 {
		if force {
			return nil, fmt.Sprintf("the baseline lists the %s finding, which forces COMPROMISED or is in a COMPROMISED file, and a baseline never hides one; only a marker that names the rule and gives a reason can", where)
		}
		base[fp]--
		return &scan.Suppression{Finding: f, Kind: KindBaseline, Fingerprint: fp}, ""
	}
	return nil, ""
}

func sortedLines(m map[int]Marker) []int {
	out := make([]int, 0, len(m))
	for l := range m {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// rescoreFile scores a file again with the findings it keeps.
func rescoreFile(fr *scan.FileResult, kept []scan.Finding, lookup func(string) *rules.Rule) {
	all := make([]scan.Finding, 0, len(kept)+len(fr.Observations))
	all = append(all, kept...)
	all = append(all, fr.Observations...)
	sc := score.File(all, lookup)
	fr.Findings = all[:len(kept):len(kept)]
	fr.Observations = all[len(kept):]
	fr.Verdict, fr.TrustScore, fr.ColorBand = sc.Verdict, sc.Score, score.Band(sc.Verdict)
	fr.Breakdown = fr.Path + ": " + sc.Arithmetic
}

// rescoreRepo takes the repository verdict again as formula v0.1 does: the
// worst file, the lowest score among the worst.
func rescoreRepo(res *scan.Result) {
	res.Verdict, res.TrustScore = scan.Clean, 100
	res.Breakdown = res.Breakdown[:0]
	for _, fr := range res.Files {
		if len(fr.Findings) > 0 {
			res.Breakdown = append(res.Breakdown, fr.Breakdown)
		}
		if fr.Verdict.Rank() > res.Verdict.Rank() || fr.Verdict == res.Verdict && fr.TrustScore < res.TrustScore {
			res.Verdict, res.TrustScore = fr.Verdict, fr.TrustScore
		}
	}
	res.ColorBand = score.Band(res.Verdict)
}

// NewBaseline records the findings of res that a baseline may hide: every
// scored finding that does not force COMPROMISED. It returns the baseline
// and how many forcing findings were left out.
func NewBaseline(res *scan.Result, read func(string) []byte, lookup func(string) *rules.Rule) (*Baseline, int) {
	if lookup == nil {
		lookup = (&Options{}).lookup()
	}
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{},
		Note: "Findings Sentinel knew when this file was written (sentinel scan --write-baseline); 'sentinel scan --baseline FILE' does not count them again. A finding that forces COMPROMISED is never recorded. Review changes to this file as you review code."}
	left := 0
	for _, fr := range res.Files {
		var data []byte
		if read != nil && len(fr.Findings) > 0 {
			data = read(fr.Path)
		}
		for _, f := range fr.Findings {
			if forcing(f, fr.Verdict, lookup) {
				left++
				continue
			}
			b.Findings = append(b.Findings, BaselineEntry{Fingerprint: Fingerprint(f, LineText(data, f.Line)),
				RuleID: f.RuleID, Path: f.Path, Line: f.Line, Message: clip(strings.TrimSpace(f.Message), 200)})
		}
	}
	// Entries already suppressed by a marker stay out: the marker is the
	// reviewed record of them.
	return b, left
}
