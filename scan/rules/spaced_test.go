package rules

import (
	"strings"
	"testing"
)

// FuzzSpacedRunPossible: the quick test never rejects a line in which
// strings.Fields finds three base64-like words in a row that join to
// minRun characters, the only lines spacedB64 can report.
func FuzzSpacedRunPossible(f *testing.F) {
	for _, s := range []string{
		"SWdu b3Jl IGFs bCBw cmV2 aW91 cyBp bnN0",
		"SWdu\u00a0b3Jl\u2003IGFs bCBw cmV2 aW91",
		"plain words only, nothing encoded at all here",
		"a1 b2 c3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		run, length, possible := 0, 0, false
		for _, w := range strings.Fields(s) {
			if b64Chunk(w) {
				run++
				length += len(w)
				possible = possible || run >= 3 && length >= minRun
			} else {
				run, length = 0, 0
			}
		}
		if possible && !spacedRunPossible(s) {
			t.Fatalf("spacedRunPossible(%q) is false, but its words hold a run", s)
		}
	})
}
