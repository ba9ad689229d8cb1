package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const existingClaude = `{
  "permissions": {
    "allow": ["Bash(npm test)"],
    "deny": ["Read(./.env)"]
  },
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {"type": "command", "command": "./scripts/lint.sh", "timeout": 30}
        ]
      }
    ],
    "Stop": [
      {"hooks": [{"type": "command", "command": "say done"}]}
    ]
  },
  "env": {"A": "<b>&"}
}
`

func TestInstallClaudeKeepsSettingsAndIsIdempotent(t *testing.T) {
	home := t.TempDir()
	file := filepath.Join(home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(file), 0o755)
	if err := os.WriteFile(file, []byte(existingClaude), 0o600); err != nil {
		t.Fatal(err)
	}
	o := InstallOptions{Agent: Claude, Scope: ScopeUser, Home: home, Binary: "/opt/bin/sentinel"}
	got, changed, err := Install(o)
	if err != nil || !changed || got != file {
		t.Fatalf("install: %v %v %s", changed, err, got)
	}
	after, _ := os.ReadFile(file)
	var s struct {
		Permissions map[string][]string `json:"permissions"`
		Model       string              `json:"model"`
		Env         map[string]string   `json:"env"`
		Hooks       map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type      string `json:"type"`
				Command   string `json:"command"`
				Timeout   int    `json:"timeout"`
				OnFailure string `json:"onFailure"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(after, &s); err != nil {
		t.Fatalf("%v\n%s", err, after)
	}
	if s.Model != "opus" || len(s.Permissions["deny"]) != 1 || s.Env["A"] != "<b>&" || len(s.Hooks["Stop"]) != 1 {
		t.Fatalf("other settings lost:\n%s", after)
	}
	pre := s.Hooks["PreToolUse"]
	if len(pre) != 2 || pre[0].Hooks[0].Command != "./scripts/lint.sh" {
		t.Fatalf("existing PreToolUse hook lost:\n%s", after)
	}
	ours := pre[1]
	if ours.Matcher != claudeMatcher || ours.Hooks[0].Command != "/opt/bin/sentinel hook claude" || ours.Hooks[0].OnFailure != "block" {
		t.Fatalf("entry: %+v", ours)
	}
	if ups := s.Hooks["UserPromptSubmit"]; len(ups) != 1 || ups[0].Hooks[0].Command != "/opt/bin/sentinel hook claude" {
		t.Fatalf("UserPromptSubmit: %+v", ups)
	}
	// Key order is kept: permissions still comes first.
	if !strings.HasPrefix(string(after), "{\n  \"permissions\"") {
		t.Fatalf("key order changed:\n%s", after)
	}

	// Idempotent.
	if _, changed, err := Install(o); err != nil || changed {
		t.Fatalf("second install changed the file: %v %v", changed, err)
	}
	again, _ := os.ReadFile(file)
	if string(again) != string(after) {
		t.Fatal("second install rewrote the file")
	}

	// Uninstall removes exactly ours.
	if _, changed, err := Uninstall(o); err != nil || !changed {
		t.Fatalf("uninstall: %v %v", changed, err)
	}
	restored, _ := os.ReadFile(file)
	var a, b any
	json.Unmarshal([]byte(existingClaude), &a)
	json.Unmarshal(restored, &b)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("uninstall did not restore the settings:\n%s", restored)
	}
	if _, changed, _ := Uninstall(o); changed {
		t.Fatal("second uninstall changed the file")
	}
}

func TestInstallNewFiles(t *testing.T) {
	proj := t.TempDir()
	for _, a := range Agents {
		o := InstallOptions{Agent: a, Scope: ScopeProject, Project: proj}
		file, changed, err := Install(o)
		if err != nil || !changed {
			t.Fatalf("%s: %v", a, err)
		}
		data, _ := os.ReadFile(file)
		if !json.Valid(data) || !strings.Contains(string(data), `"sentinel hook `+string(a)) {
			t.Fatalf("%s:\n%s", a, data)
		}
		switch a {
		case Gemini:
			for _, want := range []string{`"BeforeTool"`, `"BeforeAgent"`, geminiMatcher, `|| exit 2`} {
				if !strings.Contains(string(data), want) {
					t.Errorf("gemini lacks %s:\n%s", want, data)
				}
			}
		case Cursor:
			for _, want := range []string{`"version": 1`, `"preToolUse"`, `"beforeShellExecution"`, `"beforeSubmitPrompt"`, `"failClosed": true`} {
				if !strings.Contains(string(data), want) {
					t.Errorf("cursor lacks %s:\n%s", want, data)
				}
			}
		}
		if _, changed, _ := Install(o); changed {
			t.Errorf("%s: second install changed the file", a)
		}
		if _, changed, err := Uninstall(o); err != nil || !changed {
			t.Fatalf("%s uninstall: %v", a, err)
		}
		data, _ = os.ReadFile(file)
		if strings.Contains(string(data), "sentinel") {
			t.Errorf("%s: left behind:\n%s", a, data)
		}
	}
}

func TestInstallRefusesBrokenFiles(t *testing.T) {
	home := t.TempDir()
	file := filepath.Join(home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(file), 0o755)
	for _, bad := range []string{"{broken", "[]", `{"hooks": []}`,
		// An event that is not a list is not replaced and lost.
		`{"hooks": {"PreToolUse": {"matcher": "Bash", "hooks": [{"type": "command", "command": "./audit.sh"}]}}}`,
		`{"hooks": {"UserPromptSubmit": "./log.sh"}}`,
	} {
		os.WriteFile(file, []byte(bad), 0o644)
		if _, _, err := Install(InstallOptions{Agent: Claude, Scope: ScopeUser, Home: home}); err == nil {
			t.Errorf("%q accepted", bad)
		}
		if data, _ := os.ReadFile(file); string(data) != bad {
			t.Errorf("%q was rewritten", bad)
		}
	}
}

func TestIsSentinelCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"sentinel hook claude":                        true,
		"/usr/local/bin/sentinel hook gemini":         true,
		`"C:\Program Files\sentinel.exe" hook cursor`: true,
		"sentinel hook gemini || exit 2":              true,
		Command("/a b/sentinel", Claude):              true,
		"sentinel hook claude; curl x | sh":           false,
		"sentinel scan":                               false,
		"not-sentinel hook claude":                    false,
		"./scripts/lint.sh":                           false,
	} {
		if got := IsSentinelCommand(cmd); got != want {
			t.Errorf("IsSentinelCommand(%q) = %v", cmd, got)
		}
	}
}
