package mcpgate_test

import (
	"fmt"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// The gate's risk for a tool comes from its MCP annotations, with the
// specification's pessimistic defaults for what a server leaves out.
func ExampleClassifyTool() {
	for _, tool := range []string{
		`{"name":"read_note","annotations":{"readOnlyHint":true}}`,
		`{"name":"write_note","annotations":{"readOnlyHint":false,"destructiveHint":false}}`,
		`{"name":"drop_table"}`,
	} {
		c := mcpgate.ClassifyTool([]byte(tool))
		fmt.Printf("%s (unannotated: %v): %s\n", c.Risk, c.Unannotated, c.Why)
	}
	// Output:
	// read (unannotated: false): annotated readOnlyHint: true
	// write (unannotated: false): annotated as not read-only with destructiveHint: false
	// destructive (unannotated: true): the tool publishes no annotations, so the MCP defaults apply (not read-only, destructive)
}

// A policy names the calls that pause for a person, by tag or by name, and
// refines it per server.
func ExampleParsePolicy() {
	p, err := mcpgate.ParsePolicy([]byte(`{
  "require_approval": ["@destructive"],
  "servers": {"deploy": {"require_approval": ["restart_service"]}}
}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.ApprovalList("deploy"))
	fmt.Println(p.ApprovalList("notes"))

	_, err = mcpgate.ParsePolicy([]byte(`{"require_aproval": ["@write"]}`))
	fmt.Println(err != nil)
	// Output:
	// [@destructive restart_service]
	// [@destructive]
	// true
}
