package meaning

import "testing"

// heldOut2Dir holds a second independent held-out set, written by an outsider
// to the reader's data and lexicons (see testdata/heldout2/README.md). It
// measures how S45 generalises; never train or tune on it.
const heldOut2Dir = "testdata/heldout2"

// TestHeldOut2Report prints S45's figures on the second held-out set per
// intent, language, agent file kind and form, and every flagged twin. Like
// TestHeldOutReport it asserts only sanity bounds (the set is whole, at most
// 10% of twins flagged), never the recall.
func TestHeldOut2Report(t *testing.T) {
	heldOutReport(t, heldOut2Dir)
}
