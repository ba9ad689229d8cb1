// Package meaning reads an instruction unit (a sentence, list item, table
// row or step) for what it asks an agent to do: an act, an object, a
// destination and a condition, each a meaning class from a per-language
// lexicon kept as data (data/lex_*.json), combined into an intent by the
// rules of data/intents.json. A small linear model (model.go) scores the
// same unit; rule S45 warns when both agree. Nothing here runs, loads or
// fetches anything from a scanned project.
package meaning

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/text"
)

//go:embed data/lex_*.json data/intents.json
var dataFS embed.FS

// form is one spelling of a lexicon entry.
type form struct {
	class, term string
	words       []string // for word matching
	raw         string   // for substring matching
	// short marks the words (bit j for words[j]) that must match a
	// token exactly (shortStem).
	short uint32
	// every says a substring form is found at every place, not its
	// first alone (everyPlace).
	every bool
}

// Lexicon is one language's meaning classes.
type Lexicon struct {
	Lang string
	// byKey indexes word forms by the first four bytes of their first
	// word (or the whole word when shorter).
	byKey map[string][]form
	// subs are forms matched as substrings: forms with characters other
	// than letters, digits, spaces, hyphens and apostrophes, and every
	// form of a language written without spaces.
	subs    []form
	entries int
	// subIndex holds the substring forms by their first two bytes, and
	// subSeen marks those keys, so one pass over a unit finds them all.
	subIndex map[uint16][]form
	subSeen  [1 << 16 / 64]uint64
	// keySeen marks the hashes of byKey's keys (keyBit), so a token
	// whose key has no form is passed over without a map look-up.
	keySeen [1 << 16 / 64]uint64
	// subList holds subIndex's lists in the order of their keys, and
	// subRank the number of keys set in subSeen before each of its words
	// (subForms).
	subList [][]form
	subRank [1 << 16 / 64]uint16
}

func pairKey(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

// indexSubs builds subIndex from subs.
func (lx *Lexicon) indexSubs() {
	lx.subIndex = map[uint16][]form{}
	for _, f := range lx.subs {
		if len(f.raw) < 2 {
			continue
		}
		k := pairKey(f.raw[0], f.raw[1])
		lx.subIndex[k] = append(lx.subIndex[k], f)
		lx.subSeen[k/64] |= 1 << (k % 64)
	}
}

// Rule is one combining rule: every group of Need must hold a class the
// frame has.
type Rule struct {
	Intent string     `json:"intent"`
	Say    string     `json:"say"`
	Need   [][]string `json:"need"`
	Sample string     `json:"sample"`
}

type lexFile struct {
	Lang    string                 `json:"lang"`
	Classes map[string][][2]string `json:"classes"`
}

type data struct {
	lex   map[string]*Lexicon
	rules []Rule
	err   error
	// gate finds, in one pass, which meaning classes a lowered unit may
	// hold: every class the combining rules name has a group of its own,
	// whose literals are its forms' longest words and substrings. A form
	// matches only where its literal is a substring, so a unit whose
	// groups satisfy no rule (with the objects and destinations of the
	// unit before, for a join) cannot have an intent, and is not read.
	gate *unitGate
	// group is each gated class's group; need holds, per rule, one mask
	// per group of its need; lend masks the object and destination
	// classes a unit lends to the next.
	group map[string]int
	need  [][]uint64
	lend  uint64
}

// possible reports whether the classes of groups can satisfy a rule.
func (d *data) possible(groups uint64) bool {
	for _, r := range d.need {
		ok := true
		for _, m := range r {
			if groups&m == 0 {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

var loaded = sync.OnceValue(func() *data {
	d, err := load(dataFS)
	if err != nil {
		return &data{err: err}
	}
	return d
})

// Languages lists the languages the data covers, sorted.
func Languages() []string {
	d := loaded()
	var out []string
	for l := range d.lex {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// Rules returns the combining rules.
func Rules() []Rule { return loaded().rules }

// LoadError reports a broken data file (a test asserts it is nil).
func LoadError() error { return loaded().err }

// spaceless languages are written without spaces between words.
var spaceless = map[string]bool{"zh": true, "ja": true, "ko": true}

func load(fsys fs.FS) (*data, error) {
	d := &data{lex: map[string]*Lexicon{}}
	names, err := fs.Glob(fsys, "data/lex_*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var common lexFile
	if b, err := fs.ReadFile(fsys, "data/lex_common.json"); err == nil {
		if err := json.Unmarshal(b, &common); err != nil {
			return nil, fmt.Errorf("lex_common.json: %w", err)
		}
	}
	for _, n := range names {
		if strings.HasSuffix(n, "lex_common.json") {
			continue
		}
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		var lf lexFile
		if err := json.Unmarshal(b, &lf); err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		for c, es := range common.Classes {
			lf.Classes[c] = append(lf.Classes[c], es...)
		}
		lx := &Lexicon{Lang: lf.Lang, byKey: map[string][]form{}}
		classes := make([]string, 0, len(lf.Classes))
		for c := range lf.Classes {
			classes = append(classes, c)
		}
		sort.Strings(classes)
		for _, c := range classes {
			for _, e := range lf.Classes[c] {
				if strings.TrimSpace(e[1]) == "" {
					return nil, fmt.Errorf("%s: entry %q of %s has no sample", n, e[0], c)
				}
				lx.entries++
				for _, f := range strings.Split(e[0], "|") {
					f = strings.TrimSpace(strings.ToLower(f))
					if f == "" {
						continue
					}
					fm := form{class: c, term: f, every: everyPlace[c]}
					if spaceless[lf.Lang] || !wordy(f) {
						fm.raw = f
						lx.subs = append(lx.subs, fm)
						continue
					}
					fm.words = strings.Fields(f)
					for j, w := range fm.words {
						if j < 32 && guardish[c] && utf8.RuneCountInString(w) < 4 {
							fm.short |= 1 << j
						}
					}
					k := key(fm.words[0])
					lx.byKey[k] = append(lx.byKey[k], fm)
				}
			}
		}
		lx.indexSubs()
		lx.indexFast()
		d.lex[lf.Lang] = lx
	}
	b, err := fs.ReadFile(fsys, "data/intents.json")
	if err != nil {
		return nil, err
	}
	var rf struct {
		Intents []Rule `json:"intents"`
	}
	if err := json.Unmarshal(b, &rf); err != nil {
		return nil, fmt.Errorf("intents.json: %w", err)
	}
	for _, r := range rf.Intents {
		if r.Sample == "" || len(r.Need) == 0 {
			return nil, fmt.Errorf("intents.json: rule %s needs a sample and classes", r.Intent)
		}
	}
	d.rules = rf.Intents
	d.group = map[string]int{}
	var classes []string
	for _, r := range d.rules {
		for _, g := range r.Need {
			for _, c := range g {
				if _, ok := d.group[c]; !ok {
					d.group[c] = -1
					classes = append(classes, c)
				}
			}
		}
	}
	sort.Strings(classes)
	if len(classes) > 64 {
		return nil, fmt.Errorf("intents.json: %d classes, the gate holds 64", len(classes))
	}
	for i, c := range classes {
		d.group[c] = i
		if strings.HasPrefix(c, "obj.") || strings.HasPrefix(c, "dest.") {
			d.lend |= 1 << i
		}
	}
	for _, r := range d.rules {
		var masks []uint64
		for _, g := range r.Need {
			var m uint64
			for _, c := range g {
				m |= 1 << d.group[c]
			}
			masks = append(masks, m)
		}
		d.need = append(d.need, masks)
	}
	var lits []text.Literal
	seen := map[text.Literal]bool{}
	for _, lx := range d.lex {
		add := func(f form) {
			g, ok := d.group[f.class]
			if !ok {
				return
			}
			// A form matches only where each of its words is a
			// substring of the unit, so its longest word is the most
			// selective literal ("developer", not "the", for "the
			// developer").
			l := f.raw
			if l == "" {
				l = f.words[0]
				for _, w := range f.words[1:] {
					if len(w) > len(l) {
						l = w
					}
				}
			}
			lit := text.Literal{Text: l, Group: g}
			if !seen[lit] {
				seen[lit] = true
				lits = append(lits, lit)
			}
		}
		for _, fs := range lx.byKey {
			for _, f := range fs {
				add(f)
			}
		}
		for _, f := range lx.subs {
			add(f)
		}
	}
	sort.Slice(lits, func(i, j int) bool {
		if lits[i].Group != lits[j].Group {
			return lits[i].Group < lits[j].Group
		}
		return lits[i].Text < lits[j].Text
	})
	d.gate = newUnitGate(lits)
	return d, nil
}

// wordy reports a form made of letters, digits, spaces, hyphens and
// apostrophes only.
func wordy(s string) bool {
	for _, r := range s {
		if !isWordRune(r) && r != ' ' {
			return false
		}
	}
	return true
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '\'' || r == '_' || r == '’'
}

// key is the index key of a word: its first four bytes, or the word.
func key(w string) string {
	if len(w) > 4 {
		// Cut on a rune boundary.
		n := 4
		for n > 0 && !utf8.RuneStart(w[n]) {
			n--
		}
		if n == 0 {
			return w
		}
		return w[:n]
	}
	return w
}

// wordMatch reports whether token t matches form word f: equal, or t
// starts with f when f has four bytes or more (a stem).
func wordMatch(t, f string) bool {
	if t == f {
		return true
	}
	return len(f) >= 4 && strings.HasPrefix(t, f)
}

// guardish lists the classes that are not parts of a frame: guards,
// obligations, contrasts, asides and clause markers.
var guardish = map[string]bool{"neg": true, "scope": true, "must": true, "contrast": true, "aside": true, "conseq": true, "threat": true, "without": true, "if": true, "if.post": true, "clause": true}

// shortStem reports a token t that wordMatch matches as a stem of word j
// of form f when that word has fewer than four letters and its class is a
// guard's (form.short): "не" is four bytes but two letters, and is no
// stem of "недели". A frame's classes keep the byte rule, which the gates
// share.
func shortStem(t string, f *form, j int) bool {
	return f.short>>j&1 != 0 && t != f.words[j]
}
