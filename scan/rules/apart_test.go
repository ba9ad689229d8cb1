package rules

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// TestApartRunsBeside holds RunContext to running a rule marked Apart on
// another goroutine when there is another core: the Apart rule, first in
// the list, waits for a rule later in the list to start. Run in line, it
// would wait forever; the select's bound only turns that hang into a
// failure, it measures nothing.
func TestApartRunsBeside(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	started := make(chan struct{})
	var seen bool
	apart := &Rule{ID: "T1", Apart: true, Check: func(_ *Repo, rep *Report) {
		select {
		case <-started:
			seen = true
			rep.Add(Finding{Path: "b", Line: 1, Message: "apart"})
		case <-time.After(30 * time.Second):
		}
	}}
	inline := &Rule{ID: "T2", Check: func(_ *Repo, rep *Report) {
		close(started)
		rep.Add(Finding{Path: "a", Line: 1, Message: "in line"})
	}}
	out, err := RunContext(context.Background(), []*Rule{apart, inline}, &Repo{})
	if err != nil {
		t.Fatal(err)
	}
	if !seen {
		t.Fatal("the rule marked Apart ran in line: it never saw the later rule start")
	}
	if len(out) != 2 || out[0].Message != "in line" || out[1].Message != "apart" || out[1].RuleID != "T1" {
		t.Fatalf("findings = %+v", out)
	}
}

// TestApartSameFindings: the findings are the same, in the same order,
// whether the Apart rules run beside the others or in line (one core).
func TestApartSameFindings(t *testing.T) {
	mk := func(id string, apart bool, lines ...int) *Rule {
		return &Rule{ID: id, Apart: apart, Check: func(_ *Repo, rep *Report) {
			for _, l := range lines {
				rep.Add(Finding{Path: "f", Line: l, Message: id})
			}
		}}
	}
	list := []*Rule{mk("S1", false, 3, 1), mk("S45", true, 1, 1, 2), mk("S2", false, 1), mk("S46", true, 3)}
	run := func(procs int) []Finding {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		out, err := RunContext(context.Background(), list, &Repo{})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, four := run(1), run(4)
	if len(one) != 7 || len(four) != len(one) {
		t.Fatalf("%d and %d findings, want 7", len(one), len(four))
	}
	for i := range one {
		if one[i].Message != four[i].Message || one[i].Line != four[i].Line {
			t.Fatalf("finding %d: %v/%d in line, %v/%d beside", i, one[i].Message, one[i].Line, four[i].Message, four[i].Line)
		}
	}
}

// TestApartPanicRaised: a panic in a rule run apart reaches RunContext's
// caller, as it would had the rule run in line, and only after it stopped.
func TestApartPanicRaised(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	boom := &Rule{ID: "T1", Apart: true, Check: func(*Repo, *Report) { panic("boom") }}
	ok := &Rule{ID: "T2", Check: func(*Repo, *Report) {}}
	defer func() {
		if p := recover(); p != "boom" {
			t.Fatalf("recovered %v, want the rule's panic", p)
		}
	}()
	_, _ = RunContext(context.Background(), []*Rule{boom, ok}, &Repo{})
	t.Fatal("RunContext returned after a rule panicked")
}
