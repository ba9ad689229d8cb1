package rules

import (
	"sort"
	"strconv"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// S36 finds an agent file, or a script something runs by itself, larger
// than Sentinel reads (discover.MaxRead): the rules saw only its
// beginning, so the verdict cannot be CLEAN. A script every entry running
// it has approved is left alone: the approval pins every byte (its hash
// covers the whole file, discover.File.Digest), and a change lapses it.
var S36 = &Rule{
	ID: "S36", Name: "File too large to read whole", Weight: 20, Effect: EffectCeiling,
	Impact: "Only the beginning of this file was scanned; whatever its end says or does was not checked.",
	Fix:    "Find out why an agent file is this large and split or shorten it; for a script, read it and approve the entry that runs it.",
	Check: func(r *Repo, rep *Report) {
		approved := map[string]bool{} // script path -> every runner approved
		for a, t := range r.scriptTargets() {
			ok, seen := approved[t.Path]
			if !seen {
				ok = true
			}
			approved[t.Path] = ok && r.approved(r.HookItem(a))
		}
		for _, s := range r.Servers {
			for _, t := range s.Targets {
				ok, seen := approved[t.Path]
				if !seen {
					ok = true
				}
				approved[t.Path] = ok && r.approved(r.ServerItem(s))
			}
		}
		var files []*discover.File
		for i := range r.Files {
			if r.Files[i].Truncated {
				files = append(files, &r.Files[i])
			}
		}
		for _, f := range r.Scripts {
			if f.Truncated && !approved[f.Path] {
				files = append(files, f)
			}
		}
		sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		for _, f := range files {
			size := "more than " + strconv.Itoa(discover.MaxRead>>20) + " MiB"
			if f.Size > 0 {
				size = comma(int(f.Size)) + " bytes"
			}
			rep.Add(Finding{Path: f.Path, Line: 1,
				Message: "too large to read whole: " + f.Path + " is " + size + ", and Sentinel reads the first " + strconv.Itoa(discover.MaxRead>>20) + " MiB; the rest was not scanned, so it cannot be called clean"})
		}
	},
}
