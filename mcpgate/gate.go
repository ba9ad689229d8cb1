package mcpgate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sentinel-sec/sentinel/redact"
)

// Prompter asks a person on a terminal. Confirm returns true to allow; ctx
// ends when the call was decided another way (the queue) or timed out.
type Prompter interface {
	Confirm(ctx context.Context, r Request) (bool, error)
}

// Options configure a Gate.
type Options struct {
	// Server names the tool server; policy, pins and the queue key on it.
	Server string
	Dirs   Dirs
	// Policy defaults to the user's policy file in Dirs.Config.
	Policy *Policy
	// Scanner checks tool descriptions; HiddenTextScanner is always applied.
	Scanner DescriptionScanner
	// Paths judge file paths in arguments (guard/blast through an adapter).
	// A checker for Sentinel's own directories is always applied.
	Paths []PathChecker
	// Prompter, when set, asks on the terminal as well as through the queue.
	Prompter Prompter
	// Log receives one line per pause, denial and withheld tool (stderr).
	Log io.Writer
	// PollInterval is how often a paused call looks at the queue.
	PollInterval time.Duration
	// LockApprovals are the tool definitions of this server approved in the
	// project's AGENTS.lock, tool name → digest as ToolDigest returns it.
	// The caller passes them only from a lock signed by a key this machine
	// trusts (lock.TrustedMCPTools). A tool whose definition has exactly
	// that digest is approved, pinned with By "AGENTS.lock"; they never
	// withhold anything, and a version a person here refused stays refused.
	LockApprovals map[string]string
}

// ByLock is the Pin.By of a tool approved in a trusted AGENTS.lock.
const ByLock = "AGENTS.lock"

// Gate judges tool definitions and tool calls for one server.
type Gate struct {
	opts   Options
	policy *Policy
	queue  *Queue
	pins   *PinStore
	audit  *AuditLog
	scan   DescriptionScanner
	paths  []PathChecker
	// own pauses any call naming Sentinel's own directories, read or not.
	own PathChecker

	// auditq feeds the audit writer, so that a call's answer does not wait
	// for the disk; Flush waits for it.
	auditq chan auditJob
	// auditMu guards auditClosed; senders hold it for reading, so Close
	// never closes auditq under a send. writerDone closes when the writer
	// has written its last record.
	auditMu     sync.RWMutex
	auditClosed bool
	writerDone  chan struct{}

	// prompts pins prompt definitions (prompts.go).
	prompts promptGate

	mu    sync.Mutex
	tools map[string]*toolState
	// mrtr holds one-use grants for the multi-round-trip retries the
	// server asked for (2026-07-28 input_required) of calls let through,
	// so such a retry does not ask twice (GrantContinuation).
	mrtr map[string]time.Time
}

type toolState struct {
	cls      Classification
	digest   string
	withheld string // non-empty: why the tool is withheld, with what changed (for people)
	// withheldWhy is the same reason without the changed text, for the
	// model: quoting a poisoned description back to it would deliver the
	// very instruction the tool was withheld for.
	withheldWhy string
	approvalID  string
	announced   bool // a decision on the withheld version was announced
	// duplicate: the list has more than one tool of this name, so no one
	// definition tells what a call would run.
	duplicate bool
}

// NewGate opens the policy, pins, queue and audit log for opts.Server.
func NewGate(opts Options) (*Gate, error) {
	if opts.Server == "" {
		return nil, errors.New("the gate needs a server name")
	}
	if opts.Dirs.State == "" || opts.Dirs.Config == "" {
		return nil, errors.New("the gate needs the user's configuration and state directories")
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = 200 * time.Millisecond
	}
	pol := opts.Policy
	if pol == nil {
		var err error
		if pol, err = LoadPolicy(opts.Dirs.PolicyPath()); err != nil {
			return nil, err
		}
	}
	q, err := OpenQueue(opts.Dirs.QueueDir())
	if err != nil {
		return nil, err
	}
	if err := ensureDir(opts.Dirs.PinDir()); err != nil {
		return nil, err
	}
	g := &Gate{
		opts:       opts,
		policy:     pol,
		queue:      q,
		pins:       OpenPinStore(opts.Dirs.PinDir()),
		audit:      OpenAuditLog(opts.Dirs.AuditPath()),
		scan:       MultiScanner(HiddenTextScanner, opts.Scanner),
		paths:      opts.Paths,
		own:        stateDirChecker(opts.Dirs),
		tools:      map[string]*toolState{},
		mrtr:       map[string]time.Time{},
		auditq:     make(chan auditJob, 4096),
		writerDone: make(chan struct{}),
	}
	go g.auditWriter()
	// Finished call requests older than a week go; tool versions a person
	// decided on never do.
	if _, err := q.Collect(); err != nil {
		g.logf("%s", err)
	}
	return g, nil
}

type auditJob struct {
	rec   AuditRecord
	flush chan struct{}
}

func (g *Gate) auditWriter() {
	defer close(g.writerDone)
	for j := range g.auditq {
		// Let a burst of calls gather, then write it under one lock.
		if j.flush == nil {
			time.Sleep(2 * time.Millisecond)
		}
		batch := []auditJob{j}
	drain:
		for len(batch) < 256 {
			select {
			case j2, ok := <-g.auditq:
				if !ok {
					break drain
				}
				batch = append(batch, j2)
			default:
				break drain
			}
		}
		var recs []AuditRecord
		for _, b := range batch {
			if b.flush != nil {
				if len(recs) > 0 {
					if err := g.audit.AppendBatch(recs); err != nil {
						g.logf("%s", err)
					}
					recs = nil
				}
				close(b.flush)
				continue
			}
			recs = append(recs, b.rec)
		}
		if len(recs) > 0 {
			if err := g.audit.AppendBatch(recs); err != nil {
				g.logf("%s", err)
			}
		}
	}
}

// Close writes the audit records still queued, stops the goroutine that
// writes them and releases the log. It may be called more than once; a
// record audited after Close is written at once, without the queue.
func (g *Gate) Close() error {
	g.auditMu.Lock()
	if !g.auditClosed {
		g.auditClosed = true
		close(g.auditq)
	}
	g.auditMu.Unlock()
	<-g.writerDone
	return g.audit.Close()
}

// Flush waits until every audit record so far is written.
func (g *Gate) Flush() {
	ch := make(chan struct{})
	if !g.enqueue(auditJob{flush: ch}) {
		return
	}
	<-ch
}

// enqueue hands j to the audit writer; false once the gate is closed.
func (g *Gate) enqueue(j auditJob) bool {
	g.auditMu.RLock()
	defer g.auditMu.RUnlock()
	if g.auditClosed {
		return false
	}
	g.auditq <- j
	return true
}

// Policy is the policy in force.
func (g *Gate) Policy() *Policy { return g.policy }

// Queue is the approval queue.
func (g *Gate) Queue() *Queue { return g.queue }

// Audit is the audit log.
func (g *Gate) Audit() *AuditLog { return g.audit }

// logf writes one line for the person running the proxy. Tool names,
// reasons and descriptions come from the tool server: control characters,
// bidi overrides and invisible characters are shown escaped, so a server
// cannot erase or rewrite a line on the person's terminal.
func (g *Gate) logf(format string, args ...any) {
	fmt.Fprintf(g.opts.Log, "sentinel mcp: %s\n", terminal(fmt.Sprintf(format, args...)))
}

func (g *Gate) auditErr(r AuditRecord) {
	r.Server = g.opts.Server
	r.Time = time.Now().UTC()
	if !g.enqueue(auditJob{rec: r}) {
		if err := g.audit.AppendBatch([]AuditRecord{r}); err != nil {
			g.logf("%s", err)
		}
		_ = g.audit.Close()
	}
}

// JudgeTools takes the tools of one tools/list result as the server sent
// them and returns the ones the client may see. A tool is withheld when its
// definition differs from its pin and no person approved the new version, or
// when its text carries hidden or injected instructions. New tools are pinned
// on first sight when clean.
func (g *Gate) JudgeTools(tools []json.RawMessage) (kept []json.RawMessage, withheld []string) {
	pf, err := g.pins.Load(g.opts.Server)
	if err != nil {
		// Without pins nothing can be compared: fail closed, show nothing.
		g.logf("%s", err)
		return nil, []string{"all tools: " + err.Error()}
	}
	var toPin []*Pin
	names := make([]string, len(tools))
	count := make(map[string]int, len(tools))
	for i, raw := range tools {
		var head struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &head) == nil {
			names[i] = head.Name
			count[head.Name]++
		}
	}
	for i, raw := range tools {
		name := names[i]
		if name == "" {
			withheld = append(withheld, "a tool without a name")
			continue
		}
		if n := count[name]; n != 1 {
			if n < 0 {
				continue // its second definition: already withheld
			}
			count[name] = -n
			// Which definition would the server run? Its annotations and
			// pin could come from either: fail closed, pin nothing.
			why := fmt.Sprintf("the server lists %d tools named %s, so Sentinel cannot tell which one a call would run", n, name)
			g.mu.Lock()
			first := g.tools[name] == nil || !g.tools[name].duplicate
			g.tools[name] = &toolState{cls: Classification{Risk: RiskDestructive, Unannotated: true, Why: why},
				withheld: why, withheldWhy: why, duplicate: true}
			g.mu.Unlock()
			if first {
				g.logf("withheld tool %s from server %s: %s", redact.String(name), g.opts.Server, redact.String(why))
			}
			withheld = append(withheld, fmt.Sprintf("%s: %s", name, why))
			continue
		}
		canon, dig, err := ToolDigest(raw)
		if err != nil {
			withheld = append(withheld, name+": "+err.Error())
			continue
		}
		cls := ClassifyTool(raw)
		st := &toolState{cls: cls, digest: dig}
		pin := pf.Tools[name]
		switch {
		case pin != nil && pin.Digest == dig:
			// Unchanged since it was pinned or approved.
		case g.opts.LockApprovals[name] == dig && !g.refused(name, dig):
			// A person approved exactly this version in the signed lock.
			if pin != nil {
				g.logf("tool %s on server %s changed since it was pinned; the signed %s approves the new version", redact.String(name), g.opts.Server, ByLock)
			}
			toPin = append(toPin, g.newPin(name, dig, canon, cls, ByLock))
		case pin != nil:
			changes := DescribeChanges(pin.Definition, canon)
			if findings := g.scan.ScanDescription(toolText(canon)); len(findings) > 0 {
				changes = append(changes, findings...)
			}
			st.withheld, st.withheldWhy, st.approvalID = g.withhold(name, cls, pin.Digest, dig, canon, changes,
				"its definition changed since it was approved")
			if st.withheld == "" {
				toPin = append(toPin, g.newPin(name, dig, canon, cls, "user:"+strings.TrimPrefix(g.approvedBy(name, dig), "user:")))
			}
		default:
			if findings := g.scan.ScanDescription(toolText(canon)); len(findings) > 0 {
				st.withheld, st.withheldWhy, st.approvalID = g.withhold(name, cls, "", dig, canon, findings,
					"its description carries text aimed at the model")
				if st.withheld == "" {
					toPin = append(toPin, g.newPin(name, dig, canon, cls, "user:"+strings.TrimPrefix(g.approvedBy(name, dig), "user:")))
				}
			} else {
				toPin = append(toPin, g.newPin(name, dig, canon, cls, "first-use"))
			}
		}
		g.mu.Lock()
		g.tools[name] = st
		g.mu.Unlock()
		if st.withheld != "" {
			withheld = append(withheld, fmt.Sprintf("%s: %s", name, st.withheld))
			continue
		}
		kept = append(kept, raw)
	}
	if len(toPin) > 0 {
		err := g.pins.Update(g.opts.Server, func(pf *PinFile) error {
			for _, p := range toPin {
				old := pf.Tools[p.Name]
				if old != nil && old.Digest == p.Digest {
					continue
				}
				pf.Tools[p.Name] = p
			}
			return nil
		})
		if err != nil {
			g.logf("cannot save tool pins: %s", err)
		}
		for _, p := range toPin {
			dec := "pinned"
			if p.By != "first-use" {
				dec = "approved"
			}
			g.auditErr(AuditRecord{Event: "tool", Tool: p.Name, Risk: p.Risk, Decision: dec, By: p.By, ToolDigest: p.Digest,
				Reason: unannotatedNote(p.Unannotated)})
		}
	}
	return kept, withheld
}

func unannotatedNote(u bool) string {
	if u {
		return "unannotated: treated as destructive"
	}
	return ""
}

func (g *Gate) newPin(name, dig string, canon []byte, cls Classification, by string) *Pin {
	return &Pin{Name: name, Digest: dig, Definition: canon, Risk: cls.Risk, Unannotated: cls.Unannotated, PinnedAt: time.Now().UTC(), By: by}
}

// refused reports whether a person on this machine refused this version of
// the tool; an approval in the lock does not overrule them.
func (g *Gate) refused(name, dig string) bool {
	e := g.queue.FindTool(g.opts.Server, name, dig)
	return e != nil && e.Status == StatusDenied
}

func (g *Gate) approvedBy(name, dig string) string {
	if e := g.queue.FindTool(g.opts.Server, name, dig); e != nil && e.Decision != nil {
		return e.Decision.By
	}
	return "user"
}

// withhold returns "" when a person already approved this exact version,
// otherwise the reason the tool is withheld (with what changed, for people),
// the same reason without the tool's own text (for the model) and its
// approval ID (a new queue entry is made the first time a version is seen).
func (g *Gate) withhold(name string, cls Classification, oldDig, newDig string, canon []byte, changes []string, why string) (withheld, short, id string) {
	// Two proxies of one server seeing the same new version make one request.
	// Behind the state broker (inside the write wall) the queue folder is
	// read-only and cannot hold a lock file: two proxies may then make two
	// requests for one version, which a person decides alike.
	lock := withLock
	if g.queue.remote != nil {
		lock = func(_ string, fn func() error) error { return fn() }
	}
	err := lock(filepath.Join(g.queue.dir, "tools"), func() error {
		withheld, short, id = g.withholdLocked(name, cls, oldDig, newDig, canon, changes, why)
		return nil
	})
	if err != nil {
		r := why + " (and the approval queue cannot be locked: " + err.Error() + ")"
		return r, r, ""
	}
	return withheld, short, id
}

func (g *Gate) withholdLocked(name string, cls Classification, oldDig, newDig string, canon []byte, changes []string, why string) (string, string, string) {
	e := g.queue.FindTool(g.opts.Server, name, newDig)
	if e != nil && e.Status == StatusAllowed || e != nil && e.Status == StatusUsed {
		return "", "", e.ID
	}
	if e != nil && e.Status == StatusDenied {
		r := fmt.Sprintf("%s, and a person refused the new version (approval %s)", why, e.ID)
		return r, r, e.ID
	}
	if e == nil {
		r, err := g.queue.Submit(Request{
			Kind: KindTool, Server: g.opts.Server, Tool: name, Risk: cls.Risk, Unannotated: cls.Unannotated,
			Reason: why, OldDigest: oldDig, NewDigest: newDig, Changes: changes,
			Definition: redact.String(truncate(string(canon), 4096)),
		})
		if err != nil {
			g.logf("%s", err)
			r := why + " (and the approval queue cannot be written: " + err.Error() + ")"
			return r, r, ""
		}
		e = &Entry{Request: r}
		g.logf("withheld tool %s from server %s: %s (%s). Review with `sentinel mcp approvals`; approve with `sentinel mcp allow %s`.",
			redact.String(name), g.opts.Server, why, redact.String(strings.Join(changes, "; ")), r.ID)
		by := "pin"
		if oldDig == "" {
			by = "scanner"
		}
		g.auditErr(AuditRecord{Event: "tool", Tool: name, Risk: cls.Risk, Decision: "withheld", By: by,
			Reason: why + ": " + strings.Join(changes, "; "), ApprovalID: r.ID, ToolDigest: newDig})
	}
	return fmt.Sprintf("%s (%s); approval %s", why, strings.Join(changes, "; "), e.ID), why, e.ID
}

// NewlyDecided reports whether a person decided on a withheld tool since
// the last call, so the proxy can tell the client to list its tools again.
func (g *Gate) NewlyDecided() bool {
	g.mu.Lock()
	var pending []*toolState
	for _, st := range g.tools {
		if st.withheld != "" && st.approvalID != "" && !st.announced {
			pending = append(pending, st)
		}
	}
	g.mu.Unlock()
	changed := false
	for _, st := range pending {
		e, err := g.queue.Get(st.approvalID)
		if err != nil || e.Decision == nil || e.Decision.Verdict != "allow" {
			continue
		}
		g.mu.Lock()
		st.announced = true
		g.mu.Unlock()
		changed = true
	}
	return changed
}

// Listed reports whether tool appeared in a tools/list the gate judged in
// this session (withheld or not).
func (g *Gate) Listed(tool string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.tools[tool] != nil
}

// CallDecision is the gate's first answer on a tools/call.
type CallDecision struct {
	Verdict Verdict
	Reason  string
	Class   Classification
	Tool    string
	// Withheld is set when the tool itself is withheld.
	Withheld bool
	// ModelReason, for a withheld tool, is Reason without the tool's own
	// text: what the model is told.
	ModelReason string
	ApprovalID  string
}

// DecideCall judges a call of tool with args from the tool's definition in
// the last list; a tool the server does not list is refused.
func (g *Gate) DecideCall(tool string, args json.RawMessage) CallDecision {
	d := CallDecision{Tool: tool}
	g.mu.Lock()
	st := g.tools[tool]
	g.mu.Unlock()
	switch {
	case st != nil && st.duplicate:
		d.Class, d.Verdict, d.Reason = st.cls, VerdictDeny, st.withheld
		return d
	case st != nil && st.withheld != "":
		d.Verdict, d.Withheld, d.ApprovalID, d.Class = VerdictDeny, true, st.approvalID, st.cls
		d.Reason = "the tool is withheld: " + st.withheld
		d.ModelReason = "the tool is withheld: " + st.withheldWhy
		return d
	case st != nil:
		d.Class = st.cls
	default:
		// Not in any list the server gave this session, even after the
		// gate asked for one: nothing vouches for what the call would do.
		d.Class = Classification{Risk: RiskDestructive, Unannotated: true,
			Why: "the server's tools/list does not include it"}
		d.Verdict = VerdictDeny
		d.Reason = "the tool server does not list a tool named " + tool + ", so Sentinel cannot tell what it would do"
		return d
	}
	d.Verdict, d.Reason = g.policy.Decide(g.opts.Server, tool, d.Class)
	if d.Verdict == VerdictAllow {
		// A read-only annotation is the server's claim, not a fact: a
		// "read" that names a blast centre or Sentinel's own files is
		// judged like a write.
		checkers := append([]PathChecker{g.own}, g.paths...)
		claim := ""
		if d.Class.Risk == RiskRead {
			claim = " (the tool is annotated read-only, but that is only the server's claim)"
		}
		paths, complete := argumentPaths(args)
		if !complete {
			d.Verdict, d.Reason = VerdictAsk, "its arguments are too large or too deeply nested for Sentinel to check every file path in them"
			return d
		}
		for _, p := range paths {
			for _, c := range checkers {
				if c == nil {
					continue
				}
				if why := c.CheckPath(p); why != "" {
					d.Verdict, d.Reason = VerdictAsk, why+claim
					return d
				}
			}
		}
	}
	return d
}

// errTTYDenied ends the wait of a call a person refused on the terminal
// when their answer could not be written to the queue.
var errTTYDenied = errors.New("a person denied the call on the terminal")

// Outcome is how a paused call was resolved.
type Outcome struct {
	Allowed    bool
	By         string // user:tty, user:queue, timeout, gate
	Decision   string // allow, deny, timeout, cancelled
	ApprovalID string
	// Note says why the gate itself (By "gate") denied a call that a
	// person did not refuse.
	Note string
}

// Ask pauses a call of tool with args until a person decides, the timeout
// passes or ctx ends. It is AskCall for params {"name":tool,"arguments":args};
// continuation is ignored: a retry rides on an approval only with a
// requestState the server issued for it (see AskCall).
func (g *Gate) Ask(ctx context.Context, tool string, args json.RawMessage, d CallDecision, continuation bool) Outcome {
	params := marshalRaw(map[string]json.RawMessage{"name": marshalString(tool), "arguments": args})
	if len(args) == 0 {
		params = marshalRaw(map[string]json.RawMessage{"name": marshalString(tool)})
	}
	return g.AskCall(ctx, tool, args, params, d)
}

func marshalString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// CallDigest is the digest an approval of a call is bound to: the SHA-256
// of the canonical JSON of the call's whole params except _meta (which
// carries a progress token that changes on every send). The same call sent
// again with any field added, changed or removed (requestState,
// inputResponses, anything) is another call. Params that cannot be made
// canonical are digested as sent, which only ever makes a match rarer.
func CallDigest(params json.RawMessage) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(params, &obj) == nil && obj != nil {
		delete(obj, "_meta")
		if c, err := Canonical(marshalRaw(obj)); err == nil {
			return digest(c)
		}
	}
	return digest(params)
}

// otherParams shows the params of a call beyond its name and arguments (and
// _meta), which the approval covers too, so the person sees them.
func otherParams(params json.RawMessage) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(params, &obj) != nil {
		return ""
	}
	delete(obj, "name")
	delete(obj, "arguments")
	delete(obj, "_meta")
	if len(obj) == 0 {
		return ""
	}
	return " with params " + string(marshalRaw(obj))
}

// continuationKey names one multi-round-trip retry the server asked for: the
// tool, its canonical arguments and the requestState the server issued.
func continuationKey(tool string, args json.RawMessage, state string) string {
	ad := digest(args)
	if c, err := Canonical(args); err == nil {
		ad = digest(c)
	}
	return tool + "\x00" + ad + "\x00" + state
}

// GrantContinuation records that the server answered a call a person (or an
// earlier grant) let through with input_required and requestState state: the
// client's one retry of that call carrying exactly this state runs without a
// second question. Each grant is used at most once and lapses after the
// approval timeout.
func (g *Gate) GrantContinuation(tool string, args json.RawMessage, state string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	for k, t := range g.mrtr {
		if now.Sub(t) > g.policy.Timeout() {
			delete(g.mrtr, k)
		}
	}
	g.mrtr[continuationKey(tool, args, state)] = now
}

// takeContinuation consumes the grant for this retry, if there is one.
func (g *Gate) takeContinuation(tool string, args json.RawMessage, state string) bool {
	key := continuationKey(tool, args, state)
	g.mu.Lock()
	defer g.mu.Unlock()
	t, ok := g.mrtr[key]
	if !ok {
		return false
	}
	delete(g.mrtr, key) // one grant, one retry
	return time.Since(t) < g.policy.Timeout()
}

// AskCall pauses a call until a person decides, the timeout passes or ctx
// ends. params are the call's whole params: the approval is bound to
// CallDigest(params), and one approval lets exactly one call through (its
// .used file is created exclusively before the call is let go). A
// multi-round-trip retry (requestState or inputResponses) runs without a
// question only when it carries a requestState the server issued for a call
// let through here, and only once (GrantContinuation).
func (g *Gate) AskCall(ctx context.Context, tool string, args, params json.RawMessage, d CallDecision) Outcome {
	var cont struct {
		RequestState json.RawMessage `json:"requestState"`
		Inputs       json.RawMessage `json:"inputResponses"`
	}
	_ = json.Unmarshal(params, &cont)
	if len(cont.RequestState) > 0 || len(cont.Inputs) > 0 {
		var state string
		if len(cont.RequestState) == 0 || json.Unmarshal(cont.RequestState, &state) == nil {
			if g.takeContinuation(tool, args, state) {
				return Outcome{Allowed: true, By: "gate", Decision: "allow"}
			}
		}
	}
	ad := CallDigest(params)
	var req Request
	if e := g.queue.FindCall(g.opts.Server, tool, ad); e != nil {
		req = e.Request
		if e.Status == StatusAllowed {
			// Consumed first: two proxies finding the same approval run
			// one call between them; a failure to consume asks again.
			if g.queue.Consume(e.ID) {
				return Outcome{Allowed: true, By: e.Decision.By, Decision: "allow", ApprovalID: e.ID}
			}
		}
		if e.Status != StatusAllowed {
			g.logf("call of %s on server %s is waiting on approval %s from before a restart", redact.String(tool), g.opts.Server, e.ID)
		} else {
			req = Request{}
		}
	}
	if req.ID == "" {
		var err error
		req, err = g.queue.Submit(Request{
			Kind: KindCall, Server: g.opts.Server, Tool: redact.String(tool), Risk: d.Class.Risk, Unannotated: d.Class.Unannotated,
			Reason: redact.String(d.Reason), Arguments: redact.String(truncate(string(args)+otherParams(params), 2048)), ArgsDigest: ad,
			Expires: time.Now().Add(g.policy.Timeout()).UTC(), PID: os.Getpid(),
		})
		if err != nil {
			g.logf("%s", err)
			return Outcome{By: "gate", Decision: "deny", Note: "Sentinel could not put it in the approval queue, so no one could approve it"}
		}
	}
	g.logf("paused %s on server %s: %s. Allow: `sentinel mcp allow %s` · deny: `sentinel mcp deny %s`",
		redact.String(tool), g.opts.Server, redact.String(d.Reason), req.ID, req.ID)
	deadline := req.Expires
	if deadline.IsZero() {
		deadline = time.Now().Add(g.policy.Timeout())
	}
	wctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	// A "no" on the terminal that cannot be written to the queue still
	// denies the call here; it ends the wait with errTTYDenied.
	wctx2, endWait := context.WithCancelCause(wctx)
	defer endWait(nil)
	if g.opts.Prompter != nil {
		go func() {
			ok, err := g.opts.Prompter.Confirm(wctx2, req)
			if wctx2.Err() != nil {
				return
			}
			if err != nil {
				g.logf("could not ask on the terminal about %s (approval %s): %s; the call stays paused: allow it with `sentinel mcp allow %s` or deny it with `sentinel mcp deny %s`",
					redact.String(tool), req.ID, err, req.ID, req.ID)
				return
			}
			v := "deny"
			if ok {
				v = "allow"
			}
			rerr := g.queue.Resolve(req.ID, v, "user:tty")
			switch {
			case rerr == nil, errors.Is(rerr, ErrAlreadyDecided):
			case ok:
				// Never silently: the person believes the call runs.
				g.logf("your yes to %s on server %s (approval %s) could not be recorded, so the call did not run and stays paused: %s. Allow it with `sentinel mcp allow %s` once the approval queue can be written; otherwise it is denied when the approval times out.",
					redact.String(tool), g.opts.Server, req.ID, rerr, req.ID)
			default:
				g.logf("your no to %s on server %s (approval %s) could not be recorded (%s); the call is denied all the same.",
					redact.String(tool), g.opts.Server, req.ID, rerr)
				endWait(errTTYDenied)
			}
		}()
	}
	dec, err := g.queue.Wait(wctx2, req.ID, g.opts.PollInterval)
	if err != nil {
		if ctx.Err() != nil {
			if !errors.Is(context.Cause(ctx), ErrShutdown) {
				_ = g.queue.Resolve(req.ID, "deny", "cancelled")
			}
			return Outcome{By: "gate", Decision: "cancelled", ApprovalID: req.ID}
		}
		if errors.Is(context.Cause(wctx2), errTTYDenied) {
			return Outcome{By: "user:tty", Decision: "deny", ApprovalID: req.ID}
		}
		if rerr := g.queue.Resolve(req.ID, "deny", "timeout"); rerr != nil && errors.Is(rerr, ErrAlreadyDecided) {
			if e, gerr := g.queue.Get(req.ID); gerr == nil && e.Decision != nil {
				dec = e.Decision
			}
		}
		if dec == nil {
			return Outcome{By: "timeout", Decision: "timeout", ApprovalID: req.ID}
		}
	}
	if dec.Verdict == "allow" {
		if !g.queue.Consume(req.ID) {
			// Used already (another proxy waiting on the same request ran
			// it) or the .used file cannot be written: fail closed.
			return Outcome{By: "gate", Decision: "deny", ApprovalID: req.ID,
				Note: "its approval " + req.ID + " was already used by another call, or could not be marked used"}
		}
		return Outcome{Allowed: true, By: dec.By, Decision: "allow", ApprovalID: req.ID}
	}
	if dec.By == "timeout" {
		return Outcome{By: "timeout", Decision: "timeout", ApprovalID: req.ID}
	}
	return Outcome{By: dec.By, Decision: "deny", ApprovalID: req.ID}
}

// Inventory describes the tools of the last list: name, risk, whether it was
// unannotated, and whether it is withheld.
type InventoryItem struct {
	Tool        string `json:"tool"`
	Risk        Risk   `json:"risk"`
	Unannotated bool   `json:"unannotated"`
	Withheld    string `json:"withheld,omitempty"`
}

// Inventory returns the tools of the last list, sorted by name.
func (g *Gate) Inventory() []InventoryItem {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []InventoryItem
	for name, st := range g.tools {
		out = append(out, InventoryItem{Tool: name, Risk: st.cls.Risk, Unannotated: st.cls.Unannotated, Withheld: st.withheld})
	}
	slices.SortFunc(out, func(a, b InventoryItem) int { return strings.Compare(a.Tool, b.Tool) })
	return out
}

// denyText is the sentence the model reads when a call did not run.
func denyText(server string, d CallDecision, o Outcome, timeout time.Duration) string {
	tool := redact.String(d.Tool)
	switch {
	case d.Withheld:
		// Never the changed description itself: the model must not read the
		// text the tool was withheld for.
		why := d.ModelReason
		if why == "" {
			why = "the tool is withheld"
		}
		return fmt.Sprintf("Sentinel did not run %s on server %s: %s. Do not retry it; tell the user a person must review the change with `sentinel mcp approvals` and approve it with `sentinel mcp allow %s` before it can be used.",
			tool, server, redact.String(why), d.ApprovalID)
	case d.Verdict == VerdictDeny:
		return fmt.Sprintf("Sentinel did not run %s on server %s: %s. Do not retry it; ask the user how to proceed without this tool.", tool, server, redact.String(d.Reason))
	case o.Decision == "timeout":
		return fmt.Sprintf("Sentinel paused %s on server %s for a person's approval (%s) and no one answered within %s, so it did not run. Tell the user it is waiting for approval (`sentinel mcp approvals`, then `sentinel mcp allow`) and retry the same call after they approve it.",
			tool, server, redact.String(d.Reason), timeout)
	case o.Note != "":
		return fmt.Sprintf("Sentinel did not run %s on server %s: %s. Tell the user; a person must approve the call (again) before it can run.", tool, server, o.Note)
	case o.Decision == "cancelled":
		return fmt.Sprintf("Sentinel did not run %s on server %s: the call was cancelled while it waited for approval.", tool, server)
	default:
		return fmt.Sprintf("Sentinel did not run %s on server %s: a person denied it (approval %s; it paused because %s). Do not retry the same call; ask the user what they want instead.",
			tool, server, o.ApprovalID, redact.String(d.Reason))
	}
}
