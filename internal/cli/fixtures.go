package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/fixtures"
)

func newFixturesCmd(app *App) *cobra.Command {
	return &cobra.Command{
		Use:     "fixtures DIR",
		GroupID: "scan",
		Short:   "Write the inert reference attacks and their benign twins, one folder each",
		Long: `Write Sentinel's reference attacks (Miasma, ChainDrop, an orphaned hook, a
write-intercept hook, hidden text, ...) and their benign twins into DIR, one
folder per case. Nothing written is executable; payload addresses use the
reserved .invalid domain. DIR must be new or empty.`,
		Example: "  sentinel fixtures ./fx && sentinel scan ./fx/01_miasma_shape",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 || args[0] == "" {
				return usagef("name one new or empty folder to write the fixtures into, e.g. sentinel fixtures ./fx")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			// Check DIR first, so a file or an unwritable place is one
			// sentence about DIR, not a mkdir error about a case inside it.
			dir := args[0]
			if st, err := os.Stat(dir); err == nil && !st.IsDir() {
				return usagef("%s is a file; name a new or empty folder for the fixtures", dir)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("cannot create %s: %s", dir, errSentence(err))
			}
			if err := fixtures.Write(dir); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %d cases to %s\n", len(fixtures.All()), args[0])
			return nil
		},
	}
}

func newSelftestCmd(app *App) *cobra.Command {
	return &cobra.Command{
		Use:     "selftest",
		GroupID: "scan",
		Short:   "Scan the reference attacks and benign twins and check every verdict",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			failed := 0
			cases := fixtures.All()
			for _, c := range cases {
				o := fixtures.Check(cmd.Context(), c)
				if len(o.Problems) == 0 {
					fmt.Fprintf(out, "  pass  %-40s %-11s %3d  %s\n", c.Name, o.Got, o.Score, c.About)
					continue
				}
				failed++
				fmt.Fprintf(out, "  FAIL  %-40s %s\n", c.Name, c.About)
				for _, p := range o.Problems {
					fmt.Fprintf(out, "        %s\n", p)
				}
			}
			if failed > 0 {
				fmt.Fprintf(out, "%d of %d cases FAILED\n", failed, len(cases))
				return exitWith(ExitCompromised, fmt.Errorf("selftest failed"))
			}
			fmt.Fprintf(out, "ALL PASS (%d cases)\n", len(cases))
			return nil
		},
	}
}
