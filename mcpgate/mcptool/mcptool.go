// Package mcptool is for authors of MCP servers written with the official Go
// SDK. It makes an unclassified tool impossible to register by accident:
// DefineTool takes the tool's risk as a required argument and derives the MCP
// annotations from it, and AssertRegistry is the test that fails when a tool's
// annotations, as clients receive them, disagree with its risk or when a
// write or destructive tool is missing from the approval list.
//
// A gate that derives approval from annotations (Sentinel's, or any other
// harness's) never triggers for a tool that forgot them; these two layers keep
// that from reaching review.
package mcptool

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sentinel-sec/sentinel/internal/mcprisk"
)

// Risk is what a tool can do. Its zero value is not a risk: use Read, Write
// or Destructive.
type Risk struct{ r mcprisk.Risk }

var (
	// Read tools only read: readOnlyHint true.
	Read = Risk{mcprisk.RiskRead}
	// Write tools change state that can be changed back: readOnlyHint
	// false, destructiveHint false.
	Write = Risk{mcprisk.RiskWrite}
	// Destructive tools change state that cannot simply be changed back:
	// readOnlyHint false, destructiveHint true.
	Destructive = Risk{mcprisk.RiskDestructive}
)

// String is "read", "write" or "destructive".
func (r Risk) String() string { return string(r.r) }

// MetaRisk is the _meta key DefineTool records the declared risk under, so the
// registry test can compare it with what the annotations say on the wire.
const MetaRisk = "dev.sentinel/risk"

// Option adjusts a tool definition.
type Option func(*mcp.Tool)

// Title sets the human-readable title (annotations.title and title).
func Title(s string) Option {
	return func(t *mcp.Tool) { t.Title = s; t.Annotations.Title = s }
}

// Idempotent marks a write or destructive tool whose repeated calls have no
// further effect.
func Idempotent() Option { return func(t *mcp.Tool) { t.Annotations.IdempotentHint = true } }

// ClosedWorld marks a tool that touches only the server's own domain
// (openWorldHint false).
func ClosedWorld() Option {
	return func(t *mcp.Tool) { f := false; t.Annotations.OpenWorldHint = &f }
}

// InputSchema sets the tool's input schema (otherwise AddTool infers it).
func InputSchema(schema any) Option { return func(t *mcp.Tool) { t.InputSchema = schema } }

// DefineTool returns a tool whose annotations are derived from risk. It
// panics when risk is the zero Risk, which is the only way to call it
// without one.
func DefineTool(risk Risk, name, description string, opts ...Option) *mcp.Tool {
	if risk.r == "" {
		panic(fmt.Sprintf("mcptool.DefineTool(%q): a tool needs a risk: mcptool.Read, mcptool.Write or mcptool.Destructive", name))
	}
	t := &mcp.Tool{Name: name, Description: description, Annotations: &mcp.ToolAnnotations{}}
	switch risk {
	case Read:
		t.Annotations.ReadOnlyHint = true
		t.Annotations.IdempotentHint = true
		f := false
		t.Annotations.DestructiveHint = &f
	case Write:
		f := false
		t.Annotations.DestructiveHint = &f
	case Destructive:
		tr := true
		t.Annotations.DestructiveHint = &tr
	}
	for _, o := range opts {
		o(t)
	}
	if t.Meta == nil {
		t.Meta = mcp.Meta{}
	}
	t.Meta[MetaRisk] = risk.String()
	return t
}

// AddTool defines a tool with DefineTool and registers it on s with a typed
// handler, as mcp.AddTool does.
func AddTool[In, Out any](s *mcp.Server, risk Risk, name, description string, h mcp.ToolHandlerFor[In, Out], opts ...Option) {
	mcp.AddTool(s, DefineTool(risk, name, description, opts...), h)
}

// Tools lists the tools of s as a client receives them, over an in-memory
// connection.
func Tools(ctx context.Context, s *mcp.Server) ([]*mcp.Tool, error) {
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcptool-registry-test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	var out []*mcp.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}
