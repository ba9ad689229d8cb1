package text

import (
	"html"
	"strings"
	"sync"

	"golang.org/x/text/unicode/norm"
)

// This file holds the decoding Normalize does before it folds runes:
// escapes a model reads through (\uXXXX, \xNN, HTML character
// references, percent-encoding) and compatibility characters that NFKC
// maps to ASCII letters (circled letters, ligatures, superscripts).

// maxEntity bounds the length of an HTML character reference looked at
// ("&" to ";"); the longest named reference is 33 bytes.
const maxEntity = 34

// escapeAt returns the length of the escape that starts at s[i], or 0:
// a \u, \U or \x escape, an HTML character reference, or a percent-encoded
// printable ASCII byte.
func escapeAt(s string, i int) int {
	switch s[i] {
	case '\\':
		if i+1 >= len(s) {
			return 0
		}
		switch s[i+1] {
		case 'u', 'U':
			_, n := parseEscape(s[i:])
			return n
		case 'x':
			if _, ok := hexByte(s, i+2); ok {
				return 4
			}
		}
	case '%':
		if _, ok := hexByte(s, i+1); ok {
			return 3
		}
	case '&':
		_, n := entityAt(s, i)
		return n
	}
	return 0
}

// hexByte reads two hex digits at s[i:] as a printable ASCII byte (a
// space to '~'): the escapes that spell words. Control bytes and bytes
// above ASCII stay as written.
func hexByte(s string, i int) (byte, bool) {
	if i+2 > len(s) {
		return 0, false
	}
	v, ok := hexValue(s[i : i+2])
	if !ok || v < 0x20 || v > 0x7E {
		return 0, false
	}
	return byte(v), true
}

// entityAt decodes the HTML character reference at s[i] ('&'): a numeric
// one (&#73; &#x49;, the semicolon optional as HTML allows) or a named one
// ending in ';' (&sol;). It returns the text and the reference's length,
// or 0. References to '<' and '>' are left alone: they spell no word, and
// decoding them would make escaped markup (&lt;!-- --&gt;) markup.
func entityAt(s string, i int) (string, int) {
	j := i + 1
	if j >= len(s) {
		return "", 0
	}
	if s[j] == '#' {
		j++
		digits := j
		if j < len(s) && (s[j] == 'x' || s[j] == 'X') {
			j++
			digits = j
			for j < len(s) && j-digits < 8 && isHexByte(s[j]) {
				j++
			}
		} else {
			for j < len(s) && j-digits < 8 && s[j] >= '0' && s[j] <= '9' {
				j++
			}
		}
		if j == digits {
			return "", 0
		}
		if j < len(s) && s[j] == ';' {
			j++
		}
	} else {
		for j < len(s) && j-i < maxEntity && isAlnumByte(s[j]) {
			j++
		}
		if j == i+1 || j >= len(s) || s[j] != ';' {
			return "", 0
		}
		j++
	}
	ref := s[i:j]
	dec := html.UnescapeString(ref)
	if dec == ref || dec == "<" || dec == ">" {
		return "", 0
	}
	return dec, j - i
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isAlnumByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// firstEscape returns the offset of the first escape in s, or -1.
func firstEscape(s string) int {
	// The next '\\', '%' and '&' are found with strings.IndexByte, which
	// outruns a loop over every byte; the nearest is tried.
	next := [3]int{-2, -2, -2}
	for from := 0; from < len(s); {
		best := -1
		for k, c := range [3]byte{'\\', '%', '&'} {
			if next[k] == -1 {
				continue
			}
			if next[k] < from {
				if j := strings.IndexByte(s[from:], c); j >= 0 {
					next[k] = from + j
				} else {
					next[k] = -1
					continue
				}
			}
			if best < 0 || next[k] < best {
				best = next[k]
			}
		}
		if best < 0 {
			return -1
		}
		if escapeAt(s, best) > 0 {
			return best
		}
		from = best + 1
	}
	return -1
}

// hasEscape reports whether s holds an escape Normalize decodes.
func hasEscape(s string) bool { return firstEscape(s) >= 0 }

// unescape decodes every escape of s: literal \uXXXX, \u{X…} and
// \UXXXXXXXX escapes, \xNN, HTML character references and percent-encoded
// printable bytes. A decoded line break becomes a space: it is not a
// line of the file, and decoding it as one would put later text on a
// line the file does not have.
func unescape(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' && c != '%' && c != '&' {
			b.WriteByte(c)
			i++
			continue
		}
		n := escapeAt(s, i)
		if n == 0 {
			b.WriteByte(c)
			i++
			continue
		}
		switch c {
		case '\\':
			if s[i+1] == 'x' {
				v, _ := hexByte(s, i+2)
				b.WriteByte(v)
			} else {
				r, _ := parseEscape(s[i:])
				b.WriteRune(noBreak(r))
			}
		case '%':
			v, _ := hexByte(s, i+1)
			b.WriteByte(v)
		case '&':
			dec, _ := entityAt(s, i)
			for _, r := range dec {
				b.WriteRune(noBreak(r))
			}
		}
		i += n
	}
	return b.String()
}

// noBreak turns a decoded line break into a space.
func noBreak(r rune) rune {
	if r == '\n' || r == '\r' {
		return ' '
	}
	return r
}

// compatRanges are the blocks whose characters NFKC may map to ASCII
// letters or digits: superscripts and ordinals in Latin-1, modifier
// letters, phonetic modifiers, super- and subscripts, letterlike symbols,
// number forms, enclosed alphanumerics, CJK compatibility units, the
// alphabetic presentation forms (ligatures) and the enclosed alphanumeric
// supplement. Full-width and mathematical letters are folded by foldRune.
var compatRanges = [...][2]rune{
	{0x00AA, 0x00BE}, {0x02B0, 0x02FF}, {0x1D2C, 0x1DBF}, {0x2070, 0x209F}, {0x2100, 0x218F},
	{0x2460, 0x24FF}, {0x3200, 0x33FF}, {0xFB00, 0xFB06}, {0x1F100, 0x1F1E5},
}

func inCompatRange(r rune) bool {
	switch {
	case r < 0x00AA:
		return false
	case r < 0x2070:
		return r <= 0x00BE || r >= 0x02B0 && r <= 0x02FF || r >= 0x1D2C && r <= 0x1DBF
	case r < 0x3200:
		return r <= 0x218F || r >= 0x2460 && r <= 0x24FF
	case r < 0x3400:
		return true
	}
	return r >= 0xFB00 && r <= 0xFB06 || r >= 0x1F100 && r <= 0x1F1E5
}

// compatTable maps each character of compatRanges whose NFKC form is
// made only of ASCII letters and digits to that form (Ⓤ → U, ﬁ → fi,
// ² → 2). Characters NFKC maps to punctuation or to other scripts are
// left alone, so "…" does not end a sentence and CJK text stays itself.
var compatTable = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	for _, rg := range compatRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			s := string(r)
			k := norm.NFKC.String(s)
			if len(k) == 3 && k[0] == '(' && k[2] == ')' && (k[1]|0x20) >= 'a' && (k[1]|0x20) <= 'z' {
				k = k[1:2] // a parenthesized letter (⒤, 🄘) is the letter
			}
			if k == s || k == "" || len(k) > 4 {
				continue
			}
			ok := true
			for i := 0; i < len(k); i++ {
				if !isAlnumByte(k[i]) {
					ok = false
					break
				}
			}
			if ok {
				m[r] = k
			}
		}
	}
	return m
})

// compatFold returns the ASCII letters NFKC makes of r, or "".
func compatFold(r rune) string {
	if !inCompatRange(r) {
		return ""
	}
	return compatTable()[r]
}
