package mcpgate

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1, "a":[true,false,null]}`, `{"a":[true,false,null],"b":1}`},
		{`{"s":"\u00e9\n\u0001\"/"}`, `{"s":"é\n\u0001\"/"}`},
		{`[1.0, 1e2, 0.000001, 1e-7, 1e21, -0]`, `[1,100,0.000001,1e-7,1e+21,0]`},
		// Integers that fit int64 are kept exactly, beyond 2^53 too (RFC 8785
		// would round them to a double; the lock schema documents this).
		{`[9007199254740993, 9223372036854775807, -9223372036854775808]`, `[9007199254740993,9223372036854775807,-9223372036854775808]`},
		// Past int64 they are doubles, as in RFC 8785 (2^63 + 1 rounds).
		{`[9223372036854775809]`, `[9223372036854776000]`},
		// Beyond a double: an error, never a guess.
		{`[1e400]`, ``},
		{`{"\u20ac":1,"\r":2,"1":3,"\ud83d\ude00":4,"\u0080":5}`, "{\"\\r\":2,\"1\":3,\"\u0080\":5,\"€\":1,\"\U0001F600\":4}"},
	}
	for _, tc := range tests {
		got, err := Canonical([]byte(tc.in))
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), "out of range") {
				t.Errorf("Canonical(%s) = %s, %v; want an out-of-range error", tc.in, got, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if string(got) != tc.want {
			t.Errorf("Canonical(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	if _, err := Canonical([]byte(`{"a":1} x`)); err == nil {
		t.Error("trailing data accepted")
	}
}

func TestToolDigest(t *testing.T) {
	a := `{"name":"w","description":"Write.","inputSchema":{"type":"object"},"annotations":{"destructiveHint":false},"_meta":{"x":1}}`
	// Same tool, other key order and spacing, other _meta: same digest.
	b := `{ "annotations": {"destructiveHint": false}, "_meta": {"x": 2}, "inputSchema": {"type": "object"}, "description": "Write.", "name": "w" }`
	// One character of the description changed.
	c := strings.Replace(a, "Write.", "Write!", 1)
	// Annotation flipped.
	d := strings.Replace(a, `"destructiveHint":false`, `"readOnlyHint":true`, 1)
	_, da, _ := ToolDigest([]byte(a))
	_, db, _ := ToolDigest([]byte(b))
	_, dc, _ := ToolDigest([]byte(c))
	_, dd, _ := ToolDigest([]byte(d))
	if da != db {
		t.Error("key order or _meta changed the digest")
	}
	if da == dc || da == dd || !strings.HasPrefix(da, "sha256:") {
		t.Errorf("digests %s %s %s", da, dc, dd)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		tool        string
		risk        Risk
		unannotated bool
	}{
		{`{"name":"a"}`, RiskDestructive, true},
		{`{"name":"a","annotations":null}`, RiskDestructive, true},
		{`{"name":"a","annotations":{}}`, RiskDestructive, true},
		{`{"name":"a","annotations":{"title":"A"}}`, RiskDestructive, true},
		{`{"name":"a","annotations":{"readOnlyHint":true}}`, RiskRead, false},
		{`{"name":"a","annotations":{"readOnlyHint":true,"destructiveHint":true}}`, RiskRead, false},
		{`{"name":"a","annotations":{"readOnlyHint":false}}`, RiskDestructive, false},
		{`{"name":"a","annotations":{"destructiveHint":false}}`, RiskWrite, false},
		{`{"name":"a","annotations":{"readOnlyHint":false,"destructiveHint":true}}`, RiskDestructive, false},
		{`{"name":"a","annotations":{"readOnlyHint":"yes"}}`, RiskDestructive, true},
		// Keys in another case are no annotation to a client, so none to the
		// gate either (encoding/json would have matched them).
		{`{"name":"a","annotations":{"READONLYHINT":true}}`, RiskDestructive, true},
		{`{"name":"a","annotations":{"ReadOnlyHint":true,"destructiveHint":false}}`, RiskWrite, false},
		{`{"name":"a","Annotations":{"readOnlyHint":true}}`, RiskDestructive, true},
		{`{"name":"a","annotations":{"readOnlyHint":null,"destructiveHint":false}}`, RiskWrite, false},
		{`{"name":"a","annotations":"read-only"}`, RiskDestructive, true},
	}
	for _, tc := range tests {
		c := ClassifyTool([]byte(tc.tool))
		if c.Risk != tc.risk || c.Unannotated != tc.unannotated || c.Why == "" {
			t.Errorf("%s: %+v, want %s unannotated=%v", tc.tool, c, tc.risk, tc.unannotated)
		}
	}
}

// Tool definitions come from the server: the canonical form must accept any
// JSON without failing, produce valid JSON, and be a fixed point.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{
		`{"name":"w","description":"Write.","inputSchema":{"type":"object","properties":{"a":{"type":"number","maximum":1e400}}}}`,
		`[1.5e-7, -0, "\u2028\ud800", {"b":1,"a":2}]`,
		`{"\u00e9":1,"e\u0301":2}`,
		`"\x7f"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Canonical(b)
		if err != nil {
			return
		}
		if !json.Valid(c) {
			t.Fatalf("canonical form is not valid JSON: %q", c)
		}
		c2, err := Canonical(c)
		if err != nil || string(c2) != string(c) {
			t.Fatalf("not a fixed point:\n%q\n%q (%v)", c, c2, err)
		}
		// The same value (-0 and 0 are one number, as in RFC 8785).
		var a, bb any
		if json.Unmarshal(b, &a) == nil && json.Unmarshal(c, &bb) == nil && !reflect.DeepEqual(a, bb) {
			t.Fatalf("canonical form changed the value:\n%v\n%v", a, bb)
		}
	})
}
