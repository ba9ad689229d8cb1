package meaning

import (
	"os"
	"testing"
)

func TestMissStudy(t *testing.T) {
	if os.Getenv("MEANING_MISS") == "" {
		t.Skip("study only")
	}
	for _, c := range devCases(t) {
		if !c.attack {
			continue
		}
		if ok, _ := flagged(c.src); ok {
			continue
		}
		var best Reading
		bestN := -1
		for _, r := range Analyze(c.src) {
			n := 0
			seen := map[string]bool{}
			for _, h := range r.Frame.Hits {
				if k := h.Class[:min(3, len(h.Class))]; !seen[k] {
					seen[k] = true
					n++
				}
			}
			if n > bestN {
				best, bestN = r, n
			}
		}
		t.Logf("%s %s %s G=%q\n   %.200s\n   %v", c.name[:3], c.intent, c.lang, best.Frame.Guard+best.SectionGuard, best.Unit.Text, best.Frame.Part(""))
	}
}
