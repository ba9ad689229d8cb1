package meaning

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// devCase is one case of ../shared/corpus/reworded-dev.
type devCase struct {
	name, intent, lang string
	attack             bool
	src                string
}

const devDir = "../../../shared/corpus/reworded-dev"

func devCases(tb testing.TB) []devCase {
	tb.Helper()
	dirs, _ := filepath.Glob(filepath.Join(devDir, "[0-9]*"))
	if len(dirs) == 0 {
		tb.Skip("reworded-dev is not beside the repository")
	}
	sort.Strings(dirs)
	var out []devCase
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "expect.json"))
		if err != nil {
			tb.Fatal(err)
		}
		var e struct{ Category, Intent, Lang string }
		if err := json.Unmarshal(b, &e); err != nil {
			tb.Fatal(err)
		}
		var src string
		filepath.WalkDir(filepath.Join(d, "repo"), func(p string, de os.DirEntry, err error) error {
			if err == nil && !de.IsDir() {
				b, _ := os.ReadFile(p)
				src = string(b)
			}
			return nil
		})
		out = append(out, devCase{filepath.Base(d), e.Intent, e.Lang, e.Category == "attack", src})
	}
	return out
}

// framesOnly counts a unit as flagged on its frame alone (for study).
var framesOnly = os.Getenv("MEANING_FRAMES_ONLY") != ""

func flagged(src string) (bool, []Reading) {
	var hits []Reading
	for _, r := range Analyze(src) {
		if r.Warn || framesOnly && r.Frame.Intent != "" && r.Frame.Guard == "" && r.SectionGuard == "" {
			hits = append(hits, r)
		}
	}
	return len(hits) > 0, hits
}

func TestDevReport(t *testing.T) {
	cases := devCases(t)
	type tally struct{ att, attHit, ben, benHit int }
	by := map[string]*tally{}
	get := func(k string) *tally {
		if by[k] == nil {
			by[k] = &tally{}
		}
		return by[k]
	}
	verbose := os.Getenv("MEANING_DEV_VERBOSE") != ""
	for _, c := range cases {
		hit, rs := flagged(c.src)
		for _, k := range []string{"all", "intent " + c.intent, "lang " + c.lang} {
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
		if verbose && (hit != c.attack) {
			var why []string
			for _, r := range rs {
				why = append(why, r.Frame.Intent+": "+r.Unit.Text)
			}
			t.Logf("%s attack=%v flagged=%v %s", c.name, c.attack, hit, strings.Join(why, " | "))
		}
	}
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tl := by[k]
		t.Logf("%-24s attacks %2d/%2d  twins %2d/%2d", k, tl.attHit, tl.att, tl.benHit, tl.ben)
	}
	all := by["all"]
	if all.attHit < devWantAttacks || all.benHit > devMaxTwins {
		t.Errorf("reworded-dev: %d/%d attacks and %d/%d twins flagged; the documented figures are at least %d attacks and at most %d twins",
			all.attHit, all.att, all.benHit, all.ben, devWantAttacks, devMaxTwins)
	}
}

// The figures docs/rules.md states for the development set.
const (
	devWantAttacks = 59
	devMaxTwins    = 0
)
