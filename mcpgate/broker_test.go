package mcpgate

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// startTestBroker serves dirs' state on a socket and points this process's
// gateway stores at it, as `sentinel run` does for the agent's tree.
func startTestBroker(t *testing.T, dirs Dirs) string {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "b.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBroker(dirs)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	t.Setenv(BrokerEnv, sock)
	return sock
}

func testDirs(t *testing.T) Dirs {
	root := t.TempDir()
	return Dirs{Config: filepath.Join(root, "config"), State: filepath.Join(root, "state")}
}

func TestBrokerQueueRecordsNotDecisions(t *testing.T) {
	dirs := testDirs(t)
	startTestBroker(t, dirs)
	q, err := OpenQueue(dirs.QueueDir())
	if err != nil {
		t.Fatal(err)
	}
	if q.remote == nil {
		t.Fatal("the queue does not write through the broker")
	}
	// A requester cannot choose the ID (to collide with a decided one).
	r, err := q.Submit(Request{ID: "00000000", Kind: KindCall, Server: "fs", Tool: "delete_file"})
	if err != nil {
		t.Fatal(err)
	}
	if r.ID == "00000000" || r.ID == "" {
		t.Fatalf("the broker kept the requester's ID %q", r.ID)
	}
	e, err := q.Get(r.ID)
	if err != nil || e.Decision != nil || e.Tool != "delete_file" {
		t.Fatalf("queued entry: %+v, %v", e, err)
	}
	// A decision can be written only by a person, directly.
	direct := &Queue{dir: dirs.QueueDir(), now: q.now}
	if err := direct.Resolve(r.ID, "allow", "user:tty"); err != nil {
		t.Fatal(err)
	}
	if !q.Consume(r.ID) {
		t.Fatal("the first use of an approval was refused")
	}
	if q.Consume(r.ID) {
		t.Fatal("one approval was used twice")
	}
	if q.Consume("../../x") {
		t.Fatal("a path was taken as an ID")
	}
	// There is no operation that writes a decision.
	rep := (&brokerClient{path: os.Getenv(BrokerEnv)})
	if _, err := rep.call(brokerMsg{Op: "resolve", ID: r.ID}); err == nil {
		t.Fatal("the broker accepted an operation it must not have")
	}
}

func TestBrokerPinsOnlyFirstUseOrApproved(t *testing.T) {
	dirs := testDirs(t)
	startTestBroker(t, dirs)
	ps := OpenPinStore(dirs.PinDir())
	pin := func(name, digest string) error {
		return ps.Update("fs", func(pf *PinFile) error {
			pf.Tools[name] = &Pin{Name: name, Digest: digest, Definition: json.RawMessage(`{}`), By: "first-use"}
			return nil
		})
	}
	if err := pin("read", "sha256:a"); err != nil {
		t.Fatalf("first use: %v", err)
	}
	if err := pin("read", "sha256:a"); err != nil {
		t.Fatalf("same version again: %v", err)
	}
	if err := pin("read", "sha256:evil"); err == nil {
		t.Fatal("a changed tool was re-pinned without a person's approval")
	}
	if pf, _ := ps.Load("fs"); pf.Tools["read"].Digest != "sha256:a" {
		t.Fatalf("pin changed to %s", pf.Tools["read"].Digest)
	}
	// Removing a pin is not possible either.
	if err := ps.Update("fs", func(pf *PinFile) error { delete(pf.Tools, "read"); return nil }); err != nil {
		t.Fatal(err)
	}
	if pf, _ := ps.Load("fs"); pf.Tools["read"] == nil {
		t.Fatal("a pin was removed through the broker")
	}
	// After a person allows the new version in the queue, it is pinned.
	q := &Queue{dir: dirs.QueueDir(), now: time.Now}
	r, err := q.Submit(Request{Kind: KindTool, Server: "fs", Tool: "read", NewDigest: "sha256:b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Resolve(r.ID, "allow", "user:tty"); err != nil {
		t.Fatal(err)
	}
	if err := pin("read", "sha256:b"); err != nil {
		t.Fatalf("approved change: %v", err)
	}
}

func TestBrokerAuditChains(t *testing.T) {
	dirs := testDirs(t)
	startTestBroker(t, dirs)
	l := OpenAuditLog(dirs.AuditPath())
	for range 3 {
		if err := l.Append(AuditRecord{Event: "call", Tool: "x", Decision: "paused"}); err != nil {
			t.Fatal(err)
		}
	}
	direct := &AuditLog{path: dirs.AuditPath(), now: l.now}
	n, err := direct.Verify()
	if err != nil || n != 3 {
		t.Fatalf("chain: %d records, %v", n, err)
	}
}

func TestBrokerPromptPins(t *testing.T) {
	dirs := testDirs(t)
	startTestBroker(t, dirs)
	ps := OpenPinStore(filepath.Join(dirs.PinDir(), "prompts"))
	pin := func(digest string) error {
		return ps.Update("fs", func(pf *PinFile) error {
			pf.Tools["review"] = &Pin{Name: "review", Digest: digest, Definition: json.RawMessage(`{}`), By: "first-use"}
			return nil
		})
	}
	if err := pin("sha256:a"); err != nil {
		t.Fatal(err)
	}
	if tools, _ := OpenPinStore(dirs.PinDir()).Load("fs"); len(tools.Tools) != 0 {
		t.Fatalf("a prompt pin landed among the tool pins: %+v", tools.Tools)
	}
	if err := pin("sha256:b"); err == nil {
		t.Fatal("a changed prompt was re-pinned without a person's approval")
	}
	q := &Queue{dir: dirs.QueueDir(), now: time.Now}
	r, err := q.Submit(Request{Kind: KindTool, Server: "fs", Tool: PromptPrefix + "review", NewDigest: "sha256:b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Resolve(r.ID, "allow", "user:tty"); err != nil {
		t.Fatal(err)
	}
	if err := pin("sha256:b"); err != nil {
		t.Fatalf("approved prompt change: %v", err)
	}
}
