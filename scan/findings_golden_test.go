package scan_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/internal/fixtures"
	"github.com/sentinel-sec/sentinel/internal/golden"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// rewriteFindings says how to rewrite the findings golden files on purpose.
const rewriteFindings = "run go test ./scan -run FindingsGolden -update-findings"

var updateFindings = flag.Bool("update-findings", false, "rewrite testdata/*-findings.golden from the current engine")

// writeResult renders everything a scan concluded about one repository, one
// line per fact, so that any change to a finding (rule, path, line,
// message, evidence, decoded text, impact, observation flag) or to a
// verdict shows up as a diff.
func writeResult(b *strings.Builder, name string, res *scan.Result) {
	fmt.Fprintf(b, "== %s %s %d %q\n", name, res.Verdict, res.TrustScore, res.Breakdown)
	line := func(kind string, f scan.Finding) {
		fmt.Fprintf(b, "%s\t%s\t%d\t%s\tobs=%t\tpen=%d\tforce=%t\t%q\t%q\t%q\t%q\n",
			kind, f.Path, f.Line, f.RuleID, f.Observation, f.Penalty, f.ForcesCompromised,
			f.Message, f.Evidence, f.Decoded, f.Impact)
	}
	for _, fr := range res.Files {
		fmt.Fprintf(b, "file\t%s\t%s\t%s\t%d\t%q\n", fr.Path, fr.Kind, fr.Verdict, fr.TrustScore, fr.Breakdown)
		for _, f := range fr.Findings {
			line("finding", f)
		}
		for _, f := range fr.Observations {
			line("observed", f)
		}
	}
	for _, f := range res.Observations {
		line("repo-observed", f)
	}
}

// TestCorpusFindingsGolden pins every finding and observation the engine
// reports on every repository of ../shared/corpus/wild. Optimisations must
// leave this file byte-identical.
func TestCorpusFindingsGolden(t *testing.T) {
	var b strings.Builder
	for _, repo := range corpus.Repos(t) {
		root, err := discover.OpenDir(repo)
		if err != nil {
			t.Fatal(err)
		}
		res, err := scan.Scan(context.Background(), root)
		root.Close()
		if err != nil {
			t.Fatalf("scan %s: %v", filepath.Base(repo), err)
		}
		writeResult(&b, filepath.Base(repo), res)
	}
	golden.Check(t, filepath.Join("testdata", "corpus-findings.golden"), []byte(b.String()), *updateFindings, rewriteFindings)
}

// TestFixtureFindingsGolden pins every finding on every reference attack
// and benign twin of internal/fixtures.
func TestFixtureFindingsGolden(t *testing.T) {
	var b strings.Builder
	for _, c := range fixtures.All() {
		res, err := scan.Scan(context.Background(), c.FS())
		if err != nil {
			t.Fatalf("scan %s: %v", c.Name, err)
		}
		writeResult(&b, c.Name, res)
	}
	golden.Check(t, filepath.Join("testdata", "fixture-findings.golden"), []byte(b.String()), *updateFindings, rewriteFindings)
}
