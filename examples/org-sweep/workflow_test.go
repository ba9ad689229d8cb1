// Package orgsweep holds the example org-wide sweep workflow; its test
// lints the workflow with actionlint and checks the house rules.
package orgsweep

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

func TestWorkflowLints(t *testing.T) {
	var out bytes.Buffer
	l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	errs, err := l.LintFile("sentinel-org-sweep.yml", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Errorf("actionlint: %d:%d: %s [%s]", e.Line, e.Column, e.Message, e.Kind)
	}
}

// TestWorkflowHouseRules: every action pinned by commit, no expression
// interpolated into a run: script (inputs go through env), the shard list
// matches SHARDS, and each repository gets its own SARIF upload and the
// results are merged with 'sentinel report merge'.
func TestWorkflowHouseRules(t *testing.T) {
	data, err := os.ReadFile("sentinel-org-sweep.yml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	pinned := regexp.MustCompile(`uses: [\w./-]+@[0-9a-f]{40} `)
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, "uses:") && !pinned.MatchString(line) {
			t.Errorf("not pinned by commit: %s", strings.TrimSpace(line))
		}
	}
	inRun := false
	for _, line := range strings.Split(s, "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trim, "run: |") || strings.HasPrefix(trim, "- run:"):
			inRun = true
		case strings.HasPrefix(trim, "- ") || strings.HasPrefix(trim, "uses:") || strings.HasPrefix(trim, "with:") || strings.HasPrefix(trim, "env:"):
			inRun = false
		}
		if inRun && strings.Contains(line, "${{") {
			t.Errorf("an expression inside a run: script: %s", trim)
		}
	}
	if !strings.Contains(s, "SHARDS: '8'") || !strings.Contains(s, "shard: [0, 1, 2, 3, 4, 5, 6, 7]") {
		t.Error("SHARDS and the shard list disagree")
	}
	for _, want := range []string{"code-scanning/sarifs", "sentinel report merge results/*.json", "--format sarif", "--json --fail-on never"} {
		if !strings.Contains(s, want) {
			t.Errorf("the workflow lacks %q", want)
		}
	}
}
