package blast

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// redteamShellFile is the table of issue #14's shell forms that wrote a
// blast centre past the shell analysis, each with the blast centre it must
// now name (want), next to benign twins that must stay unjudged (want "").
// internal/cli/redteam_shell_e2e_test.go runs the same rows through the
// built binary, so the one file is the table both read.
const redteamShellFile = "testdata/shell_redteam.json"

// ShellRedTeamRow is one row of redteamShellFile. EveryTurn marks a write
// the hook denies in every turn (a folder that holds Sentinel's own state)
// rather than asks about once.
type shellRedTeamRow struct {
	Group     string `json:"group"`
	Name      string `json:"name"`
	Cmd       string `json:"cmd"`
	Want      string `json:"want"` // a sensitive target that must be found; "" for none at all
	EveryTurn bool   `json:"every_turn"`
}

func redteamShell(t *testing.T) []shellRedTeamRow {
	t.Helper()
	b, err := os.ReadFile(redteamShellFile)
	if err != nil {
		t.Fatal(err)
	}
	var rows []shellRedTeamRow
	if err := json.Unmarshal(b, &rows); err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v", redteamShellFile, err)
	}
	return rows
}

func TestShellRedTeam(t *testing.T) {
	c := NewClassifier()
	for _, tt := range redteamShell(t) {
		t.Run(tt.Name, func(t *testing.T) {
			paths, err := ShellWriteTargets(tt.Cmd)
			if err != nil {
				t.Fatalf("%q: %v", tt.Cmd, err)
			}
			var got []string
			for _, tg := range c.Targets(paths) {
				got = append(got, tg.Path)
			}
			if tt.Want == "" {
				if len(got) > 0 {
					t.Fatalf("%q judged %q (all targets %q), want nothing", tt.Cmd, got, paths)
				}
				return
			}
			if !slices.Contains(got, tt.Want) {
				t.Fatalf("%q: blast targets %q (all targets %q) lack %q", tt.Cmd, got, paths, tt.Want)
			}
		})
	}
}

// Sentinel's own files named inside an interpreter's code, or hard-linked,
// are targets, so the hook's Sentinel-directory rule sees them.
func TestShellSentinelFilesInCode(t *testing.T) {
	own := "/home/u/.config/sentinel"
	c := NewClassifier(WithSentinelDirs(own))
	for _, cmd := range []string{
		`python3 -c "open('/home/u/.config/sentinel/mcp-policy.json','w')"`,
		`node -e 'fs.rmSync("/home/u/.config/sentinel", {recursive: true})'`,
		"ln /home/u/.config/sentinel/approvals.json notes.json",
		"cp -l /home/u/.config/sentinel/approvals.json a.json",
		"cp --link -r /home/u/.config/sentinel s",
	} {
		paths, err := ShellWriteTargets(cmd)
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		ts := c.Targets(paths)
		if !slices.ContainsFunc(ts, func(tg Target) bool { return slices.Contains(tg.Reasons, ReasonSentinelState) }) {
			t.Errorf("%q: targets %q not Sentinel's own files", cmd, paths)
		}
	}
}

func TestShellWholeTreeSet(t *testing.T) {
	// Every path of the whole-tree set is a blast centre wherever it lands,
	// so an unknown write asks even from a subfolder or another root.
	for _, p := range wholeTree {
		for _, dir := range []string{"", "sub", "/tmp/x"} {
			q := p
			if dir != "" {
				q = dir + "/" + p
			}
			if !Classify(q).Sensitive {
				t.Errorf("%q is not a blast centre", q)
			}
		}
	}
	if !strings.HasPrefix(wholeTree[0], ".github/") {
		t.Errorf("the CI workflow should come first, got %q", wholeTree[0])
	}
}

// Deleting or re-moding a parent of Sentinel's own folders is a write to
// them: `rm -rf ~/.config` removes ~/.config/sentinel.
func TestShellSentinelParents(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"rm -rf ~/.config", "~/.config/sentinel/*"},
		{"rm -rf ~", "~/.config/sentinel/*"},
		{`rm -rf "$HOME"`, "$HOME/.local/state/sentinel/*"},
		{"rm -rf ~/.local/state", "~/.local/state/sentinel/*"},
		{"chmod -R 000 ~/.local", "~/.local/state/sentinel/*"},
		{"rm -rf ${XDG_CONFIG_HOME:-~/.config}", "~/.config/sentinel/*"},
		{"cd ~ && rm -rf .config", "~/.config/sentinel/*"},
	} {
		got, err := ShellWriteTargets(tt.cmd)
		if err != nil || !slices.Contains(got, tt.want) {
			t.Errorf("%q = %q, %v; want %q among them", tt.cmd, got, err, tt.want)
		}
	}
}
