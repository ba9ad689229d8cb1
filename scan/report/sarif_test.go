package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/report"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

func sarifOf(t *testing.T, res *scan.Result) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteSARIF(&b, res, report.SARIFOptions{ToolVersion: "0.0.0-test", Rules: rulesFor(res)}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSARIFSchema validates the logs against the official SARIF 2.1.0
// schema, kept offline in testdata.
func TestSARIFSchema(t *testing.T) {
	f, err := os.Open("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	// The registry's full rule list, as the CLI writes it.
	var all bytes.Buffer
	if err := report.WriteSARIF(&all, scanFixture(t), report.SARIFOptions{ToolVersion: "0.0.0-test"}); err != nil {
		t.Fatal(err)
	}
	logs := map[string][]byte{"all-rules": all.Bytes()}
	suppressed := handMade()
	for i, f := range suppressed.Files[0].Findings {
		kind := []string{"inline", "baseline", "config-exclude"}[i%3]
		suppressed.Suppressions = append(suppressed.Suppressions, scan.Suppression{Finding: f, Kind: kind, Reason: "reviewed", MarkerLine: max(f.Line-1, 1), Fingerprint: "00112233445566778899aabbccddeeff"})
	}
	suppressed.UnsuppressedVerdict = scan.Compromised
	suppressed.SuppressionNotes = []scan.Notice{{Path: "CLAUDE.md", Message: "line 3: the marker suppresses nothing"}}
	for name, res := range map[string]*scan.Result{"handmade": handMade(), "fixture": scanFixture(t), "empty": emptyResult(), "suppressed": suppressed} {
		logs[name] = sarifOf(t, res)
	}
	for name, log := range logs {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s: SARIF does not validate against the 2.1.0 schema: %v", name, err)
		}
	}
}

func emptyResult() *scan.Result {
	return &scan.Result{Verdict: scan.Clean, TrustScore: 100, ColorBand: "green", Engine: "v5", FormulaVersion: "0.1"}
}

// TestSARIFGitHub checks the fields GitHub code scanning relies on, beyond
// the schema: rule metadata, relative URIs, start lines, fingerprints and a
// numeric security-severity.
func TestSARIFGitHub(t *testing.T) {
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name, Version, InformationURI string
					Rules                         []struct {
						ID                   string `json:"id"`
						Name                 string `json:"name"`
						ShortDescription     struct{ Text string }
						FullDescription      struct{ Text string }
						Help                 struct{ Text, Markdown string }
						DefaultConfiguration struct {
							Level string `json:"level"`
						} `json:"defaultConfiguration"`
						Properties map[string]any `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct {
							StartLine int `json:"startLine"`
						}
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	raw := sarifOf(t, handMade())
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Name != "Sentinel" || d.Version != "0.0.0-test" || !strings.HasPrefix(d.InformationURI, "https://") {
		t.Errorf("driver: %+v", d)
	}
	ids := map[string]int{}
	for i, r := range d.Rules {
		ids[r.ID] = i
		if r.Name == "" || r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %s lacks a name, description or help", r.ID)
		}
		if r.DefaultConfiguration.Level != "error" && r.DefaultConfiguration.Level != "warning" {
			t.Errorf("rule %s level %q", r.ID, r.DefaultConfiguration.Level)
		}
		sev, _ := r.Properties["security-severity"].(string)
		if v, err := strconv.ParseFloat(sev, 64); err != nil || v < 0 || v > 10 {
			t.Errorf("rule %s security-severity %q", r.ID, sev)
		}
		if _, ok := r.Properties["weight"]; !ok {
			t.Errorf("rule %s has no weight", r.ID)
		}
		if tags, _ := r.Properties["tags"].([]any); len(tags) == 0 || tags[0] != "security" {
			t.Errorf("rule %s tags %v", r.ID, r.Properties["tags"])
		}
	}
	if len(run.Results) != 5 {
		t.Errorf("%d results, want 4 findings and 1 observation", len(run.Results))
	}
	fps := map[string]bool{}
	for _, r := range run.Results {
		i, ok := ids[r.RuleID]
		if !ok || i != r.RuleIndex {
			t.Errorf("result %s: rule index %d does not point at its rule", r.RuleID, r.RuleIndex)
		}
		if r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result %s: empty message or no location", r.RuleID)
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI == "" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") || strings.Contains(loc.ArtifactLocation.URI, "://") {
			t.Errorf("result %s: URI %q is not relative", r.RuleID, loc.ArtifactLocation.URI)
		}
		if loc.Region.StartLine < 1 {
			t.Errorf("result %s: startLine %d", r.RuleID, loc.Region.StartLine)
		}
		fp := r.PartialFingerprints["sentinelFinding/v1"]
		if fp == "" || fps[fp] {
			t.Errorf("result %s: fingerprint %q missing or repeated", r.RuleID, fp)
		}
		fps[fp] = true
	}
	// S1a forces the verdict: error. S14b is a ceiling rule: warning.
	levels := map[string]string{}
	for _, r := range run.Results {
		levels[r.RuleID] = r.Level
	}
	if levels["S1a"] != "error" || levels["S14b"] != "warning" || levels["S21"] != "none" {
		t.Errorf("levels %v", levels)
	}
}

// TestSARIFFingerprintStable: moving a finding to another line keeps its
// fingerprint, so GitHub does not open a new alert.
func TestSARIFFingerprintStable(t *testing.T) {
	a := handMade()
	b := handMade()
	b.Files[2].Findings[0].Line = 40
	fa, fb := firstFingerprint(t, a), firstFingerprint(t, b)
	if fa["S1a"] == "" || fa["S1a"] != fb["S1a"] {
		t.Errorf("fingerprint changed with the line: %s vs %s", fa, fb)
	}
}

func firstFingerprint(t *testing.T, res *scan.Result) map[string]string {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID              string            `json:"ruleId"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarifOf(t, res), &log); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range log.Runs[0].Results {
		out[r.RuleID] = r.PartialFingerprints["sentinelFinding/v1"]
	}
	return out
}

// TestSARIFTruncatedFile: a file read in part says so in the log, as the
// text report ("read in part") and the JSON ("truncated": true) do; the
// SARIF log used to carry no sign of it. A file that already has a notice
// is not announced twice.
func TestSARIFTruncatedFile(t *testing.T) {
	res := emptyResult()
	res.Files = []scan.FileResult{
		{Path: "big/CLAUDE.md", Filename: "big/CLAUDE.md", Kind: "instructions", Verdict: scan.Clean, TrustScore: 100, Truncated: true, Findings: []scan.Finding{}, Observations: []scan.Finding{}},
		{Path: "big/AGENTS.md", Filename: "big/AGENTS.md", Kind: "instructions", Verdict: scan.Clean, TrustScore: 100, Truncated: true, Findings: []scan.Finding{}, Observations: []scan.Finding{}},
		{Path: "CLAUDE.md", Filename: "CLAUDE.md", Kind: "instructions", Verdict: scan.Clean, TrustScore: 100, Findings: []scan.Finding{}, Observations: []scan.Finding{}},
	}
	res.Notices = []scan.Notice{{Path: "big/AGENTS.md", Message: "read in part: the file is larger than Sentinel reads"}}
	var log struct {
		Runs []struct {
			Invocations []struct {
				Notes []struct {
					Message   struct{ Text string } `json:"message"`
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarifOf(t, res), &log); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, n := range log.Runs[0].Invocations[0].Notes {
		uri := n.Locations[0].PhysicalLocation.ArtifactLocation.URI
		count[uri]++
		if uri == "big/CLAUDE.md" && !strings.Contains(n.Message.Text, "read in part") {
			t.Errorf("notification for the truncated file: %q", n.Message.Text)
		}
	}
	if count["big/CLAUDE.md"] != 1 || count["big/AGENTS.md"] != 1 || count["CLAUDE.md"] != 0 {
		t.Errorf("notifications per file: %v; want one for each truncated file and none for the whole one", count)
	}
}

// TestRulesDocDescribesEveryRule: every rule's SARIF help links to
// docs/rules.md ("See S6 in docs/rules.md"), so every registered rule must
// have a row there with its weight; S6 and S20 once had none.
func TestRulesDocDescribesEveryRule(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules.All() {
		row := "| " + r.ID + " | " + r.Name + " | "
		i := strings.Index(string(doc), row)
		if i < 0 {
			t.Errorf("docs/rules.md has no table row for %s (%s)", r.ID, r.Name)
			continue
		}
		rest := string(doc[i+len(row):])
		weight := "−" + strconv.Itoa(r.Weight)
		if r.Weight == 0 {
			weight = "0"
		}
		if !strings.HasPrefix(rest, weight+" |") {
			t.Errorf("docs/rules.md gives %s a weight other than %s: %.40q", r.ID, weight, rest)
		}
	}
}

// TestSARIFDocLevelsTable: the table in docs/sarif.md ("Levels and
// severity") names each rule in the row of the security-severity and default
// level the log really gives it.
func TestSARIFDocLevelsTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/sarif.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	start, end := strings.Index(s, "### Levels and severity"), strings.Index(s, "### Fingerprints")
	if start < 0 || end < start {
		t.Fatal("docs/sarif.md has no \"Levels and severity\" section")
	}
	var b bytes.Buffer
	if err := report.WriteSARIF(&b, &scan.Result{}, report.SARIFOptions{ToolVersion: "0.0.0-test"}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID            string `json:"id"`
						Configuration struct {
							Level string `json:"level"`
						} `json:"defaultConfiguration"`
						Properties map[string]any `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`\bS\d+[a-z]?\b`)
	severity := regexp.MustCompile(`\| (\d+\.\d) \(`)
	row := map[string]string{}
	for _, line := range strings.Split(s[start:end], "\n") {
		m := severity.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, id := range ids.FindAllString(line, -1) {
			row[id] = line
		}
	}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		line, ok := row[r.ID]
		if !ok {
			t.Errorf("docs/sarif.md: %s is in no row of the levels table", r.ID)
			continue
		}
		if sev := r.Properties["security-severity"]; !strings.Contains(line, "| "+sev.(string)+" (") {
			t.Errorf("docs/sarif.md: %s has security-severity %v, but its row says otherwise: %s", r.ID, sev, line)
		}
		level := r.Configuration.Level
		cell := strings.Split(line, "|")[2]
		if !strings.Contains(cell, "`"+level+"`") {
			t.Errorf("docs/sarif.md: %s has default level %s, not in its row: %s", r.ID, level, line)
		}
	}
}
