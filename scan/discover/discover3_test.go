package discover

import "testing"

// TestClassifySurfaces3: the third set of other agents' files, and the
// names beside them that no agent runs.
func TestClassifySurfaces3(t *testing.T) {
	cases := []struct {
		path string
		kind Kind
		tool string
	}{
		{".codex/rules/default.rules", KindCodexRules, ToolCodex},
		{"svc/.codex/rules/x.rules", KindCodexRules, ToolCodex},
		{".github/workflows/copilot-setup-steps.yml", KindCopilotSetup, ToolCopilot},
		{".github/workflows/copilot-setup-steps.yaml", KindCopilotSetup, ToolCopilot},
		{".cursor/worktrees.json", KindCursorTrees, ToolCursor},
		{".cursor/cli.json", KindCursorCLI, ToolCursor},
		{".claude-plugin/plugin.json", KindClaudePlugin, ToolClaude},
		{"plugins/fmt/.claude-plugin/plugin.json", KindClaudePlugin, ToolClaude},
		{"hooks/hooks.json", KindPluginHooks, ToolClaude},
		{"plugins/fmt/hooks/hooks.json", KindPluginHooks, ToolClaude},
		{".github/hooks/hooks.json", KindCopilotHooks, ToolCopilot},
		{".lsp.json", KindMCP, ToolClaude},
		{".clinerules/hooks/TaskStart", KindExecHook, ToolCline},
		{".clinerules/hooks/PreToolUse", KindExecHook, ToolCline},
		{".clinerules/hooks/README.md", KindInstructions, ToolCline}, // the folder form's rules still
		{".roomodes", KindRooModes, ToolRoo},
		{".amazonq/cli-agents/dev.json", KindAmazonQAgent, ToolAmazonQ},
		{".continuerc.json", KindContinueRC, ToolContinue},
		{".opencode/plugin/a.js", KindExecHook, ToolOpencode},
		{".opencode/plugins/a.ts", KindExecHook, ToolOpencode},
		{".junie/mcp/mcp.json", KindMCP, ToolJunie},
	}
	for _, c := range cases {
		k, tool, ok := Classify(c.path)
		if !ok || k != c.kind || tool != c.tool {
			t.Errorf("Classify(%q) = %q %q %v, want %q %q", c.path, k, tool, ok, c.kind, c.tool)
		}
	}
	for _, p := range []string{
		".github/workflows/ci.yml",             // an ordinary workflow: not the agent's
		"ci/workflows/copilot-setup-steps.yml", // not under .github
		".clinerules/hooks/helper.sh",          // Cline runs only the event names
		".clinerules/hooks/TaskStart.bak",      //
		"src/hooks.json",                       // not in a hooks folder
		".opencode/plugin/README",              //
		".codex/rules/notes.txt",               //
		"mcp/mcp.json",                         // not Junie's
	} {
		if k, _, ok := Classify(p); ok {
			t.Errorf("Classify(%q) = %q, want not read", p, k)
		}
	}
}
