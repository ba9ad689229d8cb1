package rules

// S14b finds hooks that run before every file write: they see, and can
// change or block, everything the agent writes.
var S14b = &Rule{
	ID: "S14b", Name: "Write-intercept hook", Weight: 25, Effect: EffectCeiling, AutoRun: true,
	Impact: "A script runs before the agent writes any file; it sees every change and can alter or block it.",
	Fix:    "Check that the script is the formatter or guard you expect, then approve it once with `sentinel approve`.",
	Check: func(r *Repo, rep *Report) {
		for _, a := range r.AutoRuns {
			if !isWriteIntercept(a) || a.Unknown {
				continue
			}
			it := r.HookItem(a)
			if r.approved(it) {
				continue
			}
			rep.Add(Finding{Path: a.Source, Line: a.Line,
				Message:  "unapproved write-intercept hook in " + toolName(a.Tool) + ": " + describe(a),
				Evidence: a.Command, Subject: &it})
		}
	},
}
