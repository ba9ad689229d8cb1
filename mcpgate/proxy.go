package mcpgate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sentinel-sec/sentinel/redact"
)

// JSON-RPC error codes the proxy uses in responses it makes itself.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeInternal       = -32603
	// codeServerGone marks a request the tool server will never answer.
	codeServerGone = -32000
)

const (
	metaProtocolVersion = "io.modelcontextprotocol/protocolVersion"
	statelessVersion    = "2026-07-28"
)

// ErrShutdown ends the pause of a call when the proxy stops (the client or
// the server went away). Its approval request is left open, so the same call
// retried after a restart picks up the approval.
var ErrShutdown = errors.New("the proxy is shutting down")

var errClientCancelled = errors.New("the client cancelled the call")

// DefaultServerTimeout is how long the proxy waits for the tool server to
// answer one request before it answers the client with an error.
const DefaultServerTimeout = 10 * time.Minute

// Proxy relays JSON-RPC between an MCP client on one side (newline-delimited
// stdio) and a tool server (an Upstream) on the other. Every message is
// passed on as the bytes it arrived as, except the ones the gate judges:
// tools/call requests (which may be paused or answered by the gate) and
// tools/list results (from which withheld tools are removed).
type Proxy struct {
	Gate     *Gate
	Upstream Upstream
	// ServerTimeout bounds the wait for one answer from the server
	// (0: DefaultServerTimeout; negative: none).
	ServerTimeout time.Duration
	// Log receives the proxy's own messages (stderr).
	Log io.Writer

	outMu sync.Mutex
	out   io.Writer

	mu       sync.Mutex
	inflight map[string]*inflight
	held     map[string]context.CancelCauseFunc
	stopped  bool
	stopErr  error
	nextID   atomic.Int64
	// legacy is set once the client has begun a 2025-11-25 (initialize)
	// session.
	legacy atomic.Bool
	// inventoryShown is set once the first list's inventory was logged.
	inventoryShown atomic.Bool
	wg             sync.WaitGroup
}

type inflight struct {
	id        json.RawMessage
	method    string
	tool      string
	stateless bool
	decision  *CallDecision
	outcome   *Outcome
	args      json.RawMessage
	// grantRetry: a person let this call through, so an input_required
	// answer lets its one retry with the server's requestState through.
	grantRetry bool
	deadline   time.Time // zero: no deadline
	// internal receives the answer to a request the proxy made itself; it
	// is not forwarded to the client.
	internal chan *Message
}

// Run relays until the client closes its input (returns nil) or the server
// goes away (returns why). It never lets a tools/call reach the server
// without the gate's decision.
//
// Run returns only after the goroutines it started have ended, so a program
// that embeds the proxy keeps none of them. When the server goes away first,
// Run stops reading in at once if in has a read deadline to set (an
// *os.File on a pipe, a net.Conn; the deadline is cleared again before Run
// returns); a reader without one (a terminal's blocking standard input) is
// not waited for, and its goroutine ends when that reader's Read returns.
func (p *Proxy) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	p.out = out
	p.inflight = map[string]*inflight{}
	p.held = map[string]context.CancelCauseFunc{}
	if p.Log == nil {
		p.Log = io.Discard
	}
	if p.ServerTimeout == 0 {
		p.ServerTimeout = DefaultServerTimeout
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var bg sync.WaitGroup
	if p.ServerTimeout > 0 {
		bg.Go(func() { p.sweep(ctx) })
	}
	bg.Go(func() { p.watchApprovals(ctx) })
	serverDone := make(chan error, 1)
	go func() { serverDone <- p.readServer(ctx) }()
	clientDone := make(chan error, 1)
	go func() { clientDone <- p.readClient(ctx, in) }()

	var err error
	serverEnded, clientEnded := false, false
	upstreamClosed := make(chan struct{})
	select {
	case err = <-clientDone:
		// The client closed its input: paused calls end, the server's input
		// is closed, and answers already on their way are still delivered
		// until the server exits.
		clientEnded = true
		p.cancelHeld()
		go func() { _ = p.Upstream.Close(); close(upstreamClosed) }()
		select {
		case <-serverDone:
			serverEnded = true
		case <-time.After(5 * time.Second):
		}
		p.stop(nil)
	case err = <-serverDone:
		serverEnded = true
		p.stop(err)
		cancel()
		_ = p.Upstream.Close()
		close(upstreamClosed)
	case <-ctx.Done():
		p.stop(ctx.Err())
		_ = p.Upstream.Close()
		close(upstreamClosed)
		err = ctx.Err()
	}
	cancel()
	bg.Wait()
	if !clientEnded {
		interruptRead(in, clientDone)
	}
	if !serverEnded {
		// Upstream.Close ends Recv for the upstreams of this package.
		select {
		case <-serverDone:
		case <-time.After(readerGrace):
		}
	}
	select {
	case <-upstreamClosed:
	case <-time.After(readerGrace):
	}
	p.wg.Wait()
	p.Gate.Flush()
	return err
}

// readerGrace bounds how long Run waits for a goroutine it asked to end.
const readerGrace = 5 * time.Second

// interruptRead ends the read of in the client goroutine is blocked in,
// when in has a read deadline, and waits for that goroutine (up to
// readerGrace). It reports whether the goroutine ended.
func interruptRead(in io.Reader, done <-chan error) bool {
	type deadliner interface{ SetReadDeadline(time.Time) error }
	select {
	case <-done:
		return true
	default:
	}
	d, ok := in.(deadliner)
	if !ok || d.SetReadDeadline(time.Now()) != nil {
		return false
	}
	defer d.SetReadDeadline(time.Time{})
	select {
	case <-done:
		return true
	case <-time.After(readerGrace):
		return false
	}
}

// stop fails every request the server has not answered and cancels paused
// calls; none of them will reach the server.
func (p *Proxy) stop(cause error) {
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	p.stopped = true
	p.stopErr = cause
	pending := p.inflight
	p.inflight = map[string]*inflight{}
	held := p.held
	p.held = map[string]context.CancelCauseFunc{}
	p.mu.Unlock()
	for _, c := range held {
		c(ErrShutdown)
	}
	if cause == nil {
		return
	}
	for _, f := range pending {
		if f.method == "tools/call" {
			p.auditCall(f, nil, "error", "the tool server went away: "+cause.Error())
		}
		p.fail(f, codeServerGone, fmt.Sprintf("the tool server did not answer %s: %s", f.method, cause))
	}
}

// fail answers a request that will get no answer from the server: the
// client's with a JSON-RPC error, the proxy's own by closing its channel.
func (p *Proxy) fail(f *inflight, code int, msg string) {
	if f.internal != nil {
		close(f.internal)
		return
	}
	p.replyError(f.id, code, msg)
}

func (p *Proxy) cancelHeld() {
	p.mu.Lock()
	held := p.held
	p.held = map[string]context.CancelCauseFunc{}
	p.mu.Unlock()
	for _, c := range held {
		c(ErrShutdown)
	}
}

func (p *Proxy) isStopped() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stopped
}

func (p *Proxy) writeClient(b []byte) {
	p.outMu.Lock()
	defer p.outMu.Unlock()
	buf := make([]byte, 0, len(b)+1)
	buf = append(append(buf, b...), '\n')
	_, _ = p.out.Write(buf)
}

func (p *Proxy) replyError(id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   any             `json:"error"`
	}{"2.0", id, map[string]any{"code": code, "message": redact.String(msg)}})
	p.writeClient(b)
}

// requestID is the id of a message the gate refused to parse, when it is
// valid JSON with a plain "id" (a key given twice, say), so the client's
// request gets its answer instead of waiting for one forever; else nil.
func requestID(line []byte) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	id := bytes.TrimSpace(m["id"])
	if len(id) == 0 || (id[0] != '"' && id[0] != '-' && (id[0] < '0' || id[0] > '9')) {
		return nil
	}
	return id
}

// replyToolError answers a tools/call with a tool result the model reads:
// isError true and one sentence saying what happened and what to do.
func (p *Proxy) replyToolError(id json.RawMessage, stateless bool, text string) {
	result := map[string]any{
		"content": []any{map[string]any{"type": "text", "text": text}},
		"isError": true,
	}
	if stateless {
		result["resultType"] = "complete"
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  any             `json:"result"`
	}{"2.0", id, result})
	p.writeClient(b)
}

func (p *Proxy) readClient(ctx context.Context, in io.Reader) error {
	fr := NewFrameReader(in)
	for {
		line, err := fr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				p.replyError(nil, codeInvalidRequest, "message too large: "+err.Error())
				continue
			}
			return err
		}
		msgs, err := ParseFrame(line)
		if err != nil {
			// The gate cannot judge what it cannot parse, so it is not
			// forwarded.
			p.replyError(requestID(line), codeParseError, "Sentinel could not parse this message and did not forward it: "+err.Error())
			continue
		}
		batch := len(msgs) > 1 || bytes.HasPrefix(bytes.TrimSpace(line), []byte("["))
		for _, m := range msgs {
			if p.isStopped() {
				if m.Kind == KindRequest {
					p.replyError(m.ID, codeServerGone, "the tool server is gone; Sentinel did not forward "+m.Method)
				}
				continue
			}
			p.fromClient(ctx, m, batch)
		}
	}
}

func (p *Proxy) fromClient(ctx context.Context, m *Message, batch bool) {
	switch m.Kind {
	case KindRequest:
		if m.Method == "tools/call" {
			p.handleCall(ctx, m)
			return
		}
		if m.Method == "prompts/get" && p.refusePromptGet(m) {
			return
		}
		f := &inflight{id: m.ID, method: m.Method, stateless: isStateless(m.Params)}
		if m.Method == "initialize" {
			p.legacy.Store(true)
		}
		p.forward(ctx, m, f)
	case KindNotification:
		if strings.EqualFold(m.Method, "tools/call") {
			p.refuseCallNotification(m)
			return
		}
		if m.Method == "notifications/cancelled" {
			var c struct {
				RequestID json.RawMessage `json:"requestId"`
			}
			if json.Unmarshal(m.Params, &c) == nil {
				p.mu.Lock()
				cancel, held := p.held[string(bytes.TrimSpace(c.RequestID))]
				p.mu.Unlock()
				if held {
					cancel(errClientCancelled) // the server never saw it; nothing to forward
					return
				}
			}
		}
		p.send(ctx, m, batch)
	case KindResponse:
		// The client answering the server (sampling, elicitation, roots).
		p.send(ctx, m, batch)
	}
}

// refuseCallNotification drops a tools/call sent without an id: the server
// would run it and answer no one, so there is no answer to pause and no
// result to hand back. It is never forwarded; the client is told nothing,
// as JSON-RPC answers no notification; the audit log records it.
func (p *Proxy) refuseCallNotification(m *Message) {
	var params callParams
	_ = json.Unmarshal(m.Params, &params)
	f := &inflight{method: "tools/call", tool: params.Name, args: params.Arguments,
		outcome: &Outcome{By: "gate", Decision: "deny"}}
	p.auditCall(f, nil, "", "a tools/call sent as a notification (no id) would run unjudged and unanswered; Sentinel did not forward it")
	fmt.Fprintf(p.Log, "sentinel mcp: refused a tools/call of %s sent as a notification (no id); it was not forwarded\n",
		terminal(redact.String(truncate(params.Name, 120))))
}

// send passes a message to the server as its own bytes.
func (p *Proxy) send(ctx context.Context, m *Message, _ bool) {
	if err := p.Upstream.Send(ctx, m.Raw); err != nil {
		fmt.Fprintf(p.Log, "sentinel mcp: cannot write to the tool server: %s\n", err)
	}
}

// forward records a request as in flight and passes it on.
func (p *Proxy) forward(ctx context.Context, m *Message, f *inflight) {
	key := m.IDKey()
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		p.fail(f, codeServerGone, "the tool server is gone; Sentinel did not forward "+m.Method)
		return
	}
	if _, dup := p.inflight[key]; dup {
		p.mu.Unlock()
		p.fail(f, codeInvalidRequest, "request id "+key+" is already in use by a pending request")
		return
	}
	p.inflight[key] = f
	if p.ServerTimeout > 0 && m.Method != "subscriptions/listen" {
		f.deadline = time.Now().Add(p.ServerTimeout)
	}
	p.mu.Unlock()
	if err := p.Upstream.Send(ctx, m.Raw); err != nil {
		p.mu.Lock()
		if p.inflight[key] == f {
			delete(p.inflight, key)
		}
		p.mu.Unlock()
		p.fail(f, codeServerGone, fmt.Sprintf("Sentinel could not deliver %s to the tool server: %s", m.Method, err))
		if f.method == "tools/call" {
			p.auditCall(f, nil, "error", "could not deliver the call: "+err.Error())
		}
	}
}

// watchApprovals tells a 2025-11-25 client to list its tools again once a
// person approved a withheld tool, so it reappears without a restart. (A
// 2026-07-28 client gets list changes only on its subscriptions/listen
// stream, which belongs to the server; it sees the tool on its next list.)
func (p *Proxy) watchApprovals(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if p.legacy.Load() && p.Gate.NewlyDecided() {
				p.writeClient([]byte(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`))
			}
		}
	}
}

// sweep answers requests the server has not answered by their deadline.
// One ticker for all requests keeps timers off the per-call path.
func (p *Proxy) sweep(ctx context.Context) {
	every := p.ServerTimeout / 10
	every = max(every, 10*time.Millisecond)
	every = min(every, time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			var late []string
			p.mu.Lock()
			for k, f := range p.inflight {
				if !f.deadline.IsZero() && now.After(f.deadline) {
					late = append(late, k)
				}
			}
			fs := make([]*inflight, len(late))
			for i, k := range late {
				fs[i] = p.inflight[k]
			}
			p.mu.Unlock()
			for i, k := range late {
				p.expire(ctx, k, fs[i])
			}
		}
	}
}

func (p *Proxy) expire(ctx context.Context, key string, f *inflight) {
	p.mu.Lock()
	if p.inflight[key] != f {
		p.mu.Unlock()
		return
	}
	delete(p.inflight, key)
	p.mu.Unlock()
	p.fail(f, codeServerGone, fmt.Sprintf("the tool server did not answer %s within %s; it may be hung: check its logs or restart it", f.method, p.ServerTimeout))
	cancelMsg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled",
		"params": map[string]any{"requestId": f.id, "reason": "Sentinel: no answer within " + p.ServerTimeout.String()}})
	_ = p.Upstream.Send(ctx, cancelMsg)
	if f.method == "tools/call" {
		p.auditCall(f, nil, "error", "no answer from the tool server within "+p.ServerTimeout.String())
	}
}

func isStateless(params json.RawMessage) bool {
	if len(params) == 0 || !bytes.Contains(params, []byte(metaProtocolVersion)) {
		return false
	}
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	var v string
	_ = json.Unmarshal(p.Meta[metaProtocolVersion], &v)
	return v >= statelessVersion
}

type callParams struct {
	Name         string          `json:"name"`
	Arguments    json.RawMessage `json:"arguments"`
	RequestState json.RawMessage `json:"requestState"`
	Inputs       json.RawMessage `json:"inputResponses"`
	Meta         json.RawMessage `json:"_meta"`
}

func (p *Proxy) handleCall(ctx context.Context, m *Message) {
	var params callParams
	if err := json.Unmarshal(m.Params, &params); err != nil || params.Name == "" {
		p.replyError(m.ID, -32602, "tools/call needs params with a tool name; Sentinel did not forward it")
		return
	}
	key := m.IDKey()
	hctx, cancel := context.WithCancelCause(ctx)
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		cancel(nil)
		p.replyError(m.ID, codeServerGone, "the tool server is gone; Sentinel did not forward tools/call")
		return
	}
	p.held[key] = cancel
	p.mu.Unlock()
	release := func() {
		p.mu.Lock()
		delete(p.held, key)
		p.mu.Unlock()
		cancel(nil)
	}
	if p.Gate.Listed(params.Name) {
		d := p.Gate.DecideCall(params.Name, params.Arguments)
		if d.Verdict != VerdictAsk {
			release()
			p.dispatch(ctx, hctx, m, &params, d)
			return
		}
	}
	// Pausing, or a tool this session has not listed: decide in the
	// background so other traffic keeps flowing.
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer release()
		if !p.Gate.Listed(params.Name) {
			// The client calls a tool it did not list through the gate
			// (a cached list, a restart): list it now, so the decision
			// rests on what the server says today.
			if err := p.fetchTools(hctx, params.Meta); err != nil {
				fmt.Fprintf(p.Log, "sentinel mcp: cannot list the server's tools to judge %s: %s\n", terminal(params.Name), err)
			}
		}
		p.dispatch(ctx, hctx, m, &params, p.Gate.DecideCall(params.Name, params.Arguments))
	}()
}

// dispatch carries out a decision: forward, answer with a tool error, or
// pause for a person (hctx ends the pause).
func (p *Proxy) dispatch(ctx, hctx context.Context, m *Message, params *callParams, d CallDecision) {
	stateless := isStateless(m.Params)
	f := &inflight{id: m.ID, method: m.Method, tool: params.Name, stateless: stateless, decision: &d, args: params.Arguments}
	switch d.Verdict {
	case VerdictAllow:
		f.outcome = &Outcome{Allowed: true, By: "policy", Decision: "allow"}
		p.forward(ctx, m, f)
		return
	case VerdictDeny:
		o := Outcome{By: "policy", Decision: "deny"}
		if d.Withheld {
			o.By = "pin"
		}
		f.outcome = &o
		p.auditCall(f, nil, "", d.Reason)
		p.replyToolError(m.ID, stateless, denyText(p.Gate.opts.Server, d, o, p.Gate.policy.Timeout()))
		return
	}
	o := p.Gate.AskCall(hctx, params.Name, params.Arguments, m.Params, d)
	stopped := p.isStopped()
	f.outcome = &o
	if o.Allowed && !stopped {
		// Its input_required answer grants the one retry it asks for.
		f.grantRetry = true
		p.forward(ctx, m, f)
		return
	}
	if stopped {
		o.Decision, o.By = "cancelled", "gate"
		f.outcome = &o
		p.auditCall(f, nil, "", "the tool server went away while the call waited for approval")
		p.replyError(m.ID, codeServerGone, "the tool server is gone; Sentinel did not forward tools/call")
		return
	}
	p.auditCall(f, nil, "", d.Reason)
	if o.Decision != "cancelled" {
		p.replyToolError(m.ID, stateless, denyText(p.Gate.opts.Server, d, o, p.Gate.policy.Timeout()))
	}
}

// fetchTools lists the server's tools on the gate's own behalf (every page)
// and judges them; the client never sees these messages. meta is the
// calling request's _meta, which a stateless (2026-07-28) server needs.
func (p *Proxy) fetchTools(ctx context.Context, meta json.RawMessage) error {
	var cleanMeta json.RawMessage
	if len(meta) > 0 {
		var mm map[string]json.RawMessage
		if json.Unmarshal(meta, &mm) == nil {
			delete(mm, "progressToken")
			cleanMeta, _ = json.Marshal(mm)
		}
	}
	cursor := ""
	for page := 0; page < 100; page++ {
		params := map[string]any{}
		if cleanMeta != nil {
			params["_meta"] = cleanMeta
		}
		if cursor != "" {
			params["cursor"] = cursor
		}
		id := fmt.Sprintf(`"sentinel-%d"`, p.nextID.Add(1))
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id), "method": "tools/list", "params": params})
		ch := make(chan *Message, 1)
		f := &inflight{id: json.RawMessage(id), method: "tools/list", internal: ch}
		msg := &Message{Raw: req, Kind: KindRequest, ID: json.RawMessage(id), Method: "tools/list"}
		p.forward(ctx, msg, f)
		var resp *Message
		select {
		case resp = <-ch:
		case <-ctx.Done():
			p.mu.Lock()
			delete(p.inflight, id)
			p.mu.Unlock()
			return ctx.Err()
		}
		if resp == nil || resp.Result == nil {
			return errors.New("the server answered tools/list with an error")
		}
		var res struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(resp.Result, &res); err != nil {
			return fmt.Errorf("invalid tools/list result: %w", err)
		}
		p.Gate.JudgeTools(res.Tools)
		if res.NextCursor == "" {
			return nil
		}
		cursor = res.NextCursor
	}
	return errors.New("tools/list has more than 100 pages")
}

// auditCall writes one record for a call: its decision, who decided, and
// digests of its arguments and result.
func (p *Proxy) auditCall(f *inflight, result *Message, override, reason string) {
	r := AuditRecord{Event: "call", Tool: f.tool, ArgsDigest: digest(f.args), Args: string(f.args), Reason: reason}
	if f.decision != nil {
		r.Risk = f.decision.Class.Risk
		if r.Reason == "" {
			r.Reason = f.decision.Reason
		}
	}
	if f.outcome != nil {
		r.Decision, r.By, r.ApprovalID = f.outcome.Decision, f.outcome.By, f.outcome.ApprovalID
	}
	if override != "" {
		r.Decision = override
	}
	if result != nil {
		if result.Result != nil {
			r.ResultDigest = digest(result.Result)
			var res struct {
				IsError bool `json:"isError"`
			}
			_ = json.Unmarshal(result.Result, &res)
			r.IsError = &res.IsError
		} else {
			r.ResultDigest = digest(result.Error)
			t := true
			r.IsError = &t
		}
	}
	p.Gate.auditErr(r)
}

func (p *Proxy) readServer(ctx context.Context) error {
	for {
		line, err := p.Upstream.Recv()
		if err == io.EOF {
			return errors.New("the tool server closed its output (it exited or crashed); restart it")
		}
		if err != nil {
			return err
		}
		msgs, err := parseFrame(line, false)
		if err != nil {
			return fmt.Errorf("the tool server sent malformed JSON-RPC (%s): %q; Sentinel stopped relaying to it", err, redact.String(truncate(string(line), 120)))
		}
		for _, m := range msgs {
			p.fromServer(ctx, m)
		}
	}
}

func (p *Proxy) fromServer(ctx context.Context, m *Message) {
	if m.Kind != KindResponse {
		// Server requests (sampling, elicitation, roots, ping) and
		// notifications pass through as they are; a list_changed makes the
		// client list again, and that list is judged. A sampling request
		// puts its text before the model: a poisoned one is refused.
		if p.judgeServerRequest(ctx, m) {
			return
		}
		p.writeClient(m.Raw)
		return
	}
	key := m.IDKey()
	p.mu.Lock()
	f := p.inflight[key]
	if f != nil {
		delete(p.inflight, key)
	}
	p.mu.Unlock()
	if f == nil {
		fmt.Fprintf(p.Log, "sentinel mcp: dropped a response from the tool server to request %s, which is not pending\n", terminal(truncate(key, 64)))
		return
	}
	if f.internal != nil {
		if checkDuplicateKeys(m.Raw) != nil {
			close(f.internal)
			return
		}
		f.internal <- m
		return
	}
	switch f.method {
	case "tools/list":
		if err := checkDuplicateKeys(m.Raw); err != nil {
			// Two parsers could read two different tool lists from it.
			p.replyError(m.ID, codeInternal, "Sentinel withheld the server's tools/list answer: "+err.Error())
			return
		}
		out, err := p.judgeList(m)
		if err != nil {
			// The client could read tools from it that the gate never judged.
			p.replyError(m.ID, codeInternal, "Sentinel withheld the server's tools/list answer: "+err.Error())
			return
		}
		p.writeClient(p.judgeContent(&Message{Raw: out, ID: m.ID, Result: resultOf(out, m)}, "tools/list", "", true))
	case "initialize", "server/discover":
		p.writeClient(p.judgeInstructions(m))
	case "tools/call":
		p.auditCall(f, m, "", "")
		if f.grantRetry && m.Result != nil {
			var res struct {
				InputRequests json.RawMessage `json:"inputRequests"`
				RequestState  string          `json:"requestState"`
			}
			if json.Unmarshal(m.Result, &res) == nil && len(res.InputRequests) > 0 && string(res.InputRequests) != "null" {
				p.Gate.GrantContinuation(f.tool, f.args, res.RequestState)
			}
		}
		p.writeClient(p.judgeContent(m, "result of "+f.tool, f.tool, false))
	case "prompts/list":
		out, err := p.judgePromptList(m)
		if err != nil {
			// The client could read prompts from it that the gate never judged.
			p.replyError(m.ID, codeInternal, "Sentinel withheld the server's prompts/list answer: "+err.Error())
			return
		}
		p.writeClient(p.judgeContent(&Message{Raw: out, ID: m.ID, Result: resultOf(out, m)}, f.method, "", false))
	case "prompts/get", "resources/list", "resources/templates/list", "resources/read":
		p.writeClient(p.judgeContent(m, f.method, "", false))
	default:
		p.writeClient(m.Raw)
	}
}

// resultOf is the result of out, an answer judgeList may have rebuilt.
func resultOf(out []byte, m *Message) json.RawMessage {
	if bytes.Equal(out, m.Raw) {
		return m.Result
	}
	var r struct {
		Result json.RawMessage `json:"result"`
	}
	_ = json.Unmarshal(out, &r)
	return r.Result
}

// logInventory says once per session what the server offers, by risk,
// naming the tools that publish no annotations.
func (p *Proxy) logInventory() {
	counts := map[Risk]int{}
	var unannotated, withheld []string
	inv := p.Gate.Inventory()
	for _, it := range inv {
		counts[it.Risk]++
		if it.Unannotated {
			unannotated = append(unannotated, it.Tool)
		}
		if it.Withheld != "" {
			withheld = append(withheld, it.Tool)
		}
	}
	line := fmt.Sprintf("server %s offers %d tools: %d read, %d write, %d destructive", p.Gate.opts.Server, len(inv),
		counts[RiskRead], counts[RiskWrite], counts[RiskDestructive])
	if len(unannotated) > 0 {
		line += fmt.Sprintf("; unannotated, so treated as destructive: %s", strings.Join(unannotated, ", "))
	}
	if len(withheld) > 0 {
		line += fmt.Sprintf("; withheld: %s", strings.Join(withheld, ", "))
	}
	fmt.Fprintf(p.Log, "sentinel mcp: %s\n", terminal(line))
}

// judgeInstructions drops the server's instructions (text the client hands
// to the model, like a description) when the scanner finds them poisoned.
func (p *Proxy) judgeInstructions(m *Message) []byte {
	if m.Result == nil || !bytes.Contains(m.Result, []byte(`"instructions"`)) {
		return m.Raw
	}
	var res map[string]json.RawMessage
	if json.Unmarshal(m.Result, &res) != nil {
		return m.Raw
	}
	var text string
	if json.Unmarshal(res["instructions"], &text) != nil || text == "" {
		return m.Raw
	}
	findings := p.Gate.scan.ScanDescription(text)
	if len(findings) == 0 {
		return m.Raw
	}
	why := "the server's instructions carry text aimed at the model: " + strings.Join(findings, "; ")
	fmt.Fprintf(p.Log, "sentinel mcp: withheld the instructions of server %s: %s\n", p.Gate.opts.Server, terminal(why))
	p.Gate.auditErr(AuditRecord{Event: "instructions", Decision: "withheld", By: "scanner", Reason: why})
	delete(res, "instructions")
	return marshalRaw(map[string]json.RawMessage{"jsonrpc": json.RawMessage(`"2.0"`), "id": m.ID, "result": marshalRaw(res)})
}

// judgeList removes withheld tools from a tools/list result. When nothing is
// withheld the server's bytes pass unchanged; otherwise only the tools array
// is rebuilt, from the kept tools' own bytes. A result the gate cannot read
// as a list of tools is an error, never passed on unjudged.
func (p *Proxy) judgeList(m *Message) ([]byte, error) {
	if m.Result == nil {
		return m.Raw, nil // an error answer: no tools in it
	}
	var res map[string]json.RawMessage
	if err := json.Unmarshal(m.Result, &res); err != nil || res == nil {
		return nil, errors.New("its result is not a JSON object")
	}
	var tools []json.RawMessage
	if err := json.Unmarshal(res["tools"], &tools); err != nil || tools == nil {
		return nil, errors.New("its result has no \"tools\" array")
	}
	kept, withheld := p.Gate.JudgeTools(tools)
	if p.inventoryShown.CompareAndSwap(false, true) {
		p.logInventory()
	}
	if len(withheld) == 0 && len(kept) == len(tools) {
		return m.Raw, nil
	}
	for _, w := range withheld {
		fmt.Fprintf(p.Log, "sentinel mcp: withheld %s\n", terminal(w))
	}
	if kept == nil {
		kept = []json.RawMessage{}
	}
	parts := make([][]byte, len(kept))
	for i, k := range kept {
		parts[i] = k
	}
	res["tools"] = append(append([]byte("["), bytes.Join(parts, []byte(","))...), ']')
	rb := marshalRaw(res)
	return marshalRaw(map[string]json.RawMessage{"jsonrpc": json.RawMessage(`"2.0"`), "id": m.ID, "result": rb}), nil
}

// marshalRaw encodes an object of raw values without escaping HTML
// characters, so the servers' own text is kept as it was.
func marshalRaw(v map[string]json.RawMessage) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// ServerName derives a stable name for a server from its command or URL when
// --name is not given.
func ServerName(argv []string, url string) string {
	if url != "" {
		s := strings.TrimPrefix(strings.TrimPrefix(url, "https://"), "http://")
		return unsafeName.ReplaceAllString(s, "_")
	}
	if len(argv) == 0 {
		return "server"
	}
	parts := []string{}
	for _, a := range argv {
		if strings.HasPrefix(a, "-") {
			continue
		}
		parts = append(parts, a)
	}
	name := strings.Join(parts, " ")
	return strings.Trim(unsafeName.ReplaceAllString(name, "_"), "_")
}
