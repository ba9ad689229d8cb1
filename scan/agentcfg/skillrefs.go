package agentcfg

import (
	"bytes"
)

// SkillWords returns the files a SKILL.md names in plain words, outside
// backticks and links: "run scripts/setup.sh", "execute the helper at
// tools/fill.py", "see reference.md". A skill is prose the agent follows,
// and the agent runs a script named in a sentence as readily as one in
// backticks. A word counts when it is shaped like a relative path: a
// folder and a name with an extension (scripts/x.sh), ./ or ../ before a
// name (./bin/go), or a bare name with the extension of a script or a
// document (setup.sh, reference.md); the punctuation around it is
// dropped. The engine keeps only those in the skill's folder as the
// discovery walk listed it, so a word that names nothing there costs a
// map look-up and reads nothing. SkillRefs finds the backticked and
// linked ones.
func SkillWords(data []byte) []Include {
	var out []Include
	var seen map[string]bool
	line, lineAt := 1, 0 // the line of data[lineAt]
	for i := 0; i < len(data) && len(out) < maxIncludes; {
		// Every such word holds a dot: look only there.
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
		w := trimWord(data[start:end])
		if !plainPath(w) {
			continue
		}
		line += bytes.Count(data[lineAt:start], []byte{'\n'})
		lineAt = start
		p := string(w)
		if seen[p] {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[p] = true
		out = append(out, Include{Path: p, Line: line})
	}
	return out
}

// wordBreak ends a plain word: white space and the brackets and quotes
// that sit around a path in prose.
func wordBreak(c byte) bool { return breaks[c] }

var breaks = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f\v`()[]<>\"'*|") {
		t[c] = true
	}
	return t
}()

// notInPath are characters a plain word naming a file never holds.
var notInPath = func() (t [256]bool) {
	for _, c := range []byte("`$@<>|*?[](){}\"'\\:=,;%#&") {
		t[c] = true
	}
	return t
}()

// trimWord drops the punctuation that ends a sentence or a clause, and
// the underscores of emphasis.
func trimWord(w []byte) []byte {
	for len(w) > 0 && w[0] == '_' {
		w = w[1:]
	}
	for len(w) > 0 {
		switch w[len(w)-1] {
		case '.', ',', ';', ':', '!', '?', '_':
			w = w[:len(w)-1]
			continue
		}
		break
	}
	return w
}

// plainPath reports a word shaped like a relative path to a file (see
// SkillWords).
func plainPath(w []byte) bool {
	if len(w) < 3 || len(w) > 512 || w[0] == '/' || w[0] == '~' || w[0] == '-' {
		return false
	}
	dot := bytes.LastIndexByte(w, '.')
	if dot < 0 {
		return false // a word whose only dot ended the sentence
	}
	slash := bytes.LastIndexByte(w, '/')
	if !pathChars(w) {
		return false
	}
	rel := bytes.HasPrefix(w, []byte("./")) || bytes.HasPrefix(w, []byte("../"))
	if dot < slash || dot == len(w)-1 {
		// No extension on the name: only ./name and ../name.
		return rel && slash < len(w)-1
	}
	ext := w[dot+1:]
	letter := false
	for _, c := range ext {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	if !letter || len(ext) > 5 || dot == slash+1 && !rel {
		return false // v1.2, a long suffix, or a dot file's name alone
	}
	if slash >= 0 {
		return true
	}
	if len(ext) > 4 {
		return false
	}
	// A bare name: only the extensions of scripts and documents, so
	// "e.g." and "Node.js"-like words in prose stay words.
	var low [4]byte
	for i, c := range ext {
		low[i] = c | 0x20 // ASCII letters and digits only, checked above
	}
	switch string(low[:len(ext)]) {
	case "sh", "bash", "zsh", "py", "rb", "pl", "php", "ps1", "lua", "fish", "js", "mjs", "cjs", "ts",
		"md", "mdc", "txt", "json", "yaml", "yml", "toml":
		return true
	}
	return false
}

func pathChars(w []byte) bool {
	for _, c := range w {
		if notInPath[c] {
			return false
		}
	}
	return true
}
