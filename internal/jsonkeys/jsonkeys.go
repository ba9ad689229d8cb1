// Package jsonkeys finds what encoding/json accepts in silence: a member name
// given twice in one object, where the last one wins while a person (or
// another parser) reads the first.
package jsonkeys

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// DuplicateError is a member name that one object gives twice; Name is the
// second spelling.
type DuplicateError struct{ Name string }

func (e *DuplicateError) Error() string { return fmt.Sprintf("%q appears twice in one object", e.Name) }

// DepthError is JSON nested deeper than the limit Check was given.
type DepthError struct{ Max int }

func (e *DepthError) Error() string { return fmt.Sprintf("JSON nested deeper than %d levels", e.Max) }

// Check walks data, one JSON document, token by token. It returns a
// *DuplicateError for the first member name an object gives twice, names
// being compared after canon (nil compares them as written); each, when not
// nil, sees every member name in order and may refuse it with an error,
// which Check returns. Nesting deeper than maxDepth (0: no limit of its own)
// is a *DepthError, and malformed JSON the decoder's error; a document that
// ends early is not reported, so decode it as well.
func Check(data []byte, maxDepth int, canon func(string) string, each func(name string) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		obj  bool
		seen map[string]struct{}
		name bool // the next token of this object is a member name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if name, ok := tok.(string); ok && top != nil && top.obj && top.name {
			k := name
			if canon != nil {
				k = canon(name)
			}
			if _, dup := top.seen[k]; dup {
				return &DuplicateError{Name: name}
			}
			if each != nil {
				if err := each(name); err != nil {
					return err
				}
			}
			if top.seen == nil {
				top.seen = map[string]struct{}{}
			}
			top.seen[k] = struct{}{}
			top.name = false
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if maxDepth > 0 && len(stack) >= maxDepth {
				return &DepthError{Max: maxDepth}
			}
			stack = append(stack, &frame{obj: tok == json.Delim('{'), name: tok == json.Delim('{')})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			top = nil
			if len(stack) > 0 {
				top = stack[len(stack)-1]
			}
		}
		// A value (or a closed object or array) ends a member: a name comes next.
		if top != nil && top.obj {
			top.name = true
		}
	}
}
