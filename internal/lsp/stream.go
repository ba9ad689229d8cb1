package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// MaxMessage is the largest message the server reads. An editor sends a
// whole document on each change (full sync), so this bounds the largest
// document: Sentinel reads 16 MiB of a file, and a JSON string may double
// its size when escaped.
const MaxMessage = 48 << 20

// maxHeaderLine bounds one header line; a longer one is skipped.
const maxHeaderLine = 4 << 10

// stream frames messages with the base protocol's Content-Length headers.
// The library's own stream (jsonrpc2.NewStream) ends the connection on the
// first body that is not JSON-RPC and allocates whatever length a header
// names; this one answers a malformed message with a parse error (id null,
// as JSON-RPC 2.0 says), skips a message larger than MaxMessage, and reads
// on. Only a broken pipe ends it.
type stream struct {
	in  *bufio.Reader
	out io.Writer
	c   io.Closer
	wmu sync.Mutex
	log func(string)
}

func newStream(r io.Reader, w io.Writer, c io.Closer, log func(string)) *stream {
	return &stream{in: bufio.NewReaderSize(r, 64<<10), out: w, c: c, log: log}
}

func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		length, n, err := s.header()
		if err != nil {
			return nil, n, err
		}
		switch {
		case length < 0:
			s.log("a message without a valid Content-Length header was skipped")
			continue
		case length > MaxMessage:
			if _, err := io.CopyN(io.Discard, s.in, length); err != nil {
				return nil, n, err
			}
			s.log(fmt.Sprintf("a message of %d bytes was skipped: the server reads messages of at most %d MiB", length, MaxMessage>>20))
			s.replyError(jsonrpc2.InvalidRequest, fmt.Sprintf("message too large (%d bytes; at most %d MiB)", length, MaxMessage>>20))
			continue
		}
		data := make([]byte, length)
		if _, err := io.ReadFull(s.in, data); err != nil {
			return nil, n, err
		}
		msg, err := jsonrpc2.DecodeMessage(data)
		if err != nil {
			s.log("a message that is not JSON-RPC 2.0 was answered with a parse error: " + err.Error())
			s.replyError(jsonrpc2.ParseError, "not a JSON-RPC 2.0 message: "+err.Error())
			continue
		}
		return msg, n + length, nil
	}
}

// header reads one header block and returns the content length, or -1 when
// the block had none that could be used.
func (s *stream) header() (int64, int64, error) {
	var total int64
	length := int64(-1)
	for {
		line, err := s.in.ReadSlice('\n')
		total += int64(len(line))
		if err == bufio.ErrBufferFull || (err == nil && len(line) > maxHeaderLine) {
			// A line longer than any header: skip the rest of it.
			for err == bufio.ErrBufferFull {
				line, err = s.in.ReadSlice('\n')
				total += int64(len(line))
			}
			if err != nil {
				return 0, total, err
			}
			length = -1
			continue
		}
		if err != nil {
			return 0, total, err
		}
		l := strings.TrimRight(string(line), "\r\n")
		if l == "" {
			if length == -1 && total <= 2 {
				continue // a stray blank line between messages
			}
			return length, total, nil
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			length = -1
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || v <= 0 {
				length = -1
				continue
			}
			length = v
		}
	}
}

func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	data, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	return s.writeRaw(data)
}

func (s *stream) writeRaw(data []byte) (int64, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "Content-Length: %d\r\n\r\n", len(data))
	buf.Write(data)
	s.wmu.Lock()
	defer s.wmu.Unlock()
	n, err := s.out.Write(buf.Bytes())
	return int64(n), err
}

// replyError answers a message whose id could not be read (JSON-RPC 2.0:
// the id is null).
func (s *stream) replyError(code jsonrpc2.Code, message string) {
	body, _ := json.Marshal(struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", Error: struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	}{int64(code), message}})
	_, _ = s.writeRaw(body)
}

func (s *stream) Close() error {
	if s.c != nil {
		return s.c.Close()
	}
	return nil
}
