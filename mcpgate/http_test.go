package mcpgate_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// A remote server over Streamable HTTP behind the gate; the client side is
// stdio as an MCP client launches it. Only 2025-11-25: with go-sdk v1.8.0 a
// 2026-07-28 client over Streamable HTTP does not complete its handshake even
// without the proxy (the stateless revision is tested over stdio).
func TestProxyStreamableHTTPUpstream(t *testing.T) {
	for _, v := range []string{"2025-11-25"} {
		t.Run(v, func(t *testing.T) {
			root := t.TempDir()
			notes := filepath.Join(root, "notes")
			os.MkdirAll(notes, 0o700)
			srv := buildTestServer("normal", notes)
			ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
			t.Cleanup(ts.Close)

			dirs := mcpgate.Dirs{Config: filepath.Join(root, "config"), State: filepath.Join(root, "state")}
			gate, err := mcpgate.NewGate(mcpgate.Options{Server: "remote", Dirs: dirs, Policy: mcpgate.DefaultPolicy(), PollInterval: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { gate.Close() })
			up, err := mcpgate.DialHTTP(context.Background(), ts.URL, nil)
			if err != nil {
				t.Fatal(err)
			}
			c2pR, c2pW := io.Pipe()
			p2cR, p2cW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				err := (&mcpgate.Proxy{Gate: gate, Upstream: up}).Run(context.Background(), c2pR, p2cW)
				p2cW.Close()
				done <- err
			}()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			c := mcp.NewClient(&mcp.Implementation{Name: "http-test", Version: "1"}, nil)
			s, err := c.Connect(ctx, &mcp.IOTransport{Reader: p2cR, Writer: c2pW}, &mcp.ClientSessionOptions{ProtocolVersion: v})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.InitializeResult().ProtocolVersion; got != v {
				t.Fatalf("protocol %s, want %s", got, v)
			}
			if _, err := s.ListTools(ctx, nil); err != nil {
				t.Fatal(err)
			}
			r, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "read_note", Arguments: map[string]any{}})
			if err != nil || r.IsError {
				t.Fatalf("read over HTTP: %v %+v", err, r)
			}
			ch := make(chan *mcp.CallToolResult, 1)
			go func() {
				r, _ := s.CallTool(ctx, &mcp.CallToolParams{Name: "write_note", Arguments: map[string]any{"text": "remote"}})
				ch <- r
			}()
			var id string
			for id == "" && ctx.Err() == nil {
				list, _ := gate.Queue().List()
				for _, e := range list {
					if e.Tool == "write_note" && e.Status == mcpgate.StatusPending {
						id = e.ID
					}
				}
				time.Sleep(10 * time.Millisecond)
			}
			if _, err := os.Stat(filepath.Join(notes, "note.txt")); err == nil {
				t.Fatal("the write reached the remote server before approval")
			}
			gate.Queue().Resolve(id, "allow", "user:queue")
			if r := <-ch; r == nil || r.IsError || !strings.Contains(text(r), "written") {
				t.Fatalf("allowed remote write: %+v", r)
			}
			if b, _ := os.ReadFile(filepath.Join(notes, "note.txt")); string(b) != "remote" {
				t.Fatalf("note = %q", b)
			}
			s.Close()
			c2pW.Close()
			<-done
		})
	}
}
