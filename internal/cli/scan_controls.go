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
	"slices"
	"strings"
	"time"

	"github.com/sentinel-sec/sentinel/internal/projconf"
	"github.com/sentinel-sec/sentinel/internal/suppress"
	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// ---- --fail-on ----------------------------------------------------------

// Values of --fail-on, as 'sentinel pr' takes them.
const (
	failOnCompromised = "compromised"
	failOnSuspicious  = "suspicious"
	failOnNever       = "never"
)

// parseFailOn checks a --fail-on value.
func parseFailOn(v string) (string, error) {
	switch s := strings.ToLower(v); s {
	case failOnCompromised, failOnSuspicious, failOnNever:
		return s, nil
	}
	return "", usagef("--fail-on %q is not one of compromised, suspicious, never", v)
}

// verdictExit is the error (and so the exit code) a verdict ends a command
// with under --fail-on, with the semantics of 'sentinel pr': "never" always
// succeeds; COMPROMISED exits 2 otherwise; SUSPICIOUS exits 3 only with
// "suspicious" (sentinel scan's default, so its exit codes stay 0/3/2).
func verdictExit(v scan.Verdict, failOn string) error {
	switch {
	case failOn == failOnNever:
		return nil
	case v == scan.Compromised:
		return exitWith(ExitCompromised, ErrCompromised)
	case v == scan.Suspicious && failOn == failOnSuspicious:
		return exitWith(ExitSuspicious, ErrSuspicious)
	}
	return nil
}

// ---- --color ------------------------------------------------------------

// colorFor decides colour for --color auto|always|never. "auto" colours
// only a terminal, and never when NO_COLOR is set or TERM is dumb; an
// explicit "always" wins over NO_COLOR, as no-color.org asks of flags.
func colorFor(app *App, mode string, toFile bool) (bool, error) {
	switch strings.ToLower(mode) {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return !toFile && useColor(app), nil
	}
	return false, usagef("--color %q is not one of auto, always, never", mode)
}

// ---- --exclude ----------------------------------------------------------

// excludeSet is the --exclude patterns. A pattern is a slash path relative
// to the scanned folder; each segment is matched with path.Match, and a
// segment "**" matches any number of folders (none included). A pattern
// that matches a folder excludes everything below it.
type excludeSet []excludePattern

// excludePattern is one --exclude: as typed (shown in notices), and split.
type excludePattern struct {
	shown string
	segs  []string
}

// parseExcludes checks every pattern once, so a typo fails before anything
// is scanned.
func parseExcludes(pats []string) (excludeSet, error) {
	var out excludeSet
	for _, p := range pats {
		clean := strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
		if clean == "" || strings.HasPrefix(clean, "/") || strings.Contains(clean, "\\") {
			return nil, usagef("--exclude %q: give a pattern relative to the scanned folder, with / between folders (e.g. 'vendor/**' or '**/testdata')", p)
		}
		var segs []string
		for _, seg := range strings.Split(clean, "/") {
			if seg == "**" && len(segs) > 0 && segs[len(segs)-1] == "**" {
				continue // a/**/**/b is a/**/b, and costs no more to match
			}
			segs = append(segs, seg)
			if seg == ".." {
				return nil, usagef("--exclude %q: a pattern cannot leave the scanned folder (..)", p)
			}
			if _, err := path.Match(seg, ""); err != nil {
				return nil, usagef("--exclude %q is not a valid pattern (%q: an unclosed [); see 'sentinel scan --help'", p, seg)
			}
		}
		out = append(out, excludePattern{shown: clean, segs: segs})
	}
	return out, nil
}

// match returns the pattern that excludes the slash path p, or "".
func (e excludeSet) match(p string) string {
	parts := strings.Split(p, "/")
	for _, pat := range e {
		if matchesPrefix(pat.segs, parts) {
			return pat.shown
		}
	}
	return ""
}

// matchesPrefix reports whether the pattern segments match name[:n] for
// some n >= 1 (the path itself, or a folder above it), "**" standing for
// zero or more segments. One pass of dynamic programming, O(len(pat) x
// len(name)), so a deep path in a scanned tree cannot make a pattern with
// several ** take exponential time.
func matchesPrefix(pat, name []string) bool {
	// cur[j]: pat[:i] matches name[:j].
	cur := make([]bool, len(name)+1)
	next := make([]bool, len(name)+1)
	cur[0] = true
	for _, seg := range pat {
		clear(next)
		if seg == "**" {
			seen := false
			for j := range cur {
				seen = seen || cur[j]
				next[j] = seen
			}
		} else {
			for j := 0; j < len(name); j++ {
				if cur[j] {
					if ok, _ := path.Match(seg, name[j]); ok {
						next[j+1] = true
					}
				}
			}
		}
		cur, next = next, cur
	}
	for j := 1; j < len(cur); j++ {
		if cur[j] {
			return true
		}
	}
	return false
}

// scanExcluding scans a folder, leaving out the agent files --exclude
// names. Every file left out is listed in the notices, so a reviewer sees
// what was not judged. A script a hook runs is still read for the hook (its
// judgement depends on it), and its notice says so.
func scanExcluding(ctx context.Context, root *discover.DirFS, ex excludeSet, opts []scan.Option) (*scan.Result, error) {
	files, notices, err := discover.Walk(root)
	if err != nil {
		return nil, err
	}
	var so scan.Options
	for _, fn := range opts {
		fn(&so)
	}
	type left struct{ path, pattern string }
	var out []left
	kept := files[:0:0]
	for _, f := range files {
		if pat := ex.match(f.Path); pat != "" {
			out = append(out, left{f.Path, pat})
			continue
		}
		kept = append(kept, f)
	}
	keptNotices := notices[:0:0]
	for _, n := range notices {
		if pat := ex.match(n.Path); pat != "" {
			out = append(out, left{n.Path, pat})
			continue
		}
		keptNotices = append(keptNotices, n)
	}
	kept = append(kept, so.Extra...)
	res, err := scan.ScanFiles(ctx, root, kept, append(opts, scan.WithNotices(keptNotices))...)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b left) int { return strings.Compare(a.path, b.path) })
	for _, l := range out {
		msg := fmt.Sprintf("excluded by --exclude '%s': not scanned as an agent file", l.pattern)
		if slices.ContainsFunc(res.Files, func(f scan.FileResult) bool { return f.Path == l.path }) {
			msg += "; still read as the script a hook runs, since the hook is judged by it"
		}
		res.Notices = append(res.Notices, scan.Notice{Path: l.path, Message: msg})
	}
	return res, nil
}

// ---- suppressions, baseline and .sentinel.yaml ---------------------------

// controls are the suppression settings of one 'sentinel scan'.
type controls struct {
	// off: --ignore-suppressions, judge the files alone (as the gate does).
	off bool
	// baselineFlag is --baseline FILE, relative to the working folder.
	baselineFlag string
	// writeBaseline: --write-baseline.
	writeBaseline bool
	// baseline is --baseline FILE read, when given.
	baseline *suppress.Baseline
	// wrote is filled by the scan that wrote the baseline.
	wrote string
}

// loadBaselineFlag reads --baseline FILE. A missing file is an error,
// unless --write-baseline is about to create it.
func (c *controls) loadBaselineFlag() error {
	if c.baselineFlag == "" || c.off {
		return nil
	}
	f, err := os.Open(c.baselineFlag)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && c.writeBaseline {
			return nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot read the baseline %s: no such file; write it first with 'sentinel scan --baseline %s --write-baseline'", c.baselineFlag, c.baselineFlag)
		}
		return fmt.Errorf("cannot read the baseline %s: %s", c.baselineFlag, errSentence(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("cannot read the baseline %s: it is not a regular file", c.baselineFlag)
	}
	if !c.writeBaseline {
		c.baseline, err = suppress.ReadBaseline(c.baselineFlag, f)
	}
	return err
}

// projectConfig reads a scanned folder's .sentinel.yaml (never with
// --ignore-suppressions). Its excludes are checked as --exclude's are.
func (c *controls) projectConfig(root fs.FS) (*projconf.Config, excludeSet, error) {
	if c == nil || c.off {
		return nil, nil, nil
	}
	cfg, err := projconf.Load(root)
	if err != nil || cfg == nil {
		return nil, nil, err
	}
	ex, err := parseExcludes(cfg.Exclude)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: exclude: %v", projconf.FileName, strings.TrimPrefix(err.Error(), "--exclude "))
	}
	return cfg, ex, nil
}

// apply applies markers, the project's excludes and the baseline to the
// result of one target, and writes the baseline when asked. root reads the
// files by the paths the result shows (relative to the target).
func (c *controls) apply(t target, root fs.FS, cfg *projconf.Config, cfgEx excludeSet, res *scan.Result) error {
	if c == nil || c.off {
		return nil
	}
	read := func(p string) []byte {
		if strings.HasPrefix(p, "~") {
			return nil // the user's own settings, not the project's
		}
		f, n := discover.ReadFile(root, p)
		if n != nil {
			return nil
		}
		return f.Data
	}
	opts := suppress.Options{Read: read, Baseline: c.baseline}
	if len(cfgEx) > 0 {
		opts.Exclude = cfgEx.match
	}
	var cfgBaseline string
	if cfg != nil && cfg.Baseline != "" && c.baselineFlag == "" && t.isDir {
		cfgBaseline = cfg.Baseline
		if !c.writeBaseline {
			b, err := readBaselineIn(root, cfg.Baseline)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				res.SuppressionNotes = append(res.SuppressionNotes, scan.Notice{Path: projconf.FileName,
					Message: fmt.Sprintf("the baseline %s it names does not exist yet, so nothing was compared with it; write it with 'sentinel scan --write-baseline'", cfg.Baseline)})
			case err != nil:
				return err
			default:
				opts.Baseline = b
			}
		}
	}
	if c.writeBaseline {
		if !t.isDir {
			return usagef("--write-baseline records a project's findings; name its folder, not the file %s", t.arg)
		}
		// Markers and the project's excludes apply first; the baseline
		// holds what is left.
		opts.Baseline = nil
		suppress.Apply(res, opts)
		b, left := suppress.NewBaseline(res, read, nil)
		var buf bytes.Buffer
		if err := b.Encode(&buf); err != nil {
			return err
		}
		name := c.baselineFlag
		var err error
		if name == "" {
			if cfgBaseline == "" {
				cfgBaseline = defaultBaseline
			}
			name = filepath.Join(t.display, filepath.FromSlash(cfgBaseline))
			err = writeInFolder(t.abs, cfgBaseline, buf.Bytes())
		} else {
			err = writeReportFile(name, buf.Bytes())
		}
		if err != nil {
			return fmt.Errorf("cannot write the baseline %s: %v", name, strings.TrimPrefix(err.Error(), "cannot write the report to "+name+": "))
		}
		c.wrote = fmt.Sprintf("baseline written to %s: %s recorded", name, plural(len(b.Findings), "finding"))
		if left > 0 {
			c.wrote += fmt.Sprintf("; %s that force COMPROMISED or are in a COMPROMISED file left out, since a baseline never hides one (review each with a marker that names its rule and gives a reason)", plural(left, "finding"))
		}
		// What the next run with this baseline will show.
		suppress.Apply(res, suppress.Options{Read: read, Baseline: b})
		return nil
	}
	suppress.Apply(res, opts)
	return nil
}

// defaultBaseline is where --write-baseline writes without --baseline or
// a baseline key in .sentinel.yaml: the scanned folder's root.
const defaultBaseline = ".sentinel-baseline.json"

// readBaselineIn reads a baseline named by the project's .sentinel.yaml,
// through the scanned folder's confined file system.
func readBaselineIn(root fs.FS, name string) (*suppress.Baseline, error) {
	f, err := root.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, fmt.Errorf("cannot read the baseline %s named in %s: %s", name, projconf.FileName, errSentence(err))
	}
	defer f.Close()
	return suppress.ReadBaseline(name, f)
}

// writeInFolder writes rel inside the folder dir through os.Root, so a
// link the project planted cannot lead the write out of it, and never
// through a link at rel itself.
func writeInFolder(dir, rel string, data []byte) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	if fi, err := root.Lstat(rel); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("it is a symbolic link, which a scanned project could have planted, so Sentinel does not write through it")
	}
	f, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		if discover.IsEscape(err) {
			return fmt.Errorf("a folder on its path is a symbolic link that leads out of the project")
		}
		return errors.New(errSentence(err))
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// plural is "1 finding", "2 findings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// stricterFailOn is the stricter of two --fail-on values ("" is none).
func stricterFailOn(a, b string) string {
	rank := map[string]int{"": -1, failOnNever: 0, failOnCompromised: 1, failOnSuspicious: 2}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// ---- lapsed approvals ---------------------------------------------------

// markLapsed rewords the findings about items the folder's AGENTS.lock
// approved with another hash: not "unapproved", but "approval lapsed: the
// script changed since it was approved on DATE", as 'sentinel verify' says.
// Only the wording changes: a lapsed approval counts for nothing.
func markLapsed(root fs.FS, res *scan.Result) {
	l, _, err := lock.Load(root)
	if err != nil || l == nil {
		return
	}
	approved := map[string]lock.Entry{}
	for _, e := range l.Items {
		if e.Approved != nil {
			approved[e.Key()] = e
		}
	}
	if len(approved) == 0 {
		return
	}
	for i := range res.Files {
		for j := range res.Files[i].Findings {
			f := &res.Files[i].Findings[j]
			if f.Subject == nil || !strings.HasPrefix(f.Message, "unapproved ") {
				continue
			}
			e, ok := approved[lock.EntryOf(*f.Subject).Key()]
			if !ok || e.SHA256 == f.Subject.Hash {
				continue
			}
			what := "the script"
			if f.Subject.Kind == "server" || f.Subject.Kind == "setting" {
				what = "its configuration"
			}
			date := e.Approved.At
			if t, err := time.Parse(time.RFC3339, date); err == nil {
				date = t.UTC().Format("2006-01-02")
			}
			f.Message = fmt.Sprintf("approval lapsed: %s changed since it was approved on %s: %s", what, date, strings.TrimPrefix(f.Message, "unapproved "))
		}
	}
}
