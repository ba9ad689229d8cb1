package scan_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// A cancelled context stops the scan between rules: Scan returns at the
// deadline and the rules after it never run.
func TestScanStopsBetweenRulesAtDeadline(t *testing.T) {
	var ran atomic.Int32
	slow := make([]*rules.Rule, 20)
	for i := range slow {
		slow[i] = &rules.Rule{ID: "T", Name: "slow", Check: func(*rules.Repo, *rules.Report) {
			ran.Add(1)
			time.Sleep(50 * time.Millisecond)
		}}
	}
	fsys := fstest.MapFS{"AGENTS.md": {Data: []byte("# Notes\n")}}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := scan.Scan(ctx, fsys, scan.WithRules(slow))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Scan = %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("Scan returned after %v, its deadline was 120ms", d)
	}
	time.Sleep(200 * time.Millisecond) // let the rule that was running end
	if n := ran.Load(); n >= int32(len(slow)) {
		t.Errorf("all %d rules ran after the deadline", n)
	}

	// Already cancelled: nothing is read.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if _, err := scan.Scan(ctx, fsys); !errors.Is(err, context.Canceled) {
		t.Errorf("Scan with a cancelled context = %v", err)
	}
}
