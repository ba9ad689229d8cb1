// Package server is Sentinel's HTTP API and web app: one handler that scans
// what a browser or a client sends, in memory, and serves the embedded page
// that shows the result.
//
// The API is stateless. Nothing a request sends is written to disk or kept
// after the answer: an upload becomes a read-only in-memory file system
// (memFS) that the scan engine reads like any other tree. Text from a
// scanned file reaches the page only as data in JSON, and the page places it
// with textContent under a Content-Security-Policy that allows no inline
// script and requires Trusted Types for any HTML sink.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// Config configures a Server. The zero value is usable: defaults fill in.
type Config struct {
	// AllowedOrigin, when set, is the one browser origin (scheme://host:port)
	// allowed to call the API from another page. Empty: no CORS at all.
	AllowedOrigin string
	// MaxConcurrentScans bounds scans in progress; requests beyond it wait
	// up to QueueWait for a slot, and MaxQueued may wait at once.
	MaxConcurrentScans int
	MaxQueued          int
	QueueWait          time.Duration
	// CheckHost rejects requests whose Host header is not a loopback name,
	// which stops DNS-rebinding pages from reading answers. sentinel serve
	// sets it; tests that use example.com do not.
	CheckHost bool
	// Logger receives one line per request that failed on the server's side
	// (a 500), secrets redacted; nil discards.
	Logger *slog.Logger
	// VSIX is the VS Code extension the page offers at VSIXPath; nil: none.
	VSIX *VSIX
}

func (c *Config) defaults() {
	if c.MaxConcurrentScans <= 0 {
		c.MaxConcurrentScans = 2 * runtime.GOMAXPROCS(0)
		if c.MaxConcurrentScans < 4 {
			c.MaxConcurrentScans = 4
		}
	}
	if c.MaxQueued <= 0 {
		c.MaxQueued = 256
	}
	if c.QueueWait <= 0 {
		c.QueueWait = 10 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// Server holds the handler's shared state: the scan slots.
type Server struct {
	cfg    Config
	slots  chan struct{}
	queued chan struct{}
	mux    *http.ServeMux

	sampleOnce sync.Once
	sampleList []SampleSummary
	sampleErr  error
}

// New builds a Server.
func New(cfg Config) *Server {
	cfg.defaults()
	s := &Server{
		cfg:    cfg,
		slots:  make(chan struct{}, cfg.MaxConcurrentScans),
		queued: make(chan struct{}, cfg.MaxQueued),
		mux:    http.NewServeMux(),
	}
	s.routes()
	return s
}

// Handler returns the HTTP handler: every route behind the security headers.
func (s *Server) Handler() http.Handler { return s.secure(s.mux) }

func (s *Server) routes() {
	m := s.mux
	m.Handle("/health", method(http.MethodGet, s.health))
	m.Handle("/openapi.json", method(http.MethodGet, s.openapi))
	m.Handle("/samples", method(http.MethodGet, s.samples))
	m.Handle("/samples/{name}", method(http.MethodGet, s.sample))
	m.Handle("/scan/demo", method(http.MethodGet, s.scanDemo))
	m.Handle("/scan/text", method(http.MethodPost, s.scanText))
	m.Handle("/scan/file", method(http.MethodPost, s.scanFile))
	m.Handle("/scan/bundle", method(http.MethodPost, s.scanBundle))
	m.Handle("/scan/files", method(http.MethodPost, s.scanFiles))
	m.Handle("/scan/package", http.HandlerFunc(s.gone))
	m.Handle(VSIXPath, method(http.MethodGet, s.vsix))
	m.Handle(VSIXInfoPath, method(http.MethodGet, s.vsixInfo))
	m.Handle("/", http.HandlerFunc(s.static))
}

// method answers 405 with a JSON sentence for any other method.
func method(want string, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != want && !(want == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", want)
			writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" accepts "+want+" only")
			return
		}
		h(w, r)
	})
}

// csp allows only the page's own files: no inline script or style, no
// third-party request, no framing, no plugins, and Trusted Types so that an
// accidental innerHTML with scanned text throws instead of rendering.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; " +
	"require-trusted-types-for 'script'; trusted-types 'none'"

// secure sets the headers every answer carries, applies CORS when an origin
// is configured, checks the Host header, and turns a panic into a 500.
func (s *Server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.cfg.Logger.Error("panic while serving", "path", redact.String(r.URL.Path), "panic", redact.String(fmt.Sprint(v)))
				writeError(w, http.StatusInternalServerError, "the server failed on this request; please report it with the file that caused it")
			}
		}()
		if s.cfg.CheckHost && !loopbackHost(r.Host) {
			writeError(w, http.StatusMisdirectedRequest, "this server answers only to localhost addresses; open it as http://127.0.0.1")
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && s.cfg.AllowedOrigin != "" && origin == s.cfg.AllowedOrigin {
			h.Set("Access-Control-Allow-Origin", origin)
			h.Add("Vary", "Origin")
			if r.Method == http.MethodOptions {
				h.Set("Access-Control-Allow-Methods", "GET, POST")
				h.Set("Access-Control-Allow-Headers", "Content-Type")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// errorBody is every error's JSON shape.
type errorBody struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg, Status: status})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	// Every answer is redacted once more as it leaves: file names, placements
	// and anything added later included.
	_ = enc.Encode(report.RedactedAny(v))
}

// fail answers a request error, or a 500 for anything else.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var re *requestError
	switch {
	case errors.As(err, &re):
		writeError(w, re.status, re.msg)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		writeError(w, http.StatusServiceUnavailable, "the scan did not finish in time; try again with fewer or smaller files")
	default:
		s.cfg.Logger.Error("request failed", "path", redact.String(r.URL.Path), "err", redact.String(err.Error()))
		writeError(w, http.StatusInternalServerError, "the scan failed: "+err.Error())
	}
}

// errBusy is answered when every scan slot stays taken.
var errBusy = &requestError{status: http.StatusServiceUnavailable,
	msg: "the server is busy with other scans; try again in a few seconds"}

// acquire takes a scan slot before the request body is read, so that a
// flood of large uploads waits in the kernel's socket buffers instead of in
// memory. It waits at most QueueWait, and refuses at once when MaxQueued
// requests are already waiting.
func (s *Server) acquire(w http.ResponseWriter, r *http.Request) (release func(), err error) {
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	default:
	}
	select {
	case s.queued <- struct{}{}:
	default:
		w.Header().Set("Retry-After", "2")
		return nil, errBusy
	}
	defer func() { <-s.queued }()
	t := time.NewTimer(s.cfg.QueueWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-t.C:
		w.Header().Set("Retry-After", strconv.Itoa(2))
		return nil, errBusy
	case <-r.Context().Done():
		return nil, errBusy
	}
}

// bodyDeadline gives the client a fresh window to send its body once a slot
// is free (the server's own ReadTimeout is off so waiting does not eat it).
func bodyDeadline(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(30 * time.Second))
}
