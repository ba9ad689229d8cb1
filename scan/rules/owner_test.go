package rules

import (
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestOwnerOf checks which agent or editor owns the folder a script is in,
// the input of S17b's "a script inside another tool's folder".
func TestOwnerOf(t *testing.T) {
	tests := map[string]string{
		".claude/hooks/x.sh":        "claude",
		"app/.cursor/cache/init.sh": "cursor",
		".gemini/x.sh":              "gemini",
		".vscode/x.sh":              "vscode",
		".windsurf/scripts/x.sh":    "windsurf",
		"scripts/x.sh":              "",
		"docs/windsurf/x.sh":        "",
		"my.windsurf/x.sh":          "",
	}
	for p, want := range tests {
		if got := ownerOf(p); got != want {
			t.Errorf("ownerOf(%q) = %q, want %q", p, got, want)
		}
	}
	if got := toolName("windsurf"); got != "Windsurf" {
		t.Errorf("toolName(windsurf) = %q, want Windsurf", got)
	}
}

// TestMentionedWindsurf checks that a commit naming Windsurf declares a
// change to a Windsurf rule (S6), as "Cursor" does for a Cursor rule.
func TestMentionedWindsurf(t *testing.T) {
	c := Change{Path: ".windsurf/rules/style.md", Kind: discover.KindInstructions, Tool: discover.ToolWindsurf, Status: "modified"}
	for msg, want := range map[string]bool{
		"windsurf: shorter answers": true,
		"cascade: shorter answers":  true,
		"fix typo in readme":        false,
	} {
		if got := Mentioned(msg, c); got != want {
			t.Errorf("Mentioned(%q) = %v, want %v", msg, got, want)
		}
	}
}
