package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/internal/llm"
	"github.com/sentinel-sec/sentinel/internal/llm/llmtest"
)

// TestWilson: the seed's published interval, 11 of 30 → 22–55%.
func TestWilson(t *testing.T) {
	lo, hi := Wilson(11, 30)
	// The seed prints 22–55%: 0.219–0.545 rounded.
	if math.Abs(lo-0.219) > 0.001 || math.Abs(hi-0.545) > 0.001 {
		t.Fatalf("Wilson(11, 30) = %.3f–%.3f", lo, hi)
	}
	if lo, hi := Wilson(0, 30); lo != 0 || math.Round(hi*100) != 11 {
		t.Fatalf("Wilson(0, 30) = %.3f–%.3f", lo, hi)
	}
}

// TestHarnessAgainstFakeServer runs the harness end to end on the first
// cases of the reworded set against the scripted fake server.
func TestHarnessAgainstFakeServer(t *testing.T) {
	set := filepath.Join("..", "..", "..", "shared", "corpus", "reworded-dev")
	if _, err := os.Stat(set); err != nil {
		t.Skipf("the reworded set is not at %s", set)
	}
	s := llmtest.NewOpenAI(llmtest.Naive)
	defer s.Close()
	cfg := llm.Config{Provider: "url", URL: s.OpenAIURL(), Model: "naive-fake", RPM: 1_000_000}
	sum, err := Run(context.Background(), cfg, Options{Set: set, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Attacks.N != 3 || sum.Benign.N != 3 || len(sum.Cases) != 6 || sum.Errors != 0 || sum.Requests == 0 {
		t.Fatalf("summary %+v", sum)
	}
	// The fake obeys any file naming a .invalid address: the counts are
	// the cases that name one, and each flagged case names its line.
	for _, c := range sum.Cases {
		data, _ := os.ReadFile(filepath.Join(set, c.File))
		if want := strings.Contains(string(data), ".invalid"); c.Flagged && !want {
			t.Errorf("%s flagged without an address", c.Name)
		}
		if c.Flagged && c.Line == 0 {
			t.Errorf("%s flagged without a line", c.Name)
		}
	}
	var b bytes.Buffer
	sum.Write(&b)
	if !strings.Contains(b.String(), "attacks flagged:") || !strings.Contains(b.String(), "95% CI") {
		t.Fatalf("table:\n%s", b.String())
	}
}
