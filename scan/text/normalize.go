package text

import (
	"encoding/binary"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// confusables maps Cyrillic, Greek and Armenian letters that look like
// Latin letters to those letters (a subset of Unicode's confusables.txt,
// UTS #39, limited to single letters that a reader cannot tell apart).
var confusables = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x',
	'ѕ': 's', 'і': 'i', 'ј': 'j', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w',
	'к': 'k', 'ү': 'y', 'ɡ': 'g', 'ѵ': 'v', 'ꙇ': 'i',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P',
	'С': 'C', 'Т': 'T', 'Х': 'X', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ү': 'Y', 'Ԛ': 'Q',
	'Ԝ': 'W', 'Ӏ': 'I',
	// Greek
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'υ': 'u', 'ι': 'i', 'κ': 'k', 'χ': 'x',
	'ε': 'e', 'γ': 'y', 'ϲ': 'c', 'ϳ': 'j',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M',
	'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Χ': 'X', 'Υ': 'Y',
	// Armenian and Latin look-alikes
	'օ': 'o', 'հ': 'h', 'ս': 'u', 'ց': 'g', 'ı': 'i', 'ȷ': 'j',
}

// isLookalikeScript reports letters of the scripts whose look-alikes are
// mapped: Cyrillic, Greek, Armenian.
func isLookalikeScript(r rune) bool {
	return r >= 0x0370 && r <= 0x058F || r >= 0x1F00 && r <= 0x1FFF || r >= 0x2DE0 && r <= 0x2DFF || r >= 0xA640 && r <= 0xA69F
}

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// Normalize returns s as the rules match it: invisible and format
// characters removed, odd spaces replaced by a plain space, full-width and
// mathematical letters folded to ASCII, compatibility characters NFKC
// maps to ASCII letters or digits folded (Ⓤ → U, ﬁ → fi), escapes
// decoded (\uXXXX, \xNN, HTML character references, percent-encoded
// printable bytes; see escapes.go), and Cyrillic, Greek and Armenian look-alike letters mapped to Latin
// inside words that are otherwise Latin (or, in a line of Latin text,
// words made only of look-alikes). Invalid UTF-8 becomes U+FFFD. Text that
// is plain ASCII without escapes is returned as is. Normalize never joins
// or splits lines: a decoded line break is a space.
func Normalize(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == 0x0B || c == 0x0C {
			ascii = false
			break
		}
	}
	hasEsc := hasEscape(s)
	if !hasEsc && (ascii || !needsNormalizing(s)) {
		return s
	}
	if hasEsc {
		// An escape may spell another (&amp;#73; is &#73; is I): a model
		// reads through both, so up to three rounds are undone.
		for k := 0; k < 3 && hasEsc; k++ {
			s = unescape(s)
			hasEsc = hasEscape(s)
		}
	} else if out, ok := normalizeNoLookalikes(s); ok {
		return out
	}
	return normalizeRunes(s)
}

// normalizeRunes is Normalize's general path, after escapes are decoded:
// rune by rune, then look-alike letters folded word by word.
func normalizeRunes(s string) string {
	rs := make([]rune, 0, len(s))
	for _, r := range s {
		if c := compatFold(r); c != "" {
			for i := 0; i < len(c); i++ {
				rs = append(rs, rune(c[i]))
			}
			continue
		}
		if f, ok := foldRune(r); ok {
			rs = append(rs, f)
		}
	}
	foldLookalikes(rs)
	return string(rs)
}

// foldRune is what Normalize makes of one rune, look-alike letters aside:
// the rune it becomes, or ok false when it is removed (an invisible
// character).
func foldRune(r rune) (f rune, ok bool) {
	switch {
	case Classify(r) != NotInvisible:
		return 0, false
	case IsOddSpace(r):
		return ' ', true
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0, true
	case r >= 0x1D400 && r <= 0x1D6A3:
		k := (r - 0x1D400) % 52
		if k < 26 {
			return 'A' + k, true
		}
		return 'a' + k - 26, true
	case r >= 0x1D7CE && r <= 0x1D7FF:
		return '0' + (r-0x1D7CE)%10, true
	}
	return r, true
}

// normalizeNoLookalikes is Normalize for text without escapes that holds
// no Cyrillic, Greek or Armenian letter and no other look-alike: folding
// look-alikes then changes nothing, so each rune is removed, replaced or
// kept on its own, and the text is copied byte by byte instead of through
// a slice of runes. ok is false when s holds a look-alike.
func normalizeNoLookalikes(s string) (out string, ok bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c == 0x0B || c == 0x0C {
				c = ' '
			}
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if isLookalikeScript(r) || r < 0x370 && confusables[r] != 0 {
			return "", false
		}
		if c := compatFold(r); c != "" {
			b = append(b, c...)
			i += n
			continue
		}
		switch f, ok := foldRune(r); {
		case !ok:
		case f != r || n == 1:
			// Folded, or an invalid byte (r is U+FFFD).
			b = utf8.AppendRune(b, f)
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), true
}

// needsNormalizing reports whether s holds a rune Normalize would change
// (s is known to hold non-ASCII bytes).
func needsNormalizing(s string) bool { return firstToNormalize(s) >= 0 }

// firstToNormalize returns the offset of the first rune of s that
// Normalize would change or remove, or -1.
func firstToNormalize(s string) int {
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			// Skip eight ASCII bytes with no vertical tab or form feed.
			if w := load64(s, i); w&highBits == 0 && !hasZeroByte(w^0x0B*lowBits) && !hasZeroByte(w^0x0C*lowBits) {
				i += 8
				continue
			}
		}
		c := s[i]
		if c < 0x80 {
			if c == 0x0B || c == 0x0C {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Classify(r) != NotInvisible || IsOddSpace(r) || r >= 0xFF01 && r <= 0xFF5E ||
			r >= 0x1D400 && r <= 0x1D7FF || isLookalikeScript(r) || r < 0x370 && confusables[r] != 0 || compatFold(r) != "" {
			return i
		}
		i += n
	}
	return -1
}

// foldLookalikes maps look-alike letters in place, word by word.
func foldLookalikes(rs []rune) {
	lineLatin, lineForeign := false, false
	for _, r := range rs {
		if isASCIILetter(r) {
			lineLatin = true
		} else if isLookalikeScript(r) && unicode.IsLetter(r) {
			if _, ok := confusables[r]; !ok {
				lineForeign = true
			}
		}
	}
	if !lineLatin {
		return
	}
	for i := 0; i < len(rs); {
		if !unicode.IsLetter(rs[i]) {
			i++
			continue
		}
		j := i
		latin, look, other := false, false, false
		for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.Is(unicode.Mn, rs[j])) {
			r := rs[j]
			switch {
			case isASCIILetter(r):
				latin = true
			case confusables[r] != 0:
				look = true
			case isLookalikeScript(r):
				other = true
			}
			j++
		}
		if look && !other && (latin || !lineForeign) {
			for k := i; k < j; k++ {
				if m, ok := confusables[rs[k]]; ok {
					rs[k] = m
				}
			}
		}
		i = j
	}
}

func parseEscape(s string) (rune, int) {
	digits, start := 4, 2
	if s[1] == 'U' {
		digits = 8
	}
	if s[1] == 'u' && len(s) > 2 && s[2] == '{' {
		end := strings.IndexByte(s, '}')
		if end < 4 || end > 9 {
			return 0, 0
		}
		v, ok := hexValue(s[3:end])
		if !ok || !utf8.ValidRune(v) {
			return 0, 0
		}
		return v, end + 1
	}
	if len(s) < start+digits {
		return 0, 0
	}
	v, ok := hexValue(s[start : start+digits])
	if !ok || !utf8.ValidRune(v) {
		return 0, 0
	}
	return v, start + digits
}

func hexValue(h string) (rune, bool) {
	var v rune
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// highBits and lowBits have the top or bottom bit of every byte of a
// word set.
const (
	highBits = 0x8080808080808080
	lowBits  = 0x0101010101010101
)

// load64 reads s[i:i+8] as a little-endian word.
func load64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// hasZeroByte reports whether any byte of w is zero.
func hasZeroByte(w uint64) bool { return (w-lowBits)&^w&highBits != 0 }

// Lower lowers ASCII letters only, so byte offsets in the result match s.
func Lower(s string) string {
	// Eight bytes at a time: a byte is a capital when it is at least 'A',
	// at most 'Z' and has its top bit clear; adding 0x20 lowers it. The
	// additions below never carry from one byte into the next.
	j := 0
	for ; j+8 <= len(s); j += 8 {
		if capitals(load64(s, j)) != 0 {
			break
		}
	}
	for j+8 > len(s) && j < len(s) && !(s[j] >= 'A' && s[j] <= 'Z') {
		j++
	}
	if j == len(s) {
		return s // nothing to lower: no copy
	}
	b := make([]byte, len(s))
	copy(b, s[:j])
	for ; j+8 <= len(s); j += 8 {
		w := load64(s, j)
		binary.LittleEndian.PutUint64(b[j:], w|capitals(w)>>2)
	}
	for ; j < len(s); j++ {
		c := s[j]
		if c >= 'A' && c <= 'Z' {
			c += 32
		}
		b[j] = c
	}
	// b is never written again: share its bytes instead of copying them.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// capitals returns the top bit of each byte of w that is an ASCII capital.
func capitals(w uint64) uint64 {
	x := w &^ highBits
	ge := x + (0x80-'A')*lowBits
	gt := x + (0x80-'Z'-1)*lowBits
	return ge &^ gt &^ w & highBits
}
