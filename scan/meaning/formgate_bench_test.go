package meaning

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// BenchmarkFormGate runs the form gate (Warnings' gate) over every unit of
// the wild corpus's instruction files, beside the class gate (Analyze's).
func BenchmarkFormGate(b *testing.B) {
	units, n := corpusUnits(b)
	d := loaded()
	b.Run("class", func(b *testing.B) {
		b.SetBytes(int64(n))
		for b.Loop() {
			for _, u := range units {
				d.gate.groups(u)
			}
		}
	})
	for _, c := range []int{4, 6, 8, 64} {
		g := newFormGate(d, slices.Sorted(maps.Keys(d.lex)))
		g.compile(c)
		b.Run(fmt.Sprintf("form-cap%d", c), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				for _, u := range units {
					g.unitGroups(d, u)
				}
			}
		})
	}
}

// BenchmarkWarningsCap runs Warnings over the wild corpus's instruction
// files with form gates reading different numbers of first bytes, and
// with the class gate alone (as before the form gate).
func BenchmarkWarningsCap(b *testing.B) {
	texts, ok := corpus.InstructionTexts()
	if !ok {
		b.Skip("no corpus")
	}
	n := 0
	for _, s := range texts {
		n += len(s)
	}
	d := loaded()
	gates := map[string]*formGate{"class": nil}
	names := []string{"class"}
	for _, c := range []int{4, 5, 6, 8} {
		g := newFormGate(d, slices.Sorted(maps.Keys(d.lex)))
		g.compile(c)
		name := fmt.Sprintf("cap%d", c)
		gates[name] = g
		names = append(names, name)
	}
	for _, name := range names {
		g := gates[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				for _, s := range texts {
					analyzeGate(s, false, g)
				}
			}
		})
	}
}
