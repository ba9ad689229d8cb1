// Command detonation measures the sandbox (`sentinel detonate`): it runs
// every case of a set (default: the attack and benign cases of
// ../shared/corpus/reworded-dev) through the sandbox against the neutral
// baseline, with whatever model is configured (SENTINEL_LLM_* or the key
// saved by 'sentinel apikey'), and prints recall on the attacks and false
// alarms on the benign twins with 95% Wilson confidence intervals.
//
//	go run ./bench/detonation                       # configured model
//	go run ./bench/detonation -fake                 # scripted fake server, no network
//	go run ./bench/detonation -limit 10 -out results.json
//
// -fake runs the harness end to end against a scripted local server
// (llmtest.Naive, which obeys any file naming a .invalid address): its
// numbers measure the harness, not a model.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sentinel-sec/sentinel/internal/detonate"
	"github.com/sentinel-sec/sentinel/internal/llm"
	"github.com/sentinel-sec/sentinel/internal/llm/llmtest"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

func main() {
	set := flag.String("set", filepath.Join("..", "shared", "corpus", "reworded-dev"), "the case folder (NNN_name/repo/<file> and expect.json)")
	runs := flag.Int("runs", 1, "runs per task and version")
	limit := flag.Int("limit", 0, "at most this many attack and this many benign cases (0: all)")
	out := flag.String("out", "", "write per-case results as JSON to this file")
	fake := flag.Bool("fake", false, "use a scripted local fake server instead of the configured model")
	flag.Parse()
	cfg, stop, err := config(*fake)
	if err != nil {
		fmt.Fprintln(os.Stderr, "detonation:", err)
		os.Exit(1)
	}
	defer stop()
	sum, err := Run(context.Background(), cfg, Options{Set: *set, Runs: *runs, Limit: *limit, Progress: os.Stderr})
	if err != nil {
		fmt.Fprintln(os.Stderr, "detonation:", llm.Scrub(err.Error(), cfg.Key))
		os.Exit(1)
	}
	sum.Write(os.Stdout)
	if *out != "" {
		b, _ := json.MarshalIndent(sum, "", "  ")
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "detonation:", err)
			os.Exit(1)
		}
	}
}

// config is the configured model, or a fake server.
func config(fake bool) (llm.Config, func(), error) {
	if fake {
		s := llmtest.NewOpenAI(llmtest.Naive)
		return llm.Config{Provider: llm.URLProvider, URL: s.OpenAIURL(), Model: "naive-fake", RPM: 1_000_000}, s.Close, nil
	}
	c, err := llm.Load(os.Getenv)
	return c, func() {}, err
}

// Options choose the cases.
type Options struct {
	Set      string
	Runs     int
	Limit    int
	Progress io.Writer
}

// Case is one file's outcome.
type Case struct {
	Name     string `json:"name"`
	Category string `json:"category"` // attack or benign
	Intent   string `json:"intent"`
	File     string `json:"file"`
	Flagged  bool   `json:"flagged"`
	Line     int    `json:"line,omitempty"`
	Requests int    `json:"requests"`
	Error    string `json:"error,omitempty"`
}

// Summary is the benchmark's result.
type Summary struct {
	Model       string  `json:"model"`
	Runs        int     `json:"runs"`
	Attacks     Rate    `json:"attacks_flagged"`
	Benign      Rate    `json:"benign_flagged"`
	Errors      int     `json:"errors"`
	Requests    int     `json:"requests"`
	Seconds     float64 `json:"seconds"`
	Cases       []Case  `json:"cases"`
	Experiments string  `json:"note"`
}

// Rate is k of n with a 95% Wilson interval.
type Rate struct {
	K      int     `json:"k"`
	N      int     `json:"n"`
	Low    float64 `json:"ci95_low"`
	High   float64 `json:"ci95_high"`
	Points float64 `json:"rate"`
}

// Wilson returns the 95% Wilson score interval of k successes in n.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

func rate(k, n int) Rate {
	lo, hi := Wilson(k, n)
	r := Rate{K: k, N: n, Low: lo, High: hi}
	if n > 0 {
		r.Points = float64(k) / float64(n)
	}
	return r
}

// Run detonates the set's cases with the model cfg names.
func Run(ctx context.Context, cfg llm.Config, o Options) (*Summary, error) {
	cases, err := load(o.Set, o.Limit)
	if err != nil {
		return nil, err
	}
	client, err := llm.New(cfg, llm.Options{})
	if err != nil {
		return nil, err
	}
	start := time.Now()
	s := &Summary{Model: client.Label(), Runs: max(o.Runs, 1),
		Experiments: "flagged = at least one D1 against the neutral baseline; a provider error counts as not flagged and is listed"}
	var ka, na, kb, nb int
	for i, c := range cases {
		data, err := os.ReadFile(filepath.Join(o.Set, c.File))
		if err != nil {
			return nil, err
		}
		rel := strings.TrimPrefix(filepath.ToSlash(c.File), c.Name+"/repo/")
		rep, err := detonate.Run(ctx, client, detonate.Input{Path: rel, Data: data}, detonate.Options{Runs: o.Runs})
		if err != nil {
			if errors.Is(err, llm.ErrRefusedKey) || errors.Is(err, llm.ErrUnreachable) || errors.Is(err, llm.ErrNoTools) {
				return nil, err // nothing else will work either
			}
			c.Error = llm.Scrub(err.Error(), cfg.Key)
			s.Errors++
		} else {
			c.Flagged = len(rep.Leaks) > 0
			if c.Flagged {
				c.Line = rep.Leaks[0].Line
			}
			c.Requests = rep.Requests
			s.Requests += rep.Requests
		}
		if c.Category == "attack" {
			na++
			if c.Flagged {
				ka++
			}
		} else {
			nb++
			if c.Flagged {
				kb++
			}
		}
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "[%d/%d] %s %s flagged=%v %s\n", i+1, len(cases), c.Category, c.Name, c.Flagged, c.Error)
		}
		s.Cases = append(s.Cases, c)
	}
	s.Attacks, s.Benign = rate(ka, na), rate(kb, nb)
	s.Seconds = time.Since(start).Seconds()
	return s, nil
}

// load reads the cases: each folder with an expect.json and one agent
// file under repo/.
func load(set string, limit int) ([]Case, error) {
	entries, err := os.ReadDir(set)
	if err != nil {
		return nil, fmt.Errorf("cannot read the case set %s: %v", set, errors.Unwrap(err))
	}
	var attacks, benign []Case
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), "_") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(set, e.Name(), "expect.json"))
		if err != nil {
			continue
		}
		var exp struct {
			Category string `json:"category"`
			Intent   string `json:"intent"`
		}
		if err := json.Unmarshal(b, &exp); err != nil {
			return nil, fmt.Errorf("%s/expect.json: %v", e.Name(), err)
		}
		var file string
		root := filepath.Join(set, e.Name(), "repo")
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || file != "" {
				return nil
			}
			rel, _ := filepath.Rel(root, p)
			if k, _, ok := discover.Classify(filepath.ToSlash(rel)); ok && (k == discover.KindInstructions || k == discover.KindCursorRule) {
				file, _ = filepath.Rel(set, p)
			}
			return nil
		})
		if file == "" {
			continue
		}
		c := Case{Name: e.Name(), Category: exp.Category, Intent: exp.Intent, File: filepath.ToSlash(file)}
		if exp.Category == "attack" {
			attacks = append(attacks, c)
		} else {
			benign = append(benign, c)
		}
	}
	sort.Slice(attacks, func(i, j int) bool { return attacks[i].Name < attacks[j].Name })
	sort.Slice(benign, func(i, j int) bool { return benign[i].Name < benign[j].Name })
	if limit > 0 {
		attacks, benign = attacks[:min(limit, len(attacks))], benign[:min(limit, len(benign))]
	}
	if len(attacks)+len(benign) == 0 {
		return nil, fmt.Errorf("no cases in %s (want NNN_name/expect.json and NNN_name/repo/<agent file>)", set)
	}
	return append(attacks, benign...), nil
}

// Write prints the table.
func (s *Summary) Write(w io.Writer) {
	pct := func(r Rate) string {
		return fmt.Sprintf("%d of %d (%.0f%%, 95%% CI %.0f–%.0f%%)", r.K, r.N, 100*r.Points, 100*r.Low, 100*r.High)
	}
	fmt.Fprintf(w, "Sandbox, %s, %d run(s) per task\n", s.Model, s.Runs)
	fmt.Fprintf(w, "  attacks flagged:       %s\n", pct(s.Attacks))
	fmt.Fprintf(w, "  harmless files flagged: %s\n", pct(s.Benign))
	fmt.Fprintf(w, "  provider errors: %d · requests: %d · %.0f s\n", s.Errors, s.Requests, s.Seconds)
}
