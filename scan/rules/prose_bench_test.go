package rules_test

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// corpusInstructionFiles reads every instruction file of the corpus,
// grouped by repository.
func corpusInstructionFiles(b *testing.B) ([][]discover.File, int64) {
	var repos [][]discover.File
	var total int64
	for _, repo := range corpus.Repos(b) {
		root, err := discover.OpenDir(repo)
		if err != nil {
			b.Fatal(err)
		}
		files, _, err := discover.Walk(root)
		root.Close()
		if err != nil {
			b.Fatal(err)
		}
		var keep []discover.File
		for _, f := range files {
			if f.Kind == discover.KindInstructions || f.Kind == discover.KindCursorRule {
				keep = append(keep, f)
				total += int64(len(f.Data))
			}
		}
		if len(keep) > 0 {
			repos = append(repos, keep)
		}
	}
	return repos, total
}

// BenchmarkProseCorpus measures prose scanning over the corpus's
// instruction files, in MB/s, beside baselines of the same bytes:
// lowering every byte once, the floor, and the text layer alone, whole,
// filtered as the rules use it, and filtered with nothing admitted.
//
//	GOMAXPROCS=1 go test ./scan/rules -run '^$' -bench ProseCorpus -benchtime 20x
func BenchmarkProseCorpus(b *testing.B) {
	repos, total := corpusInstructionFiles(b)
	list := rules.Prose()
	b.Run("baseline-lower", func(b *testing.B) {
		b.SetBytes(total)
		for i := 0; i < b.N; i++ {
			for _, fs := range repos {
				for _, f := range fs {
					_ = bytes.ToLower(f.Data)
				}
			}
		}
	})
	// The floor: what any design that reads instruction text the way the
	// prose rules need must do at least, lowering every byte into a new
	// buffer and walking it once through the literal prefilter, with no
	// lines, sentences, normalising, invisible characters or rules. Each
	// file is cut into four units so that the prefilter walks four lanes
	// at once, as it does over sentences (matches across a cut are lost;
	// only the time counts here).
	b.Run("floor-lower-prefilter", func(b *testing.B) {
		b.SetBytes(total)
		units := make([]text.Unit, 4)
		for i := 0; i < b.N; i++ {
			for _, fs := range repos {
				for _, f := range fs {
					// As the scan does: the file is read in place, lowered once.
					lower := text.Lower(unsafe.String(unsafe.SliceData(f.Data), len(f.Data)))
					q := len(lower) / 4
					for k := range units {
						end := (k + 1) * q
						if k == len(units)-1 {
							end = len(lower)
						}
						units[k] = text.Unit{Text: lower[k*q : end], Lower: lower[k*q : end]}
					}
					rules.MarkUnitsForBench(units)
				}
			}
		}
	})
	b.Run("text-layer", func(b *testing.B) {
		b.SetBytes(total)
		for i := 0; i < b.N; i++ {
			for _, fs := range repos {
				for _, f := range fs {
					_ = text.Analyze(f.Data)
				}
			}
		}
	})
	// analyseAll runs the text layer over every file with filter f.
	analyseAll := func(b *testing.B, f *text.Filter) {
		b.SetBytes(total)
		for i := 0; i < b.N; i++ {
			for _, fs := range repos {
				for _, fl := range fs {
					_ = text.AnalyzeFiltered(string(fl.Data), f)
				}
			}
		}
	}
	// The text layer as the rules use it: only the regions some rule's
	// gate admits, or where S7 could decode a run, are cut into units,
	// and each line's groups are found in one pass over the file.
	b.Run("text-layer-filtered", func(b *testing.B) {
		analyseAll(b, rules.ProseFilterForBench())
	})
	// The same with a filter that asks for no region: only what the text
	// layer always cuts (comments, lines it normalises, hidden text) is
	// cut into units. It is what the layer costs before any gate admits a
	// region, the floor under text-layer-filtered.
	b.Run("text-layer-nothing-cut", func(b *testing.B) {
		f := rules.ProseFilterForBench()
		analyseAll(b, &text.Filter{Prefilter: f.Prefilter, Need: func(uint64, string) bool { return false }})
	})
	b.Run("prose-rules", func(b *testing.B) {
		b.SetBytes(total)
		for i := 0; i < b.N; i++ {
			for _, fs := range repos {
				rules.Run(list, &rules.Repo{Files: fs})
			}
		}
	})
}

// BenchmarkProseRule measures each prose rule alone over documents the
// text layer has already analysed (and the prefilter already marked), so
// the figure is the rule's own matching cost. The sum over rules plus the
// text-layer figure of BenchmarkProseCorpus is about prose-rules there.
//
//	GOMAXPROCS=1 go test ./scan/rules -run '^$' -bench ProseRule -benchtime 20x
func BenchmarkProseRule(b *testing.B) {
	repos, total := corpusInstructionFiles(b)
	var analysed []*rules.Repo
	for _, fs := range repos {
		r := &rules.Repo{Files: fs}
		r.ProseDocs()
		analysed = append(analysed, r)
	}
	for _, rule := range rules.Prose() {
		b.Run(rule.ID, func(b *testing.B) {
			b.SetBytes(total)
			for i := 0; i < b.N; i++ {
				for _, r := range analysed {
					rules.Run([]*rules.Rule{rule}, r)
				}
			}
		})
	}
}
