package meaning

import (
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// BenchmarkScanOutsideASCII runs the form gate's scan and verify over the
// wild corpus's units outside ASCII, reading them as written where scan
// may ("as-written") and always through a lowered copy ("lowered").
func BenchmarkScanOutsideASCII(b *testing.B) {
	texts, ok := corpus.InstructionTexts()
	if !ok {
		b.Skip("no corpus")
	}
	d := loaded()
	g := formGateOnce()
	var units []string
	for _, s := range texts {
		for _, u := range Units(s) {
			if !isASCII(u.Text) {
				units = append(units, u.Text)
			}
		}
	}
	var sc gateScratch
	for _, v := range []struct {
		name string
		on   bool
	}{{"as-written", true}, {"lowered", false}, {"as-written", true}, {"lowered", false}} {
		b.Run(v.name, func(b *testing.B) {
			readAsWritten = v.on
			defer func() { readAsWritten = true }()
			for b.Loop() {
				for _, u := range units {
					g.scan(d, u, &sc)
					g.verify(&sc)
				}
			}
		})
	}
}
