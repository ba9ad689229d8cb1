package agentcfg

import "strings"

// hookEvents are the hook event names each agent runs, as its
// documentation lists them (checked December 2026). A hook under any other
// name (kebab case, another agent's spelling, an invented one) never runs:
// it is reported as an observation, not as something that runs by itself.
// Agents not listed here are not checked: every event counts as known.
//
// Names are compared exactly: the agents match event keys as written.
// Cline's are file names, which a case-insensitive file system (macOS,
// Windows) opens in any case, and Kiro's case rules are not documented, so
// those two are compared without regard to case (KnownEvent).
var hookEvents = map[string]map[string]bool{
	// Claude Code: https://code.claude.com/docs/en/hooks ("Hook events").
	"claude": set("SessionStart", "Setup", "UserPromptSubmit", "UserPromptExpansion", "PreToolUse", "PermissionRequest",
		"PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification", "Stop", "StopFailure",
		"SubagentStart", "SubagentStop", "TeammateIdle", "TaskCreated", "TaskCompleted", "InstructionsLoaded",
		"ConfigChange", "PreCompact", "PostCompact", "SessionEnd", "WorktreeCreate", "WorktreeRemove",
		"Elicitation", "ElicitationResult", "CwdChanged", "FileChanged"),
	// Gemini CLI: https://geminicli.com/docs/hooks (docs/hooks/index.md, "Hook events").
	"gemini": set("SessionStart", "SessionEnd", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel",
		"BeforeToolSelection", "BeforeTool", "AfterTool", "PreCompress", "Notification"),
	// Cursor: https://cursor.com/docs/agent/hooks (hooks.json events).
	"cursor": set("sessionStart", "sessionEnd", "preToolUse", "postToolUse", "postToolUseFailure", "subagentStart",
		"subagentStop", "beforeShellExecution", "afterShellExecution", "beforeMCPExecution", "afterMCPExecution",
		"beforeReadFile", "afterFileEdit", "beforeSubmitPrompt", "preCompact", "stop", "afterAgentResponse",
		"afterAgentThought", "beforeTabFileRead", "afterTabFileEdit"),
	// GitHub Copilot (.github/hooks/*.json): https://docs.github.com/en/copilot/reference/hooks-configuration
	// and the Copilot CLI hooks reference.
	"copilot": set("sessionStart", "sessionEnd", "userPromptSubmitted", "preToolUse", "postToolUse",
		"postToolUseFailure", "errorOccurred", "agentStop", "subagentStop", "subagentStart"),
	// Codex (.codex/hooks.json, [hooks] in .codex/config.toml):
	// https://developers.openai.com/codex/hooks and the event schemas in
	// openai/codex codex-rs/hooks/schema/generated (one per event).
	"codex": set("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse",
		"PreCompact", "PostCompact", "SubagentStart", "SubagentStop", "Stop", "StopFailure"),
	// Kiro, in its three shapes, one table: an event name one shape does
	// not have but another does may still run (Kiro reads each file its
	// own way, and moved names between versions), so it counts as known.
	// .kiro/hooks/*.json (current, "trigger"): https://kiro.dev/docs/cli/v3/hooks
	// (SessionStart, Stop, PreToolUse, PostToolUse, PreTaskExec,
	// PostTaskExec, UserPromptSubmit, PostFileCreate, PostFileSave,
	// PostFileDelete, Manual). .kiro/hooks/*.kiro.hook (first IDE shape,
	// "when": {"type": ...}): https://kiro.dev/docs/hooks/types with the
	// JSON names of Kiro's hook files; preTaskExecution and
	// postTaskExecution are unconfirmed spellings of the spec task hooks.
	// .kiro/agents/*.json "hooks" (Kiro CLI agent configuration):
	// https://kiro.dev/docs/cli/hooks (agentSpawn, userPromptSubmit,
	// preToolUse, postToolUse, stop). Compared without regard to case
	// (KnownEvent): the CLI's migration notes call userPromptSubmit to
	// UserPromptSubmit "a case change only", and whether Kiro matches
	// case is not documented.
	"kiro": set("promptSubmit", "agentStop", "preToolUse", "postToolUse", "fileCreated", "fileEdited",
		"fileDeleted", "userTriggered", "preTaskExecution", "postTaskExecution",
		"SessionStart", "Stop", "PreTaskExec", "PostTaskExec", "UserPromptSubmit", "PostFileCreate",
		"PostFileSave", "PostFileDelete", "Manual", "agentSpawn"),
	// Cline (.clinerules/hooks/<Event>): https://docs.cline.bot/features/hooks/hook-reference
	// ("the hook names are the exact file names"). Discovery reads only
	// these names (scan/discover clineHooks; TestClineEventsAreDiscovered).
	"cline": set("TaskStart", "TaskResume", "TaskCancel", "TaskComplete", "PreToolUse", "PostToolUse",
		"UserPromptSubmit", "PreCompact"),
	// Windsurf (.windsurf/hooks.json): https://docs.windsurf.com/windsurf/cascade/hooks.
	"windsurf": set("pre_read_code", "post_read_code", "pre_write_code", "post_write_code", "pre_run_command",
		"post_run_command", "pre_mcp_tool_use", "post_mcp_tool_use", "pre_user_prompt", "post_cascade_response",
		"post_setup_worktree"),
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// KnownEvent reports whether tool runs hooks under event. A tool without a
// table knows every event.
func KnownEvent(tool, event string) bool {
	names, ok := hookEvents[tool]
	if !ok || names[event] {
		return true
	}
	if tool == "cline" || tool == "kiro" {
		for n := range names {
			if strings.EqualFold(n, event) {
				return true
			}
		}
	}
	return false
}

// HookEvents returns the event names of tool's table and whether it has
// one, for documentation and tests.
func HookEvents(tool string) ([]string, bool) {
	names, ok := hookEvents[tool]
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	return out, ok
}
