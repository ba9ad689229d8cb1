package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/guard/blast"
	"github.com/sentinel-sec/sentinel/hook"
	"github.com/sentinel-sec/sentinel/internal/userdirs"
	"github.com/sentinel-sec/sentinel/lock"
)

func newHookCmd(app *App) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "hook",
		GroupID: "runtime",
		Short:   "Run the blast-radius gate as a Claude Code, Gemini CLI or Cursor hook",
		Long: `The blast-radius gate asks the agent to justify the first write of each turn
to a blast centre (a migration, a CI workflow, a lockfile, auth code, .env,
infrastructure, files an agent obeys): the call is denied once with a
request for a JUSTIFICATION (file:line) and a ROLLBACK (exact command), and
the same call repeated in that turn goes through. A new user prompt starts a
new turn. Reads are never judged. The gate's off switches (Sentinel's own
configuration and state, the agents' hook settings, the sentinel binary,
AGENTS.lock) and the commands that record a person's decision are denied in
every turn.

'sentinel hook claude|gemini|cursor' reads one hook event as JSON on stdin and
prints a decision in that agent's format, or nothing when it has no opinion.
'sentinel hook install' adds the entries to the agent's settings.`,
		Example: `  sentinel hook install                     # Claude Code, your user settings
  sentinel hook install --project --agent claude,gemini,cursor
  sentinel hook uninstall --agent all`,
	}
	for _, a := range hook.Agents {
		cmd.AddCommand(newHookAgentCmd(app, a))
	}
	cmd.AddCommand(newHookInstallCmd(app, true), newHookInstallCmd(app, false))
	return cmd
}

func newHookAgentCmd(app *App, agent hook.Agent) *cobra.Command {
	return &cobra.Command{
		Use:   string(agent),
		Short: fmt.Sprintf("Answer one %s hook event read from stdin", agentTitle(agent)),
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runHookEvent(app, agent, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
}

// runHookEvent answers one hook event. Main calls it directly for
// `sentinel hook AGENT`, without building the command tree, because agents
// run it on every tool call.
func runHookEvent(app *App, agent hook.Agent, in io.Reader, out, errw io.Writer) error {
	res := newHookHandler(app).Handle(agent, in)
	if len(res.Stdout) > 0 {
		if _, err := out.Write(res.Stdout); err != nil {
			return exitWith(2, err)
		}
	}
	if res.Stderr != "" {
		fmt.Fprint(errw, res.Stderr)
	}
	if res.ExitCode != 0 {
		return exitWith(res.ExitCode, errors.New(strings.TrimSpace(res.Stderr)))
	}
	return nil
}

func agentTitle(a hook.Agent) string {
	switch a {
	case hook.Claude:
		return "Claude Code"
	case hook.Gemini:
		return "Gemini CLI"
	case hook.Cursor:
		return "Cursor"
	}
	return string(a)
}

// sentinelConfigDir is the user's Sentinel configuration directory, the
// one every command uses (lock.HomeDir), or "" when there is no home
// folder. It is never read from the project.
func sentinelConfigDir(getenv func(string) string) string {
	dir, err := lock.HomeDir(getenv)
	if err != nil {
		return ""
	}
	return dir
}

// loadBlastConfig reads the user's extra blast centres. A missing file is no
// configuration; a broken one is an error the caller must not ignore.
func loadBlastConfig(getenv func(string) string) (hook.Config, string, error) {
	dir := sentinelConfigDir(getenv)
	if dir == "" {
		return hook.Config{}, "", nil
	}
	file := filepath.Join(dir, hook.ConfigFile)
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return hook.Config{}, dir, nil
	}
	if err != nil {
		return hook.Config{}, dir, fmt.Errorf("cannot read %s: %w; check its permissions", file, err)
	}
	c, err := hook.ParseConfig(data)
	if err != nil {
		return hook.Config{}, dir, fmt.Errorf("cannot use %s: %v; fix or remove it", file, err)
	}
	return c, dir, nil
}

// newHookHandler builds the handler from the environment. Without a state
// directory the handler has no store, and denies risky writes saying why.
func newHookHandler(app *App) *hook.Handler {
	cfg, cfgDir, cfgErr := loadBlastConfig(app.Getenv)
	h := &hook.Handler{Extra: cfg.Patterns, ConfigErr: cfgErr, SentinelDirs: []string{cfgDir}, Getenv: app.Getenv}
	state, err := blast.StateDir(app.Getenv)
	if err != nil {
		h.StoreErr = err
		return h
	}
	h.Store = blast.NewStore(state)
	h.SentinelDirs = append(h.SentinelDirs, state)
	return h
}

type hookInstallOptions struct {
	user, project bool
	agents        []string
	binary        string
	dir           string
	noTTY         bool
}

func newHookInstallCmd(app *App, install bool) *cobra.Command {
	var o hookInstallOptions
	use, short := "install", "Add Sentinel's hook entries to an agent's settings (idempotent)"
	if !install {
		use, short = "uninstall", "Remove exactly Sentinel's hook entries from an agent's settings"
	}
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Long: short + `.

--user (the default) edits ~/.claude/settings.json, ~/.gemini/settings.json or
~/.cursor/hooks.json; --project edits the same files under the project
directory. Every other setting is kept. The pre-tool entries are limited to
write and shell tools (for Claude Code also PowerShell and MCP tools) and are
set to block when the hook fails or is missing (Claude Code onFailure "block",
Cursor failClosed, Gemini exit code 2), so a broken install stops risky writes
rather than letting them through, and never blocks a built-in read.

Comments and trailing commas in a settings file are kept. A settings file
that is a symbolic link is edited at its target (for --project only when the
target is inside the project). The path of the sentinel executable is
written quoted as one shell word. A relative HOME is refused.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.user && o.project {
				return usagef("choose one of --user and --project")
			}
			scope := hook.ScopeUser
			if o.project {
				scope = hook.ScopeProject
			}
			agents, err := parseAgents(o.agents)
			if err != nil {
				return usagef("%v", err)
			}
			home, err := userdirs.HomeDir(app.Getenv)
			if err != nil && scope == hook.ScopeUser {
				return err
			}
			project := o.dir
			if project == "" {
				project, err = os.Getwd()
				if err != nil {
					return fmt.Errorf("cannot find the current directory: %w", err)
				}
			}
			if !install || o.binary != "" {
				what := "remove Sentinel's hooks from " + strings.Join(o.agents, ", ")
				if install {
					what = "point Sentinel's hooks at " + termText(o.binary)
				}
				if err := confirmDecision(app, o.noTTY, what); err != nil {
					return err
				}
			}
			binary := o.binary
			if install && binary == "" && scope == hook.ScopeUser {
				binary = selfPath()
			}
			var protect []string
			if scope == hook.ScopeUser {
				protect = sentinelOwnPaths(app.Getenv, binary)
			}
			for _, a := range agents {
				opts := hook.InstallOptions{Agent: a, Scope: scope, Home: home, Project: project, Binary: binary, Protect: protect}
				var file string
				var changed bool
				if install {
					file, changed, err = hook.Install(opts)
				} else {
					file, changed, err = hook.Uninstall(opts)
				}
				if err != nil {
					return err
				}
				state := "unchanged"
				switch {
				case changed && install:
					state = "installed"
				case changed:
					state = "removed"
				case !install:
					state = "nothing to remove"
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%-12s %-18s %s\n", agentTitle(a), state, file)
			}
			if install {
				// The hook is an auto-run like any other, so the next scan
				// calls it unapproved: say how to make it CLEAN again.
				if scope == hook.ScopeProject {
					fmt.Fprintf(cmd.OutOrStdout(), "next: sentinel approve --only 'sentinel hook' --note \"Sentinel's own hook\"   (the hook is an auto-run, so 'sentinel scan' is SUSPICIOUS until it is approved)\n")
				} else {
					fmt.Fprintf(cmd.OutOrStdout(), "next: sentinel approve --global --only 'sentinel hook'   (the hook is an auto-run in your own settings, so 'sentinel scan --global' is SUSPICIOUS until it is approved; projects are not affected)\n")
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.user, "user", false, "edit the user's settings (default)")
	f.BoolVar(&o.project, "project", false, "edit the project's settings")
	f.StringSliceVar(&o.agents, "agent", []string{"claude"}, "agents: claude, gemini, cursor, or all (comma-separated)")
	if install {
		f.StringVar(&o.binary, "binary", "", "sentinel executable the hook runs (default: this executable for --user, sentinel on PATH for --project)")
	}
	f.StringVar(&o.dir, "dir", "", "project directory for --project (default: the current directory)")
	addConfirmFlag(cmd, &o.noTTY)
	return cmd
}

// selfPath is this executable's absolute path for a user-level install,
// where the settings file is the user's own and PATH inside the agent may
// differ from the shell's. It falls back to "sentinel" for a binary that
// `go run` left in a temporary folder or that has another name.
func selfPath() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	base := strings.ToLower(filepath.Base(exe))
	if (base != "sentinel" && base != "sentinel.exe") || strings.HasPrefix(exe, os.TempDir()) {
		return ""
	}
	return exe
}

func parseAgents(names []string) ([]hook.Agent, error) {
	var out []hook.Agent
	seen := map[hook.Agent]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if strings.EqualFold(n, "all") {
			return hook.Agents, nil
		}
		a, err := hook.ParseAgent(n)
		if err != nil {
			return nil, err
		}
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no agent given; use --agent claude, gemini, cursor or all")
	}
	return out, nil
}

// sentinelOwnPaths are the folders and executable the agent must never
// write: Sentinel's configuration and state, and the hook's binary (when it
// is a path) resolved through links.
func sentinelOwnPaths(getenv func(string) string, binary string) []string {
	var out []string
	if d, err := userdirs.Config(getenv); err == nil {
		out = append(out, d)
	}
	if d, err := userdirs.State(getenv); err == nil {
		out = append(out, d)
	}
	if filepath.IsAbs(binary) {
		if r, err := filepath.EvalSymlinks(binary); err == nil {
			binary = r
		}
		out = append(out, binary)
	}
	return out
}
