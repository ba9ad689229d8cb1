package meaning

import (
	"math/bits"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// paraFilter lets Warnings skip whole paragraphs before it cuts them into
// units. A unit joins only with the unit before in its paragraph (Unit.Para),
// so a paragraph whose units together can satisfy no rule has no unit the
// form gate reads, and none that warns. The filter finds, in one cheap
// pass over each line of a paragraph, a superset of the groups the form
// gate can find in its units:
//
//   - a word form matches only where its literal (its longest word) starts
//     a token, so each token is looked up by its first pfKeyLen bytes,
//     lowered (the whole token when shorter), in a table built at load
//     from the form gate's literals;
//   - a substring form is looked up by a run of word bytes it holds that
//     follows one of its other bytes (there a token of the text starts);
//     the substring forms that have none, or whose only such run is
//     shorter than pfKeyLen and ends the form, may stand inside a token:
//     they are the hard literals, found by an automaton over the
//     paragraph's texts only when the paragraph needs them to pass;
//   - a rune outside ASCII whose lowered form a literal holds (the class
//     gate's wide literals), and any paragraph with a text of MaxUnit bytes
//     or more (where clipUnit may cut a token short), pass outright;
//   - a token next to a byte outside ASCII, where the form gate takes a
//     short literal on a longer token, is also looked up by its shorter
//     prefixes.
//
// Everything is built from the loaded lexicons (newParaFilter), with no
// list of its own. When the paragraphs it skips might have held the
// maxUnits-th unit, the filter gives up and Warnings cuts the file whole.
// TestParaFilterMatchesExact and FuzzParaFilter hold Warnings with the
// filter to Warnings without it.
type paraFilter struct {
	d *data
	g *formGate
	// slots is an open-addressed table from a packed key (pfKey) to the
	// literals a token with that key may start, cands[lo:hi], and their
	// groups; mask is len(slots)-1.
	slots []pfSlot
	// seen marks the keys' hashes (pfSeen), so most tokens without a
	// key are passed over with one look-up in a small table.
	seen  [1 << 16 / 64]uint64
	mask  uint32
	cands []pfCand
	// hard finds the hard literals of the languages written with
	// spaces, spaceHard those of the languages written without (every
	// form of theirs is a substring form), which only a unit read in
	// such a language can hold (pfPara.spaceless); with their groups.
	hard, spaceHard             *text.Prefilter
	hardGroups, spaceHardGroups uint64
	// rows says a substring literal holds a ';': a row is then read as
	// the text it becomes (" ; " for each inner '|'); joined says one
	// holds a line break: the hard literals are then looked for in the
	// texts, not in their lines.
	rows, joined bool
	// anchors are the substring literals without a key run, found by a
	// byte of their own that is no word byte and the byte after
	// (anchorOf): anchorByte marks the first, anchorPair the two.
	anchors    map[uint16][]pfAnchor
	anchorByte [256]bool
	anchorPair [1 << 16 / 64]uint64
	// shortPrev marks the bytes before a substring literal's key run
	// shorter than pfKeyLen that ends it ("env" of ".env"): after one of
	// them, line looks a token up by its shorter prefixes too.
	shortPrev [256]bool
	// wide marks the runes below U+10000 whose lowered form a wide
	// literal holds; wideHigh those above.
	wide     [1 << 16 / 64]uint64
	wideHigh map[rune]bool
}

type pfSlot struct {
	key    uint32
	lo, hi uint32
	groups uint64
}

// pfCand is a literal of the form gate (g.text[lit]) that a token may
// start: as a word literal, or, with off, a substring literal whose run
// of word bytes at off the token is.
type pfCand struct {
	lit    int32
	off    int32
	word   bool
	groups uint64
	// pk holds the literal's first eight bytes from off, packed
	// (packRaw), pm the mask of those bytes: a token whose line's bytes
	// from its start, packed by packWord, differ under pm is not it.
	pk, pm uint64
}

// pfKeyLen is how many first bytes of a token the table is keyed on.
const pfKeyLen = 4

// pfKey packs the first pfKeyLen bytes of w (fewer when w is shorter),
// ASCII capitals folded, first byte lowest. No word byte is zero, so the
// packing is one to one and 0 is no key.
func pfKey(w string) uint32 {
	var k uint32
	for i := min(len(w), pfKeyLen) - 1; i >= 0; i-- {
		k = k<<8 | uint32(lowerByte[w[i]])
	}
	return k
}

func pfHash(k uint32) uint32 { return (k * 0x9E3779B1) >> 7 }

// pfSeen is the bit of key k in paraFilter.seen.
func pfSeen(k uint32) uint32 { return (k * 0x85EBCA6B) >> 16 }

var paraFilterOnce = sync.OnceValue(func() *paraFilter {
	return newParaFilter(loaded(), formGateOnce())
})

// newParaFilter builds the filter from the form gate's literals and the
// class gate's wide runes; nil without a form gate.
func newParaFilter(d *data, g *formGate) *paraFilter {
	if d == nil || d.gate == nil || g == nil {
		return nil
	}
	byKey := map[uint32][]pfCand{}
	var keys []uint32
	addCand := func(k uint32, c pfCand) {
		if _, ok := byKey[k]; !ok {
			keys = append(keys, k)
		}
		t := g.text[c.lit][c.off:]
		c.pk, c.pm = packRaw(t), wordMask[min(len(t), 8)]
		byKey[k] = append(byKey[k], c)
	}
	// The groups of each substring literal in the languages written
	// with spaces and in those without, as newFormGate gathers them.
	spaced, unspaced := map[string]uint64{}, map[string]uint64{}
	for l, lx := range d.lex {
		for _, fm := range lx.subs {
			grp, ok := d.group[fm.class]
			if !ok || !isASCII(fm.raw) {
				continue
			}
			if spaceless[l] {
				unspaced[fm.raw] |= 1 << grp
			} else {
				spaced[fm.raw] |= 1 << grp
			}
		}
	}
	var hard, spaceHard []text.Literal
	f := &paraFilter{d: d, g: g, wideHigh: map[rune]bool{}}
	for li, l := range g.text {
		if l == "" {
			continue
		}
		var words uint64
		for _, c := range g.checks[li] {
			words |= 1 << c.group
		}
		if words != 0 {
			// A word literal starts a token (and is its whole when
			// shorter than four bytes, unless a byte outside ASCII
			// touches the token: line then looks up the shorter
			// prefixes too).
			addCand(pfKey(l), pfCand{lit: int32(li), word: true, groups: words})
		}
		if subs := g.subs[li]; subs != 0 {
			if strings.IndexByte(l, ';') >= 0 {
				f.rows = true
			}
			nl := strings.IndexByte(l, '\n') >= 0
			if nl {
				f.joined = true
			}
			if off, ok := subRun(l); ok && !nl {
				if run := l[off:]; len(run) < pfKeyLen && strings.IndexFunc(run, func(r rune) bool { return r >= utf8.RuneSelf || !tokByte[r] }) < 0 {
					// A short run that ends the literal.
					f.shortPrev[l[off-1]] = true
				}
				run := l[off:]
				for j := range len(run) {
					if !tokByte[run[j]] {
						run = run[:j]
						break
					}
				}
				addCand(pfKey(run), pfCand{lit: int32(li), off: int32(off), groups: subs})
			} else {
				if subs&^(spaced[l]|unspaced[l]) != 0 {
					// Not as newFormGate gathered them.
					return nil
				}
				if back, ok := anchorOf(l); ok && !nl {
					f.addAnchor(l, back, spaced[l])
				} else {
					for m := spaced[l]; m != 0; m &= m - 1 {
						hard = append(hard, text.Literal{Text: l, Group: bits.TrailingZeros64(m)})
					}
				}
				for m := unspaced[l]; m != 0; m &= m - 1 {
					spaceHard = append(spaceHard, text.Literal{Text: l, Group: bits.TrailingZeros64(m)})
				}
			}
		}
	}
	n := 1
	for n < 4*len(keys) {
		n <<= 1
	}
	f.slots, f.mask = make([]pfSlot, n), uint32(n-1)
	for _, k := range keys {
		i := pfHash(k) & f.mask
		for f.slots[i].key != 0 {
			i = (i + 1) & f.mask
		}
		sl := pfSlot{key: k, lo: uint32(len(f.cands))}
		for _, c := range byKey[k] {
			f.cands = append(f.cands, c)
			sl.groups |= c.groups
		}
		sl.hi = uint32(len(f.cands))
		f.slots[i] = sl
		b := pfSeen(k)
		f.seen[b/64] |= 1 << (b % 64)
	}
	for _, l := range hard {
		f.hardGroups |= 1 << l.Group
	}
	for _, l := range spaceHard {
		f.spaceHardGroups |= 1 << l.Group
	}
	f.hard, f.spaceHard = text.NewPrefilter(hard), text.NewPrefilter(spaceHard)
	// A rune whose lowered form (appendLower) a wide literal holds.
	w := d.gate
	isWide := func(r rune) bool {
		if r < 1<<16 {
			return w.wideRunes[r/64]&(1<<(r%64)) != 0
		}
		return w.wideHigh[r]
	}
	for r := rune(utf8.RuneSelf); r < 1<<16; r++ {
		if isWide(lowerRune(r)) {
			f.wide[r/64] |= 1 << (r % 64)
		}
	}
	for r := range w.wideHigh {
		f.wideHigh[r] = true
	}
	// The capitals above U+FFFF whose lowered form is wide.
	for _, rt := range unicode.Upper.R32 {
		for r := rune(rt.Lo); r <= rune(rt.Hi); r += rune(rt.Stride) {
			if r >= 1<<16 && isWide(lowerRune(r)) {
				f.wideHigh[r] = true
			}
		}
	}
	return f
}

// lowerRune is what appendLower makes of the rune r (a case of the same
// length, or r).
func lowerRune(r rune) rune {
	if l := unicode.ToLower(r); utf8.RuneLen(l) == utf8.RuneLen(r) {
		return l
	}
	return r
}

// subRun returns where a substring literal's key run starts: a run of
// word bytes (tokByte) that follows another byte of the literal, so a
// token of the text starts there wherever the literal stands. A run that
// another byte of the literal ends is that token whole; one that ends the
// literal starts the token. A literal without such a run may stand inside
// a token (!ok).
func subRun(l string) (int, bool) {
	best, bestLen := 0, 0
	for i := 1; i < len(l); i++ {
		if tokByte[l[i-1]] || !tokByte[l[i]] {
			continue
		}
		j := i
		for j < len(l) && tokByte[l[j]] {
			j++
		}
		// The longest run, the rarest token; a run that ends the
		// literal only when none other is (line looks its token up
		// by a short prefix then: see shortPrev).
		n := j - i
		if j == len(l) {
			n = 0
		}
		if n > bestLen || bestLen == 0 && best == 0 {
			best, bestLen = i, n
		}
	}
	return best, best > 0
}

// anchorOf returns where a substring literal without a key run
// (subRun) is anchored: its first byte when that is no word byte, else
// the byte after its first run of word bytes, which ends a token of the
// text wherever the literal stands; !ok when the literal is all word
// bytes.
func anchorOf(l string) (int, bool) {
	i := 0
	for i < len(l) && tokByte[l[i]] {
		i++
	}
	return i, i < len(l)
}

// addAnchor adds the literal l anchored at its byte back: line finds it
// where that byte and the one after stand (pfAnchor).
func (f *paraFilter) addAnchor(l string, back int, groups uint64) {
	if f.anchors == nil {
		f.anchors = map[uint16][]pfAnchor{}
	}
	a := pfAnchor{text: l, back: back, groups: groups}
	c := uint16(l[back]) << 8
	f.anchorByte[l[back]] = true
	if back+1 < len(l) {
		k := c | uint16(l[back+1])
		f.anchors[k] = append(f.anchors[k], a)
		f.anchorPair[k/64] |= 1 << (k % 64)
		return
	}
	for x := range 256 {
		k := c | uint16(x)
		f.anchors[k] = append(f.anchors[k], a)
		f.anchorPair[k/64] |= 1 << (k % 64)
	}
}

// pfAnchor is a substring literal found by a byte of its own that is no
// word byte, its back'th (and the byte after, lowered; 0 past the line).
type pfAnchor struct {
	text   string
	back   int
	groups uint64
}

// anchored returns the groups of the anchored literals that stand in s
// with their anchor at i.
func (f *paraFilter) anchored(s string, i int) uint64 {
	k := uint16(s[i]) << 8
	if i+1 < len(s) {
		k |= uint16(lowerByte[s[i+1]])
	}
	if f.anchorPair[k/64]&(1<<(k%64)) == 0 {
		return 0
	}
	var g uint64
	for _, a := range f.anchors[k] {
		if p := i - a.back; p >= 0 && foldPrefix(s[p:], a.text) {
			g |= a.groups
		}
	}
	return g
}

// lookup returns the slot of key k, nil for none.
func (f *paraFilter) lookup(k uint32) *pfSlot {
	if b := pfSeen(k); f.seen[b/64]&(1<<(b%64)) == 0 {
		return nil
	}
	for i := pfHash(k) & f.mask; ; i = (i + 1) & f.mask {
		s := &f.slots[i]
		if s.key == k {
			return s
		}
		if s.key == 0 {
			return nil
		}
	}
}

// pfTerm marks the ASCII bytes that may end a sentence (appendSentences).
var pfTerm = func() (t [256]uint8) {
	t['.'], t['!'], t['?'] = 1, 1, 1
	return t
}()

// line reads a line of a text to cut (or the whole of a one-line text),
// the line'th of the paragraph p: it records in p each token whose first
// bytes are a key, with the groups its literals may add, for end to check.
// It reports whether the line holds a rune of a wide literal or of a
// language written without spaces, and counts the bytes and runes that
// may end a sentence.
func (f *paraFilter) line(p *pfPara, s string, line int) {
	n := len(s)
	coarse := p.coarse
	for i := 0; i < n; {
		c := s[i]
		if !tokByte[c] {
			if c < utf8.RuneSelf {
				p.terms += int(pfTerm[c])
				if f.anchorByte[c] {
					if g := f.anchored(s, i); g != 0 {
						p.sure |= g
					}
				}
				i++
				continue
			}
			r, w := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == '。' || r == '！' || r == '？':
				p.terms++
			case r < 1<<16:
				if f.wide[r/64]&(1<<(r%64)) != 0 {
					p.wide = true
				}
			default:
				if f.wideHigh[r] {
					p.wide = true
				}
			}
			if spacelessRune(r) {
				p.spaceless = true
			}
			i += w
			continue
		}
		start := i
		for i < n && tokByte[s[i]] {
			i++
		}
		if sl := f.lookup(pfKey(s[start:i])); sl != nil {
			coarse = p.hit(f, s, line, start, sl, coarse)
		}
		if start > 0 && (s[start-1] >= utf8.RuneSelf || f.shortPrev[s[start-1]]) || i < n && s[i] >= utf8.RuneSelf {
			// The form gate takes a word literal shorter than four
			// bytes on a longer token here (around.read), and a
			// substring literal may end in the first bytes of a
			// longer token.
			for k := 1; k < min(i-start, pfKeyLen); k++ {
				if sl := f.lookup(pfKey(s[start : start+k])); sl != nil {
					coarse = p.hit(f, s, line, start, sl, coarse)
				}
			}
		}
	}
	p.coarse = coarse
}

// hit records the token of the line'th line s at start, whose key is
// slot sl's, when one of the slot's literals stands there by its first
// eight bytes, and returns coarse with their groups.
func (p *pfPara) hit(f *paraFilter, s string, line, start int, sl *pfSlot, coarse uint64) uint64 {
	tk := packWord(s[start:])
	var g uint64
	for i := sl.lo; i < sl.hi; i++ {
		if c := &f.cands[i]; tk&c.pm == c.pk {
			g |= c.groups
		}
	}
	if g != 0 {
		coarse |= g
		p.hits = append(p.hits, pfHit{int32(line), int32(start), sl})
	}
	return coarse
}

// spacelessRune is true for the runes of the scripts Lang reads as
// Korean, Japanese or Chinese (and a few more).
func spacelessRune(r rune) bool {
	return 0x1100 <= r && r <= 0x11FF || 0x3040 <= r && r <= 0xD7A3 || 0xF900 <= r && r <= 0xFAFF ||
		0xFF66 <= r && r <= 0xFF9F || 0x20000 <= r && r <= 0x2FA1F
}

// check adds the groups of the slot's literals with a group in m that
// stand in s with the token that starts at start, as formGate.check would
// find them, except that a form's word past the ends of s is taken to be
// there.
func (f *paraFilter) check(s string, start int, sl *pfSlot, m, found uint64) uint64 {
	g := f.g
	tk := packWord(s[start:])
	for i := sl.lo; i < sl.hi; i++ {
		c := &f.cands[i]
		if c.groups&m&^found == 0 || tk&c.pm != c.pk {
			continue
		}
		t := g.text[c.lit]
		p := start - int(c.off)
		if p < 0 || !foldPrefix(s[p:], t) {
			continue
		}
		if !c.word {
			found |= c.groups
			continue
		}
		side := g.side[c.lit]
		if side[0] > maxSide || side[1] > maxSide {
			// Forms too long for around: taken to match.
			found |= c.groups
			continue
		}
		var a around
		a.read(s, p, p+len(t))
		if a.all {
			found |= c.groups
			continue
		}
		// A side that ends is unsure: the text may go on past the line.
		a.aUnsure, a.bUnsure = true, true
		for k, cs := 0, g.checks[c.lit]; k < len(cs); k++ {
			fc := &cs[k]
			if found&(1<<fc.group) == 0 && a.fits(fc) {
				found |= 1 << fc.group
			}
		}
	}
	return found
}

// pfSeg is a text appendUnitsLower would cut into units, kept until its
// paragraph is known to pass: the lines lines[a:b] joined by line breaks,
// a table row when row.
type pfSeg struct {
	a, b              int
	row               bool
	line              int
	kind, section     string
	sectionLine, para int
}

// pfHit is a token of a line of the paragraph whose first bytes are the
// key of slot.
type pfHit struct {
	line, start int32
	slot        *pfSlot
}

// pfPara is the paragraph being gathered under the filter.
type pfPara struct {
	lines []string
	segs  []pfSeg
	texts []string
	hits  []pfHit
	// coarse are the groups of the literals the hits' tokens start by
	// their first eight bytes; sure those of the anchored literals found.
	coarse, sure uint64
	// wide: a line holds a rune of a wide literal; spaceless: one of a
	// language written without spaces.
	wide, spaceless bool
	nBytes, terms   int
	// skipped counts the units the file's skipped paragraphs may have
	// held, at most; fileSpaceless is the file's language's being
	// written without spaces, once known (0 unknown, 1 no, 2 yes).
	skipped       int
	fileSpaceless int8
	src           string
}

// add adds a line of a text to the paragraph (as the text it becomes, for
// a row, when f.rows).
func (p *pfPara) add(f *paraFilter, t string, row bool) {
	p.lines = append(p.lines, t)
	p.nBytes += len(t) + 1
	if p.wide {
		return
	}
	if row && f.rows {
		t = strings.ReplaceAll(strings.Trim(t, "|"), "|", " ; ")
	}
	f.line(p, t, len(p.lines)-1)
}

// text is the text of segment s, as appendUnitsLower builds it.
func (p *pfPara) text(s *pfSeg) string {
	t := p.lines[s.a]
	if s.b-s.a > 1 {
		t = strings.Join(p.lines[s.a:s.b], "\n")
	}
	if s.row {
		t = strings.ReplaceAll(strings.Trim(t, "|"), "|", " ; ")
	}
	return t
}

// passes reports whether the paragraph may hold a unit the form gate
// reads: a superset of the form gate's groups over its units can satisfy
// a rule.
func (p *pfPara) passes(f *paraFilter) bool {
	if p.wide {
		return true
	}
	for i := range p.segs {
		s := &p.segs[i]
		n := s.b - s.a - 1
		for _, l := range p.lines[s.a:s.b] {
			n += len(l)
		}
		if s.row {
			n *= 3
		}
		if n >= MaxUnit {
			// clipUnit may cut a token of a unit short.
			return true
		}
	}
	d := f.d
	// The hard literals of the languages written without spaces count
	// only when they can change the answer and a unit may be read in
	// such a language.
	hard := f.hardGroups
	spaceless := p.spaceless || p.fileIsSpaceless()
	if spaceless {
		hard |= f.spaceHardGroups
	}
	coarse := p.coarse | p.sure
	if !d.possible(coarse | hard) {
		return false
	}
	// The hits checked as the form gate's verifyStaged checks them, in
	// stages, until what is left can satisfy no rule.
	found, done := p.sure, uint64(0)
	for _, m := range f.g.stages {
		for _, h := range p.hits {
			if h.slot.groups&m&^found != 0 {
				found = f.check(p.lines[h.line], int(h.start), h.slot, m, found)
			}
		}
		done |= m
		if !d.possible(found | coarse&^done | hard) {
			return false
		}
	}
	if d.possible(found) {
		return true
	}
	// The hard literals, in each line or, when a literal may span
	// lines or a row's '|', in each text.
	look := func(s string) {
		if f.hardGroups != 0 {
			found |= f.hard.GroupsFold(s)
		}
		if spaceless {
			found |= f.spaceHard.GroupsFold(s)
		}
	}
	if f.hardGroups == 0 && !spaceless {
		return false
	}
	if f.joined || f.rows {
		for i := range p.segs {
			t := p.text(&p.segs[i])
			p.texts = append(p.texts, t)
			look(t)
		}
	} else {
		for _, l := range p.lines {
			look(l)
		}
	}
	return d.possible(found)
}

// fileIsSpaceless reports whether the file's language (Lang(src), which
// Warnings reads a unit in when the unit's own tells nothing) is written
// without spaces.
func (p *pfPara) fileIsSpaceless() bool {
	if p.fileSpaceless == 0 {
		p.fileSpaceless = 1
		// Lang reads the first 8192 bytes, and counts such a script
		// only by a rune whose first byte is one of these.
		s := p.src[:min(len(p.src), 8192)]
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == 0xE1 || 0xE3 <= c && c <= 0xED || c == 0xEF || c == 0xF0 {
				if r, _ := utf8.DecodeRuneInString(s[i:]); spacelessRune(r) {
					if spaceless[Lang(p.src)] {
						p.fileSpaceless = 2
					}
					break
				}
			}
		}
	}
	return p.fileSpaceless == 2
}

// end decides the paragraph: its units are appended to out when it may
// hold a unit the form gate reads; else they are counted in p.skipped,
// as many as it may have held at most. It returns false when the units
// skipped and appended may reach maxUnits (the filter then gives up).
func (p *pfPara) end(f *paraFilter, out []Unit) ([]Unit, bool) {
	if len(p.segs) > 0 {
		if p.passes(f) {
			for i := range p.segs {
				s := &p.segs[i]
				var t string
				if i < len(p.texts) {
					t = p.texts[i]
				} else {
					t = p.text(s)
				}
				out = appendSentences(out, t, s.line, s.kind, s.section, s.sectionLine, s.para)
			}
		} else {
			// appendSentences cuts a text at most at each byte or
			// rune that may end a sentence, once every MaxUnit bytes
			// (a row is at most three times its line), and at its
			// end; every text is at least one line.
			p.skipped += len(p.lines) + p.terms + 3*p.nBytes/MaxUnit
		}
	}
	p.next()
	return out, len(out)+p.skipped < maxUnits
}

// next empties p for the next paragraph, keeping its buffers and no text.
func (p *pfPara) next() {
	clear(p.lines)
	clear(p.segs)
	clear(p.texts)
	clear(p.hits)
	p.lines, p.segs, p.texts, p.hits = p.lines[:0], p.segs[:0], p.texts[:0], p.hits[:0]
	p.coarse, p.sure, p.wide, p.spaceless, p.nBytes, p.terms = 0, 0, false, false, 0, 0
}

// reset empties p for the next file.
func (p *pfPara) reset(src string) {
	p.next()
	p.skipped, p.fileSpaceless, p.src = 0, 0, src
}
