package lock

import "testing"

// A pull request that adds or changes an approved MCP tool definition asks
// for an approval, listed with the others in the pull-request comment.
func TestNewApprovalsListsMCPTools(t *testing.T) {
	by := &Approval{By: "ana", At: "2026-11-30T12:00:00Z"}
	digest := func(c byte) string {
		b := make([]byte, 64)
		for i := range b {
			b[i] = c
		}
		return string(b)
	}
	base := &Lock{MCPTools: []MCPTool{{Server: "notes", Tool: "read_note", SHA256: digest('a'), Approved: by}}}
	head := &Lock{MCPTools: []MCPTool{
		{Server: "notes", Tool: "read_note", SHA256: digest('a'), Approved: by},  // unchanged
		{Server: "notes", Tool: "write_note", SHA256: digest('b'), Approved: by}, // new
	}}
	got := head.NewApprovals(base)
	if len(got) != 1 || got[0].Kind != "mcp-tool" || got[0].Name != "notes/write_note" || got[0].SHA256 != digest('b') {
		t.Fatalf("NewApprovals = %+v, want only notes/write_note", got)
	}
	head.MCPTools[0].SHA256 = digest('c') // a changed definition asks again
	if got := head.NewApprovals(base); len(got) != 2 {
		t.Errorf("a changed definition must ask again: %+v", got)
	}
}
