package meaning

import (
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// BenchmarkGate runs the class gate over every unit of the wild corpus's
// instruction files: the split gate (split) against the one automaton
// over every literal on a lowered copy, as the gate was (one).
func BenchmarkGate(b *testing.B) {
	units, n := corpusUnits(b)
	d := loaded()
	one := refGate()
	b.Run("split", func(b *testing.B) {
		b.SetBytes(int64(n))
		for b.Loop() {
			for _, u := range units {
				d.gate.groups(u)
			}
		}
	})
	asciiP := text.NewPrefilter(asciiGateLits())
	var ascii []string
	an := 0
	for _, u := range units {
		if isASCII(u) {
			ascii = append(ascii, clipUnit(u))
			an += len(ascii[len(ascii)-1])
		}
	}
	b.Run("ascii-dfa16", func(b *testing.B) {
		b.SetBytes(int64(an))
		for b.Loop() {
			for _, u := range ascii {
				d.gate.ascii().dfa.groups(u)
			}
		}
	})
	b.Run("ascii-prefilter", func(b *testing.B) {
		b.SetBytes(int64(an))
		for b.Loop() {
			for _, u := range ascii {
				asciiP.GroupsFold(u)
			}
		}
	})
	b.Run("one", func(b *testing.B) {
		b.SetBytes(int64(n))
		for b.Loop() {
			for _, u := range units {
				one.Groups(lowerUnit(u))
			}
		}
	})
}

// corpusUnits returns the text of every unit of the wild corpus's
// instruction files and their bytes in all; it skips b without the corpus.
func corpusUnits(b *testing.B) (units []string, n int) {
	texts, ok := corpus.InstructionTexts()
	if !ok {
		b.Skip("no corpus")
	}
	for _, s := range texts {
		for _, u := range Units(s) {
			units = append(units, u.Text)
			n += len(u.Text)
		}
	}
	return units, n
}
