package rules_test

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// s45WildFiles is the number of instruction files of the corpus S45 warns
// on, each listed with a sentence in docs/rules.md ("The semantic
// reading"). The limit is 0.5% of the instruction files.
const s45WildFiles = 2

// TestS45CorpusWild runs the scan over the corpus of real repositories:
// S45 warns on at most 0.5% of the instruction files, on exactly the
// number docs/rules.md lists, and never makes a repository COMPROMISED.
func TestS45CorpusWild(t *testing.T) {
	instructionFiles := 0
	files := map[string]bool{}
	var lines []string
	for _, repo := range corpus.Repos(t) {
		name := filepath.Base(repo)
		root, err := discover.OpenDir(repo)
		if err != nil {
			t.Fatal(err)
		}
		res, err := scan.Scan(context.Background(), root, scan.WithOptIn("S45"))
		root.Close()
		if err != nil {
			t.Fatalf("scan %s: %v", name, err)
		}
		for _, f := range res.Files {
			if f.Kind == string(discover.KindInstructions) || f.Kind == string(discover.KindCursorRule) {
				instructionFiles++
			}
			for _, fd := range f.Findings {
				if fd.RuleID != "S45" {
					continue
				}
				files[name+"/"+f.Path] = true
				if fd.ForcesCompromised || fd.Penalty != 0 {
					t.Errorf("%s/%s: S45 must weigh nothing and force nothing: %+v", name, f.Path, fd)
				}
				lines = append(lines, name+"/"+f.Path+":"+itoa(fd.Line)+"\t"+fd.Message+"\t| "+fd.Evidence)
			}
		}
	}
	sort.Strings(lines)
	t.Logf("%d instruction files; S45 warns on %d:\n%s", instructionFiles, len(files), strings.Join(lines, "\n"))
	if limit := float64(instructionFiles) * 0.005; float64(len(files)) > limit {
		t.Errorf("S45 warns on %d of %d instruction files, limit 0.5%%", len(files), instructionFiles)
	}
	if len(files) != s45WildFiles {
		t.Errorf("S45 warns on %d corpus files; docs/rules.md lists %d: update both", len(files), s45WildFiles)
	}
}
