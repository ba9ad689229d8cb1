package meaning

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// heldOutDir holds an independent set written for measuring S45 on files it
// was never tuned on (see testdata/heldout/README.md). Never train on it.
const heldOutDir = "testdata/heldout"

type heldCase struct {
	name, intent, lang, kind, form string
	attack                         bool
	src, decisive                  string
}

// heldOutCases reads a held-out set laid out as testdata/heldout is:
// MANIFEST.tsv (case, category, intent, form, lang, kind, pair, file) and, per
// case, agent.txt and expect.json.
func heldOutCases(tb testing.TB, dir string) []heldCase {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []heldCase
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 8 {
			tb.Fatalf("MANIFEST.tsv line %d: %d fields, want 8", i+1, len(f))
		}
		src, err := os.ReadFile(filepath.Join(dir, f[0], "agent.txt"))
		if err != nil {
			tb.Fatal(err)
		}
		// expect.json repeats the manifest's columns (and the decisive
		// text) where a set's writer kept one; heldout4 has none.
		var e struct{ Category, Intent, Lang, Decisive string }
		eb, err := os.ReadFile(filepath.Join(dir, f[0], "expect.json"))
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			tb.Fatal(err)
		default:
			if err := json.Unmarshal(eb, &e); err != nil {
				tb.Fatal(err)
			}
			if (e.Category == "attack") != (f[1] == "attack") || e.Intent != f[2] || e.Lang != f[4] {
				tb.Fatalf("%s: expect.json disagrees with MANIFEST.tsv", f[0])
			}
		}
		out = append(out, heldCase{f[0], f[2], f[4], f[5], f[3], f[1] == "attack", string(src), e.Decisive})
	}
	return out
}

// TestHeldOutReport measures S45's reading (the same flagged() as
// TestDevReport) on the held-out set. It prints the figures; it asserts only
// sanity bounds, never the recall, so that nobody tunes to make it pass.
func TestHeldOutReport(t *testing.T) {
	heldOutReport(t, heldOutDir)
}

// heldOutReport prints attacks and twins flagged per intent, language, agent
// file kind and form for the held-out set in dir, every flagged twin's unit,
// and asserts only that the set is whole and at most 10% of twins warn.
func heldOutReport(t *testing.T, dir string) {
	cases := heldOutCases(t, dir)
	type tally struct{ att, attHit, ben, benHit int }
	by := map[string]*tally{}
	get := func(k string) *tally {
		if by[k] == nil {
			by[k] = &tally{}
		}
		return by[k]
	}
	pairs := map[string]int{}
	why := map[string]int{} // why each missed attack was missed
	// scorerOnly counts files where the learned scorer alone, with no frame
	// gate, reaches the threshold on some unit: what the model would do if
	// the frames did not decide which units it sees (diagnostic only).
	var scorerAtt, scorerBen int
	for _, c := range cases {
		hit, rs := flagged(c.src)
		if so, u, sc := scorerAlone(c.src); so {
			if c.attack {
				scorerAtt++
			} else {
				scorerBen++
				t.Logf("scorer alone flags twin %s (%.3f): %q", c.name, sc, u)
			}
		}
		if c.attack && !hit {
			reason, r := missReason(c.src)
			why[reason]++
			if os.Getenv("MEANING_HELDOUT_VERBOSE") != "" {
				t.Logf("attack missed %s [%s] intent=%q guard=%q score=%.3f/%.3f: %q", c.name, reason, r.Frame.Intent, r.Frame.Guard+r.SectionGuard, r.Score, r.Threshold, r.Unit.Text)
			}
		}
		for _, k := range []string{"all", "intent " + c.intent, "lang " + c.lang, "kind " + c.kind, "form " + c.form} {
			tl := get(k)
			if c.attack {
				tl.att++
				if hit {
					tl.attHit++
				}
			} else {
				tl.ben++
				if hit {
					tl.benHit++
				}
			}
		}
		if c.attack {
			pairs[c.intent]++
		}
		if hit && !c.attack {
			for _, r := range rs {
				t.Logf("TWIN FLAGGED %s (%s): %q", c.name, r.Frame.Intent, r.Unit.Text)
			}
		}
		if hit && c.attack && os.Getenv("MEANING_HELDOUT_VERBOSE") != "" {
			for _, r := range rs {
				t.Logf("attack hit %s (%s): %q", c.name, r.Frame.Intent, r.Unit.Text)
			}
		}
	}
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tl := by[k]
		t.Logf("%-40s attacks %2d/%2d  twins %2d/%2d", k, tl.attHit, tl.att, tl.benHit, tl.ben)
	}
	reasons := make([]string, 0, len(why))
	for k := range why {
		reasons = append(reasons, k)
	}
	sort.Strings(reasons)
	for _, k := range reasons {
		t.Logf("attacks missed because %-36s %2d", k, why[k])
	}
	all := by["all"]
	t.Logf("scorer alone, no frame gate (diagnostic): attacks %d/%d  twins %d/%d", scorerAtt, all.att, scorerBen, all.ben)
	// Sanity only: the set is whole, and the reading does not alarm on honest twins.
	if all.att < 60 || all.ben != all.att || len(pairs) != 10 {
		t.Errorf("held-out set incomplete: %d attacks, %d twins, %d intents", all.att, all.ben, len(pairs))
	}
	if all.benHit*10 > all.ben {
		t.Errorf("held-out: %d/%d twins flagged, more than 10%%", all.benHit, all.ben)
	}
}

// missReason says why no unit of an attack warned, from its most telling
// reading: no frame anywhere, a frame that a guard silenced, a frame whose
// score stayed under the threshold, or a unit too long to warn.
func missReason(src string) (string, Reading) {
	rs := Analyze(src)
	var best Reading
	rank := -1
	for _, r := range rs {
		k := 0
		switch {
		case r.Frame.Intent != "" && r.Frame.Guard == "" && r.SectionGuard == "":
			k = 3
		case r.Frame.Intent != "":
			k = 2
		}
		if k > rank || k == rank && r.Score > best.Score {
			best, rank = r, k
		}
	}
	switch {
	case rank == 3 && len(best.Unit.Text) > maxWarnUnit:
		return "the unit is too long to warn", best
	case rank == 3 && best.Score < best.Threshold:
		return "the score is under the threshold", best
	case rank == 3:
		return "of something else (frame, score ok)", best
	case rank == 2:
		return "a guard silenced the frame", best
	}
	return "no unit has a frame", best
}

// scorerAlone scores every unit of src with the embedded model, as if each
// had a frame (its own frame, empty when the frames find nothing), and
// reports whether one reaches the model's threshold.
func scorerAlone(src string) (bool, string, float32) {
	m := Embedded()
	if m == nil {
		return false, "", 0
	}
	fileLang := Lang(src)
	for _, r := range Analyze(src) {
		f := r.Frame
		if f.Lang == "" {
			l := Lang(r.Unit.Text)
			if l == "" {
				l = fileLang
			}
			f = Read(r.Unit.Text, l)
		}
		if s := m.Score(r.Unit.Text, &f); s >= m.Threshold {
			return true, r.Unit.Text, s
		}
	}
	return false, "", 0
}
