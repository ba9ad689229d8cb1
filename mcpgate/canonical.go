package mcpgate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Canonical returns the canonical form of a JSON text: object keys sorted by
// their UTF-16 code units as in RFC 8785, no insignificant white space, strings
// with the minimal escapes, numbers as the server wrote them when they are
// already in shortest form (integers) and otherwise in ECMAScript's shortest
// round-trip form. Two servers' JSON that differ only in key order or spacing
// hash the same; any change to a value does not.
//
// It differs from RFC 8785 in one way, on purpose and as the AGENTS.lock
// schema says: an integer that fits int64 is kept exactly, where RFC 8785
// would write the nearest double (9007199254740993 becomes
// 9007199254740992), so a change beyond 2^53 still changes the digest, and
// pins made before stay valid.
func Canonical(b []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after JSON value")
	}
	var buf bytes.Buffer
	if err := writeCanonical(&buf, v, 0); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeCanonical(buf *bytes.Buffer, v any, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("JSON nested deeper than %d levels", maxDepth)
	}
	switch t := v.(type) {
	case nil:
		buf.WriteString("null")
	case bool:
		if t {
			buf.WriteString("true")
		} else {
			buf.WriteString("false")
		}
	case json.Number:
		s := string(t)
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			buf.WriteString(strconv.FormatInt(n, 10))
			return nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("number %q out of range", s)
		}
		buf.WriteString(es6Number(f))
	case string:
		writeCanonicalString(buf, t)
	case []any:
		buf.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeCanonical(buf, e, depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return utf16Less(keys[i], keys[j]) })
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeCanonicalString(buf, k)
			buf.WriteByte(':')
			if err := writeCanonical(buf, t[k], depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	default:
		return fmt.Errorf("unexpected JSON value %T", v)
	}
	return nil
}

func es6Number(f float64) string {
	if f == 0 {
		return "0"
	}
	abs := f
	if abs < 0 {
		abs = -abs
	}
	if abs >= 1e21 || abs < 1e-6 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Go writes e+21 / e-07; ECMAScript writes e+21 / e-7.
		if i := bytes.IndexByte([]byte(s), 'e'); i >= 0 {
			mant, exp := s[:i], s[i+1:]
			sign := exp[0]
			digits := bytes.TrimLeft([]byte(exp[1:]), "0")
			return mant + "e" + string(sign) + string(digits)
		}
		return s
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func utf16Less(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	for i := 0; i < len(ra) && i < len(rb); i++ {
		ua, ub := utf16Units(ra[i]), utf16Units(rb[i])
		for j := 0; j < len(ua) && j < len(ub); j++ {
			if ua[j] != ub[j] {
				return ua[j] < ub[j]
			}
		}
		if len(ua) != len(ub) {
			return len(ua) < len(ub)
		}
	}
	return len(ra) < len(rb)
}

func utf16Units(r rune) []uint16 {
	if r < 0x10000 {
		return []uint16{uint16(r)}
	}
	r -= 0x10000
	return []uint16{uint16(0xD800 + (r >> 10)), uint16(0xDC00 + (r & 0x3FF))}
}

func writeCanonicalString(buf *bytes.Buffer, s string) {
	buf.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			buf.WriteString(`\"`)
		case r == '\\':
			buf.WriteString(`\\`)
		case r == '\b':
			buf.WriteString(`\b`)
		case r == '\f':
			buf.WriteString(`\f`)
		case r == '\n':
			buf.WriteString(`\n`)
		case r == '\r':
			buf.WriteString(`\r`)
		case r == '\t':
			buf.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(buf, `\u%04x`, r)
		default:
			buf.WriteString(s[i : i+size])
		}
		i += size
	}
	buf.WriteByte('"')
}

// pinnedFields are the parts of a tool definition that a pin covers: what the
// model reads (name, title, description, schemas) and what the gate decides on
// (annotations). _meta and icons are left out; they carry no instruction and
// some servers vary them per list.
var pinnedFields = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}

// ToolDigest returns the canonical JSON of the pinned parts of a tool as the
// server sent it, and its SHA-256 as "sha256:<hex>".
func ToolDigest(raw json.RawMessage) (canonical []byte, digest string, err error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, "", fmt.Errorf("tool definition is not a JSON object: %w", err)
	}
	var sub bytes.Buffer
	sub.WriteByte('{')
	n := 0
	for _, k := range pinnedFields {
		v, ok := obj[k]
		if !ok {
			continue
		}
		if n > 0 {
			sub.WriteByte(',')
		}
		n++
		kb, _ := json.Marshal(k)
		sub.Write(kb)
		sub.WriteByte(':')
		sub.Write(v)
	}
	sub.WriteByte('}')
	canonical, err = Canonical(sub.Bytes())
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(canonical)
	return canonical, "sha256:" + hex.EncodeToString(sum[:]), nil
}
