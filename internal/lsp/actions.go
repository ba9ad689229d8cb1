package lsp

import (
	"context"
	"fmt"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"mvdan.cc/sh/v3/syntax"

	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
)

// ApproveArgs is the argument of CmdApprove: what a client runs, in Dir,
// as Binary Args... (never through a shell).
type ApproveArgs struct {
	Dir    string   `json:"dir"`
	Binary string   `json:"binary"`
	Args   []string `json:"args"`
	// Shell is the same command quoted for a POSIX shell, for a person to
	// copy.
	Shell string `json:"shell"`
	// What is the item, as the lock lists it.
	What string `json:"what"`
}

// codeActions offers the mechanical fixes for the diagnostics in range.
func (s *Server) codeActions(p protocol.CodeActionParams) []protocol.CodeAction {
	uri := string(p.TextDocument.URI)
	s.mu.Lock()
	d := s.docs[uri]
	var st *fileState
	var root, cur string
	if d != nil {
		st, root, cur = d.res, d.root, d.text
	}
	s.mu.Unlock()
	actions := []protocol.CodeAction{}
	if st == nil {
		return actions
	}
	removed := false
	for i, dg := range st.diags {
		if i >= len(st.findings) || !overlaps(lineOf(dg.Range), p.Range) {
			continue
		}
		f := &st.findings[i]
		switch {
		case (f.RuleID == "S1a" || f.RuleID == "S1b" || f.Decoded != "") && !removed && st.text == cur:
			if edit, n := removeInvisible(protocol.DocumentURI(uri), cur); n > 0 {
				removed = true
				actions = append(actions, protocol.CodeAction{
					Title:       fmt.Sprintf("Remove %d invisible character%s from this file", n, plural(n)),
					Kind:        protocol.QuickFix,
					Diagnostics: []protocol.Diagnostic{dg},
					IsPreferred: true,
					Edit:        edit,
				})
			}
		}
		if f.Decoded != "" {
			actions = append(actions, protocol.CodeAction{
				Title:       "Show the hidden text Sentinel decoded",
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{dg},
				Command:     &protocol.Command{Title: "Show hidden text", Command: CmdShowHidden, Arguments: []any{plain(f.Decoded)}},
			})
		}
		if a, ok := s.approveArgs(root, f); ok {
			actions = append(actions, protocol.CodeAction{
				Title:       "Approve this " + f.Subject.Kind + " after reviewing it (sentinel approve asks you in a terminal)",
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{dg},
				Command:     &protocol.Command{Title: "Approve", Command: CmdApprove, Arguments: []any{a}},
			})
		}
	}
	return actions
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// lineOf widens a range to its whole lines: an action is offered wherever
// the cursor is on a flagged line.
func lineOf(r protocol.Range) protocol.Range {
	r.Start.Character = 0
	r.End.Character = 1 << 30
	return r
}

func overlaps(a, b protocol.Range) bool {
	le := func(x, y protocol.Position) bool {
		return x.Line < y.Line || (x.Line == y.Line && x.Character <= y.Character)
	}
	return le(a.Start, b.End) && le(b.Start, a.End)
}

// removeInvisible is the edit that deletes every invisible character of
// txt, and how many it deletes.
func removeInvisible(uri protocol.DocumentURI, txt string) (*protocol.WorkspaceEdit, int) {
	lines := splitLines(txt)
	var edits []protocol.TextEdit
	n := 0
	for ln, l := range lines {
		for _, r := range hiddenRuns(l.s) {
			n += len([]rune(l.s[r[0]:r[1]]))
			edits = append(edits, protocol.TextEdit{Range: protocol.Range{Start: pos(lines, ln, r[0]), End: pos(lines, ln, r[1])}})
		}
	}
	if n == 0 {
		return nil, 0
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{uri: edits}}, n
}

// approveArgs is the command that approves the finding's item, when it is
// one a person may approve in AGENTS.lock.
func (s *Server) approveArgs(root string, f *scan.Finding) (ApproveArgs, bool) {
	if root == "" || f.Subject == nil || f.Observation {
		return ApproveArgs{}, false
	}
	only := f.Subject.Command
	if only == "" {
		only = f.Subject.Name
	}
	// A command holding a token-shaped secret is not put on a command line
	// or in the editor; approve it with `sentinel approve` in a terminal.
	if only == "" || redact.Contains(only) {
		return ApproveArgs{}, false
	}
	args := []string{"approve", "--only", only}
	words := []string{s.opts.Binary}
	words = append(words, args...)
	for i, w := range words {
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			return ApproveArgs{}, false
		}
		words[i] = q
	}
	return ApproveArgs{Dir: root, Binary: s.opts.Binary, Args: args, Shell: strings.Join(words, " "), What: plain(only)}, true
}

// executeCommand answers the commands the server offers. Scans run off the
// reading loop, so other messages are answered meanwhile.
func (s *Server) executeCommand(ctx context.Context, reply jsonrpc2.Replier, p protocol.ExecuteCommandParams) {
	switch p.Command {
	case CmdVerdict:
		root := s.rootFor(p.Arguments)
		if root == "" {
			_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no project folder: open a folder, or give a file URI as the argument"))
			return
		}
		s.mu.Lock()
		var v *Verdict
		if pr := s.projects[root]; pr != nil {
			v = pr.verdict
		}
		s.mu.Unlock()
		if v != nil {
			_ = reply(ctx, v, nil)
			return
		}
		s.async(func() { _ = reply(ctx, s.scanProject(root, false), nil) })
	case CmdScanWorkspace:
		s.mu.Lock()
		roots := append([]string{}, s.roots...)
		s.mu.Unlock()
		if r := s.rootFor(p.Arguments); r != "" && len(p.Arguments) > 0 {
			roots = []string{r}
		}
		s.async(func() {
			out := []*Verdict{}
			for _, r := range roots {
				out = append(out, s.scanProject(r, true))
			}
			_ = reply(ctx, out, nil)
		})
	case CmdApprove:
		msg := "Approving asks you in a terminal: run 'sentinel approve --only TEXT' in the project folder."
		if len(p.Arguments) > 0 {
			if m, ok := p.Arguments[0].(map[string]any); ok {
				if sh, ok := m["shell"].(string); ok {
					dir, _ := m["dir"].(string)
					msg = "Approving asks you in a terminal. In " + plain(dir) + " run: " + plain(sh)
				}
			}
		}
		s.showMessage(protocol.MessageTypeInfo, msg)
		_ = reply(ctx, msg, nil)
	case CmdShowHidden:
		text := ""
		if len(p.Arguments) > 0 {
			text, _ = p.Arguments[0].(string)
		}
		_ = reply(ctx, plain(text), nil)
	default:
		_ = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "unknown command: "+p.Command))
	}
}

func (s *Server) async(fn func()) {
	s.mu.Lock()
	if s.exited {
		s.mu.Unlock()
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		fn()
	}()
}

// rootFor is the project of the URI in args[0], else the first workspace
// folder.
func (s *Server) rootFor(args []any) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(args) > 0 {
		if u, ok := args[0].(string); ok {
			if d := s.docs[u]; d != nil && d.root != "" {
				return d.root
			}
			if p, ok := filePath(u); ok {
				for _, r := range s.roots {
					if r == p {
						return r
					}
					if _, in := inside(r, p); in {
						return r
					}
				}
				root, _, _ := s.projectFor(p)
				return root
			}
		}
	}
	if len(s.roots) > 0 {
		return s.roots[0]
	}
	return ""
}
