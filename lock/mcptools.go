package lock

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"
)

// MCPTool is one tool definition of an MCP server that a person approved
// for the gateway (sentinel mcp proxy). SHA256 is the hash the gateway pins
// the tool with: of the canonical JSON (RFC 8785 ordering) of the tool's
// name, title, description, input and output schema and annotations, exactly
// as the server sent them. The gateway shows it as "sha256:<hex>".
type MCPTool struct {
	// Server is the name the gateway knows the server by
	// (sentinel mcp proxy --name).
	Server   string    `json:"server"`
	Tool     string    `json:"tool"`
	SHA256   string    `json:"sha256"`
	Approved *Approval `json:"approved"`
}

func (m MCPTool) key() string { return m.Server + "\x00" + m.Tool }

// Label is "server/tool".
func (m MCPTool) Label() string { return m.Server + "/" + m.Tool }

func sortMCPTools(ms []MCPTool) {
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].key() < ms[j].key() })
}

// MCPToolChange is one approval ApproveMCPTools wrote.
type MCPToolChange struct {
	Tool   string
	SHA256 string
	// Was is the digest the lock approved before, "" for a new tool.
	Was string
}

// ApproveMCPTools records that a person approved the given definitions
// (tool name → sha256 hex) of server's tools. A tool already approved with
// the same digest keeps its approval; one approved with another digest is
// replaced. Approvals of other tools are kept. It returns what changed.
func (l *Lock) ApproveMCPTools(server string, tools map[string]string, note, by string, now time.Time) []MCPToolChange {
	idx := map[string]int{}
	for i, m := range l.MCPTools {
		if m.Server == server {
			idx[m.Tool] = i
		}
	}
	var done []MCPToolChange
	for _, name := range slices.Sorted(maps.Keys(tools)) {
		sum := tools[name]
		approval := &Approval{By: by, At: now.UTC().Format(time.RFC3339), Note: note}
		if i, ok := idx[name]; ok {
			if l.MCPTools[i].SHA256 == sum {
				continue
			}
			done = append(done, MCPToolChange{Tool: name, SHA256: sum, Was: l.MCPTools[i].SHA256})
			l.MCPTools[i].SHA256, l.MCPTools[i].Approved = sum, approval
			continue
		}
		done = append(done, MCPToolChange{Tool: name, SHA256: sum})
		l.MCPTools = append(l.MCPTools, MCPTool{Server: server, Tool: name, SHA256: sum, Approved: approval})
	}
	sortMCPTools(l.MCPTools)
	l.Format = l.format()
	return done
}

// MCPToolApprovals returns the approved digests (tool name → sha256 hex) of
// server's tools; nil for a nil lock.
func (l *Lock) MCPToolApprovals(server string) map[string]string {
	if l == nil {
		return nil
	}
	var out map[string]string
	for _, m := range l.MCPTools {
		if m.Server == server && m.Approved != nil {
			if out == nil {
				out = map[string]string{}
			}
			out[m.Tool] = m.SHA256
		}
	}
	return out
}

// TrustedMCPTools returns the MCP tool approvals of the lock in fsys for
// server, under the same rule as TrustedApprover: they count only when the
// lock is validly signed by the key this machine already trusts for the
// repository. Otherwise it returns nil, and a notice saying why when the
// lock holds approvals for server that are being ignored (or cannot be read
// at all). Nothing else is read: approvals given on this machine live in the
// gateway's own pins.
func TrustedMCPTools(fsys fs.FS, t Trust, server string) (approved map[string]string, notice string) {
	l, _, why, err := trustedLock(fsys, t)
	if err != nil {
		return nil, FileName + " ignored, so only the tool pins on this machine count: " + err.Error()
	}
	approved = l.MCPToolApprovals(server)
	if len(approved) == 0 {
		return nil, ""
	}
	if why == whyUnsigned {
		why += "; approve changed tools on this machine with 'sentinel mcp allow', or wait for CI to sign the lock"
	}
	if why != "" {
		return nil, fmt.Sprintf("the %d approved tool definitions of server %s in %s do not count here: %s",
			len(approved), server, FileName, why)
	}
	return approved, ""
}

// whyUnsigned is trustedLock's reason for a lock without a signature.
const whyUnsigned = "the lock is unsigned and they were not given on this machine"

// trustedLock reads the lock of fsys and judges its signature for t. It
// returns the parsed lock (nil when there is none), the fingerprint of the
// key that signed it when it is trusted, and otherwise why the lock's
// approvals must not count. err is a lock that cannot be read.
func trustedLock(fsys fs.FS, t Trust) (l *Lock, fp, why string, err error) {
	l, lockBytes, err := Load(fsys)
	if err != nil || l == nil {
		return nil, "", "", err
	}
	sig, err := ReadFile(fsys, SigFileName)
	if err != nil {
		return l, "", err.Error(), nil // not "unsigned": say what is wrong with it
	}
	if sig == nil {
		return l, "", whyUnsigned, nil
	}
	pub, err := LoadPublicKey(fsys)
	if err != nil {
		return l, "", "the lock is signed but " + PublicKeyPath + " cannot be read: " + err.Error(), nil
	}
	if pub == nil {
		return l, "", "the lock is signed but " + PublicKeyPath + " cannot be read: it is missing; restore it from git", nil
	}
	if err := CheckSignature(lockBytes, sig, pub); err != nil {
		return l, "", "SIGNATURE INVALID: " + strings.TrimPrefix(err.Error(), ErrBadSignature.Error()+": ") + "; run 'sentinel verify'", nil
	}
	fp = Fingerprint(pub)
	if t.Pins == nil && t.Err != nil {
		return l, "", t.Err.Error(), nil
	}
	if t.Pins == nil {
		return l, "", "there is no record of trusted keys on this machine", nil
	}
	switch st, _ := t.Pins.Check(t.RepoID, fp); st {
	case KeyPinned:
		return l, fp, "", nil
	case KeyChanged:
		return l, "", "the lock is signed by " + fp + ", not by the key this machine trusts (KEY_CHANGED); run 'sentinel verify'", nil
	default:
		return l, "", "the lock is signed by " + fp + ", a key this machine has not trusted yet; compare it with the one your team publishes, then run 'sentinel verify' to trust it", nil
	}
}
