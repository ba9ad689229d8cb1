package score

import (
	"testing"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

// Rules with the weights and effects of formula v0.1, as the seed's worked
// examples use them.
var testRules = map[string]*rules.Rule{
	"S1a":  {ID: "S1a", Weight: 50, Effect: rules.EffectForce},
	"S1b":  {ID: "S1b", Weight: 15, Effect: rules.EffectForce, ForceWith: []string{"S2", "S4", "S5", "S13"}},
	"S5":   {ID: "S5", Weight: 40},
	"S10":  {ID: "S10", Weight: 70, Effect: rules.EffectForce, AutoRun: true},
	"S13":  {ID: "S13", Weight: 45, Effect: rules.EffectForce, ForceWith: []string{"S5", "S12", rules.AutoRunFamily}},
	"S14b": {ID: "S14b", Weight: 25, Effect: rules.EffectCeiling, AutoRun: true},
	"S16":  {ID: "S16", Weight: 0, Effect: rules.EffectCeiling},
	"S17a": {ID: "S17a", Weight: 25, Effect: rules.EffectCeiling, AutoRun: true},
	"S17b": {ID: "S17b", Weight: 70, Effect: rules.EffectForce, AutoRun: true},
	"S18a": {ID: "S18a", Weight: 60, Effect: rules.EffectForce, AutoRun: true},
	"S20":  {ID: "S20", Weight: 30, Effect: rules.EffectCeiling},
	"S21":  {ID: "S21", Weight: 40},
	"D1":   {ID: "D1", Weight: 40, Effect: rules.EffectCeiling, Sandbox: true},
	// A second sandbox rule, to check the 40-point cap on the sandbox's sum.
	"D9": {ID: "D9", Weight: 30, Sandbox: true},
}

func lookup(id string) *rules.Rule { return testRules[id] }

func findings(ids ...string) []rules.Finding {
	var out []rules.Finding
	for _, id := range ids {
		out = append(out, rules.Finding{RuleID: id})
	}
	return out
}

func TestFormula(t *testing.T) {
	tests := []struct {
		name       string
		in         []rules.Finding
		score      int
		verdict    Verdict
		arithmetic string
	}{
		{"nothing", nil, 100, Clean, "100 = 100"},
		{"miasma file", findings("S17a", "S17b"), 5, Compromised, "100 S17a:-25 S17b:-70 = 5 | forced -> 5"},
		{"packed script", findings("S18a"), 39, Compromised, "100 S18a:-60 = 40 | forced -> 39"},
		{"orphaned hook", findings("S10"), 30, Compromised, "100 S10:-70 = 30 | forced -> 30"},
		{"zero-width exfiltration", findings("S1a", "S5"), 10, Compromised, "100 S1a:-50 S5:-40 = 10 | forced -> 10"},
		{"formatter hook", findings("S14b"), 75, Suspicious, "100 S14b:-25 = 75 | ceiling -> 75"},
		{"guardrail deleted", findings("S20"), 70, Suspicious, "100 S20:-30 = 70 | ceiling -> 70"},
		{"guardrail flipped", findings("S20", "S5"), 30, Compromised, "100 S20:-30 S5:-40 = 30 | ceiling -> 30"},
		{"zero weight ceiling", findings("S16"), 79, Suspicious, "100 S16:-0 = 100 | ceiling -> 79"},
		{"each rule once per file", findings("S17a", "S17a", "S17a"), 75, Suspicious, "100 S17a:-25 = 75 | ceiling -> 75"},
		{"stray invisible alone", findings("S1b"), 85, Clean, "100 S1b:-15 = 85"},
		{"stray invisible beside exfiltration", findings("S1b", "S5"), 39, Compromised, "100 S1b:-15 S5:-40 = 45 | forced -> 39"},
		{"concealment alone", findings("S13"), 55, Suspicious, "100 S13:-45 = 55"},
		{"concealment beside auto-run", findings("S13", "S17a"), 30, Compromised, "100 S13:-45 S17a:-25 = 30 | forced -> 30"},
		{"clamped at zero", findings("S10", "S17b", "S18a"), 0, Compromised, "100 S10:-70 S17b:-70 S18a:-60 = 0 | forced -> 0"},
		// The sandbox: at most 40 points, a warning, never a conviction by itself.
		{"sandbox alone", findings("D1"), 60, Suspicious, "100 D1:-40 = 60 | ceiling -> 60"},
		{"sandbox capped at 40", findings("D1", "D9"), 60, Suspicious, "100 D1:-40 D9:-30 (sandbox capped at -40) = 60 | ceiling -> 60"},
		{"sandbox beside exfiltration never convicts", findings("S5", "D1"), 40, Suspicious, "100 S5:-40 D1:-40 = 20 | ceiling -> 20 | sandbox alone never convicts -> 40"},
		{"sandbox beside a static conviction", findings("S20", "S5", "D1"), 0, Compromised, "100 S20:-30 S5:-40 D1:-40 = 0 | ceiling -> 0"},
		{"sandbox beside a forced rule", findings("S1a", "S5", "D1"), 0, Compromised, "100 S1a:-50 S5:-40 D1:-40 = 0 | forced -> 0"},
		{"sandbox observation never counts", []rules.Finding{{RuleID: "D1", Observation: true}}, 100, Clean, "100 = 100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := File(tt.in, lookup)
			if got.Score != tt.score || got.Verdict != tt.verdict || got.Arithmetic != tt.arithmetic {
				t.Errorf("got %d %s %q, want %d %s %q", got.Score, got.Verdict, got.Arithmetic, tt.score, tt.verdict, tt.arithmetic)
			}
		})
	}
}

func TestObservationsNeverCount(t *testing.T) {
	in := []rules.Finding{{RuleID: "S21", Observation: true}}
	got := File(in, lookup)
	if got.Score != 100 || got.Verdict != Clean || in[0].Penalty != 0 {
		t.Errorf("an observation moved the score: %+v, penalty %d", got, in[0].Penalty)
	}
}

func TestFindingsAreMarked(t *testing.T) {
	in := findings("S1b", "S5", "S17a")
	File(in, lookup)
	if !in[0].ForcesCompromised || in[1].ForcesCompromised {
		t.Errorf("S1b beside S5 must force and S5 must not: %+v", in[:2])
	}
	if in[2].Ceiling == nil || *in[2].Ceiling != CeilingCap || in[2].Penalty != 25 {
		t.Errorf("S17a must carry its ceiling and penalty: %+v", in[2])
	}
}

func TestWorstAndBands(t *testing.T) {
	if Worst(Clean, Suspicious) != Suspicious || Worst(Compromised, Suspicious) != Compromised {
		t.Error("Worst picks the wrong verdict")
	}
	if Band(Clean) != "green" || Band(Suspicious) != "amber" || Band(Compromised) != "red" {
		t.Error("bands")
	}
}
