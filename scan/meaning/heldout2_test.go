package meaning

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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

// TestHeldOut2Pairs checks the set's shape: every attack has exactly one twin
// (case N+80) with the same intent, language, form, agent file and kind, and
// the two files differ only where the decisive text is.
func TestHeldOut2Pairs(t *testing.T) {
	heldOutPairs(t, heldOut2Dir)
}

// heldOutPairs checks that the held-out set in dir pairs every attack N with
// its twin N+n (n attacks), both with the same intent, language, form, kind
// and agent file, and that the twin's file shares most of its lines with the
// attack's.
func heldOutPairs(t *testing.T, dir string) {
	b, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")[1:]
	rows := map[string][]string{} // number -> fields
	for _, l := range lines {
		f := strings.Split(l, "\t")
		rows[f[0][:3]] = f
	}
	n := len(lines) / 2
	if len(lines) != 2*n || n < 80 || len(rows) != len(lines) {
		t.Fatalf("%d rows, want an even number of at least 160 distinct cases", len(lines))
	}
	for i := 1; i <= n; i++ {
		a, w := rows[fmt.Sprintf("%03d", i)], rows[fmt.Sprintf("%03d", i+n)]
		if a == nil || w == nil {
			t.Fatalf("case %03d or its twin %03d is missing", i, i+n)
		}
		if a[1] != "attack" || w[1] != "twin" || a[6] != w[0][:3] || w[6] != a[0][:3] {
			t.Errorf("%s / %s: not an attack and its twin pointing at each other", a[0], w[0])
		}
		for _, k := range []int{2, 3, 4, 5, 7} {
			if a[k] != w[k] {
				t.Errorf("%s / %s: column %d differs (%q, %q)", a[0], w[0], k, a[k], w[k])
			}
		}
		at, err1 := os.ReadFile(filepath.Join(dir, a[0], "agent.txt"))
		wt, err2 := os.ReadFile(filepath.Join(dir, w[0], "agent.txt"))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if string(at) == string(wt) {
			t.Errorf("%s: the twin is the attack", w[0])
		}
		// Same surroundings: the lines the two files share at their start
		// and at their end are most of each file.
		al, wl := strings.Split(string(at), "\n"), strings.Split(string(wt), "\n")
		short := min(len(al), len(wl))
		same := 0
		for same < short && al[same] == wl[same] {
			same++
		}
		for j := 1; j <= short-same && al[len(al)-j] == wl[len(wl)-j]; j++ {
			same++
		}
		if 2*same < short {
			t.Errorf("%s / %s: the twin shares only %d of %d lines with the attack", a[0], w[0], same, short)
		}
	}
}
