package cli

import (
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// lockNoticeRE is lock.TrustedApprover's notice about a lock whose own
// approvals do not count: "the N approvals in AGENTS.lock do not count
// here: WHY".
var lockNoticeRE = regexp.MustCompile(`^the (\d+) approvals in ` + regexp.QuoteMeta(lock.FileName) + ` do not count here: (.*)$`)

// unsignedWhy begins the reason given for an unsigned lock.
const unsignedWhy = "the lock is unsigned and they were not given on this machine"

// honestLockNotice corrects TrustedApprover's notice for approvals that
// were also given on this machine ('sentinel approve' records each one in
// the lock and under SENTINEL_HOME): those count, and the scan counted
// them, so the notice must not say they do not. A lock that is merely
// unsigned, all of whose approvals were given here, needs no notice; a
// signature problem is still said, with what counts and why.
func honestLockNotice(fsys fs.FS, approver rules.Approver, notice string) string {
	m := lockNoticeRE.FindStringSubmatch(notice)
	if m == nil || approver == nil {
		return notice
	}
	l, _, err := lock.Load(fsys)
	if err != nil || l == nil {
		return notice
	}
	entries := l.Approved()
	if n, _ := strconv.Atoi(m[1]); n != len(entries) {
		return notice
	}
	here := 0
	for _, e := range entries {
		it := rules.Item{Kind: e.Kind, Tool: e.Tool, Source: e.Source, Event: e.Event, Matcher: e.Matcher, Name: e.Name, Command: e.Command, Hash: e.SHA256}
		if approver.Approved(it) {
			here++
		}
	}
	why := m[2]
	unsigned := strings.HasPrefix(why, unsignedWhy)
	switch {
	case here == 0:
		return notice
	case here == len(entries) && unsigned:
		return ""
	case here == len(entries):
		return fmt.Sprintf("the %d approvals in %s count here only because they were given on this machine; the lock itself does not count: %s", len(entries), lock.FileName, why)
	case unsigned:
		return fmt.Sprintf("%d of the %d approvals in %s do not count here: %s (the other %d were given here and count)", len(entries)-here, len(entries), lock.FileName, why, here)
	}
	return fmt.Sprintf("%d of the %d approvals in %s do not count here, and the other %d count only because they were given on this machine: %s", len(entries)-here, len(entries), lock.FileName, here, why)
}
