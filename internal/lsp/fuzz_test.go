package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// FuzzStream feeds arbitrary bytes to the framing: every input ends in an
// error at its end (never a panic or a hang), and every answer the stream
// writes on its own is a well-framed parse or request error.
func FuzzStream(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}   "))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\nContent-Length: 3\r\n\r\n[1]"))
	f.Add([]byte("\r\n\r\nX: y\r\n\r\n" + strings.Repeat("a", 5000) + "\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		s := newStream(bytes.NewReader(data), &out, nil, func(string) {})
		for i := 0; ; i++ {
			_, _, err := s.Read(context.Background())
			if err != nil {
				if err != io.EOF && err != io.ErrUnexpectedEOF {
					t.Fatalf("unexpected error %v", err)
				}
				break
			}
			if i > len(data) {
				t.Fatal("more messages than bytes")
			}
		}
		for rest := out.String(); rest != ""; {
			if !strings.HasPrefix(rest, "Content-Length: ") {
				t.Fatalf("unframed output %q", rest)
			}
			_, after, _ := strings.Cut(rest, "\r\n\r\n")
			end := strings.Index(after, "Content-Length: ")
			if end < 0 {
				end = len(after)
			}
			if !strings.Contains(after[:end], `"error"`) {
				t.Fatalf("stream wrote something other than an error: %q", after[:end])
			}
			rest = after[end:]
		}
	})
}

// FuzzHandle sends one message of any method with any parameters to a
// server that has a document open: no handler may panic (a recovered panic
// is logged as "recovered", which fails the test).
func FuzzHandle(f *testing.F) {
	for _, seed := range []struct{ method, params string }{
		{"textDocument/hover", `{"textDocument":{"uri":"file:///p/CLAUDE.md"},"position":{"line":2,"character":30}}`},
		{"textDocument/codeAction", `{"textDocument":{"uri":"file:///p/CLAUDE.md"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{"diagnostics":[]}}`},
		{"workspace/executeCommand", `{"command":"sentinel.approve","arguments":[{"dir":5}]}`},
		{"workspace/executeCommand", `{"command":"sentinel.showHidden","arguments":[null]}`},
		{"textDocument/didChange", `{"textDocument":{"uri":"file:///p/CLAUDE.md","version":2},"contentChanges":[{"text":"x"}]}`},
		{"textDocument/didClose", `{"textDocument":{"uri":"file:///p/CLAUDE.md"}}`},
		{"workspace/didChangeWorkspaceFolders", `{"event":{"added":[{"uri":"file:///q"}],"removed":[{"uri":"::"}]}}`},
		{"initialize", `{"rootUri":"file://host/x","workspaceFolders":[{"uri":"%zz"}]}`},
	} {
		f.Add(seed.method, seed.params)
	}
	f.Fuzz(func(t *testing.T, method, params string) {
		var log syncBuffer
		s := New(strings.NewReader(""), io.Discard, Options{Log: &log, Debounce: time.Hour})
		s.conn = jsonrpc2.NewConn(s.stream)
		text := maliciousClaude()
		st := fileStateFor(text, nil, nil, "CLAUDE.md")
		s.docs["file:///p/CLAUDE.md"] = &document{uri: "file:///p/CLAUDE.md", local: "/p/CLAUDE.md", root: "/p", rel: "CLAUDE.md", text: text, res: st}
		s.exited = true // no scan is started
		call, err := jsonrpc2.NewCall(jsonrpc2.NewNumberID(1), method, json.RawMessage(params))
		if err != nil || !json.Valid([]byte(params)) {
			return
		}
		_ = s.handle(context.Background(), func(context.Context, any, error) error { return nil }, call)
		s.wg.Wait()
		if strings.Contains(log.String(), "recovered") {
			t.Fatalf("%s %s: %s", method, params, log.String())
		}
	})
}
