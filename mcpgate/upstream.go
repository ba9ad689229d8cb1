package mcpgate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Upstream is the tool server side of the proxy: it carries whole JSON-RPC
// messages (one frame each) to and from the server.
type Upstream interface {
	// Send delivers one message to the server.
	Send(ctx context.Context, msg []byte) error
	// Recv returns the next frame from the server; io.EOF or an error
	// saying why the server went away ends the stream.
	Recv() ([]byte, error)
	// Close stops the server or the connection.
	Close() error
}

// StdioUpstream runs a tool server as a child process and speaks
// newline-delimited JSON-RPC on its standard input and output. Its standard
// error is passed through to the proxy's.
type StdioUpstream struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *os.File
	frames *FrameReader
	wmu    sync.Mutex

	waitOnce sync.Once
	waitErr  error
	done     chan struct{}
}

// StartStdio starts argv with env (nil: the proxy's environment).
func StartStdio(argv []string, env []string, stderr io.Writer) (*StdioUpstream, error) {
	if len(argv) == 0 {
		return nil, errors.New("no tool server command given")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	if stderr == nil {
		stderr = os.Stderr
	}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, w, err := serverPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout = w
	ownGroup(cmd)
	err = cmd.Start()
	w.Close()
	if err != nil {
		stdout.Close()
		return nil, fmt.Errorf("cannot start the tool server %q: %w; check the command after --", argv[0], err)
	}
	u := &StdioUpstream{cmd: cmd, stdin: stdin, stdout: stdout, frames: NewFrameReader(stdout), done: make(chan struct{})}
	return u, nil
}

// Send writes msg and a newline.
func (u *StdioUpstream) Send(_ context.Context, msg []byte) error {
	u.wmu.Lock()
	defer u.wmu.Unlock()
	buf := make([]byte, 0, len(msg)+1)
	buf = append(append(buf, msg...), '\n')
	_, err := u.stdin.Write(buf)
	return err
}

// Recv reads the next line. When the server's output ends it waits for the
// process and reports how it exited.
func (u *StdioUpstream) Recv() ([]byte, error) {
	line, err := u.frames.Next()
	if err == nil {
		return line, nil
	}
	if errors.Is(err, ErrTooLarge) {
		return nil, err
	}
	werr := u.wait()
	if werr != nil {
		return nil, fmt.Errorf("the tool server exited: %v", werr)
	}
	return nil, io.EOF
}

func (u *StdioUpstream) wait() error {
	u.waitOnce.Do(func() {
		u.waitErr = u.cmd.Wait()
		u.stdout.Close()
		close(u.done)
	})
	return u.waitErr
}

// Close closes the server's input, gives it a moment to exit and kills it
// otherwise, with every process it started.
func (u *StdioUpstream) Close() error {
	_ = u.stdin.Close()
	go u.wait()
	select {
	case <-u.done:
	case <-time.After(2 * time.Second):
		killGroup(u.cmd)
		<-u.done
	}
	// Whatever the server started and left behind goes with it.
	killGroup(u.cmd)
	return nil
}

// HTTPUpstream talks to a remote server over Streamable HTTP through the
// official SDK's client transport; the client side of the proxy stays stdio.
type HTTPUpstream struct {
	conn mcp.Connection
	ctx  context.Context
	stop context.CancelFunc
}

// CheckURL accepts https URLs, and plain http only to a loopback host: tool
// arguments and results would otherwise cross the network in the clear.
func CheckURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("--url %q is not an absolute URL such as https://mcp.example.com/mcp", raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		host := u.Hostname()
		if host == "localhost" {
			return nil
		}
		if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
			return nil
		}
		return fmt.Errorf("refusing plain http to %s: tool arguments and results would cross the network unencrypted; use https", host)
	}
	return fmt.Errorf("--url must be https (or http to localhost), not %q", u.Scheme)
}

// DialHTTP connects to endpoint (see CheckURL).
func DialHTTP(ctx context.Context, endpoint string, client *http.Client) (*HTTPUpstream, error) {
	if err := CheckURL(endpoint); err != nil {
		return nil, err
	}
	t := &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: client, MaxRetries: 2}
	cctx, cancel := context.WithCancel(context.Background())
	conn, err := t.Connect(cctx)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("cannot connect to %s: %w", endpoint, err)
	}
	return &HTTPUpstream{conn: conn, ctx: cctx, stop: cancel}, nil
}

// Send decodes msg and posts it.
func (u *HTTPUpstream) Send(ctx context.Context, msg []byte) error {
	m, err := jsonrpc.DecodeMessage(msg)
	if err != nil {
		return err
	}
	return u.conn.Write(ctx, m)
}

// Recv returns the next message from any response stream.
func (u *HTTPUpstream) Recv() ([]byte, error) {
	m, err := u.conn.Read(u.ctx)
	if err != nil {
		if errors.Is(err, io.EOF) || u.ctx.Err() != nil {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("the remote tool server connection failed: %w", err)
	}
	return jsonrpc.EncodeMessage(m)
}

// Close ends the session.
func (u *HTTPUpstream) Close() error {
	err := u.conn.Close()
	u.stop()
	return err
}
