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
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// proseIDs are the IDs of the hidden-text and prose rules (rules.Prose).
var proseIDs = func() map[string]bool {
	ids := map[string]bool{}
	for _, r := range rules.Prose() {
		ids[r.ID] = true
	}
	return ids
}()

// TestProseCorpusWild runs the full rule set over the 130 real repositories
// of the corpus, presumed healthy: no prose finding may make a repository
// COMPROMISED, and scored prose findings may touch at most 0.5% of the
// instruction files. Every prose finding is logged with -v.
func TestProseCorpusWild(t *testing.T) {
	instructionFiles := 0
	scoredFiles := map[string]bool{}
	var lines []string
	for _, repo := range corpus.Repos(t) {
		name := filepath.Base(repo)
		root, err := discover.OpenDir(repo)
		if err != nil {
			t.Fatal(err)
		}
		res, err := scan.Scan(context.Background(), root)
		root.Close()
		if err != nil {
			t.Fatalf("scan %s: %v", name, err)
		}
		for _, f := range res.Files {
			if f.Kind == string(discover.KindInstructions) || f.Kind == string(discover.KindCursorRule) {
				instructionFiles++
			}
			for _, fd := range append(append([]scan.Finding{}, f.Findings...), f.Observations...) {
				if !proseIDs[fd.RuleID] {
					continue
				}
				kind := "scored"
				if fd.Observation {
					kind = "observation"
				} else {
					scoredFiles[name+"/"+f.Path] = true
					if fd.ForcesCompromised {
						t.Errorf("%s/%s: prose finding %s forces COMPROMISED on a healthy repository: %s", name, f.Path, fd.RuleID, fd.Message)
					}
				}
				lines = append(lines, kind+"\t"+fd.RuleID+"\t"+name+"/"+f.Path+":"+itoa(fd.Line)+"\t"+fd.Message+"\t| "+fd.Evidence)
			}
		}
	}
	sort.Strings(lines)
	t.Logf("%d instruction files; %d with a scored prose finding; %d prose findings:\n%s",
		instructionFiles, len(scoredFiles), len(lines), strings.Join(lines, "\n"))
	if instructionFiles == 0 {
		t.Fatal("no instruction files found in the corpus; is the path right?")
	}
	if limit := float64(instructionFiles) * 0.005; float64(len(scoredFiles)) > limit {
		t.Errorf("scored prose findings on %d of %d instruction files (%.2f%%), limit 0.5%%", len(scoredFiles), instructionFiles,
			100*float64(len(scoredFiles))/float64(instructionFiles))
	}
}

func itoa(n int) string {
	s := ""
	if n == 0 {
		return "0"
	}
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
