//go:build unix

package rules_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestS45EngineCPU measures the CPU time (user and system, of the whole
// process) of one scan of the wild corpus with S45 off and on, in turn in
// one process, S45_CPU rounds (a measurement, skipped without it):
//
//	S45_CPU=15 GOMAXPROCS=1 go test ./scan/rules -run TestS45EngineCPU -v
//
// On a machine shared with other work, wall time moves with their load;
// the CPU time the process itself spends moves less, and alternating the
// two modes round by round spreads what drift is left over both.
func TestS45EngineCPU(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("S45_CPU"))
	if rounds <= 0 {
		t.Skip("a measurement: set S45_CPU to the number of rounds")
	}
	repos := corpus.Repos(t)
	scanAll := func(opts []scan.Option) time.Duration {
		var a, b syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &a)
		for _, r := range repos {
			root, err := discover.OpenDir(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := scan.Scan(context.Background(), root, opts...); err != nil {
				t.Fatal(err)
			}
			root.Close()
		}
		syscall.Getrusage(syscall.RUSAGE_SELF, &b)
		cpu := func(r syscall.Rusage) time.Duration {
			return time.Duration(r.Utime.Nano() + r.Stime.Nano())
		}
		return cpu(b) - cpu(a)
	}
	on := []scan.Option{scan.WithOptIn("S45")}
	// Warm up both (the semantic reading loads its data on first use).
	scanAll(nil)
	scanAll(on)
	var offs, ons, ratios []float64
	for i := range rounds {
		var off, with time.Duration
		if i%2 == 0 {
			off, with = scanAll(nil), scanAll(on)
		} else {
			with, off = scanAll(on), scanAll(nil)
		}
		offs = append(offs, off.Seconds()*1000)
		ons = append(ons, with.Seconds()*1000)
		ratios = append(ratios, with.Seconds()/off.Seconds())
	}
	med := func(x []float64) float64 {
		y := slices.Clone(x)
		slices.Sort(y)
		if len(y)%2 == 1 {
			return y[len(y)/2]
		}
		return (y[len(y)/2-1] + y[len(y)/2]) / 2
	}
	t.Logf("CPU ms per scan of the corpus, %d rounds: off min %.0f median %.0f; on min %.0f median %.0f; on/off of the mins %.2f, of the medians %.2f, median of the rounds' ratios %.2f",
		rounds, slices.Min(offs), med(offs), slices.Min(ons), med(ons), slices.Min(ons)/slices.Min(offs), med(ons)/med(offs), med(ratios))
}
