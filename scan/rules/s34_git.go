package rules

import (
	"maps"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A credential copied into the work tree, committed and pushed to a
// remote the project does not own leaves the machine as surely as one
// given to curl. S34 follows it: the copy (cp, tar, tee: the flow's
// files), `git add` of that file (or of everything), `git commit`, and
// `git push` to a URL, or to a remote the same script added or pointed
// elsewhere (`git remote add`, `git remote set-url`). A push to the
// project's own remotes (origin, upstream, or none named) is its normal
// work and is never reported; neither is a push of commits that hold no
// credential.

// gitFlow is what one script did with git so far.
type gitFlow struct {
	staged, committed taint
	foreign           map[string]string // remote name -> URL the script gave it
}

// ownRemotes are the remote names a clone has of its own.
var ownRemotes = map[string]bool{"origin": true, "upstream": true}

// gitGlobalFlags take a value before git's subcommand.
var gitGlobalFlags = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true, "--exec-path": true, "--config-env": true}

func (fl *flow) gitCall(c *syntax.CallExpr, args []*syntax.Word, stdin taint, depth int) {
	for len(args) > 0 {
		w := wordText(args[0])
		if !strings.HasPrefix(w, "-") {
			break
		}
		if gitGlobalFlags[w] && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return
	}
	g := fl.git
	sub := wordText(args[0])
	rest := args[1:]
	var plain []string
	var flags []string
	for _, a := range rest {
		fl.word(a, stdin, depth) // substitutions inside are read
		if t := wordText(a); strings.HasPrefix(t, "-") {
			flags = append(flags, t)
		} else {
			plain = append(plain, t)
		}
	}
	switch sub {
	case "add", "stage":
		all := len(plain) == 0
		for _, f := range flags {
			if f == "-A" || f == "--all" || f == "-u" || f == "--update" {
				all = true
			}
		}
		g.staged = g.staged.or(fl.treeTaint(plain, all))
	case "commit":
		t := g.staged
		for _, f := range flags {
			if f == "--all" || !strings.HasPrefix(f, "--") && strings.Contains(f, "a") {
				t = t.or(fl.treeTaint(nil, true))
			}
		}
		g.committed = g.committed.or(t)
		g.staged = taint{}
	case "remote":
		if len(plain) >= 3 && (plain[0] == "add" || plain[0] == "set-url") {
			if g.foreign == nil {
				g.foreign = map[string]string{}
			}
			g.foreign[plain[1]] = plain[2]
		}
	case "push":
		if g.committed.empty() {
			return
		}
		remote := "origin" // where a bare git push goes in a clone
		if len(plain) > 0 {
			remote = plain[0]
		}
		where := ""
		switch {
		case ownRemotes[remote] && g.foreign[remote] == "":
			return // the project's own remote
		case g.foreign[remote] != "":
			where = "remote " + remote + " (" + clip(g.foreign[remote], 60) + ")"
		case isGitURL(remote):
			where = clip(remote, 60)
		default:
			return // a remote the clone already had: not this script's doing
		}
		fl.add(c.Pos(), g.committed, "git push to "+where)
	}
}

// treeTaint is what the named work-tree paths hold (every file the script
// wrote there, for all), as far as the flow knows.
func (fl *flow) treeTaint(paths []string, all bool) taint {
	var t taint
	for _, p := range paths {
		if p == "." || p == ":/" || p == "*" {
			all = true
			continue
		}
		cp := path.Clean(p)
		t = t.or(fl.fileTaint(p))
		for _, f := range slices.Sorted(maps.Keys(fl.files)) {
			if strings.HasPrefix(path.Clean(f), cp+"/") {
				t = t.or(fl.files[f])
			}
		}
	}
	if all {
		for _, f := range slices.Sorted(maps.Keys(fl.files)) {
			if !strings.HasPrefix(f, "~") && !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "$") {
				t = t.or(fl.files[f])
			}
		}
	}
	return t
}

// isGitURL reports a remote written as the URL or scp-like address of
// another machine rather than a remote's name (a local path or file://
// stays on the machine).
func isGitURL(s string) bool {
	if i := strings.Index(s, "://"); i > 0 {
		return !strings.EqualFold(s[:i], "file")
	}
	at, colon := strings.IndexByte(s, '@'), strings.IndexByte(s, ':')
	return colon > 0 && !strings.Contains(s[:colon], "/") && (at >= 0 && at < colon || strings.Contains(s[:colon], "."))
}
