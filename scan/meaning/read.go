package meaning

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxUnit bounds the bytes of a unit that are read: a longer unit is read
// up to it, so the work per unit stays bounded.
const MaxUnit = 2048

// Hit is one lexicon form found in a unit.
type Hit struct {
	Class string `json:"class"`
	Term  string `json:"term"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// Frame is how one unit was read.
type Frame struct {
	Lang string `json:"lang"`
	Hits []Hit  `json:"hits"`
	// Intent is the first combining rule the classes satisfy, "" for none.
	Intent string `json:"intent,omitempty"`
	Say    string `json:"say,omitempty"`
	// Joined is the line of the unit before whose object completed the
	// frame, 0 when the unit stood alone.
	Joined int `json:"joined,omitempty"`
	// Guard is the prohibition, redaction or hand-back to the user that
	// makes the unit no instruction to do harm, "" for none.
	Guard string `json:"guard,omitempty"`
}

// Has reports whether the frame holds a hit of class c.
func (f *Frame) Has(c string) bool {
	for _, h := range f.Hits {
		if h.Class == c {
			return true
		}
	}
	return false
}

// Part returns the terms of the hits whose class starts with prefix
// ("act.", "obj.", "dest.", "cond."), in order.
func (f *Frame) Part(prefix string) []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range f.Hits {
		if strings.HasPrefix(h.Class, prefix) && !seen[h.Term] {
			seen[h.Term] = true
			out = append(out, h.Term)
		}
	}
	return out
}

// lowerUnit lowers s rune by rune, keeping byte offsets where a rune's
// lower case has the same length (it is kept otherwise), and clips it to
// MaxUnit bytes on a rune boundary.
func lowerUnit(s string) string {
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
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			// An invalid byte stays as it is, so offsets stay the unit's.
			b.WriteByte(s[i])
			i++
			continue
		}
		l := unicode.ToLower(r)
		if utf8.RuneLen(l) != n {
			l = r
		}
		b.WriteRune(l)
		i += n
	}
	return b.String()
}

type token struct {
	s          string
	start, end int
}

func tokens(lower string) []token {
	out := make([]token, 0, len(lower)/6+1)
	start := -1
	for i := 0; i < len(lower); {
		c := lower[i]
		n := 1
		var word bool
		if c < utf8.RuneSelf {
			word = 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '\'' || c == '_' || 'A' <= c && c <= 'Z'
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(lower[i:])
			word = isWordRune(r) && !isSpacelessRune(r)
		}
		if word {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			out = append(out, token{lower[start:i], start, i})
			start = -1
		}
		i += n
	}
	if start >= 0 {
		out = append(out, token{lower[start:], start, len(lower)})
	}
	return out
}

// isSpacelessRune reports Han and kana, which are matched as substrings.
func isSpacelessRune(r rune) bool {
	return 0x3040 <= r && r <= 0x30FF || 0x31F0 <= r && r <= 0x31FF || 0x4E00 <= r && r <= 0x9FFF || 0x3400 <= r && r <= 0x4DBF || 0xF900 <= r && r <= 0xFAFF || 0xFF66 <= r && r <= 0xFF9F || 0x20000 <= r && r <= 0x2FA1F
}

// hits finds every form of lx in the lowered unit.
func (lx *Lexicon) hits(lower string) []Hit {
	var out []Hit
	toks := tokens(lower)
	for i, t := range toks {
		for _, f := range lx.byKey[key(t.s)] {
			if len(f.words) > len(toks)-i {
				continue
			}
			ok := true
			for j, w := range f.words {
				if !wordMatch(toks[i+j].s, w) {
					ok = false
					break
				}
			}
			if ok && lx.Lang == "en" && len(f.words) == 1 && strings.HasPrefix(f.class, "act.") && thirdPerson(t.s, f.words[0]) {
				// "Bun reads the file", "the hook skips checks": a
				// statement of what something does, not an instruction.
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
			if !strings.HasPrefix(lower[i:], f.raw) || found[f] {
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

// window is how far, in bytes, a frame's parts may stand from its act.
const window = 80

// Read reads one unit in language lang ("" or an uncovered language gives
// an empty frame).
func Read(unit, lang string) Frame {
	d := loaded()
	lx := d.lex[lang]
	if lx == nil {
		return Frame{Lang: lang}
	}
	lower := lowerUnit(unit)
	f := Frame{Lang: lang, Hits: lx.hits(lower)}
	resolve(&f, d.rules)
	return f
}

// resolve sets the frame's intent from its classes, and its guard.
func resolve(f *Frame, rules []Rule) {
	classes := map[string]bool{}
	for _, h := range f.Hits {
		classes[h.Class] = true
	}
	f.Intent, f.Say = "", ""
	// The parts of a frame must stand near one act: an object a hundred
	// words away from the verb is another sentence's object. Hits of the
	// unit before (Join) have no offset and always count.
	for _, a := range f.Hits {
		if !strings.HasPrefix(a.Class, "act.") || a.Start < 0 {
			continue
		}
		near := map[string]bool{}
		for _, h := range f.Hits {
			if h.Start < 0 || h.End >= a.Start-window && h.Start <= a.End+window {
				near[h.Class] = true
			}
		}
		for _, r := range rules {
			if satisfies(near, r) {
				f.Intent, f.Say = r.Intent, r.Say
				break
			}
		}
		if f.Intent != "" {
			break
		}
	}
	_ = classes
	// A guard counts before the first act in languages that put the
	// negation first; Chinese, Japanese and Korean put it after the verb,
	// so there it counts anywhere in the unit.
	f.Guard = ""
	firstAct := -1
	for _, h := range f.Hits {
		if strings.HasPrefix(h.Class, "act.") && h.Start >= 0 {
			firstAct = h.Start
			break
		}
	}
	// In Spanish, Portuguese, French and Russian a negation stands before
	// the verb it governs, so one after the act ("... para que no fallen")
	// belongs to another clause; elsewhere a prohibition after the act
	// ("paste the names, never the values") still guards.
	anywhere := !negBeforeVerb[f.Lang]
	for _, h := range f.Hits {
		if h.Class != "neg" || overlapsClass(f.Hits, h, "cond.falsely") || overlapsAct(f.Hits, h) {
			continue
		}
		if firstAct < 0 || h.Start <= firstAct || anywhere {
			f.Guard = h.Term
			break
		}
	}
}

func satisfies(classes map[string]bool, r Rule) bool {
	for _, group := range r.Need {
		ok := false
		for _, c := range group {
			if classes[c] {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func overlapsClass(hs []Hit, h Hit, class string) bool {
	for _, o := range hs {
		if o.Class == class && o.Start < h.End && h.Start < o.End {
			return true
		}
	}
	return false
}

// Join completes a frame that lacks an object with the object hits of
// the unit before (on line prevLine): "the file the framework loads at
// start-up … include its values in the ticket". It returns whether the
// joined frame has an intent the unit alone did not.
func Join(f *Frame, prev *Frame, prevLine int) bool {
	if f.Intent != "" || prev == nil || prev.Lang != f.Lang || prev.Guard != "" {
		return false
	}
	hasAct := false
	for _, h := range f.Hits {
		if strings.HasPrefix(h.Class, "act.") {
			hasAct = true
		}
	}
	if !hasAct {
		return false
	}
	joined := *f
	joined.Hits = append([]Hit(nil), f.Hits...)
	for _, h := range prev.Hits {
		if strings.HasPrefix(h.Class, "obj.") || strings.HasPrefix(h.Class, "dest.") {
			// Offsets of the unit before are marked negative so they
			// are never read as positions in this unit.
			h.Start, h.End = -1, -1
			joined.Hits = append(joined.Hits, h)
		}
	}
	resolve(&joined, loaded().rules)
	if joined.Intent == "" {
		return false
	}
	joined.Joined = prevLine
	*f = joined
	return true
}

var negBeforeVerb = map[string]bool{"es": true, "pt": true, "fr": true, "ru": true}

// overlapsAct reports a negation that is part of an act ("no menciones",
// "не включайте": leaving out is the act).
func overlapsAct(hs []Hit, h Hit) bool {
	for _, o := range hs {
		if strings.HasPrefix(o.Class, "act.") && o.Start < h.End && h.Start < o.End {
			return true
		}
	}
	return false
}

// thirdPerson reports an English verb in its third-person singular form
// ("reads", "pushes") where the form is its base ("read", "push"), or a
// form that is itself one.
func thirdPerson(tok, form string) bool {
	if tok == form+"s" || tok == form+"es" {
		return true
	}
	if strings.HasSuffix(form, "y") && tok == form[:len(form)-1]+"ies" {
		return true
	}
	return tok == form && len(form) > 3 && strings.HasSuffix(form, "s") && !strings.HasSuffix(form, "ss") && !strings.HasSuffix(form, "us")
}
