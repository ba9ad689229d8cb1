package mcptool_test

import (
	"os/exec"
	"strings"
	"testing"
)

// mcptool is linked into other people's MCP servers: it must not pull in
// Sentinel's gate, scanner, report writers or guard. Its only packages of
// this module are itself and the annotation classifier.
func TestDependencySet(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command(gobin, "list", "-deps", "github.com/sentinel-sec/sentinel/mcpgate/mcptool").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	allowed := map[string]bool{
		"github.com/sentinel-sec/sentinel/mcpgate/mcptool":  true,
		"github.com/sentinel-sec/sentinel/internal/mcprisk": true,
	}
	seen := 0
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/sentinel-sec/sentinel/") {
			seen++
			if !allowed[p] {
				t.Errorf("mcptool depends on %s; keep it to the MCP SDK, the standard library and internal/mcprisk", p)
			}
		}
		if p == "github.com/sentinel-sec/sentinel/mcpgate" {
			t.Errorf("mcptool imports the whole gate")
		}
	}
	if seen != len(allowed) {
		t.Errorf("go list found %d of this module's packages, want %d: %s", seen, len(allowed), out)
	}
}
