package meaning

import (
	"fmt"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// BenchmarkFormGate runs the form gate (Warnings' gate) over every unit of
// the wild corpus's instruction files, beside the class gate (Analyze's).
func BenchmarkFormGate(b *testing.B) {
	texts, ok := corpus.InstructionTexts()
	if !ok {
		b.Skip("no corpus")
	}
	var units []string
	n := 0
	for _, s := range texts {
		for _, u := range Units(s) {
			units = append(units, u.Text)
			n += len(u.Text)
		}
	}
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
		g := newFormGate(d, nil)
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
