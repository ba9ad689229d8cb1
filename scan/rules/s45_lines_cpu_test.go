//go:build unix

package rules

import (
	"os"
	"reflect"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/meaning"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// TestS45LinePassCPU measures the floor of S45 inside the text layer's
// pass (issue #18): the prose prefilter's LineGroups over the wild
// corpus's instruction files with the prose literals alone against with
// S45's line keys (meaning.LineKeys) added; and text.AnalyzeFiltered and
// meaning.Warnings over every file, each alone and the two file by file
// (does S45's reading evict the text layer's tables? then the pair costs
// more than the sum of the two alone). Each variant once per round, in
// turn, S45_LINES rounds (a measurement, skipped without it); CPU ms per
// pass:
//
//	S45_LINES=10 GOMAXPROCS=1 go test ./scan/rules -run TestS45LinePassCPU -v
func TestS45LinePassCPU(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("S45_LINES"))
	if rounds <= 0 {
		t.Skip("a measurement: set S45_LINES to the number of rounds")
	}
	texts, ok := corpus.InstructionTexts()
	if !ok {
		t.Skip("no corpus")
	}
	starts := make([][]int, len(texts))
	for i, s := range texts {
		starts[i] = []int{0}
		for j := 0; j < len(s); j++ {
			if s[j] == '\n' {
				starts[i] = append(starts[i], j+1)
			}
		}
	}
	prose := prefilter()
	// The prose prefilter holds 64 groups already; the keys' groups are
	// folded into them, which changes what the groups say but not what
	// the pass costs (the same states end a literal).
	lits := proseLiterals()
	for _, k := range meaning.LineKeys() {
		lits = append(lits, text.Literal{Text: k.Text, Group: k.Group % 64})
	}
	both := text.NewPrefilter(lits)
	for _, p := range []struct {
		name string
		p    *text.Prefilter
	}{{"prose", prose}, {"prose and S45 keys", both}} {
		v := reflect.ValueOf(p.p).Elem()
		t.Logf("%s: %d states, %d byte classes, rows of %d entries, fast table %d KB, fast %v", p.name,
			v.FieldByName("out").Len(), v.FieldByName("width").Int(), 1<<v.FieldByName("shift").Uint(),
			v.FieldByName("fast").Len()*4/1024, p.p.Fast())
	}
	var buf []uint64
	cpu := func() time.Duration {
		var r syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &r)
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	variants := []struct {
		name string
		run  func()
	}{
		{"LineGroups, prose literals", func() {
			for i, s := range texts {
				buf = prose.LineGroups(s, starts[i], buf)
			}
		}},
		{"LineGroups, prose literals and S45 keys", func() {
			for i, s := range texts {
				buf = both.LineGroups(s, starts[i], buf)
			}
		}},
		{"AnalyzeFiltered", func() {
			for _, s := range texts {
				text.AnalyzeFiltered(s, proseFilter())
			}
		}},
		{"Warnings", func() {
			for _, s := range texts {
				meaning.Warnings(s)
			}
		}},
		{"Warnings, then AnalyzeFiltered, file by file", func() {
			for _, s := range texts {
				meaning.Warnings(s)
				text.AnalyzeFiltered(s, proseFilter())
			}
		}},
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
	// What the pair costs beyond its parts, round by round.
	var extra, added []float64
	for i := range rounds {
		extra = append(extra, times[4][i]-times[2][i]-times[3][i])
		added = append(added, times[1][i]-times[0][i])
	}
	slices.Sort(extra)
	slices.Sort(added)
	t.Logf("the keys add to LineGroups, median of the rounds: %.1f ms; the pair costs beyond its parts, median of the rounds: %.1f ms (quartiles %.1f, %.1f)",
		added[len(added)/2], extra[len(extra)/2], extra[len(extra)/4], extra[3*len(extra)/4])
}
