package text

import (
	"strings"
	"unicode/utf8"
)

// MaxPayload bounds the text decoded from one hidden run; an instruction
// is a sentence, and the rest of a longer run adds nothing to a finding.
const MaxPayload = 64 << 10

// Payload is readable text decoded from a run of invisible characters.
type Payload struct {
	Kind   string // "unicode-tags", "zero-width-binary", "variation-selectors"
	Offset int    // byte offset of the run's first character
	Count  int    // invisible characters in the run
	Text   string // what they spell, as the agent reads it
}

// Payload kinds.
const (
	KindTags      = "unicode-tags"
	KindBinary    = "zero-width-binary"
	KindSelectors = "variation-selectors"
)

// runeAt is a rune with its byte offset.
type runeAt struct {
	r   rune
	off int
}

func runesOf(s string) []runeAt {
	out := make([]runeAt, 0, utf8.RuneCountInString(s))
	for off, r := range s {
		out = append(out, runeAt{r, off})
	}
	return out
}

func plainRunes(rs []runeAt) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[i] = r.r
	}
	return out
}

// DecodeTags decodes runs of Unicode Tags (U+E0020..U+E007E map to ASCII)
// in s. An honest flag (a black flag, a short subdivision code and the
// cancel tag) is not a payload.
func DecodeTags(s string) []Payload {
	if !hasTagLead(s) {
		return nil
	}
	rs := runesOf(s)
	return decodeTags(rs, plainRunes(rs))
}

// hasTagLead reports whether s may contain a rune of plane 14.
func hasTagLead(s string) bool {
	return strings.Contains(s, "\xf3\xa0")
}

func decodeTags(rs []runeAt, plain []rune) []Payload {
	var out []Payload
	// all gathers every tag character outside honest flags, for text
	// spread one character at a time between visible letters.
	var all strings.Builder
	allOff, allCount := -1, 0
	for i := 0; i < len(rs); {
		if Classify(rs[i].r) != Tag {
			i++
			continue
		}
		if n := flagLen(plain, i); n > 0 {
			i += n
			continue
		}
		start := i
		var b strings.Builder
		for i < len(rs) && Classify(rs[i].r) == Tag {
			r := rs[i].r
			if r >= 0xE0020 && r <= 0xE007E && b.Len() < MaxPayload {
				b.WriteByte(byte(r - 0xE0000))
				if all.Len() < MaxPayload {
					all.WriteByte(byte(r - 0xE0000))
				}
			}
			i++
		}
		if allOff < 0 {
			allOff = rs[start].off
		}
		allCount += i - start
		if t := strings.TrimSpace(b.String()); readable(t) {
			out = append(out, Payload{Kind: KindTags, Offset: rs[start].off, Count: i - start, Text: t})
		}
	}
	if len(out) == 0 && allCount >= 4 {
		if t := strings.TrimSpace(all.String()); readable(t) {
			out = append(out, Payload{Kind: KindTags, Offset: allOff, Count: allCount, Text: t})
		}
	}
	return out
}

// isBinaryCarrier reports the characters zero-width binary encodings use.
func isBinaryCarrier(r rune) bool {
	switch r {
	case 0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E, 0x034F, 0x00AD:
		return true
	}
	return false
}

// DecodeZeroWidth decodes zero-width binary encodings in s: a run of two
// distinct invisible characters read as bits (most significant first,
// eight to a byte), with an optional third character as a separator. Both
// bit assignments are tried; a run counts only when it spells readable
// text. When no single run decodes, the carriers of the whole text are
// tried together, which catches bits spread between visible letters.
func DecodeZeroWidth(s string) []Payload {
	rs := runesOf(s)
	return decodeZeroWidth(rs)
}

func decodeZeroWidth(rs []runeAt) []Payload {
	var out []Payload
	var all []rune
	allOff := -1
	for i := 0; i < len(rs); {
		if !isBinaryCarrier(rs[i].r) {
			i++
			continue
		}
		start := i
		for i < len(rs) && isBinaryCarrier(rs[i].r) {
			i++
		}
		run := make([]rune, 0, i-start)
		for _, r := range rs[start:i] {
			run = append(run, r.r)
		}
		if allOff < 0 {
			allOff = rs[start].off
		}
		if len(all) < 8*MaxPayload {
			all = append(all, run...)
		}
		if t, ok := bitsToText(run); ok {
			out = append(out, Payload{Kind: KindBinary, Offset: rs[start].off, Count: len(run), Text: t})
		}
	}
	if len(out) == 0 && len(all) >= 16 {
		if t, ok := bitsToText(all); ok {
			out = append(out, Payload{Kind: KindBinary, Offset: allOff, Count: len(all), Text: t})
		}
	}
	return out
}

// bitsToText tries to read run as binary-coded text.
func bitsToText(run []rune) (string, bool) {
	if len(run) < 16 {
		return "", false
	}
	counts := map[rune]int{}
	for _, r := range run {
		counts[r]++
		if len(counts) > 3 {
			return "", false
		}
	}
	var syms []rune
	for r := range counts {
		syms = append(syms, r)
	}
	try := func(zero, one rune) (string, bool) {
		var b strings.Builder
		var cur byte
		n := 0
		for _, r := range run {
			switch r {
			case zero:
				cur <<= 1
			case one:
				cur = cur<<1 | 1
			default:
				continue // separator
			}
			n++
			if n == 8 {
				if b.Len() < MaxPayload {
					b.WriteByte(cur)
				}
				cur, n = 0, 0
			}
		}
		t := strings.TrimSpace(b.String())
		return t, readable(t)
	}
	pairs := [][2]rune{}
	switch len(syms) {
	case 2:
		pairs = append(pairs, [2]rune{syms[0], syms[1]}, [2]rune{syms[1], syms[0]})
	case 3:
		for sep := 0; sep < 3; sep++ {
			var a []rune
			for k, r := range syms {
				if k != sep {
					a = append(a, r)
				}
			}
			pairs = append(pairs, [2]rune{a[0], a[1]}, [2]rune{a[1], a[0]})
		}
	default:
		return "", false
	}
	for _, p := range pairs {
		if t, ok := try(p[0], p[1]); ok {
			return t, true
		}
	}
	return "", false
}

// selectorByte maps a variation selector to the byte it smuggles:
// U+FE00..U+FE0F carry 0..15, U+E0100..U+E01EF carry 16..255.
func selectorByte(r rune) (byte, bool) {
	switch {
	case r >= 0xFE00 && r <= 0xFE0F:
		return byte(r - 0xFE00), true
	case r >= 0xE0100 && r <= 0xE01EF:
		return byte(r - 0xE0100 + 16), true
	}
	return 0, false
}

// DecodeSelectors decodes variation-selector smuggling in s: a run of two
// or more variation selectors after a character, each carrying one byte.
func DecodeSelectors(s string) []Payload {
	return decodeSelectors(runesOf(s))
}

func decodeSelectors(rs []runeAt) []Payload {
	var out []Payload
	for i := 0; i < len(rs); {
		if _, ok := selectorByte(rs[i].r); !ok {
			i++
			continue
		}
		start := i
		var buf []byte
		for i < len(rs) {
			b, ok := selectorByte(rs[i].r)
			if !ok {
				break
			}
			if len(buf) < MaxPayload {
				buf = append(buf, b)
			}
			i++
		}
		if i-start < 2 {
			continue
		}
		t := strings.TrimSpace(strings.ToValidUTF8(string(buf), "\uFFFD"))
		if readable(t) {
			out = append(out, Payload{Kind: KindSelectors, Offset: rs[start].off, Count: i - start, Text: t})
		}
	}
	return out
}

// readable reports whether t looks like words: at least two characters,
// at least one letter, and nine in ten characters printable.
func readable(t string) bool {
	if len(t) < 2 {
		return false
	}
	printable, letters, total := 0, 0, 0
	for _, r := range t {
		total++
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			letters++
			printable++
		case r >= 0x20 && r < 0x7F, r == '\n', r == '\t':
			printable++
		case r >= 0xA0 && r != utf8.RuneError && Classify(r) == NotInvisible:
			printable++
			letters++
		}
	}
	return letters >= 2 && printable*10 >= total*9
}
