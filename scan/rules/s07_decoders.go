package rules

import (
	"encoding/base32"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// S7's decoders beyond single-line base64 and hex (issue #16): base32
// runs, base64 wrapped over several lines, and rot13 or reversed text when
// the file gives a reason to decode it (it asks for rot13 or to read
// backwards) or holds a rot13 or reversed trigger word. What decodes is
// read again by every scoring prose rule, as with base64. All of it is
// bounded by the file's decoding budget.

// decodeReasonLiterals are the prefilter literals of gDecode: words that
// ask the agent to decode or reverse text, and trigger words of the prose
// rules as rot13 and reversed text spell them.
var decodeReasonLiterals = []string{
	// Asking for it ("backwards compatible" and "reverse proxy" are not).
	"rot13", "rot-13", "rot 13", "caesar", "read backwards", "read it backwards", "read this backwards", "written backwards", "spelled backwards",
	"reverse it", "reverse this", "reverse each", "right to left",
	// rot13 of https://, .ssh and ignore; reversed https://, .ssh and ignore.
	"uggcf://", ".ffu", "vtaber", "//:sptth", "hss./", "erongi",
	// Naming base64: a reason for spacedB64, not for rot13 or reversal
	// (the last len(b64Names) entries; see transformed).
	"base64", "base 64", "base-64",
}

// b64Names are the words that name base64, decodeReasonLiterals' last.
var b64Names = []string{"base64", "base 64", "base-64"}

// rotReasons are the reasons to read a file in rot13 and reversed.
var rotReasons = decodeReasonLiterals[:len(decodeReasonLiterals)-len(b64Names)]

// rotReasonFilter finds any of rotReasons in one pass over a lowered text
// (a strings.Contains per reason read a whole file dozens of times).
var rotReasonFilter = sync.OnceValue(func() *text.Prefilter {
	lits := make([]text.Literal, len(rotReasons))
	for i, r := range rotReasons {
		lits[i] = text.Literal{Text: r, Group: 0}
	}
	return text.NewPrefilter(lits)
})

// s07DecodeGate makes the text layer cut every paragraph holding a
// reason to decode into units, so that a document's groups show it.
var s07DecodeGate = proseGate(anyGroup(gDecode), false)

// rot13 maps ASCII letters thirteen places on.
func rot13(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + (c-'A'+13)%26
		}
	}
	return string(b)
}

// reverseLines reverses the runes of each line of s, keeping the lines in
// their order.
func reverseLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		rs := []rune(l)
		for a, b := 0, len(rs)-1; a < b; a, b = a+1, b-1 {
			rs[a], rs[b] = rs[b], rs[a]
		}
		lines[i] = string(rs)
	}
	return strings.Join(lines, "\n")
}

// docText returns the document's lines 1..n joined, at most limit bytes
// (cut at a line end).
func docText(d *Doc, limit int) string {
	var b strings.Builder
	for l := 1; l <= d.NumLines(); l++ {
		t := d.LineText(l)
		if b.Len()+len(t)+1 > limit {
			break
		}
		b.WriteString(t)
		b.WriteByte('\n')
	}
	return b.String()
}

// decodedInstruction is an instruction found in a transformed copy of a
// document: the rule that would score it, its line and its text.
type decodedInstruction struct {
	id   string
	line int
	text string
}

// scoredLines reads s, a transformed copy of a document with the same
// lines, and returns the first instruction each scoring rule finds, by
// line; skip lists lines already reported.
func scoredLines(s string, skip map[int]bool) []decodedInstruction {
	var out []decodedInstruction
	units := unitsOf(s)
	ms := scoredMatchers()
	order := []string{"S5", "S4", "S12", "S13", "S21", "S22", "S23", "S24", "S25", "S26"}
	for i := range units {
		u := &units[i]
		if skip[u.Line] {
			continue
		}
		for _, id := range order {
			if m, ok := ms[id](u); ok && m.scored {
				out = append(out, decodedInstruction{id, u.Line, u.Text})
				skip[u.Line] = true
				break
			}
		}
	}
	return out
}

// transformed runs rot13 and line reversal over a document that gives a
// reason to decode, and reports what reads as an instruction.
func transformed(d *Doc, budget *int, report func(kind string, di decodedInstruction)) {
	if d.groups&(1<<gDecode) == 0 || *budget <= 0 {
		return
	}
	// The lines read are those docText(d, limit) would join, found
	// without joining them: most documents have no reason for rot13.
	limit := min(*budget, maxDecodeBudget)
	var lines []string
	size := 0
	for l := 1; l <= d.NumLines(); l++ {
		t := d.LineText(l)
		if size+len(t)+1 > limit {
			break
		}
		size += len(t) + 1
		lines = append(lines, t)
	}
	*budget -= 2 * size
	// A line the document says plainly turns to gibberish when
	// transformed: what reads as an instruction is news.
	seen := map[int]bool{}
	// A right-to-left override run is read reversed already (Visual).
	for i := range d.Units {
		if d.Units[i].Where == text.Visual {
			seen[d.Units[i].Line] = true
		}
	}
	// rot13 and reversal read the whole file again: only where a reason
	// to decode them is (a file that only names base64 has none).
	rot := false
	for _, t := range lines {
		if rot = rotReasonFilter().GroupsFold(t) != 0; rot {
			break // no reason holds a line break: a line at a time is the same
		}
	}
	if rot {
		src := docText(d, limit)
		for _, t := range []struct {
			kind string
			f    func(string) string
		}{{"rot13", rot13}, {"reversed", reverseLines}} {
			for _, di := range scoredLines(t.f(src), seen) {
				report(t.kind, di)
			}
		}
	}
	spacedB64Lines(lines, budget, func(line int, decoded string) {
		if id, ok := scoredInstruction(decoded); ok && !seen[line] {
			seen[line] = true
			report("spaced", decodedInstruction{id, line, decoded})
		}
	})
}

// spacedB64 finds, line by line, runs of three or more words of base64
// characters (each with a digit, '+', '/', '=' or a capital after its
// first letter, which ordinary words have not) that join to minRun or
// more characters, and reports those whose joined text decodes to words:
// base64 split by spaces, which a model joins when told to decode it.
func spacedB64(src string, budget *int, report func(line int, decoded string)) {
	spacedB64Lines(strings.Split(src, "\n"), budget, report)
}

// spacedB64Lines is spacedB64 over the lines of a text (line n+1 is
// lines[n]).
func spacedB64Lines(lines []string, budget *int, report func(line int, decoded string)) {
	var sc decodeScratch
	for n, line := range lines {
		if len(line) < minRun || !spacedRunPossible(line) {
			continue // no run of three chunks minRun long can be in it
		}
		words := strings.Fields(line)
		for i := 0; i < len(words) && *budget > 0; {
			j := i
			for j < len(words) && b64Chunk(words[j]) {
				j++
			}
			// A word before the run may look like base64 too ("this
			// base64 SWdu…"): up to two are dropped from its front.
			for k := i; k < i+3 && j-k >= 3 && *budget > 0; k++ {
				run := strings.Join(words[k:j], "")
				if len(run) < minRun {
					break
				}
				*budget -= len(run)
				if dec, ok := sc.decodeB64(run); ok && wordy(dec) {
					report(n+1, string(dec))
					break
				}
			}
			i = max(j, i+1)
		}
	}
}

// b64Chunk reports a word of base64 characters that is not an ordinary
// word: it holds a digit, '+', '/', '=', '-', '_' or a capital letter after
// its first character.
// spacedRunPossible reports that s holds three or more b64Chunk words in
// a row that join to minRun characters or more, without cutting it into
// words: any byte outside ASCII or ASCII white space ends a word here
// (strings.Fields ends words only at white space, but a word with a
// byte outside ASCII is no chunk, so no run is lost).
func spacedRunPossible(s string) bool {
	run, length := 0, 0
	for i := 0; i < len(s); {
		if endsWord(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && !endsWord(s[j]) {
			j++
		}
		if b64Chunk(s[i:j]) {
			run++
			length += j - i
			if run >= 3 && length >= minRun {
				return true
			}
		} else {
			run, length = 0, 0
		}
		i = j
	}
	return false
}

// endsWord: ASCII white space, or any byte outside ASCII.
func endsWord(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c >= 0x80
}

func b64Chunk(w string) bool {
	sign := false
	for k := 0; k < len(w); k++ {
		c := w[k]
		if !isB64(c) {
			return false
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || k > 0 && c >= 'A' && c <= 'Z' {
			sign = true
		}
	}
	return sign
}

// base32Run reports a run of the base32 alphabet (upper-case letters, 2-7,
// padding): base32 decodes it, where base64 would give bytes that are not
// words.
func base32Run(run string) bool {
	if len(run) < minRun {
		return false
	}
	for k := 0; k < len(run); k++ {
		c := run[k]
		if !(c >= 'A' && c <= 'Z' || c >= '2' && c <= '7' || c == '=') {
			return false
		}
	}
	return true
}

// decodeBase32 decodes run as padded or unpadded base32, else its longest
// prefix of whole groups.
func decodeBase32(run string) ([]byte, bool) {
	trimmed := strings.TrimRight(run, "=")
	if b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(trimmed); err == nil {
		return b, true
	}
	if n := len(trimmed) / 8 * 8; n >= 8 {
		if b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(trimmed[:n]); err == nil {
			return b, true
		}
	}
	return nil, false
}

// maxWrapped bounds the bytes of one base64 block wrapped over lines.
const maxWrapped = 64 << 10

// wrappedB64 finds blocks of two or more consecutive lines each made
// only of base64 characters (16 or more) and reports those whose joined
// text decodes to words, with the block's first line.
func wrappedB64(d *Doc, sc *decodeScratch, budget *int, report func(line int, kind, decoded string)) {
	var block strings.Builder
	first, count := 0, 0
	flush := func() {
		if count >= 2 && block.Len() >= minRun && *budget > 0 {
			run := block.String()
			*budget -= len(run)
			if base32Run(run) {
				if dec, ok := decodeBase32(run); ok && wordy(dec) {
					report(first, "base32", string(dec))
				}
			} else if dec, ok := sc.decodeB64(run); ok && wordy(dec) {
				report(first, "base64", string(dec))
			}
		}
		block.Reset()
		count = 0
	}
	d.Base64Lines(func(from, to int) {
		for l := from; l <= to && *budget > 0; l++ {
			t := strings.TrimSpace(d.LineText(l))
			if len(t) < 16 || !allB64Line(t) || block.Len()+len(t) > maxWrapped {
				flush()
				continue
			}
			if count == 0 {
				first = l
			}
			block.WriteString(t)
			count++
		}
		flush()
	})
}

// allB64Line reports a line made only of base64 characters, with at
// least one that is not a letter (a word is not base64).
func allB64Line(t string) bool {
	other := false
	for k := 0; k < len(t); k++ {
		c := t[k]
		if !isB64(c) {
			return false
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			other = true
		}
	}
	return other && utf8.ValidString(t)
}

// syntheticUnit is a unit standing for a line of the document, for
// findings on text decoded from it.
func syntheticUnit(line int, s string) *text.Unit {
	return &text.Unit{Text: s, Lower: text.Lower(s), Line: line, Where: text.Prose}
}

// lowerBase32 reports a run of the base32 alphabet in lower case (a–z,
// 2–7, padding), with at least one digit: a word in lower case is not one.
func lowerBase32(run string) bool {
	if len(run) < minRun {
		return false
	}
	digit := false
	for k := 0; k < len(run); k++ {
		c := run[k]
		switch {
		case c >= 'a' && c <= 'z', c == '=':
		case c >= '2' && c <= '7':
			digit = true
		default:
			return false
		}
	}
	return digit
}

// maxNest bounds how many encodings inside each other S7 undoes (hex of
// base64 of an instruction is two).
const maxNest = 2

// nested reads decoded bytes that are not words but are themselves one
// run of base64, base32 or hex (an encoding inside an encoding), and
// appends what that run decodes to, with the outer run's place, to out.
// The inner decoding spends the same budget, up to maxNest deep.
func (sc *decodeScratch) nested(out []encoded, kind string, start, end int, dec []byte, budget *int) []encoded {
	inner := strings.TrimSpace(string(dec)) // a copy: sc's buffers are reused below
	if sc.depth+1 >= maxNest || len(inner) < minRun || !utf8.ValidString(inner) {
		return out
	}
	for k := 0; k < len(inner); k++ {
		if !isB64(inner[k]) {
			return out
		}
	}
	sc.depth++
	defer func() { sc.depth-- }()
	for _, c := range sc.candidates(inner, 0, budget) {
		if c.start == 0 && c.end == len(inner) {
			return append(out, encoded{c.kind + " inside " + kind, start, end, c.decoded})
		}
	}
	return out
}
