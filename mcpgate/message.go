package mcpgate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/internal/jsonkeys"
)

// MaxMessageSize bounds one newline-delimited message. A tool server or client
// that sends a longer line is treated as broken rather than buffered forever.
const MaxMessageSize = 32 << 20

// Kind is what a JSON-RPC message is: a request expecting an answer, a
// notification, or a response.
type Kind int

const (
	KindRequest Kind = iota + 1
	KindNotification
	KindResponse
)

func (k Kind) String() string {
	switch k {
	case KindRequest:
		return "request"
	case KindNotification:
		return "notification"
	case KindResponse:
		return "response"
	}
	return "invalid"
}

// Message is one JSON-RPC 2.0 message as it arrived. Raw holds its exact
// bytes, so a message the gate does not judge is relayed unchanged; the other
// fields are views into it for the gate to decide on.
type Message struct {
	Raw    []byte
	Kind   Kind
	ID     json.RawMessage // nil for notifications
	Method string
	Params json.RawMessage
	Result json.RawMessage
	Error  json.RawMessage
}

// IDKey is a comparable form of a request ID: its JSON text without
// surrounding space, so 7 and "7" stay distinct.
func (m *Message) IDKey() string { return string(bytes.TrimSpace(m.ID)) }

type wireMessage struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// ErrBatch is returned by ParseMessage for a JSON array; use ParseFrame.
var ErrBatch = errors.New("a JSON-RPC batch is not a single message")

// ParseFrame parses one line from the wire. A JSON-RPC batch (an array, which
// MCP no longer allows but older peers send) is split into its messages so that
// every element is judged on its own; a batch element's Raw is its own bytes.
func ParseFrame(line []byte) ([]*Message, error) { return parseFrame(line, true) }

// parseFrame is ParseFrame with the duplicate-key walk optional: the proxy
// skips it for server messages the gate does not judge, and runs it on the
// ones it does (tools/list results).
func parseFrame(line []byte, strict bool) ([]*Message, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil, errors.New("empty message")
	}
	if line[0] != '[' {
		m, err := parseMessage(line, strict)
		if err != nil {
			return nil, err
		}
		return []*Message{m}, nil
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(line, &elems); err != nil {
		return nil, fmt.Errorf("invalid JSON-RPC batch: %w", err)
	}
	if len(elems) == 0 {
		return nil, errors.New("empty JSON-RPC batch")
	}
	out := make([]*Message, 0, len(elems))
	for i, e := range elems {
		m, err := parseMessage(e, strict)
		if err != nil {
			return nil, fmt.Errorf("batch element %d: %w", i, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// ParseMessage parses and validates one JSON-RPC 2.0 message. It rejects
// duplicate object keys anywhere in the message: two parsers that keep
// different copies of a duplicated "name" or "method" would let a call be
// judged as one tool and run as another.
func ParseMessage(b []byte) (*Message, error) { return parseMessage(b, true) }

func parseMessage(b []byte, strict bool) (*Message, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return nil, errors.New("a JSON-RPC message must be a JSON object")
	}
	if strict {
		if err := checkDuplicateKeys(b); err != nil {
			return nil, err
		}
	} else if !json.Valid(b) {
		return nil, errors.New("invalid JSON")
	}
	var w wireMessage
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("invalid JSON-RPC message: %w", err)
	}
	if w.JSONRPC == nil || *w.JSONRPC != "2.0" {
		return nil, errors.New(`missing "jsonrpc": "2.0"`)
	}
	m := &Message{Raw: b, Params: w.Params, Result: w.Result, Error: w.Error}
	hasID := len(w.ID) > 0
	if hasID {
		switch w.ID[0] {
		case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			m.ID = w.ID
		case 'n': // null: only valid on an error response
			if w.Method != nil || w.Error == nil {
				return nil, errors.New("id must be a string or a number")
			}
			m.ID = w.ID
		default:
			return nil, errors.New("id must be a string or a number")
		}
	}
	switch {
	case w.Method != nil:
		if *w.Method == "" {
			return nil, errors.New("empty method name")
		}
		if w.Result != nil || w.Error != nil {
			return nil, errors.New("a message cannot be both a request and a response")
		}
		if len(w.Params) > 0 && w.Params[0] != '{' && w.Params[0] != '[' {
			return nil, errors.New("params must be an object or an array")
		}
		m.Method = *w.Method
		if hasID {
			m.Kind = KindRequest
		} else {
			m.Kind = KindNotification
		}
	case w.Result != nil || w.Error != nil:
		if !hasID {
			return nil, errors.New("a response must have an id")
		}
		if w.Result != nil && w.Error != nil {
			return nil, errors.New("a response cannot have both result and error")
		}
		m.Kind = KindResponse
	default:
		return nil, errors.New("neither a request (method) nor a response (result or error)")
	}
	return m, nil
}

// maxDepth bounds nesting so that a hostile message cannot make the duplicate
// key walk (or anything after it) recurse without limit.
const maxDepth = 256

// checkDuplicateKeys rejects an object that has one key twice. Keys are
// compared as encoding/json matches them to a struct's fields, that is with
// Unicode case folding: {"name":"delete","NAME":"read"} is judged as read by
// the gate (the last match wins) but run as delete by a server that reads
// "name" exactly, so it counts as a duplicate too.
func checkDuplicateKeys(b []byte) error {
	err := jsonkeys.Check(b, maxDepth, foldKey, nil)
	var dup *jsonkeys.DuplicateError
	var deep *jsonkeys.DepthError
	switch {
	case err == nil, errors.As(err, &deep):
		return err
	case errors.As(err, &dup):
		return fmt.Errorf("duplicate key %q (keys that differ only in case are one key to the gate's parser)", dup.Name)
	}
	return fmt.Errorf("invalid JSON: %w", err)
}

// foldKey maps a key to one spelling per case-folding class (the same
// classes as bytes.EqualFold, which encoding/json uses): each rune becomes
// the smallest rune of its simple-folding orbit, so "K", "k" and the Kelvin
// sign, or "s", "S" and the long s, are one.
func foldKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || ('a' <= c && c <= 'z') {
			ascii = false
			break
		}
	}
	if ascii {
		return s // nothing to fold: no lower-case letter, nothing beyond ASCII
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < m {
				m = f
			}
		}
		b.WriteRune(m)
	}
	return b.String()
}

// FrameReader reads newline-delimited messages (the MCP stdio transport).
type FrameReader struct {
	r *bufio.Reader
}

// NewFrameReader returns a reader of newline-delimited frames from r.
func NewFrameReader(r io.Reader) *FrameReader {
	return &FrameReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// ErrTooLarge is returned for a line longer than MaxMessageSize; the whole
// line is consumed, and the next call reads the line after it.
var ErrTooLarge = fmt.Errorf("message longer than %d bytes", MaxMessageSize)

// Next returns the next non-empty line without its line ending. The slice is
// owned by the caller. It returns io.EOF at a clean end of input; a final
// line without a newline is still returned.
func (f *FrameReader) Next() ([]byte, error) {
	for {
		var line []byte
		for {
			chunk, err := f.r.ReadSlice('\n')
			if len(line)+len(chunk) > MaxMessageSize {
				// Skip the rest of this line, so that its tail is never
				// read as a message of its own.
				for err == bufio.ErrBufferFull {
					_, err = f.r.ReadSlice('\n')
				}
				return nil, ErrTooLarge
			}
			line = append(line, chunk...)
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil {
				if err == io.EOF && len(bytes.TrimSpace(line)) > 0 {
					return bytes.TrimRight(line, "\r\n"), nil
				}
				return nil, err
			}
			break
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return line, nil
	}
}
