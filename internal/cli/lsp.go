package cli

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/lsp"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

func newLSPCmd(app *App) *cobra.Command {
	var debounce time.Duration
	cmd := &cobra.Command{
		Use:     "lsp",
		GroupID: "scan",
		Short:   "Run the language server for editors (stdio): findings as diagnostics while you edit",
		Long: `Run Sentinel's language server on standard input and output, for VS Code,
Neovim, Helix, Zed, JetBrains IDEs and any other editor that speaks the
Language Server Protocol (see docs/editors.md).

Every file the discovery table names (CLAUDE.md, AGENTS.md, .cursor/rules,
hooks, tasks, MCP configs, ...) is scanned as the editor holds it, in the
context of its project, on open, on save and shortly after each change. A
finding is a diagnostic on its line; hovering explains it. The workspace
command sentinel.verdict gives the project's verdict for a status bar.

Nothing from the project is run, and approvals count as for 'sentinel scan'.
The server never approves anything: its "approve" action names the
'sentinel approve --only' command, which asks you in a terminal.`,
		Example: `  sentinel lsp            # started by the editor, not by hand`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			bin, err := os.Executable()
			if err != nil {
				bin = "sentinel"
			}
			err = lsp.Serve(context.Background(), app.Stdin, app.Stdout, lsp.Options{
				Debounce: debounce,
				Log:      app.Stderr,
				Binary:   bin,
				Approver: func(root *discover.DirFS, dir string) scan.Approver {
					a, _, _ := lock.TrustedApprover(root, machineTrust(app.Getenv, dir))
					return a
				},
			})
			if err != nil {
				return fmt.Errorf("lsp: %v", err)
			}
			return nil
		},
	}
	cmd.Flags().DurationVar(&debounce, "debounce", 250*time.Millisecond, "how long a change waits for the next before it is scanned (saves are scanned at once)")
	return cmd
}
