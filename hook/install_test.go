package hook

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
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
			for _, want := range []string{`"BeforeTool"`, `"BeforeAgent"`, geminiMatcher, `mcp__.*`, `save_memory`, `|| exit 2`} {
				if !strings.Contains(string(data), want) {
					t.Errorf("gemini lacks %s:\n%s", want, data)
				}
			}
		case Cursor:
			for _, want := range []string{`"version": 1`, `"preToolUse"`, `"beforeShellExecution"`, `"beforeMCPExecution"`, `"beforeSubmitPrompt"`, `"failClosed": true`, `MCP:.*`, `TabWrite`} {
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

func mustCommand(t *testing.T, binary string, a Agent) string {
	t.Helper()
	c, err := Command(binary, a)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestIsSentinelCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"sentinel hook claude":                        true,
		"/usr/local/bin/sentinel hook gemini":         true,
		`"C:\Program Files\sentinel.exe" hook cursor`: true,
		// Written by earlier versions: double quotes, escaped backslashes.
		`"C:\\Program Files\\sentinel.exe" hook cursor`:             true,
		"sentinel hook gemini || exit 2":                            true,
		mustCommand(t, "/a b/sentinel", Claude):                     true,
		mustCommand(t, "/opt/a;b/sentinel", Claude):                 true,
		mustCommand(t, "/opt/it's/sentinel", Gemini) + " || exit 2": true,
		"sentinel hook claude; curl x | sh":                         false,
		"sentinel hook claude && curl x | sh":                       false,
		"sentinel hook claude || curl x":                            false,
		"sentinel hook claude > /tmp/x":                             false,
		"sentinel hook claude &":                                    false,
		"$(curl x)/sentinel hook claude":                            false,
		"X=1 sentinel hook claude":                                  false,
		"sentinel hook claude extra":                                false,
		"sentinel scan":                                             false,
		"not-sentinel hook claude":                                  false,
		"./scripts/lint.sh":                                         false,
		"/opt/a;b/sentinel hook claude":                             false,
	} {
		if got := IsSentinelCommand(cmd); got != want {
			t.Errorf("IsSentinelCommand(%q) = %v", cmd, got)
		}
	}
}

// Issue #14: the binary's path is one shell word, whatever it holds; run
// through a shell, the command runs exactly that program with hook AGENT.
func TestCommandQuotesTheBinary(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("no POSIX shell")
	}
	markers := t.TempDir() // its name holds no shell characters
	for i, dir := range []string{"plain", "a b", "a;b", "a&&b", "it's", `a"b`, "a$(x)b", "a`x`b", `a\b`, "a|b", "*"} {
		t.Run(dir, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), dir, "sentinel")
			os.MkdirAll(filepath.Dir(bin), 0o755)
			marker := filepath.Join(markers, fmt.Sprint(i))
			script := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + marker + "\n"
			if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := mustCommand(t, bin, Claude)
			if !IsSentinelCommand(cmd) {
				t.Errorf("IsSentinelCommand(%q) = false", cmd)
			}
			out, err := exec.Command(sh, "-c", cmd).CombinedOutput()
			if err != nil {
				t.Fatalf("%q: %v\n%s", cmd, err, out)
			}
			got, _ := os.ReadFile(marker)
			if string(got) != "hook\nclaude\n" {
				t.Errorf("%q ran with %q", cmd, got)
			}
		})
	}
	if _, err := Command("/opt/a\x01b/sentinel", Claude); err == nil {
		t.Error("a control character in the path was accepted")
	}
}

// Issue #14: the Claude Code matcher covers PowerShell and MCP tools, which
// the hook judges, and still no built-in read tool.
func TestClaudeMatcher(t *testing.T) {
	re := regexp.MustCompile("^(?:" + claudeMatcher + ")$")
	for tool, want := range map[string]bool{
		"Write": true, "Edit": true, "MultiEdit": true, "NotebookEdit": true, "Bash": true,
		"PowerShell": true, "mcp__github__create_issue": true, "mcp__fs__read_file": true,
		"Read": false, "Glob": false, "Grep": false, "WebFetch": false, "Task": false,
	} {
		if got := re.MatchString(tool); got != want {
			t.Errorf("matcher %q on %s = %v", claudeMatcher, tool, got)
		}
	}
}

const commentedClaude = `// Claude Code settings, kept by hand.
{
  /* who may do what */
  "permissions": {
    "allow": ["Bash(npm test)"], // tests are fine
  },
  "model": "opus",
  "hooks": {
    // lint before every shell command
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/lint.sh"}]},
    ],
  },
}
`

// Issue #14: a settings file with comments and trailing commas is edited in
// place: comments, key order and the user's entries are kept, install is
// idempotent and uninstall restores the file.
func TestInstallKeepsComments(t *testing.T) {
	for _, tc := range []struct {
		name, text string
	}{
		{"hooks present", commentedClaude},
		{"no hooks yet", "{\n  // just a model\n  \"model\": \"opus\",\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			file := filepath.Join(home, ".claude", "settings.json")
			os.MkdirAll(filepath.Dir(file), 0o755)
			os.WriteFile(file, []byte(tc.text), 0o600)
			o := InstallOptions{Agent: Claude, Scope: ScopeUser, Home: home, Binary: "/opt/bin/sentinel"}
			if _, changed, err := Install(o); err != nil || !changed {
				t.Fatalf("install: %v %v", changed, err)
			}
			after, _ := os.ReadFile(file)
			for _, line := range strings.Split(tc.text, "\n") {
				if i := strings.Index(line, "//"); i >= 0 && !strings.Contains(string(after), strings.TrimSpace(line[i:])) {
					t.Errorf("comment %q lost:\n%s", line[i:], after)
				}
			}
			std, err := hujson.Standardize(append([]byte(nil), after...))
			if err != nil {
				t.Fatalf("result does not parse: %v\n%s", err, after)
			}
			var s struct {
				Model string
				Hooks map[string][]struct {
					Matcher string
					Hooks   []struct{ Command, OnFailure string }
				}
			}
			if err := json.Unmarshal(std, &s); err != nil {
				t.Fatal(err)
			}
			pre := s.Hooks["PreToolUse"]
			last := pre[len(pre)-1]
			if s.Model != "opus" || last.Matcher != claudeMatcher || last.Hooks[0].Command != "/opt/bin/sentinel hook claude" || len(s.Hooks["UserPromptSubmit"]) != 1 {
				t.Fatalf("settings:\n%s", after)
			}
			if tc.text == commentedClaude && (len(pre) != 2 || pre[0].Hooks[0].Command != "./scripts/lint.sh") {
				t.Fatalf("the user's hook lost:\n%s", after)
			}
			if _, changed, err := Install(o); err != nil || changed {
				t.Fatalf("second install: %v %v", changed, err)
			}
			if _, changed, err := Uninstall(o); err != nil || !changed {
				t.Fatalf("uninstall: %v %v", changed, err)
			}
			restored, _ := os.ReadFile(file)
			rs, _ := hujson.Standardize(append([]byte(nil), restored...))
			os0, _ := hujson.Standardize([]byte(tc.text))
			var a, b any
			json.Unmarshal(rs, &a)
			json.Unmarshal(os0, &b)
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) || !strings.Contains(string(restored), "//") {
				t.Errorf("uninstall did not restore the file:\n%s", restored)
			}
		})
	}
}

// Issue #14: a symbolic link to the settings file stays a link and its
// target is edited; a project's link that leaves the project is refused.
func TestInstallThroughSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	home := t.TempDir()
	dotfiles := filepath.Join(t.TempDir(), "dotfiles", "claude.json")
	os.MkdirAll(filepath.Dir(dotfiles), 0o755)
	os.WriteFile(dotfiles, []byte(`{"model": "opus"}`), 0o600)
	link := filepath.Join(home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(dotfiles, link); err != nil {
		t.Skip(err)
	}
	if _, changed, err := Install(InstallOptions{Agent: Claude, Scope: ScopeUser, Home: home}); err != nil || !changed {
		t.Fatalf("install: %v %v", changed, err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if data, _ := os.ReadFile(dotfiles); !strings.Contains(string(data), "sentinel hook claude") || !strings.Contains(string(data), `"model": "opus"`) {
		t.Fatalf("target:\n%s", data)
	}
	// Dangling link: refused, nothing written.
	os.Remove(link)
	os.Symlink(filepath.Join(home, "nowhere.json"), link)
	if _, _, err := Install(InstallOptions{Agent: Claude, Scope: ScopeUser, Home: home}); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("dangling link: %v", err)
	}
	// A project's settings linked outside the project: refused.
	proj := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim.json")
	os.WriteFile(outside, []byte(`{}`), 0o600)
	pl := filepath.Join(proj, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(pl), 0o755)
	os.Symlink(outside, pl)
	if _, _, err := Install(InstallOptions{Agent: Claude, Scope: ScopeProject, Project: proj}); err == nil || !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("project link outside: %v", err)
	}
	if data, _ := os.ReadFile(outside); string(data) != `{}` {
		t.Errorf("the file outside the project was written: %s", data)
	}
	// Inside the project: written through.
	inside := filepath.Join(proj, "shared", "claude.json")
	os.MkdirAll(filepath.Dir(inside), 0o755)
	os.WriteFile(inside, []byte(`{}`), 0o600)
	os.Remove(pl)
	os.Symlink(inside, pl)
	if _, _, err := Install(InstallOptions{Agent: Claude, Scope: ScopeProject, Project: proj}); err != nil {
		t.Errorf("project link inside: %v", err)
	}
	if data, _ := os.ReadFile(inside); !strings.Contains(string(data), "sentinel hook claude") {
		t.Errorf("inside target not written: %s", data)
	}
}

// Issue #14: a relative home or project folder would put settings in
// whatever folder Sentinel runs in.
func TestInstallRefusesRelativeFolders(t *testing.T) {
	for _, o := range []InstallOptions{
		{Agent: Claude, Scope: ScopeUser, Home: "."},
		{Agent: Claude, Scope: ScopeUser, Home: "proj"},
		{Agent: Gemini, Scope: ScopeProject, Project: "sub"},
	} {
		if _, _, err := Install(o); err == nil || !strings.Contains(err.Error(), "relative path") {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// TestClaudeUserInstallDeniesSentinelPaths: a Claude Code user install tells
// Claude Code's own permission rules and sandbox to keep its tools out of
// Sentinel's folders and binary, and uninstall takes exactly that back.
func TestClaudeUserInstallDeniesSentinelPaths(t *testing.T) {
	home := t.TempDir()
	cfg := filepath.Join(home, ".config", "sentinel")
	if err := os.MkdirAll(cfg, 0o700); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(home, "bin", "sentinel")
	settings := filepath.Join(home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o700); err != nil {
		t.Fatal(err)
	}
	orig := `{"permissions": {"deny": ["Read(./.env)"]}, "model": "opus"}`
	if err := os.WriteFile(settings, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	o := InstallOptions{Agent: Claude, Scope: ScopeUser, Home: home, Binary: bin, Protect: []string{cfg, bin}}
	if _, _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Permissions struct{ Deny []string } `json:"permissions"`
		Sandbox     struct {
			Filesystem struct{ DenyWrite []string } `json:"filesystem"`
		} `json:"sandbox"`
	}
	b, _ := os.ReadFile(settings)
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	slash := func(p string) string { return "//" + strings.TrimLeft(filepath.ToSlash(p), "/") }
	wantDeny := []string{"Read(./.env)", "Edit(" + slash(cfg) + "/**)", "Edit(" + slash(bin) + ")"}
	if !slices.Equal(got.Permissions.Deny, wantDeny) {
		t.Errorf("permissions.deny = %q, want %q", got.Permissions.Deny, wantDeny)
	}
	if want := []string{slash(cfg), slash(bin)}; !slices.Equal(got.Sandbox.Filesystem.DenyWrite, want) {
		t.Errorf("sandbox.filesystem.denyWrite = %q, want %q", got.Sandbox.Filesystem.DenyWrite, want)
	}
	if _, changed, _ := Install(o); changed {
		t.Error("a second install changed the file")
	}
	if _, _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	b, _ = os.ReadFile(settings)
	if strings.Contains(string(b), "sentinel") || strings.Contains(string(b), "sandbox") || !strings.Contains(string(b), "Read(./.env)") {
		t.Errorf("uninstall left or took the wrong entries:\n%s", b)
	}
	// A project's shared settings never get one user's absolute paths.
	proj := t.TempDir()
	file, _, err := Install(InstallOptions{Agent: Claude, Scope: ScopeProject, Project: proj, Protect: []string{cfg}})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); strings.Contains(string(b), "denyWrite") || strings.Contains(string(b), "Edit(") {
		t.Errorf("a project install wrote the user's paths:\n%s", b)
	}
}
