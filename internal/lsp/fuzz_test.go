package lsp

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// FuzzStream feeds arbitrary bytes to the framing: every input ends in an
// error at its end (never a panic or a hang), and every answer the stream
// writes on its own is a well-framed parse or request error.
func FuzzStream(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}   "))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\nContent-Length: 3\r\n\r\n[1]"))
	f.Add([]byte("\r\n\r\nX: y\r\n\r\n" + strings.Repeat("a", 5000) + "\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		s := newStream(bytes.NewReader(data), &out, nil, func(string) {})
		for i := 0; ; i++ {
			_, _, err := s.Read(context.Background())
			if err != nil {
				if err != io.EOF && err != io.ErrUnexpectedEOF {
					t.Fatalf("unexpected error %v", err)
				}
				break
			}
			if i > len(data) {
				t.Fatal("more messages than bytes")
			}
		}
		for rest := out.String(); rest != ""; {
			if !strings.HasPrefix(rest, "Content-Length: ") {
				t.Fatalf("unframed output %q", rest)
			}
			_, after, _ := strings.Cut(rest, "\r\n\r\n")
			end := strings.Index(after, "Content-Length: ")
			if end < 0 {
				end = len(after)
			}
			if !strings.Contains(after[:end], `"error"`) {
				t.Fatalf("stream wrote something other than an error: %q", after[:end])
			}
			rest = after[end:]
		}
	})
}
