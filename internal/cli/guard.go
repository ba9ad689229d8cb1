package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/guard/blast"
	"github.com/sentinel-sec/sentinel/redact"
)

func newGuardCmd(app *App) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "guard",
		GroupID: "runtime",
		Short:   "Inspect the runtime guard's decisions",
	}
	cmd.AddCommand(newGuardClassifyCmd(app))
	return cmd
}

type guardClassifyOptions struct {
	json bool
	root string
}

func newGuardClassifyCmd(app *App) *cobra.Command {
	var o guardClassifyOptions
	cmd := &cobra.Command{
		Use:   "classify PATH...",
		Short: "Say whether each path is a blast centre, and why",
		Long: `Say whether each path is a blast centre for the blast-radius gate, and why.
Paths are normalised as the gate does (backslashes, ./, absolute paths inside
--root made relative). Extra patterns from the user's blast-radius.json are
applied. Exit code 0 whatever the verdicts; use --json in scripts.`,
		Example: `  sentinel guard classify migrations/0042_add_index.sql src/author.ts
  sentinel guard classify --json .github/workflows/ci.yml`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("name at least one path: sentinel guard classify PATH...")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, cfgDir, err := loadBlastConfig(app.Getenv)
			if err != nil {
				return err
			}
			root := o.root
			if root == "" {
				root, _ = os.Getwd()
			}
			state, _ := blast.StateDir(app.Getenv)
			c := blast.NewClassifier(
				blast.WithRoot(root),
				blast.WithExtraPatterns(cfg.Patterns...),
				blast.WithSentinelDirs(cfgDir, state),
			)
			verdicts := make([]blast.Verdict, 0, len(args))
			for _, p := range args {
				v := c.Classify(p)
				v.Path = redact.String(v.Path)
				if v.Reasons == nil {
					v.Reasons = []string{}
				}
				verdicts = append(verdicts, v)
			}
			out := cmd.OutOrStdout()
			if o.json {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(struct {
					Paths []blast.Verdict `json:"paths"`
				}{verdicts})
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			for _, v := range verdicts {
				if v.Sensitive {
					fmt.Fprintf(tw, "%s\tBLAST CENTRE\t%s\n", v.Path, strings.Join(v.Reasons, "; "))
				} else {
					fmt.Fprintf(tw, "%s\tordinary\n", v.Path)
				}
			}
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&o.root, "root", "", "project root for absolute paths (default: the current directory)")
	return cmd
}
