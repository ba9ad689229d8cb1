package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/sentinel-sec/sentinel/scan"
)

// WriteJSON writes res as the JSON contract (docs/json-contract.md): one
// object with the repository verdict and trust_score, a files list (each
// with its own verdict, score, findings and breakdown), a separate
// observations list, the inventory of what runs or connects by itself,
// notices, the engine and the formula version. Keys are only ever added.
func WriteJSON(w io.Writer, res *scan.Result) error {
	return encode(w, Redacted(res))
}

// FileReport is the JSON shape for one file, the same the HTTP API returns
// for POST /scan/text: `sentinel scan FILE --json` prints it.
type FileReport struct {
	Filename   string         `json:"filename"`
	Path       string         `json:"path"`
	Kind       string         `json:"kind"`
	Tool       string         `json:"tool,omitempty"`
	Verdict    scan.Verdict   `json:"verdict"`
	TrustScore int            `json:"trust_score"`
	ColorBand  string         `json:"color_band"`
	Findings   []scan.Finding `json:"findings"`
	// Observations are shown and never scored.
	Observations []scan.Finding `json:"observations"`
	// Breakdown is the score's arithmetic, one line per file with findings
	// (a list, as in the API, so that related files can be added).
	Breakdown      []string      `json:"breakdown"`
	Notices        []scan.Notice `json:"notices"`
	Truncated      bool          `json:"truncated,omitempty"`
	Engine         string        `json:"engine"`
	FormulaVersion string        `json:"formula_version"`
}

// NewFileReport builds the single-file shape for the file at path in res.
// When the scan judged other files alongside it (a script the file runs),
// their findings are added (each finding names its path) with their
// breakdown lines, and the verdict and score are the result's, so the exit
// code and the JSON never disagree.
func NewFileReport(res *scan.Result, path string) (*FileReport, error) {
	res = Redacted(res)
	var fr *scan.FileResult
	for i := range res.Files {
		if res.Files[i].Path == Clean(path) {
			fr = &res.Files[i]
			break
		}
	}
	if fr == nil {
		return nil, fmt.Errorf("the scan has no result for %s", Clean(path))
	}
	out := &FileReport{
		Filename: fr.Filename, Path: fr.Path, Kind: fr.Kind, Tool: fr.Tool,
		Verdict: fr.Verdict, TrustScore: fr.TrustScore, ColorBand: fr.ColorBand,
		Findings: []scan.Finding{}, Observations: []scan.Finding{},
		Breakdown: []string{}, Notices: res.Notices, Truncated: fr.Truncated,
		Engine: res.Engine, FormulaVersion: res.FormulaVersion,
	}
	add := func(f *scan.FileResult) {
		out.Findings = append(out.Findings, f.Findings...)
		out.Observations = append(out.Observations, f.Observations...)
		if len(f.Findings) > 0 {
			out.Breakdown = append(out.Breakdown, f.Breakdown)
		}
	}
	add(fr)
	for i := range res.Files {
		if f := &res.Files[i]; f != fr {
			add(f)
		}
	}
	if res.Verdict.Rank() > out.Verdict.Rank() || res.Verdict == out.Verdict && res.TrustScore < out.TrustScore {
		out.Verdict, out.TrustScore, out.ColorBand = res.Verdict, res.TrustScore, res.ColorBand
	}
	if out.Notices == nil {
		out.Notices = []scan.Notice{}
	}
	return out, nil
}

// WriteFileJSON writes the single-file shape for the file at path in res.
func WriteFileJSON(w io.Writer, res *scan.Result, path string) error {
	fr, err := NewFileReport(res, path)
	if err != nil {
		return err
	}
	return encode(w, fr)
}

func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
