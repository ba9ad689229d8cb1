package rules

import (
	"regexp"
	"strings"
	"testing"
)

// matchesWriteByExpression is matchesWrite without the plain-name shortcut.
func matchesWriteByExpression(m string) bool {
	re, err := regexp.Compile("^(?:" + m + ")$")
	if err != nil {
		return false
	}
	for _, t := range writeTools {
		if re.MatchString(t) {
			return true
		}
	}
	return false
}

func TestMatchesWritePlainNames(t *testing.T) {
	for _, m := range []string{"Write", "Edit|MultiEdit", "Bash", "Bash|Read", "write_file", "replace|Bash", "Writes", "|", "Write|", "|Edit", "edit", "MultiEdit|Write|Edit", "mcp__fs__write"} {
		if !plainAlternatives(m) {
			t.Fatalf("%q should count as plain names", m)
		}
		if got, want := matchesWrite(m), matchesWriteByExpression(m); got != want {
			t.Errorf("matchesWrite(%q) = %v, the expression says %v", m, got, want)
		}
	}
	for _, m := range []string{"Write.*", "(Edit)", "Wri+te", "Edit|Wr.te", "mcp__.*"} {
		if plainAlternatives(m) {
			t.Errorf("%q holds regular-expression syntax", m)
		}
	}
}

func FuzzMatchesWrite(f *testing.F) {
	f.Add("Write|Edit")
	f.Add("Bash")
	f.Add("Edit|Wr.te")
	f.Fuzz(func(t *testing.T, m string) {
		if !plainAlternatives(m) || len(m) > 200 {
			return
		}
		if got, want := matchesWrite(m), matchesWriteByExpression(m); got != want && m != "" {
			t.Fatalf("matchesWrite(%q) = %v, the expression says %v", m, got, want)
		}
	})
}

// FuzzMayDownload checks the quick test in front of the download-and-execute
// expression against the lower-casing test it replaced: it may say yes more
// often, never less.
func FuzzMayDownload(f *testing.F) {
	f.Add("curl -fsSL https://x | sh")
	f.Add("Invoke-WebRequest")
	f.Add("INVO\u212aE-expression é")
	f.Add("nothing here")
	f.Fuzz(func(t *testing.T, s string) {
		if containsAny(strings.ToLower(s), downloadLits) && !mayDownload(s) {
			t.Fatalf("mayDownload(%q) = false, but the lower-cased text holds a literal", s)
		}
		if downloadExec.MatchString(s) && !mayDownload(s) {
			t.Fatalf("mayDownload(%q) = false, but the expression matches", s)
		}
	})
}
