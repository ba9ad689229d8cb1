package mcpgate_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// chanUpstream is a tool server in memory: Recv returns what is put on
// frames and io.EOF once Close (or hangUp) has been called.
type chanUpstream struct {
	frames chan []byte
	once   sync.Once
	gone   chan struct{}
}

func newChanUpstream() *chanUpstream {
	return &chanUpstream{frames: make(chan []byte, 16), gone: make(chan struct{})}
}

func (u *chanUpstream) Send(ctx context.Context, msg []byte) error { return nil }

func (u *chanUpstream) Recv() ([]byte, error) {
	select {
	case f := <-u.frames:
		return f, nil
	case <-u.gone:
		return nil, io.EOF
	}
}

func (u *chanUpstream) Close() error { u.once.Do(func() { close(u.gone) }); return nil }

func leakGate(t *testing.T) *mcpgate.Gate {
	t.Helper()
	root := t.TempDir()
	dirs := mcpgate.Dirs{Config: filepath.Join(root, "config"), State: filepath.Join(root, "state")}
	g, err := mcpgate.NewGate(mcpgate.Options{Server: "notes", Dirs: dirs, Policy: mcpgate.DefaultPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A program that embeds the gate and closes it keeps no goroutine of it,
// and a second Close, a Flush after Close and an audit record after Close
// neither hang nor panic.
func TestGateCloseLeaksNoGoroutine(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	g := leakGate(t)
	g.Flush()
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	g.Flush()
}

// Proxy.Run returns having ended every goroutine it started, however the
// session ends: the client closes its input, the server goes away while the
// client's pipe is still open, or the caller cancels.
func TestProxyRunLeaksNoGoroutine(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, p *mcpgate.Proxy, up *chanUpstream) error
	}{
		{"client closes its input", func(t *testing.T, p *mcpgate.Proxy, up *chanUpstream) error {
			in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")
			return p.Run(context.Background(), in, io.Discard)
		}},
		{"server goes away, client pipe open", func(t *testing.T, p *mcpgate.Proxy, up *chanUpstream) error {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close()
			time.AfterFunc(50*time.Millisecond, func() { up.Close() })
			err = p.Run(context.Background(), r, io.Discard)
			if err == nil {
				t.Error("Run returned nil when the server went away")
			}
			// The caller's pipe is usable again: the deadline was cleared.
			go w.Write([]byte("x"))
			buf := make([]byte, 1)
			if _, rerr := r.Read(buf); rerr != nil {
				t.Errorf("the client's pipe is left unreadable: %v", rerr)
			}
			return nil
		}},
		{"caller cancels", func(t *testing.T, p *mcpgate.Proxy, up *chanUpstream) error {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close()
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			if err := p.Run(ctx, r, io.Discard); !errors.Is(err, context.Canceled) {
				t.Errorf("Run = %v, want context.Canceled", err)
			}
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			g := leakGate(t)
			defer g.Close()
			up := newChanUpstream()
			p := &mcpgate.Proxy{Gate: g, Upstream: up, ServerTimeout: time.Second}
			done := make(chan error, 1)
			go func() { done <- tc.run(t, p, up) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("Run did not return")
			}
			g.Close()
		})
	}
}
