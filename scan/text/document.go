package text

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
)

// MaxListed bounds how many invisible characters a Document lists one by
// one; InvisibleCount always holds the full count.
const MaxListed = 1000

// MaxUnit bounds a unit's length in bytes. A longer sentence (a minified
// line, a wall of text without full stops) is cut at spaces, so the work
// any rule does per match stays bounded.
const MaxUnit = 4096

// Invisible is one invisible character outside the allowlist.
type Invisible struct {
	Offset int   `json:"offset"` // byte offset in the file
	Line   int   `json:"line"`
	Rune   rune  `json:"rune"`
	Class  Class `json:"class"`
}

// Hidden is a payload decoded from invisible characters, with its line.
type Hidden struct {
	Payload
	Line int
}

// Where says where in a file a unit of text comes from.
type Where uint8

// Places a unit can come from.
const (
	Prose   Where = iota // visible text
	Code                 // a line of a fenced code block
	Comment              // an HTML comment, invisible in a rendered preview
	Decoded              // text decoded from invisible characters
	Visual               // a right-to-left override run in the order a preview shows it
)

func (w Where) String() string {
	switch w {
	case Code:
		return "code"
	case Comment:
		return "comment"
	case Decoded:
		return "hidden text"
	case Visual:
		return "reversed text"
	}
	return "prose"
}

// Unit is a sentence of prose, a line of code, a sentence of a comment or
// of decoded hidden text: the piece of text a rule matches against.
type Unit struct {
	Text  string // normalised
	Lower string // Text with ASCII letters lowered; same byte offsets
	Line  int    // line of the unit's first character (1-based)
	Where Where
	// Payload is set for Decoded units.
	Payload *Hidden
	// Groups is filled by a Prefilter, when the caller uses one.
	Groups uint64
}

// LineAt returns the line of byte offset i of the unit's text.
func (u *Unit) LineAt(i int) int {
	if i > len(u.Text) {
		i = len(u.Text)
	}
	return u.Line + strings.Count(u.Text[:i], "\n")
}

// Block is a multi-line region: an HTML comment or a fenced code block.
type Block struct {
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
	Info    string `json:"info,omitempty"` // a fence's info string
	Text    string `json:"text,omitempty"` // a comment's text
}

// Link is a Markdown link or a bare URL.
type Link struct {
	Line int    `json:"line"`
	Text string `json:"text,omitempty"`
	URL  string `json:"url"`
}

// Document is an instruction file as the rules read it.
type Document struct {
	// lines holds the file's lines when they are not slices of src (a
	// file of invalid UTF-8); see LineText.
	lines []string
	// Invisible lists invisible characters outside the allowlist (at
	// most MaxListed); InvisibleCount counts all of them.
	Invisible      []Invisible
	InvisibleCount int
	// Allowed counts invisible characters the allowlist kept.
	Allowed     int
	Hidden      []Hidden
	Units       []Unit
	Comments    []Block
	Fences      []Block
	Links       []Link
	InvalidUTF8 bool

	lineStarts []int
	// src is the file as one string and srcLower its lowered twin, when
	// the file is valid UTF-8 (else empty).
	src, srcLower string
	// plain is set when Normalize leaves every line of the file as it is
	// (no escapes, nothing to fold or remove); hasLink, hasURL and
	// hasRefComment say whether the file holds "](", "://" and "]:" at
	// all. They let structure skip per-line work that cannot find
	// anything; the units are the same either way.
	plain, hasLink, hasURL, hasRefComment bool
	// hasComment says whether a line can open an HTML comment: the file
	// holds "<!--", or is not plain (Normalize folds full-width forms).
	hasComment bool
	// clean, when set, marks the lines of a file that is not plain that
	// Normalize leaves as they are.
	clean []bool
	// Marked says the units' Groups are already set (AnalyzeFiltered).
	Marked bool
	// filter and lineGroups are set while AnalyzeFiltered works: the
	// groups of each line of the file, as the filter's prefilter finds
	// them.
	filter     *Filter
	lineGroups []uint64
	// b64Blocks are the blocks Base64Lines reports, found by structure.
	b64Blocks [][2]int
	// frontEnd is the number of lines of a YAML front matter at the top
	// of the file (its fences included), 0 without one.
	frontEnd int
}

// Filter lets AnalyzeFiltered pass over the parts of a file no rule can
// match without cutting them into units.
type Filter struct {
	// Prefilter sets each unit's Groups, and finds the groups of each line.
	Prefilter *Prefilter
	// Need reports whether a region of the file, a paragraph of whole
	// lines or a fenced code block with the given groups (the union of
	// its lines') and text, must be cut into units. It must be monotone
	// in the groups: true for a set is true for every set that holds it.
	Need func(groups uint64, region string) bool
}

// noShortcuts turns off the shortcuts Analyze takes for files that need
// no normalising, hold no links or comments, or whose invisible characters
// are all allowed; tests set it to prove the shortcuts change nothing.
var noShortcuts = false

// norm is Normalize for line i (0-based) of the file.
func (d *Document) norm(i int, line string) string {
	if i < d.frontEnd {
		return frontMatterValue(Normalize(line))
	}
	if noShortcuts {
		return Normalize(line)
	}
	if d.plain || d.clean != nil && d.clean[i] {
		return line
	}
	return Normalize(line)
}

// cleanLines marks the lines of src (a valid file whose lines start at
// lineStarts) that hold nothing Normalize would change: no escape and no
// rune that needsNormalizing reports. Only the other lines are normalised.
func (d *Document) cleanLines(src string, esc int) {
	d.clean = make([]bool, len(d.lineStarts))
	for i := range d.clean {
		d.clean[i] = true
	}
	// unmark clears every line on which find finds something, starting at
	// from; it goes on from the next line, since that one is normalised
	// anyway.
	unmark := func(from int, find func(string) int) {
		for from < len(src) {
			k := find(src[from:])
			if k < 0 {
				return
			}
			d.clean[d.LineOf(from+k)-1] = false
			nl := strings.IndexByte(src[from+k:], '\n')
			if nl < 0 {
				return
			}
			from += k + nl + 1
		}
	}
	// esc is the first escape of src, or -1.
	if esc >= 0 {
		unmark(esc, firstEscape)
	}
	unmark(0, firstToNormalize)
}

// pristine returns the lowered twin of line i (0-based) when the line is
// exactly a slice of the file (valid UTF-8, no carriage return, unchanged
// by Normalize).
func (d *Document) pristine(i int, n string) (string, bool) {
	if d.src == "" || i >= len(d.lineStarts) {
		return "", false
	}
	start := d.lineStarts[i]
	end := start + len(n)
	if end > len(d.src) || d.src[start:end] != n || end < len(d.src) && d.src[end] != '\n' {
		return "", false
	}
	return d.lowerOf(start, end), true
}

// lineStarts returns the offset of each line of data.
func lineStarts(data []byte) []int {
	starts := make([]int, 1, bytes.Count(data, []byte{'\n'})+1)
	for i := 0; ; {
		k := bytes.IndexByte(data[i:], '\n')
		if k < 0 {
			return starts
		}
		i += k + 1
		starts = append(starts, i)
	}
}

// lowerLines returns Lower(s), the offset of each line of s and the
// length of its ASCII prefix (the offset of its first byte above 0x7F, or
// len(s)), in one pass of eight bytes at a time.
func lowerLines(s string) (string, []int, int) {
	starts := make([]int, 1, strings.Count(s, "\n")+1)
	b := make([]byte, len(s))
	ascii := -1
	j := 0
	for ; j+8 <= len(s); j += 8 {
		w := load64(s, j)
		if high := w & highBits; high != 0 && ascii < 0 {
			ascii = j + bits.TrailingZeros64(high)/8
		}
		binary.LittleEndian.PutUint64(b[j:], w|capitals(w)>>2)
		for m := zeroBytes(w ^ '\n'*lowBits); m != 0; m &= m - 1 {
			starts = append(starts, j+bits.TrailingZeros64(m)/8+1)
		}
	}
	for ; j < len(s); j++ {
		c := s[j]
		if c >= 'A' && c <= 'Z' {
			c += 32
		} else if c == '\n' {
			starts = append(starts, j+1)
		} else if c >= 0x80 && ascii < 0 {
			ascii = j
		}
		b[j] = c
	}
	if ascii < 0 {
		ascii = len(s)
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), starts, ascii
}

// linesASCII returns the offset of each line of s and the length of its
// ASCII prefix, as lowerLines does, without lowering. The line breaks are
// found with strings.IndexByte, which outruns a loop over words of eight
// bytes on text with lines of ordinary length.
func linesASCII(s string) ([]int, int) {
	starts := make([]int, 1, strings.Count(s, "\n")+1)
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		starts = append(starts, i)
	}
	ascii := 0
	for ; ascii+8 <= len(s); ascii += 8 {
		if load64(s, ascii)&highBits != 0 {
			break
		}
	}
	for ascii < len(s) && s[ascii] < 0x80 {
		ascii++
	}
	return starts, ascii
}

// zeroBytes returns the top bit of each byte of w that is zero, exactly
// (no borrow from one byte into the next).
func zeroBytes(w uint64) uint64 {
	const low7 = ^uint64(highBits)
	return ^((w&low7 + low7) | w | low7)
}

// NumLines returns the number of lines of the file.
func (d *Document) NumLines() int { return len(d.lineStarts) }

// LineText returns line l (1-based) of the file as written, without its
// line break or a carriage return before it, invalid UTF-8 replaced; ""
// when there is no such line.
func (d *Document) LineText(l int) string {
	if l < 1 || l > len(d.lineStarts) {
		return ""
	}
	if d.lines != nil {
		return d.lines[l-1]
	}
	end := len(d.src)
	if l < len(d.lineStarts) {
		end = d.lineStarts[l] - 1
	}
	s := d.src[d.lineStarts[l-1]:end]
	if len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return s
}

// LineOf returns the 1-based line of byte offset off in the file.
func (d *Document) LineOf(off int) int {
	return sort.Search(len(d.lineStarts), func(i int) bool { return d.lineStarts[i] > off })
}

// Analyze reads data as an agent would and returns its Document. The
// Document keeps no reference to data.
func Analyze(data []byte) *Document { return AnalyzeString(string(data)) }

// AnalyzeString is Analyze for a file already held as a string: the
// Document's lines are slices of src, not a copy.
func AnalyzeString(src string) *Document { return analyze(src, nil) }

// AnalyzeFiltered is AnalyzeString that cuts into units only the regions
// of the file f.Need asks for, and sets every unit's Groups (Marked).
// Every unit whose groups could make a rule match is the same as
// AnalyzeString's, in the same order, as long as f.Need says so for the
// groups that rule needs. Comments, lines Normalize changes, paragraphs
// that mix such lines or lie around a comment, and hidden text are always
// cut into units. Links are not listed.
func AnalyzeFiltered(src string, f *Filter) *Document {
	d := analyze(src, f)
	f.Prefilter.MarkUnits(d.Units)
	d.Marked = true
	return d
}

func analyze(src string, f *Filter) *Document {
	d := &Document{}
	if noShortcuts {
		f = nil
	}
	data := unsafe.Slice(unsafe.StringData(src), len(src)) // read only
	// Lines are slices of src, and their lowered twins slices of one
	// lowered copy, so ordinary text is never copied again. One pass finds
	// the lines, lowers the file and measures its ASCII prefix, which
	// needs no UTF-8 check and holds no invisible character.
	var lower string
	var starts []int
	ascii := 0
	if noShortcuts {
		d.InvalidUTF8 = !utf8.ValidString(src)
	} else if f != nil {
		// The filter's prefilter reads capitals as their lower case: no
		// lowered copy of the file, only of the regions cut into units.
		starts, ascii = linesASCII(src)
		d.InvalidUTF8 = !utf8.ValidString(src[ascii:])
	} else {
		lower, starts, ascii = lowerLines(src)
		d.InvalidUTF8 = !utf8.ValidString(src[ascii:])
	}
	if d.InvalidUTF8 || noShortcuts {
		d.lineStarts = lineStarts(data)
	} else {
		d.srcLower, d.lineStarts, d.src = lower, starts, src
	}
	// One pass over the non-ASCII runes of a valid file answers both
	// "any invisible character?" and "anything to normalise?"; in the
	// ASCII prefix, only a vertical tab or form feed needs normalising.
	var invisible, normalize bool
	if !d.InvalidUTF8 && !noShortcuts {
		invisible, normalize = survey(src[ascii:])
		if !normalize {
			prefix := src[:ascii]
			normalize = strings.IndexByte(prefix, '\v') >= 0 || strings.IndexByte(prefix, '\f') >= 0
		}
	} else {
		invisible = hasInvisible(data) // normalize is worked out below
	}
	if invisible {
		d.findInvisible(data)
	}
	if d.InvalidUTF8 {
		src = strings.ToValidUTF8(src, "\uFFFD")
	} else if noShortcuts {
		d.src, d.srcLower = src, Lower(src)
	}
	if d.InvalidUTF8 || noShortcuts {
		// Else src is data, and its lines start where lineStarts says.
		d.lines = strings.Split(src, "\n")
		for i, l := range d.lines {
			if strings.HasSuffix(l, "\r") {
				d.lines[i] = l[:len(l)-1]
			}
		}
	}
	// Normalize works rune by rune and never across a newline, so a file
	// that needs no normalising as a whole has no line that does.
	if noShortcuts {
		d.hasLink, d.hasURL, d.hasRefComment, d.hasComment = true, true, true, true
	} else {
		if d.InvalidUTF8 {
			normalize = needsNormalizing(src)
		}
		esc := firstEscape(src)
		d.plain = !normalize && esc < 0
		if !d.plain && !d.InvalidUTF8 {
			d.cleanLines(src, esc)
		}
		if f == nil {
			d.hasLink = strings.Contains(src, "](")
			d.hasURL = strings.Contains(src, "://")
		}
		d.hasRefComment = strings.Contains(src, "]:")
		d.hasComment = !d.plain || strings.Contains(src, "<!--")
	}
	d.frontEnd = frontMatterEnd(d)
	// The corpus's instruction files hold about three units for every four
	// lines: one per line is room enough without growing the slice.
	var groups *[]uint64
	if f != nil && d.src != "" {
		d.filter = f
		groups = lineGroupsPool.Get().(*[]uint64)
		d.lineGroups = f.Prefilter.LineGroups(src, d.lineStarts, *groups)
		d.Units = make([]Unit, 0, len(d.lineStarts)/8+1)
	} else {
		d.Units = make([]Unit, 0, len(d.lineStarts)+1)
	}
	d.structure()
	if groups != nil && cap(d.lineGroups) <= maxPooledLines {
		*groups = d.lineGroups[:0]
		lineGroupsPool.Put(groups)
	}
	d.filter, d.lineGroups = nil, nil
	if strings.Contains(src, rlo) {
		d.visualUnits()
	}
	for i := range d.Hidden {
		h := &d.Hidden[i]
		for _, u := range splitSentences(nil, Normalize(h.Text), "", h.Line, Decoded, true) {
			u.Payload = h
			d.Units = append(d.Units, u)
		}
	}
	return d
}

// findInvisible lists the invisible characters of data, which holds some,
// and decodes hidden payloads.
func (d *Document) findInvisible(data []byte) {
	if !noShortcuts {
		if allowed, ok := allowedOnly(data); ok {
			d.Allowed = allowed
			return
		}
	}
	s := string(data)
	rs := runesOf(s)
	plain := plainRunes(rs)
	for i := 0; i < len(rs); i++ {
		r := rs[i].r
		c := Classify(r)
		if c == NotInvisible {
			continue
		}
		if c == Tag {
			if n := flagLen(plain, i); n > 0 {
				d.Allowed += n
				i += n - 1
				continue
			}
		}
		if allowedAt(plain, i, rs[i].off) {
			d.Allowed++
			continue
		}
		d.InvisibleCount++
		if len(d.Invisible) < MaxListed {
			d.Invisible = append(d.Invisible, Invisible{Offset: rs[i].off, Line: d.LineOf(rs[i].off), Rune: r, Class: c})
		}
	}
	if d.InvisibleCount == 0 {
		return
	}
	var ps []Payload
	ps = append(ps, decodeTags(rs, plain)...)
	ps = append(ps, decodeZeroWidth(rs)...)
	ps = append(ps, decodeSelectors(rs)...)
	for _, p := range ps {
		d.Hidden = append(d.Hidden, Hidden{Payload: p, Line: d.LineOf(p.Offset)})
	}
	sort.SliceStable(d.Hidden, func(i, j int) bool { return d.Hidden[i].Offset < d.Hidden[j].Offset })
}

// survey reports whether s (valid UTF-8) holds an invisible character,
// and whether it holds any rune Normalize would change or remove (every
// invisible character is one).
func survey(s string) (invisible, normalize bool) {
	for from := 0; ; {
		k := firstToNormalize(s[from:])
		if k < 0 {
			return false, normalize
		}
		normalize = true
		r, n := utf8.DecodeRuneInString(s[from+k:])
		if Classify(r) != NotInvisible {
			return true, true
		}
		from += k + n
	}
}

// hasInvisible reports whether data holds any invisible character,
// decoding only its non-ASCII runes and allocating nothing.
func hasInvisible(data []byte) bool {
	for i := 0; i < len(data); {
		if i+8 <= len(data) && binary.LittleEndian.Uint64(data[i:])&highBits == 0 {
			i += 8 // eight ASCII bytes
			continue
		}
		if data[i] < 0x80 {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if Classify(r) != NotInvisible {
			return true
		}
		i += n
	}
	return false
}

// nextMarkdownLink finds the first Markdown link "[text](url" in s at or
// after from, as the expression \[([^\]\n]*)\]\(([^)\s]+) would (the
// leftmost, then greedy), and returns its text, its address and where
// it ends.
func nextMarkdownLink(s string, from int) (text, url string, end int, ok bool) {
	for {
		k := strings.IndexByte(s[from:], '[')
		if k < 0 {
			return "", "", 0, false
		}
		open := from + k
		from = open + 1
		// The text runs to the first ']' and may hold neither ']' nor a
		// newline; a newline first means no link starts at this '['.
		closeAt := strings.IndexAny(s[open+1:], "]\n")
		if closeAt < 0 {
			return "", "", 0, false
		}
		closeAt += open + 1
		if s[closeAt] != ']' || closeAt+2 >= len(s) || s[closeAt+1] != '(' || !linkURLByte(s[closeAt+2]) {
			continue
		}
		e := closeAt + 3
		for e < len(s) && linkURLByte(s[e]) {
			e++
		}
		return s[open+1 : closeAt], s[closeAt+2 : e], e, true
	}
}

// linkURLByte reports the bytes a link's address may hold: anything but
// ')' and white space (\s: tab, newline, form feed, carriage return, space).
func linkURLByte(c byte) bool {
	return c != ')' && c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r'
}

// trimIndent is strings.TrimLeft(s, " \t") (or " \t>" when quotes),
// without building a cutset on every line.
func trimIndent(s string, quotes bool) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || quotes && s[i] == '>') {
		i++
	}
	return s[i:]
}

// fenceOpen reports a code fence line: up to any indentation, three or
// more backticks or tildes.
func fenceOpen(t string) (marker string, info string, ok bool) {
	t = trimIndent(t, true)
	for _, ch := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == ch {
			n++
		}
		if n >= 3 {
			return t[:n], strings.TrimSpace(t[n:]), true
		}
	}
	return "", "", false
}

// reMarkdownComment matches the link-reference "comments" Markdown
// renderers hide: [//]: # (text), [comment]: <> (text), [_]: # "text".
var reMarkdownComment = lazyre.New(`^\s{0,3}\[[^\]]*\]:\s*(?:#|<>)\s*(?:\((.*)\)|"(.*)"|'(.*)')\s*$`)

// markdownComment returns the text of a Markdown comment line.
func markdownComment(line string) (string, bool) {
	if !strings.Contains(line, "]:") {
		return "", false
	}
	m := reMarkdownComment.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	for _, g := range m[1:] {
		if g != "" {
			return g, true
		}
	}
	return "", false
}

// blockStart reports lines that begin a new paragraph of their own:
// headings, list items, table rows, quotes and front-matter fences.
func blockStart(t string) bool {
	t = trimIndent(t, false)
	if t == "" {
		return false
	}
	switch t[0] {
	case '#', '|', '>':
		return true
	case '-', '*', '+':
		return len(t) > 1 && t[1] == ' ' || t == "---"
	}
	i := 0
	for i < len(t) && i < 4 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' '
}

// structure splits the file into units, comments, fences and links.
func (d *Document) structure() {
	var para strings.Builder
	paraLine, paraLast := 0, 0
	// A paragraph of whole, unchanged, consecutive lines is a slice of the
	// file: spanStart/spanEnd mark it while inSpan holds.
	inSpan, spanStart, spanEnd := false, 0, 0
	empty := true
	flush := func() {
		if empty {
			return
		}
		if inSpan {
			if d.needed(paraLine-1, paraLast-1, spanStart, spanEnd) {
				d.Units = splitSentences(d.Units, d.src[spanStart:spanEnd], d.lowerOf(spanStart, spanEnd), paraLine, Prose, true)
			}
		} else {
			d.Units = splitSentences(d.Units, para.String(), "", paraLine, Prose, true)
			para.Reset()
		}
		empty, inSpan = true, false
	}
	addProse := func(s string, line int, whole bool) {
		if strings.TrimSpace(s) == "" {
			flush()
			return
		}
		if blockStart(s) {
			flush()
		}
		pure := false
		if whole {
			_, pure = d.pristine(line-1, s)
		}
		switch {
		case empty:
			paraLine = line
			if pure {
				inSpan, spanStart, spanEnd = true, d.lineStarts[line-1], d.lineStarts[line-1]+len(s)
			} else {
				para.WriteString(s)
			}
		case inSpan && pure && line == paraLast+1:
			spanEnd = d.lineStarts[line-1] + len(s)
		default:
			if inSpan {
				para.WriteString(d.src[spanStart:spanEnd])
				inSpan = false
			}
			if line == paraLast {
				para.WriteByte(' ') // text on both sides of a comment
			} else {
				para.WriteByte('\n')
			}
			para.WriteString(s)
		}
		empty = false
		paraLast = line
		if strings.HasPrefix(trimIndent(s, false), "#") {
			flush()
		}
	}
	linkNext, urlNext := -1, -1
	// The lines of a code block wait for its end, when codeBlock cuts them
	// into units (with a filter, if the block's groups say so).
	codeFrom := -1
	var fence string
	var cur *Block
	var comment strings.Builder
	inComment := false
	b64From, b64Run := 0, 0
	for i := range d.lineStarts {
		raw := d.LineText(i + 1)
		line := i + 1
		// Lines that start with 16 base64 characters, in blocks of two
		// or more: base64 wrapped over several lines (Base64Lines).
		if t := trimIndent(raw, false); len(t) >= 16 && base64Prefix(t, 16) {
			if b64Run == 0 {
				b64From = line
			}
			b64Run++
		} else {
			if b64Run >= 2 {
				d.b64Blocks = append(d.b64Blocks, [2]int{b64From, line - 1})
			}
			b64Run = 0
		}
		if d.hasLink || d.hasURL {
			md, bare := true, true
			if d.src != "" && !noShortcuts {
				// Lines are slices of src: find the next "](" and "://"
				// in the file once, instead of searching every line.
				start := d.lineStarts[i]
				md = d.hasLink && nextIn(d.src, start, "](", &linkNext)+2 <= start+len(raw)
				bare = d.hasURL && nextIn(d.src, start, "://", &urlNext)+3 <= start+len(raw)
			}
			if md || bare {
				d.links(raw, line, md, bare)
			}
		}
		if fence != "" {
			t := trimIndent(raw, true)
			if strings.HasPrefix(t, fence) && strings.TrimSpace(strings.TrimLeft(t, fence[:1])) == "" {
				fence = ""
				cur.EndLine = line
				d.Fences = append(d.Fences, *cur)
				if codeFrom >= 0 {
					d.codeBlock(codeFrom, i-1, cur.Info)
					codeFrom = -1
				}
				continue
			}
			if codeFrom < 0 {
				codeFrom = i
			}
			continue
		}
		n := d.norm(i, raw)
		if !inComment {
			if m, info, ok := fenceOpen(n); ok {
				flush()
				fence = m
				cur = &Block{Line: line, Info: info}
				continue
			}
		}
		if !inComment && (d.hasRefComment || !d.plain) {
			if c, ok := markdownComment(n); ok {
				flush()
				d.Comments = append(d.Comments, Block{Line: line, EndLine: line, Text: c})
				d.Units = splitSentences(d.Units, c, "", line, Comment, true)
				continue
			}
		}
		rest := n
		commentLine := line
		for rest != "" {
			if inComment {
				end := strings.Index(rest, "-->")
				if end < 0 {
					comment.WriteString(rest)
					comment.WriteByte('\n')
					rest = ""
					break
				}
				comment.WriteString(rest[:end])
				rest = rest[end+3:]
				inComment = false
				d.closeComment(&comment, commentLine, line)
				continue
			}
			start := -1
			if d.hasComment {
				start = strings.Index(rest, "<!--")
			}
			if start < 0 {
				addProse(rest, line, len(rest) == len(n))
				rest = ""
				break
			}
			if strings.TrimSpace(rest[:start]) != "" {
				addProse(rest[:start], line, false)
			}
			rest = rest[start+4:]
			inComment = true
			commentLine = line
			d.Comments = append(d.Comments, Block{Line: line})
			if rest == "" {
				comment.WriteByte('\n')
			}
		}
		if n == "" || strings.TrimSpace(n) == "" {
			flush()
		}
	}
	if b64Run >= 2 {
		d.b64Blocks = append(d.b64Blocks, [2]int{b64From, len(d.lineStarts)})
	}
	if inComment {
		d.closeComment(&comment, d.Comments[len(d.Comments)-1].Line, len(d.lineStarts))
	}
	if fence != "" {
		cur.EndLine = len(d.lineStarts)
		d.Fences = append(d.Fences, *cur)
		if codeFrom >= 0 {
			d.codeBlock(codeFrom, len(d.lineStarts)-1, cur.Info)
		}
	}
	flush()
	// Units come out in order but for a comment closed after the text
	// that follows it on its line; sort only then.
	byLine := func(i, j int) bool { return d.Units[i].Line < d.Units[j].Line }
	if !sort.SliceIsSorted(d.Units, byLine) {
		sort.SliceStable(d.Units, byLine)
	}
}

// needed reports whether the paragraph of whole, unchanged lines first
// to last (0-based), bytes a to b of the file, must be cut into units.
func (d *Document) needed(first, last, a, b int) bool {
	if d.filter == nil {
		return true
	}
	var g uint64
	for _, lg := range d.lineGroups[first : last+1] {
		g |= lg
	}
	return d.filter.Need(g, d.src[a:b])
}

// lineGroupsPool holds the buffers of the lines' groups, which a document
// needs only while it is cut into units; a buffer of more than
// maxPooledLines lines is left to the collector.
var lineGroupsPool = sync.Pool{New: func() any { return new([]uint64) }}

const maxPooledLines = 1 << 16

// lowerOf returns the lowered twin of bytes a to b of the file, or "" for
// splitSentences to lower them itself.
func (d *Document) lowerOf(a, b int) string {
	if d.srcLower == "" {
		return ""
	}
	return d.srcLower[a:b]
}

// codeBlock cuts lines first to last (0-based) of a fenced code block
// into units, one per line, unless the filter says none can match; a
// block with a line Normalize changes is always cut. In a data block
// (info json, yaml, toml …) a string value is text the model reads, not a
// quotation: its quotation marks are blanked (dataStringValues).
func (d *Document) codeBlock(first, last int, info string) {
	if first > last {
		return
	}
	pure := d.plain
	if !pure && d.clean != nil {
		pure = true
		for _, c := range d.clean[first : last+1] {
			pure = pure && c
		}
	}
	end := d.lineStarts[last] + len(d.LineText(last+1))
	if pure && !d.needed(first, last, d.lineStarts[first], end) {
		return
	}
	data := dataFence(info)
	for i := first; i <= last; i++ {
		if n := d.norm(i, d.LineText(i+1)); strings.TrimSpace(n) != "" {
			if data {
				n = dataStringValues(n)
			}
			low, _ := d.pristine(i, n)
			d.Units = splitSentences(d.Units, n, low, i+1, Code, false)
		}
	}
}

// dataFence reports a fence whose info string names a data format.
func dataFence(info string) bool {
	f := strings.Fields(strings.ToLower(info))
	if len(f) == 0 {
		return false
	}
	switch strings.Trim(f[0], "{}.") {
	case "json", "jsonc", "json5", "yaml", "yml", "toml", "jsonl", "ndjson":
		return true
	}
	return false
}

// dataStringValues blanks the quotation marks around each double- or
// single-quoted string of a line of data that reads as a phrase (four
// words of letters or more), keeping every offset: `"rule": "Ignore all
// previous …"` reads as the sentence it holds. Keys, names and commands
// (`"rm -rf /"`, an example of a tool's input) stay quoted.
func dataStringValues(line string) string {
	var b []byte
	for i := 0; i < len(line); i++ {
		q := line[i]
		if q != '"' && q != '\'' {
			continue
		}
		if q == '\'' && i > 0 && isWordByte(line[i-1]) {
			continue // an apostrophe: don't, user's
		}
		j := i + 1
		for j < len(line) && line[j] != q {
			if line[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(line) {
			break
		}
		if readsAsPhrase(line[i+1 : j]) {
			if b == nil {
				b = []byte(line)
			}
			b[i], b[j] = ' ', ' '
		}
		i = j
	}
	if b == nil {
		return line
	}
	return string(b)
}

// readsAsPhrase reports a string of at least four words of letters.
func readsAsPhrase(s string) bool {
	n := 0
	for _, w := range strings.Fields(s) {
		w = strings.TrimRight(w, ".,;:!?")
		letters := w != ""
		for _, r := range w {
			letters = letters && (unicode.IsLetter(r) || r == '\'' || r == '-')
		}
		if letters {
			n++
		}
	}
	return n >= 4
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (d *Document) closeComment(b *strings.Builder, start, end int) {
	text := b.String()
	b.Reset()
	c := &d.Comments[len(d.Comments)-1]
	c.EndLine = end
	if len(text) > MaxUnit*4 {
		c.Text = text[:MaxUnit*4]
	} else {
		c.Text = text
	}
	line := c.Line
	if strings.HasPrefix(text, "\n") {
		text = text[1:]
		line++
	}
	d.Units = splitSentences(d.Units, text, "", line, Comment, true)
	_ = start
}

// nextIn returns the offset of the first pat in s at or after start
// (len(s) when there is none), reusing *cur when it is still ahead.
func nextIn(s string, start int, pat string, cur *int) int {
	if *cur < start {
		if k := strings.Index(s[start:], pat); k >= 0 {
			*cur = start + k
		} else {
			*cur = len(s)
		}
	}
	return *cur
}

// links records the Markdown links (when md) and bare URLs (when bare) of
// a line; md and bare may be false only when the line holds no "](" or
// no "://".
func (d *Document) links(raw string, line int, md, bare bool) {
	if len(d.Links) >= MaxListed {
		return
	}
	if md && strings.Contains(raw, "](") {
		for from, n := 0, 0; n < 20; n++ {
			text, url, end, ok := nextMarkdownLink(raw, from)
			if !ok {
				break
			}
			d.Links = append(d.Links, Link{Line: line, Text: text, URL: url})
			from = end
		}
	}
	// Bare URLs: find each "://", walk back over the scheme and forward
	// over the address.
	for from, n := 0, 0; bare && n < 20; n++ {
		k := strings.Index(raw[from:], "://")
		if k < 0 {
			break
		}
		k += from
		start := k
		for start > 0 && isSchemeByte(raw[start-1]) {
			start--
		}
		end := k + 3
		for end < len(raw) && !strings.ContainsRune(" \t<>()[]\"'`", rune(raw[end])) {
			end++
		}
		from = end
		if start == k || start > 0 && raw[start-1] == '(' && strings.HasSuffix(raw[:start], "](") || end == k+3 {
			continue
		}
		if c := raw[start]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			continue
		}
		d.Links = append(d.Links, Link{Line: line, URL: strings.TrimRight(raw[start:end], ".,;:!?")})
	}
}

func isSchemeByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '.' || c == '-'
}

// splitSentences cuts text (which may span lines, joined by '\n'; lower
// is its lowered twin, or "" to compute it) into
// sentence units. A sentence ends at '.', '!' or '?' followed by white
// space, outside inline code; a unit longer than MaxUnit is cut at a space.
func splitSentences(out []Unit, text, lower string, line int, where Where, sentences bool) []Unit {
	if lower == "" {
		lower = Lower(text)
	}
	emit := func(a, b int, l int) {
		for b-a > MaxUnit {
			cut := a + strings.LastIndexAny(text[a:a+MaxUnit], " \t\n")
			if cut < a+MaxUnit/2 {
				cut = a + MaxUnit
				for cut > a && !utf8.RuneStart(text[cut]) {
					cut--
				}
			}
			emitOne(&out, text, lower, a, cut, l, where)
			l += strings.Count(text[a:cut], "\n")
			a = cut
		}
		emitOne(&out, text, lower, a, b, l, where)
	}
	if !sentences {
		emit(0, len(text), line)
		return out
	}
	start, startLine, inCode := 0, line, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if !sentenceByte[c] {
			continue
		}
		switch c {
		case '`':
			inCode = !inCode
		case '\n':
			line++
			inCode = false
		case '.', '!', '?':
			if !inCode && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n' || text[i+1] == '\t') {
				emit(start, i+1, startLine)
				start, startLine = i+1, line
			}
		}
	}
	if start < len(text) {
		emit(start, len(text), startLine)
	}
	return out
}

// sentenceByte marks the bytes splitSentences acts on.
var sentenceByte = [256]bool{'`': true, '\n': true, '.': true, '!': true, '?': true}

// emitOne adds text[a:b] as a unit, trimmed, with its lowered twin.
func emitOne(out *[]Unit, text, lower string, a, b int, line int, where Where) {
	for a < b && (text[a] == '\n' || text[a] == ' ' || text[a] == '\t' || text[a] == '\r') {
		if text[a] == '\n' {
			line++
		}
		a++
	}
	for b > a && (text[b-1] == '\n' || text[b-1] == ' ' || text[b-1] == '\t' || text[b-1] == '\r') {
		b--
	}
	if a == b {
		return
	}
	*out = append(*out, Unit{Text: text[a:b], Lower: lower[a:b], Line: line, Where: where})
}

// maxFrontMatter bounds how many lines a front matter may have.
const maxFrontMatter = 200

// frontMatterEnd returns the number of lines of the YAML front matter
// that opens the file ("---" on the first line, up to the next "---" or
// "..."), or of a TOML one ("+++" to "+++", as Hugo writes it), or 0.
func frontMatterEnd(d *Document) int {
	first := strings.TrimSpace(strings.TrimPrefix(d.LineText(1), "\ufeff"))
	if first != "---" && first != "+++" {
		return 0
	}
	for l := 2; l <= d.NumLines() && l <= maxFrontMatter; l++ {
		if t := strings.TrimSpace(d.LineText(l)); t == first || first == "---" && t == "..." {
			return l
		}
	}
	return 0
}

// frontMatterValue returns a front-matter line with the quotation marks
// around its value blanked: `description: "…"` is the author's own text
// a model reads (a Cursor rule's description decides when it applies),
// not a quotation. Keys and offsets stay as they are.
func frontMatterValue(line string) string {
	t := trimIndent(line, false)
	t = strings.TrimPrefix(t, "- ")
	colon, sep := strings.Index(t, ": "), 2
	if colon < 0 {
		colon, sep = strings.Index(t, " = "), 3 // TOML: key = "value"
	}
	if colon <= 0 || strings.ContainsAny(t[:colon], " \t\"'#") {
		return line
	}
	if sep == 3 {
		// "key = …" reads as "key:  …" (the same length), so that the
		// value starts a clause as a YAML value does.
		k := len(line) - len(t) + colon
		line = line[:k] + ":  " + line[k+3:]
	}
	off := len(line) - len(t) + colon + sep
	for off < len(line) && line[off] == ' ' {
		off++
	}
	end := len(line)
	for end > off && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\r') {
		end--
	}
	if end-off < 2 || line[off] != '"' && line[off] != '\'' || line[end-1] != line[off] {
		return line
	}
	return line[:off] + " " + line[off+1:end-1] + " " + line[end:]
}

// Bidirectional overrides: a right-to-left override (U+202E) shows the
// text after it reversed, up to a pop (U+202C), an isolate's end (U+2069)
// or the end of the line. A model reads the bytes; a reviewer reads the
// preview. Both are read: the bytes as the line's own units, the preview
// order as Visual units.
const (
	rlo = "\u202e"
	pdf = '\u202c'
	pdi = '\u2069'
)

// maxVisual bounds the text reversed from one file.
const maxVisual = 64 << 10

// visualUnits adds each right-to-left override run, in the order a
// preview shows it, as units of its own line.
func (d *Document) visualUnits() {
	budget := maxVisual
	for l := 1; l <= d.NumLines() && budget > 0; l++ {
		line := d.LineText(l)
		for {
			k := strings.Index(line, rlo)
			if k < 0 {
				break
			}
			run := line[k+len(rlo):]
			end := strings.IndexFunc(run, func(r rune) bool { return r == pdf || r == pdi })
			if end >= 0 {
				line = run[end:]
				run = run[:end]
			} else {
				line = ""
			}
			if len(run) > budget {
				run = run[:budget]
			}
			budget -= len(run)
			if v := reverseRunes(Normalize(run)); strings.TrimSpace(v) != "" {
				d.Units = splitSentences(d.Units, v, "", l, Visual, true)
			}
			if line == "" {
				break
			}
		}
	}
}

// reverseRunes returns s with its runes in reverse order.
func reverseRunes(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// Base64Lines calls fn with each block of two or more consecutive lines
// (first and last, 1-based) that start, after their indentation, with at
// least 16 base64 characters: the lines of base64 wrapped over several
// lines. The blocks are found in the one walk over the lines that cuts
// the file into units.
func (d *Document) Base64Lines(fn func(first, last int)) {
	for _, b := range d.b64Blocks {
		fn(b[0], b[1])
	}
}

// base64Prefix reports whether the first n bytes of s are base64
// characters (either alphabet, or padding).
func base64Prefix(s string, n int) bool {
	// A word and a space fail at one of these two bytes most often.
	if !base64Byte[s[n-1]] || !base64Byte[s[n/2]] {
		return false
	}
	for i := 0; i < n; i++ {
		if !base64Byte[s[i]] {
			return false
		}
	}
	return true
}

var base64Byte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		t[c] = b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '+' || b == '/' || b == '-' || b == '_' || b == '='
	}
	return t
}()
