package mcpgate

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestParseMessage(t *testing.T) {
	tests := []struct {
		name, in string
		kind     Kind
		method   string
		err      string
	}{
		{"request", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`, KindRequest, "tools/call", ""},
		{"string id", `{"jsonrpc":"2.0","id":"a","method":"ping"}`, KindRequest, "ping", ""},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, KindNotification, "notifications/initialized", ""},
		{"response", `{"jsonrpc":"2.0","id":1,"result":{}}`, KindResponse, "", ""},
		{"error response null id", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, KindResponse, "", ""},
		{"not json", `{this is not json`, 0, "", "invalid JSON"},
		{"array at top", `"x"`, 0, "", "JSON object"},
		{"no version", `{"id":1,"method":"ping"}`, 0, "", `"jsonrpc": "2.0"`},
		{"wrong version", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, 0, "", `"jsonrpc": "2.0"`},
		{"both", `{"jsonrpc":"2.0","id":1,"method":"ping","result":{}}`, 0, "", "both a request and a response"},
		{"result and error", `{"jsonrpc":"2.0","id":1,"result":{},"error":{}}`, 0, "", "both result and error"},
		{"response without id", `{"jsonrpc":"2.0","result":{}}`, 0, "", "must have an id"},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, 0, "", "string or a number"},
		{"null id request", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, 0, "", "string or a number"},
		{"empty method", `{"jsonrpc":"2.0","id":1,"method":""}`, 0, "", "empty method"},
		{"scalar params", `{"jsonrpc":"2.0","id":1,"method":"x","params":3}`, 0, "", "params must be"},
		{"neither", `{"jsonrpc":"2.0","id":1}`, 0, "", "neither"},
		// A parser that keeps the first "name" and one that keeps the last
		// would judge and run different tools.
		{"duplicate top key", `{"jsonrpc":"2.0","id":1,"method":"ping","method":"tools/call"}`, 0, "", "duplicate key"},
		{"duplicate nested key", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read","name":"delete"}}`, 0, "", "duplicate key"},
		// encoding/json matches keys to fields without regard to case: the
		// gate would judge "read" while the server runs "delete".
		{"name in two cases", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete","NAME":"read"}}`, 0, "", "duplicate key"},
		{"method in two cases", `{"jsonrpc":"2.0","id":1,"method":"tools/call","Method":"ping","params":{"name":"delete"}}`, 0, "", "duplicate key"},
		{"params in two cases", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete"},"PARAMS":{"name":"read"}}`, 0, "", "duplicate key"},
		{"arguments with a long s", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read","arguments":{"path":"/x"},"argument\u017f":{}}}`, 0, "", "duplicate key"},
		{"annotation with a long s", `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","annotations":{"destructiveHint":true,"de\u017ftructiveHint":false}}]}}`, 0, "", "duplicate key"},
		{"a key with the Kelvin sign", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"kind":1,"\u212aIND":2}}`, 0, "", "duplicate key"},
		{"same key in sibling objects", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":{"k":1},"b":{"k":2}}}`, KindRequest, "x", ""},
		{"deep", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":` + strings.Repeat("[", 300) + strings.Repeat("]", 300) + `}}`, 0, "", "nested deeper"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseMessage([]byte(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != tc.kind || m.Method != tc.method || !bytes.Equal(m.Raw, []byte(tc.in)) {
				t.Fatalf("got %v %q raw %q", m.Kind, m.Method, m.Raw)
			}
		})
	}
}

func TestParseFrameSplitsBatches(t *testing.T) {
	msgs, err := ParseFrame([]byte(`[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"}}, {"jsonrpc":"2.0","method":"n"}]`))
	if err != nil || len(msgs) != 2 || msgs[0].Method != "tools/call" || msgs[1].Kind != KindNotification {
		t.Fatalf("%v %+v", err, msgs)
	}
	if _, err := ParseFrame([]byte(`[]`)); err == nil {
		t.Fatal("empty batch accepted")
	}
	if _, err := ParseFrame([]byte(`[{"jsonrpc":"2.0","id":1}]`)); err == nil {
		t.Fatal("invalid batch element accepted")
	}
}

func TestFrameReader(t *testing.T) {
	fr := NewFrameReader(strings.NewReader("a\r\n\n  \nb\nlast"))
	var got []string
	for {
		l, err := fr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(l))
	}
	if strings.Join(got, "|") != "a|b|last" {
		t.Fatalf("frames = %q", got)
	}
	big := strings.Repeat("x", MaxMessageSize+10) + "\n"
	if _, err := NewFrameReader(strings.NewReader(big)).Next(); err != ErrTooLarge {
		t.Fatalf("oversized line: %v", err)
	}
}

func FuzzParseFrame(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"write_file","arguments":{"path":"/tmp/x"}}}`,
		`{"jsonrpc":"2.0","id":"x","result":{"tools":[{"name":"a","annotations":{"readOnlyHint":true}}]}}`,
		`[{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}]`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}`,
		"\xff\xfe{",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		lax, laxErr := parseFrame(b, false)
		msgs, err := ParseFrame(b)
		if err != nil {
			return
		}
		// Whatever the strict parser accepts, the relay's lax parser reads
		// the same way.
		if laxErr != nil || len(lax) != len(msgs) {
			t.Fatalf("strict accepted, lax: %v", laxErr)
		}
		for i := range lax {
			if lax[i].Kind != msgs[i].Kind || lax[i].Method != msgs[i].Method || lax[i].IDKey() != msgs[i].IDKey() {
				t.Fatalf("lax and strict differ: %+v vs %+v", lax[i], msgs[i])
			}
		}
		for _, m := range msgs {
			// Whatever parses must be re-parseable from its own bytes with the
			// same verdict, and a request must have a method.
			again, err := ParseMessage(m.Raw)
			if err != nil {
				t.Fatalf("Raw of a parsed message does not parse: %v", err)
			}
			if again.Kind != m.Kind || again.Method != m.Method || again.IDKey() != m.IDKey() {
				t.Fatalf("re-parse differs: %+v vs %+v", again, m)
			}
			if (m.Kind == KindRequest || m.Kind == KindNotification) && m.Method == "" {
				t.Fatal("request without method")
			}
			if m.Kind == KindRequest && m.Method == "tools/call" {
				_ = ArgumentPaths(m.Params)
			}
			if _, err := Canonical(m.Raw); err != nil {
				t.Fatalf("a valid message has no canonical form: %v", err)
			}
		}
	})
}

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{"https://mcp.example.com/mcp", "http://127.0.0.1:8080/mcp", "http://localhost/mcp", "http://[::1]:9/x"} {
		if err := CheckURL(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://mcp.example.com/mcp", "ftp://x/y", "mcp.example.com", "http://10.0.0.5/mcp"} {
		if err := CheckURL(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestFrameReaderDiscardsOversizedLine: after a line longer than
// MaxMessageSize the reader skips to the end of that line; the rest of it
// is never returned as a message of its own.
func TestFrameReaderDiscardsOversizedLine(t *testing.T) {
	tail := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rm"}}`
	big := strings.Repeat("x", MaxMessageSize+200000) + tail // several buffers past the limit
	for _, tc := range []struct {
		name, input string
		want        []string
	}{
		{"then a message", big + "\n" + `{"a":1}` + "\n", []string{`{"a":1}`}},
		{"at the end", big, nil},
		{"just over", strings.Repeat("y", MaxMessageSize+1) + "\n" + `{"b":2}` + "\n", []string{`{"b":2}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fr := NewFrameReader(strings.NewReader(tc.input))
			if _, err := fr.Next(); !errors.Is(err, ErrTooLarge) {
				t.Fatalf("first frame: %v, want ErrTooLarge", err)
			}
			var got []string
			for {
				line, err := fr.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, string(line))
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("after the oversized line: %.80q, want %q", got, tc.want)
			}
		})
	}
}
