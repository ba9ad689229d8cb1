package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sentinel-sec/sentinel/internal/gatecache"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
)

type runOptions struct {
	strict  bool
	noCache bool
	wall    string
}

func newRunCmd(app *App) *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:     "run [--strict] -- COMMAND [ARG...]",
		GroupID: "runtime",
		Short:   "Start an agent only if the project it would work in is not compromised",
		Long: `Run scans the current folder, then starts COMMAND (your agent) only if the
project is safe to work in:

  CLEAN        the agent starts exactly as if Sentinel were not there: same
               arguments, environment, terminal, signals and exit code (on
               Unix Sentinel replaces itself with the agent)
  SUSPICIOUS   Sentinel shows why and asks on the terminal (default No);
               with --strict, or with no terminal to ask on, it refuses
  COMPROMISED  the agent is not started; the report says why (exit 2)

If the scan itself fails, the agent is not started either (fail closed).

Approvals that count here: those you gave on this machine (sentinel approve),
and those of an AGENTS.lock signed by the key this machine already trusts for
the repository (sentinel verify pins it). A lock you just cloned cannot
approve its own hooks.
A CLEAN verdict is remembered under SENTINEL_HOME together with a digest of
every file the scan read (agent files, the scripts hooks run, AGENTS.lock,
the sentinel binary itself); the next start skips the rules only when none of
that changed. SUSPICIOUS and COMPROMISED are never remembered.
Make it invisible with a shell alias:  alias claude='sentinel run -- claude'`,
		Example: `  sentinel run -- claude
  sentinel run --strict -- gemini --yolo
  alias claude='sentinel run -- claude'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("name the agent to start: sentinel run -- COMMAND [ARG...]")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			g := &gate{app: app, strict: o.strict, noCache: o.noCache, isTerminal: stdioIsTerminal(app), exec: execAgent, wall: o.wall, walled: true}
			return g.run(cmd, args)
		},
	}
	// Everything after COMMAND belongs to the agent, flags included.
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().BoolVar(&o.strict, "strict", false, "refuse SUSPICIOUS projects instead of asking")
	cmd.Flags().BoolVar(&o.noCache, "no-cache", false, "scan in full even when nothing changed since the last CLEAN start")
	cmd.Flags().StringVar(&o.wall, "wall", wallAuto, "keep the agent from writing Sentinel's own files: auto (where the system allows), required, off")
	return cmd
}

// gate holds what the run command needs from the outside world, so tests can
// replace the terminal and the exec.
type gate struct {
	app        *App
	strict     bool
	noCache    bool
	isTerminal bool
	// exec starts the agent; on Unix it does not return on success.
	exec func(path string, argv, env []string) error
	// walled starts the agent inside the write wall first (prepareWall);
	// tests that replace exec leave it off.
	walled bool
	wall   string
}

func (g *gate) run(cmd *cobra.Command, args []string) error {
	name := args[0]
	env := agentEnv()
	var walled *walledStart
	if g.walled {
		// The wall is set up while the scan runs; it is taken down unused
		// if the agent does not start.
		var err error
		if walled, err = g.prepareWall(name, env); err != nil {
			return err
		}
		defer walled.close()
	}
	res, notice, err := g.scan(cmd)
	if err != nil {
		fmt.Fprintf(g.app.Stderr, "sentinel: cannot check this folder before starting `%s`: %v\n", name, err)
		fmt.Fprintf(g.app.Stderr, "sentinel: refusing to start `%s` (a check that fails never lets the agent through)\n", name)
		return exitWith(ExitUsage, err)
	}
	if res.Verdict != scan.Clean {
		g.report(res, notice)
	}
	switch res.Verdict {
	case scan.Compromised:
		fmt.Fprintf(g.app.Stderr, "\nsentinel: refusing to start `%s` here: the project is COMPROMISED; remove or fix what the findings above name, then start it again.\n", name)
		return exitWith(ExitCompromised, ErrCompromised)
	case scan.Suspicious:
		switch {
		case g.strict:
			fmt.Fprintf(g.app.Stderr, "\nsentinel: refusing to start `%s`: the project is SUSPICIOUS and --strict is set.\n", name)
			fmt.Fprintf(g.app.Stderr, "sentinel: approve what you recognise with 'sentinel approve', or fix the findings above.\n")
			return exitWith(ExitSuspicious, ErrSuspicious)
		case !g.isTerminal:
			fmt.Fprintf(g.app.Stderr, "\nsentinel: refusing to start `%s`: the project is SUSPICIOUS and there is no terminal to ask on.\n", name)
			fmt.Fprintf(g.app.Stderr, "sentinel: approve what you recognise with 'sentinel approve', or fix the findings above.\n")
			return exitWith(ExitSuspicious, ErrSuspicious)
		}
		fmt.Fprintf(g.app.Stderr, "\nStart `%s` anyway? [y/N] ", name)
		if !yes(g.app.Stdin) {
			fmt.Fprintf(g.app.Stderr, "sentinel: not started.\n")
			return exitWith(ExitSuspicious, ErrSuspicious)
		}
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return fmt.Errorf("cannot start %s: %s", name, lookPathSentence(err))
	}
	if walled != nil {
		if handled, err := walled.run(g, name, path, args); handled {
			return err
		}
	}
	if err := g.exec(path, args, env); err != nil {
		var ee *exitStatus
		if errors.As(err, &ee) {
			return exitWith(ee.code, err)
		}
		return fmt.Errorf("cannot start %s: %v", name, err)
	}
	return nil
}

func lookPathSentence(err error) string {
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return "no such command on PATH; check the name"
	case errors.Is(err, exec.ErrDot):
		return "it was found only in a relative folder on PATH; give its path (./NAME) or fix PATH"
	case errors.Is(err, fs.ErrNotExist):
		return "no such file; check the path"
	case errors.Is(err, fs.ErrPermission):
		return "it is not an executable file; check its path and permissions"
	}
	return err.Error()
}

// gateScan scans the working directory with the approvals of its lock. A
// CLEAN verdict is remembered (package gatecache, under SENTINEL_HOME) with a
// digest of everything the scan read, so that the next start skips the rules
// when none of it changed; any other verdict is always judged afresh.
func (g *gate) scan(cmd *cobra.Command) (*scan.Result, string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, "", fmt.Errorf("cannot find the current folder: %v", err)
	}
	// The parents' instruction files are read at every start (a few stat
	// calls when there are none): the run cache stamps the tree only.
	view := newOutsideView()
	view.addParents(wd)
	res, notice, err := g.scanTree(cmd, wd, view)
	if err != nil {
		return nil, "", err
	}
	if len(view.files) == 0 {
		return res, notice, nil
	}
	tree, err := discover.OpenDir(wd)
	if err != nil {
		return nil, "", fmt.Errorf("cannot open the current folder: %s", errSentence(err))
	}
	defer tree.Close()
	out, err := view.scan(ctxOf(cmd), tree, view.opts...)
	if err != nil {
		return nil, "", err
	}
	return mergeOutside(res, out), notice, nil
}

// scanTree is the scan of the folder itself, with the run cache; the
// links of the tree that lead outside it are added to view.
func (g *gate) scanTree(cmd *cobra.Command, wd string, view *outsideView) (*scan.Result, string, error) {
	fsys, err := discover.OpenDir(wd)
	if err != nil {
		return nil, "", fmt.Errorf("cannot open the current folder: %s", errSentence(err))
	}
	defer fsys.Close()
	var cache *gatecache.Cache
	if !g.noCache {
		if home, err := lock.HomeDir(g.app.Getenv); err == nil {
			cache = gatecache.Open(home)
		}
	}
	root := lock.RepoID(wd)
	// Which approvals count: those given on this machine, and those of a
	// lock signed by the key this machine trusts (never a lock's own say-so).
	approver, notice, trustState := lock.TrustedApprover(fsys, machineTrust(g.app.Getenv, wd))
	view.opts = []scan.Option{scan.WithApprover(approver)}
	entry := cache.Load(root)
	if entry != nil && entry.Trust == trustState && entry.Stamp.Unchanged(root) {
		return &scan.Result{Verdict: scan.Clean, TrustScore: 100}, "", nil
	}
	files, notices, err := discover.Walk(fsys)
	if err != nil {
		return nil, "", err
	}
	view.addLinks(wd, notices, fsys.Links())
	if view.linked {
		// What a link outside the tree leads to is not stamped: read it
		// afresh at every start.
		cache.Forget(root)
		entry = nil
	}
	if entry != nil && entry.Trust == trustState && cache.Digest(fsys, files, notices, entry.Targets) == entry.Digest {
		if entry.Stamp != nil {
			// The stamp did not confirm the same inputs (it was taken within
			// the racy window of a change, or a folder was merely touched):
			// take a new one, or every later start would read every input.
			cache.Remember(root, trustState, fsys, files, notices, entry.Targets)
		}
		return &scan.Result{Verdict: scan.Clean, TrustScore: 100}, "", nil
	}
	// A link whose target the gate read itself (view) is not "not read".
	res, err := scan.ScanFiles(ctxOf(cmd), fsys, files, scan.WithApprover(approver), scan.WithNotices(view.treeNotices(notices)))
	if err != nil {
		return nil, "", err
	}
	if res.Verdict != scan.Clean {
		cache.Forget(root)
		return res, notice, nil
	}
	var targets []string
	for _, a := range res.Inventory.AutoRuns {
		for _, t := range a.Targets {
			targets = append(targets, t.Path)
		}
	}
	for _, s := range res.Inventory.Servers {
		for _, t := range s.Targets {
			targets = append(targets, t.Path)
		}
	}
	// Every other file the scan read beyond the walk's (what the scripts
	// source or import, a skill's scripts, @imports): a change to any of
	// them must reach the rules again.
	walked := make(map[string]bool, len(files))
	for _, f := range files {
		walked[f.Path] = true
	}
	for _, fr := range res.Files {
		if !walked[fr.Path] && fr.Kind != "unknown" && lock.Covered(fr.Path) {
			targets = append(targets, fr.Path)
		}
	}
	// And the files they would load that are not there yet: one appearing
	// (a module planted beside the script) changes what runs.
	targets = append(targets, res.Absent...)
	if !view.linked {
		cache.Remember(root, trustState, fsys, files, notices, targets)
	}
	return res, notice, nil
}

func (g *gate) report(res *scan.Result, notice string) {
	var buf bytes.Buffer
	color := false
	if f, ok := g.app.Stderr.(*os.File); ok && g.app.Getenv("NO_COLOR") == "" && g.app.Getenv("TERM") != "dumb" {
		color = term.IsTerminal(int(f.Fd()))
	}
	if err := report.WriteText(&buf, res, report.TextOptions{Color: color}); err != nil {
		fmt.Fprintf(&buf, "sentinel  verdict: %s\n", res.Verdict)
	}
	if notice != "" {
		fmt.Fprintf(&buf, "note: %s\n", report.Terminal(notice))
	}
	g.app.Stderr.Write(buf.Bytes())
}

// yes reads one answer from in, byte by byte so that nothing the agent
// should read later is consumed. Only "y" or "yes" starts the agent.
func yes(in io.Reader) bool {
	var line []byte
	b := make([]byte, 1)
	for len(line) < 64 {
		n, err := in.Read(b)
		if n == 1 {
			if b[0] == '\n' {
				break
			}
			line = append(line, b[0])
		}
		if err != nil {
			break
		}
	}
	a := strings.ToLower(strings.TrimSpace(string(line)))
	return a == "y" || a == "yes"
}

// stdioIsTerminal reports whether the gate can ask a person: both standard
// input and standard error must be a terminal.
func stdioIsTerminal(app *App) bool {
	in, ok1 := app.Stdin.(*os.File)
	errf, ok2 := app.Stderr.(*os.File)
	return ok1 && ok2 && term.IsTerminal(int(in.Fd())) && term.IsTerminal(int(errf.Fd()))
}

// exitStatus carries the agent's exit code where the agent runs as a child
// (platforms without exec).
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return fmt.Sprintf("the agent exited with status %d", e.code) }
