package meaning

import "testing"

// heldOut4Dir holds a fourth independent held-out set, written by an outsider
// who never saw the reader's data, lexicons, training command or code, nor
// the first three sets (see testdata/heldout4/README.md). It gives one blind
// figure for how S45 generalises; never train or tune on it, and never read
// its cases to fix a miss.
const heldOut4Dir = "testdata/heldout4"

// TestHeldOut4Report prints S45's figures on the fourth held-out set per
// intent, language, agent file kind and form, and every flagged twin. Like
// the other held-out reports it asserts only sanity bounds (the set is whole,
// at most 10% of twins flagged), never the recall.
func TestHeldOut4Report(t *testing.T) {
	heldOutReport(t, heldOut4Dir)
}

// TestHeldOut4Pairs checks the fourth set's shape: every attack N has exactly
// one twin N+80 with the same intent, language, form, agent file and kind,
// and the two files differ only where the decisive text is.
func TestHeldOut4Pairs(t *testing.T) {
	heldOutPairs(t, heldOut4Dir)
}
