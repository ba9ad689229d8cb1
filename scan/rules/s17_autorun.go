package rules

import (
	"sort"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"strconv"
	"strings"
)

// S17a lists everything that runs by itself and nobody approved yet.
var S17a = &Rule{
	ID: "S17a", Name: "Unapproved auto-run", Weight: 25, Effect: EffectCeiling, AutoRun: true,
	Impact: "A command runs by itself when the agent or editor starts or uses a tool, with your access.",
	Fix:    "Read the command and the script it runs; if you recognise it, approve it once with `sentinel approve`.",
	Check: func(r *Repo, rep *Report) {
		for _, o := range r.OutsideRuns {
			// What runs from there is never read, so it cannot be approved.
			rep.Add(Finding{Path: o.Source, Line: o.Line, Evidence: o.Path,
				Message: "unapproved auto-run in " + toolName(o.Tool) + ": " + o.Source + " names " + o.Path + " (" + string(o.Kind) + "); it cannot be approved: it is outside the scanned folder, so Sentinel never reads what it runs; move it into the project",
				Fix:     unapprovableFix})
		}
		for _, a := range r.AutoRuns {
			if a.Unknown {
				// An event the agent does not have: the hook never runs.
				rep.Add(Finding{Path: a.Source, Line: a.Line, Observation: true,
					Message:  "no agent runs this: " + toolName(a.Tool) + " has no hook event \"" + a.Event + "\", so " + describe(a) + " never runs",
					Evidence: a.Command,
					Impact:   "Nothing: " + toolName(a.Tool) + " ignores hooks under event names it does not know; check the spelling if the hook was meant to run."})
				continue
			}
			if a.Type == "prompt" || a.Type == "agent" || isWriteIntercept(a) {
				continue
			}
			it := r.HookItem(a)
			if r.approved(it) {
				continue
			}
			msg := "unapproved auto-run in " + toolName(a.Tool) + ": " + describe(a)
			impact := ""
			switch a.Type {
			case "http":
				msg = "unapproved auto-run in " + toolName(a.Tool) + ": [" + a.Event + "] sends hook data to " + a.URL
				impact = "Every " + a.Event + " event sends what the agent is doing to " + a.URL + "."
			case "task":
				impact = "Opening this folder in VS Code runs `" + clip(a.Command, 120) + "` without a prompt."
			case "setting":
				impact = toolName(a.Tool) + " runs `" + clip(a.Command, 120) + "` by itself (" + a.Event + ")."
			case "rule":
				impact = "Every Cursor session is told to run `" + clip(a.Command, 120) + "`."
			}
			fix := ""
			if it.Hash == "" {
				if why := r.unpinnedReason(targetPaths(a)); why != "" {
					msg += "; it cannot be approved: " + why
				}
				fix = unapprovableFix
			}
			rep.Add(Finding{Path: a.Source, Line: a.Line, Message: msg, Evidence: a.Command, Impact: impact, Fix: fix, Subject: &it})
		}
	},
}

// unapprovableFix is the fix line of an S17a or S19 finding whose entry no
// approval can cover: the rule's own ("approve it once") would mislead.
const unapprovableFix = "It cannot be approved, for the reason the message gives: change it so that an approval can pin what it runs (a file in the project named literally, a package of an exact version, a script instead of a test runner), or remove it. Until then `sentinel run` asks at every start, and refuses with --strict or without a terminal."

// S17b finds one script wired into several tools, or a tool's hook that runs
// a script inside another tool's folder: the shape of a supply-chain payload
// that wants to run whichever agent the developer uses.
var S17b = &Rule{
	ID: "S17b", Name: "Auto-run across several tools", Weight: 70, Effect: EffectForce, AutoRun: true,
	Impact: "Whichever agent or editor a developer uses, opening this repository runs the same script.",
	Fix:    "Remove every entry that runs the script, then inspect the script and the commit that added it.",
	Check: func(r *Repo, rep *Report) {
		tools := map[string]map[string]bool{}
		for a, t := range r.scriptTargets() {
			if setupOnly(a) {
				continue
			}
			if tools[t.Path] == nil {
				tools[t.Path] = map[string]bool{}
			}
			tools[t.Path][a.Tool] = true
		}
		reported := map[string]bool{}
		for a, t := range r.scriptTargets() {
			if reported[a.Source+"\x00"+t.Path] || setupOnly(a) {
				continue
			}
			set := tools[t.Path]
			owner := ownerOf(t.Path)
			var why string
			switch {
			case len(set) >= 2:
				names := make([]string, 0, len(set))
				for n := range set {
					names = append(names, n)
				}
				sort.Strings(names)
				why = strconv.Itoa(len(names)) + " tools wired to auto-run the same script: `" + t.Path + "` <- " + strings.Join(names, ", ")
			case owner != "" && owner != a.Tool && a.Tool != "any":
				why = toolName(a.Tool) + " auto-runs `" + t.Path + "`, a script inside " + toolName(owner) + "'s folder"
			default:
				continue
			}
			reported[a.Source+"\x00"+t.Path] = true
			it := r.HookItem(a)
			rep.Add(Finding{Path: a.Source, Line: a.Line, Message: why, Evidence: a.Command, Subject: &it})
		}
	},
}

// setupOnly reports a dev container's lifecycle command: the project's own
// build step, which teams share with CI and other tools' setup on purpose,
// so it counts for S17a and the script rules but never makes S17b.
func setupOnly(a agentcfg.AutoRun) bool { return a.Tool == "devcontainer" }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
