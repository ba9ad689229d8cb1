// Package cli implements the sentinel command line. Each subcommand lives in
// its own file and is built by a constructor that receives the App, so there
// are no package-level flag variables and tests can run commands in-process.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/hook"
	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/scan/report"
)

// App carries the process's streams and environment to every command.
type App struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads the environment; tests replace it.
	Getenv func(string) string
}

// Main runs the sentinel command line with args (without the program name)
// and returns the process exit code. It is the only place that prints an
// error returned by a command.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &App{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv}
	// The hook runs on every tool call: answer it without building the
	// whole command tree.
	if len(args) == 2 && args[0] == "hook" && slices.Contains(hook.Agents, hook.Agent(args[1])) {
		return exitCode(runHookEvent(app, hook.Agent(args[1]), stdin, stdout, stderr))
	}
	root := newRootCmd(app)
	root.SetArgs(args)
	err := root.Execute()
	var se *silentError
	if err != nil && !errors.As(err, &se) && !errors.Is(err, ErrSuspicious) && !errors.Is(err, ErrCompromised) {
		// Redacted and escaped like every other output: a path, a ref or
		// a git message in an error may hold a token or escape codes.
		fmt.Fprintf(stderr, "sentinel: %s\n", report.Terminal(err.Error()))
	}
	return exitCode(err)
}

func newRootCmd(app *App) *cobra.Command {
	root := &cobra.Command{
		Use:   "sentinel",
		Short: "See what the files in a project would make an AI coding agent do, and guard the agent while it runs",
		Long: `Sentinel reads every file an AI coding agent obeys (CLAUDE.md, AGENTS.md,
.cursor/rules, SKILL.md, hooks, tasks, MCP configs and the scripts they run)
and says in plain words what each would make the agent do.

Exit codes: 0 CLEAN or success, 3 SUSPICIOUS, 2 COMPROMISED or failed
verification, 1 usage or environment error.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version.Version,
	}
	root.SetIn(app.Stdin)
	root.SetOut(app.Stdout)
	root.SetErr(app.Stderr)
	root.SetVersionTemplate(versionLine() + "\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%s (see '%s --help')", flagErrorText(err), c.CommandPath())
	})
	root.AddGroup(
		&cobra.Group{ID: "scan", Title: "Scanning:"},
		&cobra.Group{ID: "runtime", Title: "Guarding a running agent:"},
	)
	root.AddCommand(
		newVersionCmd(app),
		newScanCmd(app),
		newReportCmd(app),
		newHookCmd(app),
		newGuardCmd(app),
		newFixturesCmd(app),
		newSelftestCmd(app),
		newMCPCmd(app),
		newServeCmd(app),
		newLSPCmd(app),
		newRunCmd(app),
		newPRCmd(app),
		newInitCmd(app),
		newApproveCmd(app),
		newKeygenCmd(app),
		newSignCmd(app),
		newVerifyCmd(app),
		newExplainCmd(app),
		newDetonateCmd(app),
		newAPIKeyCmd(app),
		// Subcommands are listed here, one line each.
	)
	return root
}

func versionLine() string {
	return fmt.Sprintf("sentinel %s (formula v%s)", version.Version, version.Formula)
}

func newVersionCmd(app *App) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, commit, build date and trust-score formula version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprint(cmd.OutOrStdout(), version.Info())
			return nil
		},
	}
}

// flagErrorText is pflag's error about a flag's value without the Go parser
// behind it: `invalid argument "maybe" for "--hooks-only" flag:
// strconv.ParseBool: parsing "maybe": invalid syntax` says instead that the
// flag is a switch.
func flagErrorText(err error) string {
	msg := err.Error()
	head, rest, ok := strings.Cut(msg, " flag: strconv.")
	if !ok {
		return msg
	}
	if strings.HasPrefix(rest, "ParseBool") {
		return head + " flag: it is a switch; give it alone, or as =true or =false"
	}
	return head + " flag: it takes a number"
}

// atMostOnePath is the argument rule of the commands that work on one
// repository folder ([PATH], default the current folder).
func atMostOnePath(cmd *cobra.Command, args []string) error {
	if len(args) > 1 {
		return usagef("'%s' works on one folder, and %d were named (%s); name one, or none for the current folder", cmd.CommandPath(), len(args), strings.Join(args, " "))
	}
	return nil
}
