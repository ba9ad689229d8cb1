package mcpgate

import (
	"encoding/json"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
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

// maxPathCandidates bounds the strings one call's arguments are checked as
// paths; a call with more is paused rather than judged in part.
const maxPathCandidates = 2000

// ArgumentPaths returns the file paths named in a call's arguments, found by
// value rather than by key name: every string anywhere in the arguments
// (object values and keys, nested objects and arrays) that reads as a path.
// See argumentPaths.
func ArgumentPaths(args json.RawMessage) []string {
	out, _ := argumentPaths(args)
	return out
}

// argumentPaths returns the strings of args that read as file paths, and
// false when the arguments could not be read to the end (too deep, too many
// strings, not JSON), in which case the caller must not treat them as
// naming no path. A string reads as a path when:
//   - it sits under a path-like key (path, file, target, ...);
//   - or it has no white space and is not a URL of another scheme than file:,
//     and it has a path separator, a dot, or a leading "~" (".env",
//     ".github/workflows/ci.yml", "a/b", "go.sum", "~/x"), or names
//     something that exists from the working folder (a bare "Makefile");
//   - or it is an absolute, home-relative or file: path even with spaces.
//
// Sentences, URLs and numbers are left out. A path that exists and is a
// symbolic link is returned in its resolved form as well.
func argumentPaths(args json.RawMessage) ([]string, bool) {
	if len(args) == 0 {
		return nil, true
	}
	var v any
	if json.Unmarshal(args, &v) != nil {
		return nil, false
	}
	var out []string
	complete := true
	wd, _ := os.Getwd()
	seen := 0
	var add func(s string)
	add = func(s string) {
		s = strings.TrimSpace(s)
		if i := strings.IndexByte(s, 0); i >= 0 {
			// A server in C reads the path up to the NUL.
			add(s[:i])
			return
		}
		if strings.ContainsAny(s, "\n\r") {
			// "x\n/../.env" is .env: judged as it resolves; a line
			// break left after that is a literal name, or text.
			s = path.Clean(strings.ReplaceAll(s, `\`, "/"))
			if strings.ContainsAny(s, "\n\r") {
				return
			}
		}
		if s == "" {
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
		// A link in the project may point at a blast centre or at
		// Sentinel's own files: judge where it leads too.
		abs := s
		if !filepath.IsAbs(abs) && !strings.HasPrefix(abs, "~") && wd != "" {
			abs = filepath.Join(wd, abs)
		}
		if r, err := filepath.EvalSymlinks(abs); err == nil && r != abs && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	consider := func(key, s string) {
		if seen++; seen > maxPathCandidates {
			complete = false
			return
		}
		if i := strings.IndexByte(s, 0); i >= 0 {
			s = s[:i] // what a server in C reads; others refuse the NUL
		}
		k := strings.ToLower(key)
		if slices.Contains(pathKeys, k) || strings.HasSuffix(k, "path") || strings.HasSuffix(k, "_file") {
			add(s)
			return
		}
		t := strings.TrimSpace(s)
		if t == "" {
			return
		}
		if strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/") || hasFoldPrefix(t, "file:") || filepath.VolumeName(t) != "" {
			add(t)
			return
		}
		if otherScheme.MatchString(t) {
			return // a URL
		}
		if strings.ContainsAny(t, " \t\n\r\x00") {
			// Text, unless it ends in a path: a separator and a last
			// part without white space ("my docs/../.env", "x\n/../.env"),
			// where "x /not/a/path here" or "fix the auth/login flow" is
			// prose.
			if i := strings.LastIndexAny(t, "/\\"); i >= 0 && !strings.ContainsAny(t[i:], " \t\n\r") {
				add(t)
			}
			return
		}
		if strings.ContainsAny(t, "/\\.") || strings.HasPrefix(t, "~") {
			add(t)
			return
		}
		if wd != "" && validName(t) {
			if _, err := os.Lstat(filepath.Join(wd, t)); err == nil {
				add(t)
			}
		}
	}
	var walk func(key string, v any, depth int)
	walk = func(key string, v any, depth int) {
		if depth > maxDepth {
			complete = false
			return
		}
		switch t := v.(type) {
		case map[string]any:
			for k, c := range t {
				consider("", k) // {"files":{".env":"..."}}
				walk(k, c, depth+1)
			}
		case []any:
			for _, c := range t {
				walk(key, c, depth+1)
			}
		case string:
			consider(key, t)
		}
	}
	walk("", v, 0)
	slices.Sort(out)
	return out, complete
}

// otherScheme matches a URL (or URN) of a scheme other than a Windows drive
// letter: "https://x", "mailto:a@b". file: URIs are caught before it.
var otherScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]+:`)

// validName is a plain file name worth a stat: no separators, not too long.
func validName(s string) bool {
	return len(s) <= 255 && s != "." && s != ".." && !strings.ContainsAny(s, "/\\:*?\"<>|")
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
