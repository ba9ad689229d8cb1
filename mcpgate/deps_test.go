package mcpgate

import (
	"os/exec"
	"strings"
	"testing"
)

// The gateway escapes text with internal/termsafe and masks secrets with
// redact; it must not link the scanner's report writers for that.
func TestGateDoesNotImportReportWriters(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command(gobin, "list", "-deps", "github.com/sentinel-sec/sentinel/mcpgate").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	for _, p := range deps {
		if p == "github.com/sentinel-sec/sentinel/scan/report" {
			t.Errorf("mcpgate depends on the report writers (scan/report)")
		}
	}
	if len(deps) < 10 {
		t.Fatalf("go list printed too little to judge: %s", out)
	}
}
