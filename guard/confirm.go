package guard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"golang.org/x/term"

	"github.com/sentinel-sec/sentinel/internal/termsafe"
	"github.com/sentinel-sec/sentinel/redact"
)

// ErrNoTerminal is the cause of a rejection when TerminalConfirm has no
// controlling terminal to ask on.
var ErrNoTerminal = errors.New("no terminal to ask on")

// TerminalOption configures TerminalConfirm.
type TerminalOption func(*terminalConfig)

type terminalConfig struct {
	in     io.Reader
	out    io.Writer
	color  *bool
	getenv func(string) string
}

// WithStreams makes TerminalConfirm ask on in and out instead of the
// controlling terminal (tests, or a terminal the program already holds).
func WithStreams(in io.Reader, out io.Writer) TerminalOption {
	return func(c *terminalConfig) { c.in, c.out = in, out }
}

// WithColor forces colour on or off. By default colour is used on a
// terminal unless NO_COLOR is set (to anything) or TERM is "dumb".
func WithColor(on bool) TerminalOption { return func(c *terminalConfig) { c.color = &on } }

// WithGetenv replaces os.Getenv for the NO_COLOR and TERM checks.
func WithGetenv(getenv func(string) string) TerminalOption {
	return func(c *terminalConfig) { c.getenv = getenv }
}

// TerminalConfirm returns a ConfirmFunc that shows the call (tool, risk in
// colour, action, diff, warnings) and asks "Proceed? [y/N]" on the
// controlling terminal, /dev/tty (CONIN$/CONOUT$ on Windows), so it works
// even when stdin and stdout carry a protocol. Only "y" or "yes" approves;
// anything else, end of input, or a cancelled context rejects. With no
// terminal it rejects with an error wrapping ErrNoTerminal that says why.
// Everything printed is passed through redact.String, and control
// characters from file contents are shown escaped, never sent raw.
//
// It is safe for concurrent use: calls made at the same time are asked one
// after the other (every TerminalConfirm on the controlling terminal shares
// one queue; one with WithStreams queues its own calls), so an answer always
// belongs to the prompt shown last. A call waiting its turn returns when its
// context ends. After a cancelled question the next one is shown only once
// the pending line has been read and thrown away, which on the controlling
// terminal is at once (the terminal is closed) and on other streams is the
// next line.
func TerminalConfirm(opts ...TerminalOption) ConfirmFunc {
	cfg := terminalConfig{getenv: os.Getenv}
	for _, o := range opts {
		o(&cfg)
	}
	turn := ttyTurn
	if cfg.in != nil && cfg.out != nil {
		turn = make(chan struct{}, 1)
	}
	return func(ctx context.Context, req ConfirmRequest) (bool, error) {
		select {
		case turn <- struct{}{}:
		case <-ctx.Done():
			return false, ctx.Err()
		}
		release := func() { <-turn }
		in, out, closeFn, isTTY, err := cfg.streams()
		if err != nil {
			release()
			return false, err
		}
		color := colorEnabled(isTTY, cfg.getenv)
		if cfg.color != nil {
			color = *cfg.color
		}
		if _, err := io.WriteString(out, RenderPrompt(req, color)); err != nil {
			closeFn()
			release()
			return false, fmt.Errorf("cannot write the confirmation prompt: %w", err)
		}
		// The reader owns the turn until its read returns, so a line typed
		// for a question that was cancelled can never answer the next one.
		answer := make(chan string, 1)
		go func() {
			defer release()
			answer <- readLine(in)
		}()
		defer closeFn()
		select {
		case <-ctx.Done():
			io.WriteString(out, "\n")
			return false, ctx.Err()
		case line := <-answer:
			switch strings.ToLower(strings.TrimSpace(line)) {
			case "y", "yes":
				return true, nil
			}
			return false, nil
		}
	}
}

// ttyTurn is held by the TerminalConfirm call that is asking on the
// controlling terminal.
var ttyTurn = make(chan struct{}, 1)

// readLine reads up to and including the first newline, one byte at a
// time so that nothing after it (the answer to the next question) is
// consumed. Only the first 1 KiB of a longer line is kept; the rest of it
// is read and dropped.
func readLine(r io.Reader) string {
	var line []byte
	var b [1]byte
	for {
		n, err := r.Read(b[:])
		if n == 1 {
			if b[0] == '\n' {
				break
			}
			if len(line) < 1024 {
				line = append(line, b[0])
			}
		}
		if err != nil {
			break
		}
	}
	return string(line)
}

// colorEnabled follows https://no-color.org: NO_COLOR set to anything
// non-empty turns colour off, as does TERM=dumb or a non-terminal.
func colorEnabled(isTTY bool, getenv func(string) string) bool {
	return isTTY && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

func (c terminalConfig) streams() (io.Reader, io.Writer, func(), bool, error) {
	if c.in != nil && c.out != nil {
		return c.in, c.out, func() {}, false, nil
	}
	inName, outName := "/dev/tty", "/dev/tty"
	if runtime.GOOS == "windows" {
		inName, outName = "CONIN$", "CONOUT$"
	}
	in, err := os.OpenFile(inName, ttyOpenFlag, 0)
	if err != nil {
		return nil, nil, nil, false, fmt.Errorf("%w (%s: %v): the call is rejected; run the agent from a terminal or give guard a custom ConfirmFunc", ErrNoTerminal, inName, err)
	}
	out := in
	if outName != inName {
		out, err = os.OpenFile(outName, ttyOpenFlag, 0)
		if err != nil {
			in.Close()
			return nil, nil, nil, false, fmt.Errorf("%w (%s: %v): the call is rejected; run the agent from a terminal or give guard a custom ConfirmFunc", ErrNoTerminal, outName, err)
		}
	}
	closeFn := func() {
		in.Close()
		if out != in {
			out.Close()
		}
	}
	return in, out, closeFn, isTerminal(out), nil
}

// isTerminal asks through SyscallConn, not Fd: Fd would put the file back
// in blocking mode, and a pending read could then not be ended by Close.
func isTerminal(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	tty := false
	rc.Control(func(fd uintptr) { tty = term.IsTerminal(int(fd)) })
	return tty
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
)

// RenderPrompt is the text TerminalConfirm prints: tool, risk, action, diff,
// warnings and the question. Custom ConfirmFuncs that talk to a terminal
// can reuse it.
func RenderPrompt(req ConfirmRequest, color bool) string {
	paint := func(code, s string) string {
		if !color || s == "" {
			return s
		}
		return code + s + ansiReset
	}
	risk := req.Risk
	if risk == "" {
		risk = RiskMedium
	}
	riskColor := ansiYellow
	switch risk {
	case RiskLow:
		riskColor = ansiGreen
	case RiskHigh:
		riskColor = ansiRed + ansiBold
	}
	var b strings.Builder
	b.WriteString("\n")
	fmt.Fprintf(&b, "Tool:   %s\n", safe(req.Name))
	fmt.Fprintf(&b, "Risk:   %s\n", paint(riskColor, safe(strings.ToUpper(string(risk)))))
	fmt.Fprintf(&b, "Action: %s\n", safe(req.Description))
	if d := req.DryRun; d != nil {
		if d.Description != "" && d.Description != req.Description {
			fmt.Fprintf(&b, "Preview: %s\n", safe(d.Description))
		}
		if d.Diff != "" {
			b.WriteString("\nDiff:\n")
			for _, line := range strings.SplitAfter(strings.TrimSuffix(d.Diff, "\n"), "\n") {
				line = strings.TrimSuffix(line, "\n")
				s := safe(line)
				switch {
				case strings.HasPrefix(line, "+++"), strings.HasPrefix(line, "---"):
					s = paint(ansiBold, s)
				case strings.HasPrefix(line, "@@"):
					s = paint(ansiCyan, s)
				case strings.HasPrefix(line, "+"):
					s = paint(ansiGreen, s)
				case strings.HasPrefix(line, "-"):
					s = paint(ansiRed, s)
				}
				b.WriteString(s)
				b.WriteString("\n")
			}
		}
		if len(d.Warnings) > 0 {
			b.WriteString("\n")
			for _, w := range d.Warnings {
				fmt.Fprintf(&b, "%s %s\n", paint(ansiRed+ansiBold, "WARNING:"), safe(w))
			}
		}
	}
	b.WriteString("\nProceed? [y/N] ")
	return b.String()
}

// safe redacts secrets and writes every character that could drive the
// terminal or change how a line reads as a visible escape (internal/termsafe,
// the one rule every Sentinel prompt uses), so a file's content can neither
// leak a token nor make the person approve something other than what is
// written.
func safe(s string) string { return termsafe.String(redact.String(s)) }
