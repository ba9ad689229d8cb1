package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"github.com/sentinel-sec/sentinel/redact"
)

// Message is one turn of a conversation, in a shape both protocols map to.
type Message struct {
	// Role is "user", "assistant" or "tool".
	Role string
	Text string
	// ToolCalls are the assistant's calls (Role "assistant").
	ToolCalls []ToolCall
	// ToolCallID and IsError belong to a tool result (Role "tool").
	ToolCallID string
	IsError    bool
}

// ToolCall is one call the model asked for. Args is the raw argument text
// as the model wrote it (usually JSON; not always).
type ToolCall struct {
	ID   string
	Name string
	Args string
}

// Tool describes a tool the model may call.
type Tool struct {
	Name        string
	Description string
	// Properties are JSON-schema properties, each a string parameter here.
	Properties map[string]string
	Required   []string
}

// Request is one chat request.
type Request struct {
	System    string
	Messages  []Message
	Tools     []Tool
	MaxTokens int
}

// Response is the model's answer.
type Response struct {
	Text      string
	ToolCalls []ToolCall
	// Tokens is the usage the provider reported (prompt + completion).
	Tokens int
}

// Client sends chat requests to one configured model.
type Client interface {
	Chat(ctx context.Context, req Request) (Response, error)
	// Label names provider and model, never the key.
	Label() string
}

// Options bound and observe a client.
type Options struct {
	// Timeout bounds one request, retries included (default 90s).
	Timeout time.Duration
	// MaxRetries on 429 and 5xx answers (default 2); the SDKs wait as the
	// provider's Retry-After says.
	MaxRetries int
	// Notify receives one-line notes meant for a person ("provider asked us
	// to slow down"). May be nil.
	Notify func(string)
}

// New returns a client for c.
func New(c Config, o Options) (Client, error) {
	c.Normalize()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if o.Timeout <= 0 {
		o.Timeout = 90 * time.Second
	}
	if o.MaxRetries < 0 {
		o.MaxRetries = 0
	} else if o.MaxRetries == 0 {
		o.MaxRetries = 2
	}
	rpm := c.RPM
	if rpm <= 0 {
		rpm = DefaultRPM
	}
	b := &base{
		cfg:     c,
		opts:    o,
		limiter: rate.NewLimiter(rate.Every(time.Minute/time.Duration(rpm)), 1),
	}
	b.http = &http.Client{
		Transport: &onlyHost{host: c.Host(), next: http.DefaultTransport, notify: o.Notify},
		// The key goes nowhere but the configured endpoint: no redirect
		// is followed.
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return errors.New("the provider answered with a redirect, which Sentinel does not follow")
		},
	}
	if c.Anthropic() {
		return newAnthropic(b), nil
	}
	return newOpenAI(b), nil
}

// base is what both protocol clients share.
type base struct {
	cfg     Config
	opts    Options
	limiter *rate.Limiter
	http    *http.Client
}

func (b *base) Label() string { return b.cfg.Label() }

// wait paces requests to the configured rate.
func (b *base) wait(ctx context.Context) error {
	if err := b.limiter.Wait(ctx); err != nil {
		return fmt.Errorf("stopped while pacing requests to %s: %w", b.cfg.Provider, context.Cause(ctx))
	}
	return nil
}

// onlyHost refuses every request to another host than the configured
// endpoint's, so the key and the sandbox's canaries cannot be sent
// anywhere else, whatever a library or a redirect would do.
type onlyHost struct {
	host   string
	next   http.RoundTripper
	notify func(string)
}

// ErrOtherHost is the refusal of a request to another host.
var ErrOtherHost = errors.New("refused a request to a host other than the configured endpoint")

func (t *onlyHost) RoundTrip(r *http.Request) (*http.Response, error) {
	if !strings.EqualFold(r.URL.Host, t.host) {
		return nil, ErrOtherHost
	}
	resp, err := t.next.RoundTrip(r)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests && t.notify != nil {
		wait := resp.Header.Get("Retry-After")
		if wait == "" {
			if ms := resp.Header.Get("Retry-After-Ms"); ms != "" {
				wait = ms + "ms"
			}
		} else {
			wait += "s"
		}
		if wait != "" {
			t.notify("provider asked us to slow down; waiting " + clip(wait, 20))
		} else {
			t.notify("provider asked us to slow down; waiting")
		}
	}
	return resp, err
}

// Error kinds a caller may test with errors.Is.
var (
	ErrUnreachable = errors.New("the model endpoint cannot be reached")
	ErrRefusedKey  = errors.New("the provider refused the key")
	ErrNoTools     = errors.New("the model does not accept tool calls")
	ErrTooLarge    = errors.New("the request is larger than the model's context")
	ErrRateLimited = errors.New("the provider kept asking us to slow down")
	ErrProvider    = errors.New("the provider failed")
	ErrMalformed   = errors.New("the provider's answer could not be read")
	ErrTimeout     = errors.New("the provider did not answer in time")
)

// apiError is what both SDKs' error types tell us.
type apiError struct {
	status  int
	message string
}

// classify turns any error of a request into one sentence without the key.
func (b *base) classify(err error, api *apiError) error {
	if err == nil {
		return nil
	}
	host := b.cfg.Host()
	var kind error
	var msg string
	switch {
	case errors.Is(err, ErrOtherHost):
		kind, msg = ErrOtherHost, "refused to send a request to a host other than "+host
	case api != nil:
		pm := ""
		if api.message != "" {
			pm = ": " + clip(api.message, 200)
		}
		low := strings.ToLower(api.message)
		switch {
		case api.status == 401 || api.status == 403:
			kind, msg = ErrRefusedKey, fmt.Sprintf("%s refused the key (HTTP %d%s); run 'sentinel apikey' again", b.cfg.Provider, api.status, pm)
		case api.status == 429:
			kind, msg = ErrRateLimited, fmt.Sprintf("%s kept asking us to slow down (HTTP 429%s); try again later or lower %s", b.cfg.Provider, pm, EnvRPM)
		case api.status == 413 || strings.Contains(low, "context length") || strings.Contains(low, "context_length") || strings.Contains(low, "too long") || strings.Contains(low, "maximum context") || strings.Contains(low, "too many tokens"):
			kind, msg = ErrTooLarge, fmt.Sprintf("the file is larger than the context of %s (HTTP %d%s)", b.cfg.Model, api.status, pm)
		case (api.status == 400 || api.status == 404 || api.status == 422) && (strings.Contains(low, "tool") || strings.Contains(low, "function")):
			kind, msg = ErrNoTools, fmt.Sprintf("the model %s does not accept tool calls (HTTP %d%s); choose a model with tool calling", b.cfg.Model, api.status, pm)
		case api.status == 404:
			kind, msg = ErrProvider, fmt.Sprintf("%s does not know the model %s or the address (HTTP 404%s)", b.cfg.Provider, b.cfg.Model, pm)
		case api.status >= 500:
			kind, msg = ErrProvider, fmt.Sprintf("%s failed (HTTP %d%s); try again later", b.cfg.Provider, api.status, pm)
		default:
			kind, msg = ErrProvider, fmt.Sprintf("%s rejected the request (HTTP %d%s)", b.cfg.Provider, api.status, pm)
		}
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		kind, msg = ErrTimeout, fmt.Sprintf("%s at %s did not answer within %s", b.cfg.Provider, host, b.opts.Timeout)
	case errors.Is(err, context.Canceled):
		kind, msg = context.Canceled, "stopped"
	case isNetwork(err):
		kind, msg = ErrUnreachable, fmt.Sprintf("cannot reach the model endpoint %s (%s)", host, netReason(err))
	default:
		var se *json.SyntaxError
		var ue *json.UnmarshalTypeError
		if errors.As(err, &se) || errors.As(err, &ue) || strings.Contains(err.Error(), "invalid character") || strings.Contains(err.Error(), "unexpected end of JSON") || strings.Contains(err.Error(), "EOF") {
			kind, msg = ErrMalformed, fmt.Sprintf("%s answered with something that is not a chat-completion response", b.cfg.Provider)
		} else {
			kind, msg = ErrProvider, fmt.Sprintf("the request to %s failed: %s", b.cfg.Provider, clip(err.Error(), 200))
		}
	}
	return &Error{kind: kind, msg: b.scrub(msg)}
}

// Error is a request's failure, one sentence, without the key.
type Error struct {
	kind error
	msg  string
}

func (e *Error) Error() string { return e.msg }

// Is matches the error's kind.
func (e *Error) Is(target error) bool { return target == e.kind }

// scrub removes the key and anything token-shaped from s.
func (b *base) scrub(s string) string {
	return Scrub(s, b.cfg.Key)
}

// Scrub removes key (and, for good measure, every token-shaped string)
// from s.
func Scrub(s, key string) string {
	if key != "" {
		s = strings.ReplaceAll(s, key, "[redacted]")
		if len(key) >= 12 {
			// A provider may echo part of it.
			s = strings.ReplaceAll(s, key[:len(key)-4], "[redacted]")
		}
	}
	return redact.String(s)
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func isNetwork(err error) bool {
	var ue *url.Error
	var oe *net.OpError
	var de *net.DNSError
	return errors.As(err, &ue) || errors.As(err, &oe) || errors.As(err, &de)
}

func netReason(err error) string {
	var de *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.As(err, &de):
		return "no such host"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return clip(oe.Err.Error(), 120)
	}
	return "network error"
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// providerMessage digs a provider's own sentence out of an error body:
// {"error":{"message":...}} or {"message":...} or {"error":"..."}.
func providerMessage(raw string) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal([]byte(raw), &v) != nil {
		return ""
	}
	if v.Message != "" {
		return v.Message
	}
	var inner struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(v.Error, &inner) == nil && inner.Message != "" {
		return inner.Message
	}
	var s string
	if json.Unmarshal(v.Error, &s) == nil {
		return s
	}
	return ""
}
