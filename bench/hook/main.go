// Command hook measures `sentinel hook claude` as a whole process, the way
// Claude Code runs it on every tool call, against a bare Go program that
// reads stdin and prints {} (bench/hook/baseline), in one interleaved run.
//
//	go run ./bench/hook -n 400
//
// It builds the programs, then for each payload runs baseline, sentinel and
// hookonly (the same handler linked without the rest of sentinel) in turn, n
// times each with the payload on stdin, and prints the median and 90th
// percentile wall time of each and the differences against the baseline.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 300, "runs per program and payload")
	flag.Parse()
	if err := run(*n); err != nil {
		fmt.Fprintln(os.Stderr, "bench/hook:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	tmp, err := os.MkdirTemp("", "sentinel-hook-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	sentinel := filepath.Join(tmp, "sentinel")
	baseline := filepath.Join(tmp, "baseline")
	hookonly := filepath.Join(tmp, "hookonly")
	for _, b := range [][2]string{{sentinel, "./cmd/sentinel"}, {baseline, "./bench/hook/baseline"}, {hookonly, "./bench/hook/hookonly"}} {
		build := exec.Command("go", "build", "-o", b[0], b[1])
		build.Env = os.Environ()
		if os.Getenv("CGO_ENABLED") == "" {
			// As the README builds it: static, about 0.7 ms faster to start.
			build.Env = append(build.Env, "CGO_ENABLED=0")
		}
		if out, err := build.CombinedOutput(); err != nil {
			return fmt.Errorf("go build %s: %v\n%s", b[1], err, out)
		}
	}
	env := append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(tmp, "state"), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"))

	repo := "/home/dev/shop"
	payload := func(session, tool, input string) string {
		return fmt.Sprintf(`{"session_id":%q,"transcript_path":"/home/dev/.claude/projects/shop/t.jsonl","cwd":%q,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":%q,"tool_input":%s,"tool_use_id":"toolu_01"}`,
			session, repo, tool, input)
	}
	cases := []struct {
		name  string
		input func(i int) string
	}{
		{"Read (no opinion, not judged)", func(int) string {
			return payload("s", "Read", `{"file_path":"/home/dev/shop/src/app.ts"}`)
		}},
		{"Write src/app.ts (no opinion, no state I/O)", func(int) string {
			return payload("s", "Write", `{"file_path":"/home/dev/shop/src/app.ts","content":"export {}\n"}`)
		}},
		{"Bash echo > migrations/x.sql (deny, new session each run)", func(i int) string {
			return payload(fmt.Sprintf("bench-%d", i), "Bash", `{"command":"echo 'CREATE INDEX i ON t(c);' > migrations/0042.sql"}`)
		}},
		{"Write migrations/x.sql repeated (no opinion after state read)", func(int) string {
			return payload("same", "Write", `{"file_path":"/home/dev/shop/migrations/0042.sql","content":"x"}`)
		}},
	}

	host, _ := os.Hostname()
	fmt.Printf("machine: %s/%s, %d CPUs (GOMAXPROCS %d), %s, host %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), host)
	fmt.Printf("runs: %d per program and payload, interleaved\n\n", n)
	fmt.Println("| payload | baseline median | sentinel hook claude median (diff, ratio) | hookonly median (diff, ratio) | p90 baseline / sentinel / hookonly |")
	fmt.Println("|---|---|---|---|---|")
	for _, c := range cases {
		var base, sent, only []time.Duration
		// Warm the page cache and the state file.
		for i := range 5 {
			if _, err := once(baseline, nil, env, c.input(-1-i)); err != nil {
				return err
			}
			if _, err := once(sentinel, []string{"hook", "claude"}, env, c.input(-1-i)); err != nil {
				return err
			}
			if _, err := once(hookonly, nil, env, c.input(-100-i)); err != nil {
				return err
			}
		}
		for i := range n {
			in := c.input(i)
			d, err := once(baseline, nil, env, in)
			if err != nil {
				return err
			}
			base = append(base, d)
			d, err = once(sentinel, []string{"hook", "claude"}, env, in)
			if err != nil {
				return err
			}
			sent = append(sent, d)
			d, err = once(hookonly, nil, env, c.input(i+1_000_000))
			if err != nil {
				return err
			}
			only = append(only, d)
		}
		bm, sm, om := pct(base, 50), pct(sent, 50), pct(only, 50)
		fmt.Printf("| %s | %s | %s (%+.2f ms, %.2f×) | %s (%+.2f ms, %.2f×) | %s / %s / %s |\n", c.name, ms(bm),
			ms(sm), float64(sm-bm)/1e6, float64(sm)/float64(bm),
			ms(om), float64(om-bm)/1e6, float64(om)/float64(bm),
			ms(pct(base, 90)), ms(pct(sent, 90)), ms(pct(only, 90)))
	}
	return nil
}

func once(bin string, args, env []string, stdin string) (time.Duration, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", bin, err)
	}
	return d, nil
}

func pct(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/1e6) }
