package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sentinel-sec/sentinel/internal/prcheck"
	"github.com/sentinel-sec/sentinel/internal/userdirs"
	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
	"github.com/sentinel-sec/sentinel/scan/score"
)

// Report formats of `sentinel scan`.
const (
	formatText  = "text"
	formatJSON  = "json"
	formatSARIF = "sarif"
)

type scanOptions struct {
	json      bool
	format    string
	hooksOnly bool
	global    bool
	out       string
	// meaning runs the opt-in semantic reading (S45).
	meaning bool
	// base is a git ref to compare the folder with (--base REF): the
	// history-aware rules (S20 guardrail weakened, S6 undeclared change)
	// run, and approvals come from the base, as in 'sentinel pr'.
	base string
	// failOn: which verdict fails the command (compromised, suspicious,
	// never); "suspicious" keeps the exit codes 0/3/2.
	failOn string
	quiet  bool
	// exclude are --exclude patterns, relative to each scanned folder.
	exclude []string
	color   string
	// jobs is how many PATHs are scanned at once.
	jobs int
	// ctl: suppressions, the baseline and .sentinel.yaml.
	ctl controls
}

func newScanCmd(app *App) *cobra.Command {
	o := &scanOptions{}
	cmd := &cobra.Command{
		Use:     "scan [PATH...]",
		GroupID: "scan",
		Short:   "Say what the files in a project would make an AI coding agent do",
		Long: `Scan reads every file an AI coding agent obeys in each PATH (default: the
current folder): instruction files, hooks, tasks, tool-server configs and the
scripts they run. It prints a verdict per file and for the whole, with the
trust-score arithmetic, what each finding means and what to do.

A PATH may be a folder or a single file. A single file is judged by its name,
as the web API does; a name Sentinel does not know is read as an instruction
file. Nothing from the scanned tree is executed, no configuration is read
from it, and links that point outside it are never followed. Hooks, tasks
and tool servers approved in the folder's AGENTS.lock count as approved, as
they do for 'sentinel run'; with --base they are read from the base ref.

--exclude GLOB (repeatable) leaves out each agent file whose path relative
to the scanned folder, or the path of a folder it is in, matches GLOB: each
segment is matched as by path.Match (*, ?, [a-z]) and ** stands for any
number of folders ('vendor/**', '**/testdata', 'docs/*.md'). Every file left
out is listed as excluded among the notices (JSON "notices" too), so a
reviewer sees what was not judged; a script a hook runs is still read for
the hook. A file named as a PATH is always scanned.

--quiet prints the verdict, the files with findings and their findings, and
the closing line. --color auto (default) colours only a terminal, and never
when NO_COLOR is set; always and never decide regardless.

Exit codes: 0 CLEAN, 3 SUSPICIOUS, 2 COMPROMISED (the worst of all PATHs),
1 usage or environment error. --fail-on compromised exits 0 for SUSPICIOUS;
--fail-on never always exits 0 once the report is written.`,
		Example: `  sentinel scan .                      # the project in this folder
  sentinel scan . --base main          # also compare with a git ref: deleted or flipped guardrails
  sentinel scan . --json               # the JSON contract (docs/json-contract.md)
  sentinel scan . --format sarif --out sentinel.sarif   # for GitHub code scanning
  sentinel scan . --hooks-only         # only what runs or connects by itself
  sentinel scan --global               # your own ~/.claude and ~/.gemini settings
  sentinel scan CLAUDE.md --json       # one file, the same JSON shape the API returns
  sentinel scan ./a ./b                # several projects, one combined report
  sentinel scan --jobs 4 repos/*       # four at a time, reported in argument order
  sentinel scan . --exclude 'internal/fixtures/**' --exclude '**/testdata'
  sentinel scan . --quiet --fail-on compromised   # in CI: findings only, fail on COMPROMISED`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			return runScan(ctx, app, cmd, o, args)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the machine-readable report (same as --format json)")
	f.StringVar(&o.format, "format", formatText, "report format: text, json or sarif")
	f.BoolVar(&o.meaning, "meaning", false, "also run the semantic reading (S45, opt-in): warns when a sentence reads as a harmful instruction in words no rule lists; see docs/rules.md")
	f.BoolVar(&o.hooksOnly, "hooks-only", false, "scan only what runs or connects by itself: hooks, tasks, tool servers and their scripts")
	f.BoolVar(&o.global, "global", false, "also scan your own agent files: ~/.claude (settings, CLAUDE.md), ~/.claude.json, ~/.gemini (settings, GEMINI.md), ~/.cursor (hooks, MCP) and ~/.codex/config.toml")
	f.StringVar(&o.out, "out", "", "write the report to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{formatText, formatJSON, formatSARIF}, cobra.ShellCompDirectiveNoFileComp
	})
	f.StringVar(&o.base, "base", "", "also compare with the git `REF` (e.g. main): catches deleted or flipped guardrails; approvals come from REF")
	f.StringVar(&o.failOn, "fail-on", failOnSuspicious, "which verdict fails the command: suspicious (exit 3 or 2), compromised (exit 2 only) or never (exit 0)")
	f.BoolVar(&o.quiet, "quiet", false, "text report: only the verdict, the files with findings and their findings")
	f.StringArrayVar(&o.exclude, "exclude", nil, "leave out agent files matching `GLOB` (relative to each folder; ** for any folders; repeatable); they are listed as excluded")
	f.IntVar(&o.jobs, "jobs", 1, "scan up to `N` PATHs at once; the report lists them in command-line order whatever N is")
	f.StringVar(&o.ctl.baselineFlag, "baseline", "", "do not count again the findings recorded in the baseline `FILE` (see --write-baseline); findings that force COMPROMISED always count")
	f.BoolVar(&o.ctl.writeBaseline, "write-baseline", false, "record the findings of this scan in the baseline (--baseline FILE, else .sentinel.yaml's baseline, else .sentinel-baseline.json in the folder)")
	f.BoolVar(&o.ctl.off, "ignore-suppressions", false, "judge the files alone: ignore sentinel:ignore markers, the baseline and .sentinel.yaml (as 'sentinel run' does)")
	f.StringVar(&o.color, "color", "auto", "colour the text report: auto (a terminal, NO_COLOR unset), always or never")
	_ = cmd.RegisterFlagCompletionFunc("fail-on", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{failOnCompromised, failOnSuspicious, failOnNever}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("color", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// target is one PATH of the command line, resolved.
type target struct {
	arg     string // as typed
	display string // slash form shown in reports
	abs     string
	isDir   bool
}

func runScan(ctx context.Context, app *App, cmd *cobra.Command, o *scanOptions, args []string) error {
	format := strings.ToLower(o.format)
	if o.json {
		if cmd.Flags().Changed("format") && format != formatJSON {
			return usagef("--json and --format %s ask for two different reports; use one of them", o.format)
		}
		format = formatJSON
	}
	switch format {
	case formatText, formatJSON, formatSARIF:
	default:
		return usagef("unknown report format %q; use text, json or sarif", o.format)
	}
	failOn, err := parseFailOn(o.failOn)
	if err != nil {
		return err
	}
	color, err := colorFor(app, o.color, o.out != "")
	if err != nil {
		return err
	}
	if o.quiet && format != formatText {
		return usagef("--quiet shortens the text report; the %s report is always whole, so leave out one of them", format)
	}
	if o.jobs < 1 {
		return usagef("--jobs %d: give how many PATHs to scan at once, 1 or more", o.jobs)
	}
	excludes, err := parseExcludes(o.exclude)
	if err != nil {
		return err
	}
	if len(excludes) > 0 && o.base != "" {
		return usagef("--exclude and --base cannot be used together yet: --base scans the folder whole, as 'sentinel pr' does; leave out one of them")
	}

	if len(args) == 0 && !o.global {
		args = []string{"."}
	}
	if o.base != "" && (len(args) != 1 || o.global) {
		return usagef("--base compares one folder with a git ref; name exactly one folder and leave out --global")
	}
	targets, err := resolveTargets(args)
	if err != nil {
		return err
	}
	if o.ctl.baselineFlag != "" || o.ctl.writeBaseline {
		if o.ctl.off {
			return usagef("--ignore-suppressions judges the files alone, and a baseline is a suppression; leave out one of them")
		}
		if len(targets) != 1 || !targets[0].isDir {
			return usagef("a baseline records one project's findings; name exactly one folder with --baseline or --write-baseline")
		}
	}
	if err := o.ctl.loadBaselineFlag(); err != nil {
		return err
	}

	var opts []scan.Option
	if o.meaning {
		opts = append(opts, scan.WithOptIn("S45"))
	}
	if o.hooksOnly {
		opts = append(opts, scan.HooksOnly())
	}
	var globals []discover.File
	var globalNotices []scan.Notice
	globalFound := false
	if o.global {
		globals, globalNotices, globalFound, err = readGlobal(app, targets)
		if err != nil {
			return err
		}
	}

	// The user's own settings join the first folder's scan (their hooks run
	// in every project), or are scanned alone.
	globalsUsed := len(globals) == 0
	var parts []*scan.Result
	singlePath := "" // the path a single file is shown under
	perTarget := make([][]scan.Option, len(targets))
	for i, t := range targets {
		perTarget[i] = opts
		if t.isDir && !globalsUsed {
			perTarget[i] = append(append([]scan.Option{}, opts...), scan.WithExtraFiles(globals...))
			globalsUsed = true
		}
	}
	results, err := scanTargets(ctx, app, targets, perTarget, o, excludes, o.jobs)
	if err != nil {
		return err
	}
	projectFailOn := ""
	for i, t := range targets {
		res := results[i]
		projectFailOn = stricterFailOn(projectFailOn, res.failOn)
		prefix := ""
		if !t.isDir {
			prefix = singleFilePrefix(t, res)
			singlePath = prefix + res.enginePath
		} else if len(targets) > 1 && t.display != "." {
			prefix = strings.TrimSuffix(t.display, "/") + "/"
		}
		prefixPaths(res.Result, prefix)
		parts = append(parts, res.Result)
	}
	if !globalsUsed {
		gopts := opts
		if home, err := lock.HomeDir(app.Getenv); err == nil {
			ga, err := lock.GlobalApprover(home)
			if err != nil {
				return err
			}
			gopts = append(append([]scan.Option{}, opts...), scan.WithApprover(ga))
		}
		res, err := scan.ScanFiles(ctx, noTree{}, globals, gopts...)
		if err != nil {
			return fmt.Errorf("cannot scan your own settings: %v", err)
		}
		parts = append(parts, res)
	}
	res := merge(parts)
	res.Notices = append(res.Notices, globalNotices...)
	if !cmd.Flags().Changed("fail-on") && projectFailOn != "" && projectFailOn != failOnSuspicious {
		// A project's own file may only make Sentinel stricter: whoever
		// edits the project (a pull request's author included) must not
		// make a SUSPICIOUS verdict pass. The default already fails on
		// SUSPICIOUS, so a looser fail-on is reported and not followed.
		res.SuppressionNotes = append(res.SuppressionNotes, scan.Notice{Path: ".sentinel.yaml",
			Message: fmt.Sprintf("its fail-on: %s is not followed: a project's own file cannot loosen the exit code, so SUSPICIOUS still fails; pass --fail-on %s on the command line if you mean it", projectFailOn, projectFailOn)})
	}
	if o.global && !globalFound {
		res.Notices = append(res.Notices, scan.Notice{Path: "~", Message: "--global: none of your own agent files exists (~/.claude/settings.json, ~/.claude/CLAUDE.md, ~/.claude.json, ~/.gemini/settings.json, ~/.gemini/GEMINI.md, ~/.cursor/hooks.json, ~/.cursor/mcp.json, ~/.codex/config.toml), so there was nothing of yours to scan"})
	}

	var buf bytes.Buffer
	switch format {
	case formatJSON:
		if len(targets) == 1 && !targets[0].isDir && !o.global && len(res.Files) > 0 {
			// One file: the API's shape. (With --hooks-only an instruction
			// file is left out, and the repository shape says so: no files.)
			err = report.WriteFileJSON(&buf, res, singlePath)
		} else {
			err = report.WriteJSON(&buf, res)
		}
	case formatSARIF:
		err = report.WriteSARIF(&buf, res, report.SARIFOptions{ToolVersion: version.Version})
	default:
		err = report.WriteText(&buf, res, report.TextOptions{Color: color, HooksOnly: o.hooksOnly, Quiet: o.quiet})
	}
	if err != nil {
		return fmt.Errorf("cannot write the report: %v", err)
	}
	if o.ctl.wrote != "" {
		fmt.Fprintf(app.Stderr, "sentinel: %s\n", o.ctl.wrote)
	}
	if o.out != "" {
		if err := writeReportFile(o.out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(app.Stderr, "sentinel: verdict %s; %s report written to %s\n", res.Verdict, format, o.out)
	} else if _, err := cmd.OutOrStdout().Write(buf.Bytes()); err != nil {
		return fmt.Errorf("cannot write the report: %v", err)
	}

	return verdictExit(res.Verdict, failOn)
}

// resolveTargets checks every PATH before anything is scanned, so a typo
// fails fast with one sentence, and drops repeats.
func resolveTargets(args []string) ([]target, error) {
	seen := map[string]bool{}
	var out []target
	for _, a := range args {
		if a == "" {
			return nil, usagef("cannot scan an empty path; name a folder or a file")
		}
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("cannot scan %s: %s", a, errSentence(err))
		}
		abs, err := filepath.Abs(a)
		if err != nil {
			return nil, fmt.Errorf("cannot scan %s: %v", a, err)
		}
		if seen[abs] {
			continue
		}
		seen[abs] = true
		switch {
		case st.IsDir():
			out = append(out, target{arg: a, display: filepath.ToSlash(filepath.Clean(a)), abs: abs, isDir: true})
		case st.Mode().IsRegular():
			out = append(out, target{arg: a, display: filepath.ToSlash(filepath.Clean(a)), abs: abs})
		default:
			return nil, fmt.Errorf("cannot scan %s: it is neither a folder nor a regular file; name a folder or a file", a)
		}
	}
	return dropCovered(out), nil
}

// writeReportFile writes a report to --out FILE. A FILE that is a symbolic
// link is refused: CI runs 'sentinel scan . --out sentinel.sarif' in the
// checkout of a pull request, which could ship sentinel.sarif as a link to
// a file outside it, and Sentinel never follows a link a scanned project
// could have planted.
func writeReportFile(name string, data []byte) error {
	if fi, err := os.Lstat(name); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("cannot write the report to %s: it is a symbolic link, which a scanned project could have planted, so Sentinel does not write through it; remove the link or name another file", name)
	}
	if err := writeBelowWorkDir(name, data); err != nil {
		if discover.IsEscape(err) {
			return fmt.Errorf("cannot write the report to %s: a folder on its path is a symbolic link that leads out of this folder, which a scanned project could have planted, so Sentinel does not write through it; name a path without the link", name)
		}
		return reportWriteError(name, err)
	}
	return nil
}

// writeBelowWorkDir writes data to name. A relative name that stays below
// the working folder (the checkout, in CI) is opened through os.Root, so a
// folder on its path that is a link out of the working folder is refused;
// an absolute name, or one above the working folder, is the user's own
// choice and is written as given.
func writeBelowWorkDir(name string, data []byte) error {
	clean := filepath.Clean(name)
	if filepath.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) || filepath.VolumeName(clean) != "" {
		return os.WriteFile(name, data, 0o644)
	}
	root, err := os.OpenRoot(".")
	if err != nil {
		return err
	}
	defer root.Close()
	f, err := root.OpenFile(clean, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// reportWriteError is the one sentence for a report --out FILE could not
// be written to.
func reportWriteError(out string, err error) error {
	why := errSentence(err)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		why = "its folder does not exist; create it first"
	case errors.Is(err, syscall.EISDIR):
		why = "it is a folder; name a file inside it"
	}
	return fmt.Errorf("cannot write the report to %s: %s", out, why)
}

// errSentence turns a file-system error into the end of a one-sentence
// message that says what to do.
func errSentence(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder; check the path"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied; check its permissions"
	case errors.Is(err, syscall.ENOTDIR):
		return "part of the path is a file, not a folder; check the path"
	case errors.Is(err, syscall.EISDIR):
		return "it is a folder, not a file; check the path"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

type targetResult struct {
	*scan.Result
	// enginePath is the path the engine saw for a single file, relative to
	// rootDir, the folder the file was read from (its project, when its
	// path says where it stands).
	enginePath string
	rootDir    string
	// failOn is the project's .sentinel.yaml fail-on, "" when none.
	failOn string
}

// singleFilePrefix is what goes before the engine's paths of a single file
// so that they read as the user typed them: "sub/" for sub/CLAUDE.md. When
// the typed path is shorter than the engine's (settings.json typed inside
// .claude), the prefix leads from the current folder to the project root
// ("../"), so every path shown, the scripts' too, can be opened as printed.
func singleFilePrefix(t target, res targetResult) string {
	if prefix, ok := strings.CutSuffix(t.display, res.enginePath); ok && (prefix == "" || strings.HasSuffix(prefix, "/")) {
		return prefix
	}
	root := res.rootDir
	if !filepath.IsAbs(t.arg) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, root); err == nil {
				root = rel
			}
		}
	}
	root = filepath.ToSlash(root)
	if root == "." {
		return ""
	}
	return strings.TrimSuffix(root, "/") + "/"
}

// scanTarget scans one folder or one file. A folder is opened with
// discover.OpenDir, an fs.FS confined by os.Root (no link inside it can lead
// the scan outside) that Walk lists the way find(1) does. Its AGENTS.lock
// approvals count, as they do for the gate (sentinel run); with a base ref,
// the folder is compared with that revision and approvals come from there.
func scanTarget(ctx context.Context, app *App, t target, opts []scan.Option, hooksOnly bool, base string, excludes excludeSet, ctl *controls) (targetResult, error) {
	if !t.isDir {
		if base != "" {
			return targetResult{}, usagef("--base compares a folder with a git ref, and %s is a file; name the repository folder", t.arg)
		}
		return scanSingleFile(ctx, t, opts, hooksOnly, ctl)
	}
	root, err := discover.OpenDir(t.abs)
	if err != nil {
		return targetResult{}, fmt.Errorf("cannot scan %s: %s", t.arg, errSentence(err))
	}
	defer root.Close()
	cfg, cfgEx, err := ctl.projectConfig(root)
	if err != nil {
		return targetResult{}, fmt.Errorf("cannot scan %s: %v", t.arg, err)
	}
	var res *scan.Result
	if base != "" {
		rep, err := prcheck.Compare(ctx, t.abs, base, opts...)
		if err != nil {
			return targetResult{}, err
		}
		res = rep.Result
		for _, n := range rep.Notices {
			res.Notices = append(res.Notices, scan.Notice{Path: lock.FileName, Message: n})
		}
	} else {
		// The same approvals count as for the gate: those given on this
		// machine and those of a lock signed by a key this machine trusts,
		// never an unsigned lock's say-so about itself.
		approver, notice, _ := lock.TrustedApprover(root, machineTrust(app.Getenv, t.abs))
		// The user's own files (--global) may join this scan: their
		// approvals (sentinel approve --global) count for them, and only
		// them.
		if home, err := lock.HomeDir(app.Getenv); err == nil {
			if ga, err := lock.GlobalApprover(home); err == nil {
				approver = lock.Either(approver, ga)
			}
		}
		opts = append(append([]scan.Option{}, opts...), scan.WithApprover(approver))
		if len(excludes) > 0 {
			res, err = scanExcluding(ctx, root, excludes, opts)
		} else {
			res, err = scan.Scan(ctx, root, opts...)
		}
		if err != nil {
			return targetResult{}, fmt.Errorf("cannot scan %s: %v", t.arg, err)
		}
		if notice != "" {
			res.Notices = append(res.Notices, scan.Notice{Path: lock.FileName, Message: notice})
		}
		markLapsed(root, res)
	}
	if err := ctl.apply(t, root, cfg, cfgEx, res); err != nil {
		return targetResult{}, err
	}
	tr := targetResult{Result: res}
	if cfg != nil {
		tr.failOn = cfg.FailOn
	}
	return tr, nil
}

// scanSingleFile scans one file. When its path shows where it stands in a
// project (.claude/settings.json, .cursor/rules/x.mdc, CLAUDE.md), the
// project folder is the context: the scripts its hooks run are read from
// there, through os.Root. Otherwise it is classified by its name alone, as
// the API does (settings.json, tasks.json, *.mdc, other *.json as the agent
// config they look like, anything else as instructions), and nothing around
// it is assumed: a hook's script is neither read nor called missing.
func scanSingleFile(ctx context.Context, t target, opts []scan.Option, hooksOnly bool, ctl *controls) (targetResult, error) {
	slash := filepath.ToSlash(t.abs)
	parts := strings.Split(strings.TrimPrefix(slash, "/"), "/")
	var (
		enginePath string
		kind       discover.Kind
		tool       string
		rootDir    string
		inProject  = true
	)
	for k := 1; k <= len(parts) && k <= 5; k++ {
		suffix := strings.Join(parts[len(parts)-k:], "/")
		if kd, tl, ok := discover.Classify(suffix); ok {
			enginePath, kind, tool = suffix, kd, tl
			rootDir = filepath.FromSlash(strings.TrimSuffix(slash, "/"+suffix))
			if rootDir == "" {
				rootDir = string(filepath.Separator)
			}
			break
		}
	}
	if enginePath == "" {
		enginePath = path.Base(slash)
		kind, tool = classifyLoose(enginePath)
		rootDir = filepath.Dir(t.abs)
		inProject = false
	}
	root, err := os.OpenRoot(rootDir)
	if err != nil {
		return targetResult{}, fmt.Errorf("cannot scan %s: %s", t.arg, errSentence(err))
	}
	defer root.Close()
	f, notice := discover.ReadFile(root.FS(), enginePath)
	if notice != nil {
		return targetResult{}, fmt.Errorf("cannot scan %s: %s", t.arg, strings.TrimPrefix(notice.Message, "not read: "))
	}
	f.Kind, f.Tool = kind, tool
	var fsys fs.FS = noTree{}
	if inProject {
		fsys = root.FS()
	}
	res, err := scan.ScanFiles(ctx, fsys, []discover.File{f}, opts...)
	if err != nil {
		return targetResult{}, fmt.Errorf("cannot scan %s: %v", t.arg, err)
	}
	if len(res.Files) == 0 && !(hooksOnly && (kind == discover.KindInstructions || kind == discover.KindCursorRule)) {
		// Keep the file in the report even if the engine found nothing to
		// say about it, so the single-file JSON always has its entry.
		res.Files = append(res.Files, scan.FileResult{Path: enginePath, Filename: enginePath, Kind: string(kind), Tool: tool,
			Verdict: scan.Clean, TrustScore: 100, ColorBand: score.Band(scan.Clean), Breakdown: enginePath + ": 100 = 100",
			Findings: []scan.Finding{}, Observations: []scan.Finding{}})
	}
	// Markers count in a single file too; a baseline and .sentinel.yaml
	// belong to a folder.
	if err := ctl.apply(t, root.FS(), nil, nil, res); err != nil {
		return targetResult{}, err
	}
	return targetResult{Result: res, enginePath: enginePath, rootDir: rootDir}, nil
}

// classifyLoose classifies a file by its base name alone.
func classifyLoose(base string) (discover.Kind, string) {
	switch {
	case base == "settings.json" || base == "settings.local.json":
		return discover.KindSettings, discover.ToolClaude
	case base == "tasks.json":
		return discover.KindTasks, discover.ToolVSCode
	case base == "hooks.json":
		return discover.KindCursorHooks, discover.ToolCursor
	case strings.HasSuffix(base, ".mdc"):
		return discover.KindCursorRule, discover.ToolCursor
	case strings.HasSuffix(base, ".json"):
		return discover.KindMCP, discover.ToolAny
	}
	return discover.KindInstructions, discover.ToolAny
}

// noTree is the file system of a scan that has no tree around its files (a
// loose single file, your own settings): every question about another file
// has no answer, so no script is read and none is called missing.
type noTree struct{}

var errNoTree = errors.New("outside the files being scanned")

func (noTree) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: errNoTree}
}

// globalFiles are the user's own agent settings that --global reads.
var globalFiles = []struct {
	rel, tool string
	kind      discover.Kind
}{
	{".claude/settings.json", discover.ToolClaude, discover.KindSettings},
	{".claude/CLAUDE.md", discover.ToolClaude, discover.KindInstructions},
	{".claude.json", discover.ToolClaude, discover.KindClaudeUser},
	{".gemini/settings.json", discover.ToolGemini, discover.KindSettings},
	{".gemini/GEMINI.md", discover.ToolGemini, discover.KindInstructions},
	{".cursor/hooks.json", discover.ToolCursor, discover.KindCursorHooks},
	{".cursor/mcp.json", discover.ToolCursor, discover.KindMCP},
	{".codex/config.toml", discover.ToolCodex, discover.KindCodexConfig},
	{".codex/hooks.json", discover.ToolCodex, discover.KindSettings},
	// Amazon Q Developer CLI's older context hooks ({"hooks": {"<name>":
	// {"trigger": "conversation_start" | "per_prompt", "command": ...}}}),
	// read with the agent parser, whose hooks take that shape too.
	{".aws/amazonq/global_context.json", discover.ToolAmazonQ, discover.KindAmazonQAgent},
	// Kiro's global scope (kiro.dev/docs/cli/chat/configuration: MCP
	// servers ~/.kiro/settings/mcp.json, custom agents ~/.kiro/agents,
	// steering ~/.kiro/steering). User-level hooks (~/.kiro/hooks) are
	// not in that table: unconfirmed, read because a hook there would run
	// in every project if Kiro honours it. A pattern names the files of
	// one folder, read as the project's .kiro files are.
	{".kiro/settings/mcp.json", discover.ToolKiro, discover.KindMCP},
	{".kiro/steering/*.md", discover.ToolKiro, discover.KindInstructions},
	{".kiro/agents/*.json", discover.ToolKiro, discover.KindKiroAgent},
	{".kiro/agents/*.md", discover.ToolKiro, discover.KindInstructions},
	{".kiro/hooks/*.json", discover.ToolKiro, discover.KindKiroHook},
	{".kiro/hooks/*.kiro.hook", discover.ToolKiro, discover.KindKiroHook},
}

// maxGlobalMatches bounds the files one pattern of globalFiles reads.
const maxGlobalMatches = 200

// globalPaths returns the home-relative files rel names: itself, or, for
// a pattern, the regular files of its folder it matches, sorted, at most
// maxGlobalMatches (a notice says when more were left).
func globalPaths(home, rel string) (out []string, notice string) {
	if !strings.Contains(rel, "*") {
		return []string{rel}, ""
	}
	dir, pat := path.Split(rel)
	ents, err := os.ReadDir(filepath.Join(home, filepath.FromSlash(dir)))
	if err != nil {
		return nil, ""
	}
	for _, e := range ents {
		if ok, _ := path.Match(pat, e.Name()); !ok || e.IsDir() {
			continue
		}
		if len(out) == maxGlobalMatches {
			return out, "not read: ~/" + dir + " holds more than " + strconv.Itoa(maxGlobalMatches) + " files matching " + pat + "; Sentinel read the first " + strconv.Itoa(maxGlobalMatches) + " in name order"
		}
		out = append(out, dir+e.Name())
	}
	return out, ""
}

// readGlobal reads the user's own settings from the home folder (HOME).
// They are shown as ~/.claude/settings.json and so on. Sentinel reads them
// because the user asked; nothing in a scanned project can point here. A
// file the walk of a named folder reads anyway (sentinel scan --global ~)
// is left to the walk, so it is not counted twice; it is still found.
func readGlobal(app *App, targets []target) (files []discover.File, notices []scan.Notice, found bool, err error) {
	home := userdirs.Home(app.Getenv)
	if home == "" {
		return nil, nil, false, fmt.Errorf("cannot find your home folder for --global; set HOME")
	}
	for _, g := range globalFiles {
		rels, more := globalPaths(home, g.rel)
		if more != "" {
			notices = append(notices, scan.Notice{Path: "~/" + path.Dir(g.rel), Message: more})
		}
		for _, rel := range rels {
			shown := "~/" + rel
			full := filepath.Join(home, filepath.FromSlash(rel))
			if _, err := os.Stat(full); errors.Is(err, fs.ErrNotExist) {
				continue
			}
			found = true
			if newCoverIndex(targets).walks(full, false) {
				continue
			}
			f, n := discover.ReadFile(os.DirFS(home), rel)
			if n != nil {
				notices = append(notices, scan.Notice{Path: shown, Message: n.Message})
				continue
			}
			f.Path, f.Kind, f.Tool = shown, g.kind, g.tool
			files = append(files, f)
		}
	}
	return files, notices, found, nil
}

// useColor: only on a terminal, and never when NO_COLOR is set or the
// terminal is dumb.
func useColor(app *App) bool {
	if app.Getenv("NO_COLOR") != "" || app.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := app.Stdout.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// prefixPaths puts prefix before every path of res that is relative to the
// scanned root, so that results of several PATHs can be shown together.
// Paths of the user's own files (~/...) are left as they are.
func prefixPaths(res *scan.Result, prefix string) {
	if prefix == "" {
		return
	}
	fix := func(p string) string {
		if p == "" || strings.HasPrefix(p, "~") {
			return p
		}
		return prefix + p
	}
	fixFinding := func(f *scan.Finding) {
		f.Path = fix(f.Path)
		if f.Subject != nil {
			s := *f.Subject
			s.Source = fix(s.Source)
			f.Subject = &s
		}
	}
	for i := range res.Files {
		fr := &res.Files[i]
		old := fr.Path
		fr.Path, fr.Filename = fix(fr.Path), fix(fr.Filename)
		if rest, ok := strings.CutPrefix(fr.Breakdown, old+": "); ok {
			fr.Breakdown = fr.Path + ": " + rest
		}
		for j := range fr.Findings {
			fixFinding(&fr.Findings[j])
		}
		for j := range fr.Observations {
			fixFinding(&fr.Observations[j])
		}
	}
	for j := range res.Observations {
		fixFinding(&res.Observations[j])
	}
	res.Breakdown = res.Breakdown[:0]
	for _, fr := range res.Files {
		if len(fr.Findings) > 0 {
			res.Breakdown = append(res.Breakdown, fr.Breakdown)
		}
	}
	for i := range res.Notices {
		res.Notices[i].Path = fix(res.Notices[i].Path)
	}
	for i := range res.SuppressionNotes {
		res.SuppressionNotes[i].Path = fix(res.SuppressionNotes[i].Path)
	}
	for i := range res.Suppressions {
		fixFinding(&res.Suppressions[i].Finding)
	}
	for i := range res.Inventory.AutoRuns {
		a := &res.Inventory.AutoRuns[i]
		a.Source = fix(a.Source)
		for j := range a.Targets {
			a.Targets[j].Path = fix(a.Targets[j].Path)
		}
	}
	for i := range res.Inventory.Servers {
		s := &res.Inventory.Servers[i]
		s.Source = fix(s.Source)
		for j := range s.Targets {
			s.Targets[j].Path = fix(s.Targets[j].Path)
		}
	}
}

// merge combines the results of several PATHs: every file, observation,
// notice and inventory entry, and the repository verdict of the worst file
// (lowest score among the worst verdict), as formula v0.1 defines it.
func merge(parts []*scan.Result) *scan.Result {
	if len(parts) == 1 {
		return parts[0]
	}
	out := &scan.Result{
		Verdict: scan.Clean, TrustScore: 100,
		Files: []scan.FileResult{}, Observations: []scan.Finding{}, Breakdown: []string{}, Notices: []scan.Notice{},
		Engine: version.Engine, FormulaVersion: version.Formula,
	}
	out.Inventory.AutoRuns = make([]agentcfg.AutoRun, 0)
	out.Inventory.Servers = make([]agentcfg.Server, 0)
	unsuppressed := scan.Clean
	for _, p := range parts {
		out.Files = append(out.Files, p.Files...)
		out.Observations = append(out.Observations, p.Observations...)
		out.Breakdown = append(out.Breakdown, p.Breakdown...)
		out.Notices = append(out.Notices, p.Notices...)
		out.Suppressions = append(out.Suppressions, p.Suppressions...)
		out.SuppressionNotes = append(out.SuppressionNotes, p.SuppressionNotes...)
		if p.UnsuppressedVerdict != "" && p.UnsuppressedVerdict.Rank() > unsuppressed.Rank() {
			unsuppressed = p.UnsuppressedVerdict
		} else if p.UnsuppressedVerdict == "" && p.Verdict.Rank() > unsuppressed.Rank() {
			unsuppressed = p.Verdict
		}
		out.Inventory.AutoRuns = append(out.Inventory.AutoRuns, p.Inventory.AutoRuns...)
		out.Inventory.Servers = append(out.Inventory.Servers, p.Inventory.Servers...)
		if p.Verdict.Rank() > out.Verdict.Rank() || p.Verdict == out.Verdict && p.TrustScore < out.TrustScore {
			out.Verdict, out.TrustScore = p.Verdict, p.TrustScore
		}
	}
	out.ColorBand = score.Band(out.Verdict)
	if len(out.Suppressions) > 0 {
		out.UnsuppressedVerdict = unsuppressed
	}
	return out
}
