package mcpgate

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gofrs/flock"

	"github.com/sentinel-sec/sentinel/redact"
)

// AuditRecord is one line of the audit log. Text fields hold only redacted
// text; arguments and results appear as digests and a short redacted preview.
type AuditRecord struct {
	Seq    int64     `json:"seq"`
	Time   time.Time `json:"time"`
	Server string    `json:"server"`
	// Event is "call" (a tools/call and its outcome), "tool" (a tool
	// definition pinned, withheld or approved), "instructions" (the
	// server's instructions withheld) or "content" (poisoned text in a
	// prompt, resource, tool result, _meta or sampling request withheld)
	// or "prompt" (a prompt definition pinned or approved; a withheld
	// prompt is a "tool" record named "prompt:<name>", as it is queued).
	Event string `json:"event"`
	Tool  string `json:"tool,omitempty"`
	Risk  Risk   `json:"risk,omitempty"`
	// Decision: allow, deny, timeout, cancelled, error (calls); pinned,
	// withheld, approved (tools).
	Decision string `json:"decision"`
	// By is who or what decided: policy, user:tty, user:queue, timeout, pin,
	// scanner, gate.
	By           string `json:"by"`
	Reason       string `json:"reason,omitempty"`
	ApprovalID   string `json:"approval_id,omitempty"`
	ArgsDigest   string `json:"args_digest,omitempty"`
	Args         string `json:"args,omitempty"`
	ResultDigest string `json:"result_digest,omitempty"`
	IsError      *bool  `json:"is_error,omitempty"`
	ToolDigest   string `json:"tool_digest,omitempty"`
	Prev         string `json:"prev"`
	Hash         string `json:"hash"`
}

const genesis = "sha256:0000000000000000000000000000000000000000000000000000000000000000"

// AuditLog appends hash-chained JSON lines: each record carries the hash of
// the previous one and its own hash over its JSON encoding, and a head file
// beside the log holds the last sequence number and hash, so an edited,
// inserted, deleted or truncated line is detected by Verify. Several proxies
// may share one log; appends take an exclusive lock on path+".lock".
type AuditLog struct {
	path string
	now  func() time.Time
	// remote, when set, appends through the state broker (BrokerEnv).
	remote *brokerClient

	mu   sync.Mutex
	lock *flock.Flock
	log  *os.File
	head *os.File
}

// OpenAuditLog returns the log at path (created on first append).
func OpenAuditLog(path string) *AuditLog {
	return &AuditLog{path: path, now: time.Now, remote: brokerFromEnv()}
}

// Path is the log file.
func (l *AuditLog) Path() string { return l.path }

type auditHead struct {
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"`
}

// headSize is the fixed size of the head file, rewritten in place.
const headSize = 160

// recordHash hashes the record's JSON with an empty hash field. The
// encoding is deterministic (fixed field order, no maps), so a verifier
// re-encodes a parsed line and gets the same bytes.
func recordHash(r AuditRecord) (string, error) {
	r.Hash = ""
	b, err := json.Marshal(r)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

func (l *AuditLog) openFiles() error {
	if l.lock != nil {
		return nil
	}
	if err := ensureDir(filepath.Dir(l.path)); err != nil {
		return err
	}
	var err error
	if l.log, err = os.OpenFile(l.path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600); err != nil {
		return fmt.Errorf("cannot open the audit log %s: %w; check its permissions", l.path, err)
	}
	if l.head, err = os.OpenFile(l.path+".head", os.O_CREATE|os.O_RDWR, 0o600); err != nil {
		l.log.Close()
		return fmt.Errorf("cannot open the audit log head: %w", err)
	}
	l.lock = flock.New(l.path+".lock", flock.SetPermissions(0o600))
	return nil
}

// Close releases the log's files.
func (l *AuditLog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lock == nil {
		return nil
	}
	l.lock.Close()
	l.log.Close()
	l.head.Close()
	l.lock, l.log, l.head = nil, nil, nil
	return nil
}

// Append redacts, chains and writes r.
func (l *AuditLog) Append(r AuditRecord) error { return l.AppendBatch([]AuditRecord{r}) }

// AppendBatch writes several records under one lock.
func (l *AuditLog) AppendBatch(recs []AuditRecord) error {
	if l.remote != nil {
		_, err := l.remote.call(brokerMsg{Op: "audit", Records: recs})
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.openFiles(); err != nil {
		return err
	}
	if err := l.lock.Lock(); err != nil {
		return fmt.Errorf("cannot lock the audit log: %w", err)
	}
	defer l.lock.Unlock()
	head, err := l.readHeadFrom(l.head)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	for _, r := range recs {
		r.Reason = redact.String(r.Reason)
		r.Args = redact.String(truncate(r.Args, 512))
		r.Tool = redact.String(r.Tool)
		r.Seq = head.Seq + 1
		r.Prev = head.Hash
		if r.Time.IsZero() {
			r.Time = l.now().UTC()
		}
		if r.Hash, err = recordHash(r); err != nil {
			return err
		}
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		buf.Write(line)
		buf.WriteByte('\n')
		head = auditHead{Seq: r.Seq, Hash: r.Hash}
	}
	if _, err := l.log.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("cannot append to the audit log %s: %w", l.path, err)
	}
	hb, _ := json.Marshal(head)
	if len(hb) < headSize {
		hb = append(hb, bytes.Repeat([]byte(" "), headSize-len(hb))...)
	}
	if _, err := l.head.WriteAt(hb, 0); err != nil {
		return fmt.Errorf("cannot update the audit log head: %w", err)
	}
	return nil
}

func (l *AuditLog) readHeadFrom(f *os.File) (auditHead, error) {
	b := make([]byte, headSize*2)
	n, err := f.ReadAt(b, 0)
	if err != nil && err != io.EOF {
		return auditHead{}, err
	}
	b = bytes.TrimSpace(b[:n])
	if len(b) == 0 {
		if st, serr := os.Stat(l.path); serr == nil && st.Size() > 0 {
			return auditHead{}, fmt.Errorf("the audit log %s has lost its head file; run `sentinel mcp log --verify` and move the log aside to start a new chain", l.path)
		}
		return auditHead{Hash: genesis}, nil
	}
	var h auditHead
	if err := json.Unmarshal(b, &h); err != nil || h.Hash == "" {
		return auditHead{}, fmt.Errorf("the audit log head %s.head is corrupt; run `sentinel mcp log --verify`", l.path)
	}
	return h, nil
}

func (l *AuditLog) readHead() (auditHead, error) {
	f, err := os.Open(l.path + ".head")
	if errors.Is(err, fs.ErrNotExist) {
		if st, serr := os.Stat(l.path); serr == nil && st.Size() > 0 {
			return auditHead{}, fmt.Errorf("the audit log %s has lost its head file; records may have been removed", l.path)
		}
		return auditHead{Hash: genesis}, nil
	}
	if err != nil {
		return auditHead{}, err
	}
	defer f.Close()
	return l.readHeadFrom(f)
}

// Records reads every record without verifying.
func (l *AuditLog) Records() ([]AuditRecord, error) {
	f, err := os.Open(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []AuditRecord
	err = eachLine(f, func(n int, line []byte) error {
		var r AuditRecord
		if err := json.Unmarshal(line, &r); err != nil {
			return fmt.Errorf("line %d is not an audit record: %w", n, err)
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

func eachLine(r io.Reader, fn func(n int, line []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			return fmt.Errorf("line %d is empty", n)
		}
		if err := fn(n, line); err != nil {
			return err
		}
	}
	return sc.Err()
}

// VerifyError says where the chain broke.
type VerifyError struct {
	Line   int
	Reason string
}

func (e *VerifyError) Error() string {
	if e.Line == 0 {
		return "audit log: " + e.Reason
	}
	return fmt.Sprintf("audit log line %d: %s", e.Line, e.Reason)
}

// Verify checks the whole chain and the head. It returns the number of
// records and a *VerifyError at the first break.
func (l *AuditLog) Verify() (n int, err error) {
	if _, serr := os.Stat(filepath.Dir(l.path)); serr != nil {
		return 0, nil
	}
	lerr := withLock(l.path, func() error {
		n, err = l.verifyLocked()
		return nil
	})
	if lerr != nil {
		return 0, lerr
	}
	return n, err
}

func (l *AuditLog) verifyLocked() (int, error) {
	f, err := os.Open(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, herr := os.Stat(l.path + ".head"); herr == nil {
			return 0, &VerifyError{Reason: "the log file is missing but its head says records were written: the log was deleted"}
		}
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	prev, seq := genesis, int64(0)
	count := 0
	err = eachLine(f, func(n int, line []byte) error {
		var r AuditRecord
		if err := json.Unmarshal(line, &r); err != nil {
			return &VerifyError{Line: n, Reason: "not a valid audit record: " + err.Error()}
		}
		if r.Seq != seq+1 {
			return &VerifyError{Line: n, Reason: fmt.Sprintf("sequence %d follows %d: a record was deleted or inserted", r.Seq, seq)}
		}
		if r.Prev != prev {
			return &VerifyError{Line: n, Reason: "does not chain to the line before it: a record was deleted, inserted or edited"}
		}
		h, err := recordHash(r)
		if err != nil {
			return &VerifyError{Line: n, Reason: err.Error()}
		}
		if h != r.Hash {
			return &VerifyError{Line: n, Reason: "its hash does not match its content: the line was edited"}
		}
		prev, seq = r.Hash, r.Seq
		count++
		return nil
	})
	if err != nil {
		var ve *VerifyError
		if errors.As(err, &ve) {
			return count, err
		}
		return count, &VerifyError{Line: count + 1, Reason: err.Error()}
	}
	head, herr := l.readHead()
	if herr != nil {
		return count, &VerifyError{Reason: herr.Error()}
	}
	if head.Seq != seq || head.Hash != prev {
		return count, &VerifyError{Line: count, Reason: fmt.Sprintf("the log ends at record %d but its head says %d: records were removed from the end", seq, head.Seq)}
	}
	return count, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}
