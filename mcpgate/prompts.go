package mcpgate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
)

// PromptPrefix marks a prompt in the approval queue, whose entries name
// tools: a changed prompt is queued as a tool named "prompt:<name>".
const PromptPrefix = "prompt:"

// promptGate pins prompt definitions as the gate pins tools: trusted on
// first sight when clean, withheld when they change until a person approves
// the new version (through the same queue).
type promptGate struct {
	once sync.Once
	pins *PinStore

	mu sync.Mutex
	// withheld: prompt name → why, for the client (without the changed
	// text), with the approval ID.
	withheld map[string]string
}

func (g *Gate) promptPins() *PinStore {
	g.prompts.once.Do(func() {
		g.prompts.pins = OpenPinStore(filepath.Join(g.opts.Dirs.PinDir(), "prompts"))
		g.prompts.withheld = map[string]string{}
	})
	return g.prompts.pins
}

// PromptDigest returns the canonical JSON of a prompt definition without its
// _meta and icons (which carry no instruction), and its SHA-256.
func PromptDigest(raw json.RawMessage) ([]byte, string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return nil, "", errors.New("prompt definition is not a JSON object")
	}
	delete(obj, "_meta")
	delete(obj, "icons")
	canon, err := Canonical(marshalRaw(obj))
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(canon)
	return canon, "sha256:" + hex.EncodeToString(sum[:]), nil
}

// JudgePrompts takes the prompts of one prompts/list result and returns the
// ones the client may see, as JudgeTools does for tools: a prompt whose
// definition changed since it was pinned, or whose text carries
// instructions aimed at the model on first sight, is withheld and queued
// for a person; a name listed twice is withheld.
func (g *Gate) JudgePrompts(prompts []json.RawMessage) (kept []json.RawMessage, withheld []string) {
	store := g.promptPins()
	pf, err := store.Load(g.opts.Server)
	if err != nil {
		g.logf("%s", err)
		return nil, []string{"all prompts: " + err.Error()}
	}
	names := make([]string, len(prompts))
	count := map[string]int{}
	for i, raw := range prompts {
		var head struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &head) == nil {
			names[i] = head.Name
			count[head.Name]++
		}
	}
	var toPin []*Pin
	state := map[string]string{}
	for i, raw := range prompts {
		name := names[i]
		if name == "" {
			withheld = append(withheld, "a prompt without a name")
			continue
		}
		if count[name] > 1 {
			why := fmt.Sprintf("the server lists %d prompts named %s", count[name], name)
			state[name] = why
			withheld = append(withheld, why)
			continue
		}
		canon, dig, err := PromptDigest(raw)
		if err != nil {
			state[name] = err.Error()
			withheld = append(withheld, name+": "+err.Error())
			continue
		}
		qname := PromptPrefix + name
		var why, short string
		pin := pf.Tools[name]
		approved := &Pin{Name: name, Digest: dig, Definition: canon, By: "user:queue"}
		switch {
		case pin != nil && pin.Digest == dig:
			// Unchanged since it was pinned or approved.
		case pin != nil:
			changes := DescribeChanges(pin.Definition, canon)
			if findings := g.scan.ScanDescription(toolText(canon)); len(findings) > 0 {
				changes = append(changes, findings...)
			}
			why, short, _ = g.withhold(qname, Classification{}, pin.Digest, dig, canon, changes, "its definition changed since it was approved")
			if why == "" {
				toPin = append(toPin, approved) // a person approved this version
			}
		default:
			if findings := g.scan.ScanDescription(toolText(canon)); len(findings) > 0 {
				why, short, _ = g.withhold(qname, Classification{}, "", dig, canon, findings, "its description carries text aimed at the model")
				if why == "" {
					toPin = append(toPin, approved)
				}
			} else {
				toPin = append(toPin, &Pin{Name: name, Digest: dig, Definition: canon, By: "first-use"})
			}
		}
		if why != "" {
			state[name] = short
			withheld = append(withheld, fmt.Sprintf("prompt %s: %s", name, why))
			continue
		}
		kept = append(kept, raw)
	}
	g.prompts.mu.Lock()
	g.prompts.withheld = state
	g.prompts.mu.Unlock()
	if len(toPin) > 0 {
		err := store.Update(g.opts.Server, func(pf *PinFile) error {
			for _, p := range toPin {
				if old := pf.Tools[p.Name]; old != nil && old.Digest == p.Digest {
					continue
				}
				pf.Tools[p.Name] = g.newPin(p.Name, p.Digest, p.Definition, Classification{}, p.By)
			}
			return nil
		})
		if err != nil {
			g.logf("cannot save prompt pins: %s", err)
		}
		for _, p := range toPin {
			dec := "pinned"
			if p.By != "first-use" {
				dec = "approved"
			}
			g.auditErr(AuditRecord{Event: "prompt", Tool: p.Name, Decision: dec, By: p.By, ToolDigest: p.Digest})
		}
	}
	return kept, withheld
}

// PromptWithheld says why prompt is withheld in this session ("" when it
// is not, or was not listed).
func (g *Gate) PromptWithheld(name string) string {
	g.promptPins()
	g.prompts.mu.Lock()
	defer g.prompts.mu.Unlock()
	return g.prompts.withheld[name]
}

// judgePromptList removes withheld prompts from a prompts/list answer. A
// result the gate cannot read as a list of prompts is an error.
func (p *Proxy) judgePromptList(m *Message) ([]byte, error) {
	if m.Result == nil {
		return m.Raw, nil
	}
	if err := checkDuplicateKeys(m.Raw); err != nil {
		return nil, err
	}
	var res map[string]json.RawMessage
	if err := json.Unmarshal(m.Result, &res); err != nil || res == nil {
		return nil, errors.New("its result is not a JSON object")
	}
	var prompts []json.RawMessage
	if err := json.Unmarshal(res["prompts"], &prompts); err != nil || prompts == nil {
		return nil, errors.New("its result has no \"prompts\" array")
	}
	kept, withheld := p.Gate.JudgePrompts(prompts)
	if len(withheld) == 0 && len(kept) == len(prompts) {
		return m.Raw, nil
	}
	for _, w := range withheld {
		fmt.Fprintf(p.Log, "sentinel mcp: withheld %s\n", terminal(w))
	}
	parts := make([][]byte, len(kept))
	for i, k := range kept {
		parts[i] = k
	}
	res["prompts"] = append(append([]byte("["), bytes.Join(parts, []byte(","))...), ']')
	return marshalRaw(map[string]json.RawMessage{"jsonrpc": json.RawMessage(`"2.0"`), "id": m.ID, "result": marshalRaw(res)}), nil
}

// refusePromptGet answers a prompts/get of a withheld prompt with an error
// and reports whether it did.
func (p *Proxy) refusePromptGet(m *Message) bool {
	var params struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(m.Params, &params) != nil {
		return false
	}
	why := p.Gate.PromptWithheld(params.Name)
	if why == "" {
		return false
	}
	p.replyError(m.ID, codeInvalidRequest, fmt.Sprintf("Sentinel withheld prompt %s on server %s: %s. A person must review it with `sentinel mcp approvals` and approve it with `sentinel mcp allow`.",
		strings.TrimSpace(params.Name), p.Gate.opts.Server, why))
	return true
}
