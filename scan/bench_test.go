package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// BenchmarkCorpus scans every repository of ../shared/corpus/wild from disk,
// as `sentinel scan` does. Run it on one core:
//
//	GOMAXPROCS=1 go test ./scan -run '^$' -bench Corpus -benchtime 20x
//
// It reports milliseconds per repository and MB of agent files per second.
func BenchmarkCorpus(b *testing.B) {
	repos := corpus.Repos(b)
	benchScans(b, repos, nil)
}

// benchScans scans every repository in repos from disk b.N times with the
// rule list (nil: every rule) and reports ms/repo, repos/s and MB/s of the
// repositories' files.
func benchScans(b *testing.B, repos []string, list []*rules.Rule) {
	var bytes int64
	for _, r := range repos {
		scanRepoDir(b, r) // warm the page cache; fail early on a broken repository
		_ = filepath.WalkDir(r, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if info, e := d.Info(); e == nil {
					bytes += info.Size()
				}
			}
			return nil
		})
	}
	var opts []Option
	if list != nil {
		opts = append(opts, WithRules(list))
	}
	b.SetBytes(bytes)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range repos {
			root, err := discover.OpenDir(r)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Scan(context.Background(), root, opts...); err != nil {
				b.Fatal(err)
			}
			root.Close()
		}
	}
	b.StopTimer()
	perRepo := float64(b.Elapsed().Nanoseconds()) / float64(b.N*len(repos)) / 1e6
	b.ReportMetric(perRepo, "ms/repo")
	b.ReportMetric(float64(len(repos)*b.N)/b.Elapsed().Seconds(), "repos/s")
}

// BenchmarkCorpusListOnly is the baseline for BenchmarkCorpus, measured in
// the same run: walking every repository and listing its files, reading
// nothing. The ratio of the two is what scanning costs beyond a listing.
func BenchmarkCorpusListOnly(b *testing.B) {
	repos := corpus.Repos(b)
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, repo := range repos {
			_ = filepath.WalkDir(repo, func(p string, d os.DirEntry, err error) error {
				n++
				return nil
			})
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(repos))/1e6, "ms/repo")
}

// BenchmarkCorpusParts splits BenchmarkCorpus into what comes before the
// prose rules, measured in the same run: discovery alone (walking and
// reading the agent files), and the whole engine without the hidden-text
// and prose rules (discovery, parsers, the auto-run and server rules,
// scoring).
//
//	GOMAXPROCS=1 go test ./scan -run '^$' -bench 'Corpus' -benchtime 20x
func BenchmarkCorpusParts(b *testing.B) {
	repos := corpus.Repos(b)
	// By ID: All and Prose return copies, so pointers never match.
	prose := map[string]bool{}
	for _, r := range rules.Prose() {
		prose[r.ID] = true
	}
	var noProse []*rules.Rule
	for _, r := range rules.All() {
		// Opt-in rules (S45) are not part of a default scan, which is what
		// BenchmarkCorpus measures.
		if !prose[r.ID] && !r.OptIn {
			noProse = append(noProse, r)
		}
	}
	perRepo := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(repos))/1e6, "ms/repo")
	}
	b.Run("discover", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, r := range repos {
				root, err := discover.OpenDir(r)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := discover.Walk(root); err != nil {
					b.Fatal(err)
				}
				root.Close()
			}
		}
		perRepo(b)
	})
	// The foundation's scanner (issue #2's scope): everything BenchmarkCorpus
	// does, every instruction file still read, but none of the hidden-text
	// and prose rules (S1a–S26 of rules.Prose()).
	b.Run("engine-without-prose", func(b *testing.B) {
		benchScans(b, repos, noProse)
	})
}
