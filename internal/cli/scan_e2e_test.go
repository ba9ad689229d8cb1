package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// These tests build the sentinel binary once and run `sentinel scan` as a
// user would, on small fixture trees written into temporary folders.

// runScanCmd runs the binary bin in dir with args and a clean environment whose
// HOME is home (an empty folder unless the test gives one).
func runScanCmd(t *testing.T, bin, dir, home string, args ...string) result {
	t.Helper()
	if home == "" {
		home = t.TempDir()
	}
	return runIn(t, bin, dir, []string{"HOME=" + home, "NO_COLOR="}, "", args...)
}

// scanTree writes files (slash paths) into a new temporary folder.
func scanTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestScanE2E builds the binary once and runs every scenario against it.
func TestScanE2E(t *testing.T) {
	bin := testBinary(t)
	for _, c := range []struct {
		name string
		run  func(*testing.T, string)
	}{
		{"ExitCodes", scanE2EExitCodes},
		{"UsageErrors", scanE2EUsageErrors},
		{"JSON", scanE2EJSON},
		{"SingleFileJSON", scanE2ESingleFileJSON},
		{"SARIF", scanE2ESARIF},
		{"NeverPrintsSecrets", scanE2ENeverPrintsSecrets},
		{"HostileTree", scanE2EHostileTree},
		{"SeveralPaths", scanE2ESeveralPaths},
		{"Global", scanE2EGlobal},
		{"Approvals", scanE2EApprovals},
		{"Base", scanE2EBase},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, bin) })
	}
}

const (
	scanCleanClaude = "# Project\n\nRun `go test ./...` before committing.\n"
	// A write-intercept hook whose script is present: SUSPICIOUS.
	scanHookSettings = `{"hooks": {"PreToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "./scripts/format.sh"}]}]}}`
	// A hook whose script is gone: COMPROMISED (S10).
	scanOrphanSettings = `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "node .claude/hooks/setup.js"}]}]}}`
)

func scanCleanTree(t *testing.T) string {
	return scanTree(t, map[string]string{"CLAUDE.md": scanCleanClaude})
}

func scanSuspiciousTree(t *testing.T) string {
	return scanTree(t, map[string]string{
		"CLAUDE.md": scanCleanClaude, ".claude/settings.json": scanHookSettings,
		"scripts/format.sh": "#!/bin/sh\ngofmt -w \"$1\"\n",
	})
}

func scanCompromisedTree(t *testing.T) string {
	return scanTree(t, map[string]string{"CLAUDE.md": scanCleanClaude, ".claude/settings.json": scanOrphanSettings})
}

func scanE2EExitCodes(t *testing.T, bin string) {
	tests := []struct {
		name string
		dir  func(*testing.T) string
		args []string
		code int
		want []string
	}{
		{"clean", scanCleanTree, []string{"scan", "."}, 0, []string{"verdict: CLEAN", "[ ok ] CLAUDE.md"}},
		{"suspicious", scanSuspiciousTree, []string{"scan", "."}, 3, []string{"verdict: SUSPICIOUS", "[ ?? ] .claude/settings.json", "S14b", "what to do"}},
		{"compromised", scanCompromisedTree, []string{"scan"}, 2, []string{"verdict: COMPROMISED", "[ !! ] .claude/settings.json", "S10 forced"}},
		{"hooks-only skips instructions", scanSuspiciousTree, []string{"scan", ".", "--hooks-only"}, 3, []string{".claude/settings.json"}},
		{"hooks-only with instructions alone", scanCleanTree, []string{"scan", ".", "--hooks-only"}, 0, []string{"nothing here runs or connects by itself"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runScanCmd(t, bin, tt.dir(t), "", tt.args...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, r.stdout)
				}
			}
			if strings.Contains(r.stdout, "\x1b[") {
				t.Error("colour codes written to a pipe")
			}
			if strings.Contains(tt.name, "hooks-only") && strings.Contains(r.stdout, "CLAUDE.md") {
				t.Errorf("--hooks-only listed an instruction file:\n%s", r.stdout)
			}
		})
	}
}

func scanE2EUsageErrors(t *testing.T, bin string) {
	dir := scanCleanTree(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"scan", "./nope"}, "sentinel: cannot scan ./nope: no such file or folder; check the path\n"},
		{[]string{"scan", ".", "--format", "xml"}, `unknown report format "xml"`},
		{[]string{"scan", ".", "--json", "--format", "sarif"}, "--json and --format sarif"},
		{[]string{"scan", ".", "--out", "no/such/folder/x.json"}, "cannot write the report to no/such/folder/x.json: its folder does not exist; create it first\n"},
		// Each says what to do, once, and no bare Go error text.
		{[]string{"scan", ".", "--out", "."}, "sentinel: cannot write the report to .: it is a folder; name a file inside it\n"},
		{[]string{"scan", "CLAUDE.md/x"}, "sentinel: cannot scan CLAUDE.md/x: part of the path is a file, not a folder; check the path\n"},
		// No Go parser or cobra wording.
		{[]string{"scan", ".", "--hooks-only=maybe"}, `sentinel: invalid argument "maybe" for "--hooks-only" flag: it is a switch; give it alone, or as =true or =false (see 'sentinel scan --help')` + "\n"},
		{[]string{"pr", "--base", "main", "a", "b"}, "sentinel: 'sentinel pr' works on one folder, and 2 were named (a b); name one, or none for the current folder\n"},
		{[]string{"init", "a", "b"}, "sentinel: 'sentinel init' works on one folder"},
		{[]string{"verify", "a", "b"}, "sentinel: 'sentinel verify' works on one folder"},
		// An error repeats what was typed: a token in it is masked, an
		// escape sequence is shown, not sent to the terminal.
		{[]string{"scan", "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"}, "sentinel: cannot scan ghp_...[redacted]: no such file or folder; check the path\n"},
		{[]string{"scan", "a\x1b[2Jb"}, `sentinel: cannot scan a\x1b[2Jb: no such file or folder; check the path` + "\n"},
	}
	for _, tt := range tests {
		r := runScanCmd(t, bin, dir, "", tt.args...)
		if r.code != 1 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", tt.args, r.code, r.stderr, tt.want)
		}
		if strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%v: error is not one line: %q", tt.args, r.stderr)
		}
	}
}

func scanE2EJSON(t *testing.T, bin string) {
	r := runScanCmd(t, bin, scanSuspiciousTree(t), "", "scan", ".", "--json")
	if r.code != 3 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	var got struct {
		Verdict      string `json:"verdict"`
		TrustScore   *int   `json:"trust_score"`
		Observations []any  `json:"observations"`
		Files        []struct {
			Path       string `json:"path"`
			Verdict    string `json:"verdict"`
			TrustScore *int   `json:"trust_score"`
			Breakdown  string `json:"breakdown"`
			Findings   []struct {
				RuleID string `json:"rule_id"`
			} `json:"findings"`
		} `json:"files"`
		FormulaVersion string `json:"formula_version"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("--json is not one JSON object: %v\n%s", err, r.stdout)
	}
	if got.Verdict != "SUSPICIOUS" || got.TrustScore == nil || got.Observations == nil || got.FormulaVersion != "0.1" {
		t.Errorf("top level: %+v", got)
	}
	found := false
	for _, f := range got.Files {
		if f.Path == ".claude/settings.json" {
			found = true
			if f.Verdict != "SUSPICIOUS" || f.TrustScore == nil || len(f.Findings) == 0 || f.Findings[0].RuleID == "" ||
				!strings.HasPrefix(f.Breakdown, ".claude/settings.json: 100 ") {
				t.Errorf("settings file entry: %+v", f)
			}
		}
	}
	if !found {
		t.Errorf("no entry for .claude/settings.json:\n%s", r.stdout)
	}
}

func scanE2ESingleFileJSON(t *testing.T, bin string) {
	dir := scanTree(t, map[string]string{"CLAUDE.md": scanCleanClaude, "notes.txt": "just notes\n", "sub/.claude/settings.json": scanOrphanSettings})
	r := runScanCmd(t, bin, dir, "", "scan", "CLAUDE.md", "--json")
	var got map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	for _, k := range []string{"filename", "verdict", "trust_score", "color_band", "findings", "breakdown", "engine", "formula_version"} {
		if _, ok := got[k]; !ok {
			t.Errorf("single-file JSON lacks %q: %s", k, r.stdout)
		}
	}
	if got["filename"] != "CLAUDE.md" || got["verdict"] != "CLEAN" || r.code != 0 {
		t.Errorf("exit %d, %s", r.code, r.stdout)
	}

	// An unknown name is read as instructions.
	r = runScanCmd(t, bin, dir, "", "scan", "notes.txt", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if got["filename"] != "notes.txt" || got["kind"] != "instructions" {
		t.Errorf("unknown name: %s", r.stdout)
	}

	// --hooks-only leaves an instruction file out: an empty report, exit 0.
	r = runScanCmd(t, bin, dir, "", "scan", "CLAUDE.md", "--hooks-only", "--json")
	var empty struct {
		Verdict string `json:"verdict"`
		Files   []any  `json:"files"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &empty); err != nil || r.code != 0 || empty.Verdict != "CLEAN" || len(empty.Files) != 0 {
		t.Errorf("--hooks-only CLAUDE.md: exit %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}

	// A settings file in its project: the project is the context, so the
	// missing script is found missing.
	r = runScanCmd(t, bin, dir, "", "scan", "sub/.claude/settings.json")
	if r.code != 2 || !strings.Contains(r.stdout, "[ !! ] sub/.claude/settings.json") || !strings.Contains(r.stdout, "S10") {
		t.Errorf("settings file in a project: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	// The same file named from inside its config folder: every path shown
	// leads from the current folder ("../.claude/settings.json"), and the
	// single-file JSON finds the file instead of failing.
	claudeDir := filepath.Join(dir, "sub", ".claude")
	r = runScanCmd(t, bin, claudeDir, "", "scan", "settings.json")
	if r.code != 2 || !strings.Contains(r.stdout, "[ !! ] ../.claude/settings.json ") {
		t.Errorf("settings.json typed inside .claude: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runScanCmd(t, bin, claudeDir, "", "scan", "settings.json", "--json")
	got = nil
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 2 || got["path"] != "../.claude/settings.json" {
		t.Errorf("settings.json --json typed inside .claude: exit %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}

	// The same file alone, under a name only: nothing is assumed about
	// the scripts around it, so no orphaned hook, but the hook is there.
	loose := scanTree(t, map[string]string{"settings.json": scanOrphanSettings})
	r = runScanCmd(t, bin, loose, "", "scan", "settings.json")
	if strings.Contains(r.stdout, "S10") || !strings.Contains(r.stdout, "S17a") {
		t.Errorf("loose settings.json: exit %d\n%s", r.code, r.stdout)
	}
}

func scanE2ESARIF(t *testing.T, bin string) {
	dir := scanCompromisedTree(t)
	r := runScanCmd(t, bin, dir, "", "scan", ".", "--format", "sarif", "--out", "out.sarif")
	if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "written to out.sarif") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF does not parse: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "Sentinel" || len(log.Runs[0].Tool.Driver.Rules) == 0 {
		t.Fatalf("SARIF header: %s", data[:200])
	}
	s10 := false
	for _, res := range log.Runs[0].Results {
		if res.RuleID == "S10" && res.Locations[0].PhysicalLocation.ArtifactLocation.URI == ".claude/settings.json" {
			s10 = true
		}
	}
	if !s10 {
		t.Errorf("no S10 result at .claude/settings.json:\n%s", data)
	}
}

// TestScanNeverPrintsSecrets plants secrets in a settings env value and in
// a tool server's env and headers, token-shaped and not, and checks every
// output format and the --out file.
func scanE2ENeverPrintsSecrets(t *testing.T, bin string) {
	secrets := []string{
		"sk-proj-Zq3vY8rT2mK9pL4xW7nB1cD6fG0hJ5sA",
		"ghp_Zq3vY8rT2mK9pL4xW7nB1cD6fG0hJ5sAqq",
		"hunter2-plain-password",
		"AKIAZQ3VY8RT2MK9PL4X",
	}
	dir := scanTree(t, map[string]string{
		".claude/settings.json": `{"env": {"OPENAI_API_KEY": "` + secrets[0] + `", "DB_PASSWORD": "` + secrets[2] + `"},
 "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "GITHUB_TOKEN=` + secrets[1] + ` ./scripts/start.sh"}]}]}}`,
		"scripts/start.sh": "#!/bin/sh\necho start\n",
		".mcp.json": `{"mcpServers": {"x": {"command": "npx", "args": ["x-server"], "env": {"AWS_ACCESS_KEY_ID": "` + secrets[3] + `", "API_TOKEN": "` + secrets[2] + `"},
  "headers": {"Authorization": "Bearer ` + secrets[1] + `"}}}}`,
	})
	for _, args := range [][]string{
		{"scan", "."}, {"scan", ".", "--json"}, {"scan", ".", "--format", "sarif"},
		{"scan", ".claude/settings.json", "--json"}, {"scan", ".mcp.json"},
		{"scan", ".", "--json", "--out", "report.json"},
	} {
		r := runScanCmd(t, bin, dir, "", args...)
		all := r.stdout + r.stderr
		if len(args) > 3 && args[len(args)-2] == "--out" {
			data, err := os.ReadFile(filepath.Join(dir, args[len(args)-1]))
			if err != nil {
				t.Fatal(err)
			}
			all += string(data)
		}
		if r.code == 1 {
			t.Errorf("%v: exit 1: %s", args, r.stderr)
		}
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Errorf("%v printed the secret %q", args, s)
			}
		}
	}
}

// TestScanHostileTree: links to /etc and loops become notices, a 50 MB
// file and non-UTF-8 bytes are read without a crash.
func scanE2EHostileTree(t *testing.T, bin string) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := scanTree(t, map[string]string{
		"CLAUDE.md":             "# ok\n",
		"AGENTS.md":             "caf\xe9 \xff\xfe not UTF-8 \x00\x01 bytes\n",
		".claude/settings.json": "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"\xff\", \"hooks\": [{\"type\": \"command\", \"command\": \"./x\xfe.sh\"}]}]}}",
	})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755))
	must(os.Symlink("/etc/passwd", filepath.Join(dir, "a", "CLAUDE.md")))
	must(os.Symlink("/etc", filepath.Join(dir, "etc")))
	must(os.Symlink("/etc", filepath.Join(dir, ".cursor")))
	must(os.Symlink("loop2", filepath.Join(dir, "a", "b", "GEMINI.md")))
	must(os.Symlink("GEMINI.md", filepath.Join(dir, "a", "b", "loop2")))
	must(os.Symlink("..", filepath.Join(dir, "a", "b", "up")))
	must(os.MkdirAll(filepath.Join(dir, "docs"), 0o755))
	big, err := os.Create(filepath.Join(dir, "docs", "SKILL.md"))
	must(err)
	line := bytes.Repeat([]byte("All work and no play makes Jack a dull boy. "), 1000)
	line = append(line, '\n')
	for written := 0; written < 50<<20; written += len(line) {
		_, err := big.Write(line)
		must(err)
	}
	must(big.Close())

	for _, format := range []string{"text", "json", "sarif"} {
		start := time.Now()
		r := runScanCmd(t, bin, dir, "", "scan", ".", "--format", format)
		if r.code == 1 {
			t.Errorf("%s: exit 1: %s", format, r.stderr)
		}
		if strings.Contains(r.stdout, "root:x:0:0") || strings.Contains(r.stdout, "/bin/bash") && strings.Contains(r.stdout, "nologin") {
			t.Errorf("%s: content of /etc/passwd reached the report", format)
		}
		t.Logf("%s: exit %d in %v", format, r.code, time.Since(start).Round(time.Millisecond))
		if format == "text" {
			for _, want := range []string{"a/CLAUDE.md", "outside the scanned folder", "a/b/GEMINI.md", "docs/SKILL.md", "read in part"} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("text report lacks %q:\n%s", want, r.stdout)
				}
			}
		}
		if format == "json" && !json.Valid([]byte(r.stdout)) {
			t.Errorf("JSON output is not valid JSON")
		}
	}
}

func scanE2ESeveralPaths(t *testing.T, bin string) {
	parent := t.TempDir()
	for name, mk := range map[string]func(*testing.T) string{"ok": scanCleanTree, "bad": scanCompromisedTree} {
		if err := os.Rename(mk(t), filepath.Join(parent, name)); err != nil {
			t.Fatal(err)
		}
	}
	r := runScanCmd(t, bin, parent, "", "scan", "ok", "bad", "ok/")
	if r.code != 2 {
		t.Errorf("exit %d, want the worst verdict (2)\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"[ ok ] ok/CLAUDE.md", "[ !! ] bad/.claude/settings.json"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("combined report lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Count(r.stdout, "ok/CLAUDE.md") != 1 {
		t.Errorf("a repeated path was scanned twice:\n%s", r.stdout)
	}
	// A PATH that another PATH's folder already covers is read once: a
	// file in it, or a folder inside it, in either order. A file the walk
	// would not read (notes.txt) is still scanned when named.
	if err := os.WriteFile(filepath.Join(parent, "ok", "notes.txt"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"scan", ".", "ok/CLAUDE.md"},
		{"scan", "ok/CLAUDE.md", "."},
		{"scan", ".", "ok"},
		{"scan", "ok", "./ok/CLAUDE.md"},
	} {
		r := runScanCmd(t, bin, parent, "", args...)
		if n := strings.Count(r.stdout, "ok/CLAUDE.md   score") + strings.Count(r.stdout, "[ ok ] CLAUDE.md   score"); n != 1 {
			t.Errorf("%v: ok/CLAUDE.md listed %d times, want once:\n%s", args, n, r.stdout)
		}
	}
	r = runScanCmd(t, bin, parent, "", "scan", "ok", "ok/notes.txt")
	if !strings.Contains(r.stdout, "ok/notes.txt") || !strings.Contains(r.stdout, "ok/CLAUDE.md") {
		t.Errorf("a named file the walk does not read was dropped:\n%s", r.stdout)
	}

	r = runScanCmd(t, bin, parent, "", "scan", "ok", "bad", "--json")
	var got struct {
		Verdict string `json:"verdict"`
		Files   []struct {
			Path string `json:"path"`
		} `json:"files"`
		Breakdown []string `json:"breakdown"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Verdict != "COMPROMISED" || len(got.Files) != 3 || len(got.Breakdown) == 0 || !strings.HasPrefix(got.Breakdown[0], "bad/.claude/settings.json: 100 ") {
		t.Errorf("combined JSON: %+v", got)
	}
}

func scanE2EGlobal(t *testing.T, bin string) {
	home := scanTree(t, map[string]string{
		".claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}`,
	})
	project := scanCleanTree(t)
	// Sentinel's own settings are never read from the scanned folder: a
	// project that ships a fake ~ is just a folder.
	if err := os.MkdirAll(filepath.Join(project, "~", ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}

	r := runScanCmd(t, bin, project, home, "scan", "--global")
	if !strings.Contains(r.stdout, "~/.claude/settings.json") || strings.Contains(r.stdout, "CLAUDE.md") || r.code != 3 {
		t.Errorf("--global alone: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runScanCmd(t, bin, project, home, "scan", ".", "--global")
	if !strings.Contains(r.stdout, "~/.claude/settings.json") || !strings.Contains(r.stdout, "[ ok ] CLAUDE.md") || r.code != 3 {
		t.Errorf("--global with a folder: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runScanCmd(t, bin, project, "", "scan", "--global")
	if r.code != 0 || !strings.Contains(r.stdout, "nothing of yours to scan") {
		t.Errorf("--global with an empty home: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The home folder itself named as a PATH: its settings are read once,
	// by the walk, and not said to be missing.
	r = runScanCmd(t, bin, project, home, "scan", home, "--global")
	if n := strings.Count(r.stdout, ".claude/settings.json   score"); n != 1 || r.code != 3 || strings.Contains(r.stdout, "nothing of yours") || !strings.Contains(r.stdout, "1 file read") {
		t.Errorf("--global with the home folder named: settings listed %d times, exit %d\n%s%s", n, r.code, r.stdout, r.stderr)
	}
}

// scanE2EApprovals: a hook approved on this machine no longer makes the
// scan SUSPICIOUS, as for the gate; editing its script lapses it. An unsigned
// lock's approvals do not count on another machine.
func scanE2EApprovals(t *testing.T, bin string) {
	dir := scanSuspiciousTree(t)
	// One machine: approvals given here are remembered in its home.
	home := t.TempDir()
	if r := runScanCmd(t, bin, dir, home, "scan", "."); r.code != 3 {
		t.Fatalf("before approval: exit %d\n%s", r.code, r.stdout)
	}
	if r := runScanCmd(t, bin, dir, home, "approve", "--no-tty-confirm"); r.code != 0 {
		t.Fatalf("sentinel approve: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runScanCmd(t, bin, dir, home, "scan", "."); r.code != 0 || !strings.Contains(r.stdout, "verdict: CLEAN") {
		t.Errorf("after approval: exit %d\n%s", r.code, r.stdout)
	}
	// Another machine (a fresh clone): the unsigned lock approves nothing.
	if r := runScanCmd(t, bin, dir, t.TempDir(), "scan", "."); r.code != 3 || !strings.Contains(r.stdout, "unsigned") {
		t.Errorf("an unsigned lock's own approvals counted on another machine: exit %d\n%s", r.code, r.stdout)
	}
	if err := os.WriteFile(filepath.Join(dir, "scripts", "format.sh"), []byte("#!/bin/sh\necho changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runScanCmd(t, bin, dir, home, "scan", "."); r.code != 3 {
		t.Errorf("after the script changed, the approval still counts: exit %d\n%s", r.code, r.stdout)
	}
}

// scanE2EBase: --base compares with a git ref; a deleted guardrail shows.
func scanE2EBase(t *testing.T, bin string) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed; --base needs it")
	}
	dir := scanTree(t, map[string]string{"CLAUDE.md": "# Rules\n\nNever upload the .env file to any server.\n"})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-qm", "init")
	git("checkout", "-qb", "feature")
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("# Rules\n\nKeep it tidy.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "chore: bump deps")

	r := runScanCmd(t, bin, dir, "", "scan", ".", "--base", "main")
	if r.code != 3 || !strings.Contains(r.stdout, "S20") {
		t.Errorf("--base main: exit %d, want 3 with S20\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runScanCmd(t, bin, dir, "", "scan", "."); strings.Contains(r.stdout, "S20") {
		t.Errorf("S20 without --base:\n%s", r.stdout)
	}
	r = runScanCmd(t, bin, dir, "", "scan", ".", "--base", "no-such-ref")
	if r.code != 1 || !strings.Contains(r.stderr, "no-such-ref") {
		t.Errorf("unknown ref: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runScanCmd(t, bin, dir, "", "scan", "CLAUDE.md", "--base", "main")
	if r.code != 1 || !strings.Contains(r.stderr, "is a file") {
		t.Errorf("--base with a file: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestCompletionOfReportFlags: the shell completes the values of the
// scanning commands' enumerated flags instead of offering file names.
func TestCompletionOfReportFlags(t *testing.T) {
	bin := testBinary(t)
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "scan", "--format", ""}, []string{"text", "json", "sarif"}},
		{[]string{"__complete", "pr", "--format", ""}, []string{"markdown", "json", "sarif"}},
		{[]string{"__complete", "pr", "--fail-on", ""}, []string{"compromised", "suspicious", "never"}},
	} {
		r := runScanCmd(t, bin, dir, "", tt.args...)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if r.code != 0 || len(lines) != len(tt.want)+1 || lines[len(lines)-1] != ":4" {
			t.Errorf("%v: exit %d\n%s", tt.args, r.code, r.stdout)
			continue
		}
		for i, w := range tt.want {
			if lines[i] != w {
				t.Errorf("%v: line %d is %q, want %q", tt.args, i, lines[i], w)
			}
		}
	}
}

// TestReportOutNeverFollowsALink: CI runs 'sentinel scan . --format sarif
// --out sentinel.sarif' in a pull request's checkout; a project that ships
// sentinel.sarif as a link made Sentinel overwrite the file it points to,
// outside the checkout. A link is refused, for scan and pr alike, and the
// target is untouched.
func TestReportOutNeverFollowsALink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	bin := testBinary(t)
	victim := filepath.Join(t.TempDir(), "victim.txt")
	if err := os.WriteFile(victim, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newGitRepo(t, bin, map[string]string{"CLAUDE.md": scanCleanClaude})
	for _, name := range []string{"sentinel.sarif", "comment.md"} {
		if err := os.Symlink(victim, filepath.Join(r.dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"scan", ".", "--format", "sarif", "--out", "sentinel.sarif"},
		{"pr", "--base", "main", "--out", "comment.md"},
	} {
		res := runScanCmd(t, bin, r.dir, "", args...)
		out := args[len(args)-1]
		if res.code != 1 || res.stderr != "sentinel: cannot write the report to "+out+": it is a symbolic link, which a scanned project could have planted, so Sentinel does not write through it; remove the link or name another file\n" {
			t.Errorf("%v: exit %d, stderr %q", args, res.code, res.stderr)
		}
		if data, _ := os.ReadFile(victim); string(data) != "precious\n" {
			t.Fatalf("%v wrote through the link: the target now holds %d bytes", args, len(data))
		}
	}
	// A folder on the path that is a link out of the checkout is refused too.
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(r.dir, "reports")); err != nil {
		t.Fatal(err)
	}
	res := runScanCmd(t, bin, r.dir, "", "scan", ".", "--format", "sarif", "--out", "reports/sentinel.sarif")
	if res.code != 1 || !strings.Contains(res.stderr, "a folder on its path is a symbolic link that leads out of this folder") {
		t.Errorf("--out through a linked folder: exit %d, stderr %q", res.code, res.stderr)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Fatalf("--out wrote through a linked folder: %d files outside the checkout", len(entries))
	}
	// A regular file is still replaced, in a real folder too.
	if err := os.Mkdir(filepath.Join(r.dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{"report.txt", "out/report.txt", filepath.Join(t.TempDir(), "abs.txt")} {
		if res := runScanCmd(t, bin, r.dir, "", "scan", ".", "--out", out); res.code != 0 {
			t.Errorf("--out %s: exit %d, %s", out, res.code, res.stderr)
		}
	}
}
