package text

import "strings"

// The encoders below write text the way the hidden-text attacks do. They are
// the inverses of the decoders, for fixtures, samples and tests: Sentinel
// never writes hidden text into anything but its own test material.

// EncodeTags spells s in Unicode tag characters (U+E0000 plus the ASCII
// code), invisible in every editor, as the Rules File Backdoor did.
func EncodeTags(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(0xE0000 + c)
	}
	return b.String()
}

// EncodeZeroWidth spells s in zero-width characters, eight to a byte,
// U+200B for 0 and U+200C for 1.
func EncodeZeroWidth(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		for bit := 7; bit >= 0; bit-- {
			if s[i]>>uint(bit)&1 == 1 {
				b.WriteRune(0x200C)
			} else {
				b.WriteRune(0x200B)
			}
		}
	}
	return b.String()
}

// EncodeSelectors smuggles the bytes of s in variation selectors (U+FE00–
// U+FE0F for 0–15, U+E0100–U+E01EF for 16–255), to follow a visible letter.
func EncodeSelectors(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 16 {
			b.WriteRune(0xFE00 + rune(c))
		} else {
			b.WriteRune(0xE0100 + rune(c) - 16)
		}
	}
	return b.String()
}
