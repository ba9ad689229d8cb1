package mcpgate

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
)

// withheldText replaces a piece of server text the scanner found poisoned.
const withheldText = "Sentinel withheld this text from the tool server: the scanner found instructions aimed at the model in it; tell the user to look at `sentinel mcp log`."

// modelTextKeys are the keys whose string values a client hands to the model
// in prompts, resources and tool results. Every string under _meta and
// structuredContent counts too: a client may show either to the model.
// Keys are compared case-folded, as a client's JSON decoder may match them
// ("TEXT" fills a Go client's Text field).
var modelTextKeys = map[string]bool{foldKey("text"): true, foldKey("description"): true, foldKey("title"): true, foldKey("systemPrompt"): true}

var (
	metaKey       = foldKey("_meta")
	structuredKey = foldKey("structuredContent")
)

// scanChunk bounds the text handed to the scanner at once; the scan engine
// reads only its first discover.MaxRead bytes of one input.
const scanChunk = 4 << 20

// maxSeparateScans bounds the strings of one poisoned answer scanned one by
// one to find the poisoned ones; an answer with more has all withheld.
const maxSeparateScans = 64

// textRef is one string of a decoded JSON value the model may read.
type textRef struct {
	get func() string
	set func(string)
}

// collectText finds the model-facing strings of v. onlyMeta limits it to
// the strings under _meta (a tools/list, whose descriptions the gate judges
// with the tools).
func collectText(v any, onlyMeta bool) []textRef {
	var refs []textRef
	var walk func(v any, all bool, depth int)
	walk = func(v any, all bool, depth int) {
		if depth > maxDepth {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			for k, c := range t {
				fk := foldKey(k)
				sub := all || fk == metaKey || (!onlyMeta && fk == structuredKey)
				if _, ok := c.(string); ok && (sub || (!onlyMeta && modelTextKeys[fk])) {
					m, k := t, k
					refs = append(refs, textRef{get: func() string { s, _ := m[k].(string); return s }, set: func(n string) { m[k] = n }})
					continue
				}
				walk(c, sub, depth+1)
			}
		case []any:
			for i, c := range t {
				if _, ok := c.(string); ok && all {
					a, i := t, i
					refs = append(refs, textRef{get: func() string { s, _ := a[i].(string); return s }, set: func(n string) { a[i] = n }})
					continue
				}
				walk(c, all, depth+1)
			}
		}
	}
	walk(v, false, 0)
	return refs
}

// scanLong runs the scanner over text in pieces it reads whole.
func scanLong(sc DescriptionScanner, text string) []string {
	if len(text) <= scanChunk {
		return sc.ScanDescription(text)
	}
	var out []string
	for i := 0; i < len(text); i += scanChunk - 4096 {
		out = append(out, sc.ScanDescription(text[i:min(len(text), i+scanChunk)])...)
	}
	return out
}

// judgeText withholds the poisoned model-facing strings of a JSON value
// (a result, or a server request's params). It returns the value unchanged
// (nil) when the scanner finds nothing, else the rewritten value and the
// findings. When the strings are poisoned only together, all are withheld.
// A value the gate cannot decode (or with a key twice, which two parsers
// could read two ways) is reported as such and must not be passed on.
func (g *Gate) judgeText(raw json.RawMessage, onlyMeta bool) (out json.RawMessage, findings []string, bad error) {
	if err := checkDuplicateKeys(raw); err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, nil, err
	}
	refs := collectText(v, onlyMeta)
	if len(refs) == 0 {
		return nil, nil, nil
	}
	var all strings.Builder
	for _, r := range refs {
		all.WriteString(r.get())
		all.WriteString("\n\n")
	}
	findings = scanLong(g.scan, all.String())
	if len(findings) == 0 {
		return nil, nil, nil
	}
	hit := false
	if len(refs) <= maxSeparateScans {
		for _, r := range refs {
			if len(scanLong(g.scan, r.get())) > 0 {
				r.set(withheldText)
				hit = true
			}
		}
	}
	if !hit {
		for _, r := range refs {
			r.set(withheldText)
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), findings, nil
}

// judgeContent passes a server's answer to the client with the text the
// model would read scanned: poisoned strings are replaced by one sentence
// and the audit log says what was withheld; a clean answer passes as its
// own bytes. what names the answer for people ("prompts/get", "tools/call
// read_note").
func (p *Proxy) judgeContent(m *Message, what, tool string, onlyMeta bool) []byte {
	if m.Result == nil {
		return m.Raw
	}
	out, findings, bad := p.Gate.judgeText(m.Result, onlyMeta)
	if bad != nil {
		why := "Sentinel withheld the server's " + what + " answer, which it cannot judge: " + bad.Error()
		p.Gate.auditErr(AuditRecord{Event: "content", Tool: tool, Decision: "withheld", By: "scanner", Reason: why})
		b, _ := json.Marshal(struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   any             `json:"error"`
		}{"2.0", m.ID, map[string]any{"code": codeInternal, "message": why}})
		return b
	}
	if out == nil {
		return m.Raw
	}
	p.noteWithheld(what, tool, findings)
	return marshalRaw(map[string]json.RawMessage{"jsonrpc": json.RawMessage(`"2.0"`), "id": m.ID, "result": out})
}

func (p *Proxy) noteWithheld(what, tool string, findings []string) {
	why := "the server's " + what + " carries text aimed at the model: " + strings.Join(findings, "; ")
	p.Gate.logf("withheld text from server %s: %s", p.Gate.opts.Server, why)
	p.Gate.auditErr(AuditRecord{Event: "content", Tool: tool, Decision: "withheld", By: "scanner", Reason: truncate(why, 2048)})
}

// judgeServerRequest answers a server's sampling request whose text is
// poisoned with an error, to the server, instead of passing it to the
// client, whose model would read it. It reports whether it did.
func (p *Proxy) judgeServerRequest(ctx context.Context, m *Message) bool {
	if m.Kind != KindRequest || m.Method != "sampling/createMessage" {
		return false
	}
	_, findings, bad := p.Gate.judgeText(m.Params, false)
	if bad == nil && len(findings) == 0 {
		return false
	}
	msg := "Sentinel refused this sampling request: its text carries instructions aimed at the model"
	if bad != nil {
		msg = "Sentinel refused this sampling request, which it cannot judge: " + bad.Error()
		findings = []string{bad.Error()}
	}
	p.noteWithheld("sampling/createMessage request", "", findings)
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   any             `json:"error"`
	}{"2.0", m.ID, map[string]any{"code": codeInvalidRequest, "message": msg}})
	_ = p.Upstream.Send(ctx, b)
	return true
}
