package report_test

import (
	"context"
	"io"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// corpusResults scans every repository of ../shared/corpus/wild once.
func corpusResults(b *testing.B) []*scan.Result {
	b.Helper()
	var out []*scan.Result
	for _, repo := range corpus.Repos(b) {
		d, err := discover.OpenDir(repo)
		if err != nil {
			b.Fatal(err)
		}
		res, err := scan.Scan(context.Background(), d)
		d.Close()
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, res)
	}
	return out
}

// BenchmarkCorpus measures, per repository of the corpus, the scan itself
// (the baseline) and each writer, so the writers' cost reads as a ratio of
// the scan's.
func BenchmarkCorpus(b *testing.B) {
	results := corpusResults(b)
	repos := corpus.Repos(b)
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			for _, repo := range repos {
				d, _ := discover.OpenDir(repo)
				_, _ = scan.Scan(context.Background(), d)
				d.Close()
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(len(results)), "µs/repo")
	})
	writers := map[string]func(io.Writer, *scan.Result) error{
		"text":  func(w io.Writer, r *scan.Result) error { return report.WriteText(w, r, report.TextOptions{}) },
		"json":  report.WriteJSON,
		"sarif": func(w io.Writer, r *scan.Result) error { return report.WriteSARIF(w, r, report.SARIFOptions{}) },
	}
	for _, name := range []string{"text", "json", "sarif"} {
		write := writers[name]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, r := range results {
					if err := write(io.Discard, r); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(len(results)), "µs/repo")
		})
	}
}
