package blast

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/sentinel-sec/sentinel/internal/atomicfile"
	"github.com/sentinel-sec/sentinel/internal/userdirs"
)

// ErrNoSession is returned by Store methods called without a session ID.
var ErrNoSession = errors.New("the hook event has no session ID; check that the agent's hook runs `sentinel hook` for that agent (claude, gemini or cursor)")

// DefaultMaxAge is how long a session's gate state is kept after its last
// use before Store cleans it up.
const DefaultMaxAge = 7 * 24 * time.Hour

// lockTimeout bounds the wait for another hook of the same session.
const lockTimeout = 3 * time.Second

// StateDir returns Sentinel's state directory: $XDG_STATE_HOME/sentinel, or
// ~/.local/state/sentinel, or %LOCALAPPDATA%\sentinel\state on Windows, by
// the rule the MCP gateway shares (internal/userdirs). getenv is os.Getenv in
// production.
func StateDir(getenv func(string) string) (string, error) {
	return userdirs.State(getenv)
}

// Store keeps per-session gate state in files under a directory, one file per
// session, so that hooks started as separate processes share one turn. Every
// read-modify-write holds an exclusive file lock, so hooks that run at the
// same time for parallel tool calls challenge each path once. Files are
// private to the user (0600 in a 0700 directory).
type Store struct {
	dir    string
	maxAge time.Duration
	now    func() time.Time
}

// NewStore returns a Store that keeps its files under dir/gate. The
// directory is created on first write.
func NewStore(dir string) *Store {
	return &Store{dir: filepath.Join(dir, "gate"), maxAge: DefaultMaxAge, now: time.Now}
}

// sessionState is the on-disk form of one session's current turn.
type sessionState struct {
	Version int       `json:"version"`
	Turn    int       `json:"turn"`
	TurnID  string    `json:"turn_id,omitempty"`
	Asked   []string  `json:"asked"`
	Updated time.Time `json:"updated"`
}

func (s *Store) path(session string) string {
	sum := sha256.Sum256([]byte(session))
	return filepath.Join(s.dir, hex.EncodeToString(sum[:16])+".json")
}

// StartTurn begins a new turn for session: every path will be challenged
// again. turnID may name the turn (Cursor's generation_id); it may be empty.
// It also removes state files of sessions unused for longer than the
// maximum age.
func (s *Store) StartTurn(session, turnID string) error {
	err := s.update(session, func(st *sessionState) (*Block, bool) {
		st.Turn++
		st.TurnID = turnID
		st.Asked = nil
		return nil, true
	})
	s.cleanup()
	return err
}

// Check applies the gate to targets for session's current turn and records
// what it asked. When turnID is not empty and differs from the stored one, a
// new turn starts first. Check does no I/O when targets is empty.
func (s *Store) Check(session, turnID string, targets []Target) (*Block, error) {
	if len(targets) == 0 {
		return nil, nil
	}
	var block *Block
	err := s.update(session, func(st *sessionState) (*Block, bool) {
		if turnID != "" && st.TurnID != turnID {
			st.Turn++
			st.TurnID = turnID
			st.Asked = nil
		}
		asked := make(map[string]bool, len(st.Asked))
		for _, p := range st.Asked {
			asked[p] = true
		}
		block = decide(asked, targets)
		if block == nil {
			return nil, false
		}
		for _, t := range targets {
			if !containsString(st.Asked, t.Path) {
				st.Asked = append(st.Asked, t.Path)
			}
		}
		return block, true
	})
	if err != nil {
		return nil, err
	}
	return block, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// update runs fn on the session's state under an exclusive lock and writes
// the state back when fn says so.
func (s *Store) update(session string, fn func(*sessionState) (*Block, bool)) error {
	if strings.TrimSpace(session) == "" {
		return ErrNoSession
	}
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("cannot create the gate state directory %s: %w; check its permissions", s.dir, err)
	}
	file := s.path(session)
	// One lock for the directory, not one per session: a new session then
	// creates one file, not two, and the lock is held for microseconds.
	lock := flock.New(filepath.Join(s.dir, ".lock"), flock.SetPermissions(0o600), flock.SetFlag(os.O_CREATE|os.O_RDONLY|noFollow))
	ctx, cancel := context.WithTimeout(context.Background(), lockTimeout)
	defer cancel()
	ok, err := lock.TryLockContext(ctx, 5*time.Millisecond)
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return fmt.Errorf("cannot lock the gate state %s: %v; another hook may be stuck", file, err)
	}
	defer lock.Unlock()

	var st sessionState
	data, err := os.ReadFile(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		st = sessionState{Version: 1}
	case err != nil:
		return fmt.Errorf("cannot read the gate state %s: %w; check its permissions or delete it", file, err)
	default:
		if err := json.Unmarshal(data, &st); err != nil || st.Version != 1 {
			return fmt.Errorf("the gate state %s is corrupt; delete it to start the session's turn afresh", file)
		}
	}
	if _, write := fn(&st); !write {
		return nil
	}
	st.Version = 1
	st.Updated = s.now().UTC()
	out, err := json.Marshal(&st)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(file, out, atomicfile.Options{Perm: 0o600}); err != nil {
		return fmt.Errorf("cannot write the gate state %s: %w; check free space and permissions", file, err)
	}
	return nil
}

// cleanup removes state of sessions unused for longer than maxAge. It runs at
// most once an hour, on a new turn, and ignores errors: stale state is
// harmless, only disk space.
func (s *Store) cleanup() {
	marker := filepath.Join(s.dir, ".last-cleanup")
	now := s.now()
	// Lstat and O_NOFOLLOW: a link planted here (the gate's folder stays
	// writable inside the write wall) is removed, never written through.
	if fi, err := os.Lstat(marker); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) < time.Hour {
		return
	} else if err == nil && !fi.Mode().IsRegular() {
		os.Remove(marker)
	}
	if f, err := os.OpenFile(marker, os.O_CREATE|os.O_WRONLY|os.O_TRUNC|noFollow, 0o600); err == nil {
		_, _ = f.WriteString(now.UTC().Format(time.RFC3339Nano))
		f.Close()
	}
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		// Session files, and the temporary files atomicfile leaves beside
		// them after a crash (".<name>.tmp-<random>").
		if !strings.HasSuffix(name, ".json") && !(strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-")) {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) < s.maxAge {
			continue
		}
		os.Remove(filepath.Join(s.dir, name))
	}
}
