package meaning

import (
	"bytes"
	"math"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The scorer's fast path. Score gives what the sum over Features gives
// (TestScoreMatchesFeatures checks it), without a callback per feature,
// without allocating, and with the weights of the features that share a
// value (every word and word pair; every byte 4-gram) summed before they
// are scaled.

var lowerPool = sync.Pool{New: func() any { b := make([]byte, 0, MaxUnit); return &b }}

// appendLower appends s lowered as lowerUnit returns it (lowerUnit is
// this with a new buffer).
func appendLower(buf []byte, s string) []byte {
	if len(s) > MaxUnit {
		n := MaxUnit
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
		}
		return buf
	}
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			// What the rune path below gives an ASCII byte.
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			buf = append(buf, s[i])
			i++
			continue
		}
		l := unicode.ToLower(r)
		if utf8.RuneLen(l) != n {
			l = r
		}
		buf = utf8.AppendRune(buf, l)
		i += n
	}
	return buf
}

// nextToken returns the start and end of the first token of lower at or
// after i, as tokens cuts them; start < 0 when there is none.
func nextToken(lower []byte, i int) (start, end int) {
	start = -1
	for i < len(lower) {
		c := lower[i]
		n := 1
		var word bool
		if c < utf8.RuneSelf {
			word = 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '\'' || c == '_' || 'A' <= c && c <= 'Z'
		} else {
			var r rune
			r, n = utf8.DecodeRune(lower[i:])
			word = isWordRune(r) && !isSpacelessRune(r)
		}
		if word {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			return start, i
		}
		i += n
	}
	if start >= 0 {
		return start, len(lower)
	}
	return -1, -1
}

func fnvBytes(h uint32, b []byte) uint32 {
	for _, c := range b {
		h ^= uint32(c)
		h *= fnvPrime
	}
	return h
}

// Score returns the model's probability that the unit asks for harm.
func (m *Model) Score(unit string, f *Frame) float32 {
	bp := lowerPool.Get().(*[]byte)
	lower := appendLower((*bp)[:0], unit)
	w := m.W
	z := float64(m.Bias)

	// Words and word pairs: one value, 1/sqrt(2n+1), for all of them.
	var words float32
	ntok := 0
	var first, prev []byte
	for i := 0; ; {
		s, e := nextToken(lower, i)
		if s < 0 {
			break
		}
		t := lower[s:e]
		words += w[fnvBytes(fnvByte(fnvOffset, 'w'), t)&(dim-1)]
		if prev != nil {
			words += w[fnvBytes(fnvByte(fnvBytes(fnvByte(fnvOffset, 'b'), prev), ' '), t)&(dim-1)]
		} else {
			first = t
		}
		prev = t
		ntok++
		i = e
	}
	if ntok > 0 {
		wv := float32(1 / math.Sqrt(float64(ntok*2+1)))
		z += float64(words * wv)
	}

	// Byte 4-grams: one value, 0.5/sqrt(n), for all of them.
	if n := min(len(lower)-3, maxGrams); n > 0 {
		var grams float32
		h0 := fnvByte(fnvOffset, 'c')
		for i := 0; i < n; i++ {
			h := fnvByte(fnvByte(fnvByte(fnvByte(h0, lower[i]), lower[i+1]), lower[i+2]), lower[i+3])
			grams += w[h&(dim-1)]
		}
		cv := float32(0.5 / math.Sqrt(float64(n)))
		z += float64(grams * cv)
	}

	if first != nil {
		z += float64(w[fnvBytes(fnvByte(fnvOffset, 's'), first)&(dim-1)])
	}
	if t := bytes.TrimLeft(lower, "*_ "); len(t) > 0 && t[0] == '`' {
		z += float64(w[fnvAdd(fnvOffset, "shape code-first")&(dim-1)])
	}
	*bp = lower
	lowerPool.Put(bp)
	if f != nil {
		frameFeatures(f, func(ft Feature) { z += float64(w[ft.Index] * ft.Value) }, false)
	}
	return float32(1 / (1 + math.Exp(-z)))
}
