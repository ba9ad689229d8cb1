package meaning

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// A line filter for Warnings: which lines of a file can hold the forms a
// warning needs. A pass that already reads every line of the file (the
// text layer's prefilter) can carry LineKeys; WarningsLines then cuts
// and reads only the blocks whose lines' groups, with those the block
// before may lend, can satisfy a rule, and the block before each of
// them.
//
// Rule S45 does not use it: measured on the wild corpus, the keys (a
// class's literals as substrings, without the form gate's token starts
// and words around) leave 57–66% of the units to be cut, and carrying
// them in the text layer's prefilter costs about what they spare
// (docs/BENCHMARKS.md, "S45 inside the text layer's pass"). It is kept,
// held to Warnings by TestWarningsLinesMatchesWarnings and
// FuzzWarningsLines, for the measurements (TestWarningsLinesCPU,
// rules' TestS45LinePassCPU).

// LineAll is the group of LineKeys whose line may hold any class: a rune
// that is, or lowers to, a rune of a literal outside ASCII.
func LineAll() int { return len(loaded().group) }

// lineKeyLen bounds a key's bytes: a shorter key is a substring too, and
// keeps the automaton that carries the keys small.
const lineKeyLen = 6

// LineKeys returns the keys a line filter looks for, lower case, each
// with its group (the gate's group of a class, or LineAll): wherever
// Warnings' form gate finds a class in a unit, one of the class's keys
// stands on a line of the unit (capitals read as lower case), or a key of
// LineAll does. Nil when the data did not load.
func LineKeys() []text.Literal { return lineKeysOnce() }

var lineKeysOnce = sync.OnceValue(func() []text.Literal { return lineKeys(lineKeyLen) })

// lineKeys builds LineKeys with keys of at most n bytes.
func lineKeys(n int) []text.Literal {
	d := loaded()
	if d.gate == nil {
		return nil
	}
	seen := map[text.Literal]bool{}
	var out []text.Literal
	add := func(l text.Literal) {
		if l.Text != "" && !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for _, l := range needed(d.gate.lits) {
		if !isASCII(l.Text) {
			continue
		}
		// A unit's text is its lines' text, trimmed, joined by line
		// breaks, a row's bars written " ; ": the longest run of a
		// literal without those bytes stands on one line.
		best := ""
		for _, f := range strings.FieldsFunc(l.Text, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == ';' || r == '|' }) {
			if len(f) > len(best) {
				best = f
			}
		}
		if len(best) > n {
			best = best[:n]
		}
		add(text.Literal{Text: best, Group: l.Group})
	}
	// A literal outside ASCII is found in the unit lowered (appendLower:
	// a rune lowered to one of the same length): the line holds one of
	// its runes outside ASCII, or a rune that lowers to one. Such a line
	// may hold any class. A rune is keyed by its first byte, except in
	// the blocks of punctuation and symbols that lines of every language
	// hold (U+2000–U+2FFF, U+F000–U+FFFF, and above U+FFFF), where it is
	// keyed whole.
	all := LineAll()
	var runes []rune
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		l := unicode.ToLower(r)
		if utf8.RuneLen(l) != utf8.RuneLen(r) {
			l = r
		}
		if d.gate.holdsWide(l) {
			runes = append(runes, r)
		}
	}
	for _, r := range runes {
		var b [4]byte
		k := utf8.EncodeRune(b[:], r)
		if k == 2 || k == 3 && !(r >= 0x2000 && r <= 0x2FFF || r >= 0xF000) {
			k = 1
		}
		add(text.Literal{Text: string(b[:k]), Group: all})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Group != out[j].Group {
			return out[i].Group < out[j].Group
		}
		return out[i].Text < out[j].Text
	})
	return out
}

// holdsWide reports whether a literal outside ASCII holds r.
func (g *unitGate) holdsWide(r rune) bool {
	if r < 1<<16 {
		return g.wideRunes[r/64]&(1<<(r%64)) != 0
	}
	return g.wideHigh[r]
}

// lineMask is the groups of a line whose LineKeys groups are m.
func lineMask(d *data, m uint64) uint64 {
	if m>>len(d.group)&1 != 0 {
		return ^uint64(0)
	}
	return m
}

// WarningsLines is Warnings(src) given, for each line of src (split at
// line breaks), the groups of the LineKeys it holds (bit i for group i):
// only the blocks (a paragraph, a list item, a row) whose lines' groups,
// with the lent groups of the block before in the same paragraph, can
// satisfy a rule are cut into units and read, with the block before each.
// With lines that do not fit src, or a file that may hold more units than
// Warnings reads, it is Warnings.
func WarningsLines(src string, lines []uint64) []Reading {
	if len(lines) != strings.Count(src, "\n")+1 || mayExceedUnits(src) {
		return Warnings(src)
	}
	d := loaded()
	if d.gate == nil {
		return Warnings(src)
	}
	fg := formGateOnce()
	up := unitPool.Get().(*[]Unit)
	gp := gapPool.Get().(*[]bool)
	units, gaps := appendUnitsMarked((*up)[:0], (*gp)[:0], src, lines, d)
	out := analyzeUnits(src, units, gaps, false, fg)
	clear(units)
	*up, *gp = units[:0], gaps[:0]
	unitPool.Put(up)
	gapPool.Put(gp)
	return out
}

var gapPool = sync.Pool{New: func() any { return new([]bool) }}

// mayExceedUnits reports a file that may hold maxUnits units or more:
// each unit after the first starts after a line break, a sentence's end
// ('.', '!', '?', or a rune whose first byte is 0xE3 or 0xEF, as '。',
// '！' and '？' are), or MaxUnit-1 bytes of the unit before.
func mayExceedUnits(src string) bool {
	if len(src) < 2*maxUnits {
		// Every unit but the last takes two bytes at least: its text and
		// what ends it.
		return false
	}
	n := 1 + len(src)/(MaxUnit-1)
	for _, c := range []string{"\n", ".", "!", "?", "\xe3", "\xef"} {
		n += strings.Count(src, c)
	}
	return n >= maxUnits
}

// appendUnitsMarked is appendUnitsLower(out, src, false) for the blocks
// WarningsLines reads only (see there), with gaps: for each unit, whether
// the unit before it in the file was left out. lines holds the LineKeys
// groups of each line of src.
func appendUnitsMarked(out []Unit, gaps []bool, src string, lines []uint64, d *data) ([]Unit, []bool) {
	fence := ""
	para := 0
	section, sectionLine := "", 0
	heading, headingLine := "", 0
	intro := false
	cur := ""
	var more strings.Builder
	curLine, curKind := 0, ""
	// The block before, kept until the next block says whether it is
	// read: its text (a copy when it spans lines), what appendSentences
	// needs, its groups, and whether it is read for itself (can satisfy
	// a rule with the lent groups of the block before it).
	type block struct {
		text, kind, section string
		line, sectionLine   int
		para                int
		groups              uint64
		warn, set           bool
	}
	var pend block
	// cutBefore says the last block that came before pend was cut
	// (its last unit is the one before pend's first).
	cutBefore := false
	emit := func(b *block, gap bool) {
		n := len(out)
		out = appendSentences(out, b.text, b.line, b.kind, b.section, b.sectionLine, b.para)
		for i := n; i < len(out); i++ {
			gaps = append(gaps, i == n && gap)
		}
	}
	// resolve settles pend given the block after it (nil at the end):
	// pend is read when it can warn, or the next block, in its
	// paragraph, can.
	resolve := func(next *block) {
		if !pend.set {
			return
		}
		cut := pend.warn || next != nil && next.para == pend.para && next.warn
		if cut {
			emit(&pend, !cutBefore)
		}
		cutBefore = cut
		pend = block{}
	}
	// push hands a finished block over: it becomes pend.
	push := func(text string, line, lastLine int, kind string) {
		if strings.TrimSpace(text) == "" {
			// No unit (a row of spaces): the block is not there.
			return
		}
		var g uint64
		for l := line - 1; l < lastLine && l < len(lines); l++ {
			g |= lineMask(d, lines[l])
		}
		b := block{text: text, kind: kind, section: section, sectionLine: sectionLine, line: line, para: para, groups: g, set: true}
		lent := uint64(0)
		if pend.set && pend.para == para {
			lent = pend.groups & d.lend
		}
		b.warn = d.possible(g) || lent != 0 && d.possible(g|lent)
		resolve(&b)
		pend = b
	}
	lastLine := 0
	flush := func() {
		if more.Len() > 0 {
			cur = more.String()
			more.Reset()
		}
		if cur != "" {
			push(cur, curLine, lastLine, curKind)
			cur = ""
		}
	}
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
	blank, prevBlank := false, false
	for i := start; pos <= len(src); i++ {
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
			section, sectionLine = h, ln
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
			push(row, ln, ln, "row")
			continue
		}
		body, kind, isItem := listItem(t)
		if intro && !isItem && cur == "" && !strings.HasPrefix(t, "|") && i > 0 && prevBlank {
			section, sectionLine, intro = heading, headingLine, false
		}
		if isItem {
			flush()
			cur = body
			curLine, curKind, lastLine = ln, kind, ln
			continue
		}
		if cur == "" {
			curLine, curKind, lastLine = ln, "sentence", ln
			if strings.HasSuffix(t, ":") {
				flush()
				section, sectionLine, intro = t, ln, true
				push(t, ln, ln, "sentence")
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
		lastLine = ln
	}
	flush()
	resolve(nil)
	return out, gaps
}
