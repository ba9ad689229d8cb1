package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/server"
)

func TestServeAddr(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		name    string
		flag    string
		changed bool
		env     map[string]string
		want    string
		err     string
	}{
		{"default", "127.0.0.1:8000", false, nil, "127.0.0.1:8000", ""},
		{"PORT", "127.0.0.1:8000", false, map[string]string{"PORT": "8001"}, "127.0.0.1:8001", ""},
		{"HOST and PORT", "127.0.0.1:8000", false, map[string]string{"HOST": "::1", "PORT": "9000"}, "[::1]:9000", ""},
		{"HOST localhost", "127.0.0.1:8000", false, map[string]string{"HOST": "localhost"}, "localhost:8000", ""},
		{"flag wins over env", "127.0.0.1:8123", true, map[string]string{"PORT": "8001"}, "127.0.0.1:8123", ""},
		{"network address refused", "0.0.0.0:8000", true, nil, "", "listens on this computer only"},
		{"HOST on the network refused", "127.0.0.1:8000", false, map[string]string{"HOST": "0.0.0.0"}, "", "listens on this computer only"},
		{"no port", "127.0.0.1", true, nil, "", "not an address"},
		{"bad PORT", "127.0.0.1:8000", false, map[string]string{"PORT": "http-ish"}, "", "not a port"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := serveAddr(tc.flag, tc.changed, env(tc.env))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestServeTimeouts(t *testing.T) {
	srv := newHTTPServer(server.Config{})
	if srv.ReadHeaderTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 1<<20 {
		t.Fatalf("server limits: header %v write %v idle %v max header %d", srv.ReadHeaderTimeout, srv.WriteTimeout, srv.IdleTimeout, srv.MaxHeaderBytes)
	}
}

func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var out, errb bytes.Buffer
	code := Main([]string{"serve", "--addr", ln.Addr().String()}, strings.NewReader(""), &out, &errb)
	msg := errb.String()
	if code != ExitUsage || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "already in use") || !strings.Contains(msg, "--addr") {
		t.Fatalf("exit %d, stderr %q", code, msg)
	}
}

func TestServeBadOrigin(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main([]string{"serve", "--allow-origin", "*"}, strings.NewReader(""), &out, &errb)
	if code != ExitUsage || !strings.Contains(errb.String(), "not an origin") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// TestServeEndToEnd runs the real server on a loopback port: the page, the
// API, the Host check, and a clean shutdown.
func TestServeEndToEnd(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, server.Config{CheckHost: true}, &out) }()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Timeout: 10 * time.Second}

	res, err := client.Get(base + "/health")
	if err != nil {
		t.Fatal(err)
	}
	var h server.Health
	json.NewDecoder(res.Body).Decode(&h)
	res.Body.Close()
	if res.StatusCode != 200 || h.Status != "ok" {
		t.Fatalf("/health: %d %+v", res.StatusCode, h)
	}
	res, err = client.Post(base+"/scan/bundle", "application/json", strings.NewReader(
		`{"files":{".claude/settings.json":"{\"hooks\":{\"SessionStart\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"node .claude/hooks/gone.js\"}]}]}}"}}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"verdict": "COMPROMISED"`) {
		t.Fatalf("/scan/bundle: %d %s", res.StatusCode, body)
	}
	req, _ := http.NewRequest("GET", base+"/", nil)
	req.Host = "attacker.example"
	res, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("foreign Host answered %d", res.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("server did not stop")
	}
	if !strings.Contains(out.String(), "Open http://127.0.0.1:") {
		t.Errorf("banner = %q", out.String())
	}
}
