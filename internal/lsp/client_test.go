package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// client drives a Server over pipes as an editor would.
type client struct {
	t      testing.TB
	in     io.WriteCloser // the server's standard input
	wmu    sync.Mutex
	nextID int
	msgs   chan map[string]any
	done   chan error
	srv    *Server
	root   string
	log    *syncBuffer
	// backlog holds messages read while waiting for others.
	backlog []map[string]any
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startClient(t testing.TB, root string, opts Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, msgs: make(chan map[string]any, 4096), done: make(chan error, 1), root: root, log: &syncBuffer{}}
	if opts.Log == nil {
		opts.Log = c.log
	}
	if opts.Debounce == 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	c.srv = New(inR, outW, opts)
	go func() {
		err := c.srv.Run(context.Background())
		outW.Close()
		c.done <- err
	}()
	go c.readLoop(outR)
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Errorf("server did not stop after its input closed")
		}
	})
	return c
}

func (c *client) readLoop(r io.Reader) {
	br := bufio.NewReader(r)
	defer close(c.msgs)
	for {
		length := -1
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(br, body); err != nil {
			return
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("server sent invalid JSON: %v: %q", err, body)
			return
		}
		c.msgs <- m
	}
}

func (c *client) sendRaw(body []byte) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n", len(body))
	if _, err := c.in.Write(body); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *client) send(m map[string]any) {
	m["jsonrpc"] = "2.0"
	b, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(b)
}

func (c *client) notify(method string, params any) {
	c.send(map[string]any{"method": method, "params": params})
}

// call sends a request and waits for its answer, collecting notifications
// meanwhile into pending.
func (c *client) call(method string, params any) (result json.RawMessage, rpcErr map[string]any) {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"id": id, "method": method, "params": params})
	m := c.waitFor(func(m map[string]any) bool { return m["id"] == float64(id) && m["method"] == nil }, 20*time.Second, method)
	if e, ok := m["error"].(map[string]any); ok {
		return nil, e
	}
	b, _ := json.Marshal(m["result"])
	return b, nil
}

func (c *client) waitFor(match func(map[string]any) bool, timeout time.Duration, what string) map[string]any {
	c.t.Helper()
	for i, m := range c.backlog {
		if match(m) {
			c.backlog = append(c.backlog[:i:i], c.backlog[i+1:]...)
			return m
		}
	}
	deadline := time.After(timeout)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("server closed its output while waiting for %s; log:\n%s", what, c.log.String())
			}
			if match(m) {
				return m
			}
			c.backlog = append(c.backlog, m)
			if len(c.backlog) > 20000 {
				c.backlog = c.backlog[1:]
			}
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s; log:\n%s", what, c.log.String())
		}
	}
}

// diagnostics waits for the next publishDiagnostics of uri that satisfies
// ok.
func (c *client) diagnostics(uri string, ok func([]diag) bool) []diag {
	c.t.Helper()
	var got []diag
	c.waitFor(func(m map[string]any) bool {
		if m["method"] != "textDocument/publishDiagnostics" {
			return false
		}
		b, _ := json.Marshal(m["params"])
		var p struct {
			URI         string `json:"uri"`
			Diagnostics []diag `json:"diagnostics"`
		}
		_ = json.Unmarshal(b, &p)
		if p.URI != uri {
			return false
		}
		got = p.Diagnostics
		return ok(got)
	}, 30*time.Second, "diagnostics of "+uri)
	return got
}

type diag struct {
	Range struct {
		Start struct{ Line, Character int } `json:"start"`
		End   struct{ Line, Character int } `json:"end"`
	} `json:"range"`
	Severity        int    `json:"severity"`
	Code            string `json:"code"`
	CodeDescription struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

func (c *client) initialize() {
	c.t.Helper()
	res, e := c.call("initialize", map[string]any{
		"processId": nil, "rootUri": fileURI(c.root),
		"capabilities":     map[string]any{},
		"workspaceFolders": []any{map[string]any{"uri": fileURI(c.root), "name": "w"}},
	})
	if e != nil {
		c.t.Fatalf("initialize: %v", e)
	}
	if !strings.Contains(string(res), `"hoverProvider":true`) {
		c.t.Fatalf("initialize result lacks hover: %s", res)
	}
	c.notify("initialized", map[string]any{})
}

func (c *client) open(rel, text string) string {
	uri := fileURI(filepath.Join(c.root, filepath.FromSlash(rel)))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
	return uri
}

func (c *client) change(uri string, version int, text string) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"text": text}},
	})
}

func (c *client) shutdown() error {
	c.t.Helper()
	if _, e := c.call("shutdown", nil); e != nil {
		c.t.Fatalf("shutdown: %v", e)
	}
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		c.done <- err
		return err
	case <-time.After(10 * time.Second):
		c.t.Fatal("server did not exit")
	}
	return nil
}

func writeFile(t testing.TB, root, rel, data string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tags hides s in Unicode tag characters.
func tags(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(0xE0000 + r)
	}
	return b.String()
}

func has(ds []diag, code string) *diag {
	for i := range ds {
		if ds[i].Code == code {
			return &ds[i]
		}
	}
	return nil
}
