// Package suppress applies reviewable suppressions to a scan result: inline
// markers a person writes on or above a reviewed line, a baseline file of
// findings already known, and the exclude patterns of a project's
// .sentinel.yaml. Every suppressed finding stays in the result
// (scan.Result.Suppressions), so a reviewer sees it, and the verdict the
// findings give without suppressions is kept beside the one shown.
//
// A scanned project writes its own files, so it can write markers too. The
// rules that keep a marker from hiding an attack:
//
//   - A finding of a rule that forces COMPROMISED is suppressed only by a
//     marker that names its rule and gives a reason; a baseline or a
//     config exclude never hides one.
//   - A marker covers its own line, and the next line only when it stands
//     alone on its line; a block comment must close on the marker's line,
//     so nothing hidden inside the comment sits under it.
//   - A marker is plain ASCII on a line with no invisible characters; one
//     spelled with look-alike letters or hidden characters does not count,
//     and a marker on a line that holds invisible characters is ignored
//     (and said so), since those could hide what it covers.
//
// The gate ('sentinel run') never calls this package.
package suppress

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Keyword is what a marker starts with, right after its comment opener.
const Keyword = "sentinel:ignore"

// Marker is one inline suppression marker.
type Marker struct {
	Line int // 1-based
	// Rules are the rule IDs it names; empty means every rule that does not
	// force COMPROMISED.
	Rules []string
	// Reason is the text after "reason:", trimmed; empty when none.
	Reason string
	// Alone: the line holds only the marker, so it also covers the next
	// line.
	Alone bool
	// Text is the marker as written, from its comment opener on.
	Text string
}

// Note is a marker that does not count, and why.
type Note struct {
	Line    int
	Message string
}

var ruleID = regexp.MustCompile(`^S[0-9]{1,3}[a-z]?$`)

// openers are the comment forms a marker may use: HTML comments for
// Markdown and instruction files, // and /* */ for JSON with comments, #
// for YAML, TOML, shell and .env files.
var openers = []struct{ open, close string }{
	{"<!--", "-->"},
	{"/*", "*/"},
	{"//", ""},
	{"#", ""},
}

// Parse finds the markers in a file. A line that mentions the keyword
// outside a comment is not a marker and is not reported; a marker that
// cannot count (unclosed block comment, invisible characters, a malformed
// rule list) is returned as a Note.
func Parse(data []byte) ([]Marker, []Note) {
	if !bytes.Contains(data, []byte(Keyword)) {
		return nil, nil
	}
	var out []Marker
	var notes []Note
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		l = bytes.TrimSuffix(l, []byte("\r"))
		k := bytes.Index(l, []byte(Keyword))
		if k < 0 {
			continue
		}
		m, note, ok := parseLine(string(l), k)
		if !ok {
			continue
		}
		if note != "" {
			notes = append(notes, Note{Line: line, Message: note})
			continue
		}
		m.Line = line
		out = append(out, m)
	}
	return out, notes
}

// parseLine reads the marker whose keyword starts at k. ok is false when
// the keyword is not in a comment (prose that mentions it).
func parseLine(l string, k int) (m Marker, note string, ok bool) {
	before := strings.TrimRight(l[:k], " \t")
	var open, closer string
	for _, o := range openers {
		if strings.HasSuffix(before, o.open) {
			open, closer = o.open, o.close
			break
		}
	}
	if open == "" {
		return m, "", false
	}
	start := len(before) - len(open)
	lead := strings.TrimSpace(l[:start])
	body := l[k+len(Keyword):]
	trail := ""
	if closer != "" {
		end := strings.Index(body, closer)
		if end < 0 {
			return m, fmt.Sprintf("the %s marker does not close (%s) on its own line, and a marker must be a one-line comment so nothing hidden in the comment sits under it; it suppresses nothing", open, closer), true
		}
		body, trail = body[:end], strings.TrimSpace(body[end+len(closer):])
	}
	if hid := invisible(l); hid != "" {
		return m, fmt.Sprintf("the marker's line holds an invisible character (%s), which could hide what the marker covers; it suppresses nothing", hid), true
	}
	if body != "" && body[0] != ' ' && body[0] != '\t' {
		// sentinel:ignored, sentinel:ignore-next ...: not this keyword.
		return m, "", false
	}
	m.Text = strings.TrimSpace(l[start:])
	if closer != "" {
		m.Text = strings.TrimSpace(l[start : k+len(Keyword)+len(body)+len(closer)])
	}
	m.Alone = lead == "" && trail == ""
	ids := body
	if i := strings.Index(strings.ToLower(body), "reason:"); i >= 0 {
		ids, m.Reason = body[:i], strings.TrimSpace(body[i+len("reason:"):])
	}
	for _, f := range strings.FieldsFunc(ids, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if !ruleID.MatchString(f) {
			return Marker{}, fmt.Sprintf("the marker names %q, which is not a rule ID such as S21 (write 'sentinel:ignore S21 reason: why'); it suppresses nothing", clip(f, 40)), true
		}
		m.Rules = append(m.Rules, f)
	}
	return m, "", true
}

// invisible names the first character on the line that a reader cannot
// see: format characters (zero-width, bidirectional controls, Unicode
// tags), variation selectors, other control characters, and the blank
// letters (Hangul fillers, Braille blank). "" when there is none.
func invisible(l string) string {
	for _, r := range l {
		switch {
		case r == '\t':
			continue
		case r == utf8.RuneError,
			unicode.Is(unicode.Cf, r), unicode.Is(unicode.Cc, r),
			unicode.Is(unicode.Variation_Selector, r),
			r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x2800,
			unicode.Is(unicode.Zs, r) && r != ' ':
			return fmt.Sprintf("U+%04X", r)
		}
	}
	return ""
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// Covers returns the marker that covers line, if any: one on the line
// itself, else one standing alone on the line above.
func covers(byLine map[int]Marker, line int) (Marker, bool) {
	if m, ok := byLine[line]; ok {
		return m, true
	}
	if m, ok := byLine[line-1]; ok && m.Alone {
		return m, true
	}
	return Marker{}, false
}
