package rules_test

import (
	"context"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// BenchmarkS45Engine scans the corpus of real repositories with the whole
// engine, S45 off and on, in one binary, so the two can be run alternately
// and their CPU compared (docs/BENCHMARKS.md):
//
//	GOMAXPROCS=1 go test ./scan/rules -run '^$' -bench 'S45Engine/off' -benchtime 3x
//	GOMAXPROCS=1 go test ./scan/rules -run '^$' -bench 'S45Engine/on' -benchtime 3x
func BenchmarkS45Engine(b *testing.B) {
	repos := corpus.Repos(b)
	for _, c := range []struct {
		name string
		opts []scan.Option
	}{{"off", nil}, {"on", []scan.Option{scan.WithOptIn("S45")}}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for _, r := range repos {
					root, err := discover.OpenDir(r)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := scan.Scan(context.Background(), root, c.opts...); err != nil {
						b.Fatal(err)
					}
					root.Close()
				}
			}
		})
	}
}
