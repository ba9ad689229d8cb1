package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// SARIF identifiers. GitHub code scanning accepts SARIF 2.1.0.
const (
	SARIFVersion = "2.1.0"
	SARIFSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	// InformationURI is where the tool and its rules are documented.
	InformationURI = "https://github.com/sentinel-sec/sentinel"
	rulesDocURI    = InformationURI + "/blob/main/docs/rules.md"
	// fingerprintKey names Sentinel's partial fingerprint. The version suffix
	// changes if the way it is computed ever changes.
	fingerprintKey = "sentinelFinding/v1"
)

// SARIFOptions describe the run.
type SARIFOptions struct {
	// ToolVersion is the sentinel release.
	ToolVersion string
	// Rules are the rules described in tool.driver.rules; nil means
	// rules.All(). A finding of a rule not in the list gets a short
	// descriptor of its own.
	Rules []*rules.Rule
}

// SARIF log structure: only the parts Sentinel writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
		Properties  map[string]any    `json:"properties,omitempty"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string         `json:"id"`
		Name                 string         `json:"name"`
		ShortDescription     sarifText      `json:"shortDescription"`
		FullDescription      sarifText      `json:"fullDescription"`
		Help                 sarifHelp      `json:"help"`
		HelpURI              string         `json:"helpUri,omitempty"`
		DefaultConfiguration sarifConfig    `json:"defaultConfiguration"`
		Properties           map[string]any `json:"properties"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifConfig struct {
		Level string `json:"level"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifText       `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifResult struct {
		RuleID              string             `json:"ruleId"`
		RuleIndex           int                `json:"ruleIndex"`
		Kind                string             `json:"kind,omitempty"`
		Level               string             `json:"level"`
		Message             sarifText          `json:"message"`
		Locations           []sarifLocation    `json:"locations"`
		PartialFingerprints map[string]string  `json:"partialFingerprints"`
		Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
		Properties          map[string]any     `json:"properties,omitempty"`
	}
	// sarifSuppression: a finding a person's marker (inSource) or a
	// baseline or project config (external) took out of the score.
	sarifSuppression struct {
		Kind          string         `json:"kind"`
		Status        string         `json:"status"`
		Justification string         `json:"justification,omitempty"`
		Location      *sarifLocation `json:"location,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// WriteSARIF writes res as a SARIF 2.1.0 log with one run: the rules as
// tool.driver.rules (weight, effect, tags and a security-severity GitHub
// understands), one result per finding, observations as informational
// results that never fail a check, and notices as tool execution
// notifications.
func WriteSARIF(w io.Writer, res *scan.Result, opt SARIFOptions) error {
	res = Redacted(res)
	list := opt.Rules
	if list == nil {
		list = rules.All()
	}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name: "Sentinel", Version: opt.ToolVersion, InformationURI: InformationURI,
			Rules: []sarifRule{},
		}},
		Invocations: []sarifInvocation{{ExecutionSuccessful: true}},
		Results:     []sarifResult{},
		Properties: map[string]any{
			"verdict":         res.Verdict,
			"trust_score":     res.TrustScore,
			"formula_version": res.FormulaVersion,
			"engine":          res.Engine,
		},
	}
	index := map[string]int{}
	for _, r := range list {
		index[r.ID] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleFor(r))
	}
	ruleIndex := func(id string) int {
		if i, ok := index[id]; ok {
			return i
		}
		index[id] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleFor(&rules.Rule{ID: id, Name: id}))
		return index[id]
	}

	seen := map[string]int{}
	add := func(f scan.Finding, fr *scan.FileResult) {
		r := sarifResult{
			RuleID: f.RuleID, RuleIndex: ruleIndex(f.RuleID),
			Level:     resultLevel(f),
			Message:   sarifText{Text: resultMessage(f)},
			Locations: []sarifLocation{location(f.Path, f.Line)},
			Properties: map[string]any{
				"penalty":            f.Penalty,
				"forces_compromised": f.ForcesCompromised,
			},
		}
		if f.Observation {
			r.Kind, r.Level = "informational", "none"
			r.Properties = map[string]any{"observation": true}
		}
		if fr != nil {
			r.Properties["file_verdict"] = fr.Verdict
			r.Properties["file_trust_score"] = fr.TrustScore
		}
		fp := fingerprint(f)
		seen[fp]++
		if n := seen[fp]; n > 1 {
			fp = fmt.Sprintf("%s:%d", fp, n)
		}
		r.PartialFingerprints = map[string]string{fingerprintKey: fp}
		run.Results = append(run.Results, r)
	}
	for i := range res.Files {
		fr := &res.Files[i]
		for _, f := range fr.Findings {
			add(f, fr)
		}
		for _, f := range fr.Observations {
			add(f, fr)
		}
	}
	for _, s := range res.Suppressions {
		add(s.Finding, nil)
		r := &run.Results[len(run.Results)-1]
		sup := sarifSuppression{Kind: "external", Status: "accepted", Justification: s.Reason}
		switch s.Kind {
		case "inline":
			loc := location(s.Finding.Path, s.MarkerLine)
			sup.Kind, sup.Location = "inSource", &loc
		case "baseline":
			sup.Justification = "recorded in the baseline"
		}
		r.Suppressions = []sarifSuppression{sup}
		r.Properties["suppression"] = s.Kind
	}
	if len(res.Suppressions) > 0 {
		run.Properties["verdict_without_suppressions"] = res.UnsuppressedVerdict
	}
	for _, n := range res.SuppressionNotes {
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
			sarifNotification{Level: "warning", Message: sarifText{Text: "suppression not applied: " + n.Message}, Locations: []sarifLocation{location(n.Path, 0)}})
	}
	noticed := map[string]bool{}
	for _, n := range res.Notices {
		noticed[n.Path] = true
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
			sarifNotification{Level: "warning", Message: sarifText{Text: n.Message}, Locations: []sarifLocation{location(n.Path, 0)}})
	}
	// A file read in part is flagged in the text and JSON reports; code
	// scanning has no such field, so it gets a notification too.
	for _, fr := range res.Files {
		if fr.Truncated && !noticed[fr.Path] {
			run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
				sarifNotification{Level: "warning", Message: sarifText{Text: scan.TruncatedNotice}, Locations: []sarifLocation{location(fr.Path, 0)}})
		}
	}
	return encode(w, sarifLog{Schema: SARIFSchema, Version: SARIFVersion, Runs: []sarifRun{run}})
}

func sarifRuleFor(r *rules.Rule) sarifRule {
	name := r.Name
	if name == "" {
		name = r.ID
	}
	full := strings.TrimSpace(r.Impact)
	if full == "" {
		full = name + "."
	}
	effect := r.Effect.String()
	weightLine := fmt.Sprintf("Weight −%d in the trust score (formula v%s)", r.Weight, version.Formula)
	if r.Weight == 0 {
		weightLine = fmt.Sprintf("No weight in the trust score (formula v%s)", version.Formula)
	}
	switch r.Effect {
	case rules.EffectForce:
		if len(r.ForceWith) > 0 {
			weightLine += "; forces COMPROMISED only beside " + strings.Join(r.ForceWith, ", ")
		} else {
			weightLine += "; forces the verdict COMPROMISED"
		}
	case rules.EffectCeiling:
		weightLine += "; the file cannot be CLEAN (score capped at 79) until a person approves it"
	}
	weightLine += "."
	text := fmt.Sprintf("What happens: %s\nWhat to do: %s\n%s", r.Impact, r.Fix, weightLine)
	md := fmt.Sprintf("**What happens:** %s\n\n**What to do:** %s\n\n%s\n\nSee [%s in docs/rules.md](%s).",
		r.Impact, r.Fix, weightLine, r.ID, ruleHelpURI(r.ID))
	tags := []string{"security", "ai-agent"}
	if r.AutoRun {
		tags = append(tags, "auto-run")
	}
	if effect != "" {
		tags = append(tags, strings.ToLower(effect))
	}
	props := map[string]any{
		"weight":            r.Weight,
		"effect":            effect,
		"tags":              tags,
		"security-severity": securitySeverity(r),
		"precision":         "high",
		"problem.severity":  problemSeverity(r),
	}
	return sarifRule{
		ID: r.ID, Name: sarifName(name),
		ShortDescription:     sarifText{Text: name},
		FullDescription:      sarifText{Text: full},
		Help:                 sarifHelp{Text: text, Markdown: md},
		HelpURI:              ruleHelpURI(r.ID),
		DefaultConfiguration: sarifConfig{Level: defaultLevel(r)},
		Properties:           props,
	}
}

func ruleHelpURI(id string) string { return rulesDocURI + "#" + strings.ToLower(id) }

// sarifName turns a rule's title into the PascalCase identifier SARIF
// suggests for reportingDescriptor.name ("Orphaned auto-run" → "OrphanedAutoRun").
func sarifName(title string) string {
	var b strings.Builder
	upper := true
	for _, r := range title {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			if upper && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			upper = false
		default:
			upper = true
		}
	}
	return b.String()
}

// defaultLevel: error for rules whose evidence is deterministic (FORCE) or
// heavy (40 points or more), warning otherwise.
func defaultLevel(r *rules.Rule) string {
	if r.Effect == rules.EffectForce && len(r.ForceWith) == 0 || r.Weight >= 40 {
		return "error"
	}
	return "warning"
}

func resultLevel(f scan.Finding) string {
	if f.ForcesCompromised || f.Penalty >= 40 {
		return "error"
	}
	return "warning"
}

// securitySeverity maps a rule to GitHub's 0.0–10.0 scale (≥9 critical,
// 7–8.9 high, 4–6.9 medium, below 4 low).
func securitySeverity(r *rules.Rule) string {
	switch r.Severity() {
	case "critical":
		return "9.5"
	case "high":
		return "8.0"
	case "medium":
		return "5.5"
	}
	return "3.0"
}

func problemSeverity(r *rules.Rule) string {
	if defaultLevel(r) == "error" {
		return "error"
	}
	return "warning"
}

func resultMessage(f scan.Finding) string {
	msg := strings.TrimSpace(f.Message)
	if msg == "" {
		msg = f.RuleName
	}
	if f.Decoded != "" {
		msg += fmt.Sprintf(" Decoded hidden text: %q.", f.Decoded)
	}
	if f.Observation {
		return msg + " (observation: shown for review, never scored)"
	}
	if f.Impact != "" {
		msg += " What happens: " + f.Impact
	}
	if f.Fix != "" {
		msg += " What to do: " + f.Fix
	}
	return msg
}

// location builds a physical location with a relative URI and a start line
// of at least 1, as GitHub requires.
func location(p string, line int) sarifLocation {
	if line < 1 {
		line = 1
	}
	return sarifLocation{PhysicalLocation: sarifPhysical{
		ArtifactLocation: sarifArtifact{URI: relURI(p)},
		Region:           &sarifRegion{StartLine: line},
	}}
}

// relURI writes a slash path as a URI reference: relative and
// percent-encoded (with a leading "./" when the first segment contains a
// colon, so that it is not read as a scheme), or a file: URI for an absolute
// path.
func relURI(p string) string {
	p = path.Clean(p)
	if path.IsAbs(p) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

// fingerprint identifies a finding across runs independently of its line
// number, so moving code around does not open a new alert on GitHub.
func fingerprint(f scan.Finding) string {
	h := sha256.New()
	io.WriteString(h, f.RuleID)
	h.Write([]byte{0})
	io.WriteString(h, f.Path)
	h.Write([]byte{0})
	key := f.Evidence
	if key == "" {
		key = f.Message
	}
	io.WriteString(h, strings.Join(strings.Fields(key), " "))
	if f.Subject != nil {
		h.Write([]byte{0})
		io.WriteString(h, f.Subject.Kind+"|"+f.Subject.Event+"|"+f.Subject.Name+"|"+f.Subject.Command)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}
