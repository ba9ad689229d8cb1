package mcpgate

import (
	"encoding/json"

	"github.com/sentinel-sec/sentinel/internal/mcprisk"
)

// Risk is what a tool call can do, from the tool's MCP annotations.
type Risk = mcprisk.Risk

const (
	RiskRead        = mcprisk.RiskRead
	RiskWrite       = mcprisk.RiskWrite
	RiskDestructive = mcprisk.RiskDestructive
)

// Annotations are the MCP tool annotations the gate reads. Pointers keep
// "absent" apart from "false": the specification's defaults apply to absent
// hints, and the defaults are the pessimistic ones.
type Annotations = mcprisk.Annotations

// Classification is the gate's verdict on a tool definition.
type Classification = mcprisk.Classification

// Classify derives a tool's risk from its annotations with the MCP
// specification's defaults (readOnlyHint false, destructiveHint true): a tool
// is read-only only when it says readOnlyHint true; a non-read-only tool is a
// plain write only when it says destructiveHint false; everything else,
// including a tool with no annotations, is destructive.
func Classify(a *Annotations) Classification { return mcprisk.Classify(a) }

// ClassifyTool classifies a tool definition as the server sent it, keys read
// exactly as a client reads them (see mcprisk.ClassifyTool).
func ClassifyTool(raw json.RawMessage) Classification { return mcprisk.ClassifyTool(raw) }
