package agentcfg

import (
	"bytes"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Files an instruction file makes the agent read too. Finding them is text
// work only: nothing is opened here, and the scan engine reads each one
// inside the scanned folder, or says why not.

// maxIncludes bounds how many references one file yields, so a file of a
// million "@a.md" costs no more than a scan of it.
const maxIncludes = 256

// AtImports returns the @path imports of a CLAUDE.md or GEMINI.md: an @
// at the start of a line or after a space, followed by a path. Claude Code
// and Gemini CLI read these files into the instructions. Imports inside
// code (fenced blocks, `spans`) are not imports, and a word without a file
// extension or a path separator (@alice, @types) is a mention, not a file.
func AtImports(data []byte) []Include {
	var out []Include
	var fence []byte
	line := 0
	text := data
	for len(text) > 0 && len(out) < maxIncludes {
		var lb []byte
		lb, text, _ = bytes.Cut(text, []byte{'\n'})
		line++
		t := bytes.TrimLeft(lb, " \t")
		if fence != nil {
			if bytes.HasPrefix(t, fence) {
				fence = nil
			}
			continue
		}
		if bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) {
			fence = t[:3]
			continue
		}
		if bytes.IndexByte(lb, '@') < 0 {
			continue
		}
		l := string(lb) // only lines with an @ are copied
		inCode := false
		for i := 0; i < len(l) && len(out) < maxIncludes; i++ {
			switch c := l[i]; {
			case c == '`':
				inCode = !inCode
			case c == '@' && !inCode && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t' || l[i-1] == '(' || l[i-1] == '-'):
				j := i + 1
				for j < len(l) && !strings.ContainsRune(" \t`()[]<>\"'", rune(l[j])) {
					j++
				}
				p := strings.TrimRight(l[i+1:j], ".,;:!?")
				if looksLikePath(p) {
					out = append(out, Include{Path: p, Line: line})
				}
				i = j - 1
			}
		}
	}
	return out
}

// looksLikePath reports a reference that names a file: it starts like a
// path (./, ../, ~/, /) or its last segment has an extension.
func looksLikePath(p string) bool {
	if p == "" || strings.Contains(p, "://") || strings.HasPrefix(p, "@") {
		return false
	}
	if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "/") {
		return true
	}
	ext := path.Ext(path.Base(p))
	return len(ext) > 1 && len(ext) <= 6 && !strings.ContainsAny(ext, "@#")
}

// SkillRefs returns the files a SKILL.md names in Markdown links and in
// backticks ([the reference](reference.md), `scripts/fill.py`): skills
// tell the agent to read or run the files beside them. Only relative paths
// with an extension count; the engine keeps those inside the skill's folder.
func SkillRefs(data []byte) []Include {
	var out []Include
	seen := map[string]bool{}
	add := func(p string, line int) {
		p = strings.TrimSpace(p)
		if i := strings.IndexAny(p, "#?"); i >= 0 {
			p = p[:i]
		}
		if p == "" || seen[p] || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.Contains(p, "://") ||
			strings.ContainsAny(p, " \t*$<>|") || !looksLikePath(p) {
			return
		}
		seen[p] = true
		out = append(out, Include{Path: p, Line: line})
	}
	// Only lines with a backtick or a link are read: the next of each is
	// found once in the rest of the text, not looked for line by line.
	line := 1 // the line text[0] is on
	text := data
	tick, link := -1, -1 // offsets in text of the next '`' and "](", or -2: none
	for len(text) > 0 && len(out) < maxIncludes {
		if tick == -1 {
			if tick = bytes.IndexByte(text, '`'); tick < 0 {
				tick = -2
			}
		}
		if link == -1 {
			if link = bytes.Index(text, []byte("](")); link < 0 {
				link = -2
			}
		}
		at := tick
		if at == -2 || link >= 0 && link < at {
			at = link
		}
		if at < 0 {
			break
		}
		start := bytes.LastIndexByte(text[:at], '\n') + 1
		line += bytes.Count(text[:start], []byte{'\n'})
		end := len(text)
		if k := bytes.IndexByte(text[at:], '\n'); k >= 0 {
			end = at + k
		}
		lb := text[start:end]
		if end < len(text) {
			end++ // past the line break
		}
		text = text[end:]
		// What was found on this line is behind; what lies further on
		// keeps its place, shifted.
		if tick >= 0 {
			if tick < end {
				tick = -1
			} else {
				tick -= end
			}
		}
		if link >= 0 {
			if link < end {
				link = -1
			} else {
				link -= end
			}
		}
		lineNo := line
		line++
		// Only the candidate paths are copied out of the line.
		for rest := lb; ; {
			i := bytes.Index(rest, []byte("]("))
			if i < 0 {
				break
			}
			rest = rest[i+2:]
			if j := bytes.IndexByte(rest, ')'); j >= 0 {
				add(string(rest[:j]), lineNo)
				rest = rest[j:]
			}
		}
		for rest := lb; ; {
			i := bytes.IndexByte(rest, '`')
			if i < 0 {
				break
			}
			rest = rest[i+1:]
			j := bytes.IndexByte(rest, '`')
			if j < 0 {
				break
			}
			w := rest[:j]
			rest = rest[j+1:]
			// `python scripts/fill.py` names the script as its last word
			// with an extension.
			for len(w) > 0 {
				var f []byte
				f, w = nextField(w)
				if len(f) > 0 && (bytes.IndexByte(f, '/') >= 0 || bytes.HasSuffix(f, []byte(".md"))) {
					add(string(f), lineNo)
				}
			}
		}
	}
	return out
}

// nextField returns the first field of b, as strings.Fields splits, and
// what follows it.
func nextField(b []byte) (field, rest []byte) {
	i := 0
	for i < len(b) {
		r, n := utf8.DecodeRune(b[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	j := i
	for j < len(b) {
		r, n := utf8.DecodeRune(b[j:])
		if unicode.IsSpace(r) {
			break
		}
		j += n
	}
	return b[i:j], b[j:]
}
