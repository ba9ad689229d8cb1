package agentcfg

import (
	"bytes"
	"strings"
)

// SkillWords returns the files a SKILL.md names in plain words, outside
// backticks and links: "run scripts/setup.sh", "execute the helper at
// tools/fill.py", "see reference.md". A skill is prose the agent follows,
// and the agent runs a script named in a sentence as readily as one in
// backticks. Only words shaped like a relative path with an extension (or
// starting ./ or ../) count, with the punctuation around them dropped;
// the engine keeps only those that are in the skill's folder as the
// discovery walk listed it, so "e.g." or "Node.js" costs a map look-up
// and reads nothing. SkillRefs finds the backticked and linked ones.
func SkillWords(data []byte) []Include {
	var out []Include
	seen := map[string]bool{}
	line, lineAt := 1, 0 // the line of data[lineAt]
	for i := 0; i < len(data) && len(out) < maxIncludes; {
		// Every path with an extension holds a dot: look only there.
		k := bytes.IndexByte(data[i:], '.')
		if k < 0 {
			break
		}
		dot := i + k
		start := dot
		for start > 0 && !wordBreak(data[start-1]) {
			start--
		}
		end := dot
		for end < len(data) && !wordBreak(data[end]) {
			end++
		}
		i = end
		if start < lineAt {
			start = lineAt // never reached: a break ends every word
		}
		line += bytes.Count(data[lineAt:start], []byte{'\n'})
		lineAt = start
		w := trimWord(data[start:end])
		if len(w) < 3 || len(w) > 512 || bytes.ContainsAny(w, "`$@<>|*?[](){}\"'\\:=,;") {
			continue
		}
		p := string(w)
		if seen[p] || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || !looksLikePath(p) || !plainExt(p) {
			continue
		}
		seen[p] = true
		out = append(out, Include{Path: p, Line: line})
	}
	return out
}

// wordBreak ends a plain word: white space and the brackets and quotes
// that sit around a path in prose.
func wordBreak(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', '`', '(', ')', '[', ']', '<', '>', '"', '\'', '*', '|':
		return true
	}
	return false
}

// trimWord drops the punctuation that ends a sentence or a clause.
func trimWord(w []byte) []byte {
	return bytes.TrimRight(bytes.TrimLeft(w, "_"), ".,;:!?_")
}

// plainExt: the extension of a plain word is letters and digits, with a
// letter (not "v1.2" or "3.5"), so version numbers and abbreviations are
// not looked up.
func plainExt(p string) bool {
	i := strings.LastIndexByte(p, '.')
	if i < strings.LastIndexByte(p, '/') || i == len(p)-1 {
		return strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")
	}
	letter := false
	for _, c := range []byte(p[i+1:]) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letter
}
