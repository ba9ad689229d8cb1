package lock

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"time"

	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// Status is the one-word outcome of verifying a repository's lock.
type Status string

// Verification outcomes, from best to worst.
const (
	StatusValid      Status = "valid"
	StatusNotCovered Status = "NOT COVERED"
	StatusUnsigned   Status = "UNSIGNED"
	StatusInvalid    Status = "SIGNATURE INVALID"
	StatusKeyChanged Status = "KEY_CHANGED"
)

// Uncovered is an agent file whose content the signed lock does not vouch for.
type Uncovered struct {
	Path string `json:"path"`
	Why  string `json:"why"` // "changed since signing", "not in the lock", "removed since signing"
}

// Verification is the full answer of Verify.
type Verification struct {
	Status       Status      `json:"status"`
	Key          KeyStatus   `json:"key,omitempty"`
	Fingerprint  string      `json:"fingerprint,omitempty"`
	Pinned       string      `json:"pinned_fingerprint,omitempty"`
	SignatureErr string      `json:"signature_error,omitempty"`
	NotCovered   []Uncovered `json:"not_covered"`
	Lapsed       []Entry     `json:"lapsed"`
	Lock         *Lock       `json:"-"`
}

// VerifyInput is what Verify reads.
type VerifyInput struct {
	// FS is the repository root (os.Root.FS); the lock, its signature and
	// the public key are read from it.
	FS fs.FS
	// Files are the agent-config files (and scripts) present now.
	Files []string
	// Items are what runs or connects by itself now, for lapsed approvals.
	Items []rules.Item
	// Pins and RepoID pin the public key on first use. Nil Pins: no pinning.
	Pins   *Pins
	RepoID string
	// AcceptKey re-pins a changed key (after a deliberate rotation).
	AcceptKey bool
	Now       time.Time
}

// ErrNoLock is returned when the repository has no AGENTS.lock.
var ErrNoLock = errors.New("there is no " + FileName + " here; create one with 'sentinel init'")

// ReadFile reads name from fsys with the lock's size limit. A missing file
// returns (nil, nil).
func ReadFile(fsys fs.FS, name string) ([]byte, error) {
	// A link is refused whether it leads inside the repository or out of
	// it: these files vouch for the rest, so they are read only as
	// themselves.
	var lst fs.FileInfo
	var lerr error
	if rl, ok := fsys.(fs.ReadLinkFS); ok {
		lst, lerr = rl.Lstat(name)
	} else if sf, ok := fsys.(fs.StatFS); ok {
		lst, lerr = sf.Stat(name) // a git tree's Stat does not follow links
	}
	switch {
	case lerr == nil && lst != nil && lst.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("%s is a symbolic link, and Sentinel reads it only as a plain file; replace it with the real file from git", name)
	case lerr == nil && lst != nil && !lst.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file; restore it from git", name)
	case lerr != nil && !errors.Is(lerr, fs.ErrNotExist):
		return nil, readErr(name, lerr)
	}
	f, err := fsys.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, readErr(name, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, readErr(name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file; restore it from git", name)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, readErr(name, err)
	}
	return b, nil
}

// readErr says in one sentence why name could not be read, and what to do.
func readErr(name string, err error) error {
	if discover.IsEscape(err) {
		return fmt.Errorf("%s lies behind a symbolic link that leads out of the repository, and Sentinel reads it only inside it; restore it from git", name)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s (%v); check its permissions or restore it from git", name, err)
}

// Load reads and parses AGENTS.lock from fsys; (nil, nil) when there is none.
func Load(fsys fs.FS) (*Lock, []byte, error) {
	b, err := ReadFile(fsys, FileName)
	if err != nil || b == nil {
		return nil, nil, err
	}
	l, err := Parse(b)
	if err != nil {
		return nil, nil, err
	}
	return l, b, nil
}

// LoadPublicKey reads .sentinel/pubkey.pem from fsys; (nil, nil) when absent.
func LoadPublicKey(fsys fs.FS) (ed25519.PublicKey, error) {
	b, err := ReadFile(fsys, PublicKeyPath)
	if err != nil || b == nil {
		return nil, err
	}
	return ParsePublicKey(b, "the public key "+PublicKeyPath)
}

// Verify checks a repository's lock: is it signed by the committed key, is
// that key the one pinned on first use, and does it cover every agent file
// as it is now? Errors are for input that cannot be judged at all (no lock,
// a lock that is not a lock, a public key of the wrong type).
func Verify(in VerifyInput) (*Verification, error) {
	if in.Now.IsZero() {
		in.Now = time.Now()
	}
	l, lockBytes, err := Load(in.FS)
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, ErrNoLock
	}
	v := &Verification{Lock: l, NotCovered: coverage(in.FS, l, in.Files), Lapsed: l.Lapsed(in.Items)}
	if v.Lapsed == nil {
		v.Lapsed = []Entry{}
	}

	sig, err := ReadFile(in.FS, SigFileName)
	if err != nil {
		return nil, err
	}
	pub, err := LoadPublicKey(in.FS)
	if err != nil {
		return nil, err
	}
	if sig == nil {
		v.Status = StatusUnsigned
		if pub != nil {
			v.Fingerprint = Fingerprint(pub)
			// A swapped key is news whether or not the lock is signed:
			// "not signed yet" must not hide it.
			if in.Pins != nil {
				v.Key, v.Pinned = in.Pins.Check(in.RepoID, v.Fingerprint)
				if v.Key == KeyChanged && !in.AcceptKey {
					v.Status = StatusKeyChanged
				}
			}
		}
		return v, nil
	}
	if pub == nil {
		v.Status = StatusInvalid
		v.SignatureErr = fmt.Sprintf("%s exists but there is no public key %s to check it with; commit the public key made by 'sentinel keygen'", SigFileName, PublicKeyPath)
		return v, nil
	}
	v.Fingerprint = Fingerprint(pub)
	if in.Pins != nil {
		v.Key, v.Pinned = in.Pins.Check(in.RepoID, v.Fingerprint)
		if v.Key == KeyChanged && !in.AcceptKey {
			v.Status = StatusKeyChanged
			return v, nil
		}
	}
	if err := CheckSignature(lockBytes, sig, pub); err != nil {
		v.Status = StatusInvalid
		v.SignatureErr = err.Error()
		return v, nil
	}
	if in.Pins != nil && v.Key != KeyPinned {
		if err := in.Pins.Pin(in.RepoID, v.Fingerprint, in.Now); err != nil {
			return nil, err
		}
	}
	if len(v.NotCovered) > 0 {
		v.Status = StatusNotCovered
	} else {
		v.Status = StatusValid
	}
	return v, nil
}

// coverage lists agent files whose content the lock does not record.
func coverage(fsys fs.FS, l *Lock, files []string) []Uncovered {
	out := []Uncovered{}
	now := map[string]bool{}
	for _, p := range files {
		if !Covered(p) || now[p] {
			continue
		}
		now[p] = true
		want := l.FileHash(p)
		if want == "" {
			out = append(out, Uncovered{Path: p, Why: "not in the lock"})
			continue
		}
		got, err := HashFile(fsys, p)
		if err != nil || got != want {
			out = append(out, Uncovered{Path: p, Why: "changed since signing"})
		}
	}
	for _, f := range l.Files {
		if !now[f.Path] {
			if _, err := fs.Stat(fsys, f.Path); err != nil {
				out = append(out, Uncovered{Path: f.Path, Why: "removed since signing"})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
