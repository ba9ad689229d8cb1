package lock

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

// Trust is what this machine trusts about a working tree, kept under
// SENTINEL_HOME: the signing key pinned for it, and the approvals a person
// gave here with 'sentinel approve'.
type Trust struct {
	Pins      *Pins
	Approvals *LocalApprovals
	RepoID    string
	// Err is why the stores could not be read (OpenTrust's error), said in
	// the notice instead of "no record of trusted keys".
	Err error
}

// OpenTrust reads both stores from home for the repository at dir.
func OpenTrust(home, dir string) (Trust, error) {
	pins, err := OpenPins(home)
	if err != nil {
		return Trust{}, err
	}
	la, err := OpenLocalApprovals(home)
	if err != nil {
		return Trust{}, err
	}
	return Trust{Pins: pins, Approvals: la, RepoID: RepoID(dir)}, nil
}

// TrustedApprover returns the approvals that count for an agent started in
// this working tree (sentinel run), and a notice when some do not:
//
//   - approvals given on this machine ('sentinel approve' records them under
//     SENTINEL_HOME) always count, pinned to their hash like any approval;
//   - the lock's approvals count when its signature is valid and made by the
//     key this machine already trusts for the repository (pinned by
//     'sentinel verify' or 'sentinel keygen');
//   - an unsigned lock, a lock signed by a key not yet trusted here, or a lock
//     whose signature does not match grants nothing by itself: a repository
//     you just cloned cannot approve its own hooks.
//
// The notice says what to do ("run 'sentinel verify' to trust the key").
// A fingerprint of the decision is returned too, so that a cached verdict
// is tied to the trust it was judged with.
func TrustedApprover(fsys fs.FS, t Trust) (a rules.Approver, notice, state string) {
	local := t.Approvals.approver(t.RepoID)
	l, fp, why, err := trustedLock(fsys, t)
	if err != nil {
		return local, "AGENTS.lock ignored, so only approvals given on this machine count: " + err.Error(), "lock-unreadable:" + local.digest()
	}
	if l == nil || len(l.Approved()) == 0 {
		return local, "", "no-lock-approvals:" + local.digest()
	}
	if why != "" {
		return local, untrustedNotice(l.Approved(), local, why), "lock-untrusted:" + local.digest()
	}
	return either{l.Approver(), local}, "", "lock-trusted:" + fp + ":" + local.digest()
}

// untrustedNotice says which of a lock's approvals do not count here, and
// why: an approval also given on this machine ('sentinel approve' records
// it in the lock and under SENTINEL_HOME) counts, so the notice must not
// say it does not. A merely unsigned lock all of whose approvals were given
// here needs no notice; a signature problem is always said.
func untrustedNotice(entries []Entry, local localApprover, why string) string {
	here := 0
	for _, e := range entries {
		if e.SHA256 != "" && local[e.Key()+"\x00"+e.SHA256] {
			here++
		}
	}
	unsigned := why == whyUnsigned
	if unsigned {
		why += "; approve them yourself with 'sentinel approve', or wait for CI to sign the lock"
	}
	n := len(entries)
	switch {
	case here == 0:
		return fmt.Sprintf("the %d approvals in %s do not count here: %s", n, FileName, why)
	case here == n && unsigned:
		return ""
	case here == n:
		return fmt.Sprintf("the %d approvals in %s count here only because they were given on this machine; the lock itself does not count: %s", n, FileName, why)
	case unsigned:
		return fmt.Sprintf("%d of the %d approvals in %s do not count here: %s (the other %d were given here and count)", n-here, n, FileName, why, here)
	}
	return fmt.Sprintf("%d of the %d approvals in %s do not count here, and the other %d count only because they were given on this machine: %s", n-here, n, FileName, here, why)
}

// either approves what any of its approvers approves.
type either []rules.Approver

func (e either) Approved(it rules.Item) bool {
	for _, a := range e {
		if a.Approved(it) {
			return true
		}
	}
	return false
}

// LocalApprovals are the approvals given on this machine, per repository.
type LocalApprovals struct {
	homeStore[[]localMark]
}

type localMark struct {
	Key    string `json:"key"`
	SHA256 string `json:"sha256"`
	At     string `json:"at"`
}

const localApprovalsFile = "approvals.json"

// OpenLocalApprovals reads the store in home; a missing store is empty.
func OpenLocalApprovals(home string) (*LocalApprovals, error) {
	la := &LocalApprovals{homeStore[[]localMark]{path: filepath.Join(home, localApprovalsFile),
		held: "your approvals", saved: "your approvals", reset: "Sentinel will then ask again"}}
	if err := la.load(); err != nil {
		return nil, err
	}
	return la, nil
}

// Record remembers that a person on this machine approved entries of the
// repository, and saves the store.
func (la *LocalApprovals) Record(repo string, entries []Entry, now time.Time) error {
	marks := la.data.Repos[repo]
	for _, e := range entries {
		marks = append(marks, localMark{Key: e.Key(), SHA256: e.SHA256, At: now.UTC().Format(time.RFC3339)})
	}
	la.data.Repos[repo] = marks
	return la.save()
}

type localApprover map[string]bool // key + "\x00" + sha256

func (la *LocalApprovals) approver(repo string) localApprover {
	a := localApprover{}
	if la != nil {
		for _, m := range la.data.Repos[repo] {
			a[m.Key+"\x00"+m.SHA256] = true
		}
	}
	return a
}

func (a localApprover) Approved(it rules.Item) bool {
	return it.Hash != "" && a[EntryOf(it).Key()+"\x00"+it.Hash]
}

func (a localApprover) digest() string {
	sum := sha256.Sum256([]byte(strings.Join(slices.Sorted(maps.Keys(a)), "\n")))
	return hex.EncodeToString(sum[:8])
}

// GlobalRepo is the key under which the approvals of a person's own agent
// files (`sentinel approve --global`: ~/.claude/settings.json and the
// rest) are kept in the machine's approvals store. No repository has it:
// repository keys are absolute paths.
const GlobalRepo = "~"

// GlobalApprover approves the user's own items (their Source starts with
// "~/") that a person approved here with `sentinel approve --global`, at
// their current hash. It never approves an item of a repository.
func GlobalApprover(home string) (rules.Approver, error) {
	la, err := OpenLocalApprovals(home)
	if err != nil {
		return nil, err
	}
	return globalOnly{la.approver(GlobalRepo)}, nil
}

type globalOnly struct{ a localApprover }

func (g globalOnly) Approved(it rules.Item) bool {
	return strings.HasPrefix(it.Source, "~/") && g.a.Approved(it)
}

// Either approves what any of approvers approves.
func Either(approvers ...rules.Approver) rules.Approver { return either(approvers) }

// RecordGlobal remembers that a person approved items of their own agent
// files, each pinned to its hash.
func (la *LocalApprovals) RecordGlobal(items []rules.Item, now time.Time) error {
	entries := make([]Entry, 0, len(items))
	for _, it := range items {
		entries = append(entries, EntryOf(it))
	}
	return la.Record(GlobalRepo, entries, now)
}
