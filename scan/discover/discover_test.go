package discover

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"testing/fstest"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		path string
		kind Kind
		tool string
	}{
		{"CLAUDE.md", KindInstructions, ToolClaude},
		{"pkg/sub/CLAUDE.md", KindInstructions, ToolClaude},
		{"AGENTS.md", KindInstructions, ToolAny},
		{"docs/GEMINI.md", KindInstructions, ToolGemini},
		{"skills/x/SKILL.md", KindInstructions, ToolAny},
		{".cursorrules", KindInstructions, ToolCursor},
		{".windsurfrules", KindInstructions, "windsurf"},
		{".github/copilot-instructions.md", KindInstructions, ToolCopilot},
		{".github/instructions/go.instructions.md", KindInstructions, ToolCopilot},
		{".claude/commands/review.md", KindInstructions, ToolClaude},
		{".claude/agents/planner.md", KindInstructions, ToolClaude},
		{".claude/settings.json", KindSettings, ToolClaude},
		{".claude/settings.local.json", KindSettings, ToolClaude},
		{".gemini/settings.json", KindSettings, ToolGemini},
		{".vscode/tasks.json", KindTasks, ToolVSCode},
		{".vscode/mcp.json", KindMCP, ToolVSCode},
		{".cursor/mcp.json", KindMCP, ToolCursor},
		{".cursor/hooks.json", KindCursorHooks, ToolCursor},
		{".mcp.json", KindMCP, ToolAny},
		{".cursor/rules/go.mdc", KindCursorRule, ToolCursor},
		{".cursor/rules/team/go.mdc", KindCursorRule, ToolCursor},
		{"README.md", "", ""},
		{"commands/x.md", "", ""},
		{".vscode/settings.json", "", ""},
		{"rules/x.mdc", "", ""},
	}
	for _, tt := range tests {
		kind, tool, ok := Classify(tt.path)
		if kind != tt.kind || tool != tt.tool || ok != (tt.kind != "") {
			t.Errorf("Classify(%q) = %q %q %v, want %q %q", tt.path, kind, tool, ok, tt.kind, tt.tool)
		}
	}
}

// TestDirFSMatchesGenericWalk checks that the find-like walk of a folder on
// disk and the generic fs.WalkDir path agree, and skip .git and node_modules.
func TestDirFSMatchesGenericWalk(t *testing.T) {
	files := map[string]string{
		"CLAUDE.md":                            "a",
		"x/y/z/AGENTS.md":                      "b",
		".claude/settings.json":                "{}",
		".git/CLAUDE.md":                       "never read",
		"node_modules/pkg/CLAUDE.md":           "never read",
		"src/main.go":                          "package main",
		"deep/.cursor/rules/r.mdc":             "---\n---\n",
		"deep/.github/copilot-instructions.md": "c",
	}
	dir := t.TempDir()
	mem := fstest.MapFS{}
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		mem[p] = &fstest.MapFile{Data: []byte(data)}
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	fast, _, err := Walk(d)
	if err != nil {
		t.Fatal(err)
	}
	slow, _, err := Walk(mem)
	if err != nil {
		t.Fatal(err)
	}
	paths := func(fs []File) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Path)
		}
		return out
	}
	want := []string{".claude/settings.json", "CLAUDE.md", "deep/.cursor/rules/r.mdc", "deep/.github/copilot-instructions.md", "x/y/z/AGENTS.md"}
	if got := paths(fast); !reflect.DeepEqual(got, want) {
		t.Errorf("DirFS walk = %v, want %v", got, want)
	}
	if got := paths(slow); !reflect.DeepEqual(got, want) {
		t.Errorf("generic walk = %v, want %v", got, want)
	}
}

func TestLinkInsideRootIsRead(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("shared"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("AGENTS.md", filepath.Join(dir, "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	files, notices, err := Walk(d)
	if err != nil || len(notices) != 0 || len(files) != 2 || string(files[1].Data) != "shared" {
		t.Fatalf("files %+v notices %+v err %v", files, notices, err)
	}
}
