package rules

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/sentinel-sec/sentinel/scan/meaning"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// S45 is the semantic reading (scan/meaning): an instruction unit whose
// frame (act, object, destination, condition) matches an intent of the
// data and whose learned score reaches the model's threshold. A model's
// reading may warn but never convict: S45 weighs nothing and only keeps
// the file from CLEAN (a ceiling), so alone it makes a file SUSPICIOUS and
// it never makes one COMPROMISED.
var S45 = &Rule{
	ID: "S45", Name: "Reads as a harmful instruction (semantic reading)", Weight: 0, Effect: EffectCeiling, OptIn: true, Apart: true,
	Prepare: meaning.Preload,
	Impact:  "A sentence in this file reads as asking your agent to do something harmful, in words no deterministic rule lists.",
	Fix:     "Read the sentence; if it does ask for that, remove it. `sentinel explain FILE:LINE` shows how it was read.",
	Check: func(r *Repo, rep *Report) {
		for i := range r.Files {
			f := &r.Files[i]
			if !isProse(f.Kind) {
				continue
			}
			n := 0
			src := ""
			if r.StableData {
				// The readings keep slices of the file's bytes instead
				// of a copy (Repo.StableData).
				src = unsafe.String(unsafe.SliceData(f.Data), len(f.Data))
			} else {
				src = string(f.Data)
			}
			for _, rd := range meaning.Warnings(src) {
				if quoteGuard(rd) != "" {
					continue
				}
				rep.Add(Finding{
					Path:     f.Path,
					Line:     rd.Unit.Line,
					Message:  MeaningMessage(rd),
					Evidence: clip(strings.TrimSpace(unitFirstLine(rd.Unit.Text)), 240),
					Meaning:  meaningFields(rd),
				})
				if n++; n >= maxPerRule {
					break
				}
			}
		}
	},
}

// MeaningFields is the structured reading of an S45 finding (the
// finding's "meaning" key in the JSON; spec/sentinel-finding-meaning.schema.json).
// The parts are the lexicon's own forms that matched, never text copied
// from the scanned file.
type MeaningFields struct {
	// Intent is the combining rule's name (exfil-config, exfil-repo,
	// remote-code, persistence, weaken-checks, conceal, approval, history,
	// package-source, cred-store); Reads completes "this reads as an
	// instruction to ...".
	Intent string `json:"intent"`
	Reads  string `json:"reads"`
	// Act, Object, Destination, Condition and Source are the frame's parts
	// (lexicon forms, lower case), in the order they stand in the unit
	// (parts joined from the unit before come last); each is an array,
	// never null.
	Act         []string `json:"act"`
	Object      []string `json:"object"`
	Destination []string `json:"destination"`
	Condition   []string `json:"condition"`
	// Source is where fetched code comes from (remote-code), [] otherwise.
	Source []string `json:"source"`
	// Score is the learned model's probability, Threshold the one it met.
	Score     float64 `json:"score"`
	Threshold float64 `json:"threshold"`
	// Line is the unit's first line; JoinedLine the line of the unit before
	// whose object completed the frame, 0 when the unit stood alone.
	Line       int    `json:"line"`
	JoinedLine int    `json:"joined_line"`
	Language   string `json:"language"`
}

// meaningFields builds the structured reading of a warning unit.
func meaningFields(rd meaning.Reading) *MeaningFields {
	part := func(prefix string) []string {
		p := rd.Frame.Part(prefix)
		if p == nil {
			p = []string{}
		}
		return p
	}
	return &MeaningFields{
		Intent: rd.Frame.Intent, Reads: rd.Frame.Say,
		Act: part("act."), Object: part("obj."), Destination: part("dest."), Condition: part("cond."), Source: part("src."),
		Score: round3(rd.Score), Threshold: round3(rd.Threshold),
		Line: rd.Unit.Line, JoinedLine: rd.Frame.Joined, Language: rd.Frame.Lang,
	}
}

// round3 rounds a score to three decimals, so the JSON does not carry a
// float32's noise ("0.9190000295639038").
func round3(f float32) float64 { return math.Round(float64(f)*1000) / 1000 }

// MeaningReading is a unit as the semantic reading saw it, with the
// quotation or warning around it that S45 respects.
type MeaningReading struct {
	meaning.Reading
	// QuoteGuard says why the unit is a quotation or a warning about an
	// attack instead of an instruction, "" when it is neither.
	QuoteGuard string `json:"quote_guard,omitempty"`
}

// MeaningReadings reads an instruction file's units (for S45 and
// `sentinel explain`), applying the prose rules' own recognition of
// prohibitions, quotations and warnings.
func MeaningReadings(data []byte) []MeaningReading {
	rs := meaning.Analyze(string(data))
	out := make([]MeaningReading, len(rs))
	for i, rd := range rs {
		out[i] = MeaningReading{Reading: rd, QuoteGuard: quoteGuard(rd)}
	}
	return out
}

// quoteGuard says why a reading with an intent is a quotation or a
// warning about an attack instead of an instruction, "" when it is
// neither (or has no intent). S45 reads only the units that warn
// (meaning.Warnings) and asks this of each; explain asks it of every unit
// (MeaningReadings).
func quoteGuard(rd meaning.Reading) string {
	if rd.Frame.Intent == "" {
		return ""
	}
	u := &text.Unit{Text: rd.Unit.Text, Lower: strings.ToLower(rd.Unit.Text), Line: rd.Unit.Line}
	if len(u.Lower) != len(u.Text) {
		u.Lower = asciiLower(u.Text)
	}
	start, end := actSpan(rd.Frame)
	if start < 0 || end > len(u.Text) {
		return ""
	}
	switch {
	case inQuotes(u.Lower, start, end, false):
		return "the act is inside quotation marks"
	case reWarning.MatchString(u.Lower):
		return "the sentence warns about an attack instead of giving an instruction"
	case rd.Frame.Lang == "en" && governed(u, start):
		return "a prohibition governs the act"
	}
	return ""
}

// actSpan returns the span of the frame's first act in the unit.
func actSpan(f meaning.Frame) (int, int) {
	for _, h := range f.Hits {
		if strings.HasPrefix(h.Class, "act.") && h.Start >= 0 {
			return h.Start, h.End
		}
	}
	return -1, -1
}

func unitFirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// MeaningMessage is S45's message for a reading.
func MeaningMessage(rd meaning.Reading) string {
	var parts []string
	for _, p := range []struct{ label, prefix string }{{"act", "act."}, {"object", "obj."}, {"destination", "dest."}, {"condition", "cond."}} {
		if t := rd.Frame.Part(p.prefix); len(t) > 0 {
			parts = append(parts, p.label+": "+strings.Join(clipTerms(t), ", "))
		}
	}
	msg := fmt.Sprintf("this reads as an instruction to %s (%s; score %.2f, threshold %.2f; language %s)",
		rd.Frame.Say, strings.Join(parts, "; "), rd.Score, rd.Threshold, rd.Frame.Lang)
	if rd.Frame.Joined > 0 {
		msg += fmt.Sprintf("; the object is described on line %d", rd.Frame.Joined)
	}
	return msg
}

func clipTerms(t []string) []string {
	if len(t) > 3 {
		t = t[:3]
	}
	return t
}
