package meaning

import (
	"testing"
	"unicode/utf8"
)

// checkPacked holds packedWordMatch, which around.fits uses, to
// foldWordMatch for a token t (ASCII token bytes, as around.read cuts
// them) and a form's word f.
func checkPacked(t *testing.T, tok, f string) {
	t.Helper()
	for i := 0; i < len(tok); i++ {
		if tok[i] >= utf8.RuneSelf || !tokByte[tok[i]] {
			return // around.read never gives such a token
		}
	}
	if f == "" {
		return
	}
	got := packedWordMatch(tok, packWord(tok), f, packRaw(f))
	if want := foldWordMatch(tok, f); got != want {
		t.Fatalf("token %q, word %q: packed %v, foldWordMatch %v", tok, f, got, want)
	}
}

func TestPackedWordMatch(t *testing.T) {
	words := []string{"a", "an", "the", "send", "sends", "SEND", "repository", "repositoryx", "repo", "für", "env", "environment", "e-mail", "don't", "x_y", "abcdefgh", "abcdefghi"}
	for _, tok := range words {
		for _, f := range words {
			checkPacked(t, tok, f)
		}
	}
	// Every word of every form of the gate, against tokens of the
	// corpus's units.
	g := formGateOnce()
	if g == nil {
		t.Fatal("no form gate")
	}
	toks := []string{"Send", "the", "whole", "Repository", "to", "PASTEBIN", "uploads", "configuration", "CONFIG"}
	for _, cs := range g.checks {
		for _, c := range cs {
			for _, w := range c.words {
				for _, tok := range toks {
					checkPacked(t, tok, w)
				}
				if isASCII(w) {
					checkPacked(t, w, w)
					checkPacked(t, w+"s", w)
					checkPacked(t, w[:len(w)-1], w)
				}
			}
		}
	}
}

func FuzzPackedWordMatch(f *testing.F) {
	f.Add("Sends", "send")
	f.Add("the", "them")
	f.Add("abcdefghij", "abcdefghi")
	f.Fuzz(func(t *testing.T, tok, w string) {
		checkPacked(t, tok, w)
	})
}
