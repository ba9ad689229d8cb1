package discover

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
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
		// Coverage added after reading each agent's documentation.
		{"AGENTS.override.md", KindInstructions, ToolAny},
		{".claude/rules/security.md", KindInstructions, ToolClaude},
		{"svc/.claude/rules/api/auth.md", KindInstructions, ToolClaude},
		{".claude/commands/frontend/deploy.md", KindInstructions, ToolClaude},
		{".claude/agents/crypto/analyst.md", KindInstructions, ToolClaude},
		{".cursor/commands/review.md", KindInstructions, ToolCursor},
		{".github/prompts/release.prompt.md", KindInstructions, ToolCopilot},
		{".github/chatmodes/plan.chatmode.md", KindInstructions, ToolCopilot},
		{".github/agents/reviewer.agent.md", KindInstructions, ToolCopilot},
		{".windsurf/rules/style.md", KindInstructions, ToolWindsurf},
		{".windsurf/workflows/deploy.md", KindInstructions, ToolWindsurf},
		{".windsurf/hooks.json", KindCursorHooks, ToolWindsurf},
		{".gemini/commands/git/commit.toml", KindInstructions, ToolGemini},
		// Issue #15: every other agent's instruction files.
		{"claude.md", KindInstructions, ToolClaude},
		{"sub/Agents.md", KindInstructions, ToolAny},
		{"agents.md", KindInstructions, ToolAny},
		{"Gemini.MD", KindInstructions, ToolGemini},
		{".agents/skills/pdf/SKILL.md", KindInstructions, ToolAny},
		{".agents/skills/pdf/reference.md", KindInstructions, ToolAny},
		{".claude/skills/pdf/forms.md", KindInstructions, ToolClaude},
		{".github/skills/pdf/forms.md", KindInstructions, ToolCopilot},
		{".continue/prompts/review.prompt", KindInstructions, ToolContinue},
		{".codex/agents/reviewer.toml", KindInstructions, ToolCodex},
		{".github/instructions/go/api.instructions.md", KindInstructions, ToolCopilot},
		{".github/copilot/notes.md", KindInstructions, ToolCopilot},
		{".cursor/rules/style.md", KindCursorRule, ToolCursor},
		{".cursor/agents/fixer.md", KindInstructions, ToolCursor},
		{".claude/output-styles/terse.md", KindInstructions, ToolClaude},
		{".gemini/system.md", KindInstructions, ToolGemini},
		{".gemini/agents/reviewer.md", KindInstructions, ToolGemini},
		{".clinerules", KindInstructions, ToolCline},
		{".clinerules/01-style.md", KindInstructions, ToolCline},
		{".clinerules/team/notes.txt", KindInstructions, ToolCline},
		{".roo/rules/any-file", KindInstructions, ToolRoo},
		{".roo/rules-code/deep/x.md", KindInstructions, ToolRoo},
		{".roorules", KindInstructions, ToolRoo},
		{".roorules-architect", KindInstructions, ToolRoo},
		{".kiro/steering/product.md", KindInstructions, ToolKiro},
		{".amazonq/rules/sec/a.md", KindInstructions, ToolAmazonQ},
		{".continue/rules/a.md", KindInstructions, ToolContinue},
		{".opencode/agent/review.md", KindInstructions, ToolOpencode},
		{".junie/guidelines.md", KindInstructions, ToolJunie},
		{".rules", KindInstructions, ToolZed},
		{"WARP.md", KindInstructions, ToolWarp},
		{".goosehints", KindInstructions, ToolGoose},
		{".augment-guidelines", KindInstructions, ToolAugment},
		{".augment/rules/a.md", KindInstructions, ToolAugment},
		{".trae/rules/project_rules.md", KindInstructions, ToolTrae},
		// Issue #15: other agents' configuration files.
		{".codex/config.toml", KindCodexConfig, ToolCodex},
		{".codex/hooks.json", KindSettings, ToolCodex},
		{".github/hooks/session.json", KindCopilotHooks, ToolCopilot},
		{".github/mcp.json", KindMCP, ToolCopilot},
		{".github/copilot/settings.json", KindSettings, ToolCopilot},
		{".cursor/environment.json", KindCursorEnv, ToolCursor},
		{".roo/mcp.json", KindMCP, ToolRoo},
		{".kiro/settings/mcp.json", KindMCP, ToolKiro},
		{".kiro/hooks/lint.kiro.hook", KindKiroHook, ToolKiro},
		{".kiro/hooks/quality.json", KindKiroHook, ToolKiro},
		{"svc/.Kiro/Hooks/Quality.JSON", KindKiroHook, ToolKiro},
		{".kiro/agents/dev.json", KindKiroAgent, ToolKiro},
		{".claude-plugin/marketplace.json", KindMarketplace, ToolClaude},
		{".amazonq/mcp.json", KindMCP, ToolAmazonQ},
		{".continue/mcpServers/db.yaml", KindContinueYAML, ToolContinue},
		{".continue/mcpServers/db.json", KindMCP, ToolContinue},
		{"opencode.json", KindOpencode, ToolOpencode},
		{"app/opencode.jsonc", KindOpencode, ToolOpencode},
		{".zed/settings.json", KindZed, ToolZed},
		{".devcontainer/devcontainer.json", KindDevcontainer, ToolDevcontainer},
		{".devcontainer/py/devcontainer.json", KindDevcontainer, ToolDevcontainer},
		{".devcontainer.json", KindDevcontainer, ToolDevcontainer},
		{".aider.conf.yml", KindAider, ToolAider},
		{".gemini/.env", KindDotEnv, ToolGemini},
		{".gemini/extensions/db/gemini-extension.json", KindMCP, ToolGemini},
		{".env", "", ""},
		// Folder names compared as macOS and Windows compare them.
		{".Claude/Settings.json", KindSettings, ToolClaude},
		{".CURSOR/rules/x.mdc", KindCursorRule, ToolCursor},
		{".GitHub/Instructions/a.instructions.md", KindInstructions, ToolCopilot},
		{".Roo/Rules-Code/a.md", KindInstructions, ToolRoo},
		{".continue/MCPServers/a.yaml", KindContinueYAML, ToolContinue},
		{".claude/settings.json.bak", "", ""},
		{"settings/mcp.json", "", ""},
		{".kiro/mcp.json", "", ""},
		{".kiro/hooks/README.md", "", ""},
		{".roo/rules/.DS_Store", "", ""},
		{".roo/rules-code/diagram.png", "", ""},
		{".roo/rules/notes.md~", "", ""},
		{".zed/tasks.json", "", ""},
		{".codex/agents/x.md", "", ""},
		{"roo/rules/x.md", "", ""},
		{"docs/skills/x.md", "", ""},
		{".github/instructions/x.md", "", ""},
		{"README.md", "", ""},
		{"commands/x.md", "", ""},
		{".github/prompts/notes.md", "", ""},
		{".github/agents/x.txt", "", ""},
		{".claude/rules/x.txt", "", ""},
		{"my.claude/rules/x.md", "", ""},
		{".gemini/commands/x.md", "", ""},
		{".windsurf/mcp.json", "", ""},
		{"agents/x.md", "", ""},
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

// TestReadSizes reads files around the buffer and MaxRead boundaries: each
// is read whole, and only one longer than MaxRead is truncated.
func TestReadSizes(t *testing.T) {
	sizes := []int{0, 1, 511, 512, 8192, 100000}
	if !testing.Short() {
		sizes = append(sizes, MaxRead, MaxRead+1)
	}
	for _, n := range sizes {
		dir := t.TempDir()
		data := make([]byte, n)
		for i := range data {
			data[i] = byte('a' + i%26)
		}
		if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		files, notices, err := Walk(d)
		d.Close()
		if err != nil || len(notices) != 0 || len(files) != 1 {
			t.Fatalf("size %d: files %d notices %v err %v", n, len(files), notices, err)
		}
		f := files[0]
		want := data
		if n > MaxRead {
			want = data[:MaxRead]
		}
		if f.Size != int64(n) || f.Truncated != (n > MaxRead) || string(f.Data) != string(want) {
			t.Errorf("size %d: got size %d, %d bytes, truncated %v", n, f.Size, len(f.Data), f.Truncated)
		}
	}
}

// TestWalkSameOnOneAndManyProcs checks that the walk on one goroutine and
// the walk spread over several find the same files as the generic fs.WalkDir
// path, in a tree wider than one listing buffer and deeper than a few levels.
func TestWalkSameOnOneAndManyProcs(t *testing.T) {
	dir := t.TempDir()
	mustWrite := func(p, data string) {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 400; i++ {
		mustWrite(fmt.Sprintf("wide/file-with-a-rather-long-name-%03d.txt", i), "x")
		mustWrite(fmt.Sprintf("wide/d%03d/CLAUDE.md", i), fmt.Sprint(i))
	}
	deep := "deep"
	for i := 0; i < 40; i++ {
		deep += fmt.Sprintf("/l%d", i)
		mustWrite(deep+"/AGENTS.md", deep)
	}
	mustWrite("a.md", "")
	mustWrite("a/.claude/settings.json", "{}")
	mustWrite("node_modules/x/CLAUDE.md", "never read")
	walk := func(procs int) []File {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		d, err := OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		files, notices, err := Walk(d)
		if err != nil || len(notices) != 0 {
			t.Fatalf("GOMAXPROCS=%d: notices %v err %v", procs, notices, err)
		}
		return files
	}
	one, many := walk(1), walk(4)
	if len(one) != 400+40+1 {
		t.Errorf("found %d files, want %d", len(one), 400+40+1)
	}
	if !reflect.DeepEqual(one, many) {
		t.Error("the walk on one goroutine and on several differ")
	}
	generic, _, err := Walk(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(generic, func(i, j int) bool { return generic[i].Path < generic[j].Path })
	if !reflect.DeepEqual(one, generic) {
		t.Error("the walk and fs.WalkDir differ")
	}
}

// TestWalkTwice walks one DirFS twice in a row and twice at once: every
// walk sees the whole tree.
func TestWalkTwice(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"CLAUDE.md", "a/AGENTS.md", "a/b/GEMINI.md"} {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	check := func(files []File, notices []Notice, err error) {
		if err != nil || len(notices) != 0 || len(files) != 3 {
			t.Errorf("files %d notices %v err %v, want 3 files", len(files), notices, err)
		}
	}
	check(Walk(d))
	check(Walk(d))
	done := make(chan struct{})
	for i := 0; i < 2; i++ {
		go func() {
			defer func() { done <- struct{}{} }()
			check(Walk(d))
		}()
	}
	<-done
	<-done
}

// TestFolderReplacedAfterOpen replaces the scanned folder by another one of
// the same name after OpenDir: the walk lists the folder that was opened,
// and reading through os.Root, which would resolve paths in the new folder,
// is refused.
func TestFolderReplacedAfterOpen(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "repo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("opened"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := os.Rename(dir, filepath.Join(parent, "moved")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("swapped"), 0o644); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "linux" {
		files, _, err := Walk(d)
		if err != nil || len(files) != 1 || string(files[0].Data) != "opened" {
			t.Errorf("walk after the swap: %+v %v", files, err)
		}
	}
	if _, err := fs.ReadFile(d, "CLAUDE.md"); err == nil {
		// Elsewhere os.Root is opened at once, on the original folder.
		if runtime.GOOS == "linux" {
			t.Error("a read through the replaced folder's name succeeded")
		}
	}
}

// TestRootGivenAsLink scans a folder named through a link, as os.OpenRoot
// allows: the link given by the user is followed, none below it.
func TestRootGivenAsLink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "CLAUDE.md"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Skip(err)
	}
	d, err := OpenDir(filepath.Join(dir, "link"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	files, notices, err := Walk(d)
	if err != nil || len(notices) != 0 || len(files) != 1 {
		t.Fatalf("files %+v notices %v err %v", files, notices, err)
	}
	if ok, known := Exists(d, "CLAUDE.md"); !ok || !known {
		t.Error("Exists through the root given as a link")
	}
}

// TestReadFileThroughLinks reads scripts by path, as the engine does for
// the scripts hooks run: plain paths directly, paths through a link inside
// the folder through os.Root, and never a path through a link out of it.
func TestReadFileThroughLinks(t *testing.T) {
	dir := t.TempDir()
	for p, data := range map[string]string{"a/b/c.sh": "plain", "real/x.sh": "linked"} {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.sh"), []byte("outside"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"in": "real", "out": outside, "a/up": "../real/x.sh"} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Skip(err)
		}
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for p, want := range map[string]string{"a/b/c.sh": "plain", "in/x.sh": "linked", "a/up": "linked", "real/x.sh": "linked"} {
		f, n := ReadFile(d, p)
		if n != nil || string(f.Data) != want || f.Path != p || f.Size != int64(len(want)) {
			t.Errorf("ReadFile(%s) = %q %+v, want %q", p, f.Data, n, want)
		}
	}
	for _, p := range []string{"out/secret.sh", "a/missing.sh", "a/b", "../x", "/etc/passwd"} {
		f, n := ReadFile(d, p)
		if n == nil || f.Data != nil {
			t.Errorf("ReadFile(%s) read %q; want a notice", p, f.Data)
		}
	}
	if _, n := ReadFile(d, "out/secret.sh"); n == nil || !strings.Contains(n.Message, "outside the scanned folder") {
		t.Errorf("link out of the folder: %+v", n)
	}
}
