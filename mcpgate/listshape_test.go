package mcpgate_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// listUpstream answers every tools/list with result, as raw bytes.
type listUpstream struct {
	result string
	frames chan []byte
}

func (u *listUpstream) Send(_ context.Context, msg []byte) error {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(msg, &m) == nil && m.Method == "tools/list" {
		u.frames <- []byte(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + u.result + `}`)
	}
	return nil
}

func (u *listUpstream) Recv() ([]byte, error) {
	f, ok := <-u.frames
	if !ok {
		return nil, io.EOF
	}
	return f, nil
}

func (u *listUpstream) Close() error { return nil }

// TestProxyRefusesToolsListItCannotJudge: a tools/list answer whose tools
// are not an array of objects is not passed on for the client to read tools
// from that the gate never judged; the client gets an error saying why.
func TestProxyRefusesToolsListItCannotJudge(t *testing.T) {
	for _, tc := range []struct{ result, want string }{
		{`{"tools":{"rm":{"name":"rm"}}}`, `has no \"tools\" array`},
		{`{"tools":null}`, `has no \"tools\" array`},
		{`{"nextCursor":"x"}`, `has no \"tools\" array`},
		{`[{"name":"rm"}]`, "not a JSON object"},
		{`"tools"`, "not a JSON object"},
		{`{"tools":[{"name":"ro","annotations":{"readOnlyHint":true}}]}`, `"name":"ro"`},
		{`{"tools":[]}`, `"tools":[]`},
	} {
		t.Run(tc.result, func(t *testing.T) {
			root := t.TempDir()
			g, err := mcpgate.NewGate(mcpgate.Options{Server: "s", Dirs: mcpgate.Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}})
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			up := &listUpstream{result: tc.result, frames: make(chan []byte, 4)}
			p := &mcpgate.Proxy{Gate: g, Upstream: up}
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() { done <- p.Run(context.Background(), inR, outW) }()
			go io.WriteString(inW, `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`+"\n")
			lines := make(chan string, 1)
			go func() {
				line, _ := bufio.NewReader(outR).ReadString('\n')
				lines <- line
			}()
			select {
			case line := <-lines:
				if !strings.Contains(line, tc.want) || !strings.Contains(line, `"id":7`) {
					t.Fatalf("client got %s, want it to mention %s", line, tc.want)
				}
				if strings.Contains(tc.want, "array") || strings.Contains(tc.want, "object") {
					if !strings.Contains(line, `"error"`) || strings.Contains(line, `"result"`) {
						t.Fatalf("an unjudged list reached the client: %s", line)
					}
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no answer to tools/list")
			}
			inW.Close()
			close(up.frames)
			<-done
		})
	}
}

// TestProxyParseErrorKeepsTheRequestID: a request the gate refuses to parse
// (a key twice) is answered with its own id when one can be read, so the
// client is not left waiting for an answer that never comes.
func TestProxyParseErrorKeepsTheRequestID(t *testing.T) {
	root := t.TempDir()
	g, err := mcpgate.NewGate(mcpgate.Options{Server: "s", Dirs: mcpgate.Dirs{Config: filepath.Join(root, "c"), State: filepath.Join(root, "s")}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	up := &listUpstream{result: `{"tools":[]}`, frames: make(chan []byte, 4)}
	p := &mcpgate.Proxy{Gate: g, Upstream: up}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- p.Run(context.Background(), inR, outW) }()
	go io.WriteString(inW, `{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"rm","NAME":"ls"}}`+"\n"+
		`{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"name":"rm","name":"ls"}}`+"\n"+
		`{not json`+"\n")
	lines := make(chan string, 3)
	go func() {
		r := bufio.NewReader(outR)
		for i := 0; i < 3; i++ {
			line, _ := r.ReadString('\n')
			lines <- line
		}
	}()
	for _, want := range []string{`"id":14`, `"id":"a-1"`, `"id":null`} {
		select {
		case line := <-lines:
			if !strings.Contains(line, want) || !strings.Contains(line, "did not forward it") {
				t.Fatalf("answer %s, want %s and a parse error", line, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer with %s", want)
		}
	}
	inW.Close()
	close(up.frames)
	<-done
}
