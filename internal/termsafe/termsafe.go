// Package termsafe makes text from others (a tool server, a scanned file, a
// repository) safe to print on a person's terminal: every character that
// could drive the terminal or change how a line reads is written as a
// visible escape, so a name like "delete_all\x1b[2K\rread_note" or one with
// a bidi override shows what it is.
//
// It is deliberately small and imports nothing but the standard library, so
// that any package (the MCP gateway, the guard's prompt, the command line)
// can use the one rule without pulling in the report writers.
package termsafe

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// String returns s with each of these written as an escape, and everything
// else unchanged:
//   - line breaks: \n, \r, U+2028 and U+2029 (\u2028, \u2029), so a value
//     cannot print a line of its own;
//   - C0 controls (but tab), DEL and C1 controls (ESC as \x1b, U+0085 as
//     \u0085): no escape sequence reaches the terminal;
//   - every format character (Unicode category Cf): bidirectional overrides,
//     embeddings and isolates, zero-width characters, the soft hyphen, tag
//     characters (\U000e0041);
//   - bytes that are not UTF-8 (\xNN).
func String(s string) string {
	if !needs(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case Unsafe(r) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case Unsafe(r) && r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		case Unsafe(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needs(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != '\t' && (c < 0x20 || c == 0x7f) {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size <= 1) || Unsafe(r) {
			return true
		}
		i += size
	}
	return false
}

// Unsafe reports whether r is written as an escape by String: a control
// character other than tab (C0, DEL, C1), a format character (Cf, which
// holds the bidirectional controls and the zero-width and tag characters),
// or a line or paragraph separator.
func Unsafe(r rune) bool {
	if r == '\t' {
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029'
}
