package lock

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

// EntryOf turns a scanner item into a lock entry (without approval).
func EntryOf(it rules.Item) Entry {
	return Entry{Kind: it.Kind, Tool: it.Tool, Source: it.Source, Event: it.Event, Matcher: it.Matcher,
		Name: it.Name, Command: it.Command, SHA256: it.Hash}
}

// HashFile returns the sha256 (hex) of the file at p in fsys.
func HashFile(fsys fs.FS, p string) (string, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Covered reports whether a scanned path belongs in the lock's file list:
// inside the repository, and not the lock or its signature themselves.
func Covered(p string) bool {
	if p == "" || path.IsAbs(p) || strings.HasPrefix(p, "../") || p == ".." || strings.HasPrefix(p, "~") {
		return false
	}
	return p != FileName && p != SigFileName
}

// Build makes a lock for the current tree: every path in files hashed from
// fsys, every item pinned to its hash. Approvals in prev carry over only to
// items whose identity and hash are unchanged; an approval whose script
// changed lapses and is dropped.
func Build(fsys fs.FS, files []string, items []rules.Item, prev *Lock, generator string) (*Lock, error) {
	l := &Lock{Format: Format, Generator: generator, Files: []File{}, Items: []Entry{}}
	seen := map[string]bool{}
	for _, p := range files {
		if !Covered(p) || seen[p] {
			continue
		}
		seen[p] = true
		sum, err := HashFile(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("cannot hash %s for %s: %w", p, FileName, err)
		}
		l.Files = append(l.Files, File{Path: p, SHA256: sum})
	}
	approved := map[string]Entry{}
	if prev != nil {
		// MCP tool approvals pin tool definitions a server sends, not files
		// of the repository: nothing here can make them lapse.
		l.MCPTools = append([]MCPTool(nil), prev.MCPTools...)
		sortMCPTools(l.MCPTools)
		for _, e := range prev.Items {
			if e.Approved != nil {
				approved[e.Key()] = e
			}
		}
	}
	keys := map[string]bool{}
	for _, it := range items {
		e := EntryOf(it)
		if e.SHA256 == "" || keys[e.Key()] {
			continue
		}
		keys[e.Key()] = true
		if old, ok := approved[e.Key()]; ok && old.SHA256 == e.SHA256 {
			e.Approved = old.Approved
		}
		l.Items = append(l.Items, e)
	}
	sort.Slice(l.Files, func(i, j int) bool { return l.Files[i].Path < l.Files[j].Path })
	sortEntries(l.Items)
	l.Format = l.format()
	return l, nil
}

// Approve marks as approved every unapproved entry whose label, source or
// command contains only (every entry when only is empty), and returns the
// entries it approved.
func (l *Lock) Approve(only, note, by string, now time.Time) []Entry {
	var done []Entry
	for i := range l.Items {
		e := &l.Items[i]
		if e.Approved != nil {
			continue
		}
		if only != "" && !strings.Contains(e.Label(), only) && !strings.Contains(e.Source, only) {
			continue
		}
		e.Approved = &Approval{By: by, At: now.UTC().Format(time.RFC3339), Note: note}
		done = append(done, *e)
	}
	return done
}

// Approver returns the rules.Approver for the lock's approvals. A nil lock
// approves nothing.
func (l *Lock) Approver() rules.Approver {
	return approver(l.approvedHashes())
}

// approvedHashes maps the key of every approved entry to the hash it is
// approved with; a nil lock has none.
func (l *Lock) approvedHashes() map[string]string {
	a := map[string]string{}
	if l != nil {
		for _, e := range l.Items {
			if e.Approved != nil {
				a[e.Key()] = e.SHA256
			}
		}
	}
	return a
}

type approver map[string]string

// Approved reports whether the lock approves it with its current hash.
func (a approver) Approved(it rules.Item) bool {
	h, ok := a[EntryOf(it).Key()]
	return ok && it.Hash != "" && h == it.Hash
}

// Lapsed returns the approvals whose item still exists but whose pinned hash
// no longer matches: the script or configuration changed after approval.
func (l *Lock) Lapsed(items []rules.Item) []Entry {
	if l == nil {
		return nil
	}
	current := map[string]string{}
	for _, it := range items {
		current[EntryOf(it).Key()] = it.Hash
	}
	var out []Entry
	for _, e := range l.Items {
		if e.Approved == nil {
			continue
		}
		if h, ok := current[e.Key()]; ok && h != e.SHA256 {
			out = append(out, e)
		}
	}
	return out
}

// NewApprovals returns the approvals in l that base does not hold with the
// same hash: what a pull request asks to approve.
func (l *Lock) NewApprovals(base *Lock) []Entry {
	if l == nil {
		return nil
	}
	had := base.approvedHashes()
	var out []Entry
	for _, e := range l.Items {
		if e.Approved == nil {
			continue
		}
		if h, ok := had[e.Key()]; !ok || h != e.SHA256 {
			out = append(out, e)
		}
	}
	// Approved MCP tool definitions are approvals too: listed as entries of
	// kind "mcp-tool", named server/tool, pinned to the definition's digest.
	hadTool := map[string]string{}
	if base != nil {
		for _, m := range base.MCPTools {
			hadTool[m.key()] = m.SHA256
		}
	}
	for _, m := range l.MCPTools {
		if h, ok := hadTool[m.key()]; !ok || h != m.SHA256 {
			out = append(out, Entry{Kind: "mcp-tool", Source: FileName, Name: m.Label(), SHA256: m.SHA256, Approved: m.Approved})
		}
	}
	return out
}
