// Package mcprisk derives a tool's risk from its MCP annotations with the
// specification's pessimistic defaults. It is the one classification shared
// by the MCP gate (mcpgate, which re-exports it) and mcptool, the helper for
// people writing MCP servers, which must not pull in the gate or the scanner:
// it imports only the standard library.
package mcprisk

import "encoding/json"

// Risk is what a tool call can do, from the tool's MCP annotations.
type Risk string

const (
	RiskRead        Risk = "read"
	RiskWrite       Risk = "write"
	RiskDestructive Risk = "destructive"
)

// Annotations are the MCP tool annotations the gate reads. Pointers keep
// "absent" apart from "false": the specification's defaults apply to absent
// hints, and the defaults are the pessimistic ones.
type Annotations struct {
	ReadOnlyHint    *bool `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
}

// Classification is the gate's verdict on a tool definition.
type Classification struct {
	Risk Risk
	// Unannotated is true when the tool published no annotations at all, so
	// its risk came entirely from the specification's defaults.
	Unannotated bool
	// Why says in words how Risk was reached.
	Why string
}

// Classify derives a tool's risk from its annotations with the MCP
// specification's defaults (readOnlyHint false, destructiveHint true): a tool
// is read-only only when it says readOnlyHint true; a non-read-only tool is a
// plain write only when it says destructiveHint false; everything else,
// including a tool with no annotations, is destructive.
func Classify(a *Annotations) Classification {
	if a == nil {
		return Classification{Risk: RiskDestructive, Unannotated: true,
			Why: "the tool publishes no annotations, so the MCP defaults apply (not read-only, destructive)"}
	}
	if a.ReadOnlyHint == nil && a.DestructiveHint == nil {
		return Classification{Risk: RiskDestructive, Unannotated: true,
			Why: "the tool sets neither readOnlyHint nor destructiveHint, so the MCP defaults apply (not read-only, destructive)"}
	}
	if a.ReadOnlyHint != nil && *a.ReadOnlyHint {
		return Classification{Risk: RiskRead, Why: "annotated readOnlyHint: true"}
	}
	if a.DestructiveHint != nil && !*a.DestructiveHint {
		return Classification{Risk: RiskWrite, Why: "annotated as not read-only with destructiveHint: false"}
	}
	if a.DestructiveHint == nil {
		return Classification{Risk: RiskDestructive, Why: "not read-only and destructiveHint absent (MCP default: destructive)"}
	}
	return Classification{Risk: RiskDestructive, Why: "annotated destructiveHint: true"}
}

// ClassifyTool classifies a tool definition as the server sent it. Keys are
// read exactly as a client reads them: encoding/json would also take
// "READONLYHINT" or "Annotations" for the hint, making a tool read-only to
// the gate that every client sees as unannotated (and so destructive).
func ClassifyTool(raw json.RawMessage) Classification {
	var t map[string]json.RawMessage
	if err := json.Unmarshal(raw, &t); err != nil {
		return Classify(nil)
	}
	ann := t["annotations"]
	if len(ann) == 0 || string(ann) == "null" {
		return Classify(nil)
	}
	invalid := func() Classification {
		c := Classify(nil)
		c.Why = "the tool's annotations are not valid, so the MCP defaults apply (destructive)"
		return c
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(ann, &m); err != nil || m == nil {
		return invalid()
	}
	var a Annotations
	for _, h := range []struct {
		key string
		dst **bool
	}{{"readOnlyHint", &a.ReadOnlyHint}, {"destructiveHint", &a.DestructiveHint}, {"idempotentHint", &a.IdempotentHint}, {"openWorldHint", &a.OpenWorldHint}} {
		v, ok := m[h.key]
		if !ok || string(v) == "null" {
			continue
		}
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			return invalid()
		}
		*h.dst = &b
	}
	return Classify(&a)
}
