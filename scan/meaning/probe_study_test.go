package meaning

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestProbeStudy prints how each line of the file MEANING_PROBE
// ("lang<TAB>unit") is read (study only).
func TestProbeStudy(t *testing.T) {
	p := os.Getenv("MEANING_PROBE")
	if p == "" {
		t.Skip("study only")
	}
	fh, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	m := Embedded()
	for sc.Scan() {
		lang, unit, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		f := Read(unit, lang)
		var parts []string
		for _, h := range f.Hits {
			parts = append(parts, h.Class+"="+h.Term)
		}
		t.Logf("%s intent=%q guard=%q score=%.3f gov=%v\n    %s\n    %s", lang, f.Intent, f.Guard, m.Score(unit, &f), f.governed, unit, strings.Join(parts, " "))
	}
}
