package mcpgate

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// BrokerEnv names the socket of the state broker. Under `sentinel run`'s
// write wall the agent's process tree (and so every gateway it starts) sees
// Sentinel's state folder read-only; the unconfined `sentinel run` process
// serves this socket and writes on the gateway's behalf.
//
// The broker takes records, never decisions: a new approval request, the
// use of an approval a person gave, a first-use pin (or a re-pin a person
// approved in the queue), audit records. Nothing sent to it can allow a
// call, approve a tool or rewrite the past, so a forged message does no
// more than a misbehaving gateway could do in its own memory. When the
// variable is missing or the broker is gone, writes fail and the gateway
// fails closed as it does on any unwritable state folder.
const BrokerEnv = "SENTINEL_BROKER"

// brokerMsg is one request on the broker's socket (one JSON object a line).
type brokerMsg struct {
	Op      string   `json:"op"` // submit, consume, pin, audit
	Request *Request `json:"request,omitempty"`
	ID      string   `json:"id,omitempty"`
	Server  string   `json:"server,omitempty"`
	Pins    *PinFile `json:"pins,omitempty"`
	// Store names the pin store: "" for tools, "prompts" for prompts.
	Store   string        `json:"store,omitempty"`
	Records []AuditRecord `json:"records,omitempty"`
}

type brokerReply struct {
	Request *Request `json:"request,omitempty"`
	OK      bool     `json:"ok"`
	Err     string   `json:"err,omitempty"`
}

// brokerClient talks to the broker: one connection per call, so a gateway
// shared by goroutines needs no pool and a restarted broker is picked up.
type brokerClient struct{ path string }

// brokerFromEnv returns the client when the process runs behind a broker.
func brokerFromEnv() *brokerClient {
	if p := os.Getenv(BrokerEnv); p != "" {
		return &brokerClient{path: p}
	}
	return nil
}

func (c *brokerClient) call(m brokerMsg) (brokerReply, error) {
	var rep brokerReply
	conn, err := net.DialTimeout("unix", c.path, 5*time.Second)
	if err != nil {
		return rep, fmt.Errorf("cannot reach Sentinel's state broker (%v): the state folder is read-only inside `sentinel run`'s wall and only the broker may write it", err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	if err := json.NewEncoder(conn).Encode(m); err != nil {
		return rep, fmt.Errorf("cannot write to Sentinel's state broker: %w", err)
	}
	if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&rep); err != nil {
		return rep, fmt.Errorf("no answer from Sentinel's state broker: %w", err)
	}
	if rep.Err != "" {
		return rep, errors.New(rep.Err)
	}
	return rep, nil
}

// Broker writes Sentinel's gateway state on behalf of gateways that cannot.
type Broker struct {
	queue   *Queue
	pins    *PinStore
	prompts *PinStore
	audit   *AuditLog
	scan    DescriptionScanner
	// mu serialises pin checks against the queue with their writes.
	mu sync.Mutex
}

// NewBroker opens the state in dirs with direct file access (the process
// calling it must be outside the wall).
func NewBroker(dirs Dirs) (*Broker, error) {
	q, err := OpenQueue(dirs.QueueDir())
	if err != nil {
		return nil, err
	}
	q.remote = nil
	q.remote = nil
	// Gateways behind the broker cannot clear the queue of finished calls;
	// it is done here, once, as a gateway outside the wall does on start.
	_, _ = q.Collect()
	ps := OpenPinStore(dirs.PinDir())
	ps.remote = nil
	pp := OpenPinStore(filepath.Join(dirs.PinDir(), "prompts"))
	pp.remote = nil
	al := OpenAuditLog(dirs.AuditPath())
	al.remote = nil
	return &Broker{queue: q, pins: ps, prompts: pp, audit: al, scan: DefaultScanner()}, nil
}

// Serve answers connections on ln until ctx ends or ln is closed. It
// returns when every connection it took has been answered.
func (b *Broker) Serve(ctx context.Context, ln net.Listener) {
	var wg sync.WaitGroup
	go func() { <-ctx.Done(); ln.Close() }()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				break
			}
			// Out of descriptors (a flood of connections): wait and go on,
			// so the broker outlives the flood.
			time.Sleep(10 * time.Millisecond)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
			var m brokerMsg
			dec := json.NewDecoder(bufio.NewReader(conn))
			var rep brokerReply
			if err := dec.Decode(&m); err != nil {
				rep.Err = "the broker could not read the request: " + err.Error()
			} else {
				rep = b.handle(m)
			}
			_ = json.NewEncoder(conn).Encode(rep)
		}()
	}
	wg.Wait()
	b.audit.Close()
}

func (b *Broker) handle(m brokerMsg) brokerReply {
	fail := func(err error) brokerReply { return brokerReply{Err: err.Error()} }
	switch m.Op {
	case "submit":
		if m.Request == nil {
			return fail(errors.New("submit without a request"))
		}
		r := *m.Request
		// The broker sets what the requester may not choose.
		r.ID, r.Created = "", time.Time{}
		r, err := b.queue.Submit(r)
		if err != nil {
			return fail(err)
		}
		return brokerReply{OK: true, Request: &r}
	case "consume":
		if !idPattern.MatchString(m.ID) {
			return fail(fmt.Errorf("%q is not an approval ID", m.ID))
		}
		// Only an approval a person gave can be used up: consuming a
		// waiting request would spend the person's later "allow".
		e, err := b.queue.Get(m.ID)
		if err != nil {
			return fail(err)
		}
		if e.Decision == nil || e.Decision.Verdict != "allow" {
			return fail(fmt.Errorf("approval %s is not allowed, so there is nothing to use", m.ID))
		}
		return brokerReply{OK: b.queue.Consume(m.ID)}
	case "pin":
		if m.Pins == nil || m.Server == "" {
			return fail(errors.New("pin without a server or pins"))
		}
		store, prefix := b.pins, ""
		switch m.Store {
		case "":
		case "prompts":
			store, prefix = b.prompts, PromptPrefix
		default:
			return fail(fmt.Errorf("the broker has no pin store %q", m.Store))
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		var refused []string
		err := store.Update(m.Server, func(pf *PinFile) error {
			for name, p := range m.Pins.Tools {
				if p == nil {
					continue
				}
				old := pf.Tools[name]
				if old != nil && old.Digest == p.Digest {
					continue // already pinned: nothing the sender says changes it
				}
				np, err := b.checkPin(m.Server, prefix, name, p, old == nil)
				if err != nil {
					refused = append(refused, name+" ("+err.Error()+")")
					continue
				}
				pf.Tools[name] = np
			}
			// Pins are never removed through the broker: a removed pin
			// would let a rewritten tool be pinned again on first use.
			return nil
		})
		if err != nil {
			return fail(err)
		}
		if len(refused) > 0 {
			return fail(fmt.Errorf("the broker did not pin %s", strings.Join(refused, "; ")))
		}
		return brokerReply{OK: true}
	case "audit":
		// The broker dates what it writes: a sender may not put a record in
		// the past.
		now := time.Now().UTC()
		for i := range m.Records {
			m.Records[i].Time = now
		}
		if err := b.audit.AppendBatch(m.Records); err != nil {
			return fail(err)
		}
		return brokerReply{OK: true}
	}
	return fail(fmt.Errorf("the broker does not do %q", m.Op))
}

// checkPin returns the pin the broker writes for a tool (or, with prefix
// PromptPrefix, a prompt) a gateway asks to pin, or why it refuses. It
// trusts nothing the sender computed: the digest is recomputed from the
// definition, the risk from its annotations, the time is the broker's, and
// "approved by a person" must be a person's "allow" in the queue. A new
// tool whose text the scanner flags is pinned only after such an allow,
// as the gate itself would withhold it.
func (b *Broker) checkPin(server, prefix, name string, p *Pin, first bool) (*Pin, error) {
	var canon []byte
	var dig string
	var err error
	var cls Classification
	if prefix == PromptPrefix {
		canon, dig, err = PromptDigest(p.Definition)
	} else {
		canon, dig, err = ToolDigest(p.Definition)
		cls = ClassifyTool(p.Definition)
	}
	if err != nil {
		return nil, err
	}
	if dig != p.Digest {
		return nil, errors.New("its digest does not match its definition")
	}
	approved := b.approvedTool(server, prefix+name, dig)
	switch {
	case approved:
	case !first:
		return nil, errors.New("a changed version is pinned only after a person approves it")
	case p.By != "first-use":
		return nil, fmt.Errorf("%q is not a decision the broker can confirm", p.By)
	case len(b.scan.ScanDescription(toolText(canon))) > 0:
		return nil, errors.New("its text is aimed at the model; a person must approve it")
	}
	by := "first-use"
	if approved {
		by = "user:queue"
	}
	return &Pin{Name: name, Digest: dig, Definition: canon, Risk: cls.Risk, Unannotated: cls.Unannotated, PinnedAt: time.Now().UTC(), By: by}, nil
}

// approvedTool reports whether a person allowed this version of the tool
// in the queue.
func (b *Broker) approvedTool(server, tool, digest string) bool {
	e := b.queue.FindTool(server, tool, digest)
	return e != nil && e.Decision != nil && e.Decision.Verdict == "allow"
}
