package meaning

import "testing"

// heldOut3Dir holds a third independent held-out set, written by an outsider
// who never saw the reader's data, lexicons or code, nor the first two sets
// (see testdata/heldout3/README.md). It measures how S45 generalises; never
// train or tune on it, and never read its cases to fix a miss.
const heldOut3Dir = "testdata/heldout3"

// TestHeldOut3Report prints S45's figures on the third held-out set per
// intent, language, agent file kind and form, and every flagged twin. Like
// the other held-out reports it asserts only sanity bounds (the set is whole,
// at most 10% of twins flagged), never the recall.
func TestHeldOut3Report(t *testing.T) {
	heldOutReport(t, heldOut3Dir)
}

// TestHeldOut3Pairs checks the third set's shape: every attack N has exactly
// one twin N+80 with the same intent, language, form, agent file and kind,
// and the two files differ only where the decisive text is.
func TestHeldOut3Pairs(t *testing.T) {
	heldOutPairs(t, heldOut3Dir)
}
