package rules

import (
	"reflect"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/corpus"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// filterInputs are texts to compare the filtered and the eager analysis
// on: every prose rule's examples, then every instruction file of the
// corpus when it is there.
func filterInputs(t *testing.T) []string {
	var in []string
	for _, exs := range proseExamples() {
		for _, ex := range exs {
			in = append(in, ex.text)
		}
	}
	texts, ok := corpus.InstructionTexts()
	if !ok {
		t.Log("corpus absent (../shared/corpus/wild): comparing on the rules' examples only")
	}
	return append(in, texts...)
}

// findingsBothWays runs every prose rule over body with the filtered text
// layer and with the eager one.
func findingsBothWays(body string) (filtered, eager []Finding) {
	filtered = Run(Prose(), instructionRepo(body))
	eagerDocs = true
	defer func() { eagerDocs = false }()
	eager = Run(Prose(), instructionRepo(body))
	return filtered, eager
}

// TestFilterChangesNoFinding: cutting into units only the regions some
// gate admits (or where S7 could decode a run) gives the same findings
// as cutting every region.
func TestFilterChangesNoFinding(t *testing.T) {
	for _, body := range filterInputs(t) {
		if f, e := findingsBothWays(body); !reflect.DeepEqual(f, e) {
			t.Fatalf("the filter changed the findings of %q:\nfiltered %s\neager %s", clip(body, 300), describeFindings(f), describeFindings(e))
		}
	}
}

// gatedMatchers pairs each gate with the matcher runProse runs behind it.
var gatedMatchers = []struct {
	id string
	g  gate
	m  matcher
}{
	{"S2", s02Gate, matchHiddenComment}, {"S4", s04Gate, matchOverride}, {"S5", s05Gate, matchExfil},
	{"S12", s12Gate, matchFetchInstructions}, {"S13", s13Gate, matchConceal}, {"S21", s21Gate, matchDownloadRun},
	{"S22", s22Gate, matchSafetyOff}, {"S23", s23Gate, matchDestructive}, {"S24", s24Gate, matchPersistence},
	{"S25", s25Gate, matchPackageSource}, {"S26", s26Gate, matchCredentialStore},
	{"S37", s37Gate, matchRawChannel}, {"S38", s38Gate, matchFraming}, {"S39", s39Gate, matchDecodeRun},
	{"S40", s40Gate, matchSelfRewrite}, {"S41", s41Gate, matchUnsupervised},
	{"S7 decode reason", s07DecodeGate, func(u *text.Unit) (match, bool) { return match{}, has(u, gDecode) }},
	{"S5 naming sentence", s05SplitGate, func(u *text.Unit) (match, bool) { _, _, ok := matchDefinition(u); return match{}, ok }},
	{"S5 step across files", crossFileGate, func(u *text.Unit) (match, bool) {
		_, _, gather := gatherIn(u)
		_, send := sendIn(u)
		return match{}, gather || send
	}},
}

// TestGatesAdmitEveryMatch: a gate states what its matcher needs, so a
// matcher run without it never matches a unit the gate turns away (a gate
// that asked too much would hide findings behind the filter).
func TestGatesAdmitEveryMatch(t *testing.T) {
	if len(gatedMatchers) != len(proseGates) {
		t.Fatalf("%d gates are registered and %d tested: add the new gate to gatedMatchers", len(proseGates), len(gatedMatchers))
	}
	for _, body := range filterInputs(t) {
		d := text.AnalyzeString(body)
		prefilterUnits(d)
		for i := range d.Units {
			u := &d.Units[i]
			for _, gm := range gatedMatchers {
				if _, ok := gm.m(u); ok && !gm.g.admits(u.Groups) {
					t.Fatalf("%s matches %q but its gate turns the unit away", gm.id, u.Text)
				}
			}
		}
	}
}
