// Package ascii holds byte-level text helpers that more than one package
// needs: the scanner's quick checks and the guard's command and patch readers.
package ascii

// HasFoldPrefix reports whether s starts with w, a lower-case ASCII word,
// in any case. It compares each byte with its 0x20 bit set, so it may also
// say yes where w holds punctuation and s a control character or '@'-range
// byte ('`' matches '@'): callers use it only to skip work, never to decide.
func HasFoldPrefix(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if s[i]|0x20 != w[i] {
			return false
		}
	}
	return true
}

// ClosingQuote returns the index of the double quote that closes the quoted
// string s starts with (s[0] is taken to be the opening quote), skipping any
// byte after a backslash, or -1 when the quote is never closed.
func ClosingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}
