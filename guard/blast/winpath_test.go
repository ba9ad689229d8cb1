package blast

import (
	"slices"
	"strings"
	"testing"
)

// TestWindowsPaths classifies the spellings of one file that Windows opens
// as the same file, on every OS: the agent's paths come from the agent's
// system, so `\` is a separator here whatever Sentinel runs on. Each row
// is a way round the gate if it were read as a harmless name.
func TestWindowsPaths(t *testing.T) {
	c := NewClassifier(
		WithRoot(`C:\repo`),
		WithSentinelDirs(`C:\Users\me\.config\sentinel`),
		WithHookBinaries(`C:\Tools\sentinel.exe`),
	)
	tests := []struct {
		name, path, want string // want: a reason among Reasons; "" for none
		norm             string // the normalised path; "" to skip
	}{
		{"backslashes", `C:\repo\.github\workflows\ci.yml`, ReasonCIWorkflow, ".github/workflows/ci.yml"},
		{"lower-case drive", `c:\repo\.github\workflows\ci.yml`, ReasonCIWorkflow, ".github/workflows/ci.yml"},
		{"dot-relative", `.\migrations\001.sql`, ReasonMigration, "migrations/001.sql"},
		{"relative", `migrations\001.sql`, ReasonMigration, "migrations/001.sql"},
		{"mixed separators", `C:/repo\.github/workflows\ci.yml`, ReasonCIWorkflow, ".github/workflows/ci.yml"},
		{"doubled separators", `C:\\repo\\.github\\\workflows\ci.yml`, ReasonCIWorkflow, ".github/workflows/ci.yml"},
		{"dot-dot", `C:\repo\src\..\.env`, ReasonEnv, ".env"},
		{"trailing separator", `C:\repo\.env\`, ReasonEnv, ".env"},
		{"long path prefix", `\\?\C:\repo\.github\workflows\ci.yml`, ReasonCIWorkflow, ".github/workflows/ci.yml"},
		{"long path, lower-case drive", `\\?\c:\repo\.env`, ReasonEnv, ".env"},
		{"device prefix", `\\.\C:\repo\.env`, ReasonEnv, ".env"},
		{"NT prefix", `\??\C:\repo\.env`, ReasonEnv, ".env"},
		{"long UNC", `\\?\UNC\server\share\repo\.env`, ReasonEnv, "/server/share/repo/.env"},
		{"UNC", `\\server\share\repo\.github\workflows\ci.yml`, ReasonCIWorkflow, ""},
		{"drive-relative", `C:.env`, ReasonEnv, ".env"},
		{"drive-relative folder", `c:.github\workflows\ci.yml`, ReasonCIWorkflow, ".github/workflows/ci.yml"},
		{"drive-relative subfolder", `C:relative\.env`, ReasonEnv, "relative/.env"},
		{"trailing dot", `C:\repo\.env.`, ReasonEnv, ""},
		{"trailing space", `C:\repo\.env `, ReasonEnv, ""},
		{"trailing dots and spaces", `C:\repo\.env. . `, ReasonEnv, ""},
		{"folder with trailing dot", `C:\repo\.github.\workflows\ci.yml`, ReasonCIWorkflow, ""},
		{"folder with trailing space", `C:\repo\.github \workflows\ci.yml`, ReasonCIWorkflow, ""},
		{"default data stream", `C:\repo\.env::$DATA`, ReasonEnv, ""},
		{"named stream", `C:\repo\.env:x`, ReasonEnv, ""},
		{"named stream with type", `C:\repo\.env:x:$DATA`, ReasonEnv, ""},
		{"case", `C:\repo\.Claude\Settings.JSON`, ReasonGateSettings, ""},
		{"8.3 folder", `C:\repo\GITHUB~1\workflows\ci.yml`, ReasonShortName, ""},
		{"8.3 file", `C:\repo\src\SETTIN~1.JSO`, ReasonShortName, ""},
		{"8.3 lower case", `c:\progra~1\x.txt`, ReasonShortName, ""},
		{"8.3 hashed", `C:\repo\AB12C~10\x`, ReasonShortName, ""},
		{"8.3 Sentinel binary", `C:\Tools\SENTIN~1.EXE`, ReasonShortName, ""},
		{"own state", `C:\Users\me\.config\sentinel\approvals.json`, ReasonSentinelState, ""},
		{"own state, upper case", `C:\USERS\ME\.CONFIG\SENTINEL\approvals.json`, ReasonSentinelState, ""},
		{"own state, long path", `\\?\C:\Users\me\.config\sentinel\approvals.json`, ReasonSentinelState, ""},
		{"own state, device path", `\\.\c:\users\me\.config\sentinel`, ReasonSentinelState, ""},
		{"own state, trailing dot", `C:\Users\me\.config\sentinel.\approvals.json`, ReasonSentinelState, ""},
		{"own state, folder stream", `C:\Users\me\.config\sentinel::$INDEX_ALLOCATION\approvals.json`, ReasonSentinelState, ""},
		{"own state, parent", `C:\Users\me\.config`, ReasonSentinelState, ""},
		{"binary", `C:\Tools\sentinel.exe`, ReasonHookBinary, ""},
		{"binary, trailing dot", `C:\Tools\SENTINEL.EXE.`, ReasonHookBinary, ""},
		{"binary, stream", `C:\Tools\sentinel.exe::$DATA`, ReasonHookBinary, ""},
		{"binary, long path", `\\?\C:\Tools\sentinel.exe`, ReasonHookBinary, ""},
		{"own state, Git Bash", `/c/Users/me/.config/sentinel/approvals.json`, ReasonSentinelState, ""},
		{"own state, Cygwin", `/cygdrive/C/Users/me/.config/sentinel`, ReasonSentinelState, ""},
		{"binary, Git Bash", `/c/Tools/sentinel.exe`, ReasonHookBinary, ""},
		{"binary folder, Git Bash", `/C/Tools`, ReasonHookBinary, ""},
		{"benign Git Bash", `/c/Users/me/notes.txt`, "", ""},
		{"benign other drive", `/d/Users/me/.config/sentinel/x`, "", ""},
		// Benign twins: near misses stay quiet.
		{"benign", `C:\repo\src\author.ts`, "", "src/author.ts"},
		{"benign tilde", `C:\repo\notes~`, "", ""},
		{"benign backup", `C:\repo\a.txt.~1~`, "", ""},
		{"benign tilde zero", `C:\repo\x~0`, "", ""},
		{"benign long tilde", `C:\repo\verylongname~1`, "", ""},
		{"benign long path", `\\?\C:\repo\src\main.go`, "", "src/main.go"},
		{"benign drive-relative", `C:src\main.go`, "", "src/main.go"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := c.Classify(tt.path)
			if tt.want == "" {
				if v.Sensitive {
					t.Errorf("Classify(%q) = %q, want harmless", tt.path, v.Reasons)
				}
			} else if !slices.Contains(v.Reasons, tt.want) {
				t.Errorf("Classify(%q).Reasons = %q, want %q among them", tt.path, v.Reasons, tt.want)
			}
			if tt.norm != "" && v.Path != tt.norm {
				t.Errorf("Classify(%q).Path = %q, want %q", tt.path, v.Path, tt.norm)
			}
		})
	}
}

// TestWindowsRoot: a root given in any Windows spelling makes the same
// paths relative, so a project under C:\infra is not all "infra" and a
// configured pattern matches from the project.
func TestWindowsRoot(t *testing.T) {
	for _, root := range []string{`C:\infra\app`, `c:\INFRA\app\`, `\\?\C:\infra\app`, `C:/infra/app`} {
		c := NewClassifier(WithRoot(root), WithExtraPatterns(ExtraPattern{Glob: "billing/**"}))
		if v := c.Classify(`C:\infra\app\src\main.go`); v.Sensitive || v.Path != "src/main.go" {
			t.Errorf("root %q: Classify = %+v, want src/main.go, harmless", root, v)
		}
		if v := c.Classify(`\\?\c:\infra\app\billing\x.go`); !v.Sensitive || v.Path != "billing/x.go" {
			t.Errorf("root %q: Classify = %+v, want billing/x.go, sensitive", root, v)
		}
	}
}

func TestShortName(t *testing.T) {
	for seg, want := range map[string]bool{
		"GITHUB~1": true, "PROGRA~1": true, "progra~2": true, "SENTIN~1.EXE": true, "A~1": true,
		"AB12C~10": true, "X~1.J": true,
		"notes~": false, "~1": false, "a~": false, "a~b": false, "a~0": false, "a.txt.~1~": false,
		"verylong~1": false, "SETTIN~1.JSON": false, ".GITHUB~1": false, "a b~1": false, "": false,
	} {
		if got := shortName(seg); got != want {
			t.Errorf("shortName(%q) = %v, want %v", seg, got, want)
		}
	}
}

// FuzzWindowsPath: any path is classified without a panic, and each
// Windows spelling of it (backslashes, a `\\?\` prefix on a drive path, a
// trailing dot, a `::$DATA` stream) is a blast centre whenever the plain
// spelling is.
func FuzzWindowsPath(f *testing.F) {
	for _, s := range []string{`C:\repo\.env`, `.github/workflows/ci.yml`, `C:.env`, `\\?\UNC\s\x`, `/c/x`, `GITHUB~1`, "", `\\.\`, "C:"} {
		f.Add(s)
	}
	c := NewClassifier(WithRoot(`C:\repo`), WithSentinelDirs(`C:\Users\me\.config\sentinel`))
	f.Fuzz(func(t *testing.T, p string) {
		v := c.Classify(p)
		HasShortName(p)
		if !v.Sensitive || strings.ContainsAny(p, ":~ .\x00") {
			return
		}
		back := strings.ReplaceAll(p, "/", `\`)
		for _, w := range []string{back, back + ".", back + "::$DATA"} {
			if !c.Classify(w).Sensitive {
				t.Fatalf("Classify(%q) is a blast centre (%q) but %q is not", p, v.Reasons, w)
			}
		}
		if isDrivePath(p) && !driveRelative(p) && !c.Classify(`\\?\`+back).Sensitive {
			t.Fatalf("Classify(%q) is a blast centre but its \\\\?\\ form is not", p)
		}
	})
}
