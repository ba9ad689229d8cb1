// Package ascii holds byte-level text tests the scanner's quick checks share.
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
