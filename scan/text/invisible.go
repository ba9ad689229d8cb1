// Package text reads an instruction file the way an agent does: every
// character counts, whether or not an editor shows it. It finds invisible
// and format characters (keeping the ones honest text needs), decodes
// payloads hidden in them, undoes common evasions before matching, and
// splits the file into sentences and clauses with their line numbers.
//
// Everything here is a pure function of the bytes: nothing is executed,
// and work and memory are linear in the input.
package text

import (
	"unicode"
	"unicode/utf8"
)

// Class names what kind of invisible character a rune is.
type Class uint8

// Classes of invisible characters.
const (
	NotInvisible Class = iota
	ZeroWidth          // U+200B..U+200D, U+2060, U+FEFF, invisible operators
	Bidi               // bidirectional controls (Trojan Source)
	Tag                // Unicode Tags block U+E0000..U+E007F
	Selector           // variation selectors
	SoftHyphen         // U+00AD
	Filler             // Hangul fillers, Khmer inherent vowels, other blank letters
	OtherFormat        // other default-ignorable format characters
)

func (c Class) String() string {
	switch c {
	case ZeroWidth:
		return "zero-width"
	case Bidi:
		return "bidi-control"
	case Tag:
		return "tag"
	case Selector:
		return "variation-selector"
	case SoftHyphen:
		return "soft-hyphen"
	case Filler:
		return "filler"
	case OtherFormat:
		return "format"
	}
	return ""
}

// Classify reports the invisible class of r, or NotInvisible. Odd spaces
// (no-break space, en/em spaces, ideographic space) are not invisible: they
// are normalised for matching instead.
func Classify(r rune) Class {
	switch {
	case r < 0xAD:
		return NotInvisible
	case r == 0xAD:
		return SoftHyphen
	case r == 0x34F, r == 0x180E:
		return OtherFormat
	case r == 0x61C, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return Bidi
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF, r >= 0x2061 && r <= 0x2064:
		return ZeroWidth
	case r >= 0x206A && r <= 0x206F, r >= 0xFFF9 && r <= 0xFFFB, r >= 0x1D173 && r <= 0x1D17A, r == 0x2065:
		return OtherFormat
	case r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x17B4, r == 0x17B5:
		return Filler
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return Selector
	case r >= 0xE0000 && r <= 0xE007F:
		return Tag
	}
	return NotInvisible
}

// IsOddSpace reports spaces other than U+0020 and tab that render as blank
// space; they are replaced by a plain space before matching.
func IsOddSpace(r rune) bool {
	switch {
	case r == 0xA0, r == 0x1680, r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029,
		r == 0x202F, r == 0x205F, r == 0x3000, r == 0x85, r == 0x0B, r == 0x0C:
		return true
	}
	return false
}

// isEmoji approximates Extended_Pictographic plus the pieces emoji
// sequences are built from (skin tones, regional indicators, keycaps).
func isEmoji(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x2600 && r <= 0x27BF, r >= 0x2B00 && r <= 0x2BFF,
		r >= 0x2190 && r <= 0x21FF, r >= 0x2300 && r <= 0x23FF, r >= 0x25A0 && r <= 0x25FF,
		r >= 0x2900 && r <= 0x297F, r == 0x20E3, r == 0xA9, r == 0xAE, r == 0x203C, r == 0x2049,
		r == 0x2122, r == 0x2139, r == 0x24C2, r == 0x3030, r == 0x303D, r == 0x3297, r == 0x3299:
		return true
	}
	return false
}

// isHan reports CJK ideographs, which take ideographic variation selectors.
func isHan(r rune) bool {
	return r >= 0x3400 && r <= 0x9FFF || r >= 0xF900 && r <= 0xFAFF || r >= 0x20000 && r <= 0x3FFFF
}

// needsJoiners reports letters and marks of scripts whose spelling uses
// ZWJ and ZWNJ between letters: Arabic (and Persian, Urdu), Syriac, the
// Brahmic scripts of India and South-East Asia, Hebrew and Mongolian.
func needsJoiners(r rune) bool {
	switch {
	case r >= 0x0590 && r <= 0x08FF, // Hebrew, Arabic, Syriac, Thaana, NKo, Arabic ext.
		r >= 0x0900 && r <= 0x0DFF,   // Devanagari .. Sinhala
		r >= 0x0E00 && r <= 0x0FFF,   // Thai, Lao, Tibetan
		r >= 0x1000 && r <= 0x109F,   // Myanmar
		r >= 0x1780 && r <= 0x18AF,   // Khmer, Mongolian
		r >= 0xA8E0 && r <= 0xA8FF,   // Devanagari extended
		r >= 0xFB1D && r <= 0xFDFF,   // Hebrew and Arabic presentation forms
		r >= 0xFE70 && r <= 0xFEFE,   // Arabic presentation forms B
		r >= 0x11000 && r <= 0x111FF: // Brahmi, Kaithi, Chakma, Sharada
		return true
	}
	return false
}

// isRTL reports Hebrew and Arabic letters, beside which left-to-right and
// right-to-left marks are ordinary punctuation of mixed-direction text.
func isRTL(r rune) bool {
	return r >= 0x0590 && r <= 0x08FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFE
}

// allowedAt reports whether the invisible rune at rs[i] is honest text:
// a byte-order mark at the very start, a joiner inside an emoji sequence,
// a joiner or non-joiner between letters of a script that needs them, a
// direction mark beside right-to-left letters, or a single variation
// selector after an emoji, a symbol or an ideograph. Flag tag sequences
// are handled by the caller.
func allowedAt(rs []rune, i int, byteOff int) bool {
	prev, next := rune(-1), rune(-1)
	if i > 0 {
		prev = rs[i-1]
	}
	if i+1 < len(rs) {
		next = rs[i+1]
	}
	// The rune before any emoji modifiers (variation selector 16, skin
	// tones) that precede i, for a joiner inside an emoji sequence.
	base := rune(-1)
	if rs[i] == 0x200D {
		j := i - 1
		for j >= 0 && isEmojiModifier(rs[j]) {
			j--
		}
		if j >= 0 {
			base = rs[j]
		}
	}
	return allowedRune(rs[i], prev, next, base, byteOff)
}

func isEmojiModifier(r rune) bool { return r == 0xFE0F || r >= 0x1F3FB && r <= 0x1F3FF }

// allowedRune is allowedAt for rune r at byte offset byteOff, given the
// runes just before and after it (-1 at the ends) and, for a joiner, the
// nearest rune before it that is not an emoji modifier (-1 if none).
func allowedRune(r, prev, next, base rune, byteOff int) bool {
	switch {
	case r == 0xFEFF:
		return byteOff == 0
	case r == 0x200D || r == 0x200C:
		if r == 0x200D && base >= 0 && isEmoji(base) && next >= 0 && isEmoji(next) {
			return true
		}
		return prev >= 0 && next >= 0 && needsJoiners(prev) && (needsJoiners(next) || unicode.Is(unicode.Mn, next))
	case r == 0x200E || r == 0x200F:
		return prev >= 0 && isRTL(prev) || next >= 0 && isRTL(next)
	case r >= 0xFE00 && r <= 0xFE0F:
		if prev < 0 || Classify(prev) == Selector {
			return false
		}
		if next >= 0 && Classify(next) == Selector {
			return false
		}
		return isEmoji(prev) || isHan(prev) || unicode.Is(unicode.So, prev) || unicode.Is(unicode.Sm, prev) ||
			(next == 0x20E3 && (prev >= '0' && prev <= '9' || prev == '#' || prev == '*'))
	case r >= 0xE0100 && r <= 0xE01EF:
		return prev >= 0 && isHan(prev) && (next < 0 || Classify(next) != Selector)
	}
	return false
}

// allowedOnly walks data once, rune by rune, without building a rune
// slice, and reports how many invisible characters the allowlist keeps
// when it keeps all of them (the common case: emoji presentation
// selectors, joiners inside emoji, flags). ok is false as soon as one
// invisible character is outside the allowlist; the caller then takes the
// full path, which lists and decodes them.
func allowedOnly(data []byte) (allowed int, ok bool) {
	prev, base := rune(-1), rune(-1)
	for i := 0; i < len(data); {
		if c := data[i]; c < 0x80 {
			prev, base = rune(c), rune(c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if c := Classify(r); c != NotInvisible {
			if c == Tag && prev == 0x1F3F4 {
				if k, size := flagLenBytes(data[i:]); k > 0 {
					allowed += k
					i += size
					prev, base = 0xE007F, 0xE007F
					continue
				}
			}
			next := rune(-1)
			if i+n < len(data) {
				next, _ = utf8.DecodeRune(data[i+n:])
			}
			b := rune(-1)
			if r == 0x200D {
				b = base
			}
			if !allowedRune(r, prev, next, b, i) {
				return 0, false
			}
			allowed++
		}
		prev = r
		if !isEmojiModifier(r) {
			base = r
		}
		i += n
	}
	return allowed, true
}

// flagLenBytes is flagLen over the bytes that follow a black flag: the
// number of tag characters of an honest subdivision flag and their length
// in bytes, or 0.
func flagLenBytes(data []byte) (int, int) {
	n := 0
	for off := 0; off < len(data); {
		r, size := utf8.DecodeRune(data[off:])
		off += size
		switch {
		case r == 0xE007F:
			if n >= 2 && n <= 6 {
				return n + 1, off
			}
			return 0, 0
		case r >= 0xE0061 && r <= 0xE007A, r >= 0xE0030 && r <= 0xE0039:
			n++
			if n > 6 {
				return 0, 0
			}
		default:
			return 0, 0
		}
	}
	return 0, 0
}

func flagLen(rs []rune, i int) int {
	if i == 0 || rs[i-1] != 0x1F3F4 {
		return 0
	}
	n := 0
	for j := i; j < len(rs); j++ {
		r := rs[j]
		switch {
		case r == 0xE007F:
			if n >= 2 && n <= 6 {
				return n + 1
			}
			return 0
		case r >= 0xE0061 && r <= 0xE007A, r >= 0xE0030 && r <= 0xE0039:
			n++
			if n > 6 {
				return 0
			}
		default:
			return 0
		}
	}
	return 0
}
