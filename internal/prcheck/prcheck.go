// Package prcheck compares a pull request with its base: the head is scanned
// whole, with approvals and the signing key read from the base (a pull
// request cannot approve itself), and with the base's agent files and the
// pull request's commit messages available to the history-aware rules (S6
// undeclared change, S20 guardrail weakened). It also lists the hooks, tasks
// and tool servers the pull request adds, and the approvals it asks for, and
// renders all of it as the Markdown comment posted on the pull request.
package prcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/sentinel-sec/sentinel/internal/gitrev"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// Report is the outcome of comparing a pull request with its base. It is
// also the JSON shape of 'sentinel pr --json'; keys are only ever added.
type Report struct {
	// Base is the ref as given; BaseCommit the commit compared with (the
	// merge base of the ref and HEAD).
	Base       string `json:"base"`
	BaseCommit string `json:"base_commit"`
	// Result is the whole head, scanned with the base's approvals and the
	// history-aware rules.
	Result *scan.Result `json:"result"`
	// Changes are the agent files and scripts the pull request touches.
	Changes []rules.Change `json:"changed_files"`
	// NewItems are hooks, tasks, settings and tool servers the base does not
	// have; ChangedItems exist in both but run something else now (their
	// approval, if any, lapses).
	NewItems     []lock.Entry `json:"new_items"`
	ChangedItems []lock.Entry `json:"changed_items"`
	// ApprovalsRequested are approvals the pull request adds to AGENTS.lock.
	// They do not count until merged and signed.
	ApprovalsRequested []lock.Entry `json:"approvals_requested"`
	// TrustChanges are changes to the lock's trust anchors (public key,
	// signature) that a reviewer must look at.
	TrustChanges []string `json:"trust_changes"`
	// Notices are things Sentinel could not read or chose to ignore.
	Notices []string `json:"notices"`
}

// Verdict is the verdict of the head.
func (r *Report) Verdict() scan.Verdict { return r.Result.Verdict }

// Compare compares the work tree at dir with the git revision base. It is
// what 'sentinel pr' and 'sentinel scan --base' run. Errors are one sentence
// (git missing, no commits, ref absent: "fetch-depth: 0").
func Compare(ctx context.Context, dir, base string, opts ...scan.Option) (*Report, error) {
	repo, err := gitrev.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	commit, err := repo.Resolve(ctx, base)
	if err != nil {
		return nil, err
	}
	mb := repo.MergeBase(ctx, commit, "HEAD")
	// The same folder of the base as the one being checked.
	baseFS, err := repo.Tree(ctx, mb, repo.Prefix(ctx))
	if err != nil {
		return nil, err
	}
	msgs, err := repo.Messages(ctx, mb, "HEAD")
	if err != nil {
		return nil, err
	}
	// The head is read through os.Root: no link in it leads outside.
	head, err := discover.OpenDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s to scan it: %v", dir, errors.Unwrap(err))
	}
	defer head.Close()
	return CompareFS(ctx, Input{Base: base, BaseCommit: mb, BaseFS: baseFS, HeadFS: head, Messages: msgs}, opts...)
}

// Input is what CompareFS compares: two trees and the commit messages
// between them. Tests and embedders without git use it directly.
type Input struct {
	Base, BaseCommit string
	BaseFS, HeadFS   fs.FS
	Messages         []string
}

// CompareFS compares two trees.
func CompareFS(ctx context.Context, in Input, opts ...scan.Option) (*Report, error) {
	rep := &Report{Base: in.Base, BaseCommit: in.BaseCommit, Changes: []rules.Change{},
		NewItems: []lock.Entry{}, ChangedItems: []lock.Entry{}, ApprovalsRequested: []lock.Entry{},
		TrustChanges: []string{}, Notices: []string{}}

	// Approvals and the public key come from the base only.
	baseLock, baseApprover := rep.baseApprovals(in.BaseFS)

	baseRes, err := scan.Scan(ctx, in.BaseFS, append(append([]scan.Option{}, opts...), scan.WithApprover(baseApprover))...)
	if err != nil {
		return nil, fmt.Errorf("cannot scan the base revision %s: %w", in.Base, err)
	}
	baseFiles := readFiles(in.BaseFS, baseRes)
	info := &rules.BaseInfo{Ref: in.Base, Commit: in.BaseCommit, Files: baseFiles, Messages: in.Messages}

	headRes, err := scan.Scan(ctx, in.HeadFS, append(append([]scan.Option{}, opts...), scan.WithApprover(baseApprover), scan.WithBase(info))...)
	if err != nil {
		return nil, fmt.Errorf("cannot scan the pull request: %w", err)
	}
	rep.Result = headRes
	rep.Changes = rules.DiffFiles(baseFiles, readFiles(in.HeadFS, headRes), func(p string) (bool, bool) {
		return discover.Exists(in.HeadFS, p)
	})
	if rep.Changes == nil {
		rep.Changes = []rules.Change{}
	}

	// New and changed items.
	baseItems := map[string]string{}
	for _, it := range lock.Inventory(in.BaseFS, baseRes) {
		e := lock.EntryOf(it)
		baseItems[e.Key()] = e.SHA256
	}
	seen := map[string]bool{}
	for _, it := range lock.Inventory(in.HeadFS, headRes) {
		e := lock.EntryOf(it)
		if seen[e.Key()] {
			continue
		}
		seen[e.Key()] = true
		if baseApprover.Approved(it) {
			e.Approved = &lock.Approval{By: "base", At: "-"}
		}
		switch h, ok := baseItems[e.Key()]; {
		case !ok:
			rep.NewItems = append(rep.NewItems, e)
		case h != e.SHA256:
			rep.ChangedItems = append(rep.ChangedItems, e)
		}
	}

	// What the pull request asks to approve, and changes to trust anchors.
	headLock, _, err := lock.Load(in.HeadFS)
	if err != nil {
		rep.Notices = append(rep.Notices, "AGENTS.lock in this pull request cannot be read: "+err.Error())
	} else if headLock != nil {
		rep.ApprovalsRequested = append(rep.ApprovalsRequested, headLock.NewApprovals(baseLock)...)
	}
	rep.trustChanges(in.BaseFS, in.HeadFS)
	return rep, nil
}

// baseApprovals reads AGENTS.lock and the public key from the base. A base
// lock whose signature does not verify grants nothing.
func (rep *Report) baseApprovals(baseFS fs.FS) (*lock.Lock, rules.Approver) {
	l, lockBytes, err := lock.Load(baseFS)
	if err != nil {
		rep.Notices = append(rep.Notices, "the base's AGENTS.lock cannot be read, so no approvals count: "+err.Error())
		return nil, rules.NoApprovals{}
	}
	if l == nil {
		return nil, rules.NoApprovals{}
	}
	sig, err := lock.ReadFile(baseFS, lock.SigFileName)
	if err != nil {
		rep.Notices = append(rep.Notices, "the base's AGENTS.lock signature cannot be read, so no approvals count: "+err.Error())
		return l, rules.NoApprovals{}
	}
	if sig == nil {
		return l, l.Approver() // unsigned but merged: the base is what reviewers accepted
	}
	pub, err := lock.LoadPublicKey(baseFS)
	if err != nil || pub == nil {
		rep.Notices = append(rep.Notices, "the base's AGENTS.lock is signed but its public key cannot be read, so no approvals count")
		return l, rules.NoApprovals{}
	}
	if err := lock.CheckSignature(lockBytes, sig, pub); err != nil {
		rep.Notices = append(rep.Notices, "the base's AGENTS.lock signature is invalid, so no approvals count: "+err.Error())
		return l, rules.NoApprovals{}
	}
	return l, l.Approver()
}

// readAnchor reads a trust anchor for comparison; a file that cannot be read
// (a link, say) compares as its error, so turning one into a link is a
// change too.
func readAnchor(fsys fs.FS, name string) []byte {
	b, err := lock.ReadFile(fsys, name)
	if err != nil {
		return []byte("\x00" + err.Error())
	}
	return b
}

func (rep *Report) trustChanges(baseFS, headFS fs.FS) {
	b := readAnchor(baseFS, lock.PublicKeyPath)
	h := readAnchor(headFS, lock.PublicKeyPath)
	switch {
	case b == nil && h != nil:
		rep.TrustChanges = append(rep.TrustChanges, "adds the signing public key "+lock.PublicKeyPath+": from the merge on, only its private half can sign "+lock.FileName)
	case b != nil && h == nil:
		rep.TrustChanges = append(rep.TrustChanges, "deletes the signing public key "+lock.PublicKeyPath+": the lock could no longer be verified")
	case !bytes.Equal(b, h):
		rep.TrustChanges = append(rep.TrustChanges, "replaces the signing public key "+lock.PublicKeyPath+": every clone that trusted the old key will report KEY_CHANGED; accept only a deliberate key rotation")
	}
	bs := readAnchor(baseFS, lock.SigFileName)
	hs := readAnchor(headFS, lock.SigFileName)
	bl := readAnchor(baseFS, lock.FileName)
	hl := readAnchor(headFS, lock.FileName)
	if hs != nil && !bytes.Equal(bs, hs) {
		rep.TrustChanges = append(rep.TrustChanges, "changes "+lock.SigFileName+": only CI signs the lock, after merge; a signature inside a pull request is not trusted")
	}
	if bl != nil && hl == nil {
		rep.TrustChanges = append(rep.TrustChanges, "deletes "+lock.FileName+": every approval is dropped and nothing is covered any more")
	}
}

// readFiles reads every file a scan reported from fsys, with its kind.
func readFiles(fsys fs.FS, res *scan.Result) []discover.File {
	var out []discover.File
	for _, fr := range res.Files {
		if !lock.Covered(fr.Path) || fr.Kind == "unknown" {
			continue
		}
		f, n := discover.ReadFile(fsys, fr.Path)
		if n != nil {
			continue
		}
		f.Kind, f.Tool = discover.Kind(fr.Kind), fr.Tool
		out = append(out, f)
	}
	return out
}

// Redacted returns a copy of r fit for printing: the scan result redacted
// by the report package, and every string taken from the repository
// (commands, names, notices) with token-shaped secrets masked.
func Redacted(r *Report) *Report {
	c := *r
	c.Result = report.Redacted(r.Result)
	clean := func(es []lock.Entry) []lock.Entry {
		out := make([]lock.Entry, len(es))
		for i, e := range es {
			e.Command, e.Name, e.Matcher, e.Event = report.Clean(e.Command), report.Clean(e.Name), report.Clean(e.Matcher), report.Clean(e.Event)
			if e.Approved != nil {
				a := *e.Approved
				a.Note, a.By = report.Clean(a.Note), report.Clean(a.By)
				e.Approved = &a
			}
			out[i] = e
		}
		return out
	}
	c.NewItems, c.ChangedItems, c.ApprovalsRequested = clean(r.NewItems), clean(r.ChangedItems), clean(r.ApprovalsRequested)
	c.Notices = make([]string, len(r.Notices))
	for i, n := range r.Notices {
		c.Notices[i] = report.Clean(n)
	}
	return &c
}

// WriteJSON writes the report as indented JSON, redacted.
func WriteJSON(w io.Writer, r *Report) error { return writeJSON(w, r) }

func writeJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(Redacted(r))
}
