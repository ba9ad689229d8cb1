package mcpgate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"time"

	"github.com/sentinel-sec/sentinel/redact"
)

// Pin is the approved version of one tool.
type Pin struct {
	Name string `json:"name"`
	// Digest is the SHA-256 of Definition.
	Digest string `json:"digest"`
	// Definition is the canonical JSON of the pinned fields as the server
	// sent them.
	Definition  json.RawMessage `json:"definition"`
	Risk        Risk            `json:"risk"`
	Unannotated bool            `json:"unannotated,omitempty"`
	PinnedAt    time.Time       `json:"pinned_at"`
	// By is "first-use" (trusted on the first list), "user:<how>" after a
	// person approved a change, or "AGENTS.lock".
	By string `json:"by"`
}

// PinFile holds the pins of one server.
type PinFile struct {
	Server string          `json:"server"`
	Tools  map[string]*Pin `json:"tools"`
}

// PinStore keeps one pin file per server in the user's state directory.
type PinStore struct {
	dir string
	// remote, when set, writes pins through the state broker (BrokerEnv).
	remote *brokerClient
}

// OpenPinStore returns the store in dir.
func OpenPinStore(dir string) *PinStore { return &PinStore{dir: dir, remote: brokerFromEnv()} }

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// PinPath is the file for server.
func (s *PinStore) PinPath(server string) string {
	name := unsafeName.ReplaceAllString(server, "_")
	if name == "" || name[0] == '.' {
		name = "_" + name
	}
	return filepath.Join(s.dir, name+".json")
}

// Load reads the pins of server; a server never seen has none.
func (s *PinStore) Load(server string) (*PinFile, error) {
	b, err := os.ReadFile(s.PinPath(server))
	if errors.Is(err, fs.ErrNotExist) {
		return &PinFile{Server: server, Tools: map[string]*Pin{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the tool pins %s: %w", s.PinPath(server), err)
	}
	pf := &PinFile{}
	if err := json.Unmarshal(b, pf); err != nil {
		return nil, fmt.Errorf("the tool pins %s are corrupt (%v); move the file aside to pin the server's tools again", s.PinPath(server), err)
	}
	if pf.Tools == nil {
		pf.Tools = map[string]*Pin{}
	}
	return pf, nil
}

// Update changes the pins of server under a file lock.
func (s *PinStore) Update(server string, fn func(*PinFile) error) error {
	path := s.PinPath(server)
	if s.remote != nil {
		pf, err := s.Load(server)
		if err != nil {
			return err
		}
		if err := fn(pf); err != nil {
			return err
		}
		m := brokerMsg{Op: "pin", Server: server, Pins: pf}
		if filepath.Base(s.dir) == "prompts" {
			m.Store = "prompts"
		}
		_, err = s.remote.call(m)
		return err
	}
	return withLock(path, func() error {
		pf, err := s.Load(server)
		if err != nil {
			return err
		}
		if err := fn(pf); err != nil {
			return err
		}
		b, err := json.MarshalIndent(pf, "", "  ")
		if err != nil {
			return err
		}
		return writeFileAtomic(path, append(b, '\n'))
	})
}

// Servers lists the servers that have pins.
func (s *PinStore) Servers() ([]string, error) {
	ents, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if filepath.Ext(e.Name()) != ".json" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(s.dir, e.Name()))
		if err != nil {
			continue
		}
		var pf PinFile
		if json.Unmarshal(b, &pf) == nil && pf.Server != "" {
			out = append(out, pf.Server)
		}
	}
	sort.Strings(out)
	return out, nil
}

// DescribeChanges says, field by field, how a tool definition changed, with
// short redacted previews of changed text.
func DescribeChanges(oldDef, newDef []byte) []string {
	var o, n map[string]json.RawMessage
	_ = json.Unmarshal(oldDef, &o)
	_ = json.Unmarshal(newDef, &n)
	var out []string
	for _, k := range pinnedFields {
		ov, inOld := o[k]
		nv, inNew := n[k]
		switch {
		case !inOld && !inNew:
		case !inOld:
			out = append(out, fmt.Sprintf("%s added: %s", k, preview(nv)))
		case !inNew:
			out = append(out, fmt.Sprintf("%s removed (was %s)", k, preview(ov)))
		case !sameJSON(ov, nv):
			out = append(out, fmt.Sprintf("%s changed: %s → %s", k, preview(ov), preview(nv)))
		}
	}
	if len(out) == 0 {
		out = append(out, "definition changed")
	}
	return out
}

// sameJSON compares two JSON values in canonical form, so a stored pin that
// was re-indented is not reported as changed.
func sameJSON(a, b json.RawMessage) bool {
	ca, errA := Canonical(a)
	cb, errB := Canonical(b)
	if errA != nil || errB != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(ca, cb)
}

func preview(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		b, _ := json.Marshal(truncate(s, 160))
		return redact.String(string(b))
	}
	return redact.String(truncate(string(v), 160))
}
