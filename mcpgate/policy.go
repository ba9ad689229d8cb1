package mcpgate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
)

// DefaultRequireApproval is the policy when the user has written none: every
// tool that is not read-only pauses for a person.
var DefaultRequireApproval = []string{"@write", "@destructive"}

// DefaultApprovalTimeout is how long a paused call waits for a person.
const DefaultApprovalTimeout = 5 * time.Minute

// Policy says which tool calls pause for a person. It is read only from the
// user's configuration directory (mcp-policy.json):
//
//	{
//	  "require_approval": ["@write", "@destructive", "rollback_deployment"],
//	  "approval_timeout": "5m",
//	  "servers": {
//	    "filesystem": {"allow": ["create_directory"], "deny": ["move_file"]}
//	  }
//	}
//
// Entries starting with @ are tags (@read, @write, @destructive); anything else
// is a literal tool name, which matches whatever the tool's annotations say.
type Policy struct {
	RequireApproval []string                `json:"require_approval,omitempty"`
	ApprovalTimeout string                  `json:"approval_timeout,omitempty"`
	Servers         map[string]ServerPolicy `json:"servers,omitempty"`

	timeout time.Duration
	source  string
}

// ServerPolicy refines the policy for one server, by the name given to
// `sentinel mcp proxy --name`.
type ServerPolicy struct {
	// Allow lists tools that run without a pause on this server, unless a
	// literal name in a require_approval list or Deny says otherwise.
	Allow []string `json:"allow,omitempty"`
	// RequireApproval adds tags or names for this server only.
	RequireApproval []string `json:"require_approval,omitempty"`
	// Deny lists tools that never run through the gate.
	Deny []string `json:"deny,omitempty"`
}

// ApprovalList is the approval list the gate applies to server: the global
// and the server's require_approval entries.
func (p *Policy) ApprovalList(server string) []string {
	out := slices.Clone(p.RequireApproval)
	return append(out, p.Servers[server].RequireApproval...)
}

// DefaultPolicy is the policy used when the user has no policy file.
func DefaultPolicy() *Policy {
	return &Policy{RequireApproval: slices.Clone(DefaultRequireApproval), timeout: DefaultApprovalTimeout, source: "built-in default"}
}

// LoadPolicy reads the policy file at path. A missing file gives the
// default; a file that cannot be read or parsed is an error, so a typo never
// silently loosens the gate.
func LoadPolicy(path string) (*Policy, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultPolicy(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the MCP policy %s: %w; fix its permissions or remove it", path, err)
	}
	p, err := ParsePolicy(b)
	if err != nil {
		return nil, fmt.Errorf("invalid MCP policy %s: %w; fix it (the gate will not start with a policy it cannot read)", path, err)
	}
	p.source = path
	return p, nil
}

// ParsePolicy parses a policy document; unknown fields are errors.
func ParsePolicy(b []byte) (*Policy, error) {
	// A key given twice would let the last one win in silence: a pasted
	// "require_approval": [] below the real list would loosen the gate.
	if err := checkDuplicateKeys(b); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	p := &Policy{}
	if err := dec.Decode(p); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("there is more after the policy's JSON object; keep one object")
	}
	if p.RequireApproval == nil {
		p.RequireApproval = slices.Clone(DefaultRequireApproval)
	}
	p.timeout = DefaultApprovalTimeout
	if p.ApprovalTimeout != "" {
		d, err := time.ParseDuration(p.ApprovalTimeout)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("approval_timeout %q is not a positive duration such as \"5m\"", p.ApprovalTimeout)
		}
		p.timeout = d
	}
	check := func(where string, list []string) error {
		for _, e := range list {
			if strings.HasPrefix(e, "@") && !slices.Contains([]string{"@read", "@write", "@destructive"}, e) {
				return fmt.Errorf("%s: unknown tag %q (use @read, @write or @destructive)", where, e)
			}
			if strings.TrimSpace(e) == "" {
				return fmt.Errorf("%s: empty entry", where)
			}
		}
		return nil
	}
	if err := check("require_approval", p.RequireApproval); err != nil {
		return nil, err
	}
	for name, s := range p.Servers {
		for _, l := range [][]string{s.Allow, s.RequireApproval, s.Deny} {
			if err := check("servers."+name, l); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// Timeout is how long a call waits for a person before it is denied.
func (p *Policy) Timeout() time.Duration {
	if p.timeout <= 0 {
		return DefaultApprovalTimeout
	}
	return p.timeout
}

// SetTimeout overrides the approval timeout (from a command-line flag).
func (p *Policy) SetTimeout(d time.Duration) {
	if d > 0 {
		p.timeout = d
	}
}

// Source names where the policy came from.
func (p *Policy) Source() string { return p.source }

// Verdict is the gate's decision on a call before any person is asked.
type Verdict int

const (
	VerdictAllow Verdict = iota + 1
	VerdictAsk
	VerdictDeny
)

func (v Verdict) String() string {
	switch v {
	case VerdictAllow:
		return "allow"
	case VerdictAsk:
		return "ask"
	case VerdictDeny:
		return "deny"
	}
	return "invalid"
}

// Decide applies the policy to one call of tool on server, classified as c.
// Order: a server's deny list, then literal names in a require_approval list
// (a literal name matches unconditionally), then the server's allow list,
// then tags.
func (p *Policy) Decide(server, tool string, c Classification) (Verdict, string) {
	sp := p.Servers[server]
	if slices.Contains(sp.Deny, tool) {
		return VerdictDeny, fmt.Sprintf("the user's policy denies %s on server %s", tool, server)
	}
	require := append(slices.Clone(p.RequireApproval), sp.RequireApproval...)
	if slices.Contains(require, tool) {
		return VerdictAsk, fmt.Sprintf("the user's policy names %s in require_approval", tool)
	}
	if slices.Contains(sp.Allow, tool) {
		return VerdictAllow, fmt.Sprintf("on server %s's allow list in the user's policy", server)
	}
	tag := "@" + string(c.Risk)
	if slices.Contains(require, tag) {
		why := fmt.Sprintf("a %s tool (%s) and the policy requires approval for %s", c.Risk, c.Why, tag)
		return VerdictAsk, why
	}
	return VerdictAllow, fmt.Sprintf("a %s tool (%s), not in require_approval", c.Risk, c.Why)
}
