package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// The VS Code extension's unit tests run against stubs of this server's
// answers (editors/vscode/test/fixtures). This test asks the real server
// the same questions and checks that every stub has the shape of the real
// answer, key for key; SENTINEL_UPDATE_STUBS=1 rewrites them.
func TestVSCodeStubsMatchServer(t *testing.T) {
	root := t.TempDir()
	settings := "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"bash .claude/hooks/cleanup.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n"
	writeFile(t, root, ".claude/settings.json", settings)
	writeFile(t, root, ".claude/hooks/cleanup.sh", "#!/bin/sh\nrm -f .claude/tmp/*.log\n")
	c := startClient(t, root, Options{Binary: "sentinel"})
	c.initialize()
	suri := c.open(".claude/settings.json", settings)
	c.diagnostics(suri, func(ds []diag) bool { return has(ds, "S17a") != nil })
	actions, e := c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": suri},
		"range":        map[string]any{"start": map[string]any{"line": 7, "character": 0}, "end": map[string]any{"line": 7, "character": 1}},
		"context":      map[string]any{"diagnostics": []any{}},
	})
	if e != nil {
		t.Fatal(e)
	}
	var approves []json.RawMessage
	var all []map[string]any
	_ = json.Unmarshal(actions, &all)
	for _, a := range all {
		if cmd, ok := a["command"].(map[string]any); ok && cmd["command"] == CmdApprove {
			b, _ := json.Marshal(a)
			approves = append(approves, b)
		}
	}
	if len(approves) == 0 {
		t.Fatalf("no approve action: %s", actions)
	}
	clean, e := c.call("workspace/executeCommand", map[string]any{"command": CmdScanWorkspace})
	if e != nil {
		t.Fatal(e)
	}
	uri := c.open("CLAUDE.md", maliciousClaude())
	c.diagnostics(uri, func(ds []diag) bool { return has(ds, "S1a") != nil })
	bad, e := c.call("workspace/executeCommand", map[string]any{"command": CmdVerdict, "arguments": []any{uri}})
	if e != nil {
		t.Fatal(e)
	}
	var cleanList []json.RawMessage
	_ = json.Unmarshal(clean, &cleanList)
	if len(cleanList) != 1 {
		t.Fatalf("scanWorkspace: %s", clean)
	}
	answers := map[string][]byte{
		"verdict-compromised.json": bad,
		"verdict-suspicious.json":  cleanList[0],
		"codeaction-approve.json":  append(append([]byte("["), approves[0]...), ']'),
	}
	dir := filepath.Join("..", "..", "editors", "vscode", "test", "fixtures")
	for name, real := range answers {
		// Paths of this machine's temporary folder are not worth keeping.
		real = bytes.ReplaceAll(real, []byte(root), []byte("/home/dev/project"))
		if os.Getenv("SENTINEL_UPDATE_STUBS") == "1" {
			var v any
			_ = json.Unmarshal(real, &v)
			out, _ := json.MarshalIndent(v, "", "  ")
			if err := os.WriteFile(filepath.Join(dir, name), append(out, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		stub, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%v (SENTINEL_UPDATE_STUBS=1 writes it)", err)
		}
		if got, want := shape(t, stub), shape(t, real); !reflect.DeepEqual(got, want) {
			t.Errorf("%s has the keys %v; the server now answers with %v (SENTINEL_UPDATE_STUBS=1 rewrites it)", name, got, want)
		}
	}
	var v Verdict
	_ = json.Unmarshal(bad, &v)
	if v.Verdict != "COMPROMISED" {
		t.Errorf("verdict %s", bad)
	}
	var cv Verdict
	_ = json.Unmarshal(cleanList[0], &cv)
	if cv.Verdict != "SUSPICIOUS" && cv.Verdict != "CLEAN" {
		t.Errorf("scan of the hook-only project: %s", cleanList[0])
	}
}

// shape lists every key path of a JSON document.
func shape(t *testing.T, data []byte) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	seen := map[string]bool{}
	var walk func(p string, v any)
	walk = func(p string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				seen[p+"."+k] = true
				walk(p+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(p+"[]", e)
			}
		}
	}
	walk("", v)
	var out []string
	for k := range seen {
		if !strings.Contains(k, ".changes.") { // keyed by URI
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
