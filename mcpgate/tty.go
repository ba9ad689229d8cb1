package mcpgate

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/sentinel-sec/sentinel/redact"
)

// TTYPrompter asks on the controlling terminal (/dev/tty), which stays the
// person's even when the proxy's standard streams belong to the MCP client.
type TTYPrompter struct {
	mu  sync.Mutex // one question at a time
	tty *os.File
	r   *bufio.Reader
}

// OpenTTYPrompter returns nil when the process has no controlling terminal.
func OpenTTYPrompter() *TTYPrompter {
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil
	}
	return &TTYPrompter{tty: f, r: bufio.NewReader(f)}
}

// Close releases the terminal.
func (t *TTYPrompter) Close() error { return t.tty.Close() }

// Confirm shows the call and reads y or n. Anything else, or the end of ctx,
// is not an allow.
func (t *TTYPrompter) Confirm(ctx context.Context, r Request) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	fmt.Fprintf(t.tty, "\n[sentinel] %s wants to run %s (%s): %s\n  arguments: %s\n  allow? [y/N] (or `sentinel mcp allow %s` elsewhere) ",
		redact.String(r.Server), redact.String(r.Tool), r.Risk, redact.String(r.Reason), redact.String(truncate(r.Arguments, 400)), r.ID)
	type answer struct {
		s   string
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		s, err := t.r.ReadString('\n')
		ch <- answer{s, err}
	}()
	select {
	case <-ctx.Done():
		fmt.Fprintln(t.tty, "\n[sentinel] decided elsewhere.")
		return false, ctx.Err()
	case a := <-ch:
		if a.err != nil {
			return false, a.err
		}
		s := strings.ToLower(strings.TrimSpace(a.s))
		return s == "y" || s == "yes", nil
	}
}
