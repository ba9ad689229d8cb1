package cli_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/fixtures"
)

// TestPlainAttacksE2E runs the built binary over the plain attacks of
// issue #21 and their benign twins (fixtures 130–146): each attack gets
// its verdict and exit code (COMPROMISED 2, SUSPICIOUS 3) with its rules
// reported, each twin is CLEAN with exit code 0 and none of the rules
// its attack drew.
func TestPlainAttacksE2E(t *testing.T) {
	bin := testBinary(t)
	var attacks []fixtures.Case
	byName := map[string]fixtures.Case{}
	for _, c := range fixtures.All() {
		byName[c.Name] = c
		if n := c.Name; len(n) > 4 && n[0] == '1' && n[1] >= '3' && n[1] <= '6' && n[2] >= '0' && n[2] <= '9' && n[3] == '_' {
			attacks = append(attacks, c)
		}
	}
	if len(attacks) < 17 {
		t.Fatalf("found %d plain attacks among the fixtures, want 17", len(attacks))
	}
	for _, attack := range attacks {
		t.Run(attack.Name, func(t *testing.T) {
			prefix := attack.Name[:3]
			var twin fixtures.Case
			for name, c := range byName {
				if strings.HasPrefix(name, prefix+"b_") {
					twin = c
				}
			}
			if twin.Name == "" {
				t.Fatalf("no twin %sb_… for %s", prefix, attack.Name)
			}
			r := runScanCmd(t, bin, scanTree(t, attack.Files), "", "scan", ".", "--json")
			wantCode := map[string]int{"COMPROMISED": 2, "SUSPICIOUS": 3}[string(attack.Want)]
			if r.code != wantCode {
				t.Fatalf("attack %s: exit %d, want %d\n%s%s", attack.Name, r.code, wantCode, r.stdout, r.stderr)
			}
			rules := reportedRules(t, r.stdout)
			for _, id := range attack.Rules {
				if !rules[id] {
					t.Errorf("attack %s: rule %s not reported:\n%s", attack.Name, id, r.stdout)
				}
			}
			r = runScanCmd(t, bin, scanTree(t, twin.Files), "", "scan", ".", "--json")
			if r.code != 0 {
				t.Fatalf("twin %s: exit %d, want 0 (CLEAN)\n%s%s", twin.Name, r.code, r.stdout, r.stderr)
			}
			rules = reportedRules(t, r.stdout)
			for _, id := range attack.Rules {
				if rules[id] {
					t.Errorf("twin %s: rule %s reported:\n%s", twin.Name, id, r.stdout)
				}
			}
		})
	}
}

// reportedRules returns the rules of a JSON report's findings and
// observations.
func reportedRules(t *testing.T, stdout string) map[string]bool {
	t.Helper()
	var out struct {
		Files []struct {
			Findings []struct {
				RuleID string `json:"rule_id"`
			} `json:"findings"`
			Observations []struct {
				RuleID string `json:"rule_id"`
			} `json:"observations"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("JSON: %v\n%s", err, stdout)
	}
	seen := map[string]bool{}
	for _, f := range out.Files {
		for _, fd := range f.Findings {
			seen[fd.RuleID] = true
		}
		for _, fd := range f.Observations {
			seen[fd.RuleID] = true
		}
	}
	return seen
}
