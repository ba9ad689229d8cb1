package mcpgate_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// scriptServer is a fake tool server spoken to in raw JSON-RPC: it answers
// tools/list with tools, a tools/call with results[name] (or a plain text
// result), any other request with other[method], and records every message
// the proxy delivered to it.
type scriptServer struct {
	tools   string
	results map[string]string
	other   map[string]string
	frames  chan []byte

	mu   sync.Mutex
	got  []string
	once sync.Once
}

func (s *scriptServer) Send(_ context.Context, msg []byte) error {
	s.mu.Lock()
	s.got = append(s.got, string(msg))
	s.mu.Unlock()
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name string `json:"name"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &m) != nil || len(m.ID) == 0 || m.Method == "" {
		return nil
	}
	result := ""
	switch m.Method {
	case "tools/list":
		result = `{"tools":` + s.tools + `}`
	case "tools/call":
		result = s.results[m.Params.Name]
		if result == "" {
			result = `{"content":[{"type":"text","text":"ran ` + m.Params.Name + `"}]}`
		}
	default:
		result = s.other[m.Method]
		if result == "" {
			result = `{}`
		}
	}
	s.frames <- []byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + result + `}`)
	return nil
}

func (s *scriptServer) Recv() ([]byte, error) {
	f, ok := <-s.frames
	if !ok {
		return nil, io.EOF
	}
	return f, nil
}

func (s *scriptServer) Close() error { return nil }

// calls returns the tools/call messages the server received.
func (s *scriptServer) calls() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, g := range s.got {
		if strings.Contains(g, `"tools/call"`) {
			out = append(out, g)
		}
	}
	return out
}

// rawProxy drives a Proxy with raw lines from a fake client.
type rawProxy struct {
	t      *testing.T
	gate   *mcpgate.Gate
	server *scriptServer
	in     io.WriteCloser
	lines  chan string
	done   chan error
	log    *syncBuffer
	dirs   mcpgate.Dirs
}

type rawOpts struct {
	tools   string
	policy  string
	results map[string]string
	other   map[string]string
	paths   func(dirs mcpgate.Dirs) []mcpgate.PathChecker
}

func newRawProxy(t *testing.T, o rawOpts) *rawProxy {
	t.Helper()
	root := t.TempDir()
	dirs := mcpgate.Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s"), Home: filepath.Join(root, "home")}
	pol := mcpgate.DefaultPolicy()
	if o.policy != "" {
		var err error
		if pol, err = mcpgate.ParsePolicy([]byte(o.policy)); err != nil {
			t.Fatal(err)
		}
	}
	var paths []mcpgate.PathChecker
	if o.paths != nil {
		paths = o.paths(dirs)
	}
	log := &syncBuffer{}
	g, err := mcpgate.NewGate(mcpgate.Options{Server: "s", Dirs: dirs, Policy: pol, Log: log, PollInterval: 5 * time.Millisecond,
		Scanner: mcpgate.DefaultScanner(), Paths: paths})
	if err != nil {
		t.Fatal(err)
	}
	srv := &scriptServer{tools: o.tools, results: o.results, other: o.other, frames: make(chan []byte, 64)}
	p := &mcpgate.Proxy{Gate: g, Upstream: srv, Log: log}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	rp := &rawProxy{t: t, gate: g, server: srv, in: inW, lines: make(chan string, 64), done: make(chan error, 1), log: log, dirs: dirs}
	go func() { rp.done <- p.Run(context.Background(), inR, outW) }()
	go func() {
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			rp.lines <- line
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		srv.once.Do(func() { close(srv.frames) })
		select {
		case <-rp.done:
		case <-time.After(10 * time.Second):
			t.Error("the proxy did not stop")
		}
		g.Close()
	})
	return rp
}

func (rp *rawProxy) send(lines ...string) {
	rp.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(rp.in, l+"\n"); err != nil {
			rp.t.Fatal(err)
		}
	}
}

// next returns the next line the client receives, or "" after wait.
func (rp *rawProxy) next(wait time.Duration) string {
	select {
	case l := <-rp.lines:
		return l
	case <-time.After(wait):
		return ""
	}
}

// expect waits for the answer carrying id (skipping notifications).
func (rp *rawProxy) expect(id string) string {
	rp.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case l := <-rp.lines:
			if strings.Contains(l, `"id":`+id+`,`) || strings.Contains(l, `"id":`+id+`}`) {
				return l
			}
		case <-deadline:
			rp.t.Fatalf("no answer with id %s; log:\n%s", id, rp.log.String())
			return ""
		}
	}
}

// list makes the gate judge the server's tools.
func (rp *rawProxy) list() {
	rp.t.Helper()
	rp.send(`{"jsonrpc":"2.0","id":"list","method":"tools/list"}`)
	rp.expect(`"list"`)
}

func (rp *rawProxy) audit() []mcpgate.AuditRecord {
	rp.t.Helper()
	rp.gate.Flush()
	recs, err := rp.gate.Audit().Records()
	if err != nil {
		rp.t.Fatal(err)
	}
	return recs
}

const rawTools = `[{"name":"read_note","annotations":{"readOnlyHint":true}},` +
	`{"name":"write_note","annotations":{"destructiveHint":false}},` +
	`{"name":"delete_note","annotations":{"destructiveHint":true}}]`

// TestProxyRefusesToolsCallNotification: a tools/call without an id (a
// notification, alone or in a batch) would run on the server with no answer
// to pause; it is never forwarded, the client is told nothing (JSON-RPC
// answers no notification) and the audit log records the refusal.
func TestProxyRefusesToolsCallNotification(t *testing.T) {
	for _, tc := range []struct{ name, line string }{
		{"alone", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"delete_note","arguments":{}}}`},
		{"in a batch", `[{"jsonrpc":"2.0","method":"tools/call","params":{"name":"delete_note","arguments":{}}},{"jsonrpc":"2.0","method":"notifications/initialized"}]`},
		{"read tool", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"read_note","arguments":{}}}`},
		{"unlisted tool", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"rm_rf","arguments":{}}}`},
		{"no params", `{"jsonrpc":"2.0","method":"tools/call"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rp := newRawProxy(t, rawOpts{tools: rawTools})
			rp.list()
			rp.send(tc.line, `{"jsonrpc":"2.0","id":99,"method":"ping"}`)
			// The ping's answer comes after anything the proxy said about
			// the notification.
			if l := rp.next(10 * time.Second); !strings.Contains(l, `"id":99`) {
				t.Fatalf("the client was answered for a notification: %s", l)
			}
			if c := rp.server.calls(); len(c) != 0 {
				t.Fatalf("the server received a tools/call notification: %q", c)
			}
			var refused bool
			for _, r := range rp.audit() {
				if r.Event == "call" && r.Decision == "deny" && r.By == "gate" && strings.Contains(r.Reason, "notification") {
					refused = true
				}
			}
			if !refused {
				t.Fatalf("no audit record of the refused notification: %+v", rp.audit())
			}
		})
	}
}
