package meaning

import (
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	for _, c := range devCases(t) {
		if c.attack != (os.Getenv("ZZB") == "") {
			continue
		}
		if ok, _ := flagged(c.src); ok == c.attack {
			continue
		}
		for _, r := range Analyze(c.src) {
			if len(r.Frame.Hits) < 2 {
				continue
			}
			var hs []string
			for _, h := range r.Frame.Hits {
				hs = append(hs, h.Class+"="+h.Term)
			}
			t.Logf("%s L%d I=%s G=%q%s S=%.2f | %.120s\n      %s", c.name[:3], r.Unit.Line, r.Frame.Intent, r.Frame.Guard, r.SectionGuard, r.Score, strings.ReplaceAll(r.Unit.Text, "\n", " "), strings.Join(hs, " "))
		}
	}
}
