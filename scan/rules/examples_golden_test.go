package rules

import (
	"flag"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/golden"
)

var updateExamples = flag.Bool("update-findings", false, "rewrite testdata/examples-findings.golden from the current rules")

// TestExampleFindingsGolden pins every finding the whole rule set reports on
// every prose rule's own examples and on the legitimate files, so that an
// optimisation that changes a line, a message or an observation flag shows
// up as a diff.
func TestExampleFindingsGolden(t *testing.T) {
	type sample struct{ name, text string }
	var samples []sample
	for rule, exs := range proseExamples() {
		for _, ex := range exs {
			samples = append(samples, sample{rule.ID + "/" + ex.name, ex.text})
		}
	}
	for _, ex := range legitimateFiles {
		samples = append(samples, sample{"legitimate/" + ex.name, ex.text})
	}
	sort.SliceStable(samples, func(i, j int) bool { return samples[i].name < samples[j].name })
	var b strings.Builder
	for _, s := range samples {
		fmt.Fprintf(&b, "== %s\n", s.name)
		for _, f := range Run(All(), instructionRepo(s.text)) {
			fmt.Fprintf(&b, "%s\t%d\tobs=%t\t%q\t%q\t%q\t%q\n", f.RuleID, f.Line, f.Observation, f.Message, f.Evidence, f.Decoded, f.Impact)
		}
	}
	golden.Check(t, filepath.Join("testdata", "examples-findings.golden"), []byte(b.String()), *updateExamples,
		"run go test ./scan/rules -run ExampleFindingsGolden -update-findings")
}
