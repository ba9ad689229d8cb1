package rules

import (
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

var splitPatterns = []*splitRegexp{spawnRe, netRe, decodeRe}

var wholePatterns = func() map[*splitRegexp]*regexp.Regexp {
	m := map[*splitRegexp]*regexp.Regexp{}
	for _, sr := range splitPatterns {
		m[sr] = regexp.MustCompile(sr.pattern)
	}
	return m
}()

func sameAsWhole(t *testing.T, s string) {
	t.Helper()
	for _, sr := range splitPatterns {
		want := wholePatterns[sr].FindStringIndex(s)
		got := sr.FindStringIndex(s)
		if len(got) != len(want) || got != nil && (got[0] != want[0] || got[1] != want[1]) {
			t.Fatalf("%s on %q: split %v, whole %v", sr.pattern, s, got, want)
		}
	}
}

func TestSplitRegexpMatchesWhole(t *testing.T) {
	if got := topLevelAlternatives(`a|(b|c)|[|]|\||d`); strings.Join(got, ",") != `a,(b|c),[|],\|,d` {
		t.Fatalf("topLevelAlternatives: %q", got)
	}
	if got := requiredLiteral(`\bspawnSync?\(`); got != "spawnSyn" {
		t.Fatalf("requiredLiteral: %q", got)
	}
	var inputs []string
	// Every script and file of the corpus, when it is there.
	if dir, ok := corpus.Wild(); ok {
		_ = filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				if b, err := os.ReadFile(p); err == nil && len(b) < 1<<20 {
					inputs = append(inputs, string(b))
				}
			}
			return nil
		})
	}
	// Pieces of every alternative, shuffled together.
	var pieces []string
	for _, sr := range splitPatterns {
		sr.once.Do(sr.compile)
		pieces = append(pieces, sr.need...)
	}
	pieces = append(pieces, "sh -c", "bash  -c", "eval \"$(", "Buffer.from(x, 'base64')", "https.get(", "http.request(", " ", "\n", "(", "x", "_", ".", "-")
	// Around the windows each alternative is searched in: word characters,
	// non-ASCII text and broken UTF-8 next to a literal, runs of spaces.
	pieces = append(pieces, "é", "ж", "\xff", "\xe2\x80", "\t", "   \n\t ", "zsh", "ba", "-c", "$(", "\"", ")", "'", "9", "a")
	r := rand.New(rand.NewSource(2))
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := r.Intn(12); k >= 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	for _, s := range inputs {
		sameAsWhole(t, s)
	}
	t.Logf("%d inputs", len(inputs))
}

func FuzzSplitRegexp(f *testing.F) {
	f.Add("const cp = require('child_process'); fetch(url)")
	f.Add("nohup sh -c 'curl x' && atob(y)")
	f.Add("xbash -c é\xffsh \n\t -c eval  \"$(")
	f.Fuzz(func(t *testing.T, s string) { sameAsWhole(t, s) })
}
