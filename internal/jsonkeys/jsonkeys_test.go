package jsonkeys

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	lower := strings.ToLower
	tests := []struct {
		name, in string
		canon    func(string) string
		dup      string // the duplicate reported, or ""
	}{
		{"clean", `{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}`, nil, ""},
		{"twice", `{"a":1,"b":2,"a":3}`, nil, "a"},
		{"twice in a nested object", `{"x":[{"k":1,"k":2}]}`, nil, "k"},
		{"after a nested value", `{"a":{"b":[1,{"c":2}]},"a":0}`, nil, "a"},
		{"value equal to a name is not a name", `{"a":"a","b":"a"}`, nil, ""},
		{"case differs, exact", `{"name":"x","NAME":"y"}`, nil, ""},
		{"case differs, folded", `{"name":"x","NAME":"y"}`, lower, "NAME"},
		{"scalars", `"a"`, nil, ""},
	}
	for _, tt := range tests {
		err := Check([]byte(tt.in), 0, tt.canon, nil)
		var d *DuplicateError
		switch {
		case tt.dup == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.dup != "" && (!errors.As(err, &d) || d.Name != tt.dup):
			t.Errorf("%s: %v, want %q twice", tt.name, err, tt.dup)
		}
	}
}

func TestCheckDepthEachAndSyntax(t *testing.T) {
	var d *DepthError
	if err := Check([]byte(`[[[1]]]`), 2, nil, nil); !errors.As(err, &d) || d.Max != 2 {
		t.Errorf("depth: %v", err)
	}
	if err := Check([]byte(`[[1]]`), 2, nil, nil); err != nil {
		t.Errorf("depth at the limit: %v", err)
	}
	var names []string
	refuse := errors.New("refused")
	err := Check([]byte(`{"a":{"b":1},"c":2}`), 0, nil, func(n string) error {
		names = append(names, n)
		if n == "c" {
			return refuse
		}
		return nil
	})
	if err != refuse || strings.Join(names, ",") != "a,b,c" {
		t.Errorf("each: %v %v", err, names)
	}
	if err := Check([]byte(`{"a":]`), 0, nil, nil); err == nil {
		t.Error("malformed JSON passed")
	}
}

// FuzzCheck: any input is walked without a panic, and valid JSON is refused
// only for a name given twice or for its depth.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `[{"a":{"b":[]}}]`, `{"A":1,"a":2}`, `{`, `[[[[]]]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := Check([]byte(s), 3, strings.ToLower, nil)
		var d *DuplicateError
		var deep *DepthError
		if err != nil && json.Valid([]byte(s)) && !errors.As(err, &d) && !errors.As(err, &deep) {
			t.Fatalf("%q: valid JSON refused: %v", s, err)
		}
	})
}
