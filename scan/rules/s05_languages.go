package rules

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// The core intents in other languages (issue #16): sending a credential
// file to a real URL (S5), cancelling the agent's instructions (S4) and
// keeping it from the user (S13), written in Spanish, German, French,
// Portuguese, Russian or Chinese. Credential files and URLs are the same
// in every language, so the prefilter's groups for them gate S5's check;
// S4's and S13's words are literals of their groups (foreignLiterals).
// The vocabulary is data, one entry per language, each with an attack
// (the control sentence of issue #16, which must score S4, S5 and S13)
// and a guardrail (none of them) that TestExfilLanguages runs.

// exfilLanguage is one language's vocabulary (the entries are in
// s05_lang_data.go).
type exfilLanguage struct {
	code string
	// verbs move data off the machine (lower case; whole words, except in
	// joined languages).
	verbs []string
	// negations before the verb in its clause make it a prohibition;
	// anywhere in it when negAfter (German puts "nie" after the verb).
	negations []string
	negAfter  bool
	// negSuffix are negations that follow the verb within a few bytes
	// (Japanese しないで, Korean 하지 마, Hindi न करें).
	negSuffix []string
	// or are the words that coordinate verbs ("ni", "oder", "或"): a
	// prohibition before "A, B or C" governs all three.
	or []string
	// noAsk are the language's no-questions-asked phrases ("sin
	// preguntar"), which make an S21–S24 observation a finding as
	// reNQA's do (hasNQAForeign).
	noAsk []string
	// joined languages attach words to each other (Chinese and Japanese
	// write no spaces, Korean and Arabic attach particles and
	// conjunctions): their words match inside longer ones.
	joined bool
	// override matches an order to ignore previous instructions, and
	// conceal keeping it from the user (on lowered text; no \b, which
	// Go's regexp knows for ASCII only). Each runs only on a unit whose
	// ASCII-lowered text holds one of its keys.
	override, conceal         string
	overrideKeys, concealKeys []string
	// attack and variant must score S4, S5 and S13; guardrail none of
	// them, and twin (a prohibition of coordinated verbs) no S5.
	attack, guardrail, variant, twin string
}

// foreignWindow is how far a verb and the credential file may lie apart,
// in bytes, either order.
const foreignWindow = 120

// suffixWindow is how far after a verb a negSuffix may start.
const suffixWindow = 18

// matchExfilForeign is matchExfil's fallback for the languages of
// exfilLanguages: a verb of one of them within foreignWindow of a
// credential file, in a unit with a real URL, and no negation of that
// language governing the verb.
func matchExfilForeign(u *text.Unit) (match, bool) {
	if !has(u, gCredFile, gURL) || !hasRealURL(u) {
		return match{}, false
	}
	scripts := scriptsOf(u.Text)
	lower := strings.ToLower(u.Text)
	if len(lower) != len(u.Text) {
		return match{}, false // offsets would not map back
	}
	what, cs, ce := credentialIn(lower, false, u.Groups)
	if what == "" {
		return match{}, false
	}
	for i := range exfilLanguages {
		lang := &exfilLanguages[i]
		if skipLanguage(i, scripts, true) {
			continue // no word of the language can be in the unit
		}
		for _, v := range lang.verbs {
			for from := max(0, cs-foreignWindow); from < len(lower); {
				k := strings.Index(lower[from:], v)
				if k < 0 {
					break
				}
				k += from
				from = k + len(v)
				if k > ce+foreignWindow {
					break
				}
				if !lang.wordAt(lower, k, k+len(v)) {
					continue
				}
				if verbNegated(lower, k, k+len(v), v) || quotedOrWarned(u, min(k, cs), max(k+len(v), ce), false) {
					continue
				}
				return match{start: min(k, cs), end: max(k+len(v), ce), scored: true,
					what:   "sends " + what + " (" + clip(strings.TrimSpace(u.Text[cs:ce]), 60) + "; " + lang.code + " \"" + v + "\")",
					impact: exfilImpact(u.Text, what)}, true
			}
		}
	}
	return match{}, false
}

// Scripts other than Latin, as bits: a unit's scriptsOf and a language's
// langScripts. A language in a script the unit has no letter of is not
// looked for, so that English text pays for no other script and Chinese
// text for no Cyrillic.
const (
	scCyrillic = 1 << iota
	scArabic
	scKana
	scHan
	scHangul
	scDevanagari
)

// scriptsOf returns the scripts of s's letters, by their UTF-8 lead bytes
// (kana E3, Han E4–E9, Hangul EA–ED, Devanagari E0 A4–A5).
func scriptsOf(s string) int {
	m := 0
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b < 0xd0:
		case b <= 0xd1:
			m |= scCyrillic
		case b == 0xd8 || b == 0xd9:
			m |= scArabic
		case b == 0xe3:
			m |= scKana | scHan // Japanese writes both
		case b >= 0xe4 && b <= 0xe9:
			m |= scHan
		case b >= 0xea && b <= 0xed:
			m |= scHangul
		case b == 0xe0 && i+1 < len(s) && (s[i+1] == 0xa4 || s[i+1] == 0xa5):
			m |= scDevanagari
		}
	}
	return m
}

// langScripts returns, by language, the scripts of its words (0 for a
// Latin-script language).
var langScripts = sync.OnceValue(func() []int {
	out := make([]int, len(exfilLanguages))
	for i, l := range exfilLanguages {
		for _, w := range slices.Concat(l.verbs, l.overrideKeys, l.concealKeys) {
			out[i] |= scriptsOf(w)
		}
	}
	return out
})

// skipLanguage reports that language i cannot be in a unit of scripts
// m: its script is not there, or it is a Latin-script language and the
// unit has no Latin key (latin false).
func skipLanguage(i, m int, latin bool) bool {
	ls := langScriptsList[i]
	if ls == 0 {
		return !latin
	}
	return ls&m == 0
}

// langScriptsList is langScripts, computed at start-up (a few hundred
// short words) so that skipLanguage costs one load.
var langScriptsList = langScripts()

// verbLanguages lists, by verb, the languages that have it: "enviar" is
// Spanish and Portuguese, and a negation of either governs it.
var verbLanguages = sync.OnceValue(func() map[string][]*exfilLanguage {
	out := map[string][]*exfilLanguage{}
	for i := range exfilLanguages {
		for _, v := range exfilLanguages[i].verbs {
			out[v] = append(out[v], &exfilLanguages[i])
		}
	}
	return out
})

// verbNegated reports a negation of any language that has the verb v at
// [k, e).
func verbNegated(lower string, k, e int, v string) bool {
	for _, l := range verbLanguages()[v] {
		if l.negated(lower, k, e) {
			return true
		}
	}
	return false
}

// latinKeys are the Latin-script keys of every language, with none that
// holds another (so "ignor" stands for "ignora" and "ignorier"): what a
// unit must hold for a Latin-script language's override or concealment
// to match.
var latinKeys = sync.OnceValue(func() (k struct{ override, conceal []string }) {
	minimal := func(all []string) []string {
		var out []string
		for _, a := range all {
			if scriptsOf(a) != 0 || slices.Contains(out, a) {
				continue
			}
			covered := false
			for _, b := range all {
				covered = covered || b != a && scriptsOf(b) == 0 && strings.Contains(a, b)
			}
			if !covered {
				out = append(out, a)
			}
		}
		return out
	}
	var o, c []string
	for _, l := range exfilLanguages {
		o = append(o, l.overrideKeys...)
		c = append(c, l.concealKeys...)
	}
	k.override, k.conceal = minimal(o), minimal(c)
	return k
})

// langKeys finds in one pass over a unit's lowered text what
// matchOverrideForeign and matchConcealForeign once asked with a
// strings.Contains per key: which languages' override keys it holds (bit
// i for exfilLanguages[i]), which concealment keys (bit 32+i), and whether
// it holds any Latin-script key of either kind (keyLatinOverride,
// keyLatinConceal). The answers are the same, byte for byte; a unit costs
// one walk of an automaton instead of a search per key.
var langKeys = sync.OnceValue(func() *text.Prefilter {
	if len(exfilLanguages) > 31 {
		panic("rules: langKeys has room for 31 languages")
	}
	var lits []text.Literal
	for i, l := range exfilLanguages {
		for _, k := range l.overrideKeys {
			lits = append(lits, text.Literal{Text: k, Group: i})
		}
		for _, k := range l.concealKeys {
			lits = append(lits, text.Literal{Text: k, Group: 32 + i})
		}
	}
	for _, k := range latinKeys().override {
		lits = append(lits, text.Literal{Text: k, Group: 31})
	}
	for _, k := range latinKeys().conceal {
		lits = append(lits, text.Literal{Text: k, Group: 63})
	}
	return text.NewPrefilter(lits)
})

// The bits of langKeys' groups.
const (
	keyOverride      = 1<<31 - 1
	keyLatinOverride = 1 << 31
	keyConceal       = (1<<31 - 1) << 32
	keyLatinConceal  = 1 << 63
)

// wordAt reports whether s[a:b] stands as a word: letters on neither
// side. Words of joined languages, and any word written in a script
// without spaces (Han, kana, Hangul), need no boundary, except that an
// Arabic word may carry a conjunction (و, ف) in front.
func (l *exfilLanguage) wordAt(s string, a, b int) bool {
	first, _ := utf8.DecodeRuneInString(s[a:])
	if l != nil && l.joined || unspaced(first) {
		return true
	}
	if a > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:a]); unicode.IsLetter(r) {
			return false
		}
	}
	if b < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[b:]); unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// unspaced reports a rune of a script written without spaces between
// words.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// clauseSeps end a clause for the languages' negations: strong ones a
// sentence or clause, weak ones an item of a list (see negated).
var (
	strongSeps = []string{". ", "; ", ": ", "! ", "? ", "。", "；", "：", "！", "？", "।", "؛", "\n"}
	weakSeps   = []string{", ", "，", "、", "، "}
)

// clauseAround returns the clause of lower around [k, e): from the last
// separator before k to the first after e. A weak separator (a comma) is
// crossed when the verb is an item of a coordinated list, which a
// coordinating word of the language ("ni", "oder", "或") marks just before
// the verb or after it: "no debes copiar, subir ni enviar X" puts all
// three verbs under the "no".
func (l *exfilLanguage) clauseAround(lower string, k, e int) (int, int) {
	start, end := 0, len(lower)
	for _, sep := range strongSeps {
		if j := strings.LastIndex(lower[:k], sep); j >= 0 && j+len(sep) > start {
			start = j + len(sep)
		}
		if j := strings.Index(lower[e:], sep); j >= 0 && e+j < end {
			end = e + j
		}
	}
	listed := l.coordinated(lower[start:k], true) || l.coordinated(lower[e:end], false)
	wstart, wend := start, end
	for _, sep := range weakSeps {
		if j := strings.LastIndex(lower[start:k], sep); j >= 0 && start+j+len(sep) > wstart {
			wstart = start + j + len(sep)
		}
		if j := strings.Index(lower[e:end], sep); j >= 0 && e+j < wend {
			wend = e + j
		}
	}
	if listed {
		return start, end
	}
	return wstart, wend
}

// coordinated reports a coordinating word of the language right before
// the verb (before: the text before it, in its clause) or among the first
// words after it.
func (l *exfilLanguage) coordinated(s string, before bool) bool {
	if before {
		s = strings.TrimRight(s, " ")
		if len(s) > 24 {
			s = s[len(s)-24:]
		}
	} else if len(s) > 40 {
		s = s[:40]
	}
	for _, w := range l.or {
		for from := 0; from < len(s); {
			j := strings.Index(s[from:], w)
			if j < 0 {
				break
			}
			j += from
			from = j + len(w)
			if !l.wordAt(s, j, j+len(w)) {
				continue
			}
			if before && strings.TrimRight(s[j+len(w):], " ,") != "" && !l.joined {
				continue // "no lo copies o …, súbelo": the word must end the gap
			}
			return true
		}
	}
	return false
}

// negated reports a negation of the language that governs the word at
// [k, e): before it in its clause (anywhere in it for negAfter
// languages), or as a suffix right after it.
func (l *exfilLanguage) negated(lower string, k, e int) bool {
	start, end := l.clauseAround(lower, k, e)
	for _, n := range l.negSuffix {
		lim := min(end, e+suffixWindow+len(n))
		if l.coordinated(lower[e:end], false) {
			lim = end // "A, B or C" then the negation: it governs all
		}
		if e <= lim && strings.Contains(lower[e:lim], n) {
			return true
		}
	}
	clause := lower[start:k]
	if l.negAfter {
		clause = lower[start:end]
	}
	for _, n := range l.negations {
		for from := 0; ; {
			j := strings.Index(clause[from:], n)
			if j < 0 {
				break
			}
			j += from
			from = j + len(n)
			// An Arabic negation stands as a word, or after a conjunction
			// (ولا): "لا" inside أولاً ("first") negates nothing.
			if strings.HasSuffix(n, "'") || l.wordAt(clause, j, j+len(n)) && (l.code != "ar" || l.standsAlone(clause, j, -1)) {
				return true
			}
		}
	}
	return false
}

// standsAlone reports whether the match [a, b) of the language's
// expression starts a word (an Arabic match may carry a conjunction in
// front: وتجاهل) and, when b >= 0, ends one.
func (l *exfilLanguage) standsAlone(lower string, a, b int) bool {
	if a > 0 {
		r, _ := utf8.DecodeLastRuneInString(lower[:a])
		if unicode.IsLetter(r) && !unspaced(r) {
			if !(l.code == "ar" && (r == 'و' || r == 'ف') && (a < 3 || !unicode.IsLetter(lastRune(lower[:a-2])))) {
				return false
			}
		}
	}
	if b >= 0 && b < len(lower) && !l.joined {
		if r, _ := utf8.DecodeRuneInString(lower[b:]); unicode.IsLetter(r) && !unspaced(r) {
			return false
		}
	}
	return true
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// foreignLiterals are the prefilter literals the languages' override and
// concealment need, by group: verbs of ignoring and forgetting
// (gOverride), the word for instructions (gFetch, beside "instruction"),
// verbs of telling (gConceal), the user (gWho) and the negations of
// concealment (gConcealNeg). They let S4 and S13 read every language in
// any sentence, not only in those holding a credential file and a URL.
// Latin-script words are literals (avoiding a capital a sentence may
// start with). Each distinct byte of a literal widens the prefilter's
// table and slows every scan, so the other scripts' words are not: the
// keys of the languages in other scripts stand for these groups through
// foreignGroups, in a region or sentence that holds one.
var foreignLiterals = map[int][]string{
	gOverride: {"ignor", "olvid", "vergiss", "vergessen", "oubli", "esque", "dimentic", "negeer", "vergeet", "zapomnij", "yok say", "rmezden", "unut"},
	gFetch: {"instrucciones", "anweisungen", "instru", "istruzioni", "polecen", "talimat",
		// "this file" and "what it says", for remoteLanguages (S12).
		"este archivo", "este fichero", "dieser datei", "ce fichier", "deste arquivo", "este arquivo", "questo file", "dit bestand",
		"tym plikiem", "tego pliku", "ten plik", "bu dosya", "lo que di", "was dort", "was darin"},
	gConceal: {"decir", "avisar", "informar", "notificar", "sagen", "mitzuteilen", "dire", "avertir", "dizer", "contar", "dirlo", "avvisare", "vertellen", "melden",
		"m\xc3\xb3wi", "powiadam", "wiedzy", "s\xc3\xb6yle", "haber ver", "bildir", "pr\xc3\xa9venir", "ne dis", "ne dites", "ne lui dis",
		"digas", "cuentes", "menciones", "sag ", "erz\xc3\xa4hl", "verrat", "teile", "mentionn", "signal", "r\xc3\xa9v\xc3\xa8l", "n'inform", "n'avert", "pr\xc3\xa9vien", "conte ", "diga ", "mencione", "dire", "raccont", "menzion", "vertel ", "zeg ", "meld ", "m\xc3\xb3w "},
	gWho: {"usuario", "usu\xc3", "benutzer", "nutzer", "anwender", "utilisateur", "utente", "gebruiker", "ytkownik", "kullan"},
	gConcealNeg: {"sin ", "ohne ", "sans ", "sem ", "senza ", "zonder ", "nie ", "bez ", "meden", "madan", " rien ",
		"no le", "no les", "no digas", "no cuentes", "no menciones", "nichts", " pas ", " jamais ", "n\xc3\xa3o ", "non ", "niet", "niks"},
}

// foreignGroups returns the prefilter groups that the words of the
// non-Latin-script languages in lower (ASCII-lowered) stand for: a
// letter of those scripts counts as fetch wording (S12 then needs a URL
// or a destination too), a language's override key as override wording,
// its concealment key as telling, a person and a negation, since those
// languages' expressions (foreignRes) match the whole phrase themselves.
// It is 0 for text with no letter of those scripts.
//
// The prefilter used to hold the UTF-8 lead bytes of those scripts as
// literals of all five groups, so that every region and sentence with a
// Cyrillic, Han, kana, Hangul, Arabic or Devanagari letter was cut and
// read by S4 and S13 (a tenth of the corpus's admitted text, mostly
// Chinese documentation). A key of the language is what those matchers
// need (matchOverrideForeign, matchConcealForeign): the regions and
// sentences admitted for it are the same; those with only the script are
// not.
func foreignGroups(lower string) uint64 {
	if !hasHighByte(lower) || scriptsOf(lower) == 0 {
		return 0
	}
	// Remote instructions in those scripts (remoteLanguages) are read in
	// any sentence of them with a URL or a destination beside it, as S12's
	// gate asks of English "instructions".
	g := uint64(1) << gFetch
	keys := langKeys().Groups(lower)
	if keys&nonLatinKeys.override != 0 {
		g |= 1<<gOverride | 1<<gFetch
	}
	if keys&nonLatinKeys.conceal != 0 {
		g |= 1<<gConceal | 1<<gWho | 1<<gConcealNeg
	}
	return g
}

// foreignMax holds every group foreignGroups can return.
var foreignMax uint64 = 1<<gFetch | 1<<gOverride | 1<<gConceal | 1<<gWho | 1<<gConcealNeg

// nonLatinKeys are langKeys' bits of the languages written in a script
// other than Latin.
var nonLatinKeys = func() (k struct{ override, conceal uint64 }) {
	for i, ls := range langScripts() {
		if ls != 0 {
			k.override |= 1 << i
			k.conceal |= 1 << (32 + i)
		}
	}
	return k
}()

// hasHighByte reports a byte outside ASCII in s, eight bytes at a time.
func hasHighByte(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if word8(s[i:])&highBits != 0 {
			return true
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// markForeign adds foreignGroups to the groups of each unit.
func markForeign(us []text.Unit) {
	for i := range us {
		us[i].Groups |= foreignGroups(us[i].Lower)
	}
}

// compiled override and conceal expressions, by language.
var foreignRes = sync.OnceValue(func() (out []struct{ override, conceal *regexp.Regexp }) {
	for _, l := range exfilLanguages {
		out = append(out, struct{ override, conceal *regexp.Regexp }{regexp.MustCompile(l.override), regexp.MustCompile(l.conceal)})
	}
	return out
})

// foreignLower lowers a unit's text when lowering keeps every offset.
func foreignLower(u *text.Unit) (string, bool) {
	lower := strings.ToLower(u.Text)
	return lower, len(lower) == len(u.Text)
}

// matchOverrideForeign is matchOverride's fallback for the languages of
// exfilLanguages: an order to ignore previous instructions, not negated
// and not quoted.
func matchOverrideForeign(u *text.Unit) (match, bool) {
	if !has(u, gOverride, gFetch) && !has(u, gCredFile, gURL) {
		return match{}, false
	}
	keys := langKeys().Groups(u.Lower) // one pass for every language's keys
	if keys&(keyOverride|keyLatinOverride) == 0 {
		return match{}, false
	}
	scripts := scriptsOf(u.Text)
	latin := keys&keyLatinOverride != 0
	if scripts == 0 && !latin {
		return match{}, false
	}
	lower := ""
	for i, re := range foreignRes() {
		if skipLanguage(i, scripts, latin) || keys&(1<<i) == 0 {
			continue
		}
		if lower == "" {
			var ok bool
			if lower, ok = foreignLower(u); !ok {
				return match{}, false
			}
		}
		lang := &exfilLanguages[i]
		for _, loc := range re.override.FindAllStringIndex(lower, 4) {
			if !lang.standsAlone(lower, loc[0], loc[1]) {
				continue
			}
			if lang.negated(lower, loc[0], loc[1]) || quotedOrWarned(u, loc[0], loc[1], true) {
				continue
			}
			return match{start: loc[0], end: loc[1], scored: true, what: "\"" + clip(u.Text[loc[0]:loc[1]], 80) + "\" (" + exfilLanguages[i].code + ")"}, true
		}
	}
	return match{}, false
}

// matchConcealForeign is matchConceal's fallback for the languages of
// exfilLanguages: "without telling the user", the negation its own.
func matchConcealForeign(u *text.Unit) (match, bool) {
	if !has(u, gConceal, gWho, gConcealNeg) && !has(u, gCredFile, gURL) {
		return match{}, false
	}
	keys := langKeys().Groups(u.Lower)
	if keys&(keyConceal|keyLatinConceal) == 0 {
		return match{}, false
	}
	scripts := scriptsOf(u.Text)
	latin := keys&keyLatinConceal != 0
	if scripts == 0 && !latin {
		return match{}, false
	}
	lower := ""
	for i, re := range foreignRes() {
		if skipLanguage(i, scripts, latin) || keys&(1<<(32+i)) == 0 {
			continue
		}
		if lower == "" {
			var ok bool
			if lower, ok = foreignLower(u); !ok {
				return match{}, false
			}
		}
		for _, loc := range re.conceal.FindAllStringIndex(lower, 4) {
			if !exfilLanguages[i].standsAlone(lower, loc[0], -1) {
				continue
			}
			if quotedOrWarned(u, loc[0], loc[1], true) {
				continue
			}
			return match{start: loc[0], end: loc[1], scored: true, what: "\"" + clip(u.Text[loc[0]:loc[1]], 80) + "\" (" + exfilLanguages[i].code + ")"}, true
		}
	}
	return match{}, false
}

// hasNQAForeign reports a no-questions-asked phrase of one of the
// languages in the unit. It is asked only of a unit in which an S21–S24
// command already matched, and only when the unit has a byte outside
// ASCII or one of the Latin languages' phrases could be in it.
func hasNQAForeign(u *text.Unit) bool {
	lower := strings.ToLower(u.Text)
	for i := range exfilLanguages {
		l := &exfilLanguages[i]
		for _, p := range l.noAsk {
			// "Nunca ejecutes … sin preguntar" forbids the whole.
			if k := strings.Index(lower, p); k >= 0 && !l.negated(lower, k, k+len(p)) {
				return true
			}
		}
	}
	return false
}

// normalisedLine returns line l of d as the rules read it (escapes
// decoded, compatibility characters folded), when that differs from the
// line as written, for a finding's Decoded: the report shows both what the
// file shows (evidence) and what the model reads. "" otherwise.
func normalisedLine(d *Doc, l int) string {
	if l < 1 || l > d.NumLines() || d.FixedLine > 0 {
		return ""
	}
	s := d.LineText(l)
	n := text.Normalize(s)
	if n == s || strings.TrimSpace(n) == "" || onlyLatinFolds(s, n) {
		return ""
	}
	return clip(strings.TrimSpace(n), 500)
}

// onlyLatinFolds reports that n differs from s only by Latin letters
// folded one for one (Turkish ı read as i): the way a language is
// written, not an evasion worth showing twice.
func onlyLatinFolds(s, n string) bool {
	if utf8.RuneCountInString(s) != utf8.RuneCountInString(n) {
		return false
	}
	for len(s) > 0 {
		a, i := utf8.DecodeRuneInString(s)
		b, j := utf8.DecodeRuneInString(n)
		if a != b && !(unicode.Is(unicode.Latin, a) && (a < 0xFF00 || a > 0xFFEF) && b < utf8.RuneSelf) {
			return false
		}
		s, n = s[i:], n[j:]
	}
	return true
}
