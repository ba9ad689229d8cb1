package rules

import (
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// S10 finds hooks and tasks whose in-repository script is gone: the residue
// a removed package leaves behind, waiting for anyone to plant the script.
var S10 = &Rule{
	ID: "S10", Name: "Orphaned auto-run", Weight: 70, Effect: EffectForce, AutoRun: true,
	Impact: "An agent or editor runs a script that is not in the repository; whoever adds a file at that path runs code on every developer's machine.",
	Fix:    "Remove the hook or task entry, or restore the script it names from a trusted source.",
	Check: func(r *Repo, rep *Report) {
		for a, t := range r.scriptTargets() {
			if t.Guarded || r.File(t.Path) != nil {
				continue
			}
			exists, known := discover.Exists(r.FS, t.Path)
			if exists || !known {
				continue
			}
			if dir := installFolder(t.Path); dir != "" {
				if dirExists, _ := discover.Exists(r.FS, dir); !dirExists {
					continue // a fresh clone without node_modules proves nothing
				}
			}
			it := r.HookItem(a)
			rep.Add(Finding{Path: a.Source, Line: a.Line,
				Message:  "orphaned auto-run: " + describe(a) + " runs " + t.Path + ", which does not exist",
				Evidence: a.Command, Subject: &it})
		}
	},
}
