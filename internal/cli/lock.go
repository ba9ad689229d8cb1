package cli

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/atomicfile"
	"github.com/sentinel-sec/sentinel/internal/gitrev"
	"github.com/sentinel-sec/sentinel/internal/human"
	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/report"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// lockRepo is a repository opened for the AGENTS.lock commands: its folder
// confined by os.Root, its lock (if any) and a scan of its current state.
type lockRepo struct {
	dir   string // absolute
	fsys  *discover.DirFS
	lock  *lock.Lock // nil when there is none
	res   *scan.Result
	items []rules.Item
}

// openLockRepo opens dir, reads its lock and scans it with the lock's own
// approvals. A lock that cannot be read is an error: nothing is overwritten.
func openLockRepo(ctx context.Context, dir string) (*lockRepo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %v", dir, err)
	}
	st, err := os.Stat(abs)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("cannot open %s: it is not a folder; run the command in your repository", dir)
	}
	fsys, err := discover.OpenDir(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %s", dir, errSentence(err))
	}
	r := &lockRepo{dir: abs, fsys: fsys}
	r.lock, _, err = lock.Load(fsys)
	if err != nil {
		fsys.Close()
		return nil, err
	}
	r.res, err = scan.Scan(ctx, fsys, scan.WithApprover(r.lock.Approver()))
	if err != nil {
		fsys.Close()
		return nil, fmt.Errorf("cannot scan %s: %v", dir, err)
	}
	r.items = lock.Inventory(fsys, r.res)
	return r, nil
}

func (r *lockRepo) Close() { r.fsys.Close() }

func (r *lockRepo) build() (*lock.Lock, error) {
	return lock.Build(r.fsys, lock.ScannedPaths(r.res), r.items, r.lock, "sentinel "+version.Version)
}

// compromised lists the COMPROMISED files of the scan, for a refusal.
func (r *lockRepo) compromised() string {
	var names []string
	for _, f := range r.res.Files {
		if f.Verdict == scan.Compromised {
			names = append(names, f.Path)
		}
	}
	return redact.String(strings.Join(names, ", "))
}

// refuseApprove reports that nothing is approved while the repository is
// COMPROMISED (exit 2).
func (r *lockRepo) refuseApprove(app *App) error {
	fmt.Fprintf(app.Stderr, "sentinel: refusing to approve anything while %s is COMPROMISED; run 'sentinel scan' and fix it first\n", r.compromised())
	return exitWith(ExitCompromised, ErrCompromised)
}

// writeLock replaces AGENTS.lock atomically. When its bytes change, a
// signature of the old bytes no longer vouches for anything and is removed,
// so the repository reads UNSIGNED (CI signs again) rather than
// SIGNATURE INVALID. It reports whether the lock changed.
func (r *lockRepo) writeLock(l *lock.Lock, w io.Writer) (bool, error) {
	data := l.Marshal()
	old, _ := lock.ReadFile(r.fsys, lock.FileName)
	if string(old) == string(data) {
		return false, nil
	}
	if err := writeFileAtomic(filepath.Join(r.dir, lock.FileName), data, 0o644); err != nil {
		return false, err
	}
	sig := filepath.Join(r.dir, lock.SigFileName)
	if _, err := os.Lstat(sig); err == nil {
		if err := os.Remove(sig); err != nil {
			return true, fmt.Errorf("cannot remove the now stale %s: %v; delete it by hand", lock.SigFileName, err)
		}
		fmt.Fprintf(w, "%s changed, so its old signature was removed; CI signs it again after merge (sentinel sign)\n", lock.FileName)
	}
	return true, nil
}

// writeFileAtomic writes data to a temporary file beside name and renames it
// into place, so a failure never leaves half a file.
func writeFileAtomic(name string, data []byte, perm os.FileMode) error {
	if err := atomicfile.Write(name, data, atomicfile.Options{Perm: perm, Sync: true}); err != nil {
		return fmt.Errorf("cannot write %s: %s", name, errSentence(err))
	}
	return nil
}

func kindLabel(kind string) string {
	switch kind {
	case "server":
		return "tool server"
	case "hook", "task", "setting", "rule-command":
		return "auto-run"
	}
	return kind
}

func printInventory(w io.Writer, l *lock.Lock) {
	if len(l.Items) == 0 {
		fmt.Fprintln(w, "  nothing runs or connects by itself in this repository")
		return
	}
	for _, e := range l.Items {
		state := "not approved"
		if e.Approved != nil {
			state = "approved"
		}
		fmt.Fprintf(w, "  %-26s : %s   (%s)\n", kindLabel(e.Kind)+", "+state, entryLabel(e), termText(e.Source))
	}
}

// entryLabel is an entry's label as the terminal shows it: on one line,
// secrets masked.
func entryLabel(e lock.Entry) string {
	return redact.String(termText(e.Label()))
}

// termText is text from a repository (a path, a source file, a key name
// from a signature file) as the terminal shows it: on one line, with every
// other control, bidirectional or invisible character written visibly, and
// secrets masked, so a file named "\x1b[2J…\nOK - …" can neither send
// escape sequences nor print a line of its own.
func termText(s string) string {
	return report.Terminal(oneLineText(s))
}

// oneLineText keeps a label on one line.
func oneLineText(s string) string {
	return strings.NewReplacer("\n", "⏎", "\r", "⏎", "\x1b", "␛").Replace(s)
}

func dirArg(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return "."
}

func ctxOf(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// inLockRepo makes the RunE of a command that works on the repository named
// by its optional PATH argument: run gets it opened and scanned, and it is
// closed after.
func inLockRepo(run func(cmd *cobra.Command, r *lockRepo) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		r, err := openLockRepo(ctxOf(cmd), dirArg(args))
		if err != nil {
			return err
		}
		defer r.Close()
		return run(cmd, r)
	}
}

// ---- a person's decision --------------------------------------------------

// addConfirmFlag adds --no-tty-confirm to a command that records a person's
// decision.
func addConfirmFlag(cmd *cobra.Command, p *bool) {
	cmd.Flags().BoolVar(p, human.Flag, false, human.FlagUsage)
}

// confirmDecision asks the person at the terminal to type a code before a
// decision is recorded (human.Confirm); noTTY is --no-tty-confirm.
func confirmDecision(app *App, noTTY bool, what string) error {
	return human.Confirm(human.Request{What: what, NoTTY: noTTY, Getenv: app.Getenv})
}

// ---- sentinel init ------------------------------------------------------

type initOptions struct{ approveAll, noTTY bool }

func newInitCmd(app *App) *cobra.Command {
	o := &initOptions{}
	cmd := &cobra.Command{
		Use:     "init [PATH]",
		GroupID: "scan",
		Short:   "Write AGENTS.lock: every agent file by hash, and what runs or connects by itself",
		Long: `Init scans the repository and writes AGENTS.lock: every agent-config file
and the scripts its hooks run, by sha256, and every hook, task and tool server
that runs or connects by itself, pinned to the hash of its scripts or its
configuration. Approvals already in the lock are kept while their hash still
matches. Run it again at any time; it only rewrites what changed.

The lock is checked into the repository. CI signs it (sentinel sign) and
anyone can verify it (sentinel verify).`,
		Example: `  sentinel init
  sentinel init --approve-all   # approve everything found (refused while anything is COMPROMISED)`,
		Args: atMostOnePath,
		RunE: inLockRepo(func(cmd *cobra.Command, r *lockRepo) error {
			out := cmd.OutOrStdout()
			l, err := r.build()
			if err != nil {
				return err
			}
			if r.res.Verdict == scan.Compromised {
				// Said first: an inventory of a compromised project is not
				// a list to approve from.
				fmt.Fprintf(out, "COMPROMISED: this project's verdict is COMPROMISED, so nothing in it can be approved until that is fixed; 'sentinel scan %s' shows them\n", termText(r.dir))
			}
			if o.approveAll {
				if r.res.Verdict == scan.Compromised {
					return r.refuseApprove(app)
				}
				if err := confirmDecision(app, o.noTTY, "approve everything in "+lock.FileName+" of "+termText(r.dir)); err != nil {
					return err
				}
				rememberApprovals(app, r.dir, l.Approve("", "sentinel init --approve-all", approver(cmd, r.dir, app), time.Now()))
			}
			changed, err := r.writeLock(l, out)
			if err != nil {
				return err
			}
			verb := "wrote"
			if !changed {
				verb = "unchanged:"
			}
			fmt.Fprintf(out, "%s %s (%d files, %d items)\n", verb, lock.FileName, len(l.Files), len(l.Items))
			printInventory(out, l)
			if n := len(l.Items) - len(l.Approved()); n > 0 {
				fmt.Fprintf(out, "next: approve what you recognise with 'sentinel approve [--only TEXT] --note \"why\"'\n")
			}
			return nil
		}),
	}
	cmd.Flags().BoolVar(&o.approveAll, "approve-all", false, "approve everything found (refused while anything is COMPROMISED)")
	addConfirmFlag(cmd, &o.noTTY)
	return cmd
}

// rememberApprovals records approvals given on this machine under
// SENTINEL_HOME, where 'sentinel run' finds them: a lock's own approvals
// count only once it is signed by a key this machine trusts.
func rememberApprovals(app *App, dir string, done []lock.Entry) {
	if len(done) == 0 {
		return
	}
	if err := recordLocalApprovals(app, dir, done); err != nil {
		fmt.Fprintf(app.Stderr, "sentinel: the approval is in %s but this machine could not remember it (%v), so 'sentinel run' will ask until CI signs the lock\n", lock.FileName, err)
	}
}

// recordLocalApprovals adds done to the approvals given on this machine for
// the repository at dir.
func recordLocalApprovals(app *App, dir string, done []lock.Entry) error {
	home, err := lock.HomeDir(app.Getenv)
	if err != nil {
		return err
	}
	la, err := lock.OpenLocalApprovals(home)
	if err != nil {
		return err
	}
	return la.Record(lock.RepoID(dir), done, time.Now())
}

// machineTrust reads what this machine trusts for the repository at dir:
// the keys it pinned and the approvals given on it (lock.OpenTrust). Stores
// that cannot be read trust nothing, and Trust.Err says why in the notice;
// without a home folder there is nothing to read.
func machineTrust(getenv func(string) string, dir string) lock.Trust {
	home, err := lock.HomeDir(getenv)
	if err != nil {
		return lock.Trust{}
	}
	t, err := lock.OpenTrust(home, dir)
	if err != nil {
		return lock.Trust{Err: err}
	}
	return t
}

// approver names the person approving: SENTINEL_APPROVER, else git's
// user.name and user.email, else the login name.
func approver(cmd *cobra.Command, dir string, app *App) string {
	if a := strings.TrimSpace(app.Getenv("SENTINEL_APPROVER")); a != "" {
		return a
	}
	if id := gitrev.Identity(ctxOf(cmd), dir); id != "" {
		return id
	}
	if u := app.Getenv("USER"); u != "" {
		return u
	}
	return "unknown"
}

// ---- sentinel approve ---------------------------------------------------

type approveOptions struct {
	noTTY    bool
	global   bool
	only     string
	note     string
	mcpTools []string
}

func newApproveCmd(app *App) *cobra.Command {
	o := &approveOptions{}
	var approveRepo func(*cobra.Command, []string) error
	cmd := &cobra.Command{
		Use:     "approve [PATH]",
		GroupID: "scan",
		Short:   "Approve the hooks, tasks and tool servers you recognise, pinned to their hash",
		Long: `Approve records in AGENTS.lock that a person accepted a hook, task or tool
server. Each approval is pinned to the sha256 of the scripts the item runs, or
of the server's configuration: when that changes, the approval lapses and
Sentinel asks again. An approved item no longer raises S14b, S17a or S19.

Nothing is approved while anything in the repository is COMPROMISED.

In a pull request approvals are read from the base branch, so a pull request
cannot approve itself; the approvals it adds are listed in the comment and
count after merge, once CI has signed the lock.

With --mcp-tools SERVER, approve instead the tool definitions of an MCP
server that 'sentinel mcp proxy --name SERVER' pinned on this machine (see
'sentinel mcp pins --server SERVER'), each by the hash of its definition. Once
the lock is signed by a key a machine trusts, the proxy there treats those
exact definitions as approved instead of withholding them.`,
		Example: `  sentinel approve --note "PR #41"             # everything not yet approved
  sentinel approve --global                    # your own hooks (~/.claude/settings.json, ...), on this machine
  sentinel approve --only format.sh --note "our formatter"
  sentinel approve --mcp-tools filesystem --note "reviewed v2.1"   # the tools pinned for that MCP server`,
		Args: atMostOnePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.global {
				if len(args) > 0 || len(o.mcpTools) > 0 {
					return usagef("--global approves your own agent files (~/.claude, ~/.gemini, ~/.cursor, ~/.codex); leave out PATH and --mcp-tools")
				}
				return approveGlobal(cmd, app, o)
			}
			return approveRepo(cmd, args)
		},
	}
	approveRepo = inLockRepo(func(cmd *cobra.Command, r *lockRepo) error {
		out := cmd.OutOrStdout()
		if r.res.Verdict == scan.Compromised {
			return r.refuseApprove(app)
		}
		what := "approve hooks, tasks and tool servers in " + lock.FileName + " of " + termText(r.dir)
		if len(o.mcpTools) > 0 {
			what = "approve the pinned tools of MCP server " + termText(strings.Join(o.mcpTools, ", ")) + " in " + lock.FileName + " of " + termText(r.dir)
		}
		if err := confirmDecision(app, o.noTTY, what); err != nil {
			return err
		}
		if len(o.mcpTools) > 0 {
			return approveMCPTools(cmd, app, o, r)
		}
		l, err := r.build()
		if err != nil {
			return err
		}
		done := l.Approve(o.only, o.note, approver(cmd, r.dir, app), time.Now())
		// Entries whose script loads a file named only at run time have
		// no hash: nothing can be approved for them, and that is said.
		unpinned := 0
		for _, it := range r.items {
			if it.Hash == "" && (o.only == "" || strings.Contains(lock.EntryOf(it).Label(), o.only) || strings.Contains(it.Source, o.only)) {
				unpinned++
				why := unpinnedWhy(r.res, it)
				if why == "" {
					why = "it runs or loads something no hash can pin, so no approval could say what runs; 'sentinel scan' names the line"
				}
				fmt.Fprintf(app.Stderr, "sentinel: cannot approve %s %s: %s\n",
					kindLabel(it.Kind), entryLabel(lock.EntryOf(it)), termText(why))
			}
		}
		if len(done) == 0 && unpinned > 0 {
			if _, err := r.writeLock(l, out); err != nil {
				return err
			}
			return exitWith(ExitSuspicious, ErrSuspicious)
		}
		if len(done) == 0 {
			if o.only != "" {
				return usagef("nothing waiting for approval matches --only %q; run 'sentinel init' to list what there is", o.only)
			}
			if len(l.Items) == 0 {
				fmt.Fprintln(out, "nothing to approve: nothing runs or connects by itself in this repository")
			} else {
				fmt.Fprintln(out, "nothing to approve: every hook, task and tool server is already approved")
			}
			_, err := r.writeLock(l, out)
			return err
		}
		if _, err := r.writeLock(l, out); err != nil {
			return err
		}
		rememberApprovals(app, r.dir, done)
		for _, e := range done {
			what := "script"
			if e.Kind == "server" {
				what = "config"
			}
			fmt.Fprintf(out, "approved %-11s %s  (pinned to %s %s)\n", kindLabel(e.Kind), entryLabel(e), what, e.SHA256[:12])
		}
		return nil
	})
	cmd.Flags().BoolVar(&o.global, "global", false, "approve the hooks, settings and servers of your own agent files (those 'sentinel scan --global' reads), on this machine only")
	cmd.Flags().StringVar(&o.only, "only", "", "approve only items whose description or source file contains `TEXT` (with --mcp-tools: tools whose name contains it)")
	cmd.Flags().StringVar(&o.note, "note", "", "why it is approved, e.g. the pull request (`TEXT`)")
	cmd.Flags().StringArrayVar(&o.mcpTools, "mcp-tools", nil, "approve the tool definitions pinned on this machine for the MCP server `NAME` (repeatable), instead of hooks, tasks and servers")
	addConfirmFlag(cmd, &o.noTTY)
	return cmd
}

// ---- sentinel keygen ----------------------------------------------------

type keygenOptions struct {
	out   string
	force bool
	noTTY bool
}

func newKeygenCmd(app *App) *cobra.Command {
	o := &keygenOptions{}
	cmd := &cobra.Command{
		Use:     "keygen [PATH]",
		GroupID: "scan",
		Short:   "Create the ed25519 key that signs AGENTS.lock (public half committed, private half outside the repository)",
		Long: `Keygen creates an ed25519 key pair once per repository. The public key goes to
.sentinel/pubkey.pem (commit it). The private key is written outside the
repository (default: $SENTINEL_HOME/keys/, mode 0600): put it in a CI secret
named SENTINEL_SIGNING_KEY in a protected environment, then delete the file.
It must never be committed. An existing key is never overwritten unless you
pass --force (a key rotation: every clone will then see KEY_CHANGED).`,
		Example: `  sentinel keygen
  sentinel keygen --out /secure/place/sentinel_signing_key.pem`,
		Args: atMostOnePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := filepath.Abs(dirArg(args))
			if err != nil {
				return err
			}
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fmt.Errorf("cannot create a key for %s: it is not a folder", dirArg(args))
			}
			home, err := lock.HomeDir(app.Getenv)
			if err != nil {
				return err
			}
			privPath := o.out
			if privPath == "" {
				privPath = filepath.Join(home, "keys", filepath.Base(dir)+"-sentinel-signing-key.pem")
			}
			privPath, err = filepath.Abs(privPath)
			if err != nil {
				return err
			}
			if inside(dir, privPath) {
				return usagef("the private key would be written inside the repository (%s); choose a path outside it with --out", privPath)
			}
			pubPath := filepath.Join(dir, filepath.FromSlash(lock.PublicKeyPath))
			// Never write through a link: .sentinel -> /elsewhere would put
			// the key outside the repository (and over whatever is there).
			if st, err := os.Lstat(filepath.Dir(pubPath)); err == nil && !st.IsDir() {
				return fmt.Errorf("%s is a symbolic link or a file, not a folder of the repository; remove it, then run 'sentinel keygen' again", filepath.Dir(lock.PublicKeyPath))
			}
			if _, err := os.Lstat(pubPath); err == nil && !o.force {
				return fmt.Errorf("%s already exists and was not overwritten; pass --force only if you mean to rotate the key", lock.PublicKeyPath)
			}
			if err := confirmDecision(app, o.noTTY, "create the signing key of "+termText(dir)); err != nil {
				return err
			}
			pubPEM, privPEM, err := lock.GenerateKey()
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(privPath), 0o700); err != nil {
				return fmt.Errorf("cannot create %s: %s", filepath.Dir(privPath), errSentence(err))
			}
			f, err := os.OpenFile(privPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				if errors.Is(err, fs.ErrExist) {
					return fmt.Errorf("%s already exists and was not overwritten; choose another path with --out", privPath)
				}
				return fmt.Errorf("cannot write the private key to %s: %s", privPath, errSentence(err))
			}
			_, werr := f.Write(privPEM)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				os.Remove(privPath)
				return fmt.Errorf("cannot write the private key to %s: %v", privPath, werr)
			}
			if err := os.MkdirAll(filepath.Dir(pubPath), 0o755); err != nil {
				return fmt.Errorf("cannot create %s: %s", filepath.Dir(pubPath), errSentence(err))
			}
			if err := writeFileAtomic(pubPath, pubPEM, 0o644); err != nil {
				return err
			}
			pub, _ := lock.ParsePublicKey(pubPEM, lock.PublicKeyPath)
			fp := lock.Fingerprint(pub)
			// Whoever made the key trusts it: pin it for this clone.
			if pins, err := lock.OpenPins(home); err == nil {
				_ = pins.Pin(lock.RepoID(dir), fp, time.Now())
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "public key  -> %s   (commit this)   %s\n", lock.PublicKeyPath, fp)
			fmt.Fprintf(out, "private key -> %s   (put it in the CI secret SENTINEL_SIGNING_KEY; never commit it)\n", privPath)
			return nil
		},
	}
	cmd.Flags().StringVar(&o.out, "out", "", "write the private key to `FILE` (must be outside the repository)")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace an existing public key (a key rotation)")
	addConfirmFlag(cmd, &o.noTTY)
	return cmd
}

// inside reports whether p is dir or below it, as spelled or once links are
// resolved: a key reached through a link (a folder outside that links into
// the repository, or a file that links to one inside it) is inside too.
func inside(dir, p string) bool {
	if lexicallyInside(dir, p) {
		return true
	}
	rdir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		rdir = dir
	}
	return lexicallyInside(rdir, resolveLinks(p))
}

func lexicallyInside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolveLinks resolves every link in p; for a path that does not exist yet
// (keygen's --out), the nearest folder above it that exists.
func resolveLinks(p string) string {
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest)
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// ---- sentinel sign --------------------------------------------------------

type signOptions struct {
	key   string
	noTTY bool
}

func newSignCmd(app *App) *cobra.Command {
	o := &signOptions{}
	cmd := &cobra.Command{
		Use:     "sign [PATH]",
		GroupID: "scan",
		Short:   "Refresh AGENTS.lock and sign it (CI only; refused while anything is COMPROMISED)",
		Long: `Sign brings AGENTS.lock up to date with the repository (file hashes and the
inventory; approvals whose hash changed lapse) and signs it with ed25519,
writing AGENTS.lock.sig. It is meant to run in CI on the main branch, in a
protected environment that holds the private key: see
action/examples/sentinel-sign.yml.

The key comes from --key FILE or the SENTINEL_SIGNING_KEY environment
variable (the PEM text). It must match the committed .sentinel/pubkey.pem.
Signing is refused while anything in the repository is COMPROMISED.`,
		Example: `  SENTINEL_SIGNING_KEY="$(cat key.pem)" sentinel sign
  sentinel sign --key /secure/sentinel_signing_key.pem`,
		Args: atMostOnePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSign(cmd, app, o, dirArg(args))
		},
	}
	cmd.Flags().StringVar(&o.key, "key", "", "read the private key from `FILE` (default: $SENTINEL_SIGNING_KEY)")
	addConfirmFlag(cmd, &o.noTTY)
	return cmd
}

func runSign(cmd *cobra.Command, app *App, o *signOptions, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	var keyData []byte
	what := "SENTINEL_SIGNING_KEY"
	switch {
	case o.key != "":
		kp, err := filepath.Abs(o.key)
		if err != nil {
			return err
		}
		if inside(abs, kp) {
			return usagef("the key file %s is inside the repository; a private key must never be there, so move it out (and rotate it if it was ever committed)", o.key)
		}
		keyData, err = os.ReadFile(kp)
		if err != nil {
			return fmt.Errorf("cannot read the key file %s: %s", o.key, errSentence(err))
		}
		what = "the key file " + o.key
	case app.Getenv("SENTINEL_SIGNING_KEY") != "":
		keyData = []byte(app.Getenv("SENTINEL_SIGNING_KEY"))
	default:
		return usagef("no signing key: set SENTINEL_SIGNING_KEY (a CI secret) or pass --key FILE")
	}
	priv, err := lock.ParsePrivateKey(keyData, what)
	if err != nil {
		return err
	}
	r, err := openLockRepo(ctxOf(cmd), dir)
	if err != nil {
		return err
	}
	defer r.Close()
	pub, err := lock.LoadPublicKey(r.fsys)
	if err != nil {
		return err
	}
	if pub == nil {
		return fmt.Errorf("there is no public key %s to sign for; create the key pair with 'sentinel keygen' and commit the public half", lock.PublicKeyPath)
	}
	fp := lock.Fingerprint(pub)
	if fp != lock.Fingerprint(priv.Public().(ed25519.PublicKey)) {
		return fmt.Errorf("%s does not match the committed public key %s (%s); use the private key made with it", what, lock.PublicKeyPath, fp)
	}
	if r.res.Verdict == scan.Compromised {
		fmt.Fprintf(app.Stderr, "sentinel: refusing to sign: %s is COMPROMISED; run 'sentinel scan' to see why\n", r.compromised())
		return exitWith(ExitCompromised, ErrCompromised)
	}
	// A CI job (CI=true, GITHUB_ACTIONS=true) signs without a terminal;
	// under an agent that is refused like --no-tty-confirm.
	ci := app.Getenv("CI") == "true" || app.Getenv("GITHUB_ACTIONS") == "true"
	if err := human.Confirm(human.Request{What: "sign " + lock.FileName + " of " + termText(r.dir), NoTTY: o.noTTY, CI: ci, Getenv: app.Getenv}); err != nil {
		return err
	}
	l, err := r.build()
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	lapsed := r.lock.Lapsed(r.items)
	for _, e := range lapsed {
		fmt.Fprintf(out, "approval lapsed (changed since approved): %s   (%s)\n", entryLabel(e), termText(e.Source))
	}
	data := l.Marshal()
	if err := writeFileAtomic(filepath.Join(r.dir, lock.FileName), data, 0o644); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(r.dir, lock.SigFileName), lock.Sign(data, priv), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "signed %s: %d files, %d items (%d approved), key %s\n", lock.FileName, len(l.Files), len(l.Items), len(l.Approved()), fp)
	if r.res.Verdict == scan.Suspicious {
		fmt.Fprintf(out, "note: the repository is SUSPICIOUS; the lock records that, it does not make it safe\n")
	}
	return nil
}

// ---- sentinel verify ------------------------------------------------------

type verifyOptions struct {
	noTTY     bool
	acceptKey bool
	json      bool
	expectKey string
}

func newVerifyCmd(app *App) *cobra.Command {
	o := &verifyOptions{}
	cmd := &cobra.Command{
		Use:     "verify [PATH]",
		GroupID: "scan",
		Short:   "Check that AGENTS.lock is signed by the trusted key and covers every agent file",
		Long: `Verify needs no secret. It checks AGENTS.lock.sig against the committed
.sentinel/pubkey.pem, compares the key with the one this machine pinned on
first use (under SENTINEL_HOME, else $XDG_CONFIG_HOME/sentinel, else
~/.config/sentinel), and checks that
every agent-config file matches the hash the signed lock records.

  valid              signed by the trusted key, every file covered
  NOT COVERED        a file changed outside the gate (e.g. a [skip ci] push)
  UNSIGNED           the lock exists but CI has not signed it yet
  SIGNATURE INVALID  the lock was edited after signing, or signed by another key
  KEY_CHANGED        the committed public key is not the one pinned here

Exit codes: 0 valid, 2 anything else, 1 when there is no lock or it cannot be read.
A valid lock means checked, never safe.`,
		Example: `  sentinel verify
  sentinel verify --accept-key   # after a deliberate key rotation`,
		Args: atMostOnePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runVerify(cmd, app, o, dirArg(args))
		},
	}
	cmd.Flags().BoolVar(&o.acceptKey, "accept-key", false, "trust a changed public key from now on (only after a deliberate rotation)")
	cmd.Flags().BoolVar(&o.json, "json", false, "print the result as JSON")
	addConfirmFlag(cmd, &o.noTTY)
	cmd.Flags().StringVar(&o.expectKey, "expect-key", "", "trust only the public key with this `FINGERPRINT` (SHA256:...), instead of the key pinned on first use; for CI")
	return cmd
}

func runVerify(cmd *cobra.Command, app *App, o *verifyOptions, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	fsys, err := discover.OpenDir(abs)
	if err != nil {
		return fmt.Errorf("cannot open %s: %s", dir, errSentence(err))
	}
	defer fsys.Close()
	res, err := scan.Scan(ctxOf(cmd), fsys)
	if err != nil {
		return fmt.Errorf("cannot scan %s: %v", dir, err)
	}
	home, err := lock.HomeDir(app.Getenv)
	if err != nil {
		return err
	}
	pins, err := lock.OpenPins(home)
	if err != nil {
		return err
	}
	repo := lock.RepoID(abs)
	if o.expectKey != "" {
		if !wellFormedFingerprint(o.expectKey) {
			return usagef("--expect-key %q is malformed: a fingerprint is SHA256: and 43 base64 characters, as 'sentinel keygen' prints it; copy it whole", o.expectKey)
		}
		if o.acceptKey {
			return usagef("--expect-key and --accept-key contradict each other; use one")
		}
		pins = lock.ExpectedKey(repo, o.expectKey)
	}
	if o.acceptKey {
		if err := confirmDecision(app, o.noTTY, "trust a changed signing key for "+termText(abs)); err != nil {
			return err
		}
	}
	if o.expectKey == "" && !o.acceptKey {
		// Trusting a key on first use is a person's decision too: under an
		// agent the key is checked but not pinned, or the agent could have
		// its own key trusted for a new clone.
		if why := human.AgentAncestor(app.Getenv); why != "" {
			if pub, err := lock.LoadPublicKey(fsys); err == nil && pub != nil {
				if st, _ := pins.Check(repo, lock.Fingerprint(pub)); st == lock.KeyFirstUse {
					fmt.Fprintf(app.Stderr, "sentinel: not trusting the signing key on first use, because %s; run 'sentinel verify' yourself, outside the agent, to pin it\n", why)
					pins = nil
				}
			}
		}
	}
	v, err := lock.Verify(lock.VerifyInput{FS: fsys, Files: lock.ScannedPaths(res), Items: lock.Inventory(fsys, res),
		Pins: pins, RepoID: repo, AcceptKey: o.acceptKey})
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if o.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return err
		}
	} else {
		printVerification(out, v, o.expectKey)
	}
	if v.Status != lock.StatusValid {
		return exitWith(ExitCompromised, ErrCompromised)
	}
	// The lock pins every byte of a file too large to read whole, but the
	// scan saw only its beginning: verify agrees with scan that it is not
	// clean (rule S36).
	if partial := readInPart(res); len(partial) > 0 {
		if !o.json {
			for _, f := range partial {
				fmt.Fprintf(out, "NOT READ WHOLE: %s (%s)\n", termText(f.Path), termText(f.Message))
			}
		}
		return exitWith(ExitSuspicious, ErrSuspicious)
	}
	return nil
}

// readInPart returns the S36 findings of res: files too large to read whole.
func readInPart(res *scan.Result) []scan.Finding {
	var out []scan.Finding
	for _, fr := range res.Files {
		for _, f := range fr.Findings {
			if f.RuleID == "S36" {
				out = append(out, f)
			}
		}
	}
	return out
}

// printVerification writes the human report of v; expectKey is the
// fingerprint --expect-key named, if any, which is then what v.Pinned is.
func printVerification(w io.Writer, v *lock.Verification, expectKey string) {
	switch v.Status {
	case lock.StatusKeyChanged:
		fmt.Fprintf(w, "signature : KEY_CHANGED\n")
		if expectKey != "" {
			fmt.Fprintf(w, "  %s is %s, but --expect-key names %s.\n", lock.PublicKeyPath, v.Fingerprint, v.Pinned)
			fmt.Fprintf(w, "  Someone replaced the signing key. If that was a deliberate rotation, confirm with the repository's owners, then pass the new fingerprint to --expect-key (the action's trusted-key input).\n")
			break
		}
		fmt.Fprintf(w, "  %s is %s, but this clone trusted %s.\n", lock.PublicKeyPath, v.Fingerprint, v.Pinned)
		fmt.Fprintf(w, "  Someone replaced the signing key. If that was a deliberate rotation, confirm with the repository's owners, then run 'sentinel verify --accept-key'.\n")
	case lock.StatusInvalid:
		fmt.Fprintf(w, "signature : SIGNATURE INVALID\n  %s\n", termText(v.SignatureErr))
		fmt.Fprintf(w, "  The lock was changed after CI signed it. Restore it from the main branch (git checkout <base branch> -- %s %s) or let CI sign again.\n", lock.FileName, lock.SigFileName)
	case lock.StatusUnsigned:
		fmt.Fprintf(w, "signature : UNSIGNED\n  %s exists but CI has not signed it yet; set up action/examples/sentinel-sign.yml.\n", lock.FileName)
	default:
		key := string(v.Key)
		if key == "" {
			key = "not pinned"
		}
		fmt.Fprintf(w, "signature : valid   key: %s (%s)\n", key, v.Fingerprint)
		if v.Key == lock.KeyFirstUse {
			fmt.Fprintf(w, "  This machine now trusts this key for this clone, so the lock's approvals count for 'sentinel run'; check the fingerprint with the repository's owners (it is what 'sentinel keygen' printed, and the action's trusted-key input).\n")
		}
	}
	for _, u := range v.NotCovered {
		fmt.Fprintf(w, "NOT COVERED: %s (%s)\n", termText(u.Path), u.Why)
	}
	for _, e := range v.Lapsed {
		fmt.Fprintf(w, "approval lapsed: %s   (%s) changed after it was approved\n", entryLabel(e), termText(e.Source))
	}
	switch v.Status {
	case lock.StatusValid:
		fmt.Fprintln(w, "OK - every agent-config file is covered by the signed lock.")
	case lock.StatusNotCovered:
		fmt.Fprintln(w, "NOT COVERED - these files changed outside the gate (no signed lock vouches for them); review them, then let CI sign again.")
	}
}

// wellFormedFingerprint reports whether s is a key fingerprint as
// lock.Fingerprint writes it: "SHA256:" and the unpadded base64 of 32 bytes.
func wellFormedFingerprint(s string) bool {
	rest, ok := strings.CutPrefix(s, "SHA256:")
	if !ok {
		return false
	}
	b, err := base64.RawStdEncoding.DecodeString(rest)
	return err == nil && len(b) == sha256.Size
}

// approveGlobal approves the items of the person's own agent files (the
// files 'sentinel scan --global' reads) that wait for approval, each
// pinned to its hash, in the machine's approvals store: they belong to no
// repository, so no AGENTS.lock holds them. Nothing is approved while one
// of those files is COMPROMISED.
func approveGlobal(cmd *cobra.Command, app *App, o *approveOptions) error {
	out := cmd.OutOrStdout()
	files, notices, found, err := readGlobal(app, nil)
	if err != nil {
		return err
	}
	for _, n := range notices {
		fmt.Fprintf(app.Stderr, "sentinel: %s: %s\n", termText(n.Path), termText(n.Message))
	}
	if !found || len(files) == 0 {
		fmt.Fprintln(out, "nothing to approve: none of your own agent files exists")
		return nil
	}
	home, err := lock.HomeDir(app.Getenv)
	if err != nil {
		return err
	}
	ga, err := lock.GlobalApprover(home)
	if err != nil {
		return err
	}
	res, err := scan.ScanFiles(ctxOf(cmd), noTree{}, files, scan.WithApprover(ga))
	if err != nil {
		return fmt.Errorf("cannot scan your own agent files: %v", err)
	}
	if res.Verdict == scan.Compromised {
		fmt.Fprintln(app.Stderr, "sentinel: refusing to approve anything while your own agent files are COMPROMISED; run 'sentinel scan --global' and fix them first")
		return exitWith(ExitCompromised, ErrCompromised)
	}
	var items []rules.Item
	seen := map[string]bool{}
	for _, fr := range res.Files {
		for _, f := range fr.Findings {
			if f.Subject == nil || f.ForcesCompromised {
				continue
			}
			it := *f.Subject
			e := lock.EntryOf(it)
			if seen[e.Key()] || (o.only != "" && !strings.Contains(entryLabel(e)+" "+it.Source, o.only)) {
				continue
			}
			if it.Hash == "" {
				// Nothing pins it, so nothing can approve it.
				seen[e.Key()] = true
				fmt.Fprintf(app.Stderr, "sentinel: cannot approve %s %s: no hash can say what it runs; 'sentinel scan --global' says why\n", kindLabel(it.Kind), entryLabel(e))
				continue
			}
			seen[e.Key()] = true
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		if o.only != "" {
			return usagef("nothing of yours waiting for approval matches --only %q", o.only)
		}
		fmt.Fprintln(out, "nothing to approve: everything in your own agent files is already approved or runs nothing")
		return nil
	}
	if err := confirmDecision(app, o.noTTY, "approve the hooks, settings and servers of your own agent files on this machine"); err != nil {
		return err
	}
	la, err := lock.OpenLocalApprovals(home)
	if err != nil {
		return err
	}
	if err := la.RecordGlobal(items, time.Now()); err != nil {
		return err
	}
	for _, it := range items {
		e := lock.EntryOf(it)
		fmt.Fprintf(out, "approved %-11s %s  (%s, pinned to %s)\n", kindLabel(e.Kind), entryLabel(e), termText(it.Source), e.SHA256[:12])
	}
	return nil
}

// unpinnedWhy is the reason the scan gave why the item cannot be approved
// (a file named at run time, one outside the folder, a test runner), or "".
func unpinnedWhy(res *scan.Result, it rules.Item) string {
	const mark = "; it cannot be approved: "
	for _, fr := range res.Files {
		for _, f := range fr.Findings {
			s := f.Subject
			if s == nil || s.Kind != it.Kind || s.Source != it.Source || s.Command != it.Command || s.Name != it.Name || s.Event != it.Event {
				continue
			}
			if _, why, ok := strings.Cut(f.Message, mark); ok {
				return why
			}
		}
	}
	return ""
}
