package blast

import (
	"strconv"
	"strings"

	"github.com/sentinel-sec/sentinel/internal/ascii"
)

// PatchTargets returns every path a patch adds, changes, deletes or renames,
// in order of appearance and without duplicates. It reads:
//
//   - unified diffs: `+++ b/x` targets, and the `--- a/x` side when the new
//     side is /dev/null (a deleted file is as risky as an edited one);
//     timestamped headers (`+++ x<TAB>2024-01-01 ...`) and CRLF line ends;
//   - git extended headers: `diff --git a/x b/y`, `rename from`/`rename to`,
//     `copy to`, `deleted file mode`, and `Binary files a/x and b/y differ`;
//   - the apply_patch envelope: `*** Add File:`, `*** Update File:`,
//     `*** Delete File:`, `*** Move to:`.
//
// It never fails: text that is not a patch has no targets.
func PatchTargets(patch string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if p == "" || p == "/dev/null" || seen[p] {
			return
		}
		seen[p] = true
		out = append(out, p)
	}
	var minus string // path of the last `--- ` header
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimSuffix(line, "\r")
		switch {
		case strings.HasPrefix(line, "--- "):
			minus = headerPath(line[4:])
		case strings.HasPrefix(line, "+++ "):
			plus := headerPath(line[4:])
			if plus == "/dev/null" {
				add(minus) // deletion
			} else {
				add(plus)
			}
			minus = ""
		case strings.HasPrefix(line, "diff --git "):
			a, b := gitDiffPaths(line[len("diff --git "):])
			add(b)
			if a != b {
				add(a)
			}
		case strings.HasPrefix(line, "rename from "):
			add(unquote(line[len("rename from "):]))
		case strings.HasPrefix(line, "rename to "):
			add(unquote(line[len("rename to "):]))
		case strings.HasPrefix(line, "copy to "):
			add(unquote(line[len("copy to "):]))
		case strings.HasPrefix(line, "Binary files ") && strings.HasSuffix(line, " differ"):
			mid := strings.TrimSuffix(strings.TrimPrefix(line, "Binary files "), " differ")
			if a, b, ok := strings.Cut(mid, " and "); ok {
				if pb := stripPrefix(unquote(b)); pb != "/dev/null" {
					add(pb)
				} else {
					add(stripPrefix(unquote(a)))
				}
			}
		case strings.HasPrefix(line, "*** Add File: "):
			add(strings.TrimSpace(line[len("*** Add File: "):]))
		case strings.HasPrefix(line, "*** Update File: "):
			add(strings.TrimSpace(line[len("*** Update File: "):]))
		case strings.HasPrefix(line, "*** Delete File: "):
			add(strings.TrimSpace(line[len("*** Delete File: "):]))
		case strings.HasPrefix(line, "*** Move to: "):
			add(strings.TrimSpace(line[len("*** Move to: "):]))
		}
	}
	return out
}

// headerPath extracts the path of a ---/+++ header: it drops a trailing
// timestamp (after a tab, or after two spaces and a date as some tools
// write), unquotes git's C-style quoting and strips the a/ or b/ prefix.
func headerPath(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimRight(s, " ")
	if !strings.HasPrefix(s, `"`) {
		// "x.sql  2024-01-01 10:00:00.000000000 +0000" without a tab.
		if i := strings.Index(s, "  "); i > 0 && looksLikeDate(strings.TrimSpace(s[i:])) {
			s = s[:i]
		}
	}
	s = unquote(s)
	if s == "/dev/null" {
		return s
	}
	return stripPrefix(s)
}

func looksLikeDate(s string) bool {
	return len(s) >= 10 && s[0] >= '0' && s[0] <= '9' && s[4] == '-' ||
		strings.HasPrefix(s, "Mon ") || strings.HasPrefix(s, "Tue ") || strings.HasPrefix(s, "Wed ") ||
		strings.HasPrefix(s, "Thu ") || strings.HasPrefix(s, "Fri ") || strings.HasPrefix(s, "Sat ") ||
		strings.HasPrefix(s, "Sun ")
}

func stripPrefix(s string) string {
	if len(s) > 2 && (s[0] == 'a' || s[0] == 'b' || s[0] == 'i' || s[0] == 'w' || s[0] == 'c' || s[0] == 'o') && s[1] == '/' {
		return s[2:]
	}
	return s
}

func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

// gitDiffPaths splits the "a/x b/y" of a `diff --git` line. Paths with spaces
// are ambiguous unless quoted; for unquoted ones the split is taken where the
// two halves name the same file, which is right for everything but renames
// with spaces (their `rename from/to` lines carry the names anyway).
func gitDiffPaths(s string) (string, string) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, `"`) {
		if end := ascii.ClosingQuote(s); end > 0 {
			a := unquote(s[:end+1])
			b := unquote(strings.TrimSpace(s[end+1:]))
			return stripPrefix(a), stripPrefix(b)
		}
	}
	if i := strings.Index(s, ` "`); i > 0 {
		return stripPrefix(s[:i]), stripPrefix(unquote(s[i+1:]))
	}
	// Prefer the split where both sides name the same path.
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			continue
		}
		if a := stripPrefix(s[:i]); a == stripPrefix(s[i+1:]) {
			return a, a
		}
	}
	if a, b, ok := strings.Cut(s, " "); ok {
		return stripPrefix(a), stripPrefix(b)
	}
	return stripPrefix(s), stripPrefix(s)
}
