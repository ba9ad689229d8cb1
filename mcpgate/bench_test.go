package mcpgate_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// BenchmarkReadOnlyCall measures one read-only tools/call round trip from the
// Go SDK client to a stdio tool server, directly and through the gate, side by
// side in one run:
//
//	go test -run '^$' -bench ReadOnlyCall -benchtime 2000x ./mcpgate/
//
// direct: client → server. proxy: client → in-process Proxy → server (the
// gate's own cost). binary: client → `sentinel mcp proxy` process → server,
// as an MCP client really runs it (one more process and pipe hop).
func BenchmarkReadOnlyCall(b *testing.B) {
	benchReadOnlyCall(b)
}

// BenchmarkReadOnlyCallInterleaved alternates one direct and one proxied call
// per iteration, timing each, so load that drifts during a run on a shared
// machine falls on both alike. It reports direct-ns/call, proxy-ns/call and
// their ratio (and binary-ns/call with SENTINEL_TEST_BINARY).
func BenchmarkReadOnlyCallInterleaved(b *testing.B) {
	ctx := context.Background()
	direct := benchSession(b, "direct")
	proxied := benchSession(b, "proxy")
	var bin *mcp.ClientSession
	if os.Getenv("SENTINEL_TEST_BINARY") != "" {
		bin = benchSession(b, "binary")
	}
	params := &mcp.CallToolParams{Name: "read_note", Arguments: map[string]any{}}
	call := func(s *mcp.ClientSession) time.Duration {
		t0 := time.Now()
		r, err := s.CallTool(ctx, params)
		d := time.Since(t0)
		if err != nil || r.IsError {
			b.Fatalf("%v %+v", err, r)
		}
		return d
	}
	var td, tp, tb time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		td += call(direct)
		tp += call(proxied)
		if bin != nil {
			tb += call(bin)
		}
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(td.Nanoseconds())/n, "direct-ns/call")
	b.ReportMetric(float64(tp.Nanoseconds())/n, "proxy-ns/call")
	b.ReportMetric(float64(tp)/float64(td), "proxy/direct")
	if bin != nil {
		b.ReportMetric(float64(tb.Nanoseconds())/n, "binary-ns/call")
		b.ReportMetric(float64(tb)/float64(td), "binary/direct")
	}
}

// benchSession connects a Go SDK client to the notes server directly, through
// an in-process proxy, or through the sentinel binary, and lists its tools.
func benchSession(b *testing.B, how string) *mcp.ClientSession {
	b.Helper()
	root := b.TempDir()
	server := exec.Command(os.Args[0], "-test.run=^$")
	server.Env = append(os.Environ(), "MCPGATE_TEST_SERVER=normal", "NOTES_DIR="+root)
	var t mcp.Transport
	switch how {
	case "direct":
		t = &mcp.CommandTransport{Command: server}
	case "binary":
		cmd := exec.Command(os.Getenv("SENTINEL_TEST_BINARY"), append([]string{"mcp", "proxy", "--approve", "queue", "--name", "notes", "--"}, server.Args...)...)
		cmd.Env = append(server.Env, "HOME="+filepath.Join(root, "home"), "XDG_STATE_HOME="+filepath.Join(root, "home", "state"), "SENTINEL_HOME="+filepath.Join(root, "home", "config"))
		cmd.Dir = filepath.Join(root, "project")
		os.MkdirAll(cmd.Dir, 0o700)
		t = &mcp.CommandTransport{Command: cmd}
	default:
		t = inProcessProxy(b, root, server)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil)
	s, err := c.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	if _, err := s.ListTools(ctx, nil); err != nil {
		b.Fatal(err)
	}
	return s
}

// inProcessProxy runs the gate's proxy in this process in front of the
// server command, with its state under root, and returns the transport a
// client connects through; the proxy stops when the benchmark ends.
func inProcessProxy(b *testing.B, root string, server *exec.Cmd) mcp.Transport {
	b.Helper()
	dirs := mcpgate.Dirs{Config: filepath.Join(root, "config"), State: filepath.Join(root, "state")}
	gate, err := mcpgate.NewGate(mcpgate.Options{Server: "notes", Dirs: dirs, Policy: mcpgate.DefaultPolicy()})
	if err != nil {
		b.Fatal(err)
	}
	up, err := mcpgate.StartStdio(server.Args, server.Env, io.Discard)
	if err != nil {
		gate.Close()
		b.Fatal(err)
	}
	c2pR, c2pW := io.Pipe()
	p2cR, p2cW := io.Pipe()
	done := make(chan struct{})
	go func() {
		(&mcpgate.Proxy{Gate: gate, Upstream: up}).Run(context.Background(), c2pR, p2cW)
		p2cW.Close()
		gate.Close()
		close(done)
	}()
	b.Cleanup(func() { c2pW.Close(); <-done })
	return &mcp.IOTransport{Reader: p2cR, Writer: c2pW}
}

func benchReadOnlyCall(b *testing.B) {
	serverCmd := func(notes string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "MCPGATE_TEST_SERVER=normal", "NOTES_DIR="+notes)
		return cmd
	}
	run := func(b *testing.B, s *mcp.ClientSession) {
		ctx := context.Background()
		if _, err := s.ListTools(ctx, nil); err != nil {
			b.Fatal(err)
		}
		params := &mcp.CallToolParams{Name: "read_note", Arguments: map[string]any{}}
		if _, err := s.CallTool(ctx, params); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			r, err := s.CallTool(ctx, params)
			if err != nil || r.IsError {
				b.Fatalf("%v %+v", err, r)
			}
		}
		b.StopTimer()
	}
	connect := func(b *testing.B, t mcp.Transport) *mcp.ClientSession {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		c := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil)
		s, err := c.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
		if err != nil {
			b.Fatal(err)
		}
		return s
	}

	b.Run("direct", func(b *testing.B) {
		s := connect(b, &mcp.CommandTransport{Command: serverCmd(b.TempDir())})
		defer s.Close()
		run(b, s)
	})

	b.Run("proxy", func(b *testing.B) {
		root := b.TempDir()
		s := connect(b, inProcessProxy(b, root, serverCmd(root)))
		run(b, s)
		s.Close()
	})

	b.Run("binary", func(b *testing.B) {
		bin := os.Getenv("SENTINEL_TEST_BINARY")
		if bin == "" {
			b.Skip("set SENTINEL_TEST_BINARY to a built sentinel to measure the proxy as a separate process")
		}
		root := b.TempDir()
		server := serverCmd(root)
		cmd := exec.Command(bin, append([]string{"mcp", "proxy", "--approve", "queue", "--name", "notes", "--"}, server.Args...)...)
		cmd.Env = append(server.Env, "HOME="+filepath.Join(root, "home"), "XDG_STATE_HOME="+filepath.Join(root, "home", "state"), "SENTINEL_HOME="+filepath.Join(root, "home", "config"))
		cmd.Dir = filepath.Join(root, "project")
		os.MkdirAll(cmd.Dir, 0o700)
		s := connect(b, &mcp.CommandTransport{Command: cmd})
		defer s.Close()
		run(b, s)
	})
}
