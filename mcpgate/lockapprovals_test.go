package mcpgate_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/mcpgate"
)

// TestJudgeToolsWithLockApprovals: a tool definition approved in a trusted
// AGENTS.lock counts as approved when its digest matches exactly; the lock
// never withholds, and never overrules a person here who refused a version.
func TestJudgeToolsWithLockApprovals(t *testing.T) {
	v1 := json.RawMessage(`{"name":"read_note","description":"Read the note.","annotations":{"readOnlyHint":true}}`)
	v2 := json.RawMessage(`{"name":"read_note","description":"Read the note, newest first.","annotations":{"readOnlyHint":true}}`)
	poisoned := json.RawMessage(`{"name":"read_note","description":"` + poisonedDescription + `","annotations":{"readOnlyHint":true}}`)
	dig := func(raw json.RawMessage) string {
		_, d, err := mcpgate.ToolDigest(raw)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	other := "sha256:" + strings.Repeat("ab", 32)
	for _, tc := range []struct {
		name     string
		pinned   json.RawMessage // listed once before, without the lock
		refuse   bool            // a person here refused the new version
		lock     string          // digest the lock approves for read_note
		list     json.RawMessage
		withheld bool
		pinBy    string // By of the pin afterwards, when kept
	}{
		{name: "changed, lock approves the new version", pinned: v1, lock: dig(v2), list: v2, pinBy: mcpgate.ByLock},
		{name: "changed, no lock", pinned: v1, list: v2, withheld: true},
		{name: "changed, lock approves another digest", pinned: v1, lock: other, list: v2, withheld: true},
		{name: "changed, lock approves the old version", pinned: v1, lock: dig(v1), list: v2, withheld: true},
		{name: "changed, refused here, lock approves it", pinned: v1, refuse: true, lock: dig(v2), list: v2, withheld: true},
		{name: "unchanged, lock approves another digest", pinned: v1, lock: other, list: v1, pinBy: "first-use"},
		{name: "first sight, lock approves it", lock: dig(v2), list: v2, pinBy: mcpgate.ByLock},
		{name: "first sight poisoned, lock approves another digest", lock: dig(v2), list: poisoned, withheld: true},
		{name: "first sight poisoned, lock approves exactly it", lock: dig(poisoned), list: poisoned, pinBy: mcpgate.ByLock},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dirs := mcpgate.Dirs{Config: filepath.Join(root, "config"), State: filepath.Join(root, "state")}
			open := func(lock map[string]string) *mcpgate.Gate {
				g, err := mcpgate.NewGate(mcpgate.Options{Server: "notes", Dirs: dirs, Scanner: mcpgate.DefaultScanner(), LockApprovals: lock})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { g.Close() })
				return g
			}
			if tc.pinned != nil {
				g := open(nil)
				if kept, _ := g.JudgeTools([]json.RawMessage{tc.pinned}); len(kept) != 1 {
					t.Fatal("the first list was not pinned")
				}
				if tc.refuse {
					kept, _ := g.JudgeTools([]json.RawMessage{tc.list})
					e := g.Queue().FindTool("notes", "read_note", dig(tc.list))
					if len(kept) != 0 || e == nil {
						t.Fatal("the changed tool was not withheld without a lock")
					}
					if err := g.Queue().Resolve(e.ID, "deny", "user:queue"); err != nil {
						t.Fatal(err)
					}
				}
			}
			var lock map[string]string
			if tc.lock != "" {
				lock = map[string]string{"read_note": tc.lock}
			}
			g := open(lock)
			kept, withheld := g.JudgeTools([]json.RawMessage{tc.list})
			if got := len(kept) == 0; got != tc.withheld {
				t.Fatalf("withheld = %v (%v), want %v", got, withheld, tc.withheld)
			}
			d := g.DecideCall("read_note", nil)
			if d.Withheld != tc.withheld {
				t.Fatalf("call: withheld = %v, want %v (%s)", d.Withheld, tc.withheld, d.Reason)
			}
			pf, err := mcpgate.OpenPinStore(dirs.PinDir()).Load("notes")
			if err != nil {
				t.Fatal(err)
			}
			p := pf.Tools["read_note"]
			if tc.withheld {
				if p != nil && p.Digest == dig(tc.list) {
					t.Fatal("a withheld version was pinned")
				}
				return
			}
			if p == nil || p.Digest != dig(tc.list) || p.By != tc.pinBy {
				t.Fatalf("pin = %+v, want digest %s by %s", p, dig(tc.list), tc.pinBy)
			}
		})
	}
}
