package rules

import "testing"

// TestProsePrefilterKeepsFastTable fails when the prose rules' literals
// grow the prefilter's automaton past the size that gets the fast table:
// the table is then dropped without a word and prose scanning slows by
// about half (measured when it happened, see docs/BENCHMARKS.md).
func TestProsePrefilterKeepsFastTable(t *testing.T) {
	if !prefilter().Fast() {
		t.Fatal("the prose prefilter has outgrown its fast table (65,536 automaton states, or 2^31 entries): shorten or share literals")
	}
}
