//go:build unix

package meaning

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// TestWarningsCPU measures the CPU time of Warnings over the wild
// corpus's instruction files, and of its parts alone (Units; Units and the
// form gate's scan), in turn in one process, WARNINGS_CPU rounds (a
// measurement, skipped without it). Each figure is the median of the
// rounds, in ms per pass over the corpus:
//
//	WARNINGS_CPU=15 GOMAXPROCS=1 go test ./scan/meaning -run TestWarningsCPU -v
func TestWarningsCPU(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("WARNINGS_CPU"))
	if rounds <= 0 {
		t.Skip("a measurement: set WARNINGS_CPU to the number of rounds")
	}
	texts, ok := corpus.InstructionTexts()
	if !ok {
		t.Skip("no corpus")
	}
	d := loaded()
	fg := formGateOnce()
	var us []Unit
	var sc gateScratch
	variants := []struct {
		name string
		run  func()
	}{
		{"bytes", func() {
			var x byte
			for _, s := range texts {
				for i := 0; i < len(s); i++ {
					x += s[i]
				}
			}
			_ = x
		}},
		{"units", func() {
			for _, s := range texts {
				us = appendUnits(us[:0], s)
			}
		}},
		{"units+scan", func() {
			for _, s := range texts {
				us = appendUnits(us[:0], s)
				for _, u := range us {
					fg.scan(d, u.Text, &sc)
				}
			}
		}},
		{"file scan (the form gate over every byte)", func() {
			for _, s := range texts {
				fileScan(fg, s)
			}
		}},
		{"warnings, class gate alone", func() {
			for _, s := range texts {
				analyzeGate(s, false, nil)
			}
		}},
		{"warnings", func() {
			for _, s := range texts {
				Warnings(s)
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

// fileScan runs the form gate's automaton once over a whole file (lowered
// first when it is not ASCII), as a pass fused with the cutting of units
// would, and counts the places it stops: the floor of a one-pass design.
func fileScan(g *formGate, s string) int {
	if !isASCII(s) {
		s = strings.ToLower(s)
	}
	n := 0
	st := uint32(0)
	next, class, first := g.next, &g.class, g.firstOut
	for i := 0; i < len(s); i++ {
		st = uint32(next[st<<gateShift|uint32(class[s[i]])])
		if st >= first {
			n++
		}
	}
	return n
}
