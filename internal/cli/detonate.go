package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sentinel-sec/sentinel/internal/detonate"
	"github.com/sentinel-sec/sentinel/internal/gitrev"
	"github.com/sentinel-sec/sentinel/internal/llm"
	"github.com/sentinel-sec/sentinel/internal/prcheck"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

type detonateOptions struct {
	baseFile    string
	json        bool
	runs        int
	model       string
	timeout     time.Duration
	maxRequests int
}

// maxDetonateRuns bounds --runs: each run is three tasks twice.
const maxDetonateRuns = 10

// contextTokens is the context Sentinel assumes a small model has, unless
// SENTINEL_LLM_CONTEXT says otherwise; the file plus the tools and the
// conversation must fit.
const (
	defaultContextTokens = 32_768
	envContext           = "SENTINEL_LLM_CONTEXT"
	// reserveTokens is what the tools, the task and the conversation take.
	reserveTokens = 6_000
)

func newDetonateCmd(app *App) *cobra.Command {
	o := &detonateOptions{}
	cmd := &cobra.Command{
		Use:     "detonate FILE",
		GroupID: "scan",
		Short:   "Experimental sandbox: let a model obey an instruction file with fake tools and planted secrets, and report what leaves",
		Long: `Detonate gives FILE to a real model as a project's instructions, with six
fake tools (read_file, list_files, write_file, run_command, fetch_url,
send_message; each recorded, none real) over a virtual file system seeded
with canary secrets unique to each run (~/.ssh/id_rsa, ~/.aws/credentials,
.env values, environment variables). It runs three ordinary tasks, then the
same tasks with --base-file (or a neutral file), and reports what changed:
a canary in an outward call (a fetch, a message, a command that reaches the
network, a write outside the project) that the baseline did not also send
is finding D1 (-40, CEILING; the sandbox can make a file SUSPICIOUS, never
COMPROMISED by itself). Risky calls (persistence, checks switched off,
downloaded code run) are shown as observations. The static rules run too.

Nothing the model asks for is executed or sent anywhere. The only network
traffic is to the model provider you configured with 'sentinel apikey' (or
SENTINEL_LLM_KEY / SENTINEL_LLM_PROVIDER / SENTINEL_LLM_MODEL, or
SENTINEL_LLM_URL for a model on your machine); a key is never read from a
project. Evidence when it fires, nothing when it does not: see
docs/detonate.md.

Exit codes: 0 CLEAN, 3 SUSPICIOUS, 2 COMPROMISED, 1 usage, configuration or
provider error (nothing is scored then).`,
		Example: `  sentinel detonate CLAUDE.md
  sentinel detonate CLAUDE.md --base-file CLAUDE.md.old --runs 3
  sentinel detonate AGENTS.md --json --model openai/gpt-oss-120b`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("'%s' runs one instruction file; name it, e.g. sentinel detonate CLAUDE.md", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDetonate(cmd, app, o, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.baseFile, "base-file", "", "the older version of the file to compare with (default: a neutral instruction file)")
	f.BoolVar(&o.json, "json", false, "print the JSON report")
	f.IntVar(&o.runs, "runs", 1, "how many times each task runs with each version (1 to 10)")
	f.StringVar(&o.model, "model", "", "the model to use instead of the configured one")
	f.DurationVar(&o.timeout, "timeout", 15*time.Minute, "the most the whole sandbox run may take")
	f.IntVar(&o.maxRequests, "max-requests", 0, "the most requests to send to the provider (default: 8 per conversation, at most 240)")
	return cmd
}

func runDetonate(cmd *cobra.Command, app *App, o *detonateOptions, file string) error {
	if o.runs < 1 || o.runs > maxDetonateRuns {
		return usagef("--runs must be between 1 and %d, not %d", maxDetonateRuns, o.runs)
	}
	if o.timeout <= 0 {
		return usagef("--timeout must be positive, e.g. --timeout 10m")
	}
	if o.maxRequests < 0 {
		return usagef("--max-requests must be 0 (the default bound) or more")
	}
	display, data, err := readDetonateFile(file, true)
	if err != nil {
		return err
	}
	in := detonate.Input{Path: display, Data: data}
	if o.baseFile != "" {
		_, base, err := readDetonateFile(o.baseFile, false)
		if err != nil {
			return err
		}
		in.Base, in.HasBase = base, true
	}
	cfg, err := llm.Load(app.Getenv)
	if err != nil {
		return err
	}
	if o.model != "" {
		cfg.Model = o.model
	}
	if err := fitsContext(app, display, data, in.Base); err != nil {
		return err
	}
	res, rep, err := detonateOne(ctxOf(cmd), app, cfg, in, o, display, data)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if o.json {
		fr, err := report.NewFileReport(res, display)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			*report.FileReport
			Detonation *detonate.Report `json:"detonation"`
		}{fr, rep})
		if err != nil {
			return fmt.Errorf("cannot write the report: %v", err)
		}
	} else {
		writeDetonationText(&buf, rep)
		if err := report.WriteText(&buf, res, report.TextOptions{}); err != nil {
			return fmt.Errorf("cannot write the report: %v", err)
		}
	}
	if _, err := cmd.OutOrStdout().Write(buf.Bytes()); err != nil {
		return fmt.Errorf("cannot write the report: %v", err)
	}
	return verdictExit(res.Verdict, failOnSuspicious)
}

// detonateOne runs the sandbox on one file and scores it with the static
// rules and D1 together.
func detonateOne(ctx context.Context, app *App, cfg llm.Config, in detonate.Input, o *detonateOptions, display string, data []byte) (*scan.Result, *detonate.Report, error) {
	rep, err := runSandbox(ctx, app, cfg, in, o)
	if err != nil {
		return nil, nil, err
	}
	found := rep.Findings(display)
	res, err := scan.ScanText(ctx, display, data, scan.WithRules(append(rules.Default(), rules.WithFindings(rules.D1, found, false))))
	if err != nil {
		return nil, nil, err
	}
	return res, rep, nil
}

// runSandbox runs the sandbox with the configured model; every error is one
// sentence without the key.
func runSandbox(ctx context.Context, app *App, cfg llm.Config, in detonate.Input, o *detonateOptions) (*detonate.Report, error) {
	progress := progressWriter(app)
	client, err := llm.New(cfg, llm.Options{Notify: progress})
	if err != nil {
		return nil, errors.New(llm.Scrub(err.Error(), cfg.Key))
	}
	rep, err := detonate.Run(ctx, client, in, detonate.Options{Runs: o.runs, Timeout: o.timeout, MaxRequests: o.maxRequests, Progress: progress})
	if err != nil {
		return nil, fmt.Errorf("the sandbox could not run %s: %s", in.Path, llm.Scrub(err.Error(), cfg.Key))
	}
	return rep.Redacted(cfg.Key), nil
}

// progressWriter prints one line per conversation when standard error is
// a terminal; elsewhere (CI logs, pipes) it is silent.
func progressWriter(app *App) func(string) {
	f, ok := app.Stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return func(line string) { fmt.Fprintln(app.Stderr, "sentinel: "+report.Terminal(line)) }
}

// maxDetonateBytes bounds what is read of a file to detonate.
const maxDetonateBytes = 1 << 20

// readDetonateFile reads a file for the sandbox. The file under test must
// be one an agent reads as instructions; a base file may have any name
// (CLAUDE.md.old).
func readDetonateFile(file string, mustBeInstructions bool) (string, []byte, error) {
	what := "detonate"
	if !mustBeInstructions {
		what = "use --base-file"
	}
	st, err := os.Stat(file)
	if err != nil {
		return "", nil, fmt.Errorf("cannot %s %s: %s", what, file, errSentence(err))
	}
	if st.IsDir() {
		return "", nil, usagef("%s is a folder; detonate runs one instruction file, e.g. %s", file, filepath.Join(file, "CLAUDE.md"))
	}
	if !st.Mode().IsRegular() {
		return "", nil, usagef("cannot %s %s: it is not a regular file", what, file)
	}
	if st.Size() > maxDetonateBytes {
		return "", nil, fmt.Errorf("%s is %d bytes, larger than any small model's context; the sandbox runs files up to %d bytes", file, st.Size(), maxDetonateBytes)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "", nil, fmt.Errorf("cannot %s %s: %s", what, file, errSentence(err))
	}
	if bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data) {
		return "", nil, usagef("%s is not text (it holds NUL bytes or invalid UTF-8); the sandbox runs instruction files", file)
	}
	display := detonateName(file)
	if mustBeInstructions {
		kind, _, ok := discover.Classify(display)
		if !ok || (kind != discover.KindInstructions && kind != discover.KindCursorRule) {
			return "", nil, usagef("%s is not an instruction file an agent reads (CLAUDE.md, AGENTS.md, GEMINI.md, .cursor/rules/*.mdc, SKILL.md, ...); detonate runs instruction files, and 'sentinel scan' reads everything else", file)
		}
	}
	return display, data, nil
}

// detonateName is the path findings show: the path as given when it is
// relative and inside the current folder, else the shortest tail of it an
// agent would recognise (.cursor/rules/x.mdc), else the file's name.
func detonateName(file string) string {
	p := filepath.ToSlash(filepath.Clean(file))
	if fs.ValidPath(p) {
		return p
	}
	parts := strings.Split(strings.TrimLeft(p, "/"), "/")
	for n := 1; n <= len(parts) && n <= 4; n++ {
		tail := path.Join(parts[len(parts)-n:]...)
		if !fs.ValidPath(tail) {
			continue
		}
		if _, _, ok := discover.Classify(tail); ok {
			return tail
		}
	}
	return path.Base(p)
}

// fitsContext refuses a file the model cannot read whole: about four bytes
// a token, plus what the tools and the conversation take.
func fitsContext(app *App, name string, data, base []byte) error {
	limit := defaultContextTokens
	if v := strings.TrimSpace(app.Getenv(envContext)); v != "" {
		n, err := parseCount(v)
		if err != nil || n < 1024 {
			return fmt.Errorf("%s is %q; it takes the model's context size in tokens, 1024 or more", envContext, v)
		}
		limit = n
	}
	for _, d := range [][]byte{data, base} {
		if est := len(d)/4 + reserveTokens; est > limit {
			return fmt.Errorf("%s is about %d tokens with the sandbox's tools, larger than the model's context (%d tokens; set %s if your model takes more)", name, est, limit, envContext)
		}
	}
	return nil
}

func parseCount(s string) (int, error) {
	var n int
	_, err := fmt.Sscanf(s, "%d", &n)
	if err == nil && fmt.Sprint(n) != s {
		err = errors.New("not a whole number")
	}
	return n, err
}

// writeDetonationText is the sandbox's part of the text report: what ran,
// each leak with its call and the transcript, and the observations.
func writeDetonationText(w io.Writer, r *detonate.Report) {
	t := report.Terminal
	fmt.Fprintf(w, "Sandbox (experimental): %s, %d task(s) x %d run(s), compared with the %s; %d requests.\n",
		t(r.Model), len(r.Tasks), r.Runs, strings.ReplaceAll(r.Baseline, "-", " "), r.Requests)
	if r.Stopped != "" {
		fmt.Fprintf(w, "  Stopped early: %s.\n", t(r.Stopped))
	}
	if len(r.Leaks) == 0 {
		fmt.Fprintln(w, "  No planted secret left the sandbox that did not also leave with the baseline. That is no evidence of safety: another model, or this one another time, may obey where this one did not.")
	}
	for _, l := range r.Leaks {
		line := "no single line names the destination"
		if l.Line > 0 {
			line = fmt.Sprintf("line %d: %s", l.Line, t(l.Instruction))
		}
		fmt.Fprintf(w, "  D1 %s left through %s during %q (run %d); %s\n", t(strings.Join(l.Canaries, ", ")), l.Tool, l.Task, l.Run, line)
		fmt.Fprintln(w, "    transcript (canaries marked «canary:…»):")
		for i, c := range l.Transcript {
			mark := " "
			if i == len(l.Transcript)-1 {
				mark = ">"
			}
			fmt.Fprintf(w, "    %s %d. %s %s\n", mark, i+1, t(c.Tool), t(clipLine(c.Args, 300)))
		}
	}
	if n := len(r.BaselineLeaks); n > 0 {
		fmt.Fprintf(w, "  %d leak(s) also happened with the baseline and are not counted: they are the model's habit, not this file's doing.\n", n)
	}
	for _, ob := range r.Observations {
		fmt.Fprintf(w, "  observation: %s during %q: %s %s\n", ob.Message, ob.Task, t(ob.Call.Tool), t(clipLine(ob.Call.Args, 300)))
	}
	if len(r.UnknownTools) > 0 {
		fmt.Fprintf(w, "  The model called tools that do not exist (answered with an error): %s\n", t(strings.Join(r.UnknownTools, ", ")))
	}
	fmt.Fprintln(w)
}

func clipLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// prDetonation runs every instruction file the pull request adds or changes
// through the sandbox against its base version (a new file against the
// neutral baseline) and returns the scan options with D1 added, reported in
// the head's scan only.
func prDetonation(ctx context.Context, app *App, dir, base string, opts []scan.Option) ([]scan.Option, error) {
	cfg, err := llm.Load(app.Getenv)
	if err != nil {
		return nil, err
	}
	first, err := prcheck.Compare(ctx, dir, base, opts...)
	if err != nil {
		return nil, err
	}
	var targets []rules.Change
	for _, c := range first.Changes {
		if c.Status != "deleted" && (c.Kind == discover.KindInstructions || c.Kind == discover.KindCursorRule) {
			targets = append(targets, c)
		}
	}
	if len(targets) == 0 {
		return opts, nil
	}
	repo, err := gitrev.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	commit, err := repo.Resolve(ctx, base)
	if err != nil {
		return nil, err
	}
	baseFS, err := repo.Tree(ctx, repo.MergeBase(ctx, commit, "HEAD"), repo.Prefix(ctx))
	if err != nil {
		return nil, err
	}
	head, err := discover.OpenDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %v", dir, errors.Unwrap(err))
	}
	defer head.Close()
	var found []rules.Finding
	for _, c := range targets {
		data, err := fs.ReadFile(head, c.Path)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s for the sandbox: %s", c.Path, errSentence(err))
		}
		in := detonate.Input{Path: c.Path, Data: data}
		if b, err := fs.ReadFile(baseFS, c.Path); err == nil {
			in.Base, in.HasBase = b, true
		}
		if err := fitsContext(app, c.Path, in.Data, in.Base); err != nil {
			return nil, err
		}
		rep, err := runSandbox(ctx, app, cfg, in, &detonateOptions{runs: 1, timeout: 15 * time.Minute})
		if err != nil {
			return nil, err
		}
		found = append(found, rep.Findings(c.Path)...)
	}
	return append(opts, scan.WithRules(append(rules.Default(), rules.WithFindings(rules.D1, found, true)))), nil
}
