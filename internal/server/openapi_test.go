package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
)

// TestOpenAPIMatchesHandlers sends a request for every response the
// document promises, checks that the real handler gives that status, and
// validates the body against the documented schema. It also checks that
// every route the server answers is documented, and the reverse.
func TestOpenAPIMatchesHandlers(t *testing.T) {
	s := New(Config{})
	h := s.Handler()
	rec := do(t, h, exchange{method: "GET", path: "/openapi.json"})
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("/openapi.json: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
		Comps   struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi = %q", doc.OpenAPI)
	}

	ct, mp := multipartBody(t, []mpart{{"file", "CLAUDE.md", "hello"}})
	ct2, mp2 := multipartBody(t, []mpart{{"files", ".claude/settings.json", orphanSettings}})
	big := `{"text":"` + strings.Repeat("a", MaxFileBytes+1) + `"}`
	// One request per documented (path, method, status).
	cases := map[string]exchange{
		"GET /health 200":     {method: "GET", path: "/health"},
		"POST /scan/text 200": postJSON("/scan/text", []byte(`{"filename":"CLAUDE.md","text":"hello"}`)),
		"POST /scan/text 413": postJSON("/scan/text", []byte(big)),
		"POST /scan/text 415": {method: "POST", path: "/scan/text", ctype: "text/plain", body: []byte("x")},
		"POST /scan/text 422": postJSON("/scan/text", []byte(`{"filename":"../x","text":"x"}`)),
		"POST /scan/file 200": {method: "POST", path: "/scan/file", ctype: ct, body: mp},
		"POST /scan/file 413": func() exchange {
			c, b := multipartBody(t, []mpart{{"file", "x.md", strings.Repeat("a", MaxFileBytes+1)}})
			return exchange{method: "POST", path: "/scan/file", ctype: c, body: b}
		}(),
		"POST /scan/file 415": postJSON("/scan/file", []byte(`{}`)),
		"POST /scan/file 422": func() exchange {
			c, b := multipartBody(t, nil)
			return exchange{method: "POST", path: "/scan/file", ctype: c, body: b}
		}(),
		"POST /scan/bundle 200": postJSON("/scan/bundle", []byte(`{"files":{"CLAUDE.md":"hello","settings.json":"{}"}}`)),
		"POST /scan/bundle 413": postJSON("/scan/bundle", []byte(`{"files":{"d/x.md":"`+strings.Repeat("a", MaxFileBytes+1)+`"}}`)),
		"POST /scan/bundle 415": {method: "POST", path: "/scan/bundle", ctype: "text/plain", body: []byte("x")},
		"POST /scan/bundle 422": postJSON("/scan/bundle", []byte(`{"files":{"a\\b":"x"}}`)),
		"POST /scan/files 200":  {method: "POST", path: "/scan/files", ctype: ct2, body: mp2},
		"POST /scan/files 413": func() exchange {
			c, b := multipartBody(t, []mpart{{"files", "d/x.md", strings.Repeat("a", MaxFileBytes+1)}})
			return exchange{method: "POST", path: "/scan/files", ctype: c, body: b}
		}(),
		"POST /scan/files 415": postJSON("/scan/files", []byte(`{}`)),
		"POST /scan/files 422": func() exchange {
			c, b := multipartBody(t, []mpart{{"files", "/etc/passwd", "x"}})
			return exchange{method: "POST", path: "/scan/files", ctype: c, body: b}
		}(),
		"GET /samples 200":        {method: "GET", path: "/samples"},
		"GET /samples/{name} 200": {method: "GET", path: "/samples/orphaned-hook"},
		"GET /samples/{name} 404": {method: "GET", path: "/samples/nope"},
		"GET /scan/demo 200":      {method: "GET", path: "/scan/demo?file=miasma-shaped"},
		"GET /scan/demo 404":      {method: "GET", path: "/scan/demo?file=nope"},
		"POST /scan/package 410":  {method: "POST", path: "/scan/package"},
	}
	// 503 needs every slot taken.
	busy := map[string]bool{}
	covered := map[string]bool{}
	var keys []string
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			var op struct {
				Responses map[string]struct {
					Content map[string]struct {
						Schema any `json:"schema"`
					} `json:"content"`
				} `json:"responses"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatal(err)
			}
			for status, resp := range op.Responses {
				key := fmt.Sprintf("%s %s %s", strings.ToUpper(method), path, status)
				keys = append(keys, key)
				x, ok := cases[key]
				if status == "503" {
					busy[key] = true
					x, ok = cases[strings.TrimSuffix(key, "503")+"200"]
				}
				if !ok {
					t.Errorf("no test request for documented response %s", key)
					continue
				}
				covered[key] = true
				var rec *httptest.ResponseRecorder
				if status == "503" {
					full := New(Config{MaxConcurrentScans: 1, MaxQueued: 1, QueueWait: 1})
					full.slots <- struct{}{}
					rec = do(t, full.Handler(), x)
				} else {
					rec = do(t, h, x)
				}
				if fmt.Sprint(rec.Code) != status {
					t.Errorf("%s: handler answered %d", key, rec.Code)
					continue
				}
				media, ok := resp.Content["application/json"]
				if !ok {
					t.Errorf("%s: no JSON schema documented", key)
					continue
				}
				var body any
				if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
					t.Errorf("%s: body is not JSON: %v", key, err)
					continue
				}
				v := validator{schemas: doc.Comps.Schemas}
				if errs := v.check(media.Schema, body, "$"); len(errs) > 0 {
					t.Errorf("%s: body does not match the schema:\n  %s", key, strings.Join(errs, "\n  "))
				}
			}
		}
	}
	for key := range cases {
		if !covered[key] {
			t.Errorf("test request %q is not a documented response", key)
		}
	}
	sort.Strings(keys)
	if len(keys) < 20 {
		t.Errorf("only %d documented responses: %v", len(keys), keys)
	}
	// Every API route the mux serves is documented.
	for _, p := range []string{"/health", "/scan/text", "/scan/file", "/scan/bundle", "/scan/files", "/samples", "/samples/{name}", "/scan/demo", "/scan/package"} {
		if doc.Paths[p] == nil {
			t.Errorf("route %s is not documented", p)
		}
	}
}

// validator checks a JSON value against the subset of JSON Schema the
// document uses: $ref, type (with "null"), enum, required, properties,
// items, allOf, minimum, maximum.
type validator struct{ schemas map[string]any }

func (v validator) check(schema any, val any, at string) []string {
	s, ok := schema.(map[string]any)
	if !ok {
		return []string{at + ": schema is not an object"}
	}
	if ref, ok := s["$ref"].(string); ok {
		name := ref[strings.LastIndex(ref, "/")+1:]
		target, ok := v.schemas[name]
		if !ok {
			return []string{at + ": unknown $ref " + ref}
		}
		return v.check(target, val, at)
	}
	var errs []string
	for _, sub := range asList(s["allOf"]) {
		errs = append(errs, v.check(sub, val, at)...)
	}
	if t, ok := s["type"]; ok && !typeOK(t, val) {
		return append(errs, fmt.Sprintf("%s: %T is not of type %v", at, val, t))
	}
	if enum := asList(s["enum"]); enum != nil {
		found := false
		for _, e := range enum {
			if e == val {
				found = true
			}
		}
		if !found {
			errs = append(errs, fmt.Sprintf("%s: %v is not one of %v", at, val, enum))
		}
	}
	if n, ok := val.(float64); ok {
		if min, ok := s["minimum"].(float64); ok && n < min {
			errs = append(errs, fmt.Sprintf("%s: %v < minimum %v", at, n, min))
		}
		if max, ok := s["maximum"].(float64); ok && n > max {
			errs = append(errs, fmt.Sprintf("%s: %v > maximum %v", at, n, max))
		}
	}
	if obj, ok := val.(map[string]any); ok {
		for _, r := range asList(s["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				errs = append(errs, fmt.Sprintf("%s: required key %q is missing", at, r))
			}
		}
		props, _ := s["properties"].(map[string]any)
		for k, sub := range props {
			if x, ok := obj[k]; ok {
				errs = append(errs, v.check(sub, x, at+"."+k)...)
			}
		}
	}
	if arr, ok := val.([]any); ok {
		if items, ok := s["items"]; ok {
			for i, x := range arr {
				errs = append(errs, v.check(items, x, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	}
	return errs
}

func asList(x any) []any {
	l, _ := x.([]any)
	return l
}

func typeOK(t any, val any) bool {
	for _, name := range append(asList(t), t) {
		n, _ := name.(string)
		switch x := val.(type) {
		case nil:
			if n == "null" {
				return true
			}
		case string:
			if n == "string" {
				return true
			}
		case bool:
			if n == "boolean" {
				return true
			}
		case float64:
			if n == "number" || (n == "integer" && x == math.Trunc(x)) {
				return true
			}
		case map[string]any:
			if n == "object" {
				return true
			}
		case []any:
			if n == "array" {
				return true
			}
		}
	}
	return false
}
