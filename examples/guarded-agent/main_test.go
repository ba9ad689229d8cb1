package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/sentinel-sec/sentinel/guard"
)

// fakeAPI plays a scripted conversation on a loopback server: no network.
type fakeAPI struct {
	mu       sync.Mutex
	replies  []string
	requests []map[string]any
}

func toolUse(id, name string, input map[string]any) string {
	in, _ := json.Marshal(input)
	return `{"id":"msg_` + id + `","type":"message","role":"assistant","model":"claude-sonnet-4-6",
	"content":[{"type":"tool_use","id":"` + id + `","name":"` + name + `","input":` + string(in) + `}],
	"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`
}

const endTurn = `{"id":"msg_end","type":"message","role":"assistant","model":"claude-sonnet-4-6",
	"content":[{"type":"text","text":"All done."}],"stop_reason":"end_turn","stop_sequence":null,
	"usage":{"input_tokens":1,"output_tokens":1}}`

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.URL.Path != "/v1/messages" {
		http.Error(w, "not found", 404)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var req map[string]any
	json.Unmarshal(body, &req)
	f.requests = append(f.requests, req)
	reply := endTurn
	if len(f.replies) > 0 {
		reply, f.replies = f.replies[0], f.replies[1:]
	}
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, reply)
}

// lastToolResult returns the text and is_error of the tool result in the
// request's last message.
func lastToolResult(t *testing.T, req map[string]any) (string, bool) {
	t.Helper()
	msgs := req["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	for _, c := range last["content"].([]any) {
		b := c.(map[string]any)
		if b["type"] == "tool_result" {
			text := ""
			switch v := b["content"].(type) {
			case string:
				text = v
			case []any:
				for _, p := range v {
					text += p.(map[string]any)["text"].(string)
				}
			}
			isErr, _ := b["is_error"].(bool)
			return text, isErr
		}
	}
	t.Fatalf("no tool_result in %v", last)
	return "", false
}

func TestGuardedAgentLoop(t *testing.T) {
	api := &fakeAPI{replies: []string{
		toolUse("t1", "write_file", map[string]any{"path": "hello.txt", "content": "Hello, world!\n"}),
		toolUse("t2", "write_file", map[string]any{"path": "migrations/0001.sql", "content": "CREATE TABLE t();\n"}),
		toolUse("t3", "write_file", map[string]any{"path": "migrations/0001.sql", "content": "CREATE TABLE t();\n"}),
		toolUse("t4", "delete_file", map[string]any{"path": "hello.txt"}),
		toolUse("t5", "write_file", map[string]any{"path": "../escape.txt", "content": "x"}),
	}}
	srv := httptest.NewServer(api)
	defer srv.Close()

	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	var asked []guard.ConfirmRequest
	confirm := func(_ context.Context, r guard.ConfirmRequest) (bool, error) {
		asked = append(asked, r)
		return r.Name == "write_file", nil // approve writes, refuse deletes
	}
	client := anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test-key"), option.WithMaxRetries(0))
	a, err := NewAgent(client, anthropic.ModelClaudeSonnet4_6, root, confirm)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := a.Run(context.Background(), "make hello.txt and a migration", &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != "All done.\n" {
		t.Fatalf("output %q", out.String())
	}
	if len(api.requests) != 6 {
		t.Fatalf("%d requests", len(api.requests))
	}
	// 1: the write was previewed with a diff, approved and done.
	if text, isErr := lastToolResult(t, api.requests[1]); isErr || text != "Wrote 14 bytes to hello.txt" {
		t.Fatalf("write: %q %v", text, isErr)
	}
	if asked[0].DryRun == nil || !strings.Contains(asked[0].DryRun.Diff, "+Hello, world!") || asked[0].Risk != guard.RiskMedium {
		t.Fatalf("preview: %+v", asked[0])
	}
	// 2: the first write to a migration in the turn goes back to the model.
	if text, isErr := lastToolResult(t, api.requests[2]); !isErr || !strings.Contains(text, "JUSTIFICATION") {
		t.Fatalf("blast gate: %q %v", text, isErr)
	}
	if len(asked) != 3 || !strings.Contains(asked[1].Description, "migrations/0001.sql") {
		t.Fatalf("the user must be asked about hello.txt, the repeated migration and the delete only: %+v", asked)
	}
	// 3: repeated, it reaches the user and runs.
	if text, isErr := lastToolResult(t, api.requests[3]); isErr || !strings.Contains(text, "migrations/0001.sql") {
		t.Fatalf("repeat: %q %v", text, isErr)
	}
	if _, err := os.Stat(filepath.Join(dir, "migrations", "0001.sql")); err != nil {
		t.Fatal(err)
	}
	// 4: the delete was shown as high risk with the warning, and refused.
	if text, isErr := lastToolResult(t, api.requests[4]); !isErr || !strings.Contains(text, "delete_file was not run: rejected by the user") {
		t.Fatalf("delete: %q %v", text, isErr)
	}
	if d := asked[2]; d.Risk != guard.RiskHigh || len(d.DryRun.Warnings) == 0 {
		t.Fatalf("delete preview: %+v", d)
	}
	if _, err := os.Stat(filepath.Join(dir, "hello.txt")); err != nil {
		t.Fatal("the refused delete ran")
	}
	// 5: paths out of the directory fail in the tool, not on disk.
	// The model is told the preview failed, not that the user refused.
	if text, isErr := lastToolResult(t, api.requests[5]); !isErr || !strings.Contains(text, "escape") ||
		!strings.Contains(text, "the dry run failed") || strings.Contains(text, "by the user") {
		t.Fatalf("escape: %q %v", text, isErr)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape.txt")); err == nil {
		t.Fatal("wrote outside the root")
	}
}

// TestOpenRootMissingDir: the documented command with a -dir that does not
// exist yet says what to do.
func TestOpenRootMissingDir(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "sandbox")
	for _, tc := range []struct {
		dir  string
		want string
	}{
		{missing, "create it first"},
		{t.TempDir(), ""},
	} {
		root, err := openRoot(tc.dir)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.dir, err)
			} else {
				root.Close()
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Count(err.Error(), "open ") > 1 {
			t.Errorf("%s: %v", tc.dir, err)
		}
	}
}
