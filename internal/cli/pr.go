package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/prcheck"
	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/report"
)

type prOptions struct {
	base      string
	out       string
	json      bool
	format    string
	failOn    string
	hooksOnly bool
	detonate  bool
}

func newPRCmd(app *App) *cobra.Command {
	o := &prOptions{}
	cmd := &cobra.Command{
		Use:     "pr --base REF [PATH]",
		GroupID: "scan",
		Short:   "Check a pull request against its base: the comment for the PR, and a failing check when it is compromised",
		Long: `Pr compares the work tree (PATH, default the current folder) with the git
revision REF, the pull request's base. The head is scanned whole; approvals
and the signing key are read from the base, so a pull request cannot approve
itself. On top of every scan rule it reports:

  S20  a guardrail (a prohibition about credentials, sending data out,
       running downloaded code, destructive commands, safety checks or
       persistence) removed, or flipped from "do not" to "do"
  S6   agent files changed while no commit message mentions them
  new hooks, tasks and tool servers, and approvals the pull request adds

The default output is the Markdown comment for the pull request. The base
must be in the clone: in GitHub Actions use actions/checkout with
fetch-depth: 0.

Exit codes follow --fail-on: with "compromised" (default) 2 when the head is
COMPROMISED; with "suspicious" also 3 when it is SUSPICIOUS; with "never"
always 0. 1 for usage and environment errors (git missing, ref absent).`,
		Example: `  sentinel pr --base main
  sentinel pr --base origin/main --out comment.md --fail-on suspicious
  sentinel pr --base main --format sarif --out sentinel.sarif`,
		Args: atMostOnePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPR(cmd, app, o, dirArg(args))
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.base, "base", "", "the git `REF` to compare with (the pull request's base branch)")
	f.StringVar(&o.out, "out", "", "write the report to `FILE` and print a one-line summary")
	f.BoolVar(&o.json, "json", false, "print the JSON report (same as --format json)")
	f.StringVar(&o.format, "format", "markdown", "report format: markdown, json or sarif")
	f.StringVar(&o.failOn, "fail-on", "compromised", "which verdict fails the check: compromised, suspicious or never")
	f.BoolVar(&o.hooksOnly, "hooks-only", false, "only what runs or connects by itself")
	f.BoolVar(&o.detonate, "detonate", false, "also run each changed instruction file through the sandbox against its base version (needs your own model key: 'sentinel apikey'; see 'sentinel detonate --help')")
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"markdown", "json", "sarif"}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("fail-on", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"compromised", "suspicious", "never"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

func runPR(cmd *cobra.Command, app *App, o *prOptions, dir string) error {
	if o.base == "" {
		return usagef("--base REF is required: the branch the pull request goes into, e.g. --base main")
	}
	format := strings.ToLower(o.format)
	if o.json {
		if cmd.Flags().Changed("format") && format != "json" {
			return usagef("--json and --format %s ask for two different reports; use one of them", o.format)
		}
		format = "json"
	}
	switch format {
	case "markdown", "md", "json", "sarif":
	default:
		return usagef("unknown report format %q; use markdown, json or sarif", o.format)
	}
	failOn, err := parseFailOn(o.failOn)
	if err != nil {
		return err
	}
	var opts []scan.Option
	if o.hooksOnly {
		opts = append(opts, scan.HooksOnly())
	}
	// A typo in PATH, or a file named instead of the repository folder,
	// says so, rather than "not inside a git repository".
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("cannot check %s: %s", dir, errSentence(err))
	} else if !st.IsDir() {
		return usagef("%s is a file, and pr compares a repository folder with its base; name the folder", dir)
	}
	if o.detonate {
		if opts, err = prDetonation(ctxOf(cmd), app, dir, o.base, opts); err != nil {
			return err
		}
	}
	rep, err := prcheck.Compare(ctxOf(cmd), dir, o.base, opts...)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	switch format {
	case "json":
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		err = enc.Encode(prcheck.Redacted(rep))
	case "sarif":
		err = report.WriteSARIF(&buf, rep.Result, report.SARIFOptions{ToolVersion: version.Version})
	default:
		err = prcheck.WriteMarkdown(&buf, rep)
	}
	if err != nil {
		return fmt.Errorf("cannot write the report: %v", err)
	}
	if o.out != "" {
		if err := writeReportFile(o.out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintln(cmd.OutOrStdout(), prcheck.Summary(rep))
	} else if _, err := cmd.OutOrStdout().Write(buf.Bytes()); err != nil {
		return fmt.Errorf("cannot write the report: %v", err)
	}
	return verdictExit(rep.Result.Verdict, failOn)
}
