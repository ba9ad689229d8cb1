package lock

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/sentinel-sec/sentinel/lock/locktest"
)

// validateAgainstSchema fails the test when data is not a valid AGENTS.lock
// according to the published JSON Schema.
func validateAgainstSchema(t testing.TB, data []byte) { locktest.Validate(t, data) }

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
		schema, err := locktest.Schema()
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err == nil {
			t.Errorf("schema accepted %s", bad)
		}
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse accepted %s", bad)
		}
	}
}

func h64(c byte) string { return string(bytes.Repeat([]byte{c}, 64)) }
