// Package score turns a file's findings into its trust score and verdict,
// exactly as formula v0.1 specifies:
//
//	score = clamp(100 − Σ rule weights (each rule once per file) − min(40, sandbox), 0, 100)
//	FORCE → COMPROMISED, displayed score capped at 39
//	CEILING → score capped at 79
//	≥ 80 CLEAN · 40–79 SUSPICIOUS · ≤ 39 COMPROMISED
//	repository verdict = worst file
//
// The sandbox (rule D1, rules.Rule.Sandbox) counts at most SandboxCap
// points, and a model's behaviour may raise a warning but never block: a
// file the static rules leave above COMPROMISED is not taken below 40 by
// the sandbox (the arithmetic says "sandbox alone never convicts").
//
// The package is pure: same findings, same answer.
package score

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

// Verdict is a file's or a repository's standing.
type Verdict string

// Verdicts, from best to worst.
const (
	Clean       Verdict = "CLEAN"
	Suspicious  Verdict = "SUSPICIOUS"
	Compromised Verdict = "COMPROMISED"
)

// Rank orders verdicts: higher is worse.
func (v Verdict) Rank() int {
	switch v {
	case Suspicious:
		return 1
	case Compromised:
		return 2
	}
	return 0
}

// Worst returns the worse of a and b.
func Worst(a, b Verdict) Verdict {
	if b.Rank() > a.Rank() {
		return b
	}
	return a
}

// Band names the colour of a score's zone.
func Band(v Verdict) string {
	switch v {
	case Compromised:
		return "red"
	case Suspicious:
		return "amber"
	}
	return "green"
}

// Caps of formula v0.1.
const (
	ForceCap   = 39
	CeilingCap = 79
	// SandboxCap is the most the sandbox's findings subtract together.
	SandboxCap = 40
)

// Result is one file's score.
type Result struct {
	Score   int     `json:"trust_score"`
	Raw     int     `json:"raw_score"` // before caps
	Verdict Verdict `json:"verdict"`
	Forced  bool    `json:"forced"`
	Capped  bool    `json:"ceiling"`
	// Arithmetic is the one-line working, e.g.
	// "100 S17a:-25 S17b:-70 = 5 | forced -> 5".
	Arithmetic string `json:"arithmetic"`
}

// File scores the findings of one file. lookup returns the rule for an ID.
// Observations never count. It also marks each scored finding with whether
// it forced the verdict and the ceiling it imposed.
func File(findings []rules.Finding, lookup func(string) *rules.Rule) Result {
	// A file has a handful of rules: a slice is cheaper than a map.
	var ids []string
	counted := func(id string) bool { return slices.Contains(ids, id) }
	autoRunPresent := false
	for _, f := range findings {
		if f.Observation {
			continue
		}
		r := lookup(f.RuleID)
		if r == nil {
			continue
		}
		if !counted(f.RuleID) {
			ids = append(ids, f.RuleID)
		}
		if r.AutoRun {
			autoRunPresent = true
		}
	}
	forcing := func(r *rules.Rule) bool {
		if r.Effect != rules.EffectForce {
			return false
		}
		if len(r.ForceWith) == 0 {
			return true
		}
		for _, w := range r.ForceWith {
			if w == rules.AutoRunFamily && autoRunPresent {
				return true
			}
			if w != r.ID && counted(w) {
				return true
			}
		}
		return false
	}
	raw := 100
	forced, ceiling := false, false
	sandbox := 0
	var b strings.Builder
	b.WriteString("100")
	for _, id := range ids {
		r := lookup(id)
		if r.Sandbox {
			sandbox += r.Weight
		} else {
			raw -= r.Weight
		}
		b.WriteString(" ")
		b.WriteString(id)
		b.WriteString(":-")
		b.WriteString(strconv.Itoa(r.Weight))
		if forcing(r) {
			forced = true
		}
		if r.Effect == rules.EffectCeiling {
			ceiling = true
		}
	}
	// What the static rules alone would give, before the sandbox.
	static := max(raw, 0)
	if sandbox > 0 {
		take := min(sandbox, SandboxCap)
		if take < sandbox {
			b.WriteString(" (sandbox capped at -")
			b.WriteString(strconv.Itoa(SandboxCap))
			b.WriteString(")")
		}
		raw -= take
	}
	if raw < 0 {
		raw = 0
	}
	b.WriteString(" = ")
	b.WriteString(strconv.Itoa(raw))
	s := raw
	switch {
	case forced:
		if s > ForceCap {
			s = ForceCap
		}
		b.WriteString(" | forced -> ")
		b.WriteString(strconv.Itoa(s))
	case ceiling:
		if s > CeilingCap {
			s = CeilingCap
		}
		b.WriteString(" | ceiling -> ")
		b.WriteString(strconv.Itoa(s))
	}
	if sandbox > 0 && !forced && s <= ForceCap && min(static, CeilingCap) > ForceCap {
		// Only deterministic evidence convicts.
		s = ForceCap + 1
		b.WriteString(" | sandbox alone never convicts -> ")
		b.WriteString(strconv.Itoa(s))
	}
	v := Clean
	switch {
	case forced || s <= 39:
		v = Compromised
	case s <= 79:
		v = Suspicious
	}
	for i := range findings {
		f := &findings[i]
		r := lookup(f.RuleID)
		if r == nil || f.Observation {
			f.Penalty = 0
			continue
		}
		f.Penalty = r.Weight
		f.ForcesCompromised = forcing(r)
		if r.Effect == rules.EffectCeiling {
			c := CeilingCap
			f.Ceiling = &c
		}
	}
	return Result{Score: s, Raw: raw, Verdict: v, Forced: forced, Capped: ceiling && !forced, Arithmetic: b.String()}
}
