package lock

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var (
	schemaOnce sync.Once
	schema     *jsonschema.Schema
	schemaErr  error
)

// schemaPath is spec/agents-lock.schema.json at the module root.
func schemaPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "spec", "agents-lock.schema.json")
}

// ValidateAgainstSchema fails the test when data is not a valid AGENTS.lock
// according to the published JSON Schema.
func validateAgainstSchema(t testing.TB, data []byte) {
	t.Helper()
	schemaOnce.Do(func() {
		f, err := os.Open(schemaPath())
		if err != nil {
			schemaErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			schemaErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource(SchemaURL, doc); err != nil {
			schemaErr = err
			return
		}
		schema, schemaErr = c.Compile(SchemaURL)
	})
	if schemaErr != nil {
		t.Fatalf("cannot compile %s: %v", schemaPath(), schemaErr)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("lock is not JSON: %v", err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Fatalf("lock does not validate against the schema: %v\n%s", err, data)
	}
}

func TestSchemaRejectsWhatParseRejects(t *testing.T) {
	validateAgainstSchema(t, []byte(`{"format":1,"files":[],"items":[]}`))
	for _, bad := range []string{
		`{"format":3,"files":[],"items":[]}`,
		`{"format":1,"files":[],"items":[],"mcp_tools":[{"server":"fs","tool":"t","sha256":"` + h64('a') + `","approved":{"by":"a","at":"2026-11-30T12:00:00Z"}}]}`,
		`{"format":2,"files":[],"items":[],"mcp_tools":[{"server":"fs","tool":"t","sha256":"` + h64('a') + `"}]}`,
		`{"format":2,"files":[],"items":[],"mcp_tools":[{"server":"","tool":"t","sha256":"` + h64('a') + `","approved":{"by":"a","at":"2026-11-30T12:00:00Z"}}]}`,
		`{"format":2,"files":[],"items":[],"mcp_tools":[{"server":"fs","tool":"t","sha256":"sha256:` + h64('a') + `","approved":{"by":"a","at":"2026-11-30T12:00:00Z"}}]}`,
		`{"format":1,"files":[{"path":"../x","sha256":"` + h64('a') + `"}],"items":[]}`,
		`{"format":1,"files":[],"items":[{"kind":"hook","source":"a","sha256":"zz"}]}`,
		`{"format":1,"files":[],"items":[],"extra":true}`,
	} {
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(bad)))
		validateAgainstSchema(t, []byte(`{"format":1,"files":[],"items":[]}`)) // compiles schema
		if err := schema.Validate(inst); err == nil {
			t.Errorf("schema accepted %s", bad)
		}
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse accepted %s", bad)
		}
	}
}

func h64(c byte) string { return string(bytes.Repeat([]byte{c}, 64)) }
