//go:build unix

package meaning_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/meaning"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// TestWarningsBesideTextLayerCPU asks whether S45's reading slows the
// text layer it runs beside (its form gate's table evicting the prose
// prefilter's): over the wild corpus's instruction files, rules.NewDoc
// (the text layer and the prose prefilter, as the engine analyses an
// instruction file) and meaning.Warnings each alone, and the two file by
// file, with the form gate over the first 6 bytes of each literal (as
// S45 runs) and over the first 5 and 4 (smaller tables); and, as a
// control, the two pass by pass. What a pair costs beyond its two parts,
// round by round, is the cost of their sharing the caches. Each variant
// once per round, in turn, POLLUTION_CPU rounds (a measurement, skipped
// without it); CPU ms per pass:
//
//	POLLUTION_CPU=20 GOMAXPROCS=1 go test ./scan/meaning -run TestWarningsBesideTextLayerCPU -v
func TestWarningsBesideTextLayerCPU(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("POLLUTION_CPU"))
	if rounds <= 0 {
		t.Skip("a measurement: set POLLUTION_CPU to the number of rounds")
	}
	texts, ok := corpus.InstructionTexts()
	if !ok {
		t.Skip("no corpus")
	}
	data := make([][]byte, len(texts))
	for i, s := range texts {
		data[i] = []byte(s)
	}
	docs := func() {
		for _, b := range data {
			rules.NewDoc("CLAUDE.md", b)
		}
	}
	type variant struct {
		name string
		run  func()
	}
	variants := []variant{{"NewDoc", docs}}
	for _, c := range []int{6, 5, 4} {
		size, restore := meaning.UseFormGateCap(c)
		restore()
		use := func(f func()) func() {
			return func() {
				_, restore := meaning.UseFormGateCap(c)
				defer restore()
				f()
			}
		}
		variants = append(variants,
			variant{fmt.Sprintf("Warnings, cap %d (table %d KB)", c, size/1024), use(func() {
				for _, s := range texts {
					meaning.Warnings(s)
				}
			})},
			variant{fmt.Sprintf("Warnings, then NewDoc, file by file, cap %d", c), use(func() {
				for i, s := range texts {
					meaning.Warnings(s)
					rules.NewDoc("CLAUDE.md", data[i])
				}
			})})
	}
	// The control: the same work pass by pass (every file's Warnings,
	// then every file's NewDoc), which shares no cache file by file but
	// allocates the same (so collects the same garbage).
	variants = append(variants, variant{"Warnings, then NewDoc, pass by pass, cap 6", func() {
		for _, s := range texts {
			meaning.Warnings(s)
		}
		docs()
	}})
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
		t.Logf("%-45s min %6.1f median %6.1f ms", v.name, x[0], x[len(x)/2])
	}
	for k := 1; k < len(variants); k += 2 {
		pair := k + 1
		if k == len(variants)-1 {
			// The control, against cap 6's parts.
			k, pair = 1, k
		}
		var extra []float64
		for i := range rounds {
			extra = append(extra, times[pair][i]-times[0][i]-times[k][i])
		}
		slices.Sort(extra)
		t.Logf("%s: beyond its parts, median of the rounds %.1f ms (quartiles %.1f, %.1f)",
			variants[pair].name, extra[len(extra)/2], extra[len(extra)/4], extra[3*len(extra)/4])
		if pair == len(variants)-1 {
			break
		}
	}
}
