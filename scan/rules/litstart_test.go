package rules

import (
	"math/rand"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// sameAsRegexp checks that r finds in s exactly what its pattern finds.
func sameAsRegexp(t *testing.T, r *startRegexp, s string) {
	t.Helper()
	re := referenceRegexp(r.pattern)
	for _, n := range []int{-1, 1, 4} {
		if got, want := r.FindAllStringSubmatchIndex(s, n), re.FindAllStringSubmatchIndex(s, n); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s\non %q (n=%d): submatches %v, regexp %v", r.pattern, s, n, got, want)
		}
		if got, want := r.FindAllStringIndex(s, n), re.FindAllStringIndex(s, n); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s\non %q (n=%d): matches %v, regexp %v", r.pattern, s, n, got, want)
		}
	}
	if got, want := r.FindStringIndex(s), re.FindStringIndex(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s\non %q: first match %v, regexp %v", r.pattern, s, got, want)
	}
}

var references sync.Map

// referenceRegexp is the pattern compiled by regexp, once.
func referenceRegexp(pattern string) *regexp.Regexp {
	if re, ok := references.Load(pattern); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(pattern)
	references.Store(pattern, re)
	return re
}

// startInputs are texts built to meet the literals of every startRegexp
// in every context: the rules' examples, and random strings made of
// literals, pieces of the patterns, separators and multi-byte characters.
func startInputs(seed int64, count int) []string {
	var inputs []string
	for _, exs := range proseExamples() {
		for _, ex := range exs {
			inputs = append(inputs, ex.text, strings.ToLower(ex.text))
			for _, u := range text.Analyze([]byte(ex.text)).Units {
				inputs = append(inputs, u.Lower)
			}
		}
	}
	var pieces []string
	for _, r := range startRegexps {
		r.once.Do(r.compile)
		for _, l := range r.lits {
			pieces = append(pieces, l.s)
		}
		pieces = append(pieces, regexp.MustCompile(`[a-z0-9_~./:$'"-]+`).FindAllString(r.pattern, -1)...)
	}
	pieces = append(pieces, " ", " ", " ", "\n", "\t", ".", ",", ";", "|", "-", "_", "a", "x9", "é", "\u200b", "\xff", "\xc3", "the ", "and ", "to ")
	rng := rand.New(rand.NewSource(seed))
	for n := 0; n < count; n++ {
		var b strings.Builder
		for k := rng.Intn(24); k >= 0; k-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	return inputs
}

func TestStartRegexpSameAsRegexp(t *testing.T) {
	inputs := startInputs(1, 1500)
	for _, r := range startRegexps {
		for _, s := range inputs {
			sameAsRegexp(t, r, s)
		}
	}
}

// Long texts full of a pattern's literals make the anchored tries give up
// and the pattern run as it is: the matches must not change, and the
// search must not take long.
func TestStartRegexpLongTexts(t *testing.T) {
	for _, r := range startRegexps {
		r.once.Do(r.compile)
		for i, l := range r.lits {
			if i == 3 {
				break
			}
			for _, s := range []string{
				strings.Repeat(l.s+" x ", 400),
				"restore; " + strings.Repeat(l.s+" the if ", 300) + " removed",
				strings.Repeat(l.s+" ", 100) + "\n" + strings.Repeat("a ", 2000) + l.s,
			} {
				sameAsRegexp(t, r, s)
			}
		}
	}
}

// Every startRegexp of the rules must find its literals: one that could
// not would run its pattern over every byte, as before. These few begin
// with a character class and run only where their alternative's literal
// is present, which is rare enough.
// A search whose anchored tries would read more than lookBudget times the
// text gives up (and the pattern runs as it is), so a text full of a
// pattern's first word cannot make the search quadratic; ordinary text
// stays well within the budget.
func TestStartRegexpGivesUpPastItsBudget(t *testing.T) {
	r := reDownloadProse // [^;\n]* after its first word: each try reads to the end of the line
	r.once.Do(r.compile)
	long := strings.Repeat("download ", 3000)
	if _, ok := r.findAll(long, -1, false); ok {
		t.Errorf("%d tries of %q each reading to the end stayed within the budget", 3000, "download")
	}
	sameAsRegexp(t, r, long)
	if _, ok := r.findAll("Download the tool, then run it. Download the docs and read them.", -1, false); !ok {
		t.Error("an ordinary sentence went past the budget")
	}
}

var fullPatterns = map[string]bool{
	`(?:^|\s)--no-verify\b`: true,
	`(?:^|[^>])>\s*~/\.(?:bashrc|zshrc|gitconfig|ssh/config|profile)\b`: true,
}

func TestStartRegexpLiterals(t *testing.T) {
	for _, r := range startRegexps {
		r.once.Do(r.compile)
		if r.lits == nil && !fullPatterns[r.pattern] {
			t.Errorf("%s: no literal begins every match; use a lazyre.Regexp or give it one", r.pattern)
		}
	}
}

func TestStartLits(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []startLit
	}{
		{`\b(?:read|reads|cat)\s+x`, []startLit{{"read", true, false}, {"cat", true, false}}},
		{`system[- ]level`, []startLit{{"system level", false, false}, {"system-level", false, false}}},
		{`(?:--)?registry=`, []startLit{{"registry=", false, false}, {"--registry=", false, false}}},
		{`\b(?:the\s+)?(?:user|human)\s+must`, []startLit{{"user", true, false}, {"human", true, false}, {"the", true, false}}},
		{`a*b`, []startLit{{"b", false, false}, {"a", false, false}}},
		{`(?:ab)+c`, []startLit{{"ab", false, false}}},
		{`(?:^|\s)--no-verify`, nil},
		{`\ba|b\b`, []startLit{{"a", true, false}, {"b", false, false}}},
		{`^\s*registry|--trusted-host`, []startLit{{"", false, true}, {"--trusted-host", false, false}}},
		{`\bgo|^go`, []startLit{{"go", true, false}, {"go", false, true}}},
		{`.x`, nil},
		{`\s+x`, nil},
	} {
		r := &startRegexp{pattern: tc.pattern}
		r.compile()
		if !reflect.DeepEqual(r.lits, tc.want) {
			t.Errorf("%s: literals %v, want %v", tc.pattern, r.lits, tc.want)
		}
	}
}

func FuzzStartRegexp(f *testing.F) {
	for _, s := range startInputs(2, 50) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range startRegexps {
			sameAsRegexp(t, r, s)
		}
	})
}
