package lock

import (
	"path/filepath"
	"time"

	"github.com/sentinel-sec/sentinel/internal/userdirs"
)

// HomeDir returns Sentinel's own configuration folder: SENTINEL_HOME, else
// $XDG_CONFIG_HOME/sentinel, else ~/.config/sentinel, by the rule every
// command, the hook and the MCP gateway share (internal/userdirs).
func HomeDir(getenv func(string) string) (string, error) {
	return userdirs.Config(getenv)
}

// KeyStatus is what the pin store says about a repository's public key.
type KeyStatus string

const (
	KeyFirstUse KeyStatus = "first-use" // not seen before; now pinned
	KeyPinned   KeyStatus = "pinned"    // matches the pinned fingerprint
	KeyChanged  KeyStatus = "changed"   // differs from the pinned fingerprint
)

// Pins remembers, per repository, the fingerprint of the public key first
// seen there (trust on first use).
type Pins struct {
	homeStore[pin] // path "" for ExpectedKey: never saved
}

type pin struct {
	Fingerprint string `json:"fingerprint"`
	Since       string `json:"since"`
}

const pinFileName = "trusted-keys.json"

// OpenPins reads the pin store in home; a missing store is empty.
func OpenPins(home string) (*Pins, error) {
	p := &Pins{homeStore[pin]{path: filepath.Join(home, pinFileName),
		held: "the trusted keys", saved: "the trusted key", reset: "every key will then be trusted on first use again"}}
	if err := p.load(); err != nil {
		return nil, err
	}
	return p, nil
}

// ExpectedKey returns pins that hold exactly one trusted fingerprint for
// repo and are never saved: for CI runners, which keep nothing between runs
// and are told the fingerprint instead (sentinel verify --expect-key).
func ExpectedKey(repo, fp string) *Pins {
	return &Pins{homeStore[pin]{data: repoFile[pin]{Format: 1, Repos: map[string]pin{repo: {Fingerprint: fp}}}}}
}

// RepoID is the identity a pin is stored under: the repository's absolute
// path with links resolved.
func RepoID(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}

// Check compares fp with the pin for repo without changing anything.
func (p *Pins) Check(repo, fp string) (KeyStatus, string) {
	old, ok := p.data.Repos[repo]
	switch {
	case !ok:
		return KeyFirstUse, ""
	case old.Fingerprint == fp:
		return KeyPinned, old.Fingerprint
	default:
		return KeyChanged, old.Fingerprint
	}
}

// Pin records fp as the trusted key of repo and saves the store.
func (p *Pins) Pin(repo, fp string, now time.Time) error {
	p.data.Repos[repo] = pin{Fingerprint: fp, Since: now.UTC().Format(time.RFC3339)}
	if p.path == "" {
		return nil // ExpectedKey: nothing to save
	}
	return p.save()
}
