// Package action_test lints the composite GitHub Action and the example
// workflows with actionlint (as a Go library), and checks the house rules
// actionlint does not: every action is pinned by full commit SHA, and no
// run: script interpolates an expression (inputs go through env).
package action_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
	"go.yaml.in/yaml/v3"
)

var pinned = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[A-Za-z0-9_./-]+)?@[0-9a-f]{40}$`)

func examples(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("examples", "*.yml"))
	if err != nil || len(files) < 3 {
		t.Fatalf("want the three example workflows, found %v (%v)", files, err)
	}
	return files
}

func lint(t *testing.T, project *actionlint.Project, files ...string) {
	t.Helper()
	var out bytes.Buffer
	l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{Shellcheck: "", Pyflakes: ""})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		errs, err := l.LintFile(f, project)
		if err != nil {
			t.Fatalf("actionlint %s: %v", f, err)
		}
		for _, e := range errs {
			t.Errorf("actionlint: %s:%d:%d: %s [%s]", f, e.Line, e.Column, e.Message, e.Kind)
		}
	}
}

func TestExampleWorkflowsLint(t *testing.T) {
	lint(t, nil, examples(t)...)
}

// TestActionMetadataLints lets actionlint read action.yml the way it reads a
// local action: a workflow in a scratch repository uses it with every input,
// so the metadata is parsed and each input checked against it.
func TestActionMetadataLints(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{".git", ".github/workflows", "action"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	meta, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "action", "action.yml"), meta, 0o644)
	wf := `name: use
on: pull_request
permissions: {contents: read, pull-requests: write, security-events: write}
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with: {fetch-depth: 0}
      - id: s
        uses: ./action
        with:
          command: pr
          fail-on: suspicious
          base: main
          comment: 'true'
          sarif: 'true'
          path: .
          trusted-key: SHA256:abc
          signing-key: ${{ secrets.SENTINEL_SIGNING_KEY }}
          github-token: ${{ github.token }}
      - run: echo "$V $C $S $B"
        env:
          V: ${{ steps.s.outputs.verdict }}
          C: ${{ steps.s.outputs.comment-file }}
          S: ${{ steps.s.outputs.sarif-file }}
          B: ${{ steps.s.outputs.sentinel }}
`
	path := filepath.Join(root, ".github", "workflows", "use.yml")
	os.WriteFile(path, []byte(wf), 0o644)
	p, err := actionlint.NewProject(root)
	if err != nil {
		t.Fatal(err)
	}
	lint(t, p, path)

	// The check must fail on a wrong input name, or it proves nothing.
	bad := strings.Replace(wf, "fail-on: suspicious", "fail_on: suspicious", 1)
	os.WriteFile(path, []byte(bad), 0o644)
	var out bytes.Buffer
	l, _ := actionlint.NewLinter(&out, &actionlint.LinterOptions{})
	errs, err := l.LintFile(path, p)
	if err != nil || len(errs) == 0 {
		t.Fatalf("actionlint did not check inputs against action.yml: %v %v", errs, err)
	}
}

type step struct {
	ID   string            `yaml:"id"`
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	Env  map[string]string `yaml:"env"`
}

func stepsOf(t *testing.T, file string) []step {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs struct {
			Steps []step `yaml:"steps"`
		} `yaml:"runs"`
		Jobs map[string]struct {
			Steps []step `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	out := doc.Runs.Steps
	for _, j := range doc.Jobs {
		out = append(out, j.Steps...)
	}
	if len(out) == 0 {
		t.Fatalf("%s has no steps", file)
	}
	return out
}

func TestActionsPinnedByCommitAndNoScriptInjection(t *testing.T) {
	for _, f := range append([]string{"action.yml"}, examples(t)...) {
		for _, s := range stepsOf(t, f) {
			if s.Uses != "" && !strings.HasPrefix(s.Uses, "./") && !pinned.MatchString(s.Uses) {
				t.Errorf("%s: %q is not pinned by a full commit SHA", f, s.Uses)
			}
			if strings.Contains(s.Run, "${{") {
				t.Errorf("%s: a run: script interpolates an expression (pass it through env instead):\n%s", f, s.Run)
			}
		}
	}
}

func TestPreCommitHooks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID          string `yaml:"id"`
		Entry       string `yaml:"entry"`
		Language    string `yaml:"language"`
		Description string `yaml:"description"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, h := range hooks {
		if h.Language != "golang" || !strings.HasPrefix(h.Entry, "sentinel ") {
			t.Errorf("hook %s: language %q entry %q", h.ID, h.Language, h.Entry)
		}
		ids[h.ID] = h.Entry
		// What fails the commit must be what the description says:
		// 'sentinel scan' exits 3 on SUSPICIOUS too, and 'sentinel verify'
		// exits 2 on an UNSIGNED lock.
		want := map[string]string{"sentinel-scan": "SUSPICIOUS", "sentinel-verify": "UNSIGNED"}[h.ID]
		if want != "" && !strings.Contains(h.Description, want) {
			t.Errorf("hook %s: the description does not say it also fails on %s: %q", h.ID, want, h.Description)
		}
	}
	if ids["sentinel-scan"] == "" || ids["sentinel-verify"] == "" {
		t.Fatalf("hooks = %v", ids)
	}
}

// TestForkPullRequestsDoNotFailOnWrites: a pull request from a fork gets a
// read-only token, so every step that writes to GitHub must neither fail
// the job nor run: the comment is continue-on-error (the job summary has
// it) and the SARIF upload is skipped for forks. Otherwise the example that
// promises "works for pull requests from forks" fails every fork's check.
func TestForkPullRequestsDoNotFailOnWrites(t *testing.T) {
	data, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Runs struct {
			Steps []struct {
				Name            string `yaml:"name"`
				If              string `yaml:"if"`
				ContinueOnError bool   `yaml:"continue-on-error"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, s := range meta.Runs.Steps {
		switch s.Name {
		case "Comment on the pull request":
			seen[s.Name] = true
			if !s.ContinueOnError {
				t.Errorf("%s: not continue-on-error, so a fork's read-only token fails the job", s.Name)
			}
		case "Upload SARIF":
			seen[s.Name] = true
			if !strings.Contains(s.If, "!github.event.pull_request.head.repo.fork") {
				t.Errorf("%s: runs for forks (if: %s), where the upload fails with 403", s.Name, s.If)
			}
		}
	}
	if len(seen) != 2 {
		t.Fatalf("steps found: %v", seen)
	}
}

// TestSignExamplePassesTheKeyAsInput: the example hands the signing key to
// the action as the signing-key input, never as env of the step that uses
// the action (which every step inside it, Go's setup and build too, would
// inherit).
func TestSignExamplePassesTheKeyAsInput(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("examples", "sentinel-sign.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Jobs map[string]struct {
			Steps []struct {
				Uses string            `yaml:"uses"`
				With map[string]string `yaml:"with"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, j := range doc.Jobs {
		for _, s := range j.Steps {
			if !strings.Contains(s.Uses, "sentinel-sec/sentinel/action@") {
				continue
			}
			found = true
			if _, ok := s.Env["SENTINEL_SIGNING_KEY"]; ok {
				t.Error("the key is passed as env to the action step, so every step inside the action inherits it")
			}
			if !strings.Contains(s.With["signing-key"], "secrets.SENTINEL_SIGNING_KEY") {
				t.Errorf("signing-key input = %q", s.With["signing-key"])
			}
		}
	}
	if !found {
		t.Fatal("no step uses the action in sentinel-sign.yml")
	}
}
