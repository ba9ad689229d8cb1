package agentcfg

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tailscale/hujson"
)

// maxDepth bounds how deeply nested a config may be before it is refused:
// real agent configs are a handful of levels deep.
const maxDepth = 256

// node is a parsed JSON value with its position, for line numbers.
type node struct {
	v   *hujson.Value
	src []byte
}

// parseJSON parses JSON with comments and trailing commas. It refuses input
// nested deeper than maxDepth before parsing, so hostile nesting costs one
// linear pass.
func parseJSON(src []byte) (*node, error) {
	if d := depth(src); d > maxDepth {
		return nil, fmt.Errorf("it is nested %d levels deep, far deeper than any agent config; check that it is the file you meant", d)
	}
	v, err := hujson.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("it is not valid JSON (%s); fix the syntax so agents and Sentinel read the same thing", shortErr(err))
	}
	return &node{v: &v, src: src}, nil
}

func shortErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "hujson: ")
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

// depth returns the deepest bracket nesting of src, ignoring strings and
// comments as hujson reads them: a quote inside a comment opens no string,
// so it cannot hide the brackets after it from this check.
func depth(src []byte) int {
	d, max := 0, 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '/':
			switch {
			case i+1 < len(src) && src[i+1] == '/':
				for i < len(src) && src[i] != '\n' {
					i++
				}
			case i+1 < len(src) && src[i+1] == '*':
				end := bytes.Index(src[i+2:], []byte("*/"))
				if end < 0 {
					return max
				}
				i += 2 + end + 1
			}
		case '{', '[':
			d++
			if d > max {
				max = d
			}
		case '}', ']':
			d--
		}
	}
	return max
}

// line returns the 1-based line of the node's start.
func (n *node) line() int {
	if n == nil || n.v == nil {
		return 0
	}
	off := n.v.StartOffset
	if off > len(n.src) {
		off = len(n.src)
	}
	return bytes.Count(n.src[:off], []byte("\n")) + 1
}

func (n *node) obj() *hujson.Object {
	if n == nil || n.v == nil {
		return nil
	}
	o, _ := n.v.Value.(*hujson.Object)
	return o
}

func (n *node) arr() []*node {
	if n == nil || n.v == nil {
		return nil
	}
	a, ok := n.v.Value.(*hujson.Array)
	if !ok {
		return nil
	}
	out := make([]*node, len(a.Elements))
	nodes := make([]node, len(a.Elements))
	for i := range a.Elements {
		nodes[i] = node{v: &a.Elements[i], src: n.src}
		out[i] = &nodes[i]
	}
	return out
}

// get returns the member named key of an object node, or nil. With a key
// written twice the last one counts, as JSON.parse, VS Code's JSONC reader
// and encoding/json all read it: an earlier, harmless copy must not hide
// the value the agent uses.
func (n *node) get(key string) *node {
	o := n.obj()
	if o == nil {
		return nil
	}
	for i := len(o.Members) - 1; i >= 0; i-- {
		m := &o.Members[i]
		if isKey(m.Name.Value, key) {
			return &node{v: &m.Value, src: n.src}
		}
	}
	return nil
}

// member is one key and value of a JSON object.
type member struct {
	key string
	val *node
}

// members returns an object's members in source order.
func (n *node) members() []member {
	o := n.obj()
	if o == nil {
		return nil
	}
	out := make([]member, len(o.Members))
	nodes := make([]node, len(o.Members))
	for i := range o.Members {
		m := &o.Members[i]
		name, _ := litString(m.Name.Value)
		nodes[i] = node{v: &m.Value, src: n.src}
		out[i] = member{name, &nodes[i]}
	}
	return out
}

// isKey reports whether an object member's name is key, without making a
// string of a name that holds no escape.
func isKey(v hujson.ValueTrimmed, key string) bool {
	l, ok := v.(hujson.Literal)
	if !ok || l.Kind() != '"' {
		return false
	}
	if len(l) >= 2 && bytes.IndexByte(l, '\\') < 0 && utf8.Valid(l) {
		return string(l[1:len(l)-1]) == key
	}
	return l.String() == key
}

func litString(v hujson.ValueTrimmed) (string, bool) {
	l, ok := v.(hujson.Literal)
	if !ok || l.Kind() != '"' {
		return "", false
	}
	// Most strings hold no escape: their value is the bytes between the
	// quotes, as encoding/json's own fast path returns them (hujson has
	// already checked the literal; invalid UTF-8 takes the slow path, which
	// replaces it).
	if len(l) >= 2 && bytes.IndexByte(l, '\\') < 0 && utf8.Valid(l) {
		return string(l[1 : len(l)-1]), true
	}
	return l.String(), true
}

// str returns a string node's value.
func (n *node) str() (string, bool) {
	if n == nil || n.v == nil {
		return "", false
	}
	return litString(n.v.Value)
}

// boolean returns a JSON true/false node's value.
func (n *node) boolean() (bool, bool) {
	if n == nil || n.v == nil {
		return false, false
	}
	l, ok := n.v.Value.(hujson.Literal)
	if !ok {
		return false, false
	}
	switch l.Kind() {
	case 't':
		return true, true
	case 'f':
		return false, true
	}
	return false, false
}

// strings returns every string value below n (used to read config text as
// instructions).
func (n *node) strings(out *[]string) {
	if n == nil || n.v == nil {
		return
	}
	switch v := n.v.Value.(type) {
	case hujson.Literal:
		if s, ok := litString(v); ok && s != "" {
			*out = append(*out, s)
		}
	case *hujson.Object:
		for _, m := range n.members() {
			m.val.strings(out)
		}
	case *hujson.Array:
		for _, e := range n.arr() {
			e.strings(out)
		}
	}
}

// stringMap reads an object of strings (env, headers).
func (n *node) stringMap() map[string]string {
	ms := n.members()
	if len(ms) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, m := range ms {
		if s, ok := m.val.str(); ok {
			out[m.key] = s
		}
	}
	return out
}

// stringList reads an array of strings.
func (n *node) stringList() []string {
	var out []string
	for _, e := range n.arr() {
		if s, ok := e.str(); ok {
			out = append(out, s)
		}
	}
	return out
}

// canonical returns the node's JSON in a canonical form (standard JSON,
// object keys sorted, no insignificant space) for hashing.
func (n *node) canonical() []byte {
	if n == nil || n.v == nil {
		return nil
	}
	var b bytes.Buffer
	writeCanonical(&b, n)
	return b.Bytes()
}

func writeCanonical(b *bytes.Buffer, n *node) {
	switch v := n.v.Value.(type) {
	case hujson.Literal:
		b.Write(bytes.TrimSpace([]byte(v)))
	case *hujson.Object:
		ms := n.members()
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].key < ms[j].key })
		b.WriteByte('{')
		for i, m := range ms {
			if i > 0 {
				b.WriteByte(',')
			}
			k := hujson.String(m.key)
			b.Write(k)
			b.WriteByte(':')
			writeCanonical(b, m.val)
		}
		b.WriteByte('}')
	case *hujson.Array:
		b.WriteByte('[')
		for i, e := range n.arr() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, e)
		}
		b.WriteByte(']')
	}
}
