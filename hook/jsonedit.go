package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// value is a JSON value that keeps the order of object keys, so editing a
// settings file changes only what Sentinel adds or removes.
type value struct {
	obj    *object
	arr    []*value
	isArr  bool
	scalar json.RawMessage // string, number, bool or null, as written
}

type object struct {
	keys []string
	vals map[string]*value
}

func newObject() *object { return &object{vals: map[string]*value{}} }

func (o *object) get(k string) *value { return o.vals[k] }

func (o *object) set(k string, v *value) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *object) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, kk := range o.keys {
		if kk == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

const maxDepth = 200

// parseValue parses data into a value. Empty input is an empty object.
func parseValue(data []byte) (*value, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &value{obj: newObject()}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

func readValue(dec *json.Decoder, depth int) (*value, error) {
	if depth > maxDepth {
		return nil, errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := newObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, errors.New("object key is not a string")
				}
				v, err := readValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				o.set(k, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return &value{obj: o}, nil
		case '[':
			v := &value{isArr: true}
			for dec.More() {
				e, err := readValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.arr = append(v.arr, e)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return v, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		raw, err := marshal(t)
		if err != nil {
			return nil, err
		}
		return &value{scalar: raw}, nil
	}
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// fromAny converts a plain Go value (maps are written in the key order given
// by an ordered slice) into a value.
func fromAny(v any) *value {
	switch t := v.(type) {
	case kvs:
		o := newObject()
		for _, kv := range t {
			o.set(kv.k, fromAny(kv.v))
		}
		return &value{obj: o}
	case []any:
		out := &value{isArr: true}
		for _, e := range t {
			out.arr = append(out.arr, fromAny(e))
		}
		return out
	default:
		raw, _ := marshal(t)
		return &value{scalar: raw}
	}
}

// kvs is an ordered object literal.
type kvs []kv

type kv struct {
	k string
	v any
}

// str returns the value as a string when it is one.
func (v *value) str() (string, bool) {
	if v == nil || v.scalar == nil || len(v.scalar) == 0 || v.scalar[0] != '"' {
		return "", false
	}
	var s string
	if err := json.Unmarshal(v.scalar, &s); err != nil {
		return "", false
	}
	return s, true
}

// encode writes v indented by two spaces, as the agents write their files.
func (v *value) encode(b *strings.Builder, indent string) {
	switch {
	case v.obj != nil:
		if len(v.obj.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range v.obj.keys {
			kb, _ := marshal(k)
			b.WriteString(indent + "  ")
			b.Write(kb)
			b.WriteString(": ")
			v.obj.vals[k].encode(b, indent+"  ")
			if i < len(v.obj.keys)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString(indent + "}")
	case v.isArr:
		if len(v.arr) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range v.arr {
			b.WriteString(indent + "  ")
			e.encode(b, indent+"  ")
			if i < len(v.arr)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString(indent + "]")
	default:
		b.Write(v.scalar)
	}
}

func (v *value) String() string {
	var b strings.Builder
	v.encode(&b, "")
	b.WriteString("\n")
	return b.String()
}
