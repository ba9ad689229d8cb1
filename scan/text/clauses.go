package text

import "strings"

// Span is a byte range [Start, End) of a unit's text.
type Span struct{ Start, End int }

// clauseVerbs are words that, after "and", "or then" and the like, start a
// new clause with its own verb: "do not wait and send X" is two clauses,
// while "never send A or B" is one.
var clauseVerbs = map[string]bool{
	"send": true, "upload": true, "post": true, "run": true, "execute": true, "exec": true,
	"continue": true, "proceed": true, "delete": true, "remove": true, "push": true,
	"commit": true, "write": true, "read": true, "copy": true, "install": true,
	"download": true, "fetch": true, "open": true, "tell": true, "ask": true, "use": true,
	"create": true, "add": true, "start": true, "make": true, "call": true, "curl": true,
	"pipe": true, "print": true, "save": true, "share": true, "forward": true,
	"transmit": true, "submit": true, "report": true, "email": true, "sync": true,
	"move": true, "deploy": true, "restart": true, "stop": true, "return": true,
	"keep": true, "include": true, "paste": true, "dump": true, "collect": true,
	"grab": true, "gather": true, "load": true, "store": true, "set": true, "change": true,
	"edit": true, "modify": true, "update": true, "replace": true, "ignore": true,
	"skip": true, "mark": true, "hide": true, "chmod": true, "rm": true, "always": true,
	"also": true, "then": true, "instead": true, "wait": true, "go": true, "do": true,
	"check": true, "verify": true, "review": true, "get": true, "put": true, "leak": true,
	"exfiltrate": true, "disable": true, "enable": true, "overwrite": true, "append": true,
	"publish": true, "release": true, "merge": true, "rebase": true, "reset": true,
	"let": true, "notify": true, "inform": true, "mention": true, "show": true,
	"rotate": true, "revoke": true, "regenerate": true, "renew": true,
}

// clauseBreakWords end a clause wherever they appear between words.
var clauseBreakWords = map[string]bool{
	"but": true, "then": true, "instead": true, "otherwise": true, "unless": true,
	"however": true, "except": true, "afterwards": true, "so": true, "because": true,
}

// Clauses splits a lowered unit into clauses. A clause ends at ';', ':',
// a sentence end, a dash between spaces, before "but", "then", "instead",
// "otherwise", "unless", "so", and before "and" when the next word is a
// verb that starts an action of its own, unless "and" closes a list of
// verbs ("never print, copy and send X"). A prohibition governs its own
// clause only.
func Clauses(lower string) []Span {
	var out []Span
	start := 0
	cut := func(at, next int) {
		if at > start {
			out = append(out, Span{start, at})
		}
		start = next
	}
	n := len(lower)
	for i := 0; i < n; i++ {
		c := lower[i]
		switch {
		case c == ';' || c == '\n' && i > 0 && (lower[i-1] == '.' || lower[i-1] == ':'):
			cut(i, i+1)
		case (c == '.' || c == '!' || c == '?' || c == ':') && (i+1 == n || lower[i+1] == ' '):
			cut(i, i+1)
		case c == ' ' && strings.HasPrefix(lower[i:], " - "):
			cut(i, i+2)
		case c == ' ' && strings.HasPrefix(lower[i:], " — "):
			cut(i, i+4)
		case c == ' ' || c == ',':
			w, end := wordAt(lower, i+1)
			if w == "" {
				continue
			}
			if clauseBreakWords[w] {
				cut(i, i+1)
				continue
			}
			if w == "and" || w == "&" {
				next, _ := wordAt(lower, end+1)
				if clauseVerbs[next] && !verbList(lower[start:i]) {
					cut(i, i+1)
				}
			}
			// "or" and "nor" never start a clause of their own: under a
			// prohibition they carry it on ("never print, copy or send
			// X", "never commit .env or upload it"), and without one there
			// is nothing to carry.
		}
	}
	if start < n {
		out = append(out, Span{start, n})
	}
	return out
}

// wordAt returns the word of ASCII letters starting at i, skipping
// leading spaces, and the index after it.
func wordAt(s string, i int) (string, int) {
	if i > len(s) {
		return "", len(s)
	}
	for i < len(s) && (s[i] == ' ' || s[i] == ',') {
		i++
	}
	j := i
	for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] == '&') {
		j++
	}
	return s[i:j], j
}

// verbList reports whether s, the clause before an "and", ends in a list
// of verbs separated by commas: "never print, copy" of "never print,
// copy and send X".
func verbList(s string) bool {
	items := strings.Split(s, ",")
	if len(items) < 2 {
		return false
	}
	for _, it := range items[len(items)-2:] {
		f := strings.Fields(it)
		if len(f) == 0 || !clauseVerbs[f[len(f)-1]] {
			return false
		}
	}
	return true
}
