package rules

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
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
	path := filepath.Join("testdata", "examples-findings.golden")
	got := b.String()
	if *updateExamples {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; run go test ./scan/rules -run ExampleFindingsGolden -update-findings to create it", err)
	}
	if string(want) != got {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := range max(len(wl), len(gl)) {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("%s differs at line %d:\nwant %s\ngot  %s", path, i+1, w, g)
			}
		}
	}
}
