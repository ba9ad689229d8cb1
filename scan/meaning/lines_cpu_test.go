//go:build unix

package meaning

import (
	"os"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// TestWarningsLinesCPU measures, over the wild corpus's instruction
// files, Warnings against WarningsLines given each line's LineKeys groups
// (found beforehand, as the text layer's pass would find them), and the
// cutting of units alone, whole and restricted, in turn in one process,
// LINES_CPU rounds (a measurement, skipped without it), and reports what
// share of the units and of their bytes the restricted cut reads:
//
//	LINES_CPU=10 GOMAXPROCS=1 go test ./scan/meaning -run TestWarningsLinesCPU -v
func TestWarningsLinesCPU(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("LINES_CPU"))
	if rounds <= 0 {
		t.Skip("a measurement: set LINES_CPU to the number of rounds")
	}
	texts, ok := corpus.InstructionTexts()
	if !ok {
		t.Skip("no corpus")
	}
	d := loaded()
	p := lineKeyFilter()
	lines := make([][]uint64, len(texts))
	for i, s := range texts {
		lines[i] = keyLines(p, s)
	}
	// The best any marking of lines by the form gate's literals could
	// do: each unit's groups as the form gate verifies them, on its first
	// line (an oracle; it reads the units to find them).
	fg := formGateOnce()
	exact := make([][]uint64, len(texts))
	var us0 []Unit
	for i, s := range texts {
		exact[i] = make([]uint64, len(lines[i]))
		us0 = appendUnitsLower(us0[:0], s, false)
		for _, u := range us0 {
			exact[i][u.Line-1] |= fg.unitGroups(d, u.Text)
		}
	}
	for i, s := range texts {
		if got, want := WarningsLines(s, exact[i]), Warnings(s); len(got) != len(want) {
			t.Fatalf("file %d: the oracle's lines give %d readings, Warnings %d", i, len(got), len(want))
		}
	}
	scanned := make([][]uint64, len(texts))
	for i, s := range texts {
		scanned[i] = scanLines(s)
	}
	// What the restricted cut reads.
	var all, cut, allBytes, cutBytes, fallback, oracle, byScan int
	var us []Unit
	var gaps []bool
	for i, s := range texts {
		us = appendUnitsLower(us[:0], s, false)
		all += len(us)
		for _, u := range us {
			allBytes += len(u.Text)
		}
		if mayExceedUnits(s) {
			fallback++
			cut += len(us)
			cutBytes += 0
			for _, u := range us {
				cutBytes += len(u.Text)
			}
			continue
		}
		us, gaps = appendUnitsMarked(us[:0], gaps[:0], s, lines[i], d)
		cut += len(us)
		for _, u := range us {
			cutBytes += len(u.Text)
		}
		us, gaps = appendUnitsMarked(us[:0], gaps[:0], s, exact[i], d)
		oracle += len(us)
		us, gaps = appendUnitsMarked(us[:0], gaps[:0], s, scanned[i], d)
		byScan += len(us)
	}
	t.Logf("%d files (%d cut whole: may exceed maxUnits); units read %d of %d (%.1f%%), their bytes %d of %d (%.1f%%); with the lines' form gate scans %d units (%.1f%%), with the oracle's lines %d (%.1f%%)",
		len(texts), fallback, cut, all, 100*float64(cut)/float64(all), cutBytes, allBytes, 100*float64(cutBytes)/float64(allBytes), byScan, 100*float64(byScan)/float64(all), oracle, 100*float64(oracle)/float64(all))
	variants := []struct {
		name string
		run  func()
	}{
		{"units", func() {
			for _, s := range texts {
				us = appendUnitsLower(us[:0], s, false)
			}
		}},
		{"units, marked blocks only", func() {
			for i, s := range texts {
				us, gaps = appendUnitsMarked(us[:0], gaps[:0], s, lines[i], d)
			}
		}},
		{"line keys found (alone, for reference)", func() {
			for _, s := range texts {
				keyLines(p, s)
			}
		}},
		{"warnings", func() {
			for _, s := range texts {
				Warnings(s)
			}
		}},
		{"warnings, blocks the lines' scans mark only", func() {
			for i, s := range texts {
				WarningsLines(s, scanned[i])
			}
		}},
		{"warnings, blocks an oracle marks only", func() {
			for i, s := range texts {
				WarningsLines(s, exact[i])
			}
		}},
		{"warnings, marked blocks only", func() {
			for i, s := range texts {
				WarningsLines(s, lines[i])
			}
		}},
	}
	cpu := func() time.Duration {
		var r syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &r)
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	times := make([][]float64, len(variants))
	for _, v := range variants {
		v.run()
	}
	for i := range rounds {
		for j := range variants {
			k := j
			if i%2 == 1 {
				k = len(variants) - 1 - j
			}
			a := cpu()
			variants[k].run()
			times[k] = append(times[k], (cpu()-a).Seconds()*1000)
		}
	}
	for k, v := range variants {
		x := slices.Clone(times[k])
		slices.Sort(x)
		t.Logf("%-40s min %6.1f median %6.1f ms", v.name, x[0], x[len(x)/2])
	}
}
