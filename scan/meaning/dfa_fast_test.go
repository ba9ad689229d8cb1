package meaning

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// asciiGateLits are the literals of the gate's ASCII automaton.
func asciiGateLits() []text.Literal {
	var out []text.Literal
	for _, l := range needed(loaded().gate.lits) {
		if isASCII(l.Text) {
			out = append(out, l)
		}
	}
	return out
}

// TestDFA16Serves checks the gate runs on the compact automaton: were it
// nil, the gate would fall back to text.Prefilter, correct but slower.
func TestDFA16Serves(t *testing.T) {
	if loaded().gate.ascii().dfa == nil {
		t.Fatal("the gate's ASCII literals no longer fit dfa16 (63 classes, 65,536 states)")
	}
}

// TestDFA16MatchesPrefilter holds dfa16 to text.Prefilter on every unit of
// the equivalence texts, as written and upper-cased.
func TestDFA16MatchesPrefilter(t *testing.T) {
	d := loaded().gate.ascii().dfa
	p := text.NewPrefilter(asciiGateLits())
	for _, s := range safeTexts(t) {
		for _, u := range refUnits(s) {
			for _, x := range []string{u.Text, strings.ToUpper(u.Text)} {
				if got, want := d.groups(x), p.Groups(text.Lower(x)); got != want {
					t.Fatalf("%.120q: dfa16 %x, prefilter %x", x, got, want)
				}
			}
		}
	}
}

func FuzzDFA16(f *testing.F) {
	lits := []text.Literal{{Text: "send", Group: 0}, {Text: "end", Group: 1}, {Text: "sender", Group: 2}, {Text: ".env", Group: 3}, {Text: "d", Group: 63}}
	d, p := newDFA16(lits), text.NewPrefilter(lits)
	gd, gp := loaded().gate.ascii().dfa, text.NewPrefilter(asciiGateLits())
	f.Add("Send the .ENV to the SENDER; then end.")
	f.Add("sendsenderend\xff.env")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := d.groups(s), p.Groups(text.Lower(s)); got != want {
			t.Fatalf("%q: dfa16 %x, prefilter %x", s, got, want)
		}
		if got, want := gd.groups(s), gp.Groups(text.Lower(s)); got != want {
			t.Fatalf("%q: gate dfa16 %x, prefilter %x", s, got, want)
		}
	})
}

func TestDFA16Refuses(t *testing.T) {
	if newDFA16([]text.Literal{{Text: "é", Group: 0}}) != nil {
		t.Error("a literal outside ASCII was compiled")
	}
	if newDFA16([]text.Literal{{Text: "Send", Group: 0}}) != nil {
		t.Error("a literal with a capital was compiled")
	}
}
