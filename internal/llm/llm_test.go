package llm_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sentinel-sec/sentinel/internal/llm"
	"github.com/sentinel-sec/sentinel/internal/llm/llmtest"
)

const testKey = "sk-test-THEKEYNEVERPRINTED0123456789abcd"

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// client builds a client for the fake server s, OpenAI-compatible or
// Anthropic.
func client(t *testing.T, s *llmtest.Server, anthropic bool, o llm.Options) llm.Client {
	t.Helper()
	cfg := llm.Config{Provider: "url", URL: s.OpenAIURL(), Model: "fake-model", Key: testKey, RPM: 60000}
	if anthropic {
		cfg = llm.Config{Provider: "anthropic", URL: s.URL, Model: "fake-claude", Key: testKey, RPM: 60000}
	}
	c, err := llm.New(cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var protocols = []struct {
	name      string
	anthropic bool
	start     func(llmtest.Script) *llmtest.Server
}{
	{"openai", false, llmtest.NewOpenAI},
	{"anthropic", true, llmtest.NewAnthropic},
}

func TestChatRoundTrip(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			var seen llmtest.Seen
			s := p.start(func(in llmtest.Seen) llmtest.Reply {
				seen = in
				if len(in.Results) == 0 {
					return llmtest.Reply{Calls: []llmtest.Call{{Name: "read_file", Args: `{"path":"x"}`}}}
				}
				return llmtest.Reply{Text: "done"}
			})
			defer s.Close()
			c := client(t, s, p.anthropic, llm.Options{})
			tools := []llm.Tool{{Name: "read_file", Description: "read", Properties: map[string]string{"path": "p"}, Required: []string{"path"}}}
			r, err := c.Chat(context.Background(), llm.Request{System: "SYS", Messages: []llm.Message{{Role: "user", Text: "task"}}, Tools: tools, MaxTokens: 50})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.ToolCalls) != 1 || r.ToolCalls[0].Name != "read_file" || !strings.Contains(r.ToolCalls[0].Args, `"x"`) || r.ToolCalls[0].ID == "" {
				t.Fatalf("tool calls = %+v", r.ToolCalls)
			}
			msgs := []llm.Message{{Role: "user", Text: "task"}, {Role: "assistant", ToolCalls: r.ToolCalls}, {Role: "tool", ToolCallID: r.ToolCalls[0].ID, Text: "RESULT"}}
			r2, err := c.Chat(context.Background(), llm.Request{System: "SYS", Messages: msgs, Tools: tools})
			if err != nil {
				t.Fatal(err)
			}
			if r2.Text != "done" || seen.System != "SYS" || seen.LastResult() != "RESULT" || len(seen.Tools) != 1 {
				t.Fatalf("second turn: %+v, seen %+v", r2, seen)
			}
			for _, req := range s.Requests() {
				// The SDKs decide the header (this anthropic-sdk-go sends the
				// key as a bearer token); it must carry this key and no other.
				if req.Auth != "Bearer "+testKey && req.APIKey != testKey || !p.anthropic && req.Auth != "Bearer "+testKey {
					t.Fatalf("credential header not sent as the protocol wants: %+v", req)
				}
			}
		})
	}
}

// TestErrorsAreOneSentenceWithoutTheKey: every failure the issue lists is
// classified, and the key never appears in the message even when the
// provider echoes it.
func TestErrorsAreOneSentenceWithoutTheKey(t *testing.T) {
	echo := `{"error":{"message":"invalid api key ` + testKey + `"}}`
	tests := []struct {
		name    string
		reply   llmtest.Reply
		timeout time.Duration
		want    error
		says    string
	}{
		{"malformed JSON", llmtest.Reply{Status: 200, Body: `{"choices": [ {"message": `}, 0, llm.ErrMalformed, "not a chat-completion response"},
		{"refused key echoed", llmtest.Reply{Status: 401, Body: echo}, 0, llm.ErrRefusedKey, "refused the key"},
		{"500", llmtest.Reply{Status: 500, Body: `{"error":{"message":"boom"}}`}, 0, llm.ErrProvider, "HTTP 500"},
		{"429 forever", llmtest.Reply{Status: 429, Header: map[string]string{"Retry-After-Ms": "5"}, Body: `{"error":{"message":"slow down"}}`}, 0, llm.ErrRateLimited, "slow down"},
		{"no tool calling", llmtest.Reply{Status: 400, Body: `{"error":{"message":"this model does not support tools"}}`}, 0, llm.ErrNoTools, "does not accept tool calls"},
		{"context exceeded", llmtest.Reply{Status: 400, Body: `{"error":{"message":"This model's maximum context length is 8192 tokens"}}`}, 0, llm.ErrTooLarge, "larger than the context"},
		{"slow stream", llmtest.Reply{Status: 200, Delay: 2 * time.Second, Body: `{}`}, 300 * time.Millisecond, llm.ErrTimeout, "did not answer within"},
	}
	for _, p := range protocols {
		for _, tt := range tests {
			t.Run(p.name+"/"+tt.name, func(t *testing.T) {
				s := p.start(func(llmtest.Seen) llmtest.Reply { return tt.reply })
				defer s.Close()
				c := client(t, s, p.anthropic, llm.Options{Timeout: tt.timeout, MaxRetries: 1})
				_, err := c.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "hi"}}, MaxTokens: 10})
				if !errors.Is(err, tt.want) {
					t.Fatalf("err = %v, want kind %v", err, tt.want)
				}
				msg := err.Error()
				if !strings.Contains(msg, tt.says) || strings.Contains(msg, testKey) || strings.Contains(msg, "THEKEYNEVERPRINTED") || strings.Contains(msg, "\n") {
					t.Fatalf("message %q: want one line saying %q without the key", msg, tt.says)
				}
			})
		}
	}
}

// TestRetryAfterIsObeyed: a 429 with Retry-After: 1 is waited out, the
// person is told, and the second attempt succeeds.
func TestRetryAfterIsObeyed(t *testing.T) {
	var n atomic.Int32
	s := llmtest.NewOpenAI(func(llmtest.Seen) llmtest.Reply {
		if n.Add(1) == 1 {
			return llmtest.Reply{Status: 429, Header: map[string]string{"Retry-After": "1"}, Body: `{"error":{"message":"rate limited"}}`}
		}
		return llmtest.Reply{Text: "ok"}
	})
	defer s.Close()
	var notes []string
	c := client(t, s, false, llm.Options{Notify: func(s string) { notes = append(notes, s) }})
	start := time.Now()
	r, err := c.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "hi"}}})
	if err != nil || r.Text != "ok" {
		t.Fatalf("r=%+v err=%v", r, err)
	}
	if d := time.Since(start); d < 900*time.Millisecond {
		t.Fatalf("retried after %s; Retry-After said 1s", d)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "slow down") {
		t.Fatalf("notes = %q", notes)
	}
}

// TestRateLimitPaces: SENTINEL_LLM_RPM paces requests.
func TestRateLimitPaces(t *testing.T) {
	s := llmtest.NewOpenAI(llmtest.Quiet)
	defer s.Close()
	c, err := llm.New(llm.Config{Provider: "url", URL: s.OpenAIURL(), Model: "m", RPM: 600}, llm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for range 3 {
		if _, err := c.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "hi"}}}); err != nil {
			t.Fatal(err)
		}
	}
	// 600 per minute is one every 100ms: three requests take at least 200ms.
	if d := time.Since(start); d < 190*time.Millisecond {
		t.Fatalf("three requests at 600 RPM took %s", d)
	}
}

func TestUnreachable(t *testing.T) {
	s := httptest.NewServer(http.NotFoundHandler())
	url := s.URL
	s.Close()
	c, err := llm.New(llm.Config{Provider: "url", URL: url + "/v1", Model: "m", Key: testKey}, llm.Options{MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "hi"}}})
	if !errors.Is(err, llm.ErrUnreachable) || !strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), testKey) {
		t.Fatalf("err = %v", err)
	}
}

// TestSDKEnvironmentIsIgnored: the SDKs' own variables (base URL, keys,
// extra headers) cannot send the request, the key or anything else to
// another server.
func TestSDKEnvironmentIsIgnored(t *testing.T) {
	var other atomic.Int32
	decoy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { other.Add(1) }))
	defer decoy.Close()
	t.Setenv("OPENAI_BASE_URL", decoy.URL+"/v1")
	t.Setenv("ANTHROPIC_BASE_URL", decoy.URL)
	t.Setenv("OPENAI_API_KEY", "sk-decoy")
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-decoy")
	t.Setenv("ANTHROPIC_AUTH_TOKEN", "decoy-token")
	t.Setenv("OPENAI_CUSTOM_HEADERS", "X-Leak: yes")
	t.Setenv("ANTHROPIC_CUSTOM_HEADERS", "X-Leak: yes")
	for _, p := range protocols {
		s := p.start(llmtest.Quiet)
		c := client(t, s, p.anthropic, llm.Options{})
		if _, err := c.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "hi"}}}); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		for _, r := range s.Requests() {
			if strings.Contains(r.Auth+r.APIKey, "decoy") {
				t.Fatalf("%s: a key from the SDK's environment was sent: %+v", p.name, r)
			}
		}
		s.Close()
	}
	if other.Load() != 0 {
		t.Fatalf("%d requests reached the server named in the SDK's environment", other.Load())
	}
}

// TestRedirectNotFollowed: a provider's redirect elsewhere is not followed,
// so the key is not re-sent.
func TestRedirectNotFollowed(t *testing.T) {
	var other atomic.Int32
	decoy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { other.Add(1) }))
	defer decoy.Close()
	s := llmtest.NewOpenAI(func(llmtest.Seen) llmtest.Reply {
		return llmtest.Reply{Status: 307, Header: map[string]string{"Location": decoy.URL + "/v1/chat/completions"}}
	})
	defer s.Close()
	c := client(t, s, false, llm.Options{MaxRetries: -1})
	if _, err := c.Chat(context.Background(), llm.Request{Messages: []llm.Message{{Role: "user", Text: "hi"}}}); err == nil {
		t.Fatal("a redirect was followed")
	}
	if other.Load() != 0 {
		t.Fatal("the redirect target was contacted")
	}
}

func TestLoad(t *testing.T) {
	home := t.TempDir()
	base := map[string]string{"SENTINEL_HOME": home}
	if _, err := llm.Load(env(base)); !errors.Is(err, llm.ErrNotConfigured) {
		t.Fatalf("nothing configured: %v", err)
	}
	// A project's .env in the current folder is never read.
	proj := t.TempDir()
	os.WriteFile(filepath.Join(proj, ".env"), []byte("SENTINEL_LLM_KEY=sk-from-project-0123456789\nSENTINEL_LLM_PROVIDER=groq\n"), 0o600)
	t.Chdir(proj)
	if _, err := llm.Load(env(base)); !errors.Is(err, llm.ErrNotConfigured) {
		t.Fatalf("a project's .env was read: %v", err)
	}
	p, err := llm.Save(env(base), llm.Config{Provider: "groq", Model: "m1", Key: testKey})
	if err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v", fi.Mode().Perm())
	}
	c, err := llm.Load(env(base))
	if err != nil || c.Key != testKey || c.Provider != "groq" || c.RPM != llm.DefaultRPM {
		t.Fatalf("c=%+v err=%v", c, err)
	}
	if h := c.KeyHint(); h != "…abcd" {
		t.Fatalf("hint %q", h)
	}
	// The environment wins.
	e := map[string]string{"SENTINEL_HOME": home, "SENTINEL_LLM_MODEL": "m2", "SENTINEL_LLM_RPM": "7"}
	if c, err = llm.Load(env(e)); err != nil || c.Model != "m2" || c.RPM != 7 || c.Key != testKey {
		t.Fatalf("c=%+v err=%v", c, err)
	}
	for _, bad := range []map[string]string{
		{"SENTINEL_HOME": home, "SENTINEL_LLM_RPM": "fast"},
		{"SENTINEL_HOME": home, "SENTINEL_LLM_PROVIDER": "nosuch"},
		{"SENTINEL_HOME": home, "SENTINEL_LLM_URL": "file:///etc/passwd"},
		{"SENTINEL_HOME": home, "SENTINEL_LLM_URL": "http://user:pw@host/v1"},
	} {
		if _, err := llm.Load(env(bad)); err == nil || strings.Contains(err.Error(), testKey) {
			t.Fatalf("%v: err = %v", bad, err)
		}
	}
	// A key file others can read is refused.
	os.Chmod(p, 0o644)
	if _, err := llm.Load(env(base)); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("world-readable key file: %v", err)
	}
	if _, had, err := llm.Remove(env(base)); !had || err != nil {
		t.Fatal(had, err)
	}
}
