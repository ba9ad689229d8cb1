package rules

import (
	"path"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// S6 fires in pull-request mode on an agent-config file that changed while
// no commit message of the pull request mentions it, by path, by file name,
// or by the agent or feature the file configures. Miasma's commit said
// "chore: bump deps".
var S6 = &Rule{
	ID: "S6", Name: "Undeclared change", Weight: 15,
	Impact: "A file your agent obeys changed, and no commit message says so: a reviewer reading the commit titles would not look at it.",
	Fix:    "Read the change to this file; if it is intended, say so in a commit message (for example \"update Claude hooks\").",
	Check: func(r *Repo, rep *Report) {
		if r.Base == nil {
			return
		}
		msgs := strings.ToLower(strings.Join(r.Base.Messages, "\n"))
		for _, c := range r.Changes() {
			if Mentioned(msgs, c) {
				continue
			}
			what := "changed"
			switch c.Status {
			case "added":
				what = "added"
			case "deleted":
				what = "deleted"
			}
			rep.Add(Finding{Path: c.Path, Line: 0,
				Message:  "undeclared change: " + c.Path + " was " + what + " in this pull request, and no commit message mentions it",
				Evidence: firstLine(r.Base.Messages)})
		}
	},
}

func firstLine(msgs []string) string {
	var titles []string
	for _, m := range msgs {
		t, _, _ := strings.Cut(m, "\n")
		titles = append(titles, strings.TrimSpace(t))
		if len(titles) == 3 {
			break
		}
	}
	if len(titles) == 0 {
		return "(no commits)"
	}
	s := "commits say: " + strings.Join(titles, " · ")
	if len(msgs) > 3 {
		s += " …"
	}
	return s
}

// Words that name what a kind of agent file configures.
var kindWords = map[discover.Kind][]string{
	discover.KindInstructions: {"instruction", "instructions", "agent rules", "prompt", "prompts", "guidelines", "agents.md", "claude.md", "skill", "skills"},
	discover.KindCursorRule:   {"cursor rule", "cursor rules", "rules", "mdc"},
	discover.KindSettings:     {"hook", "hooks", "settings", "permissions"},
	discover.KindTasks:        {"task", "tasks", "folderopen"},
	discover.KindMCP:          {"mcp", "mcp server", "mcp servers", "tool server", "tool servers"},
	discover.KindCursorHooks:  {"hook", "hooks"},
	discover.KindScript:       {"hook", "hooks", "hook script", "script", "scripts"},
}

var toolWords = map[string][]string{
	"claude":   {"claude", "claude code"},
	"gemini":   {"gemini"},
	"cursor":   {"cursor"},
	"vscode":   {"vscode", "vs code", "visual studio code"},
	"copilot":  {"copilot"},
	"windsurf": {"windsurf", "cascade"},
	// Generic words name agent configuration only together: "agent" alone
	// is too common in projects that build agents.
	"any": {"ai agent", "ai agents", "agent config", "agent configs", "agent configuration", "agent instructions",
		"agent rules", "agent settings", "agent files", "agents.md"},
}

// Mentioned reports whether lower-cased commit messages mention a changed
// agent file: its path, its file name (with or without extension), its
// agent, or the feature it configures.
func Mentioned(msgs string, c Change) bool {
	if msgs == "" {
		return false
	}
	p := strings.ToLower(c.Path)
	base := path.Base(p)
	words := []string{p, base}
	if stem := strings.TrimSuffix(base, path.Ext(base)); len(stem) >= 4 && stem != "settings" && stem != "tasks" {
		words = append(words, strings.TrimPrefix(stem, "."))
	}
	words = append(words, kindWords[c.Kind]...)
	words = append(words, toolWords[c.Tool]...)
	words = append(words, toolWords["any"]...)
	for _, w := range words {
		if w != "" && containsWord(msgs, w) {
			return true
		}
	}
	return false
}

// containsWord matches w in s at word boundaries (paths and dotted names
// included: ".mcp.json", ".claude/settings.json").
func containsWord(s, w string) bool {
	i := 0
	for {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(w)
		if (start == 0 || !wordByte(s[start-1])) && (end == len(s) || !wordByte(s[end])) {
			return true
		}
		i = start + 1
	}
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}
