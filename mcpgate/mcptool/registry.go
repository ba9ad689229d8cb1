package mcptool

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sentinel-sec/sentinel/internal/mcprisk"
)

// CheckTools checks tool definitions as a client receives them against the
// rules of the registry test and returns one sentence per problem:
//
//   - every tool is annotated (a tool without annotations is destructive by
//     the MCP defaults, and a gate that reads annotations may never pause it);
//   - its annotations, classified by the same function Sentinel's gate uses,
//     give the risk declared with DefineTool;
//   - every write or destructive tool is in approvalList, by literal name or
//     by its tag (@write, @destructive). Pass requireLiteral to demand
//     literal names for destructive tools, which match even if annotations
//     are lost in transit.
func CheckTools(tools []*mcp.Tool, approvalList []string, requireLiteral bool) []string {
	var problems []string
	for _, t := range tools {
		raw, err := json.Marshal(t)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: cannot encode: %v", t.Name, err))
			continue
		}
		c := mcprisk.ClassifyTool(raw)
		if c.Unannotated {
			problems = append(problems, fmt.Sprintf("%s has no readOnlyHint or destructiveHint: define it with mcptool.DefineTool and a risk", t.Name))
			continue
		}
		declared, _ := t.Meta[MetaRisk].(string)
		switch {
		case declared == "":
			problems = append(problems, fmt.Sprintf("%s was not defined with mcptool.DefineTool, so nothing declares its risk (its annotations say %s)", t.Name, c.Risk))
		case declared != string(c.Risk):
			problems = append(problems, fmt.Sprintf("%s is declared %s but its annotations say %s (%s)", t.Name, declared, c.Risk, c.Why))
		}
		if c.Risk == mcprisk.RiskRead {
			continue
		}
		literal := slices.Contains(approvalList, t.Name)
		tagged := slices.Contains(approvalList, "@"+string(c.Risk))
		switch {
		case requireLiteral && c.Risk == mcprisk.RiskDestructive && !literal:
			problems = append(problems, fmt.Sprintf("%s is destructive and not named literally in the approval list", t.Name))
		case !literal && !tagged:
			problems = append(problems, fmt.Sprintf("%s is a %s tool and neither its name nor @%s is in the approval list", t.Name, c.Risk, c.Risk))
		}
	}
	return problems
}

// Policy is what ApprovalList reads from a gate policy; *mcpgate.Policy is
// one. An interface, so that this package does not import the gate (and
// with it the scanner) into an MCP server's binary.
type Policy interface {
	ApprovalList(server string) []string
}

// ApprovalList is the approval list Sentinel's gate applies to server under
// policy: the global and the server's require_approval entries.
func ApprovalList(p Policy, server string) []string {
	return p.ApprovalList(server)
}

// AssertRegistry is the registry test: it lists the tools of s as a client
// sees them and fails t for every problem CheckTools finds.
//
//	func TestRegistry(t *testing.T) {
//		mcptool.AssertRegistry(t, newServer(), []string{"@write", "@destructive", "rollback_deployment"}, true)
//	}
func AssertRegistry(t testing.TB, s *mcp.Server, approvalList []string, requireLiteral bool) {
	t.Helper()
	tools, err := Tools(context.Background(), s)
	if err != nil {
		t.Fatalf("cannot list the server's tools: %v", err)
	}
	if len(tools) == 0 {
		t.Fatalf("the server has no tools")
	}
	for _, p := range CheckTools(tools, approvalList, requireLiteral) {
		t.Error(p)
	}
}
