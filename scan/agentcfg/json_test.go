package agentcfg

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
)

var jsonSeeds = []string{
	`{}`, `[]`, ` {"a": 1} `, `{"a":/*c*/1,}`, "// c\n{\"a\": [1, 2,],}\n", "/* x */ [true, false, null, -0.5e+3]",
	`{"k\"e\\y": "v\u00e9\n", "n": 01}`, `{"a" 1}`, `[1 2]`, `{,}`, `[,]`, `{"a":1,,}`, `"str"`, `12`, `-`, `1.`, `.5`, `1e`, `+1`,
	"{\"a\": \"\x01\"}", `{"a": "\x"}`, `{"a": "\u12G4"}`, "// é\n{}", "/* \u2028 */{}", "// no newline", "/* open", "{} x", "{}/",
	`{"a": tru}`, `{"a": True}`, `[nulll]`, "\xef\xbb\xbf{}", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./a.sh"}]}]}}`,
}

// TestJSONMatchesHujson: on every seed, jparser either leaves the input to
// hujson or reads the tree hujson reads.
func TestJSONMatchesHujson(t *testing.T) {
	for _, s := range jsonSeeds {
		checkJSONParser(t, []byte(s))
	}
}

func FuzzJSONMatchesHujson(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkJSONParser(t, data) })
}

func checkJSONParser(t *testing.T, data []byte) {
	t.Helper()
	if depth(data) > maxDepth {
		return
	}
	p := jparser{b: data}
	v, ok := p.document()
	hv, err := hujson.Parse(data)
	switch {
	case ok && err != nil:
		t.Fatalf("%q: jparser read what hujson refuses (%v)", data, err)
	case ok && !reflect.DeepEqual(v, fromHujson(&hv)):
		t.Fatalf("%q: jparser read\n%+v\nhujson read\n%+v", data, v, fromHujson(&hv))
	case !ok && err == nil && isASCII(data):
		t.Fatalf("%q: jparser left ASCII JSON that hujson reads to hujson", data)
	}
	if p.tooDeep {
		return // refused; hujson would read on (TestNestingHiddenFromDepth)
	}
	// parseJSON answers as hujson does either way.
	n, perr := parseJSON(data)
	if (perr == nil) != (err == nil) {
		t.Fatalf("%q: parseJSON error %v, hujson error %v", data, perr, err)
	}
	if perr == nil && !reflect.DeepEqual(*n.v, fromHujson(&hv)) {
		t.Fatalf("%q: parseJSON tree differs from hujson's", data)
	}
}

// TestNestingHiddenFromDepth: a quote inside a comment hides the brackets
// after it from the depth pre-check; the parser still refuses to nest
// deeper than maxDepth, so hostile nesting cannot exhaust the stack.
func TestNestingHiddenFromDepth(t *testing.T) {
	data := []byte("// \"\n" + strings.Repeat("[", 100000) + strings.Repeat("]", 100000))
	if d := depth(data); d > maxDepth {
		t.Fatalf("depth sees %d levels; the test needs them hidden", d)
	}
	_, err := parseJSON(data)
	if err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Fatalf("err = %v, want a nesting refusal", err)
	}
}
