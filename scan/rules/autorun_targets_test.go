package rules

import (
	"testing"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
)

// scriptTargets yields the in-repository scripts of every auto-run entry
// but an always-applied Cursor rule's, which S10, S17b and S18 then judge.
func TestScriptTargets(t *testing.T) {
	r := &Repo{AutoRuns: []agentcfg.AutoRun{
		{Type: "command", Source: "a", Targets: []agentcfg.Target{{Path: "x.sh"}, {Path: "../out.sh", Outside: true}}},
		{Type: "rule", Source: "b", Targets: []agentcfg.Target{{Path: "y.sh"}}},
		{Type: "task", Source: "c", Targets: []agentcfg.Target{{Path: "z.sh"}}},
	}}
	var got []string
	for a, tg := range r.scriptTargets() {
		got = append(got, a.Source+":"+tg.Path)
	}
	if want := []string{"a:x.sh", "c:z.sh"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("scriptTargets = %v, want %v", got, want)
	}
	for range r.scriptTargets() {
		break // stopping early must not panic
	}
}
