package rules

import (
	"bytes"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// S36 finds an agent file Sentinel could not read whole, so the verdict
// cannot be CLEAN: larger than Sentinel reads (discover.MaxRead; the rules
// saw only its beginning), a config its parser could not read (binary, not
// valid JSON, TOML or YAML), or an instruction file that is binary or
// UTF-16 (the prose rules read UTF-8 text). A large script every entry
// running it has approved is left alone: the approval pins every byte (its
// hash covers the whole file, discover.File.Digest), and a change lapses it.
var S36 = &Rule{
	ID: "S36", Name: "Agent file not read whole", Weight: 20, Effect: EffectCeiling,
	Impact: "Sentinel could not read all of this file, so what it says or runs was not checked.",
	Fix:    "Find out why an agent file is this large, binary or unreadable; fix or shorten it (UTF-8 text, valid syntax), or for a large script read it and approve the entry that runs it.",
	Check: func(r *Repo, rep *Report) {
		approved := map[string]bool{} // script path -> every runner approved
		for a, t := range r.scriptTargets() {
			ok, seen := approved[t.Path]
			if !seen {
				ok = true
			}
			approved[t.Path] = ok && r.approved(r.HookItem(a))
			// The approval's hash covers every byte of what it loads too.
			deps, _ := r.ScriptDeps(t.Path)
			for _, q := range deps {
				ok, seen := approved[q]
				if !seen {
					ok = true
				}
				approved[q] = ok && approved[t.Path]
			}
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
		// An agent file or folder the walk could not read (a link that
		// leaves the tree, a linked .claude folder, a FIFO): the agent
		// reads it, Sentinel did not.
		for _, n := range r.Notices {
			if n.Agent {
				rep.Add(Finding{Path: n.Path, Line: 1, Message: "not read whole: " + n.Path + " was " + n.Message})
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
		// Configs a parser could not read.
		for _, p := range slices.Sorted(maps.Keys(r.Configs)) {
			for _, pr := range r.Configs[p].Problems {
				if strings.Contains(pr.Message, " was not read: ") {
					rep.Add(Finding{Path: p, Line: max(pr.Line, 1), Message: pr.Message})
					break
				}
			}
		}
		// Instruction files that are not text the prose rules read.
		for i := range r.Files {
			f := &r.Files[i]
			if f.Kind != discover.KindInstructions && f.Kind != discover.KindCursorRule {
				continue
			}
			if why := notText(f.Data); why != "" {
				rep.Add(Finding{Path: f.Path, Line: 1,
					Message: "not read: " + f.Path + " is " + why + ", and Sentinel reads UTF-8 text; what it says was not checked, so it cannot be called clean"})
			}
		}
	},
}

// notText says why data is not UTF-8 text: a UTF-16 or UTF-32 byte-order
// mark, or NUL bytes (UTF-16 without a mark, or a binary file).
func notText(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return "UTF-16 text"
	case bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}):
		return "UTF-32 text"
	}
	head := data
	if len(head) > 8192 {
		head = head[:8192]
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return "binary (it holds NUL bytes, as UTF-16 text without a byte-order mark does)"
	}
	return ""
}
