package mcpgate

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// PathChecker judges a file path named in a tool's arguments. It returns a
// non-empty sentence when a call touching the path must pause for a person.
// The gate uses the guard/blast classifier through this interface.
type PathChecker interface {
	CheckPath(path string) string
}

// PathCheckerFunc adapts a function to PathChecker.
type PathCheckerFunc func(string) string

// CheckPath calls f.
func (f PathCheckerFunc) CheckPath(p string) string { return f(p) }

var pathKeys = []string{
	"path", "paths", "file", "files", "filepath", "file_path", "filename", "source",
	"destination", "dest", "target", "dir", "directory", "uri", "root", "cwd", "output",
	"from", "to", "src", "dst", "location",
}

// ArgumentPaths returns the file paths named in a call's arguments: strings
// under path-like keys, file:// URIs, and strings that look like absolute or
// home-relative paths anywhere in the arguments.
func ArgumentPaths(args json.RawMessage) []string {
	var v any
	if len(args) == 0 || json.Unmarshal(args, &v) != nil {
		return nil
	}
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s == "" || strings.ContainsAny(s, "\n\x00") {
			return
		}
		if hasFoldPrefix(s, "file:") {
			// file:///p, file://localhost/p and file:/p (RFC 8089) alike.
			if u, err := url.Parse(s); err == nil && strings.EqualFold(u.Scheme, "file") {
				s = u.Path
			}
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	var walk func(key string, v any, depth int)
	walk = func(key string, v any, depth int) {
		if depth > maxDepth {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			for k, c := range t {
				walk(k, c, depth+1)
			}
		case []any:
			for _, c := range t {
				walk(key, c, depth+1)
			}
		case string:
			k := strings.ToLower(key)
			if slices.Contains(pathKeys, k) || strings.HasSuffix(k, "path") || strings.HasSuffix(k, "_file") {
				add(t)
				return
			}
			if len(t) < 4096 && !strings.ContainsAny(t, " \t\n") &&
				(strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/") || hasFoldPrefix(t, "file:") || filepath.VolumeName(t) != "") {
				add(t)
			}
		}
	}
	walk("", v, 0)
	slices.Sort(out)
	return out
}

func hasFoldPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// stateDirChecker pauses any call that names Sentinel's own configuration or
// state: a tool that can write the approval queue could approve itself. A
// path is read as the tool server would read it: "~/" in the home folder,
// a relative path from the working folder it inherits from the proxy.
func stateDirChecker(dirs Dirs) PathChecker {
	return PathCheckerFunc(func(p string) string {
		abs := p
		switch {
		case p == "~" || strings.HasPrefix(p, "~/"):
			home := dirs.Home
			if home == "" {
				home, _ = os.UserHomeDir()
			}
			if home == "" {
				return ""
			}
			abs = filepath.Join(home, p[1:])
		case !filepath.IsAbs(p):
			wd, err := os.Getwd()
			if err != nil {
				return ""
			}
			abs = filepath.Join(wd, p)
		}
		for _, d := range []string{dirs.Config, dirs.State} {
			if d != "" && within(abs, d) {
				return "it names " + p + ", inside Sentinel's own configuration or state"
			}
		}
		return ""
	})
}
