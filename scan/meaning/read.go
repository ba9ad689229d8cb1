package meaning

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"
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
	// ref marks a unit that documents a command (commandReference).
	ref bool
	// aside holds the byte spans a contrast sets aside ("send the
	// template, not the real values"): what stands in them is not asked
	// for, so their hits take no part in the intent.
	aside []span
	// governed holds the spans a guard governs (guardSpans): the acts in
	// them are forbidden, described or set aside, and the parts in them
	// belong to those acts, not to an act outside.
	governed []govSpan
	// guarded says the unit holds a prohibition, scope, consequence or
	// threat that is a guard (guardSpans): it lends nothing to the unit
	// after (Join).
	guarded bool
}

type span struct{ start, end int }

// govSpan is a span of a unit a guard governs, and the guard's form.
type govSpan struct {
	start, end int
	term       string
	// lends says the parts in the span still count for an act outside
	// it: what a consequence or a threat names ("attach the zip so the
	// experts can read the whole codebase") is often the outside act's
	// object too; what a prohibition or "without" names is not.
	lends bool
}

// asideSpans returns, for each contrast hit, the span from its end to the
// end of its clause (the next clause punctuation, or the unit's end), and
// for each aside hit its own extent.
func asideSpans(lower string, hs []Hit) []span {
	var out []span
	for _, h := range hs {
		if h.Class == "aside" && h.Start >= 0 {
			// A form that names a harmless thing in the words of a
			// harmful one ("~/.ssh/id_ed25519.pub", a public key): the
			// hits inside it are set aside.
			out = append(out, span{h.Start, h.End})
			continue
		}
		if h.Class != "contrast" || h.Start < 0 {
			continue
		}
		end := len(lower)
		if i := strings.IndexAny(lower[h.End:], ",;.:!?，。；：！？"); i >= 0 {
			end = h.End + i
		}
		out = append(out, span{h.End, end})
	}
	return out
}

// setAside reports a hit inside a span a contrast sets aside.
func (f *Frame) setAside(h Hit) bool {
	for _, s := range f.aside {
		if h.Start >= s.start && h.Start < s.end {
			return true
		}
	}
	return false
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
	return string(appendLower(nil, s))
}

type token struct {
	s          string
	start, end int
}

func tokens(lower string) []token {
	return appendTokens(make([]token, 0, len(lower)/6+1), lower)
}

// appendTokens appends the tokens of lower to out.
func appendTokens(out []token, lower string) []token {
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
	tp := tokenPool.Get().(*[]token)
	toks := appendTokens((*tp)[:0], lower)
	defer func() { *tp = toks; tokenPool.Put(tp) }()
	for i, t := range toks {
		k := key(t.s)
		if !lx.mayHaveKey(k) {
			continue
		}
		fs := lx.byKey[k]
		for fi := range fs {
			f := &fs[fi]
			if len(f.words) > len(toks)-i {
				continue
			}
			ok := true
			for j, w := range f.words {
				if !wordMatch(toks[i+j].s, w) || shortStem(toks[i+j].s, f, j) {
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
		fs := lx.subForms(k)
		for j := range fs {
			f := &fs[j]
			if !strings.HasPrefix(lower[i:], f.raw) || !f.every && found[f] {
				continue
			}
			if strings.HasPrefix(f.class, "act.") && adnominal(lx.Lang, lower[i+len(f.raw):]) {
				// "削除した設定ファイル", "삭제한 파일", "删除的文件": the
				// files that were deleted, not a request to delete.
				continue
			}
			if !f.every {
				if found == nil {
					found = map[*form]bool{}
				}
				found[f] = true
			}
			out = append(out, Hit{Class: f.class, Term: f.term, Start: i, End: i + len(f.raw)})
		}
	}
	slices.SortStableFunc(out, func(a, b Hit) int {
		if a.Start != b.Start {
			return cmp.Compare(a.Start, b.Start)
		}
		return strings.Compare(a.Class, b.Class)
	})
	return out
}

// window is how far, in bytes, a frame's parts may stand from its act.
const window = 80

// twoByteScript lists the covered languages whose letters take two bytes
// each in UTF-8 (Cyrillic): their window is twice as many bytes, so it
// reaches as many words as an English one.
var twoByteScript = map[string]bool{"ru": true}

// Read reads one unit in language lang ("" or an uncovered language gives
// an empty frame).
func Read(unit, lang string) Frame {
	d := loaded()
	lx := d.lex[lang]
	if lx == nil {
		return Frame{Lang: lang}
	}
	// The lowered unit is read only by hits, whose hits hold offsets,
	// not slices of it, and by commandReference, which keeps nothing: a
	// pooled buffer serves.
	bp := lowerPool.Get().(*[]byte)
	low := appendLower((*bp)[:0], unit)
	ls := unsafe.String(unsafe.SliceData(low), len(low))
	f := Frame{Lang: lang, Hits: lx.hits(ls)}
	f.ref = commandReference(ls, lang)
	f.aside = asideSpans(ls, f.Hits)
	f.governed, f.guarded = guardSpans(ls, lang, f.Hits)
	*bp = low
	lowerPool.Put(bp)
	resolve(&f, d.rules)
	return f
}

// commandReference reports an English unit that documents a command: a
// code span, a dash or colon, and a statement of what the command does
// ("`git reset --hard HEAD` - throws away local changes", "`stash pop`:
// applies the latest stash"). The description's verb is in the third
// person; an instruction after the command ("`git reset --hard` - run it
// first") has its verb in the base form and stays an instruction. A table
// row whose first cell is a command alone is a reference too.
func commandReference(lower, lang string) bool {
	if !strings.HasPrefix(lower, "`") {
		return false
	}
	end := strings.IndexByte(lower[1:], '`')
	if end < 0 {
		return false
	}
	after := lower[end+2:]
	rest := strings.TrimLeft(after, " ")
	if strings.HasPrefix(rest, ";") && len(rest) < len(after) {
		// A table row whose first cell is the command alone ("`stash
		// drop`  ;  Discard latest"): a reference table, whatever mood
		// the description is in; but a row whose second cell is a value
		// in code ("`GOSUMDB`  ;  `off`  ;  …") is a table of settings
		// to make, not a reference.
		next := strings.TrimLeft(rest[1:], " ")
		if !strings.HasPrefix(next, "`") {
			return true
		}
		cell, _, _ := strings.Cut(next, ";")
		return !strings.HasSuffix(strings.TrimRight(cell, " "), "`")
	}
	if lang != "en" {
		// The mood of the description is read in English only.
		return false
	}
	sep := false
	for _, sp := range []string{"- ", "– ", "— ", ": "} {
		if r, cut := strings.CutPrefix(rest, sp); cut {
			rest, sep = r, true
			break
		}
	}
	// With or without a separator, a verb in the third person right after
	// the command states what it does ("`stash drop` discards the latest
	// stash").
	toks := tokens(rest)
	if len(toks) == 0 {
		return false
	}
	w := toks[0].s
	switch w {
	case "is", "are", "was", "does", "has":
		return sep
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us")
}

// resolve sets the frame's intent from its classes, and its guard.
//
// A guard governs the acts it belongs to (guardSpans), not the unit: an
// act outside every governed span is read first, with the parts outside
// those spans ("Never paste the .env into the ticket; send the vendor the
// variable names" reads no .env for "send"); only when no such act gives
// an intent are the governed acts read, and the frame keeps the intent
// with the guard that governs its act, so explain can say why it does not
// warn.
func resolve(f *Frame, rules []Rule) {
	f.Intent, f.Say, f.Guard = "", "", ""
	// The parts of a frame must stand near one act: an object a hundred
	// words away from the verb is another sentence's object. Hits of the
	// unit before (Join) have no offset and always count.
	w := window
	if twoByteScript[f.Lang] {
		w = 2 * window
	}
	guard := ""
	for pass := 0; pass < 2 && f.Intent == ""; pass++ {
		for _, a := range f.Hits {
			if !strings.HasPrefix(a.Class, "act.") || a.Start < 0 || f.setAside(a) {
				continue
			}
			g := f.governor(a.Start)
			if pass == 0 && g != "" || pass == 1 && g == "" {
				continue
			}
			near := map[string]bool{}
			for _, h := range f.Hits {
				if f.setAside(h) || pass == 0 && h.Start >= 0 && (!f.lent(h.Start) || strings.HasPrefix(h.Class, "act.") && f.governor(h.Start) != "") {
					continue
				}
				if h.Start < 0 || h.End >= a.Start-w && h.Start <= a.End+w {
					near[h.Class] = true
				}
			}
			for _, r := range rules {
				if satisfies(near, r) {
					f.Intent, f.Say, guard = r.Intent, r.Say, g
					break
				}
			}
			if f.Intent != "" {
				break
			}
		}
	}
	if f.Intent == "" {
		return
	}
	if f.ref {
		f.Guard = "command reference"
		return
	}
	for _, h := range f.Hits {
		if h.Class == "scope" {
			// A scope ("only in CI", "from the vendored copy") confines
			// the act wherever it stands in the unit.
			f.Guard = h.Term
			return
		}
	}
	f.Guard = guard
}

// lent reports whether a part at byte offset at may serve an act outside
// the governed spans: it stands in none, or only in spans that lend.
func (f *Frame) lent(at int) bool {
	for _, g := range f.governed {
		if at >= g.start && at < g.end && !g.lends {
			return false
		}
	}
	return true
}

// governor returns the form of the guard that governs byte offset at, ""
// for none.
func (f *Frame) governor(at int) string {
	for _, g := range f.governed {
		if at >= g.start && at < g.end {
			return g.term
		}
	}
	return ""
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
	if f.Intent != "" || prev == nil || prev.Lang != f.Lang || prev.Guard != "" || prev.guarded {
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
		if h.Start >= 0 && !prev.lent(h.Start) {
			// What a guard governs in the unit before ("Never store
			// the .env anywhere.") is not lent to this one.
			continue
		}
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

// overlapsPart reports a negation inside an object or an amount ("nicht
// eingecheckter Dateien", files not checked in): it describes what is
// taken, it forbids nothing.
func overlapsPart(hs []Hit, h Hit) bool {
	for _, o := range hs {
		if (strings.HasPrefix(o.Class, "obj.") || strings.HasPrefix(o.Class, "amt.")) && o.Start < h.End && h.Start < o.End {
			return true
		}
	}
	return false
}

// nominal reports an English noun formed from a verb form ("suppress" →
// "suppressions"): a thing named, not an act asked for.
func nominal(tok, form string) bool {
	rest, ok := strings.CutPrefix(tok, form)
	if !ok {
		return false
	}
	switch rest {
	case "ion", "ions", "ment", "ments", "line", "lines":
		return true
	}
	return false
}

// declined reports an English act that follows "instead of" or "rather
// than": the act the sentence sets aside.
func declined(toks []token, i int) bool {
	if i < 2 {
		return false
	}
	a, b := toks[i-2].s, toks[i-1].s
	return a == "instead" && b == "of" || a == "rather" && b == "than"
}

// described reports an English participle formed from an act's stem
// ("the value is stored", "CGO disabled"): a statement of a state, not an
// instruction, unless a word before asks for the state ("keep it
// disabled", "must be disabled").
func described(toks []token, i int, form string) bool {
	if !participle(toks[i].s, form) {
		// "skipped", "dropped": the consonant doubles.
		return false
	}
	return !resultative(toks, i)
}

// participle reports a token that is the participle of an act's stem.
func participle(t, form string) bool {
	return t == form+"d" || t == form+"ed" || t == form+form[len(form)-1:]+"ed"
}

// resultative reports a word, at most five before token i, that asks for
// the participle's state: "leave the hooks disabled", "keep the check
// skipped", "must be disabled".
func resultative(toks []token, i int) bool {
	if ensured(toks, i) {
		return true
	}
	for j := i - 1; j >= 0 && j >= i-5; j-- {
		switch toks[j].s {
		case "keep", "keeps", "kept", "leave", "leaves", "left", "stay", "stays", "remain", "remains", "be", "get", "gets", "always", "make", "makes", "set":
			return true
		}
	}
	return false
}

// opener lists English words after which a verb still opens an
// instruction: subjects and modals of an instruction ("you must send"),
// conjunctions and adverbs ("and then run", "always add").
var opener = map[string]bool{
	"to": true, "and": true, "then": true, "or": true, "please": true, "always": true, "also": true,
	"just": true, "first": true, "never": true, "don't": true, "do": true, "must": true, "should": true,
	"can": true, "could": true, "will": true, "would": true, "may": true, "might": true, "you": true,
	"we": true, "now": true, "simply": true, "instead": true, "immediately": true, "finally": true,
	"next": true, "afterwards": true, "automatically": true, "quietly": true, "silently": true,
	"directly": true, "manually": true, "only": true, "still": true, "so": true, "i": true,
	"need": true, "want": true, "agent": true, "assistant": true, "claude": true, "ai": true,
	"later": true, "once": true, "again": true, "straight": true, "else": true, "otherwise": true,
	"let's": true, "lets": true, "shall": true, "better": true, "rather": true, "but": true,
	"dont": true, "not": true, "ever": true, "routinely": true, "regularly": true, "proactively": true,
	// Round 4: the adverbs and contractions a polite or chatty
	// instruction puts before its verb ("kindly upload", "you'll want
	// to", "lastly, …").
	"kindly": true, "you'll": true, "you'd": true, "we'll": true, "we'd": true, "i'll": true, "i'd": true,
	"ideally": true, "preferably": true, "definitely": true, "quickly": true, "carefully": true,
	"additionally": true, "lastly": true, "secondly": true, "thirdly": true, "initially": true,
	"subsequently": true, "thereafter": true, "meanwhile": true, "promptly": true, "discreetly": true,
	"go": true, "you’ll": true, "you’d": true,
}

// clauseStart reports whether token i of a lowered English unit opens a
// clause: the unit's first word, a word after punctuation, or a word
// after an opener.
func clauseStart(lower string, toks []token, i int) bool {
	if i == 0 {
		return true
	}
	if c := toks[i].s[0]; c < 'a' || c > 'z' {
		// A flag ("--force") or a name ("7z"), not a verb in a
		// sentence: word order says nothing about it.
		if c < utf8.RuneSelf {
			return true
		}
	}
	sep := lower[toks[i-1].end:toks[i].start]
	if j := strings.LastIndexByte(sep, ')'); j >= 0 && strings.TrimSpace(sep[j+1:]) == "" {
		// After a parenthetical aside ("Vault operations (`login`,
		// etc.) bypass …") the verb continues the clause the aside
		// interrupts: read what stands before the "(".
		if open := strings.LastIndexByte(lower[:toks[i-1].end+j], '('); open >= 0 {
			p := -1
			for k := i - 1; k >= 0; k-- {
				if toks[k].end <= open {
					p = k
					break
				}
			}
			if p < 0 || strings.ContainsAny(lower[toks[p].end:open], ":;,.[]*`\"'—–-!?>|/&$=\n") {
				return true
			}
			return opener[toks[p].s]
		}
	}
	if strings.ContainsAny(sep, ":;,.()[]*`\"'—–-!?>|/&$=\n") {
		return true
	}
	return opener[toks[i-1].s]
}

// identifier reports a token that is a name in code: one joined by an
// underscore, or one a "=" assigns to.
// pastTenseRU reports a Russian verb in the past tense matched by a form
// that is its stem ("удалил", "удалила", "удалили" for "удали").
func pastTenseRU(tok, form string) bool {
	switch strings.TrimPrefix(tok, form) {
	case "л", "ла", "ло", "ли", "лся", "лась", "лось", "лись":
		return len(tok) > len(form)
	}
	return false
}

func identifier(lower string, t token) bool {
	if strings.Contains(t.s, "_") || t.end < len(lower) && lower[t.end] == '=' {
		return true
	}
	// A segment inside a path ("config/schedule.rb", "./install.sh",
	// "scripts/sync/") or a file name in code ("`scheduled-tasks.md`"): a
	// name, not a verb.
	if t.start == 0 || lower[t.start-1] != '/' && lower[t.start-1] != '`' || t.end+1 >= len(lower) {
		return false
	}
	c := lower[t.end+1]
	return lower[t.end] == '/' || lower[t.end] == '.' && ('a' <= c && c <= 'z' || '0' <= c && c <= '9')
}

// warnLen is a unit's length as maxWarnUnit counts it: bytes, except that
// a letter of an alphabet encoded in two bytes (Cyrillic, Greek, accented
// Latin, Hebrew, Arabic) counts once, as its Latin twin would. The bound
// measures how much a unit says, and a Russian sentence is no longer than
// its English translation for being twice the bytes. Han, kana and Hangul
// keep their three bytes: one of them says about as much as a short word.
func warnLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if s[i]&0xE0 == 0xC0 {
			n--
		}
	}
	return n
}

// gerundLabel reports an English -ing form of an act's stem that opens the
// unit or follows a colon ("Reading SSH keys, .env files", "**Config
// modification**: Writing to shell configs"): a list of activities, as a
// threat taxonomy or a changelog writes them. An instruction's verb is in
// the base form ("Read the keys"); elsewhere in a unit the lexicon's -ing
// forms still count ("start by copying …").
func gerundLabel(lower string, toks []token, i int, form string) bool {
	t := toks[i].s
	if !strings.HasSuffix(t, "ing") || strings.Contains(t, "-") || t == "nonblocking" || t == "ping" {
		return false
	}
	if i == 0 {
		return true
	}
	gap := strings.TrimRight(lower[toks[i-1].end:toks[i].start], " *_")
	return strings.HasSuffix(gap, ":")
}

// prepositions that open a fronted phrase before an imperative.
var fronting = map[string]bool{"in": true, "into": true, "on": true, "under": true, "within": true, "inside": true, "for": true, "at": true}

// determiners that open the object of an imperative.
var determiner = map[string]bool{"the": true, "all": true, "every": true, "its": true, "their": true, "your": true, "each": true, "any": true, "this": true, "these": true, "both": true}

// afterFronted reports an English verb in its base form that follows a
// phrase opened by a preposition at its clause's start, and opens its own
// object: "In the PR body paste the full contents …", "so in the ticket
// include every value …". The phrase holds at most eight words and no
// other act; a statement ("In CI, nightly runs skip the hooks") has a
// comma that starts a new clause, so its verb is judged there.
func afterFronted(lower string, toks []token, i int, form string) bool {
	if toks[i].s != form || i+1 >= len(toks) || !determiner[toks[i+1].s] {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-9; j-- {
		if !fronting[toks[j].s] {
			continue
		}
		if clauseStart(lower, toks, j) {
			return j < i-1 && !strings.ContainsAny(lower[toks[j].end:toks[i].start], ",;:.()!?")
		}
	}
	return false
}

// ensured reports an English participle after "is" or "are" whose sentence
// asks for the state with "make sure" or "ensure" up to fifteen words
// before: "Make sure `node tools/d.js &` is appended to ~/.zshrc".
func ensured(toks []token, i int) bool {
	if i < 2 || toks[i-1].s != "is" && toks[i-1].s != "are" {
		return false
	}
	for j := i - 2; j >= 0 && j >= i-16; j-- {
		switch toks[j].s {
		case "ensure", "ensures":
			return true
		case "sure":
			if j > 0 && (toks[j-1].s == "make" || toks[j-1].s == "makes") {
				return true
			}
		}
	}
	return false
}

// The scope of a guard. A negation or prohibition (class neg) governs the
// acts of its unit wherever it stands: before the act ("never paste"),
// after it ("… ist verboten", "…しないでください", "… запрещено",
// "subir … no está permitido"), in another part of the unit ("Never force
// push to main; rewriting shared history loses commits"). It does not
// reach into or out of a clause that a form of class clause opens (a
// purpose, a cause, an alternative: "so that", "damit", "para que",
// "pour que", "чтобы", "以便", "instead,") or closes in Japanese and
// Korean ("…ないように", "…지 않도록"): "Upload the whole tree to the
// portal so that the review is not delayed" asks for the upload; a
// negation inside that clause governs that clause only.
//
// The narrower guards govern from where they stand to the end of their
// segment (a segment ends at any clause punctuation: a comma, colon,
// dash, bracket, full stop, semicolon), to its start in Japanese and
// Korean, where they follow the verb, and only when an act stands there:
// a statement of consequence (conseq: "this can delete …", "… can apply
// or drop the wrong changes", "削除される恐れがあります"), the description
// of a threat (threat: "agents sometimes try to …"), an act declined
// (without: "without sending …", "sin enviar", "ohne … zu senden",
// "せずに").

// everyPlace lists the classes whose substring forms are found wherever
// they stand, not at their first place only: each guard governs its own
// segment, and each clause marker cuts one ("不要清空 stash，也不要强制推送").
var everyPlace = map[string]bool{"neg": true, "conseq": true, "threat": true, "without": true, "if": true, "if.post": true, "clause": true}

// guardClasses are the classes that govern acts; narrow ones only from
// where they stand.
var guardClasses = map[string]bool{"neg": true, "conseq": true, "threat": true, "without": true, "if": true, "if.post": true}

// postVerbal languages put a negation, a modal or the end of a clause
// after the verb.
var postVerbal = map[string]bool{"ja": true, "ko": true}

// seg is one segment of a lowered unit, between two clause punctuation
// marks.
type seg struct{ start, end int }

// segments cuts a lowered unit at its clause punctuation: comma, colon,
// semicolon, bracket, question and exclamation marks, a full stop before
// a space, a line end, and their full-width forms and dashes.
func segments(lower string) []seg {
	var out []seg
	start := 0
	for i := 0; i < len(lower); {
		c := lower[i]
		n, cut := 1, false
		if c < utf8.RuneSelf {
			switch c {
			case ',', ':', '(', ')', ';', '!', '?', '\n':
				cut = true
			case '.':
				cut = i+1 == len(lower) || lower[i+1] == ' ' || lower[i+1] == '\n'
			}
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(lower[i:])
			cut = strings.ContainsRune("—–，、：（）。；！？", r)
		}
		if cut {
			out = append(out, seg{start, i})
			start = i + n
		}
		i += n
	}
	return append(out, seg{start, len(lower)})
}

// guardSpans returns the spans of a lowered unit its guards govern, each
// with the guard's form (see above).
func guardSpans(lower, lang string, hs []Hit) (out []govSpan, guarded bool) {
	var segs []seg
	var subs []span
	subsDone := false
	for _, g := range hs {
		if g.Class == "scope" {
			guarded = true
		}
		if !guardClasses[g.Class] || g.Start < 0 {
			continue
		}
		// A negation inside an obligation ("don't forget to", "vergiss
		// nicht", "なければなりません"), an act ("no menciones"; but
		// "不注册" holds its act, it is not inside one), an
		// object or amount ("nicht eingecheckter Dateien"), a condition
		// ("without checking", "even if it never") or a contrast
		// (", never the values", which sets aside what follows) is part
		// of that, not a guard.
		if overlapsClass(hs, g, "must") || overlapsClass(hs, g, "contrast") || coveredByAct(hs, g) || overlapsPart(hs, g) || overlapsPrefix(hs, g, "cond.") || negatedGuard(lower, hs, g) {
			continue
		}
		if g.Class == "conseq" && personModal(lower, lang, g) {
			// "you can skip", "can you send", "usted puede": a
			// permission or a request, not a consequence.
			continue
		}
		if g.Class == "neg" || g.Class == "conseq" || g.Class == "threat" {
			guarded = true
		}
		if g.Class != "neg" {
			// A narrow guard: from where it stands to its segment's
			// end (its start after the verb).
			if segs == nil {
				segs = segments(lower)
			}
			k := 0
			for k+1 < len(segs) && segs[k].end <= g.Start {
				k++
			}
			sp := govSpan{g.Start, segs[k].end, g.Term, g.Class != "without"}
			if g.Class == "conseq" && !relative(lower, lang, g) {
				// A consequence governs its subject too: "a force
				// push to main can overwrite …", "a line that
				// starts X would keep running"; but not the clause
				// a relative one hangs on ("run a script that can
				// reach …").
				sp.start = subjectStart(lower, lang, segs[k].start, g.Start)
			}
			if postVerbal[lang] || strings.HasSuffix(g.Class, ".post") {
				sp = govSpan{segs[k].start, g.End, g.Term, g.Class != "without"}
				if k > 0 && topicBefore(lower, segs[k-1]) {
					// "強制プッシュは、…恐れがあります": the topic
					// before the comma is the same clause's.
					sp.start = segs[k-1].start
				}
			}
			if actIn(hs, sp.start, sp.end, g) {
				out = append(out, sp)
			}
			continue
		}
		if b, ok := bracketAround(lower, g); ok {
			// An aside in brackets ("(no need to mention it)") governs
			// the acts inside it, not the sentence it stands in.
			if actIn(hs, b.start, b.end, g) {
				out = append(out, govSpan{b.start, b.end, g.Term, false})
			}
			continue
		}
		if !subsDone {
			subs, subsDone = clauseSpans(lower, lang, hs), true
		}
		in := -1
		for j, c := range subs {
			if g.Start >= c.start && g.Start < c.end {
				in = j
			}
		}
		if in >= 0 {
			// Inside a clause of its own: that clause only.
			if c := subs[in]; actIn(hs, c.start, c.end, g) {
				out = append(out, govSpan{c.start, c.end, g.Term, false})
			}
			continue
		}
		// Outside them: the unit, but for those clauses; before the
		// negation only where it may follow its verb (backward).
		at, stop := 0, len(lower)
		if !backward(lower, lang, g) {
			at = g.Start
		}
		for _, c := range append(subs, span{stop, stop}) {
			if c.start > stop {
				break
			}
			if c.start > at && actIn(hs, at, c.start, g) {
				out = append(out, govSpan{at, c.start, g.Term, false})
			}
			at = max(at, c.end)
		}
	}
	return out, guarded
}

// bracketAround returns the span inside the round or square brackets
// (ASCII or full-width) that enclose the hit g, if any.
func bracketAround(lower string, g Hit) (span, bool) {
	const brackets = "()[]（）［］"
	open := strings.LastIndexAny(lower[:g.Start], brackets)
	if open < 0 || !hasPrefixAny(lower[open:], "(", "[", "（", "［") {
		return span{}, false
	}
	rest := lower[g.End:]
	end := strings.IndexAny(rest, brackets)
	if end < 0 || !hasPrefixAny(rest[end:], ")", "]", "）", "］") {
		return span{}, false
	}
	_, w := utf8.DecodeRuneInString(lower[open:])
	return span{open + w, g.End + end}, true
}

func hasPrefixAny(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// backward reports a negation that governs the acts before it too. In
// German, Japanese and Korean the negation follows the verb ("lade … nicht
// hoch", "…しないでください", "…지 마세요"). Elsewhere a negation governs
// the verb after it ("never paste", "no subas", "ne la supprimez pas",
// "не отправляй", "不要清空"), and reaches back only when no verb of its
// own follows it: a predicate or an ellipsis ("--no-verify is not allowed
// here", "subir … está prohibido en este repositorio", "…, never.",
// "把代码外传属于数据泄露"). The word after it tells: none, or a
// preposition, means no verb of its own; a clitic pronoun is passed over
// to the word it belongs to; any other word is its verb.
func backward(lower, lang string, g Hit) bool {
	switch lang {
	case "de", "ja", "ko":
		return true
	case "zh":
		r, _ := utf8.DecodeRuneInString(lower[g.End:])
		return !isSpacelessRune(r) || strings.ContainsRune("的了是也啊在于。", r)
	}
	words := strings.Fields(strings.TrimSpace(g.Term))
	if len(words) == 0 || !negator[lang][words[len(words)-1]] {
		// A hand-back, a redaction or a predicate ("ask before",
		// "redact", "is not allowed"): the unit.
		return true
	}
	end := len(lower)
	if i := strings.IndexAny(lower[g.End:], ",;:.!?()"); i >= 0 {
		end = g.End + i
	}
	toks := tokens(lower[g.End:end])
	if len(toks) > 0 && clitic[lang][toks[0].s] {
		return len(toks) == 1
	}
	return len(toks) == 0 || preposition[lang][toks[0].s]
}

// negator words put a negation before the verb they negate; a negation
// form ending in one governs that verb ("must not", "no", "ne", "не").
var negator = map[string]map[string]bool{
	"en": setOf("never not don't dont cannot can't mustn't shouldn't won't doesn't no"),
	"es": setOf("no nunca jamás tampoco"),
	"pt": setOf("não nunca jamais"),
	"fr": setOf("ne n' jamais pas"),
	"ru": setOf("не никогда"),
}

// clitic pronouns stand between a negation and its verb ("no lo subas",
// "ne la supprimez pas", "não o envie").
var clitic = map[string]map[string]bool{
	"en": setOf("it them"),
	"es": setOf("lo la los las le les se me te nos os"),
	"pt": setOf("o a os as lhe lhes se me te nos"),
	"fr": setOf("le la les l' lui leur se me te nous vous y en"),
	"ru": setOf("его её ее их ему им это"),
}

// prepositions and adverbs after a negation that leave it without a verb
// of its own ("is not allowed here", "está prohibido en este
// repositorio").
var preposition = map[string]map[string]bool{
	"en": setOf("in on at by for here there without because since anywhere ever again either unless except under from to within inside outside"),
	"es": setOf("en por para aquí allí sin porque salvo excepto desde bajo nunca jamás"),
	"pt": setOf("em no na nos nas neste nesta nesse nessa por para aqui ali sem porque salvo exceto desde sob nunca jamais"),
	"fr": setOf("dans en par pour ici là sans parce sauf excepté depuis sous jamais"),
	"ru": setOf("в во на по для здесь тут без потому кроме из под никогда"),
}

// clauseSpans returns the clauses the clause forms of a lowered unit open
// (from the form to the next full stop, semicolon, question or
// exclamation mark, or the unit's end) or, in Japanese and Korean, close
// (from the clause punctuation before the form to the form's end), in
// order and without overlap.
func clauseSpans(lower, lang string, hs []Hit) []span {
	var out []span
	for _, h := range hs {
		if h.Class != "clause" || h.Start < 0 {
			continue
		}
		var c span
		if postVerbal[lang] {
			c = span{0, h.End}
			if i := strings.LastIndexAny(lower[:h.Start], ",;:.!?()，。；：！？、"); i >= 0 {
				c.start = i + 1
			}
		} else {
			c = span{h.Start, len(lower)}
			if i := strings.IndexAny(lower[h.End:], ";!?。；！？\n"); i >= 0 {
				c.end = h.End + i
			}
			if i := strings.Index(lower[h.End:], ". "); i >= 0 && h.End+i < c.end {
				c.end = h.End + i
			}
		}
		if n := len(out); n > 0 && c.start < out[n-1].end {
			// Overlapping clauses make one.
			out[n-1].end = max(out[n-1].end, c.end)
			continue
		}
		out = append(out, c)
	}
	return out
}

// actIn reports an act hit, other than one the guard g stands inside,
// starting in [start, end).
func actIn(hs []Hit, start, end int, g Hit) bool {
	for _, h := range hs {
		if strings.HasPrefix(h.Class, "act.") && h.Start >= start && h.Start < end && !(h.Start <= g.Start && g.End <= h.End) {
			return true
		}
	}
	return false
}

// negatedGuard reports whether the guard g directly follows another
// guard of the negation class ("do not tell the user about", "never ask
// the user"): a hand-back that is itself negated keeps the act from the
// user, so it guards nothing. The negation before it is judged on its own.
func negatedGuard(lower string, hs []Hit, g Hit) bool {
	if g.Class != "neg" {
		return false
	}
	for _, h := range hs {
		if h.Class == "neg" && h.Start >= 0 && h.End <= g.Start && h.Start < g.Start &&
			strings.TrimSpace(lower[h.End:g.Start]) == "" {
			return true
		}
	}
	return false
}

// coveredByAct reports a guard that stands inside an act's form ("no
// menciones", "不要提"): leaving out is the act.
func coveredByAct(hs []Hit, g Hit) bool {
	for _, h := range hs {
		if strings.HasPrefix(h.Class, "act.") && h.Start <= g.Start && g.End <= h.End {
			return true
		}
	}
	return false
}

func overlapsPrefix(hs []Hit, h Hit, prefix string) bool {
	for _, o := range hs {
		if strings.HasPrefix(o.Class, prefix) && o.Start < h.End && h.Start < o.End {
			return true
		}
	}
	return false
}

func setOf(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// personal subjects after which a modal asks or permits ("you can skip",
// "the agent may upload", "usted puede", "você pode", "on peut", "man
// kann") instead of stating a consequence.
var personal = map[string]map[string]bool{
	"en": setOf("you we i agent assistant claude ai you'll you'd we'll i'll please"),
	"es": setOf("usted ustedes tú vosotros agente asistente"),
	"pt": setOf("você vocês tu agente assistente"),
	"fr": setOf("vous tu on agent assistant"),
	"de": setOf("du ihr man agent assistent"),
	"ru": setOf("ты вы агент ассистент"),
}

// personModal reports a modal (a conseq form of one word) whose subject is
// a person, or that opens a question to one ("can you").
func personModal(lower, lang string, g Hit) bool {
	if strings.Contains(g.Term, " ") {
		return false
	}
	if personal[lang][lastWord(lower[:g.Start])] {
		return true
	}
	w := firstWord(lower[g.End:])
	return personal[lang][w] && w != "agent"
}

// wordWindow bounds the bytes lastWord and firstWord read: a word is
// shorter.
const wordWindow = 64

// lastWord returns the last token of s ("" for none).
func lastWord(s string) string {
	if len(s) > wordWindow {
		s = s[len(s)-wordWindow:]
	}
	var buf [8]token
	toks := appendTokens(buf[:0], s)
	if len(toks) == 0 {
		return ""
	}
	return toks[len(toks)-1].s
}

// firstWord returns the first token of s ("" for none).
func firstWord(s string) string {
	if len(s) > wordWindow {
		s = s[:wordWindow]
	}
	var buf [8]token
	if toks := appendTokens(buf[:0], s); len(toks) > 0 {
		return toks[0].s
	}
	return ""
}

// conjunctions join clauses: a consequence's subject starts after the
// last one before it ("attach the zip so the experts can read …").
var conjunctions = map[string]map[string]bool{
	"en": setOf("so and then but because or while since as when if"),
	"es": setOf("y e o pero porque así para entonces"),
	"pt": setOf("e ou mas porque então para assim"),
	"fr": setOf("et ou mais car donc pour puis"),
	"de": setOf("und oder aber denn weil damit sodass dann"),
	"ru": setOf("и или но потому чтобы так затем а"),
}

// subjectStart returns where the subject of a consequence at byte at
// begins: after the last conjunction between from and at, else from.
func subjectStart(lower, lang string, from, at int) int {
	toks := tokens(lower[from:at])
	for j := len(toks) - 1; j >= 0; j-- {
		if conjunctions[lang][toks[j].s] {
			return from + toks[j].end
		}
	}
	return from
}

// relatives open a relative clause ("a script that can …").
var relatives = map[string]map[string]bool{
	"en": setOf("that which who"),
	"es": setOf("que cual"),
	"pt": setOf("que qual"),
	"fr": setOf("qui que"),
	"de": setOf("der die das welcher welche welches"),
	"ru": setOf("который которая которое которые что"),
}

// relative reports a consequence form right after a relative pronoun.
func relative(lower, lang string, g Hit) bool {
	return relatives[lang][lastWord(lower[:g.Start])]
}

// topicBefore reports a Japanese or Korean segment that ends in a topic or
// subject particle (は, が, 은, 는, 이, 가): the start of the clause the
// next segment ends.
func topicBefore(lower string, s seg) bool {
	t := strings.TrimRight(lower[s.start:s.end], " ")
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune("はが은는이가", r)
}

// adnominal reports, after an act's form in Japanese, Korean or Chinese,
// the ending that makes it describe a thing or state what was done
// instead of asking for it: Japanese した/された (but したら, "if"),
// Korean 한/된 before a noun and 했 (삭제한 파일, 삭제했다), Chinese 的/过
// (删除的文件, 上传过).
func adnominal(lang, rest string) bool {
	switch lang {
	case "ja":
		for _, p := range []string{"した", "された"} {
			if r, ok := strings.CutPrefix(rest, p); ok {
				return !strings.HasPrefix(r, "ら")
			}
		}
	case "ko":
		// Not 한다: a checklist asks with the plain form ("실행한다").
		return strings.HasPrefix(rest, "한 ") || strings.HasPrefix(rest, "된 ") || strings.HasPrefix(rest, "했")
	case "zh":
		return strings.HasPrefix(rest, "的") || strings.HasPrefix(rest, "过")
	}
	return false
}
