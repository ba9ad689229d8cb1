package mcptool_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sentinel-sec/sentinel/mcpgate"
	"github.com/sentinel-sec/sentinel/mcpgate/mcptool"
)

type in struct {
	ID string `json:"id"`
}

func handler(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

func deployServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "deploy", Version: "1"}, nil)
	mcptool.AddTool(s, mcptool.Read, "get_deployment", "Show a deployment.", handler)
	mcptool.AddTool(s, mcptool.Write, "restart_service", "Restart a service.", handler, mcptool.Idempotent())
	mcptool.AddTool(s, mcptool.Destructive, "rollback_deployment", "Roll back a deployment.", handler)
	return s
}

func TestDefineToolDerivesAnnotationsTheGateReads(t *testing.T) {
	for _, tc := range []struct {
		risk mcptool.Risk
		want mcpgate.Risk
	}{{mcptool.Read, mcpgate.RiskRead}, {mcptool.Write, mcpgate.RiskWrite}, {mcptool.Destructive, mcpgate.RiskDestructive}} {
		raw, _ := json.Marshal(mcptool.DefineTool(tc.risk, "t", "d"))
		if c := mcpgate.ClassifyTool(raw); c.Risk != tc.want || c.Unannotated {
			t.Errorf("%s: the gate classifies %s as %+v", tc.risk, raw, c)
		}
	}
}

func TestDefineToolWithoutRiskPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "needs a risk") {
			t.Fatalf("recover = %v", r)
		}
	}()
	mcptool.DefineTool(mcptool.Risk{}, "rollback_deployment", "no risk")
}

func TestAssertRegistryPasses(t *testing.T) {
	mcptool.AssertRegistry(t, deployServer(), []string{"@write", "@destructive", "rollback_deployment"}, true)
}

func TestCheckToolsFindsEachProblem(t *testing.T) {
	s := deployServer()
	// The bring-your-own-MCP template: no annotations at all.
	mcp.AddTool(s, &mcp.Tool{Name: "drop_database", Description: "Drop it."}, handler)
	// Declared read but annotated destructive.
	lying := mcptool.DefineTool(mcptool.Read, "purge_cache", "Purge.")
	lying.Annotations.ReadOnlyHint = false
	d := true
	lying.Annotations.DestructiveHint = &d
	mcp.AddTool(s, lying, handler)
	tools, err := mcptool.Tools(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	problems := mcptool.CheckTools(tools, []string{"@write"}, true)
	joined := strings.Join(problems, "\n")
	for _, want := range []string{
		"drop_database has no readOnlyHint or destructiveHint",
		"purge_cache is declared read but its annotations say destructive",
		"rollback_deployment is destructive and not named literally",
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("problems lack %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "restart_service") || strings.Contains(joined, "get_deployment") {
		t.Errorf("false problems:\n%s", joined)
	}
}

func TestApprovalListFromPolicy(t *testing.T) {
	p, err := mcpgate.ParsePolicy([]byte(`{"require_approval":["@destructive"],"servers":{"deploy":{"require_approval":["restart_service","rollback_deployment"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tools, _ := mcptool.Tools(context.Background(), deployServer())
	if probs := mcptool.CheckTools(tools, mcptool.ApprovalList(p, "deploy"), true); len(probs) != 0 {
		t.Fatalf("problems: %v", probs)
	}
}
