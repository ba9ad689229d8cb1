// Package locktest checks AGENTS.lock files against the published JSON
// Schema (spec/agents-lock.schema.json) in tests, as httptest serves HTTP in
// tests. Every test that writes a lock validates it through here.
package locktest

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sentinel-sec/sentinel/spec"
)

// SchemaPath names the schema in messages: spec/agents-lock.schema.json of
// the module. The schema itself is embedded (package spec), so a test
// binary built with -trimpath, or from the module cache, still has it.
func SchemaPath() string { return "spec/agents-lock.schema.json" }

// Schema returns the compiled schema, compiled once.
var Schema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(spec.AgentsLockSchema))
	if err != nil {
		return nil, err
	}
	const name = "agents-lock.schema.json"
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(name, doc); err != nil {
		return nil, err
	}
	return c.Compile(name)
})

// Validate fails the test when data is not a valid AGENTS.lock according to
// the schema.
func Validate(t testing.TB, data []byte) {
	t.Helper()
	sch, err := Schema()
	if err != nil {
		t.Fatalf("cannot compile %s: %v", SchemaPath(), err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("AGENTS.lock is not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("AGENTS.lock does not validate against the schema: %v\n%s", err, data)
	}
}

// ValidateFile is Validate for the lock at path.
func ValidateFile(t testing.TB, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	Validate(t, data)
}
