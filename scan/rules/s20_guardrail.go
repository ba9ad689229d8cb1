package rules

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sentinel-sec/sentinel/internal/lazyre"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/text"
)

// S20 fires in pull-request mode when a guardrail of the base version (a
// prohibition about something the rules protect: credentials, sending data
// out, running downloaded code, destructive commands, safety checks,
// persistence) is gone from every instruction file of the head, or lost its
// negation ("Do not upload the .env" → "Do upload the .env"). A guardrail
// that moved to another agent file, was reworded, or had a typo fixed is
// still there and does not fire.
var S20 = &Rule{
	ID: "S20", Name: "Guardrail weakened", Weight: 30, Effect: EffectCeiling,
	Impact: "A rule that stopped your agent from doing something sensitive is gone, so the agent may now do it.",
	Fix:    "Restore the guardrail, or have someone who owns the agent's instructions approve its removal.",
	Check: func(r *Repo, rep *Report) {
		if r.Base == nil {
			return
		}
		var base, head []Sentence
		for _, f := range r.Base.Files {
			if guardrailKind(f.Kind) {
				base = append(base, Sentences(f.Path, f.Data)...)
			}
		}
		for _, f := range r.Files {
			if guardrailKind(f.Kind) && inRepo(f.Path) {
				head = append(head, Sentences(f.Path, f.Data)...)
			}
		}
		for _, w := range WeakenedGuardrails(base, head) {
			f := Finding{Path: w.Base.Path, Line: 0, Evidence: w.Base.Text}
			if w.Flipped != nil {
				f.Path, f.Line, f.Evidence = w.Flipped.Path, w.Flipped.Line, w.Flipped.Text
				f.Message = fmt.Sprintf("guardrail flipped: the base said %q (%s line %d); this version says %q",
					clipSentence(w.Base.Text), w.Base.Path, w.Base.Line, clipSentence(w.Flipped.Text))
				f.Impact = "A prohibition lost its negation: the agent is now told to do what it was told never to do (" + w.Topics + ")."
			} else {
				f.Message = fmt.Sprintf("guardrail removed: %q (%s line %d in the base) is in no agent file any more",
					clipSentence(w.Base.Text), w.Base.Path, w.Base.Line)
				f.Impact = "A rule that stopped your agent from doing something sensitive (" + w.Topics + ") is gone, so the agent may now do it."
			}
			rep.Add(f)
		}
	},
}

func guardrailKind(k discover.Kind) bool {
	return k == discover.KindInstructions || k == discover.KindCursorRule
}

func clipSentence(s string) string {
	if len(s) > 160 {
		return s[:157] + "..."
	}
	return s
}

// Sentence is one sentence of an instruction file, as S20 compares them.
type Sentence struct {
	Path string
	Line int
	Text string // as written, trimmed
	norm string // normalised, lower case
}

var sentenceEnd = lazyre.New(`[.!?](\s+|$)`)

// Sentences splits prose into sentences with their line numbers. Markdown
// list markers, headings and emphasis are dropped.
func Sentences(p string, data []byte) []Sentence {
	var out []Sentence
	inFence := false
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
			continue
		}
		t = strings.TrimLeft(t, "#>*-+ \t")
		if t == "" {
			continue
		}
		for _, part := range splitKeep(t) {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			out = append(out, Sentence{Path: p, Line: i + 1, Text: part, norm: normSentence(part)})
		}
	}
	return out
}

func splitKeep(s string) []string {
	var out []string
	last := 0
	for _, m := range sentenceEnd.FindAllStringIndex(s, -1) {
		out = append(out, s[last:m[1]])
		last = m[1]
	}
	return append(out, s[last:])
}

// Normalize undoes evasion before S20 compares sentences: the text layer's
// normaliser (invisible characters, odd spaces, look-alike letters), so a
// guardrail is compared as the agent reads it.
var Normalize = text.Normalize

func normSentence(s string) string {
	s = Normalize(s)
	s = strings.ToLower(s)
	s = strings.NewReplacer("’", "'", "‘", "'", "*", "", "_", " ", "`", "", "**", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// IsProhibition reports whether a normalised sentence forbids something.
// It is a variable so that the text layer's recogniser can replace it.
var IsProhibition = func(norm string) bool {
	if !prohibition.MatchString(norm) {
		return false
	}
	// "you don't have to", "does not need to": no obligation, no prohibition.
	return !notRequired.MatchString(norm) || strongProhibition.MatchString(norm)
}

var (
	notRequired       = lazyre.New(`\b(don't|do not|does not|doesn't|not) (have|need) to\b`)
	strongProhibition = lazyre.New(`\b(never|must not|mustn't|forbidden|prohibited|not allowed|under no circumstances)\b`)
)

var prohibition = lazyre.New(`(^|[^a-z])(never|do not|don't|dont|does not|must not|mustn't|shall not|should not|shouldn't|cannot|can't|may not|not to|avoid|forbidden|prohibited|not allowed|not permitted|under no circumstances|refuse to|no longer allowed)([^a-z]|$)|^(no|don't|never) `)

// sensitive maps each protected topic to the words that name it.
var sensitive = []struct {
	topic string
	re    *lazyre.Regexp
}{
	{"credentials and secrets", lazyre.New(`\.env\b|secret|credential|password|passwd|token|api[ -]?keys?\b|private key|ssh|\.aws|aws_|keychain|id_rsa|\.npmrc|\.netrc|cookie`)},
	{"sending data out", lazyre.New(`upload|\bsend|\bpost\b|transmit|exfiltrat|\bshare\b|\bsharing\b|leak|e-?mail|\bpaste|publish|webhook|third[- ]party|external (server|service|url|host)|outside`)},
	{"running downloaded code", lazyre.New(`\bcurl\b|\bwget\b|\| ?(ba|z)?sh\b|download|remote script|unverified|untrusted (code|script|package)`)},
	{"destructive commands", lazyre.New(`rm -rf|force[- ]?push|push (-f|--force)|--force|reset --hard|drop (table|database)|\bdelete|rewrite (the )?(git )?history|truncate|wipe|destroy`)},
	{"safety checks", lazyre.New(`--no-verify|\bskip|disable|bypass|security (check|scan|review)|\bsandbox|chmod 777|verify ?= ?false|safety|pre-commit|code review`)},
	{"persistence", lazyre.New(`bashrc|zshrc|\.profile|crontab|\bcron\b|launch ?agent|login item|startup|autostart|systemd`)},
}

// Topics lists the protected topics a normalised sentence names.
func Topics(norm string) []string {
	var out []string
	for _, s := range sensitive {
		if s.re.MatchString(norm) {
			out = append(out, s.topic)
		}
	}
	return out
}

// Weakened is a base guardrail the head no longer keeps.
type Weakened struct {
	Base    Sentence
	Flipped *Sentence // the head sentence that lost the negation, if any
	Topics  string
}

// WeakenedGuardrails compares the guardrails of base with the head. A
// guardrail is kept when a head sentence in any file forbids the same thing
// (at least 60% of its words, give or take typos, in a sentence of similar
// scope); it flipped when a head sentence says nearly the same thing
// without forbidding it; otherwise it was removed.
func WeakenedGuardrails(base, head []Sentence) []Weakened {
	exact := map[string]bool{}
	for _, h := range head {
		exact[h.norm] = true
	}
	type hs struct {
		s      Sentence
		toks   []string
		prohib bool
	}
	var hh []hs
	var out []Weakened
	for _, b := range base {
		if exact[b.norm] || !IsProhibition(b.norm) {
			continue
		}
		topics := Topics(b.norm)
		if len(topics) == 0 {
			continue
		}
		if hh == nil {
			for _, h := range head {
				hh = append(hh, hs{h, tokens(h.norm), IsProhibition(h.norm)})
			}
		}
		bt := tokens(b.norm)
		kept := false
		var flipped *Sentence
		best := 0.0
		for i := range hh {
			d, covered := similarity(bt, hh[i].toks)
			if hh[i].prohib {
				// Kept: a prohibition that says most of what the base said
				// (typos, rewording, a longer list) without being an
				// unrelated long sentence that happens to share words.
				if covered >= 0.6 && d >= 0.3 {
					kept = true
					break
				}
			} else if d >= 0.6 && d > best {
				best = d
				s := hh[i].s
				flipped = &s
			}
		}
		if !kept {
			out = append(out, Weakened{Base: b, Flipped: flipped, Topics: strings.Join(topics, ", ")})
		}
	}
	return out
}

// stop words and the negations themselves carry no meaning for matching.
var stop = map[string]bool{
	"a": true, "an": true, "the": true, "to": true, "of": true, "in": true, "on": true, "for": true, "and": true,
	"or": true, "any": true, "all": true, "is": true, "are": true, "be": true, "it": true, "this": true, "that": true,
	"you": true, "your": true, "we": true, "our": true, "with": true, "from": true, "into": true, "as": true, "at": true,
	"never": true, "not": true, "do": true, "don't": true, "dont": true, "must": true, "mustn't": true, "shall": true,
	"should": true, "shouldn't": true, "cannot": true, "can't": true, "can": true, "may": true, "no": true,
	"avoid": true, "please": true, "always": true, "ever": true, "under": true, "circumstances": true,
	"allowed": true, "forbidden": true, "prohibited": true, "permitted": true, "refuse": true, "does": true,
}

func tokens(norm string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(norm, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '\'' || r == '~' || r == '/' || r == '$')
	}) {
		w = strings.Trim(w, ".'-/")
		if w == "" || stop[w] {
			continue
		}
		if w == "env" {
			w = ".env"
		}
		out = append(out, stem(w))
	}
	return out
}

func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// similarity compares two token lists, where two words of four letters or
// more that are one edit apart (a typo) count as equal. It returns the Dice
// coefficient and the share of a's words found in b.
func similarity(a, b []string) (dice, covered float64) {
	if len(a) == 0 || len(b) == 0 {
		return 0, 0
	}
	used := make([]bool, len(b))
	match := 0
	for _, x := range a {
		for j, y := range b {
			if !used[j] && (x == y || (len(x) >= 4 && len(y) >= 4 && osa(x, y) <= 1)) {
				used[j] = true
				match++
				break
			}
		}
	}
	return 2 * float64(match) / float64(len(a)+len(b)), float64(match) / float64(len(a))
}

// osa is the optimal-string-alignment edit distance (a transposition of two
// neighbouring letters counts as one edit).
func osa(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > 1 || d < -1 {
		return 2
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
