package meaning

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Unit is one instruction unit of a file.
type Unit struct {
	Text string `json:"text"`
	Line int    `json:"line"`
	// Kind is sentence, item, row, step, quote or heading.
	Kind string `json:"kind"`
	// Section is the nearest heading above, or the line that introduces a
	// list ("Never:"), lowered; "" for none.
	Section     string `json:"-"`
	SectionLine int    `json:"-"`
	// Para counts paragraphs and lists: units of the same Para are
	// neighbours, which Join may combine.
	Para int `json:"-"`
}

// maxUnits bounds the units read from one file.
const maxUnits = 5000

// Units cuts a Markdown instruction file into units. Fenced code, front
// matter and HTML comments are left out (the deterministic rules read
// them); a blockquote is read as the text it quotes, since agent files
// quote team policy to be followed.
func Units(src string) []Unit { return appendUnits(nil, src) }

// appendUnits appends the units of src to out (given empty, so maxUnits
// counts this file's units).
func appendUnits(out []Unit, src string) []Unit { return appendUnitsLower(out, src, true) }

// appendUnitsLower is appendUnits, with each unit's Section lowered only
// when lower is set (Warnings lowers the few it reads).
func appendUnitsLower(out []Unit, src string, lower bool) []Unit {
	toLower := strings.ToLower
	if !lower {
		toLower = func(s string) string { return s }
	}
	fence := ""
	para := 0
	section, sectionLine := "", 0
	// A line that introduces a list ("Never:") governs that list only;
	// the heading's section comes back after it.
	heading, headingLine := "", 0
	intro := false
	// cur is the paragraph or item being gathered: while it is one line,
	// that line of src (no copy); from its second line on, the lines
	// joined in more.
	cur := ""
	var more strings.Builder
	curLine, curKind := 0, ""
	flush := func() {
		if more.Len() > 0 {
			cur = more.String()
			more.Reset()
		}
		if cur != "" {
			out = appendSentences(out, cur, curLine, curKind, section, sectionLine, para)
			cur = ""
		}
	}
	// The lines are walked in place (no slice of them): line i starts at
	// pos, and the loop ends when pos passes the end, after the last line
	// (which is "" when src ends in a line break, as strings.Split has it).
	start, pos := 0, 0
	if first, _, _ := strings.Cut(src, "\n"); strings.TrimSpace(first) == "---" {
		for i, p := 1, len(first)+1; p <= len(src); i++ {
			l, _, _ := strings.Cut(src[p:], "\n")
			if strings.TrimSpace(l) == "---" {
				start, pos = i+1, p+len(l)+1
				break
			}
			p += len(l) + 1
		}
	}
	inComment := false
	// blank says the line before was blank (the front matter's closing
	// line is not).
	blank, prevBlank := false, false
	for i := start; pos <= len(src) && len(out) < maxUnits; i++ {
		ln := i + 1
		line, _, _ := strings.Cut(src[pos:], "\n")
		pos += len(line) + 1
		raw := strings.TrimRight(line, "\r")
		t := strings.TrimSpace(raw)
		prevBlank, blank = blank, t == ""
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			flush()
			para++
			fence = t[:3]
			continue
		}
		if inComment {
			if strings.Contains(t, "-->") {
				inComment = false
			}
			continue
		}
		if strings.HasPrefix(t, "<!--") {
			if !strings.Contains(t, "-->") {
				inComment = true
			}
			continue
		}
		for strings.HasPrefix(t, ">") {
			t = strings.TrimSpace(t[1:])
		}
		if t == "" {
			flush()
			para++
			continue
		}
		if strings.HasPrefix(t, "#") {
			flush()
			para++
			h := strings.TrimSpace(strings.TrimLeft(t, "#"))
			section, sectionLine = toLower(h), ln
			heading, headingLine, intro = section, ln, false
			continue
		}
		if strings.HasPrefix(t, "|") {
			flush()
			if isSeparatorRow(t) {
				continue
			}
			row := strings.Trim(t, "|")
			row = strings.ReplaceAll(row, "|", " ; ")
			out = appendSentences(out, row, ln, "row", section, sectionLine, para)
			continue
		}
		body, kind, isItem := listItem(t)
		if intro && !isItem && cur == "" && !strings.HasPrefix(t, "|") && i > 0 && prevBlank {
			section, sectionLine, intro = heading, headingLine, false
		}
		if isItem {
			flush()
			cur = body
			curLine, curKind = ln, kind
			continue
		}
		if cur == "" {
			curLine, curKind = ln, "sentence"
			if strings.HasSuffix(t, ":") {
				// A line that introduces a list sets its section.
				flush()
				section, sectionLine, intro = toLower(t), ln, true
				out = appendSentences(out, t, ln, "sentence", section, sectionLine, para)
				continue
			}
			cur = t
			continue
		}
		if more.Len() == 0 {
			more.WriteString(cur)
		}
		more.WriteByte('\n')
		more.WriteString(t)
	}
	flush()
	return out
}

func isSeparatorRow(t string) bool {
	for _, r := range t {
		if !strings.ContainsRune("|-: ", r) {
			return false
		}
	}
	return true
}

// listItem strips a list marker: "- ", "* ", "+ ", "- [ ] ", "1. ", "1) ".
func listItem(t string) (string, string, bool) {
	for _, p := range []string{"- [ ] ", "- [x] ", "* [ ] ", "- ", "* ", "+ "} {
		if strings.HasPrefix(t, p) {
			return strings.TrimSpace(t[len(p):]), "item", true
		}
	}
	n := 0
	for n < len(t) && n < 4 && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && t[n+1] == ' ' {
		return strings.TrimSpace(t[n+2:]), "step", true
	}
	return "", "", false
}

// appendSentences cuts s into sentences and appends them as units.
func appendSentences(out []Unit, s string, line int, kind, section string, sectionLine, para int) []Unit {
	start := 0
	// counted and nl track the newlines before counted, so lines are
	// counted once however many sentences a paragraph holds.
	counted, nl := 0, 0
	emit := func(end int) {
		t := strings.TrimSpace(s[start:end])
		if t != "" && len(out) < maxUnits {
			lead := len(s[start:end]) - len(strings.TrimLeft(s[start:end], " \t\r\n"))
			nl += strings.Count(s[counted:start+lead], "\n")
			counted = start + lead
			l := line + nl
			out = append(out, Unit{Text: t, Line: l, Kind: kind, Section: section, SectionLine: sectionLine, Para: para})
		}
	}
	for i := 0; i < len(s); {
		// Bytes that can end no sentence are passed over in a tight
		// loop: any but '.', '!', '?' and the bytes of runes outside
		// ASCII, while the sentence is short of MaxUnit (past it, a
		// space or line break ends it too).
		for stop := min(len(s), start+MaxUnit-1); i < stop && !sentenceByte[s[i]]; {
			i++
		}
		if i >= len(s) {
			break
		}
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		end := i + n
		switch {
		case r == '。' || r == '！' || r == '？':
			emit(end)
			start = end
		case (r == '.' || r == '!' || r == '?') && (end == len(s) || s[end] == ' ' || s[end] == '\n') && !abbrev(s[start:i]):
			emit(end)
			start = end
		case end-start >= MaxUnit && (r == ' ' || r == '\n'):
			emit(end)
			start = end
		}
		i = end
	}
	if start < len(s) {
		emit(len(s))
	}
	return out
}

// sentenceByte marks the bytes appendSentences must look at: those that
// may end a sentence ('.', '!', '?') and those of runes outside ASCII
// ('。', '！', '？').
var sentenceByte = func() (t [256]bool) {
	t['.'], t['!'], t['?'] = true, true, true
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = true
	}
	return t
}()

// abbrev reports a sentence so far that ends in an abbreviation such as
// "e.g" or "i.e" (the full stop after it ends no sentence).
func abbrev(s string) bool {
	if len(s) > 4 {
		s = s[len(s)-4:]
	}
	s = strings.ToLower(s)
	for _, a := range []string{"e.g", "i.e", "etc", "vs", "cf"} {
		if strings.HasSuffix(s, a) {
			return true
		}
	}
	return false
}

// stopwords tell Latin-script languages apart.
var stopwords = map[string][]string{
	"en": {"the", "and", "to", "of", "is", "are", "in", "for", "with", "that", "this", "you", "it", "on", "be", "each", "every", "into", "your", "when"},
	"es": {"el", "la", "los", "las", "de", "del", "que", "y", "en", "con", "para", "por", "una", "un", "es", "cada", "se", "al"},
	"pt": {"o", "os", "as", "do", "da", "dos", "das", "que", "e", "em", "com", "para", "por", "uma", "um", "é", "cada", "no", "na", "ao"},
	"fr": {"le", "la", "les", "des", "du", "de", "et", "en", "pour", "avec", "une", "un", "est", "chaque", "dans", "sur", "au", "aux", "vous"},
	"de": {"der", "die", "das", "den", "dem", "und", "zu", "mit", "für", "ein", "eine", "ist", "im", "in", "jede", "jeden", "auf", "von", "nach"},
}

var latinLangs = [...]string{"en", "es", "pt", "fr", "de"}

// stopIndex maps a stopword to the indexes in latinLangs of its languages.
var stopIndex = func() map[string][]int {
	m := map[string][]int{}
	for i, l := range latinLangs {
		for _, w := range stopwords[l] {
			m[w] = append(m[w], i)
		}
	}
	return m
}()

// maxStopword is the length in bytes of the longest stopword.
const maxStopword = 8

// stopTable finds a stopword's languages by the word packed into a
// uint64 (its bytes, first byte lowest): an open-addressed table, which
// Lang, run on every unit read, looks up faster than a map of strings.
// TestStopTableMatchesStopwords checks it against stopIndex.
var stopTable = func() *stopHash {
	t := &stopHash{}
	for w, ls := range stopIndex {
		if len(w) > maxStopword {
			panic("meaning: a stopword longer than maxStopword")
		}
		var k uint64
		for n := len(w) - 1; n >= 0; n-- {
			k = k<<8 | uint64(w[n])
		}
		var m uint8
		for _, l := range ls {
			m |= 1 << l
		}
		i := stopSlot(k)
		for t.keys[i] != 0 {
			i = (i + 1) % stopSlots
		}
		t.keys[i], t.mask[i] = k, m
	}
	return t
}()

const stopSlots = 512

type stopHash struct {
	keys [stopSlots]uint64
	mask [stopSlots]uint8
}

func stopSlot(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> (64 - 9) }

// langs returns the languages (bits over latinLangs) of the packed word k.
func (t *stopHash) langs(k uint64) uint8 {
	for i := stopSlot(k); ; i = (i + 1) % stopSlots {
		switch t.keys[i] {
		case k:
			return t.mask[i]
		case 0:
			return 0
		}
	}
}

// wordByte reports a byte of a word: a letter, or a byte of a multi-byte
// rune (é, ü, ç).
func wordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf
}

// wordBytes is wordByte as a table.
var wordBytes = func() (t [256]bool) {
	for c := range t {
		t[c] = wordByte(byte(c))
	}
	return t
}()

// asciiLetter is 1 for an ASCII letter, 0 for any other byte.
var asciiLetter = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = 1, 1
	}
	return t
}()

// Lang guesses the language of a text from its script and, for Latin
// script, its commonest words. It returns "" when nothing tells.
func Lang(s string) string {
	if len(s) > 8192 {
		s = s[:8192]
	}
	var hangul, kana, han, cyr, latin int
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		latin = 1
	}
	for i := 0; i < len(s) && !ascii; {
		// ASCII bytes are read as bytes, without decoding.
		if c := s[i]; c < utf8.RuneSelf {
			latin += int(asciiLetter[c])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		// Block ranges, not unicode.Is: this runs on every unit.
		switch {
		case r < 0x250:
			if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r >= 0xC0 && r != 0xD7 && r != 0xF7 {
				latin++
			}
		case 0x0400 <= r && r <= 0x052F:
			cyr++
		case 0xAC00 <= r && r <= 0xD7A3, 0x1100 <= r && r <= 0x11FF, 0x3130 <= r && r <= 0x318F:
			hangul++
		case 0x3040 <= r && r <= 0x30FF, 0x31F0 <= r && r <= 0x31FF, 0xFF66 <= r && r <= 0xFF9F:
			kana++
		case 0x4E00 <= r && r <= 0x9FFF, 0x3400 <= r && r <= 0x4DBF, 0xF900 <= r && r <= 0xFAFF, 0x20000 <= r && r <= 0x2FA1F:
			han++
		}
	}
	// A script counts when it makes a fifth of the letters (a Japanese
	// sentence in an English file full of identifiers is Japanese).
	total := hangul + kana + han + cyr + latin
	if total == 0 {
		return ""
	}
	switch {
	case hangul*5 >= total:
		return "ko"
	case kana > 0 && (kana+han)*5 >= total:
		return "ja"
	case han*5 >= total:
		return "zh"
	case cyr*5 >= total:
		return "ru"
	}
	var counts [len(latinLangs)]int
	for i := 0; i < len(s); {
		for i < len(s) && !wordBytes[s[i]] {
			i++
		}
		j := i
		for j < len(s) && wordBytes[s[j]] {
			j++
		}
		if w := s[i:j]; len(w) > 0 && len(w) <= maxStopword {
			// The word lowered and packed into a word of the machine
			// (no stopword is longer than eight bytes, and no word
			// holds a zero byte, so the packing is one to one).
			var k uint64
			for n := len(w) - 1; n >= 0; n-- {
				c := w[n]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				k = k<<8 | uint64(c)
			}
			for m := stopTable.langs(k); m != 0; m &= m - 1 {
				counts[bits.TrailingZeros8(m)]++
			}
		}
		i = j
	}
	best, bestN := "", 0
	for i, l := range latinLangs {
		if counts[i] > bestN {
			best, bestN = l, counts[i]
		}
	}
	if bestN < 2 {
		return ""
	}
	return best
}
