// Package scan is Sentinel's scan engine: it reads an fs.FS (a directory, a
// git revision, an upload held in memory), finds every file an AI coding
// agent obeys, runs the rules and scores each file.
//
// To scan a folder on disk, open it with discover.OpenDir:
//
//	dir, err := discover.OpenDir(path)
//	if err != nil {
//		return err
//	}
//	defer dir.Close()
//	res, err := scan.Scan(ctx, dir)
//
// Do not use os.DirFS for a tree you do not trust: it follows symbolic links
// out of the tree (a link named CLAUDE.md to ~/.ssh/id_rsa is read and
// quoted) and its Open blocks for ever on a FIFO named AGENTS.md.
// discover.OpenDir never follows a link out of the folder and never waits
// on a FIFO or a device.
//
// Scan honours ctx while it reads and between rules: once ctx is done it
// returns ctx's error promptly, even when a read of fsys is blocked (that
// read's goroutine ends when the read returns).
//
// Nothing from the scanned tree is executed, imported or evaluated, and no
// configuration is read from it. The rules are values (package rules);
// rules.All returns copies, so a program may adjust them and pass them with
// WithRules without changing any other scan.
package scan

import (
	"bytes"
	"context"
	"io/fs"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"

	"github.com/sentinel-sec/sentinel/internal/version"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
	"github.com/sentinel-sec/sentinel/scan/score"
)

// Re-exported so that embedders need only this package.
type (
	Finding  = rules.Finding
	Item     = rules.Item
	Approver = rules.Approver
	Verdict  = score.Verdict
	Notice   = discover.Notice
)

// Verdicts.
const (
	Clean       = score.Clean
	Suspicious  = score.Suspicious
	Compromised = score.Compromised
)

// FileResult is one file's verdict, score and findings.
type FileResult struct {
	Path       string    `json:"path"`
	Filename   string    `json:"filename"` // same as Path; the API's historical key
	Kind       string    `json:"kind"`
	Tool       string    `json:"tool,omitempty"`
	Verdict    Verdict   `json:"verdict"`
	TrustScore int       `json:"trust_score"`
	ColorBand  string    `json:"color_band"`
	Findings   []Finding `json:"findings"`
	// Observations are shown and never scored.
	Observations []Finding `json:"observations"`
	Breakdown    string    `json:"breakdown"`
	Truncated    bool      `json:"truncated,omitempty"`
}

// Result is the outcome of one scan: the contract behind the JSON output,
// SARIF, the HTTP API and the web UI. Keys are only ever added.
type Result struct {
	Verdict        Verdict      `json:"verdict"`
	TrustScore     int          `json:"trust_score"`
	ColorBand      string       `json:"color_band"`
	Files          []FileResult `json:"files"`
	Observations   []Finding    `json:"observations"`
	Breakdown      []string     `json:"breakdown"`
	Inventory      Inventory    `json:"inventory"`
	Notices        []Notice     `json:"notices"`
	Engine         string       `json:"engine"`
	FormulaVersion string       `json:"formula_version"`
	// Suppressions are the findings a reviewed marker, a baseline or the
	// project's .sentinel.yaml took out of the score. The engine never sets
	// them: 'sentinel scan' does (internal/suppress), and the gate
	// ('sentinel run') never applies them. Present only when not empty.
	Suppressions []Suppression `json:"suppressions,omitempty"`
	// UnsuppressedVerdict is the verdict the findings give with nothing
	// suppressed; set only when something was.
	UnsuppressedVerdict Verdict `json:"verdict_without_suppressions,omitempty"`
	// SuppressionNotes are markers and baseline entries that did not apply,
	// each with the reason (a marker that names no rule above a finding
	// that forces COMPROMISED, a marker on a line with invisible
	// characters, ...).
	SuppressionNotes []Notice `json:"suppression_notes,omitempty"`
	// Absent are files a hook's script would load (a module beside it, a
	// sourced file) that do not exist: not part of the JSON contract, but
	// a cache of the verdict must notice when one appears.
	Absent []string `json:"-"`
}

// Suppression is one finding taken out of the score, and why.
type Suppression struct {
	Finding Finding `json:"finding"`
	// Kind is "inline" (a marker in the file), "baseline" (--baseline) or
	// "config-exclude" (an exclude pattern of the project's .sentinel.yaml).
	Kind string `json:"kind"`
	// Reason is the marker's reason, as written (untrusted text).
	Reason string `json:"reason,omitempty"`
	// MarkerLine is the line of the marker (inline); Marker is its text.
	MarkerLine int    `json:"marker_line,omitempty"`
	Marker     string `json:"marker,omitempty"`
	// Fingerprint is the finding's baseline fingerprint: rule, path and
	// the normalised text of its line, never its line number.
	Fingerprint string `json:"fingerprint"`
}

// Inventory lists what runs or connects by itself, and the settings that
// switch a guard off (rules S29-S33) as the approvable items the rules ask
// the lock about (their hash pins the real value; the value shown is
// redacted).
type Inventory struct {
	AutoRuns []agentcfg.AutoRun `json:"auto_runs"`
	Servers  []agentcfg.Server  `json:"servers"`
	Settings []rules.Item       `json:"settings"`
}

// Options change what a scan reads and how it judges.
type Options struct {
	// Approver answers which items AGENTS.lock approves. Nil: nothing.
	Approver rules.Approver
	// Notices are the walk's, for ScanFiles (WithNotices).
	Notices []Notice
	// HooksOnly limits the scan to what runs or connects by itself.
	HooksOnly bool
	// Rules replaces the rule list (tests); nil means rules.Default(OptIn...).
	Rules []*rules.Rule
	// OptIn names opt-in rules to run as well (see rules.Rule.OptIn).
	OptIn []string
	// Extra are files that are not in fsys but belong to the scan, such as
	// the user's own settings with --global. Their paths are shown as given.
	Extra []discover.File
	// Base is the base revision in pull-request mode (see WithBase).
	Base *rules.BaseInfo
}

// Option configures a scan.
type Option func(*Options)

// WithApprover makes approvals from a lock count.
func WithApprover(a rules.Approver) Option { return func(o *Options) { o.Approver = a } }

// HooksOnly limits the scan to hooks, tasks, tool servers and their scripts.
func HooksOnly() Option { return func(o *Options) { o.HooksOnly = true } }

// WithOptIn runs the named opt-in rules as well, e.g. WithOptIn("S45")
// for the semantic reading.
func WithOptIn(ids ...string) Option {
	return func(o *Options) { o.OptIn = append(o.OptIn, ids...) }
}

// WithRules replaces the rule list.
func WithRules(list []*rules.Rule) Option { return func(o *Options) { o.Rules = list } }

// WithExtraFiles adds files from outside fsys (e.g. ~/.claude/settings.json).
func WithExtraFiles(files ...discover.File) Option {
	return func(o *Options) { o.Extra = append(o.Extra, files...) }
}

// TruncatedNotice is the notice of a file larger than Sentinel reads.
var TruncatedNotice = "read in part: the file is larger than Sentinel reads (" + strconv.Itoa(discover.MaxRead>>20) + " MiB), so only its beginning was scanned; check why an agent file is that large"

// Scan scans the tree rooted at fsys. It fails only when the root cannot be
// listed or ctx is done; unreadable files become notices.
func Scan(ctx context.Context, fsys fs.FS, opts ...Option) (*Result, error) {
	if ctx.Done() == nil {
		return scanTree(ctx, fsys, opts)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// A read of fsys can block (os.DirFS opening a FIFO): the scan runs
	// beside the wait for ctx, so the caller gets its answer at the
	// deadline whatever fsys does.
	type outcome struct {
		res *Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := scanTree(ctx, fsys, opts)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func scanTree(ctx context.Context, fsys fs.FS, opts []Option) (*Result, error) {
	o := apply(opts)
	// The list is worked out once; scanFiles runs it.
	o.Rules = o.ruleList()
	// A rule's once-per-process preparation (S45's tables) runs beside
	// the walk when there is another core, and is over before Scan
	// returns.
	if runtime.GOMAXPROCS(0) > 1 {
		var wg sync.WaitGroup
		for _, r := range o.Rules {
			if r.Prepare != nil {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r.Prepare()
				}()
			}
		}
		defer wg.Wait()
	}
	files, notices, err := discover.WalkContext(ctx, fsys)
	if err != nil {
		return nil, err
	}
	// The walk read every file into a buffer of its own; the extra files
	// are the caller's, so they are copied. Nothing changes the bytes
	// afterwards, so the scan may keep slices of them (Repo.StableData).
	for _, f := range o.Extra {
		f.Data = bytes.Clone(f.Data)
		files = append(files, f)
	}
	return scanFiles(ctx, fsys, files, notices, o, true)
}

// ScanFiles scans already-discovered files; fsys answers questions about
// the rest of the tree (does a hook's script exist?).
func ScanFiles(ctx context.Context, fsys fs.FS, files []discover.File, opts ...Option) (*Result, error) {
	o := apply(opts)
	return scanFiles(ctx, fsys, files, slices.Clone(o.Notices), o, false)
}

// WithNotices hands ScanFiles what the walk that found its files could not
// read: they are the result's notices, and those about an agent file or
// folder are findings (S36), so a caller that walks itself (the gate)
// judges them as a scan does.
func WithNotices(n []Notice) Option { return func(o *Options) { o.Notices = n } }

// ruleList is the rules a scan with these options runs.
func (o *Options) ruleList() []*rules.Rule {
	if o.Rules != nil {
		return o.Rules
	}
	return rules.Default(o.OptIn...)
}

func apply(opts []Option) Options {
	var o Options
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// stable says the scan read files' bytes itself (see Repo.StableData).
func scanFiles(ctx context.Context, fsys fs.FS, files []discover.File, notices []Notice, o Options, stable bool) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if o.HooksOnly {
		kept := files[:0:0]
		for _, f := range files {
			if f.Kind != discover.KindInstructions && f.Kind != discover.KindCursorRule {
				kept = append(kept, f)
			}
		}
		files = kept
	}
	repo := buildRepo(fsys, files, &notices, o.HooksOnly)
	repo.Notices = notices
	repo.Approver = o.Approver
	repo.HooksOnly = o.HooksOnly
	repo.Base = o.Base
	repo.StableData = stable
	list := o.ruleList()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	findings, err := rules.RunContext(ctx, list, repo)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*rules.Rule, len(list))
	for _, r := range list {
		byID[r.ID] = r
	}
	lookup := func(id string) *rules.Rule { return byID[id] }
	return assemble(repo, findings, notices, lookup), nil
}

// assemble groups findings by file, scores each file and the repository.
func assemble(repo *rules.Repo, findings []Finding, notices []Notice, lookup func(string) *rules.Rule) *Result {
	for i := range findings {
		f := &findings[i]
		f.Message = redact.String(f.Message)
		f.Evidence = redact.String(f.Evidence)
		if f.Decoded != "" {
			f.Decoded = redact.String(f.Decoded)
		}
		// A rule's own impact sentence is ours and holds no secret; one a
		// rule wrote for this finding may quote the file.
		if r := lookup(f.RuleID); r == nil || f.Impact != r.Impact {
			f.Impact = redact.String(f.Impact)
		}
	}
	// Group by path (rules.Run already orders findings by path, so the
	// stable sort only checks that), each group a piece of findings.
	sort.SliceStable(findings, func(i, j int) bool { return findings[i].Path < findings[j].Path })
	byPath := map[string][]Finding{}
	for i := 0; i < len(findings); {
		j := i + 1
		for j < len(findings) && findings[j].Path == findings[i].Path {
			j++
		}
		byPath[findings[i].Path] = findings[i:j:j]
		i = j
	}
	res := &Result{
		Verdict: score.Clean, TrustScore: 100,
		Engine: version.Engine, FormulaVersion: version.Formula,
		Files: []FileResult{}, Observations: []Finding{}, Breakdown: []string{}, Notices: notices,
		Inventory: redactInventory(repo.AutoRuns, repo.Servers),
	}
	if res.Notices == nil {
		res.Notices = []Notice{}
	}
	if res.Inventory.AutoRuns == nil {
		res.Inventory.AutoRuns = []agentcfg.AutoRun{}
	}
	if res.Inventory.Servers == nil {
		res.Inventory.Servers = []agentcfg.Server{}
	}
	res.Inventory.Settings = guardSettings(repo)
	res.Absent = repo.AbsentDeps()
	paths := map[string]*discover.File{}
	for i := range repo.Files {
		paths[repo.Files[i].Path] = &repo.Files[i]
	}
	for p, f := range repo.Scripts {
		if _, ok := paths[p]; !ok {
			paths[p] = f
		}
	}
	for p := range byPath {
		if _, ok := paths[p]; !ok {
			paths[p] = &discover.File{Path: p, Kind: "unknown"}
		}
	}
	order := make([]string, 0, len(paths))
	for p := range paths {
		order = append(order, p)
	}
	sort.Strings(order)
	res.Files = make([]FileResult, 0, len(order))
	for _, p := range order {
		df := paths[p]
		all := byPath[p]
		obs := 0
		for i := range all {
			if all[i].Observation {
				obs++
			}
		}
		fr := FileResult{Path: p, Filename: p, Kind: string(df.Kind), Tool: df.Tool, Truncated: df.Truncated,
			Findings: make([]Finding, 0, len(all)-obs), Observations: make([]Finding, 0, obs)}
		sc := score.File(all, lookup)
		for _, f := range all {
			if f.Observation {
				fr.Observations = append(fr.Observations, f)
				res.Observations = append(res.Observations, f)
			} else {
				fr.Findings = append(fr.Findings, f)
			}
		}
		if df.Truncated {
			res.Notices = append(res.Notices, Notice{Path: p, Message: TruncatedNotice})
		}
		fr.Verdict, fr.TrustScore, fr.ColorBand = sc.Verdict, sc.Score, score.Band(sc.Verdict)
		fr.Breakdown = p + ": " + sc.Arithmetic
		res.Files = append(res.Files, fr)
		if len(fr.Findings) > 0 {
			res.Breakdown = append(res.Breakdown, fr.Breakdown)
		}
		worse := sc.Verdict.Rank() > res.Verdict.Rank()
		if worse || (sc.Verdict == res.Verdict && sc.Score < res.TrustScore) {
			res.Verdict = score.Worst(res.Verdict, sc.Verdict)
			res.TrustScore = sc.Score
		}
	}
	res.ColorBand = score.Band(res.Verdict)
	return res
}

// redactInventory copies the inventory with secrets masked: token-shaped
// strings anywhere, and every literal value of an env or headers entry whose
// name or value marks it as a credential.
func redactInventory(runs []agentcfg.AutoRun, servers []agentcfg.Server) Inventory {
	inv := Inventory{AutoRuns: make([]agentcfg.AutoRun, len(runs)), Servers: make([]agentcfg.Server, len(servers))}
	for i, a := range runs {
		a.Command = redact.String(a.Command)
		a.URL = redact.String(a.URL)
		inv.AutoRuns[i] = a
	}
	for i, s := range servers {
		s.URL = redact.String(s.URL)
		s.Command = redact.String(s.Command)
		args := make([]string, len(s.Args))
		for j, a := range s.Args {
			args[j] = redact.String(a)
		}
		s.Args = args
		s.Env = maskValues(s.Env)
		s.Headers = maskValues(s.Headers)
		s.Text = nil
		inv.Servers[i] = s
	}
	return inv
}

// guardSettings lists the settings that switch a guard off, in path order,
// their values with secrets masked.
func guardSettings(repo *rules.Repo) []rules.Item {
	paths := slices.Sorted(maps.Keys(repo.Configs))
	out := []rules.Item{}
	for _, p := range paths {
		for _, s := range repo.Configs[p].Settings {
			if rules.IsGuardSetting(s) {
				it := rules.SettingItem(s)
				it.Command = redact.String(it.Command)
				out = append(out, it)
			}
		}
	}
	return out
}

// maskValues hides credential values in an env or headers map.
func maskValues(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		switch {
		case agentcfg.IsSecretValue(k, v), redact.HideValue(k, v):
			out[k] = "[value not shown]"
		default:
			out[k] = redact.String(v)
		}
	}
	return out
}
