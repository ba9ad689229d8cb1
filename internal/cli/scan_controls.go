package cli

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

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
	res, err := scan.ScanFiles(ctx, root, kept, opts...)
	if err != nil {
		return nil, err
	}
	res.Notices = append(keptNotices, res.Notices...)
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
