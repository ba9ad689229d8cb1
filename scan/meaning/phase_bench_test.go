package meaning

import (
	"os"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// BenchmarkPhases times each phase of the semantic reading over every
// instruction file of the wild corpus, so the floor of S45's cost (what
// one pass over the bytes costs) can be set against the whole reading.
func BenchmarkPhases(b *testing.B) {
	texts, ok := corpus.InstructionTexts()
	if !ok {
		b.Skip("no corpus")
	}
	n := 0
	for _, s := range texts {
		n += len(s)
	}
	d := loaded()
	b.Run("bytes", func(b *testing.B) {
		// One pass over every byte: the floor of any reading.
		b.SetBytes(int64(n))
		var x byte
		for b.Loop() {
			for _, s := range texts {
				for i := 0; i < len(s); i++ {
					x ^= s[i]
				}
			}
		}
		_ = x
	})
	b.Run("units", func(b *testing.B) {
		b.SetBytes(int64(n))
		var us []Unit
		for b.Loop() {
			for _, s := range texts {
				us = appendUnits(us[:0], s)
			}
		}
	})
	b.Run("units+gate", func(b *testing.B) {
		b.SetBytes(int64(n))
		var us []Unit
		for b.Loop() {
			for _, s := range texts {
				us = appendUnits(us[:0], s)
				for _, u := range us {
					d.gate.groups(u.Text)
				}
			}
		}
	})
	b.Run("warnings", func(b *testing.B) {
		b.SetBytes(int64(n))
		for b.Loop() {
			for _, s := range texts {
				Warnings(s)
			}
		}
	})
}

// TestPhaseCounts logs how many units each phase sees (a study:
// MEANING_PHASES=1).
func TestPhaseCounts(t *testing.T) {
	if os.Getenv("MEANING_PHASES") == "" {
		t.Skip("study only")
	}
	texts, ok := corpus.InstructionTexts()
	if !ok {
		t.Skip("no corpus")
	}
	d := loaded()
	var files, bytes, units, ubytes, passed, pbytes, intent, warn int
	for _, s := range texts {
		files++
		bytes += len(s)
		for _, u := range Units(s) {
			units++
			ubytes += len(u.Text)
			if d.possible(d.gate.groups(u.Text)) {
				passed++
				pbytes += len(u.Text)
				f := Read(u.Text, Lang(u.Text))
				if f.Intent != "" {
					intent++
				}
			}
		}
		warn += len(Warnings(s))
	}
	formPassed := 0
	g := formGateOnce()
	for _, s := range texts {
		for _, u := range Units(s) {
			if d.possible(g.unitGroups(d, u.Text)) {
				formPassed++
			}
		}
	}
	t.Logf("files %d bytes %d; units %d (%d bytes); class gate passes %d (%d bytes); intent alone %d; form gate passes alone %d; warn %d",
		files, bytes, units, ubytes, passed, pbytes, intent, formPassed, warn)
}
