// Package lock reads, builds and signs AGENTS.lock, the record of what a
// person approved in a repository's agent configuration.
//
// A lock lists every agent-config file by sha256 (so a change made outside
// the reviewed path shows as NOT COVERED), and every hook, task and tool
// server that runs or connects by itself, each pinned to the sha256 of the
// scripts it runs or of its configuration. An approval is valid only while
// that hash still matches: change the script and the approval lapses.
//
// The lock is signed with ed25519 (AGENTS.lock.sig) by a key whose public half
// is committed at .sentinel/pubkey.pem. Verifiers pin the key's fingerprint
// on first use under SENTINEL_HOME, so a swapped key shows as KEY_CHANGED.
// The format is published as a JSON Schema in spec/agents-lock.schema.json.
package lock

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/jsonkeys"
)

// Well-known paths, relative to the repository root.
const (
	FileName      = "AGENTS.lock"
	SigFileName   = "AGENTS.lock.sig"
	PublicKeyPath = ".sentinel/pubkey.pem"
)

// Format is the newest lock format this package reads and writes. A lock is
// written in the oldest format that can hold its content: format 1 when it
// has no MCP tool approvals, so that such locks stay byte for byte what older
// Sentinels wrote and read; format 2 adds mcp_tools, which an older Sentinel
// then refuses as newer ("upgrade Sentinel") instead of misreading it.
const Format = 2

// FormatMCPTools is the first format that carries mcp_tools.
const FormatMCPTools = 2

// SchemaURL is the published location of the format's JSON Schema.
const SchemaURL = "https://raw.githubusercontent.com/sentinel-sec/sentinel/main/spec/agents-lock.schema.json"

// MaxSize bounds the bytes read from a lock or signature file.
const MaxSize = 8 << 20

// Lock is the content of AGENTS.lock.
type Lock struct {
	Schema    string `json:"$schema,omitempty"`
	Format    int    `json:"format"`
	Generator string `json:"generator,omitempty"`
	// Files are the agent-config files (and the scripts they run) covered by
	// the lock, by path, sorted.
	Files []File `json:"files"`
	// Items are the things that run or connect by themselves, sorted.
	Items []Entry `json:"items"`
	// MCPTools are tool definitions of MCP servers a person approved for
	// the gateway (sentinel mcp proxy), sorted by server and tool.
	MCPTools []MCPTool `json:"mcp_tools,omitempty"`
}

// File is one covered file.
type File struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Entry is a hook, task, setting or tool server, and its approval if any.
type Entry struct {
	Kind    string `json:"kind"`
	Tool    string `json:"tool,omitempty"`
	Source  string `json:"source"`
	Event   string `json:"event,omitempty"`
	Matcher string `json:"matcher,omitempty"`
	Name    string `json:"name,omitempty"`
	Command string `json:"command,omitempty"`
	// SHA256 pins the scripts the item runs, or the server's configuration.
	SHA256   string    `json:"sha256"`
	Approved *Approval `json:"approved,omitempty"`
}

// Approval records who approved an entry, when, and why.
type Approval struct {
	By   string `json:"by"`
	At   string `json:"at"` // RFC 3339, UTC
	Note string `json:"note,omitempty"`
}

// Key identifies an entry independently of its hash, so that an approval
// can be found again after the script it pins has changed.
func (e Entry) Key() string {
	return strings.Join([]string{e.Kind, e.Tool, e.Source, e.Event, e.Matcher, e.Name, e.Command}, "\x00")
}

// Label is a one-line human description: "[PreToolUse] ./scripts/format.sh".
func (e Entry) Label() string {
	var b strings.Builder
	if e.Event != "" {
		b.WriteString("[" + e.Event)
		if e.Matcher != "" {
			b.WriteString(" " + e.Matcher)
		}
		b.WriteString("] ")
	}
	switch {
	case e.Name != "" && e.Command != "":
		b.WriteString(e.Name + ": " + e.Command)
	case e.Name != "":
		b.WriteString(e.Name)
	default:
		b.WriteString(e.Command)
	}
	return b.String()
}

// ParseError is a lock that could not be read. Its message is one sentence
// that says what to do.
type ParseError struct {
	Msg string
	// Newer is set when the lock was written by a newer Sentinel.
	Newer bool
}

func (e *ParseError) Error() string { return e.Msg }

// Is lets errors.Is(err, ErrNewerFormat) find a lock of a newer format.
func (e *ParseError) Is(target error) bool { return target == ErrNewerFormat && e.Newer }

// ErrNewerFormat is wrapped by the error for a lock written by a newer
// Sentinel.
var ErrNewerFormat = errors.New("newer lock format")

// Parse reads a lock. It rejects anything that is not a lock of a known
// format, with one sentence saying what to do.
func Parse(data []byte) (*Lock, error) {
	if len(data) > MaxSize {
		return nil, &ParseError{Msg: fmt.Sprintf("%s is larger than %d MB, which no real lock is; restore it from git or recreate it with 'sentinel init'", FileName, MaxSize>>20)}
	}
	// Read the version first, so that a newer lock with fields we do not
	// know is reported as newer rather than as malformed.
	var head struct {
		Format json.RawMessage `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, &ParseError{Msg: fmt.Sprintf("%s is not valid JSON (%s); restore it from git or recreate it with 'sentinel init'", FileName, jsonErr(data, err))}
	}
	var version int
	if len(head.Format) == 0 || json.Unmarshal(head.Format, &version) != nil || version < 1 {
		return nil, &ParseError{Msg: fmt.Sprintf("%s has no valid \"format\" version, so it is not a Sentinel lock; restore it from git or recreate it with 'sentinel init'", FileName)}
	}
	if version > Format {
		return nil, &ParseError{Msg: fmt.Sprintf("%s uses format %d, newer than this Sentinel understands (%d); upgrade Sentinel to read it", FileName, version, Format), Newer: true}
	}
	if err := checkKeys(data); err != nil {
		return nil, &ParseError{Msg: fmt.Sprintf("%s is not a valid lock: %s; restore it from git or recreate it with 'sentinel init'", FileName, err)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var l Lock
	if err := dec.Decode(&l); err != nil {
		return nil, &ParseError{Msg: fmt.Sprintf("%s does not follow format %d (%s); restore it from git or recreate it with 'sentinel init'", FileName, version, jsonErr(data, err))}
	}
	if dec.More() {
		return nil, &ParseError{Msg: fmt.Sprintf("%s has data after its JSON object; restore it from git or recreate it with 'sentinel init'", FileName)}
	}
	if err := l.validate(); err != nil {
		return nil, &ParseError{Msg: fmt.Sprintf("%s is not a valid lock: %s; restore it from git or recreate it with 'sentinel init'", FileName, err)}
	}
	return &l, nil
}

func (l *Lock) validate() error {
	seen := map[string]bool{}
	for _, f := range l.Files {
		if !lockPath(f.Path) || !isHex256(f.SHA256) {
			return fmt.Errorf("file entry %q has no sha256 or a path outside the repository", f.Path)
		}
		if seen[f.Path] {
			return fmt.Errorf("file %q is listed twice", f.Path)
		}
		seen[f.Path] = true
	}
	keys := map[string]bool{}
	for _, e := range l.Items {
		if e.Kind == "" || !lockPath(e.Source) || !isHex256(e.SHA256) {
			return fmt.Errorf("item %q has no kind or sha256, or its source %q is not a path inside the repository", e.Label(), e.Source)
		}
		if keys[e.Key()] {
			return fmt.Errorf("item %q is listed twice", e.Label())
		}
		keys[e.Key()] = true
		if e.Approved != nil && (e.Approved.By == "" || e.Approved.At == "") {
			return fmt.Errorf("the approval of %q has no approver or time", e.Label())
		}
	}
	if len(l.MCPTools) > 0 && l.Format < FormatMCPTools {
		return fmt.Errorf("mcp_tools needs format %d, but the lock says format %d", FormatMCPTools, l.Format)
	}
	tools := map[string]bool{}
	for _, m := range l.MCPTools {
		if m.Server == "" || m.Tool == "" || !isHex256(m.SHA256) {
			return fmt.Errorf("MCP tool entry %q has no server, tool or sha256", m.Label())
		}
		if m.Approved == nil || m.Approved.By == "" || m.Approved.At == "" {
			return fmt.Errorf("MCP tool entry %q has no approver or time", m.Label())
		}
		if tools[m.key()] {
			return fmt.Errorf("MCP tool %q is listed twice", m.Label())
		}
		tools[m.key()] = true
	}
	return nil
}

// knownKeys are the member names of every object in a lock, exactly as
// written.
var knownKeys = map[string]bool{
	"$schema": true, "format": true, "generator": true, "files": true, "items": true, "mcp_tools": true,
	"path": true, "sha256": true, "kind": true, "tool": true, "source": true, "event": true,
	"matcher": true, "name": true, "command": true, "approved": true, "by": true, "at": true,
	"note": true, "server": true,
}

// checkKeys refuses what encoding/json would quietly accept: a member named
// twice in one object (the last would win, while a person reading the diff
// sees the first) and a name spelled in another case ("Approved"). data is
// valid JSON (Load decoded it first).
func checkKeys(data []byte) error {
	return jsonkeys.Check(data, 0, nil, func(name string) error {
		if knownKeys[name] {
			return nil
		}
		for k := range knownKeys {
			if strings.EqualFold(k, name) {
				return fmt.Errorf("%q is spelled %q in the format (names are case-sensitive)", name, k)
			}
		}
		return nil
	})
}

// lockPath reports whether p may appear in a lock: a clean slash path inside
// the repository ("a/../b", "./a" and "a//b" are not), and not the lock or
// its signature.
func lockPath(p string) bool {
	return Covered(p) && fs.ValidPath(p) && p != "."
}

func isHex256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// jsonErr turns a decoding error into "line N: what".
func jsonErr(data []byte, err error) string {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		msg = "it ends too early"
	}
	if off >= 0 && off <= int64(len(data)) {
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		return fmt.Sprintf("line %d: %s", line, msg)
	}
	return msg
}

// Marshal writes the lock in its canonical form: sorted, indented, with a
// final newline. Equal locks give equal bytes, so signatures are stable.
func (l *Lock) Marshal() []byte {
	c := *l
	c.Format = l.format()
	if c.Schema == "" {
		c.Schema = SchemaURL
	}
	c.Files = append([]File{}, l.Files...)
	c.Items = append([]Entry{}, l.Items...)
	c.MCPTools = append([]MCPTool(nil), l.MCPTools...)
	sort.Slice(c.Files, func(i, j int) bool { return c.Files[i].Path < c.Files[j].Path })
	sortEntries(c.Items)
	sortMCPTools(c.MCPTools)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		panic(err) // only strings and ints: cannot fail
	}
	return buf.Bytes()
}

// format is the oldest format that holds the lock's content.
func (l *Lock) format() int {
	if len(l.MCPTools) > 0 {
		return FormatMCPTools
	}
	return 1
}

func sortEntries(es []Entry) {
	sort.SliceStable(es, func(i, j int) bool { return es[i].Key() < es[j].Key() })
}

// Approved returns the approved entries.
func (l *Lock) Approved() []Entry {
	var out []Entry
	for _, e := range l.Items {
		if e.Approved != nil {
			out = append(out, e)
		}
	}
	return out
}

// FileHash returns the recorded hash of path, or "".
func (l *Lock) FileHash(path string) string {
	for _, f := range l.Files {
		if f.Path == path {
			return f.SHA256
		}
	}
	return ""
}
