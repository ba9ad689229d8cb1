package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/mcpgate"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan/report"
)

func newMCPCmd(app *App) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Gate an MCP tool server: pause write and destructive calls for a person, pin tool definitions",
		Long: `Put Sentinel between an MCP client (Claude Code, Cursor, Gemini CLI) and a
tool server. Read-only calls pass; write and destructive calls, and calls of
tools with no annotations, pause until a person allows them on the terminal or
with 'sentinel mcp allow ID'. Every tool definition is pinned on first sight; a
tool whose definition changes later is withheld until a person approves it, here
or in the project's AGENTS.lock (sentinel approve --mcp-tools NAME) once that
lock is signed by a key this machine trusts.

Policy is read only from mcp-policy.json in your configuration folder
(SENTINEL_HOME, else $XDG_CONFIG_HOME/sentinel, else ~/.config/sentinel); pins,
the approval queue and the audit log live in $XDG_STATE_HOME/sentinel/mcp
(default ~/.local/state/sentinel/mcp).`,
		GroupID: "runtime",
	}
	cmd.AddCommand(
		newMCPProxyCmd(app),
		newMCPApprovalsCmd(app),
		newMCPDecideCmd(app, "allow"),
		newMCPDecideCmd(app, "deny"),
		newMCPLogCmd(app),
		newMCPPinsCmd(app),
	)
	return cmd
}

// mcpDirs resolves the gate's directories for the commands that read or
// resolve its state (approvals, allow, deny, log, pins). The proxy resolves
// them itself, refusing directories inside the project it runs in.
func mcpDirs(app *App) (mcpgate.Dirs, error) {
	return mcpgate.ResolveDirs(app.Getenv, "")
}

// openMCPQueue opens the gate's approval queue.
func openMCPQueue(app *App) (*mcpgate.Queue, error) {
	dirs, err := mcpDirs(app)
	if err != nil {
		return nil, err
	}
	return mcpgate.OpenQueue(dirs.QueueDir())
}

type mcpProxyOptions struct {
	name            string
	url             string
	approve         string
	serverTimeout   time.Duration
	approvalTimeout time.Duration
}

func newMCPProxyCmd(app *App) *cobra.Command {
	o := &mcpProxyOptions{}
	cmd := &cobra.Command{
		Use:   "proxy [--name NAME] (-- COMMAND [ARG...] | --url URL)",
		Short: "Run a tool server behind the gate; the MCP client launches this instead of the server",
		Example: `  # in .mcp.json / Claude Code / Cursor, replace the server command with:
  sentinel mcp proxy --name filesystem -- npx -y @modelcontextprotocol/server-filesystem /srv/data
  # a remote server over Streamable HTTP, the client side still stdio:
  sentinel mcp proxy --name tickets --url https://mcp.example.com/mcp`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) == 0) == (o.url == "") {
				return usagef("give the tool server either as a command after -- or with --url (see 'sentinel mcp proxy --help')")
			}
			if cmd.ArgsLenAtDash() != 0 && len(args) > 0 {
				return usagef("put the tool server command after --, as in: sentinel mcp proxy --name fs -- npx server-filesystem /dir")
			}
			switch o.approve {
			case "auto", "tty", "queue":
			default:
				return usagef("--approve must be auto, tty or queue, not %q", o.approve)
			}
			return runMCPProxy(ctxOf(cmd), app, o, args)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.name, "name", "", "server name for policy, pins and the queue (default: derived from the command or URL)")
	f.StringVar(&o.url, "url", "", "connect to a remote MCP server over Streamable HTTP instead of running a command")
	f.StringVar(&o.approve, "approve", "auto", "where to ask: auto (terminal when there is one, and the queue), tty, or queue")
	f.DurationVar(&o.serverTimeout, "server-timeout", mcpgate.DefaultServerTimeout, "answer the client with an error when the server has not answered a request within this time")
	f.DurationVar(&o.approvalTimeout, "approval-timeout", 0, "deny a paused call after this time (default: the policy's approval_timeout, else 5m)")
	return cmd
}

func runMCPProxy(ctx context.Context, app *App, o *mcpProxyOptions, argv []string) error {
	cwd := cwdOrEmpty()
	dirs, err := mcpgate.ResolveDirs(app.Getenv, cwd)
	if err != nil {
		return err
	}
	name := o.name
	if name == "" {
		name = mcpgate.ServerName(argv, o.url)
	}
	pol, err := mcpgate.LoadPolicy(dirs.PolicyPath())
	if err != nil {
		return err
	}
	if o.approvalTimeout > 0 {
		pol.SetTimeout(o.approvalTimeout)
	}
	// Tool definitions approved in the project's AGENTS.lock count only when
	// the lock is signed by a key this machine trusts, as for the gate.
	lockApproved, notice := projectMCPApprovals(app, name)
	if notice != "" {
		fmt.Fprintf(app.Stderr, "sentinel mcp: %s\n", redact.String(notice))
	}
	opts := mcpgate.Options{
		Server:        name,
		Dirs:          dirs,
		Policy:        pol,
		Log:           app.Stderr,
		Scanner:       mcpgate.DefaultScanner(),
		Paths:         mcpgate.DefaultPathCheckers(dirs, cwd),
		LockApprovals: lockApproved,
	}
	if o.approve != "queue" {
		if p := mcpgate.OpenTTYPrompter(); p != nil {
			opts.Prompter = p
			defer p.Close()
		} else if o.approve == "tty" {
			return fmt.Errorf("--approve tty: there is no controlling terminal to ask on; use --approve queue and 'sentinel mcp approvals'")
		}
	}
	gate, err := mcpgate.NewGate(opts)
	if err != nil {
		return err
	}
	defer gate.Close()
	asks := "the approval queue"
	if opts.Prompter != nil {
		asks = "this terminal and the approval queue"
	}
	fromLock := ""
	if len(lockApproved) > 0 {
		fromLock = fmt.Sprintf("; %d tool definitions approved in the signed %s", len(lockApproved), lock.FileName)
	}
	fmt.Fprintf(app.Stderr, "sentinel mcp: gating server %q (policy: %s; asks on %s; state in %s%s)\n",
		name, pol.Source(), asks, dirs.State, fromLock)
	var up mcpgate.Upstream
	if o.url != "" {
		up, err = mcpgate.DialHTTP(ctx, o.url, nil)
	} else {
		up, err = mcpgate.StartStdio(argv, os.Environ(), app.Stderr)
	}
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	p := &mcpgate.Proxy{Gate: gate, Upstream: up, ServerTimeout: o.serverTimeout, Log: app.Stderr}
	err = p.Run(ctx, app.Stdin, app.Stdout)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

func newMCPApprovalsCmd(app *App) *cobra.Command {
	var all, asJSON bool
	cmd := &cobra.Command{
		Use:   "approvals",
		Short: "List tool calls and changed tools waiting for a person",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			q, err := openMCPQueue(app)
			if err != nil {
				return err
			}
			list, err := q.List()
			if err != nil {
				return err
			}
			var shown []mcpgate.Entry
			for _, e := range list {
				if all || e.Status == mcpgate.StatusPending || e.Status == mcpgate.StatusOrphaned ||
					(e.Kind == mcpgate.KindTool && e.Status != mcpgate.StatusAllowed && e.Status != mcpgate.StatusDenied) {
					shown = append(shown, e)
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				if shown == nil {
					shown = []mcpgate.Entry{}
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(shown)
			}
			if len(shown) == 0 {
				fmt.Fprintln(out, "No approvals waiting.")
				return nil
			}
			for _, e := range shown {
				printApproval(out, e)
			}
			fmt.Fprintln(out, "Resolve with: sentinel mcp allow ID  |  sentinel mcp deny ID")
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "also show resolved, used and expired entries")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func printApproval(w io.Writer, e mcpgate.Entry) {
	// Names, reasons and changes come from the tool server: shown escaped so
	// a server cannot rewrite what the person is approving on their terminal.
	r := report.Terminal
	switch e.Kind {
	case mcpgate.KindTool:
		fmt.Fprintf(w, "%s  [%s] changed tool %s on server %s (%s)\n", e.ID, e.Status, r(e.Tool), r(e.Server), e.Created.Local().Format("2006-01-02 15:04:05"))
		fmt.Fprintf(w, "    withheld because %s\n", r(e.Reason))
		for _, c := range e.Changes {
			fmt.Fprintf(w, "    - %s\n", r(c))
		}
	default:
		unann := ""
		if e.Unannotated {
			unann = ", unannotated"
		}
		fmt.Fprintf(w, "%s  [%s] call %s on server %s (%s%s) at %s\n", e.ID, e.Status, r(e.Tool), r(e.Server), e.Risk, unann, e.Created.Local().Format("2006-01-02 15:04:05"))
		fmt.Fprintf(w, "    paused because %s\n", r(e.Reason))
		fmt.Fprintf(w, "    arguments: %s\n", r(e.Arguments))
		if e.Status == mcpgate.StatusOrphaned {
			fmt.Fprintln(w, "    (the proxy that asked has exited; allowing lets the same call through when the agent retries it)")
		}
	}
	if e.Decision != nil {
		fmt.Fprintf(w, "    decided: %s by %s at %s\n", e.Decision.Verdict, e.Decision.By, e.Decision.At.Local().Format("15:04:05"))
	}
}

func newMCPDecideCmd(app *App, verdict string) *cobra.Command {
	short := "Allow a paused tool call, or approve a changed tool definition"
	if verdict == "deny" {
		short = "Deny a paused tool call, or refuse a changed tool definition"
	}
	var noTTY bool
	cmd := &cobra.Command{
		Use:   verdict + " ID",
		Short: short,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := openMCPQueue(app)
			if err != nil {
				return err
			}
			id := strings.TrimSpace(args[0])
			e, err := q.Get(id)
			if err != nil {
				return err
			}
			subject := "call"
			if e.Kind == mcpgate.KindTool {
				subject = "new definition of tool"
			}
			what := fmt.Sprintf("%s %s on server %s", subject, report.Terminal(e.Tool), report.Terminal(e.Server))
			if err := confirmDecision(app, noTTY, fmt.Sprintf("%s the %s (%s)", verdict, what, id)); err != nil {
				return err
			}
			if err := q.Resolve(id, verdict, "user:queue"); err != nil {
				return err
			}
			past := map[string]string{"allow": "Allowed", "deny": "Denied"}[verdict]
			fmt.Fprintf(cmd.OutOrStdout(), "%s %s (%s).\n", past, what, id)
			if e.Kind == mcpgate.KindTool && verdict == "allow" {
				fmt.Fprintln(cmd.OutOrStdout(), "The tool is pinned to the new version and shown again on the client's next tools/list.")
			}
			return nil
		},
	}
	addConfirmFlag(cmd, &noTTY)
	return cmd
}

func newMCPLogCmd(app *App) *cobra.Command {
	var verify, asJSON bool
	var last int
	cmd := &cobra.Command{
		Use:   "log",
		Short: "Show the gate's audit log, or verify its hash chain",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dirs, err := mcpDirs(app)
			if err != nil {
				return err
			}
			l := mcpgate.OpenAuditLog(dirs.AuditPath())
			out := cmd.OutOrStdout()
			if verify {
				n, err := l.Verify()
				if asJSON {
					// One object, whatever the outcome, so CI can read it.
					v := struct {
						OK       bool   `json:"ok"`
						Verified int    `json:"records_verified"`
						Path     string `json:"path"`
						Error    string `json:"error,omitempty"`
					}{OK: err == nil, Verified: n, Path: l.Path()}
					if err != nil {
						v.Error = err.Error()
					}
					enc := json.NewEncoder(out)
					enc.SetIndent("", "  ")
					if e := enc.Encode(v); e != nil {
						return e
					}
					if err != nil {
						return exitWith(ExitCompromised, errors.New("the audit log's hash chain is broken"))
					}
					return nil
				}
				if err != nil {
					fmt.Fprintf(out, "FAILED: %s (%d records verified before it)\n", err, n)
					return exitWith(ExitCompromised, err)
				}
				fmt.Fprintf(out, "OK: %d records, hash chain intact (%s)\n", n, l.Path())
				return nil
			}
			recs, err := l.Records()
			if err != nil {
				return fmt.Errorf("cannot read the audit log %s: %w; run 'sentinel mcp log --verify'", l.Path(), err)
			}
			if last > 0 && len(recs) > last {
				recs = recs[len(recs)-last:]
			}
			if asJSON {
				enc := json.NewEncoder(out)
				for _, r := range recs {
					if err := enc.Encode(r); err != nil {
						return err
					}
				}
				return nil
			}
			if len(recs) == 0 {
				fmt.Fprintf(out, "The audit log is empty (%s).\n", l.Path())
				return nil
			}
			tw := newMCPTable(out)
			fmt.Fprintln(tw, "SEQ\tTIME\tSERVER\tEVENT\tTOOL\tRISK\tDECISION\tBY\tREASON")
			for _, r := range recs {
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Seq, r.Time.Local().Format("01-02 15:04:05"),
					report.Terminal(r.Server), r.Event, report.Terminal(r.Tool), r.Risk, r.Decision, r.By, report.Terminal(shorten(r.Reason, 100)))
			}
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&verify, "verify", false, "verify the hash chain; exit 2 if a line was edited, inserted or removed")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the records as JSON lines (with --verify: one JSON object with ok, records_verified, path and error)")
	cmd.Flags().IntVarP(&last, "last", "n", 0, "show only the last N records")
	return cmd
}

// newMCPTable lays out the columns of 'sentinel mcp log' and 'sentinel mcp pins' alike.
func newMCPTable(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
}

func shorten(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func newMCPPinsCmd(app *App) *cobra.Command {
	var server string
	cmd := &cobra.Command{
		Use:   "pins",
		Short: "List the pinned tools of each server with their risk, flagging unannotated ones",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dirs, err := mcpDirs(app)
			if err != nil {
				return err
			}
			store := mcpgate.OpenPinStore(dirs.PinDir())
			servers := []string{server}
			if server == "" {
				if servers, err = store.Servers(); err != nil {
					return err
				}
			}
			out := cmd.OutOrStdout()
			if len(servers) == 0 {
				fmt.Fprintln(out, "No tools pinned yet: they are pinned on the first tools/list through 'sentinel mcp proxy'.")
				return nil
			}
			tw := newMCPTable(out)
			fmt.Fprintln(tw, "SERVER\tTOOL\tRISK\tANNOTATIONS\tPINNED BY\tDIGEST")
			for _, s := range servers {
				pf, err := store.Load(s)
				if err != nil {
					return err
				}
				for _, name := range sortedKeys(pf.Tools) {
					p := pf.Tools[name]
					ann := "annotated"
					if p.Unannotated {
						ann = "UNANNOTATED (treated as destructive)"
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", report.Terminal(s), report.Terminal(name), p.Risk, ann, p.By, shorten(p.Digest, 19))
				}
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&server, "server", "", "only this server")
	return cmd
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func cwdOrEmpty() string {
	wd, _ := os.Getwd()
	return wd
}
