package rules

// D1 is the sandbox's finding (`sentinel detonate`, `sentinel pr
// --detonate`, package internal/detonate): a planted secret left the
// sandbox while a model followed the file, and did not with the file's
// base version or a neutral one. The static scan never reports it; the
// sandbox hands its findings in through WithFindings. In the score the
// sandbox counts at most 40 points, and it never makes a file COMPROMISED
// by itself (scan/score).
var D1 = &Rule{
	ID:      "D1",
	Name:    "Sandbox: a planted secret left the machine",
	Weight:  40,
	Effect:  EffectCeiling,
	Sandbox: true,
	Impact:  "A model that followed this file sent one of the sandbox's planted secrets out (the call is shown); an agent following it may send your real ones.",
	Fix:     "Find the instruction the call followed (the line shown), remove it, and rotate anything it could have reached.",
	Check:   func(*Repo, *Report) {},
}

// Sandbox returns the rules only the sandbox reports.
func Sandbox() []*Rule { return []*Rule{D1} }

// WithFindings returns a copy of the sandbox rule r that reports found when
// the scan runs (found's paths must be the scanned files' paths). With
// onlyHead it reports them only in pull-request mode's head scan (Repo.Base
// set), never in the scan of the base.
func WithFindings(r *Rule, found []Finding, onlyHead bool) *Rule {
	c := *r
	c.Check = func(repo *Repo, rep *Report) {
		if onlyHead && repo.Base == nil {
			return
		}
		for _, f := range found {
			f.RuleID = r.ID
			rep.Add(f)
		}
	}
	return &c
}
