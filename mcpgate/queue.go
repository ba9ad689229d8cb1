package mcpgate

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Kinds of approval requests.
const (
	// KindCall is a paused tools/call.
	KindCall = "call"
	// KindTool is a tool definition withheld from the client: new and
	// poisoned, or changed since it was pinned.
	KindTool = "tool"
)

// Approval statuses.
const (
	StatusPending  = "pending"
	StatusAllowed  = "allowed"
	StatusDenied   = "denied"
	StatusExpired  = "expired"
	StatusUsed     = "used"
	StatusOrphaned = "orphaned"
)

// Request is one item in the approval queue. Everything in it has been
// through redact before it was written.
type Request struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Server string `json:"server"`
	Tool   string `json:"tool"`
	Risk   Risk   `json:"risk,omitempty"`
	// Unannotated is true when the tool published no annotations.
	Unannotated bool `json:"unannotated,omitempty"`
	// Reason says why the gate paused.
	Reason string `json:"reason"`
	// Arguments are the call's arguments, redacted and shortened.
	Arguments  string `json:"arguments,omitempty"`
	ArgsDigest string `json:"args_digest,omitempty"`
	// For KindTool: the pinned and the new definition digests, what changed,
	// and the new definition (redacted, shortened).
	OldDigest  string    `json:"old_digest,omitempty"`
	NewDigest  string    `json:"new_digest,omitempty"`
	Changes    []string  `json:"changes,omitempty"`
	Definition string    `json:"definition,omitempty"`
	Created    time.Time `json:"created"`
	// Expires is when a paused call is given up; zero for KindTool.
	Expires time.Time `json:"expires,omitzero"`
	// PID is the proxy that is waiting on a call.
	PID int `json:"pid,omitempty"`
}

// Decision resolves a Request. The first decision written wins.
type Decision struct {
	Verdict string    `json:"verdict"` // "allow" or "deny"
	By      string    `json:"by"`
	At      time.Time `json:"at"`
}

// Entry is a Request with its resolution.
type Entry struct {
	Request
	Decision *Decision `json:"decision,omitempty"`
	Used     bool      `json:"used,omitempty"`
	Status   string    `json:"status"`
}

// Queue is the file-backed approval queue: one file per request and one per
// decision, created exclusively, in a directory only the user can read. It
// survives restarts of the proxy and of whatever lists it.
type Queue struct {
	dir string
	now func() time.Time
	// remote, when set, writes requests and uses through the state broker
	// (BrokerEnv): the queue folder is read-only inside the write wall.
	remote *brokerClient
}

// OpenQueue opens (creating if needed) the queue in dir.
func OpenQueue(dir string) (*Queue, error) {
	if remote := brokerFromEnv(); remote != nil {
		return &Queue{dir: dir, now: time.Now, remote: remote}, nil
	}
	if err := ensureDir(dir); err != nil {
		return nil, err
	}
	return &Queue{dir: dir, now: time.Now}, nil
}

var idPattern = regexp.MustCompile(`^[0-9a-f]{8}$`)

func newID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (q *Queue) reqPath(id string) string      { return filepath.Join(q.dir, id+".json") }
func (q *Queue) decisionPath(id string) string { return filepath.Join(q.dir, id+".decision") }
func (q *Queue) usedPath(id string) string     { return filepath.Join(q.dir, id+".used") }

// Submit adds r to the queue with a fresh ID and returns it.
func (q *Queue) Submit(r Request) (Request, error) {
	if q.remote != nil {
		rep, err := q.remote.call(brokerMsg{Op: "submit", Request: &r})
		if err != nil {
			return r, err
		}
		// Whatever answers on the socket, the request must be in the queue
		// as sent and undecided: an ID that names another call, or one a
		// person already allowed, would let this call through on their word.
		if rep.Request == nil {
			return r, errors.New("the state broker answered without a request")
		}
		e, err := q.Get(rep.Request.ID)
		if err != nil {
			return r, fmt.Errorf("the state broker's request is not in the queue: %w", err)
		}
		if e.Decision != nil || e.Used || e.Kind != r.Kind || e.Server != r.Server || e.Tool != r.Tool || e.ArgsDigest != r.ArgsDigest || e.NewDigest != r.NewDigest {
			return r, fmt.Errorf("the state broker answered with request %s, which is not the one sent", rep.Request.ID)
		}
		return e.Request, nil
	}
	if r.Created.IsZero() {
		r.Created = q.now().UTC()
	}
	for range 8 {
		r.ID = newID()
		b, _ := json.MarshalIndent(r, "", "  ")
		f, err := os.OpenFile(q.reqPath(r.ID), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return r, fmt.Errorf("cannot write to the approval queue %s: %w", q.dir, err)
		}
		_, err = f.Write(b)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return r, err
	}
	return r, errors.New("cannot allocate an approval ID")
}

// ErrUnknownID is returned for an ID that is not in the queue.
var ErrUnknownID = errors.New("no such approval")

// Get returns the entry with id.
func (q *Queue) Get(id string) (*Entry, error) {
	if !idPattern.MatchString(id) {
		return nil, fmt.Errorf("%w: %q is not an approval ID (8 hex digits, as `sentinel mcp approvals` shows them)", ErrUnknownID, id)
	}
	b, err := os.ReadFile(q.reqPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w %s; run `sentinel mcp approvals` to see pending ones", ErrUnknownID, id)
	}
	if err != nil {
		return nil, err
	}
	e := &Entry{}
	if err := json.Unmarshal(b, &e.Request); err != nil {
		return nil, fmt.Errorf("approval %s is unreadable: %w", id, err)
	}
	if db, err := os.ReadFile(q.decisionPath(id)); err == nil {
		d := &Decision{}
		if json.Unmarshal(db, d) == nil {
			e.Decision = d
		}
	}
	if _, err := os.Stat(q.usedPath(id)); err == nil {
		e.Used = true
	}
	e.Status = q.status(e)
	return e, nil
}

func (q *Queue) status(e *Entry) string {
	switch {
	case e.Decision != nil && e.Decision.Verdict == "allow" && e.Used:
		return StatusUsed
	case e.Decision != nil && e.Decision.Verdict == "allow":
		return StatusAllowed
	case e.Decision != nil && e.Decision.By == "timeout":
		return StatusExpired
	case e.Decision != nil:
		return StatusDenied
	case e.Kind == KindCall && !e.Expires.IsZero() && q.now().After(e.Expires):
		return StatusExpired
	case e.Kind == KindCall && !processAlive(e.PID):
		return StatusOrphaned
	}
	return StatusPending
}

// List returns every entry, oldest first. It changes nothing: a person's
// decision is never removed as a side effect of looking at the queue.
func (q *Queue) List() ([]Entry, error) {
	ents, err := os.ReadDir(q.dir)
	if err != nil {
		return nil, fmt.Errorf("cannot read the approval queue %s: %w", q.dir, err)
	}
	var out []Entry
	for _, de := range ents {
		name := de.Name()
		id, ok := strings.CutSuffix(name, ".json")
		if !ok || !idPattern.MatchString(id) {
			continue
		}
		e, err := q.Get(id)
		if err != nil {
			continue
		}
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Created.Before(out[j].Created) })
	return out, nil
}

// collectAge is how long a finished call request is kept before Collect
// removes it.
const collectAge = 7 * 24 * time.Hour

// Collect removes call requests created more than a week ago whose time to
// wait has passed (whatever was decided: a week-old approval of a call no
// longer lets it through), with their decision and used files, and
// temporary files left by a crash in the middle of a write. It never removes
// a request for a tool definition: a person's refusal of a tool version is
// permanent, whatever a signed AGENTS.lock later says, and so is their
// approval. It returns how many requests it removed.
func (q *Queue) Collect() (int, error) {
	if q.remote != nil {
		return 0, nil // the broker collects, outside the wall
	}
	ents, err := os.ReadDir(q.dir)
	if err != nil {
		return 0, fmt.Errorf("cannot read the approval queue %s: %w", q.dir, err)
	}
	now := q.now()
	n := 0
	for _, de := range ents {
		name := de.Name()
		if strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-") {
			// atomicfile's temporary ".<name>.tmp-*", never renamed.
			if fi, err := de.Info(); err == nil && now.Sub(fi.ModTime()) > time.Hour {
				os.Remove(filepath.Join(q.dir, name))
			}
			continue
		}
		id, ok := strings.CutSuffix(name, ".json")
		if !ok || !idPattern.MatchString(id) {
			continue
		}
		e, err := q.Get(id)
		if err != nil || e.Kind != KindCall || e.Expires.IsZero() {
			continue // unreadable, a tool version, or no end: kept
		}
		if now.Sub(e.Created) <= collectAge || !now.After(e.Expires) {
			continue
		}
		// The decision first, the request last: a crash half-way leaves
		// an expired request with no decision (collected next time), never
		// an allow without its used mark.
		for _, p := range []string{q.decisionPath(id), q.usedPath(id), q.reqPath(id)} {
			os.Remove(p)
		}
		n++
	}
	return n, nil
}

// ErrAlreadyDecided is returned when a request was resolved before.
var ErrAlreadyDecided = errors.New("already decided")

// Resolve records verdict ("allow" or "deny") for id, by whom. Only the first
// decision counts; later ones return ErrAlreadyDecided.
func (q *Queue) Resolve(id, verdict, by string) error {
	if verdict != "allow" && verdict != "deny" {
		return fmt.Errorf("verdict must be allow or deny, not %q", verdict)
	}
	e, err := q.Get(id)
	if err != nil {
		return err
	}
	if e.Decision != nil {
		return fmt.Errorf("approval %s was %w: %s by %s at %s", id, ErrAlreadyDecided, e.Decision.Verdict, e.Decision.By, e.Decision.At.Format(time.RFC3339))
	}
	if e.Status == StatusExpired && verdict == "allow" {
		return fmt.Errorf("approval %s expired at %s; the call was denied, ask the agent to retry it", id, e.Expires.Format(time.RFC3339))
	}
	b, _ := json.Marshal(Decision{Verdict: verdict, By: by, At: q.now().UTC()})
	f, err := os.OpenFile(q.decisionPath(id), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("approval %s was %w", id, ErrAlreadyDecided)
	}
	if err != nil {
		return fmt.Errorf("cannot record the decision for %s: %w", id, err)
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Consume marks an allowed call as used; it reports false when it was
// already used, so one approval lets one call through.
func (q *Queue) Consume(id string) bool {
	if q.remote != nil {
		rep, err := q.remote.call(brokerMsg{Op: "consume", ID: id})
		return err == nil && rep.OK
	}
	f, err := os.OpenFile(q.usedPath(id), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// FindCall returns an open entry (pending, orphaned or allowed and unused,
// not expired) for the same call, so a call retried after a restart picks up
// the approval that was given or is still awaited.
func (q *Queue) FindCall(server, tool, argsDigest string) *Entry {
	list, err := q.List()
	if err != nil {
		return nil
	}
	for i := len(list) - 1; i >= 0; i-- {
		e := list[i]
		if e.Kind != KindCall || e.Server != server || e.Tool != tool || e.ArgsDigest != argsDigest {
			continue
		}
		switch e.Status {
		case StatusPending, StatusOrphaned, StatusAllowed:
			return &e
		}
	}
	return nil
}

// FindTool returns the newest entry for a withheld tool definition.
func (q *Queue) FindTool(server, tool, newDigest string) *Entry {
	list, err := q.List()
	if err != nil {
		return nil
	}
	for i := len(list) - 1; i >= 0; i-- {
		e := list[i]
		if e.Kind == KindTool && e.Server == server && e.Tool == tool && e.NewDigest == newDigest {
			return &e
		}
	}
	return nil
}

// Wait polls until id is decided or ctx ends.
func (q *Queue) Wait(ctx context.Context, id string, every time.Duration) (*Decision, error) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if b, err := os.ReadFile(q.decisionPath(id)); err == nil {
			d := &Decision{}
			if err := json.Unmarshal(b, d); err == nil {
				return d, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}
