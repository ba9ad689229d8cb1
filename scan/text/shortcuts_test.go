package text

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/internal/corpus"
)

// checkShortcuts proves that the shortcuts Analyze takes (no per-line
// normalising of a file that needs none, no link or comment search in a
// file without them, no rune slice for a file whose invisible characters
// are all allowed) give the same document as the full path.
func checkShortcuts(t *testing.T, data []byte, fast *Document) {
	t.Helper()
	noShortcuts = true
	slow := Analyze(data)
	noShortcuts = false
	fast.plain, fast.hasLink, fast.hasURL, fast.hasRefComment, fast.hasComment, fast.clean = false, false, false, false, false, nil
	slow.plain, slow.hasLink, slow.hasURL, slow.hasRefComment, slow.hasComment, slow.clean = false, false, false, false, false, nil
	if got, want := Lower(string(data)), lowerRef(string(data)); got != want {
		t.Fatalf("Lower(%q) = %q, want %q", data, got, want)
	}
	if fast.NumLines() != slow.NumLines() {
		t.Fatalf("shortcuts changed the line count of %q: %d, want %d", data, fast.NumLines(), slow.NumLines())
	}
	for l := 1; l <= fast.NumLines(); l++ {
		if fast.LineText(l) != slow.LineText(l) {
			t.Fatalf("shortcuts changed line %d of %q: %q, want %q", l, data, fast.LineText(l), slow.LineText(l))
		}
	}
	fast.lines, slow.lines = nil, nil
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("shortcuts changed the document of %q:\nfast %+v\nslow %+v", data, fast, slow)
	}
}

func TestShortcutsChangeNothing(t *testing.T) {
	inputs := append([]string{}, fuzzSeeds...)
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "*", "*"))
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			inputs = append(inputs, string(b))
		}
	}
	// Every instruction file of the corpus, when it is there.
	texts, _ := corpus.InstructionTexts()
	inputs = append(inputs, texts...)
	for _, in := range inputs {
		checkShortcuts(t, []byte(in), Analyze([]byte(in)))
		checkFiltered(t, []byte(in))
		if got, want := Lower(in), lowerRef(in); got != want {
			t.Fatalf("Lower(%q) = %q, want %q", in, got, want)
		}
	}
	t.Logf("%d inputs", len(inputs))
}

// lowerRef lowers ASCII letters byte by byte.
func lowerRef(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// TestLowerEveryByte checks Lower's eight-bytes-at-a-time path on every
// byte value at every position of a word.
func TestLowerEveryByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 19; pos++ {
			b := []byte("xYz0123456789abcDEFg")
			b[pos] = byte(c)
			for _, s := range []string{string(b), "A" + string(b), string(b[pos:])} {
				if got, want := Lower(s), lowerRef(s); got != want {
					t.Fatalf("Lower(%q) = %q, want %q", s, got, want)
				}
			}
		}
	}
}

// needsNormalizingRef is needsNormalizing one byte at a time.
func needsNormalizingRef(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c == 0x0B || c == 0x0C {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Classify(r) != NotInvisible || IsOddSpace(r) || r >= 0xFF01 && r <= 0xFF5E ||
			r >= 0x1D400 && r <= 0x1D7FF || isLookalikeScript(r) || confusables[r] != 0 {
			return true
		}
		i += n
	}
	return false
}

func TestWordAtATimeScansEveryByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 19; pos++ {
			b := []byte("plain ascii words here")
			b[pos] = byte(c)
			for _, s := range []string{string(b), string(b[pos:]), string(b[:pos+1])} {
				if got, want := needsNormalizing(s), needsNormalizingRef(s); got != want {
					t.Fatalf("needsNormalizing(%q) = %v, want %v", s, got, want)
				}
				want := false
				for _, r := range s {
					if Classify(r) != NotInvisible {
						want = true
					}
				}
				if got := hasInvisible([]byte(s)); got != want {
					t.Fatalf("hasInvisible(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
	for _, s := range []string{"abcdefgh\u200bijklmnop", "abcdefgh\u00a0ijklmnop", "abcdefghijklmno\u0435", "abcdefgh\x0bijk"} {
		if needsNormalizing(s) != needsNormalizingRef(s) {
			t.Fatalf("needsNormalizing(%q) differs", s)
		}
	}
}
