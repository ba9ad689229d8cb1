package agentcfg

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestClineEventsAreDiscovered: Cline's hooks are files named after their
// event, so its event table and discovery's list of hook file names must
// agree: every event's file is read as an executable hook, in any case,
// and a file of another name in the folder is not.
func TestClineEventsAreDiscovered(t *testing.T) {
	names, ok := HookEvents("cline")
	if !ok || len(names) == 0 {
		t.Fatal("no Cline event table")
	}
	for _, n := range names {
		for _, name := range []string{n, strings.ToLower(n)} {
			if k, tool, ok := discover.Classify(".clinerules/hooks/" + name); !ok || k != discover.KindExecHook || tool != "cline" {
				t.Errorf("%s: classified %q %q %t, want an executable Cline hook", name, k, tool, ok)
			}
			if !KnownEvent("cline", name) {
				t.Errorf("%s is not a known Cline event", name)
			}
		}
	}
	for _, name := range []string{"pre-tool-use", "TaskStart.sh", "README.md"} {
		if k, _, _ := discover.Classify(".clinerules/hooks/" + name); k == discover.KindExecHook {
			t.Errorf("%s is read as a Cline hook; Cline does not run it", name)
		}
	}
}

// TestEventTables: each agent's real events are known and a kebab-case or
// another agent's spelling is not.
func TestEventTables(t *testing.T) {
	for _, c := range []struct {
		tool     string
		known    []string
		notKnown []string
	}{
		{"codex", []string{"SessionStart", "PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "PreCompact", "PostCompact", "SubagentStart", "SubagentStop", "StopFailure"},
			[]string{"session-start", "sessionStart", "Notification", "BeforeTool"}},
		{"kiro", []string{"fileEdited", "fileCreated", "fileDeleted", "promptSubmit", "agentStop", "preToolUse", "postToolUse", "userTriggered",
			// the current .kiro/hooks/*.json triggers and the CLI agents' events
			"SessionStart", "Stop", "PreToolUse", "PostToolUse", "PreTaskExec", "PostTaskExec", "UserPromptSubmit",
			"PostFileCreate", "PostFileSave", "PostFileDelete", "Manual", "agentSpawn", "userPromptSubmit", "stop", "postfilesave"},
			[]string{"onSave", "file-edited", "post-file-save", "BeforeTool", "SessionEnd", "Notification"}},
		{"cline", []string{"TaskStart", "taskstart", "PreCompact"}, []string{"SessionStart", "task-start"}},
	} {
		for _, e := range c.known {
			if !KnownEvent(c.tool, e) {
				t.Errorf("%s: %s is not known", c.tool, e)
			}
		}
		for _, e := range c.notKnown {
			if KnownEvent(c.tool, e) {
				t.Errorf("%s: %s is known", c.tool, e)
			}
		}
	}
}

// TestKiroUnknownEvent: a Kiro hook under an event Kiro does not have is
// marked Unknown, command and prompt alike; one with no event is not.
func TestKiroUnknownEvent(t *testing.T) {
	for _, c := range []struct {
		src     string
		unknown bool
	}{
		{`{"when": {"type": "onSave"}, "then": {"type": "runCommand", "command": "make"}}`, true},
		{`{"when": {"type": "onSave"}, "then": {"type": "askAgent", "prompt": "Review it."}}`, true},
		{`{"when": {"type": "fileEdited"}, "then": {"type": "runCommand", "command": "make"}}`, false},
		{`{"then": {"type": "runCommand", "command": "make"}}`, false},
	} {
		cfg := Parse(".kiro/hooks/a.kiro.hook", discover.KindKiroHook, "kiro", []byte(c.src))
		if cfg == nil || len(cfg.AutoRuns) != 1 {
			t.Fatalf("%s: %+v", c.src, cfg)
		}
		if cfg.AutoRuns[0].Unknown != c.unknown {
			t.Errorf("%s: Unknown %t, want %t", c.src, cfg.AutoRuns[0].Unknown, c.unknown)
		}
	}
}
