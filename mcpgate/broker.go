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
	return &Broker{queue: q, pins: ps, prompts: pp, audit: al}, nil
}

// Serve answers connections on ln until ctx ends or ln is closed. It
// returns when every connection it took has been answered.
func (b *Broker) Serve(ctx context.Context, ln net.Listener) {
	var wg sync.WaitGroup
	go func() { <-ctx.Done(); ln.Close() }()
	for {
		conn, err := ln.Accept()
		if err != nil {
			break
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
				switch {
				case old == nil, old.Digest == p.Digest:
					pf.Tools[name] = p
				case b.approvedTool(m.Server, prefix+name, p.Digest):
					pf.Tools[name] = p
				default:
					refused = append(refused, name)
				}
			}
			// Pins are never removed through the broker: a removed pin
			// would let a rewritten tool be pinned again on first use.
			return nil
		})
		if err != nil {
			return fail(err)
		}
		if len(refused) > 0 {
			return fail(fmt.Errorf("the broker kept the pinned versions of %v: a changed tool is re-pinned only after a person approves it", refused))
		}
		return brokerReply{OK: true}
	case "audit":
		if err := b.audit.AppendBatch(m.Records); err != nil {
			return fail(err)
		}
		return brokerReply{OK: true}
	}
	return fail(fmt.Errorf("the broker does not do %q", m.Op))
}

// approvedTool reports whether a person allowed this version of the tool
// in the queue.
func (b *Broker) approvedTool(server, tool, digest string) bool {
	e := b.queue.FindTool(server, tool, digest)
	return e != nil && e.Decision != nil && e.Decision.Verdict == "allow"
}
