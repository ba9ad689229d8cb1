package meaning

// The reference reading: Analyze, Units and Lang as they were before the
// fast paths (the single automaton over every literal, a lowered copy of
// every unit, units cut through strings.Split, stopwords looked up in a
// map, Read with a fresh lowered copy and token slice and a map look-up
// of every token's key). The fast paths must give exactly what these give
// (analyze_equiv_test.go). Copied from main at 87238d3; not to be edited
// except to follow a deliberate change of behaviour.

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// refGate is the one automaton over every literal the gate had.
var refGate = sync.OnceValue(func() *text.Prefilter {
	if loaded().gate == nil {
		return nil
	}
	return text.NewPrefilter(loaded().gate.lits)
})

func refAnalyze(src string) []Reading {
	m := Embedded()
	d := loaded()
	gate := refGate()
	// The file's language is guessed only when a unit needs it.
	fileLang, guessed := "", false
	langOf := func(text string) string {
		if l := refLang(text); l != "" {
			return l
		}
		if !guessed {
			fileLang, guessed = refLang(src), true
		}
		return fileLang
	}
	units := refUnits(src)
	out := make([]Reading, 0, len(units))
	var prev *Reading
	prevGroups := uint64(0)
	sections := map[string]bool{}
	for _, u := range units {
		r := Reading{Unit: u}
		groups := uint64(0)
		if gate != nil {
			groups = gate.Groups(lowerUnit(u.Text))
		}
		joinable := prev != nil && prev.Unit.Para == u.Para && prevGroups&d.lend != 0
		if gate == nil || d.possible(groups) || joinable && d.possible(groups|prevGroups&d.lend) {
			r.Frame = refRead(u.Text, langOf(u.Text))
			if joinable && r.Frame.Intent == "" {
				if prev.Frame.Lang == "" {
					// The unit before was not read (it held no act).
					prev.Frame = refRead(prev.Unit.Text, langOf(prev.Unit.Text))
				}
				Join(&r.Frame, &prev.Frame, prev.Unit.Line)
			}
		}
		if r.Frame.Intent != "" && u.Section != "" {
			key := r.Frame.Lang + "\x00" + u.Section
			g, ok := sections[key]
			if !ok {
				sf := refRead(u.Section, r.Frame.Lang)
				for _, h := range sf.Hits {
					if h.Class == "neg" {
						g = true
						break
					}
				}
				sections[key] = g
			}
			if g {
				r.SectionGuard = u.Section
			}
		}
		if m != nil && r.Frame.Intent != "" {
			r.Threshold = m.Threshold
			r.Score = m.Score(u.Text, &r.Frame)
			r.Warn = r.Frame.Guard == "" && r.SectionGuard == "" && r.Score >= m.Threshold && warnLen(u.Text) <= maxWarnUnit
		}
		out = append(out, r)
		prev = &out[len(out)-1]
		prevGroups = groups
	}
	return out
}

func refUnits(src string) []Unit {
	var out []Unit
	lines := strings.Split(src, "\n")
	fence := ""
	para := 0
	section, sectionLine := "", 0
	// A line that introduces a list ("Never:") governs that list only;
	// the heading's section comes back after it.
	heading, headingLine := "", 0
	intro := false
	var cur strings.Builder
	curLine, curKind := 0, ""
	flush := func() {
		if cur.Len() > 0 {
			out = refAppendSentences(out, cur.String(), curLine, curKind, section, sectionLine, para)
			cur.Reset()
		}
	}
	start := 0
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for i := 1; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == "---" {
				start = i + 1
				break
			}
		}
	}
	inComment := false
	for i := start; i < len(lines) && len(out) < maxUnits; i++ {
		ln := i + 1
		raw := strings.TrimRight(lines[i], "\r")
		t := strings.TrimSpace(raw)
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
			section, sectionLine = strings.ToLower(h), ln
			heading, headingLine, intro = section, ln, false
			continue
		}
		if strings.HasPrefix(t, "|") {
			flush()
			if refIsSeparatorRow(t) {
				continue
			}
			row := strings.Trim(t, "|")
			row = strings.ReplaceAll(row, "|", " ; ")
			out = refAppendSentences(out, row, ln, "row", section, sectionLine, para)
			continue
		}
		body, kind, isItem := refListItem(t)
		if intro && !isItem && cur.Len() == 0 && !strings.HasPrefix(t, "|") && i > 0 && strings.TrimSpace(lines[i-1]) == "" {
			section, sectionLine, intro = heading, headingLine, false
		}
		if isItem {
			flush()
			cur.WriteString(body)
			curLine, curKind = ln, kind
			continue
		}
		if cur.Len() == 0 {
			curLine, curKind = ln, "sentence"
			if strings.HasSuffix(t, ":") {
				// A line that introduces a list sets its section.
				flush()
				section, sectionLine, intro = strings.ToLower(t), ln, true
				out = refAppendSentences(out, t, ln, "sentence", section, sectionLine, para)
				continue
			}
		} else {
			cur.WriteByte('\n')
		}
		cur.WriteString(t)
	}
	flush()
	return out
}

func refIsSeparatorRow(t string) bool {
	for _, r := range t {
		if !strings.ContainsRune("|-: ", r) {
			return false
		}
	}
	return true
}

// listItem strips a list marker: "- ", "* ", "+ ", "- [ ] ", "1. ", "1) ".
func refListItem(t string) (string, string, bool) {
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
func refAppendSentences(out []Unit, s string, line int, kind, section string, sectionLine, para int) []Unit {
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
		r, n := utf8.DecodeRuneInString(s[i:])
		end := i + n
		switch {
		case r == '。' || r == '！' || r == '？':
			emit(end)
			start = end
		case (r == '.' || r == '!' || r == '?') && (end == len(s) || s[end] == ' ' || s[end] == '\n') && !refAbbrev(s[start:i]):
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

// abbrev reports a sentence so far that ends in an abbreviation such as
// "e.g" or "i.e" (the full stop after it ends no sentence).
func refAbbrev(s string) bool {
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

// Lang guesses the language of a text from its script and, for Latin
// script, its commonest words. It returns "" when nothing tells.
func refLang(s string) string {
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
	for _, r := range s {
		if ascii {
			break
		}
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
	var buf [16]byte
	for i := 0; i < len(s); {
		for i < len(s) && !wordByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && wordByte(s[j]) {
			j++
		}
		if w := s[i:j]; len(w) > 0 && len(w) <= len(buf) {
			n := copy(buf[:], w)
			for k := 0; k < n; k++ {
				if 'A' <= buf[k] && buf[k] <= 'Z' {
					buf[k] += 'a' - 'A'
				}
			}
			for _, l := range stopIndex[string(buf[:n])] {
				counts[l]++
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
func refAppendLower(buf []byte, s string) []byte {
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

// hits finds every form of lx in the lowered unit.
func (lx *Lexicon) refHits(lower string) []Hit {
	var out []Hit
	toks := tokens(lower)
	for i, t := range toks {
		for _, f := range lx.byKey[key(t.s)] {
			if len(f.words) > len(toks)-i {
				continue
			}
			ok := true
			for j, w := range f.words {
				if !wordMatch(toks[i+j].s, w) || shortStem(toks[i+j].s, &f, j) {
					ok = false
					break
				}
			}
			if ok && lx.Lang == "en" && len(f.words) == 1 && strings.HasPrefix(f.class, "act.") && thirdPerson(t.s, f.words[0]) {
				// "Bun reads the file", "the hook skips checks": a
				// statement of what something does, not an instruction.
				ok = false
			}
			if ok && strings.HasPrefix(f.class, "act.") && identifier(lower, toks[i+len(f.words)-1]) {
				// "SKIP=lint", "disabled_tools": a name in code, not a verb.
				ok = false
			}
			if ok && lx.Lang == "ru" && len(f.words) == 1 && strings.HasPrefix(f.class, "act.") && pastTenseRU(t.s, f.words[0]) {
				// "удалил" after the form "удали": the past tense
				// states what was done; it asks for nothing.
				ok = false
			}
			if ok && lx.Lang == "en" && len(f.words) == 1 && strings.HasPrefix(f.class, "act.") && !clauseStart(lower, toks, i) && !(participle(t.s, f.words[0]) && resultative(toks, i)) && !afterFronted(lower, toks, i, f.words[0]) {
				// "Git stores stash entries", "skipped pipelines pass":
				// a verb after its subject states what happens; an
				// instruction's verb opens its clause.
				ok = false
			}
			if ok && lx.Lang == "en" && strings.HasPrefix(f.class, "act.") && (declined(toks, i) || len(f.words) == 1 && described(toks, i, f.words[0])) {
				// "instead of disabling", "the key is stored": an act
				// set aside, or a statement of what is done.
				ok = false
			}
			if ok && lx.Lang == "en" && len(f.words) == 1 && strings.HasPrefix(f.class, "act.") && gerundLabel(lower, toks, i, f.words[0]) {
				// "**Credential theft**: Reading SSH keys …": an
				// activity named under a label, not an instruction.
				ok = false
			}
			if ok && lx.Lang == "en" && len(f.words) == 1 && strings.HasPrefix(f.class, "act.") && nominal(t.s, f.words[0]) {
				// "suppressions", "pipeline": the noun names a thing,
				// it does not ask for the act.
				ok = false
			}
			if ok {
				out = append(out, Hit{Class: f.class, Term: f.term, Start: t.start, End: toks[i+len(f.words)-1].end})
			}
		}
	}
	// Substring forms: one pass, each form at its first place only.
	var found map[*form]bool
	for i := 0; i+1 < len(lower); i++ {
		k := pairKey(lower[i], lower[i+1])
		if lx.subSeen[k/64]&(1<<(k%64)) == 0 {
			continue
		}
		fs := lx.subIndex[k]
		for j := range fs {
			f := &fs[j]
			if !strings.HasPrefix(lower[i:], f.raw) || found[f] && !everyPlace[f.class] {
				continue
			}
			if strings.HasPrefix(f.class, "act.") && adnominal(lx.Lang, lower[i+len(f.raw):]) {
				// "削除した設定ファイル", "삭제한 파일", "删除的文件": the
				// files that were deleted, not a request to delete.
				continue
			}
			if found == nil {
				found = map[*form]bool{}
			}
			found[f] = true
			out = append(out, Hit{Class: f.class, Term: f.term, Start: i, End: i + len(f.raw)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].Class < out[j].Class
	})
	return out
}

// Read reads one unit in language lang ("" or an uncovered language gives
// an empty frame).
func refRead(unit, lang string) Frame {
	d := loaded()
	lx := d.lex[lang]
	if lx == nil {
		return Frame{Lang: lang}
	}
	lower := lowerUnit(unit)
	f := Frame{Lang: lang, Hits: lx.refHits(lower)}
	f.ref = commandReference(lower, lang)
	f.aside = asideSpans(lower, f.Hits)
	f.governed, f.guarded = guardSpans(lower, lang, f.Hits)
	resolve(&f, d.rules)
	return f
}
