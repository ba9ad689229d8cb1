// Package lsp is Sentinel's language server (`sentinel lsp`): it scans every
// file an agent obeys or runs as the editor holds it, in the context of its
// project, and reports findings as diagnostics, with hovers that explain
// them, code actions for the mechanical fixes and the project's verdict for
// a status bar.
//
// The protocol's types come from go.lsp.dev/protocol and the JSON-RPC
// messages from go.lsp.dev/jsonrpc2; the findings come from the one scan
// engine (scan.ScanFiles over the project's fs.FS with the editor's unsaved
// text laid over it). Nothing from the scanned project is run, and no
// configuration is read from it.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"sort"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Commands the server answers through workspace/executeCommand.
const (
	// CmdVerdict returns the Verdict of the project holding the URI given
	// as the first argument (or of the first workspace folder).
	CmdVerdict = "sentinel.verdict"
	// CmdScanWorkspace rescans every workspace folder, publishes
	// diagnostics for every file with findings, and returns the Verdicts.
	CmdScanWorkspace = "sentinel.scanWorkspace"
	// CmdApprove is the code action of an unapproved hook, task or server.
	// The server never approves: approval asks a person on a terminal
	// (`sentinel approve --only`), so a client that has a terminal runs
	// that command itself (the VS Code extension does), and the server,
	// asked to run it, only says how.
	CmdApprove = "sentinel.approve"
	// CmdShowHidden is the code action "reveal hidden text": its argument
	// is the decoded text; a client shows it in a preview, the server
	// answers with the text.
	CmdShowHidden = "sentinel.showHidden"
)

// VerdictNotification is sent after every scan with a Verdict, so a status
// bar needs no polling.
const VerdictNotification = "sentinel/verdict"

// Verdict is the project's verdict as a status bar shows it.
type Verdict struct {
	Root       string `json:"root"`
	RootURI    string `json:"rootUri"`
	Verdict    string `json:"verdict"` // CLEAN, SUSPICIOUS, COMPROMISED or UNKNOWN
	TrustScore int    `json:"trustScore"`
	Files      int    `json:"files"`
	Findings   int    `json:"findings"`
	// Report is the plain-text report (`sentinel scan` without colour).
	Report string `json:"report"`
}

// Options configure a Server.
type Options struct {
	// Debounce is how long a change waits for the next one before it is
	// scanned; a save or an open is scanned at once. Zero: 250 ms.
	Debounce time.Duration
	// Approver returns the approvals that count for a project folder, as
	// `sentinel scan` counts them; nil approves nothing.
	Approver func(root *discover.DirFS, dir string) scan.Approver
	// Log receives one line per event worth a person's attention (the
	// client shows standard error as the server's log).
	Log io.Writer
	// ScanFiles is the engine; tests replace it. Nil: scan.ScanFiles.
	ScanFiles func(ctx context.Context, fsys fs.FS, files []discover.File, opts ...scan.Option) (*scan.Result, error)
	// Binary is the sentinel executable clients should run for approvals.
	Binary string
}

// Server is one language server session.
type Server struct {
	opts   Options
	stream *stream
	conn   jsonrpc2.Conn

	mu       sync.Mutex
	roots    []string // absolute workspace folders, longest first
	docs     map[string]*document
	projects map[string]*project
	shutdown bool
	exited   bool
	done     chan struct{}

	scanMu sync.Mutex // one scan at a time: the engine already uses the cores it has
	wg     sync.WaitGroup
}

// Serve runs a server on in and out until the client sends exit or closes
// the stream. It returns nil after shutdown then exit, and an error when
// the client exits without shutdown or the stream breaks.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	s := New(in, out, opts)
	return s.Run(ctx)
}

// New returns a server on in and out.
func New(in io.Reader, out io.Writer, opts Options) *Server {
	if opts.Debounce == 0 {
		opts.Debounce = 250 * time.Millisecond
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.Binary == "" {
		opts.Binary = "sentinel"
	}
	s := &Server{opts: opts, docs: map[string]*document{}, projects: map[string]*project{}, done: make(chan struct{})}
	var closer io.Closer
	if c, ok := in.(io.Closer); ok {
		closer = c
	}
	s.stream = newStream(in, out, closer, func(m string) { s.logf("%s", m) })
	return s
}

func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.opts.Log, "sentinel lsp: "+format+"\n", args...)
}

// Run serves until exit or the end of the stream.
func (s *Server) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.conn = jsonrpc2.NewConn(s.stream)
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.conn.Done():
	case <-s.done:
	case <-ctx.Done():
	}
	s.mu.Lock()
	s.exited = true
	for _, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	clean := s.shutdown
	s.mu.Unlock()
	cancel()
	s.wg.Wait()
	_ = s.conn.Close()
	if !clean {
		if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) {
			return fmt.Errorf("the editor's connection broke before shutdown: %v", err)
		}
		return errors.New("the editor ended the session without a shutdown request")
	}
	return nil
}

// handle dispatches one message. It never returns an error (the library
// would close the connection), and a panic in it becomes an internal
// error answer: one bad request never takes the server down.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
	_, isCall := req.(*jsonrpc2.Call)
	defer func() {
		if p := recover(); p != nil {
			s.logf("internal error in %s (recovered): %v\n%s", req.Method(), p, debug.Stack())
			if isCall {
				_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InternalError, "internal error in "+req.Method()+"; the server goes on"))
			}
		}
		err = nil
	}()
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	method := req.Method()
	if down && method != protocol.MethodExit {
		if isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shutting down"))
		}
		return nil
	}
	params := req.Params()
	decode := func(v any) bool {
		if len(params) == 0 || string(params) == "null" {
			if isCall {
				_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, method+" needs parameters"))
			}
			return false
		}
		if e := json.Unmarshal(params, v); e != nil {
			s.logf("%s: parameters not understood: %v", method, e)
			if isCall {
				_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, method+": parameters not understood: "+e.Error()))
			}
			return false
		}
		return true
	}
	switch method {
	case protocol.MethodInitialize:
		var p protocol.InitializeParams
		if !decode(&p) {
			return nil
		}
		s.initialize(&p)
		return reply(ctx, s.capabilities(), nil)
	case protocol.MethodInitialized, "$/setTrace", "$/cancelRequest", protocol.MethodWorkspaceDidChangeConfiguration:
		return nil
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		for _, d := range s.docs {
			if d.timer != nil {
				d.timer.Stop()
			}
		}
		s.mu.Unlock()
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		s.mu.Lock()
		if !s.exited {
			s.exited = true
			close(s.done)
		}
		s.mu.Unlock()
		return nil
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if decode(&p) {
			s.didOpen(p)
		}
		return nil
	case protocol.MethodTextDocumentDidChange:
		var p protocol.DidChangeTextDocumentParams
		if decode(&p) {
			s.didChange(p)
		}
		return nil
	case protocol.MethodTextDocumentDidSave:
		var p protocol.DidSaveTextDocumentParams
		if decode(&p) {
			s.didSave(p)
		}
		return nil
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if decode(&p) {
			s.didClose(p)
		}
		return nil
	case protocol.MethodWorkspaceDidChangeWorkspaceFolders:
		var p protocol.DidChangeWorkspaceFoldersParams
		if decode(&p) {
			s.changeFolders(p)
		}
		return nil
	case protocol.MethodWorkspaceDidChangeWatchedFiles:
		s.mu.Lock()
		for _, pr := range s.projects {
			pr.stale = true
		}
		s.mu.Unlock()
		return nil
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if decode(&p) {
			return reply(ctx, s.hover(p), nil)
		}
		return nil
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if decode(&p) {
			return reply(ctx, s.codeActions(p), nil)
		}
		return nil
	case protocol.MethodWorkspaceExecuteCommand:
		var p protocol.ExecuteCommandParams
		if decode(&p) {
			s.executeCommand(ctx, reply, p)
		}
		return nil
	}
	if isCall {
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not supported: "+method))
	}
	return nil
}

func (s *Server) capabilities() protocol.InitializeResult {
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{IncludeText: true},
			},
			HoverProvider:      true,
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
			ExecuteCommandProvider: &protocol.ExecuteCommandOptions{
				Commands: []string{CmdVerdict, CmdScanWorkspace, CmdApprove, CmdShowHidden},
			},
			Workspace: &protocol.ServerCapabilitiesWorkspace{
				WorkspaceFolders: &protocol.ServerCapabilitiesWorkspaceFolders{Supported: true, ChangeNotifications: true},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "sentinel", Version: version.Version},
	}
}

func (s *Server) initialize(p *protocol.InitializeParams) {
	var roots []string
	for _, f := range p.WorkspaceFolders {
		if dir, ok := filePath(f.URI); ok {
			roots = append(roots, dir)
		}
	}
	//lint:ignore SA1019 clients without workspace folders (Neovim 0.7, Helix) send only rootUri
	if len(roots) == 0 && p.RootURI != "" {
		//lint:ignore SA1019 as above
		if dir, ok := filePath(string(p.RootURI)); ok {
			roots = append(roots, dir)
		}
	}
	s.mu.Lock()
	s.roots = sortRoots(roots)
	s.mu.Unlock()
}

func (s *Server) changeFolders(p protocol.DidChangeWorkspaceFoldersParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	removed := map[string]bool{}
	for _, f := range p.Event.Removed {
		if dir, ok := filePath(f.URI); ok {
			removed[dir] = true
			delete(s.projects, dir)
		}
	}
	var roots []string
	for _, r := range s.roots {
		if !removed[r] {
			roots = append(roots, r)
		}
	}
	for _, f := range p.Event.Added {
		if dir, ok := filePath(f.URI); ok {
			roots = append(roots, dir)
		}
	}
	s.roots = sortRoots(roots)
}

func sortRoots(roots []string) []string {
	sort.Slice(roots, func(i, j int) bool { return len(roots[i]) > len(roots[j]) })
	return roots
}

// filePath returns the local path of a file: URI.
func filePath(u string) (string, bool) {
	pu, err := url.Parse(u)
	if err != nil || pu.Scheme != "file" || pu.Path == "" {
		return "", false
	}
	if pu.Host != "" && pu.Host != "localhost" {
		return "", false
	}
	p := pu.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // /C:/x on Windows
		p = p[1:]
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// notify sends a notification, logging a failure.
func (s *Server) notify(method string, params any) {
	if err := s.conn.Notify(context.Background(), method, params); err != nil {
		s.logf("cannot send %s: %v", method, err)
	}
}

func (s *Server) showMessage(t protocol.MessageType, msg string) {
	s.notify(protocol.MethodWindowShowMessage, protocol.ShowMessageParams{Type: t, Message: redact.String(msg)})
}
