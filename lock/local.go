package lock

import (
	"io/fs"

	"github.com/sentinel-sec/sentinel/scan/rules"
)

// LocalApprover returns the approvals that count when scanning a working
// tree (sentinel scan, sentinel run): those of its AGENTS.lock when the lock
// is unsigned (approved on this machine, not yet signed by CI) or validly
// signed by the committed key. A lock whose signature does not match, or
// that cannot be read, approves nothing, and notice says why. Pull-request
// mode never uses this: it reads approvals from the base.
func LocalApprover(fsys fs.FS) (a rules.Approver, notice string) {
	l, lockBytes, err := Load(fsys)
	if err != nil {
		return rules.NoApprovals{}, "AGENTS.lock ignored, so nothing counts as approved: " + err.Error()
	}
	if l == nil {
		return rules.NoApprovals{}, ""
	}
	sig, err := ReadFile(fsys, SigFileName)
	if err != nil {
		return rules.NoApprovals{}, "AGENTS.lock ignored, so nothing counts as approved: " + err.Error()
	}
	if sig == nil {
		return l.Approver(), ""
	}
	pub, err := LoadPublicKey(fsys)
	if err != nil || pub == nil {
		return rules.NoApprovals{}, "AGENTS.lock ignored, so nothing counts as approved: it is signed but " + PublicKeyPath + " cannot be read"
	}
	if err := CheckSignature(lockBytes, sig, pub); err != nil {
		return rules.NoApprovals{}, "AGENTS.lock ignored, so nothing counts as approved: " + err.Error() + "; run 'sentinel verify'"
	}
	return l.Approver(), ""
}
