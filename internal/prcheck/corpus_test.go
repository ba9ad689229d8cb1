package prcheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// TestCorpusNoFalseGuardrails runs the pull-request comparison over the real
// repositories in ../shared/corpus/wild against harmless edits of
// themselves: unchanged, and every instruction file reformatted (list
// markers swapped, trailing spaces, a line of its own appended). None may
// report a weakened guardrail.
func TestCorpusNoFalseGuardrails(t *testing.T) {
	bullet := regexp.MustCompile(`(?m)^(\s*)- `)
	repos, guarded := 0, 0
	for _, dir := range corpus.Repos(t) {
		base := fstest.MapFS{}
		head := fstest.MapFS{}
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil || len(data) > 1<<20 {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			base[rel] = &fstest.MapFile{Data: data}
			out := data
			if k, _, ok := discover.Classify(rel); ok && (k == discover.KindInstructions || k == discover.KindCursorRule) {
				s := bullet.ReplaceAllString(string(data), "$1* ")
				s = strings.ReplaceAll(s, ".\n", ".  \n") + "\nKeep the changelog up to date.\n"
				out = []byte(s)
				if strings.Contains(strings.ToLower(string(data)), "never") || strings.Contains(strings.ToLower(string(data)), "do not") {
					guarded++
				}
			}
			head[rel] = &fstest.MapFile{Data: out}
			return nil
		})
		repos++
		for name, h := range map[string]fstest.MapFS{"unchanged": base, "reformatted": head} {
			rep := compare(t, base, h, "docs: reformat agent instructions")
			for _, f := range rep.Result.Files {
				for _, fd := range f.Findings {
					if fd.RuleID == "S20" || fd.RuleID == "S6" {
						t.Errorf("%s (%s): %s %s: %s", filepath.Base(dir), name, fd.RuleID, f.Path, fd.Message)
					}
				}
			}
		}
	}
	t.Logf("%d repositories, %d instruction files with a prohibition word", repos, guarded)
}

// TestCorpusGuardrailRemovalsFound removes, in each real repository, the
// first sentence S20 counts as a guardrail, and separately strips its
// negation; the pull-request comparison must report it. A guardrail that
// the repository states again elsewhere (many repeat theirs across skills
// and agent files) is rightly still kept, so the test asks for 80% and
// logs the rest for a person to read.
func TestCorpusGuardrailRemovalsFound(t *testing.T) {
	neg := regexp.MustCompile(`(?i)\b(never|do not|don't|must not|should not)\s+`)
	tried, removed, flipped := 0, 0, 0
	for _, dir := range corpus.Repos(t) {
		base := fstest.MapFS{}
		var target, sentence string
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			base[rel] = &fstest.MapFile{Data: data}
			if k, _, ok := discover.Classify(rel); ok && target == "" && (k == discover.KindInstructions) {
				for _, s := range rules.Sentences(rel, data) {
					n := strings.ToLower(s.Text)
					if rules.IsProhibition(n) && len(rules.Topics(n)) > 0 && neg.MatchString(s.Text) && strings.Count(string(data), s.Text) == 1 {
						target, sentence = rel, s.Text
						break
					}
				}
			}
			return nil
		})
		if target == "" {
			continue
		}
		tried++
		for _, mode := range []string{"removed", "flipped"} {
			head := fstest.MapFS{}
			for p, f := range base {
				head[p] = f
			}
			repl := ""
			if mode == "flipped" {
				repl = neg.ReplaceAllString(sentence, "")
			}
			head[target] = &fstest.MapFile{Data: []byte(strings.Replace(string(base[target].Data), sentence, repl, 1))}
			rep := compare(t, base, head, "update "+target)
			found := false
			for _, f := range rep.Result.Files {
				for _, fd := range f.Findings {
					found = found || fd.RuleID == "S20"
				}
			}
			switch {
			case found && mode == "removed":
				removed++
			case found:
				flipped++
			default:
				t.Logf("%s: %s %q not reported", filepath.Base(dir), mode, sentence)
			}
		}
	}
	t.Logf("%d repositories with a guardrail: removal found in %d, negation stripped found in %d", tried, removed, flipped)
	if tried > 0 && (removed*10 < tried*8 || flipped*10 < tried*8) {
		t.Fatalf("S20 found %d removals and %d flips of %d guardrails; want 80%%", removed, flipped, tried)
	}
}
