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

// jval is a parsed JSON value (JSON with comments and trailing commas, as
// github.com/tailscale/hujson reads it): a literal, an object or an array,
// and where in the source it starts.
type jval struct {
	start   int
	kind    byte   // '{', '[', or the literal's kind: '"', 't', 'f', 'n', '0'
	lit     []byte // a literal as written (a string with its quotes)
	members []jmember
	elems   []jval
}

// jmember is an object member: its name as written, and its value.
type jmember struct {
	name []byte
	val  jval
}

// node is a parsed JSON value and its source, for line numbers.
type node struct {
	v   *jval
	src []byte
}

// parseJSON parses JSON with comments and trailing commas. It refuses input
// nested deeper than maxDepth before parsing, so hostile nesting costs one
// linear pass.
//
// The common case (ASCII comments, if any) is read by jparser in one pass
// without a tree of interfaces; anything it does not accept is handed to
// hujson, whose answer (its tree, or its error message) then stands.
func parseJSON(src []byte) (*node, error) {
	if d := depth(src); d > maxDepth {
		return nil, fmt.Errorf("it is nested %d levels deep, more than any agent config; it was not read", d)
	}
	p := jparser{b: src}
	if v, ok := p.document(); ok {
		return &node{v: &v, src: src}, nil
	}
	if p.tooDeep {
		return nil, fmt.Errorf("it is nested more than %d levels deep, more than any agent config; it was not read", maxDepth)
	}
	hv, err := hujson.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("it is not valid JSON (%s); fix the syntax so agents and Sentinel read the same thing", shortErr(err))
	}
	v := fromHujson(&hv)
	return &node{v: &v, src: src}, nil
}

// fromHujson copies hujson's tree into a jval.
func fromHujson(hv *hujson.Value) jval {
	v := jval{start: hv.StartOffset}
	switch t := hv.Value.(type) {
	case hujson.Literal:
		v.lit = []byte(t)
		v.kind = byte(t.Kind())
	case *hujson.Object:
		v.kind = '{'
		if len(t.Members) > 0 {
			v.members = make([]jmember, len(t.Members))
		}
		for i := range t.Members {
			name, _ := t.Members[i].Name.Value.(hujson.Literal)
			v.members[i] = jmember{name: []byte(name), val: fromHujson(&t.Members[i].Value)}
		}
	case *hujson.Array:
		v.kind = '['
		if len(t.Elements) > 0 {
			v.elems = make([]jval, len(t.Elements))
		}
		for i := range t.Elements {
			v.elems[i] = fromHujson(&t.Elements[i])
		}
	}
	return v
}

// jparser reads the JSON hujson reads, except comments with other than
// ASCII text, which it leaves to hujson. Where it succeeds, hujson succeeds
// with the same tree (FuzzJSONMatchesHujson); where it fails, hujson
// decides.
type jparser struct {
	b       []byte
	depth   int
	tooDeep bool
}

func (p *jparser) document() (jval, bool) {
	n, ok := p.extra(0)
	if !ok || n == len(p.b) {
		return jval{}, false
	}
	v, n, ok := p.value(n)
	if !ok {
		return jval{}, false
	}
	n, ok = p.extra(n)
	return v, ok && n == len(p.b)
}

// extra skips white space and comments.
func (p *jparser) extra(n int) (int, bool) {
	b := p.b
	for n < len(b) {
		switch b[n] {
		case ' ', '\t', '\r', '\n':
			n++
		case '/':
			if n+1 >= len(b) {
				return n, true
			}
			var end string
			switch b[n+1] {
			case '/':
				end = "\n"
			case '*':
				end = "*/"
			default:
				return n, true // not a comment: the value fails
			}
			i := bytes.Index(b[n+2:], []byte(end))
			if i < 0 || !isASCII(b[n+2:n+2+i]) {
				return n, false
			}
			n += 2 + i + len(end)
		default:
			return n, true
		}
	}
	return n, true
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (p *jparser) value(n int) (jval, int, bool) {
	b := p.b
	if n >= len(b) {
		return jval{}, n, false
	}
	v := jval{start: n}
	var ok bool
	switch c := b[n]; c {
	case '{', '[':
		if p.depth++; p.depth > maxDepth {
			p.tooDeep = true
			return v, n, false
		}
		defer func() { p.depth-- }()
		v.kind = c
		if c == '{' {
			n, ok = p.object(&v, n+1)
		} else {
			n, ok = p.array(&v, n+1)
		}
		return v, n, ok
	case '"':
		end, ok := p.str(n)
		if !ok {
			return v, n, false
		}
		v.kind, v.lit = '"', b[n:end:end]
		return v, end, true
	}
	end := n
	for end < len(b) && (b[end] == '-' || b[end] == '+' || b[end] == '.' ||
		'a' <= b[end] && b[end] <= 'z' || 'A' <= b[end] && b[end] <= 'Z' || '0' <= b[end] && b[end] <= '9') {
		end++
	}
	lit := b[n:end:end]
	switch string(lit) {
	case "true", "false", "null":
		v.kind = lit[0]
	default:
		if !isNumber(lit) {
			return v, n, false
		}
		v.kind = '0'
	}
	v.lit = lit
	return v, end, true
}

func (p *jparser) object(v *jval, n int) (int, bool) {
	b := p.b
	for {
		var ok bool
		if n, ok = p.extra(n); !ok || n >= len(b) {
			return n, false
		}
		if b[n] == '}' {
			return n + 1, true // empty, or after a trailing comma
		}
		if b[n] != '"' {
			return n, false
		}
		end, ok := p.str(n)
		if !ok {
			return n, false
		}
		name := b[n:end:end]
		if n, ok = p.extra(end); !ok || n >= len(b) || b[n] != ':' {
			return n, false
		}
		if n, ok = p.extra(n + 1); !ok {
			return n, false
		}
		var val jval
		if val, n, ok = p.value(n); !ok {
			return n, false
		}
		v.members = append(v.members, jmember{name: name, val: val})
		if n, ok = p.extra(n); !ok || n >= len(b) {
			return n, false
		}
		switch b[n] {
		case ',':
			n++
		case '}':
			return n + 1, true
		default:
			return n, false
		}
	}
}

func (p *jparser) array(v *jval, n int) (int, bool) {
	b := p.b
	for {
		var ok bool
		if n, ok = p.extra(n); !ok || n >= len(b) {
			return n, false
		}
		if b[n] == ']' {
			return n + 1, true // empty, or after a trailing comma
		}
		var e jval
		if e, n, ok = p.value(n); !ok {
			return n, false
		}
		v.elems = append(v.elems, e)
		if n, ok = p.extra(n); !ok || n >= len(b) {
			return n, false
		}
		switch b[n] {
		case ',':
			n++
		case ']':
			return n + 1, true
		default:
			return n, false
		}
	}
}

// str returns the end of the JSON string starting at n (at its quote), as
// encoding/json checks one: no control characters, only JSON escapes.
func (p *jparser) str(n int) (int, bool) {
	b := p.b
	for i := n + 1; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return n, false
		case c == '\\':
			if i+1 >= len(b) {
				return n, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return n, false
				}
				i += 6
			default:
				return n, false
			}
		default:
			i++
		}
	}
	return n, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isNumber reports a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
	default:
		return false
	}
	digits := func() bool {
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(b)
}

func shortErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "hujson: ")
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

// depth returns the deepest bracket nesting of src, ignoring strings.
func depth(src []byte) int {
	d, max := 0, 0
	inStr, esc := false, false
	for _, c := range src {
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
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
	off := n.v.start
	if off > len(n.src) {
		off = len(n.src)
	}
	return bytes.Count(n.src[:off], []byte("\n")) + 1
}

// obj returns the node's value if it is an object, or nil.
func (n *node) obj() *jval {
	if n == nil || n.v == nil || n.v.kind != '{' {
		return nil
	}
	return n.v
}

func (n *node) arr() []*node {
	if n == nil || n.v == nil || n.v.kind != '[' {
		return nil
	}
	a := n.v.elems
	out := make([]*node, len(a))
	nodes := make([]node, len(a))
	for i := range a {
		nodes[i] = node{v: &a[i], src: n.src}
		out[i] = &nodes[i]
	}
	return out
}

// get returns the member named key of an object node, or nil.
func (n *node) get(key string) *node {
	o := n.obj()
	if o == nil {
		return nil
	}
	for i := range o.members {
		m := &o.members[i]
		if isKey(m.name, key) {
			return &node{v: &m.val, src: n.src}
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
	out := make([]member, len(o.members))
	nodes := make([]node, len(o.members))
	for i := range o.members {
		m := &o.members[i]
		name, _ := litString(m.name)
		nodes[i] = node{v: &m.val, src: n.src}
		out[i] = member{name, &nodes[i]}
	}
	return out
}

// isKey reports whether an object member's name is key, without making a
// string of a name that holds no escape.
func isKey(l []byte, key string) bool {
	if len(l) < 2 || l[0] != '"' {
		return false
	}
	if bytes.IndexByte(l, '\\') < 0 && utf8.Valid(l) {
		return string(l[1:len(l)-1]) == key
	}
	return hujson.Literal(l).String() == key
}

// litString returns the value of a string literal as written.
func litString(l []byte) (string, bool) {
	if len(l) < 2 || l[0] != '"' {
		return "", false
	}
	// Most strings hold no escape: their value is the bytes between the
	// quotes, as encoding/json's own fast path returns them (the literal is
	// already checked; invalid UTF-8 takes the slow path, which replaces
	// it).
	if bytes.IndexByte(l, '\\') < 0 && utf8.Valid(l) {
		return string(l[1 : len(l)-1]), true
	}
	return hujson.Literal(l).String(), true
}

// str returns a string node's value.
func (n *node) str() (string, bool) {
	if n == nil || n.v == nil || n.v.kind != '"' {
		return "", false
	}
	return litString(n.v.lit)
}

// boolean returns a JSON true/false node's value.
func (n *node) boolean() (bool, bool) {
	if n == nil || n.v == nil {
		return false, false
	}
	switch n.v.kind {
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
	switch n.v.kind {
	case '"':
		if s, ok := litString(n.v.lit); ok && s != "" {
			*out = append(*out, s)
		}
	case '{':
		for _, m := range n.members() {
			m.val.strings(out)
		}
	case '[':
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
	switch n.v.kind {
	case '{':
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
	case '[':
		b.WriteByte('[')
		for i, e := range n.arr() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, e)
		}
		b.WriteByte(']')
	default:
		b.Write(bytes.TrimSpace(n.v.lit))
	}
}
