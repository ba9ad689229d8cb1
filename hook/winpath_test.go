package hook

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/guard/blast"
)

// winHandler is a hook as it runs for an agent on Windows: the project,
// Sentinel's folders and its executable have drive paths.
func winHandler(t *testing.T) *Handler {
	env := map[string]string{"CLAUDE_PROJECT_DIR": `C:\repo`, "USERPROFILE": `C:\Users\u`}
	return &Handler{
		Store:        blast.NewStore(t.TempDir()),
		SentinelDirs: []string{`C:\Users\u\.config\sentinel`},
		HookBinaries: []string{`C:\Users\u\go\bin\sentinel.exe`},
		Getenv:       func(k string) string { return env[k] },
	}
}

func winTool(tool string, input map[string]any) map[string]any {
	ev := claudeTool("s", tool, input)
	ev["cwd"] = `C:\repo`
	return ev
}

// TestWindowsPathsChallenged: every spelling Windows opens as a blast
// centre is challenged once per turn, as the plain spelling is; the
// justified repeat passes. The paths are strings from the agent's system,
// so the test runs on every OS.
func TestWindowsPathsChallenged(t *testing.T) {
	tests := []struct {
		name, tool string
		input      map[string]any
	}{
		{"drive path", "Write", map[string]any{"file_path": `C:\repo\.github\workflows\ci.yml`}},
		{"lower-case drive and folder", "Write", map[string]any{"file_path": `c:\REPO\.github\workflows\ci.yml`}},
		{"dot-relative", "Write", map[string]any{"file_path": `.\migrations\001.sql`}},
		{"mixed separators", "Edit", map[string]any{"file_path": `C:/repo\.github/workflows\ci.yml`, "old_string": "a", "new_string": "b"}},
		{"long path", "Write", map[string]any{"file_path": `\\?\C:\repo\.env`}},
		{"device path", "Write", map[string]any{"file_path": `\\.\C:\repo\go.sum`}},
		{"UNC", "Write", map[string]any{"file_path": `\\server\share\repo\.github\workflows\ci.yml`}},
		{"drive-relative", "Write", map[string]any{"file_path": `C:.env`}},
		{"drive-relative folder", "Write", map[string]any{"file_path": `C:migrations\001.sql`}},
		{"other drive, relative", "Write", map[string]any{"file_path": `D:.env`}},
		{"trailing dot", "Write", map[string]any{"file_path": `C:\repo\.env.`}},
		{"trailing space", "Write", map[string]any{"file_path": `C:\repo\go.sum `}},
		{"data stream", "Write", map[string]any{"file_path": `C:\repo\.env::$DATA`}},
		{"named stream", "Write", map[string]any{"file_path": `C:\repo\terraform\main.tf:x`}},
		{"PowerShell Set-Content", "PowerShell", map[string]any{"command": `Set-Content -Path C:\repo\.env -Value x`}},
		{"PowerShell long path", "PowerShell", map[string]any{"command": `Remove-Item -Recurse '\\?\C:\repo\.github\workflows'`}},
		{"PowerShell relative", "PowerShell", map[string]any{"command": `Out-File -FilePath .\migrations\002.sql -InputObject x`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := winHandler(t)
			ev := winTool(tt.tool, tt.input)
			r := run(t, h, Claude, ev)
			if !r.Denied {
				t.Fatalf("first write not challenged: %s", r.Stdout)
			}
			noOpinion(t, run(t, h, Claude, ev), "the justified repeat")
		})
	}
}

// TestWindowsOffSwitchesDeniedEveryTime: Sentinel's own files, the
// executable its hooks run and the agents' hook settings are denied in
// every turn in each Windows spelling, and so is any path with an 8.3
// short name, which could stand for any of them.
func TestWindowsOffSwitchesDeniedEveryTime(t *testing.T) {
	tests := []struct{ name, path, why string }{
		{"own state", `C:\Users\u\.config\sentinel\approvals.json`, "Sentinel's own configuration or state"},
		{"own state, upper case", `C:\USERS\U\.CONFIG\SENTINEL\APPROVALS.JSON`, "Sentinel's own configuration or state"},
		{"own state, long path", `\\?\C:\Users\u\.config\sentinel\approvals.json`, "Sentinel's own configuration or state"},
		{"own state, trailing dot", `C:\Users\u\.config\sentinel.\approvals.json`, "Sentinel's own configuration or state"},
		{"own state, folder stream", `C:\Users\u\.config\sentinel::$INDEX_ALLOCATION\x`, "Sentinel's own configuration or state"},
		{"binary, trailing dot", `C:\Users\u\go\bin\SENTINEL.EXE.`, "the Sentinel program the hooks run"},
		{"binary, stream", `C:\Users\u\go\bin\sentinel.exe::$DATA`, "the Sentinel program the hooks run"},
		{"hook settings, stream", `C:\repo\.claude\settings.json::$DATA`, "switches Sentinel's hook off"},
		{"hook settings, case", `C:\repo\.CLAUDE\Settings.Local.JSON`, "switches Sentinel's hook off"},
		{"hook settings, relative", `.claude\settings.json`, "switches Sentinel's hook off"},
		{"8.3 state folder", `C:\Users\u\.config\SENTIN~1\approvals.json`, "8.3 short name"},
		{"8.3 binary", `C:\Users\u\go\bin\SENTIN~1.EXE`, "8.3 short name"},
		{"8.3 project folder", `C:\repo\GITHUB~1\workflows\ci.yml`, "8.3 short name"},
		{"8.3 relative", `CLAUDE~1\settings.json`, "8.3 short name"},
		{"own state, Git Bash", `/c/Users/u/.config/sentinel/approvals.json`, "Sentinel's own configuration or state"},
		{"binary, Cygwin", `/cygdrive/c/Users/u/go/bin/sentinel.exe`, "the Sentinel program the hooks run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := winHandler(t)
			ev := winTool("Write", map[string]any{"file_path": tt.path})
			for i := range 3 {
				r := run(t, h, Claude, ev)
				why := decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason
				way := "Ask the user"
				if tt.why == "8.3 short name" {
					way = "named in full"
				}
				if !r.Denied || !strings.Contains(why, tt.why) || !strings.Contains(why, way) {
					t.Fatalf("attempt %d: want a deny saying %q, got %s", i+1, tt.why, r.Stdout)
				}
			}
		})
	}
}

// TestWindowsBashDeniedEveryTime: Claude Code's Bash tool on Windows is
// Git Bash, which spells C:\x as /c/x.
func TestWindowsBashDeniedEveryTime(t *testing.T) {
	for _, cmd := range []string{
		"rm -rf /c/Users/u/.config/sentinel",
		"cp /tmp/x /c/Users/u/go/bin/sentinel.exe",
		`echo x > 'C:\Users\u\.config\sentinel\approvals.json'`,
	} {
		h := winHandler(t)
		for i := range 3 {
			r := run(t, h, Claude, winTool("Bash", map[string]any{"command": cmd}))
			if why := decodeClaude(t, r).HookSpecificOutput.PermissionDecisionReason; !r.Denied || !strings.Contains(why, "Ask the user") {
				t.Fatalf("%s, attempt %d: want a deny in every turn, got %s", cmd, i+1, r.Stdout)
			}
		}
	}
}

// Benign twins: ordinary Windows paths in the project pass without a word.
func TestWindowsPathsOrdinary(t *testing.T) {
	for _, p := range []string{
		`C:\repo\src\main.go`, `\\?\C:\repo\src\author.ts`, `.\docs\guide.md`, `C:src\main.go`,
		`C:\repo\notes~`, `C:\repo\a.txt.~1~`,
	} {
		noOpinion(t, run(t, winHandler(t), Claude, winTool("Write", map[string]any{"file_path": p})), p)
	}
}

func TestDriveRelative(t *testing.T) {
	for p, want := range map[string]bool{
		`C:x`: true, `c:.env`: true, `C:`: true, `C:\x`: false, `C:/x`: false, `\\?\C:\x`: false,
		`x`: false, `1:x`: false, `::$DATA`: false, "": false,
	} {
		if got := driveRelative(p); got != want {
			t.Errorf("driveRelative(%q) = %v, want %v", p, got, want)
		}
	}
}
