package rules

import (
	"encoding/json"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// Readers of runners' definition files (runners.go): which files a
// makefile includes, which commands the goals a hook names run, which
// commands an npm or composer script runs, which recipes a justfile runs.
// Each command found is read by the shell dependency reading, so a
// project script it runs is pinned and a test runner it calls is refused.
// Nothing is run or evaluated: make variables are expanded only when the
// makefile sets them to a literal.

// mkLine is one command line of a makefile, with its line number.
type mkLine struct {
	line int
	text string
}

// mkRule is a makefile rule (or a justfile recipe).
type mkRule struct {
	prereqs []string
	recipe  []mkLine
}

// mkInclude is a file a makefile includes, or (dynamic set) one named by
// an expression Sentinel does not evaluate.
type mkInclude struct {
	line    int
	path    string
	dynamic bool
}

// makefile is what Sentinel reads of a makefile.
type makefile struct {
	rules    map[string]*mkRule
	patterns []string // pattern targets (%.o), in order
	first    string   // the default goal
	includes []mkInclude
	always   []mkLine // commands make runs whatever the goal: $(shell), !=
	vars     map[string]string
	shell    string // SHELL, when set
	shellAt  int
	evals    []int // lines of $(eval ...): rules made at run time
}

// maxMakeLines bounds the logical lines read of one makefile.
const maxMakeLines = 20000

var (
	reMakeAssign = regexp.MustCompile(`^([^\s:#=]+)\s*(::?:?=|\?=|\+=|!=|=)\s*(.*)$`)
	reMakeVar    = regexp.MustCompile(`\$[({]([A-Za-z_][\w.-]*)[)}]`)
)

// logicalLines joins lines continued with a backslash.
func logicalLines(text string) []mkLine {
	var out []mkLine
	raw := strings.Split(text, "\n")
	for i := 0; i < len(raw) && len(out) < maxMakeLines; i++ {
		start := i + 1
		l := strings.TrimSuffix(raw[i], "\r")
		for strings.HasSuffix(l, "\\") && (len(l)-len(strings.TrimRight(l, "\\")))%2 == 1 && i+1 < len(raw) {
			i++
			l = l[:len(l)-1] + " " + strings.TrimLeft(strings.TrimSuffix(raw[i], "\r"), " \t")
		}
		out = append(out, mkLine{start, l})
	}
	return out
}

// parseMakefile reads the rules, includes and variables of a makefile.
func parseMakefile(text string) *makefile {
	mf := &makefile{rules: map[string]*mkRule{}, vars: map[string]string{}}
	var cur []string
	inDefine := 0
	for _, ln := range logicalLines(text) {
		l := ln.text
		t := strings.TrimSpace(l)
		if inDefine > 0 {
			switch {
			case t == "endef" || strings.HasPrefix(t, "endef "):
				inDefine--
			case strings.HasPrefix(t, "define ") || t == "define":
				inDefine++
			default:
				// A define body may become a recipe ($(call), $(eval)):
				// read it as commands whatever the goal.
				mf.always = append(mf.always, mkLine{ln.line, strings.TrimLeft(t, "@+-")})
			}
			continue
		}
		if strings.HasPrefix(l, "\t") && cur != nil {
			for _, tg := range cur {
				mf.rules[tg].recipe = append(mf.rules[tg].recipe, mkLine{ln.line, strings.TrimLeft(strings.TrimSpace(l), "@+-")})
			}
			continue
		}
		if t == "" || t[0] == '#' {
			continue
		}
		first, rest, _ := strings.Cut(t, " ")
		switch first {
		case "define":
			inDefine, cur = 1, nil
			continue
		case "include", "-include", "sinclude":
			for _, w := range strings.Fields(rest) {
				v := mf.expand(w, 0)
				mf.includes = append(mf.includes, mkInclude{line: ln.line, path: v, dynamic: strings.ContainsAny(v, "$*?[`")})
			}
			cur = nil
			continue
		case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "vpath", "unexport":
			continue
		case "export", "override", "private":
			t = strings.TrimSpace(rest)
		}
		if strings.HasPrefix(t, "$(eval") || strings.HasPrefix(t, "${eval") {
			mf.evals = append(mf.evals, ln.line)
			cur = nil
			continue
		}
		if m := reMakeAssign.FindStringSubmatch(t); m != nil {
			name, op, val := m[1], m[2], m[3]
			switch op {
			case "!=":
				mf.always = append(mf.always, mkLine{ln.line, mf.expand(val, 0)})
			case "+=":
				mf.vars[name] = strings.TrimSpace(mf.vars[name] + " " + val)
			case "?=":
				if _, ok := mf.vars[name]; !ok {
					mf.vars[name] = val
				}
			default:
				mf.vars[name] = val
			}
			if name == "SHELL" {
				mf.shell, mf.shellAt = val, ln.line
			}
			mf.shellCalls(val, ln.line)
			cur = nil
			continue
		}
		colon := ruleColon(t)
		if colon < 0 {
			// A function call or other text at the top: $(shell) runs.
			mf.shellCalls(t, ln.line)
			cur = nil
			continue
		}
		targets := strings.Fields(mf.expand(t[:colon], 0))
		after := strings.TrimLeft(t[colon+1:], ":")
		if reMakeAssign.MatchString(strings.TrimSpace(after)) {
			cur = nil // a target-specific variable
			continue
		}
		after, inline, hasInline := strings.Cut(after, ";")
		var prereqs []string
		for _, w := range strings.Fields(mf.expand(after, 0)) {
			if w != "|" {
				prereqs = append(prereqs, w)
			}
		}
		mf.shellCalls(after, ln.line)
		cur = cur[:0:0]
		for _, tg := range targets {
			if strings.Contains(tg, "%") {
				mf.patterns = append(mf.patterns, tg)
			}
			r := mf.rules[tg]
			if r == nil {
				r = &mkRule{}
				mf.rules[tg] = r
			}
			r.prereqs = append(r.prereqs, prereqs...)
			if hasInline && strings.TrimSpace(inline) != "" {
				r.recipe = append(r.recipe, mkLine{ln.line, strings.TrimLeft(strings.TrimSpace(inline), "@+-")})
			}
			if mf.first == "" && !strings.Contains(tg, "%") && (!strings.HasPrefix(tg, ".") || strings.Contains(tg, "/")) {
				mf.first = tg
			}
			cur = append(cur, tg)
		}
	}
	if g, ok := mf.vars[".DEFAULT_GOAL"]; ok && strings.TrimSpace(g) != "" {
		mf.first = strings.TrimSpace(mf.expand(g, 0))
	}
	return mf
}

// ruleColon is the index of the colon that makes t a rule, or -1.
func ruleColon(t string) int {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '(', '{':
			depth++
		case ')', '}':
			if depth > 0 {
				depth--
			}
		case '=':
			if depth == 0 {
				return -1
			}
		case ':':
			if depth == 0 {
				if i+1 < len(t) && t[i+1] == '=' {
					return -1
				}
				// C:\ on Windows is not a rule.
				if i == 1 && i+1 < len(t) && (t[i+1] == '\\' || t[i+1] == '/') {
					continue
				}
				return i
			}
		}
	}
	return -1
}

// shellCalls records the $(shell ...) calls in s: make runs them while it
// reads the makefile, whatever the goal.
func (mf *makefile) shellCalls(s string, line int) {
	for n := 0; n < 32; n++ {
		i := strings.Index(s, "$(shell ")
		if i < 0 {
			return
		}
		j, depth := i+2, 1
		for j < len(s) && depth > 0 {
			switch s[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			j++
		}
		body := s[i+len("$(shell "):]
		if depth == 0 {
			body = s[i+len("$(shell ") : j-1]
		}
		mf.always = append(mf.always, mkLine{line, mf.expand(body, 0)})
		if j >= len(s) {
			return
		}
		s = s[j:]
	}
}

// expand replaces the make variables s uses with the literal values the
// makefile gives them, $(MAKE) with make and $$ with $; anything else is
// left as written (the shell reading then fails closed where it matters).
func (mf *makefile) expand(s string, depth int) string {
	if !strings.Contains(s, "$") {
		return s
	}
	s = strings.ReplaceAll(s, "$$", "\x02")
	s = reMakeVar.ReplaceAllStringFunc(s, func(m string) string {
		name := m[2 : len(m)-1]
		switch name {
		case "MAKE":
			return "make"
		case "CURDIR":
			return "."
		}
		v, ok := mf.vars[name]
		if !ok || depth >= 8 {
			return m
		}
		return strings.ReplaceAll(mf.expand(v, depth+1), "$", "\x03")
	})
	s = strings.ReplaceAll(s, "\x03", "$")
	return strings.ReplaceAll(s, "\x02", "$")
}

// patternMatch reports whether target matches the pattern p (one %).
func patternMatch(p, target string) (string, bool) {
	pre, suf, ok := strings.Cut(p, "%")
	if !ok || len(target) < len(pre)+len(suf) || !strings.HasPrefix(target, pre) || !strings.HasSuffix(target, suf) {
		return "", false
	}
	return target[len(pre) : len(target)-len(suf)], true
}

// maxGoals bounds the rules followed from the goals of one makefile.
const maxGoals = 512

// needed returns the rules the goals build: the goals, their
// prerequisites transitively and the pattern rules that make them. goals
// nil: every rule. "" is the default goal.
func (mf *makefile) needed(goals []string) (names []string, recipes []mkLine) {
	if goals == nil {
		for _, r := range mf.rules {
			recipes = append(recipes, r.recipe...)
		}
		return nil, recipes
	}
	seen := map[string]bool{}
	queue := []string{}
	for _, g := range goals {
		if g == "" {
			if mf.first == "" {
				names = append(names, "") // the default is in an include
				continue
			}
			g = mf.first
		}
		queue = append(queue, g)
	}
	for len(queue) > 0 && len(seen) < maxGoals {
		g := queue[0]
		queue = queue[1:]
		if seen[g] {
			continue
		}
		seen[g] = true
		names = append(names, g)
		if r := mf.rules[g]; r != nil {
			recipes = append(recipes, r.recipe...)
			queue = append(queue, r.prereqs...)
		}
		for _, p := range mf.patterns {
			if stem, ok := patternMatch(p, g); ok {
				r := mf.rules[p]
				recipes = append(recipes, r.recipe...)
				for _, q := range r.prereqs {
					queue = append(queue, strings.ReplaceAll(q, "%", stem))
				}
			}
		}
	}
	return names, recipes
}

// makeRefs reads the makefile at p for the goals a command builds: the
// files it includes (read for the same goals), the shell it names, and
// what the recipes of those goals and the makefile's $(shell) calls run.
func makeRefs(p, top, text string, goals []string) []depRef {
	mf := parseMakefile(text)
	dir := path.Dir(p)
	var out []depRef
	for _, l := range mf.evals {
		out = append(out, depRef{line: l, dynamic: "$(eval ...) in a makefile (rules made at run time)"})
	}
	if mf.shell != "" {
		sh := strings.TrimSpace(mf.expand(mf.shell, 0))
		if w := strings.Fields(sh); len(w) > 0 {
			sh = w[0]
		}
		switch {
		case strings.ContainsAny(sh, "$`"):
			out = append(out, depRef{line: mf.shellAt, dynamic: "SHELL = " + sh})
		case strings.Contains(sh, "/") && !systemPath(sh):
			out = append(out, sourceRef(mf.shellAt, dir, sh))
		}
	}
	names, recipes := mf.needed(goals)
	for _, in := range mf.includes {
		if in.dynamic {
			out = append(out, depRef{line: in.line, dynamic: "include " + in.path})
			continue
		}
		r := sourceRef(in.line, dir, in.path)
		if r.cands != nil {
			if c, ok := inTree(dir, in.path); ok {
				r.cands = []string{c}
			}
			r.kind, r.goals = "make", names
			if goals == nil {
				r.goals = nil
			}
		}
		out = append(out, r)
	}
	for _, ln := range append(mf.always, recipes...) {
		out = append(out, lineRefsIn(p, top, mf.expand(ln.text, 0), ln.line, dir)...)
	}
	return out
}

// lineRefsIn reads one command line of a definition file, numbered as in
// the file, for a command run in the folder cwd.
func lineRefsIn(p, top, cmd string, line int, cwd string) []depRef {
	if strings.TrimSpace(cmd) == "" {
		return nil
	}
	refs := shellRefsIn(p, top, cmd, cwd)
	for i := range refs {
		refs[i].line = line + refs[i].line - 1
	}
	return refs
}

// ---- justfile ----

var (
	reJustRecipe = regexp.MustCompile(`^@?([A-Za-z_][\w-]*)((?:\s+[^:]*)?):([^=].*|)$`)
	reJustImport = regexp.MustCompile(`^(import\??|mod\??)\s+(?:([A-Za-z_][\w-]*)\s*)?(?:(['"])([^'"]*)['"])?\s*$`)
	reJustAssign = regexp.MustCompile(`^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(.*)$`)
	reJustAlias  = regexp.MustCompile(`^alias\s+([A-Za-z_][\w-]*)\s*:=\s*([A-Za-z_][\w-]*)`)
	reJustInterp = regexp.MustCompile(`\{\{\s*([A-Za-z_][\w-]*)\s*\}\}`)
)

// justRefs reads a justfile for the recipes a command runs.
func justRefs(p, top, text string, goals []string) []depRef {
	dir := path.Dir(p)
	mf := &makefile{rules: map[string]*mkRule{}, vars: map[string]string{}}
	var out []depRef
	var cur *mkRule
	lines := logicalLines(text)
	for _, ln := range lines {
		l := ln.text
		t := strings.TrimSpace(l)
		if cur != nil && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")) && t != "" {
			cur.recipe = append(cur.recipe, mkLine{ln.line, strings.TrimLeft(t, "@-")})
			continue
		}
		if t == "" {
			continue
		}
		cur = nil
		if t[0] == '#' || t[0] == '[' || strings.HasPrefix(t, "set ") {
			continue
		}
		if m := reJustImport.FindStringSubmatch(t); m != nil {
			var cands []string
			switch {
			case m[4] != "":
				if c, ok := inTree(dir, m[4]); ok {
					cands = append(cands, c)
				} else {
					out = append(out, depRef{line: ln.line, outside: m[4]})
				}
			case m[2] != "":
				for _, f := range []string{m[2] + ".just", m[2] + "/mod.just", m[2] + "/justfile", m[2] + "/.justfile"} {
					if c, ok := inTree(dir, f); ok {
						cands = append(cands, c)
					}
				}
			}
			if len(cands) > 0 {
				out = append(out, depRef{line: ln.line, cands: cands, kind: "just", goals: nil})
			}
			continue
		}
		if m := reJustAlias.FindStringSubmatch(t); m != nil {
			mf.rules[m[1]] = &mkRule{prereqs: []string{m[2]}}
			continue
		}
		if m := reJustAssign.FindStringSubmatch(t); m != nil {
			mf.vars[m[1]] = strings.Trim(m[2], `'"`)
			if strings.Contains(m[2], "`") || strings.Contains(m[2], "shell(") {
				// Backticks run while just reads the file.
				mf.always = append(mf.always, mkLine{ln.line, strings.Trim(strings.TrimSpace(m[2]), "`")})
			}
			continue
		}
		if m := reJustRecipe.FindStringSubmatch(t); m != nil {
			cur = &mkRule{}
			for _, w := range strings.Fields(strings.NewReplacer("(", " ", ")", " ", "&&", " ").Replace(m[3])) {
				if w[0] == '_' || w[0] >= 'A' && w[0] <= 'Z' || w[0] >= 'a' && w[0] <= 'z' {
					cur.prereqs = append(cur.prereqs, w)
				}
			}
			mf.rules[m[1]] = cur
			if mf.first == "" {
				mf.first = m[1]
			}
		}
	}
	for i, g := range goals {
		if g != "" && mf.rules[g] == nil && i > 0 {
			// just runs recipe a with the later words as its arguments.
			goals = goals[:i]
			break
		}
	}
	names, _ := mf.needed(goals)
	run := func(r *mkRule) {
		if len(r.recipe) == 0 {
			return
		}
		body := make([]string, 0, len(r.recipe))
		for _, ln := range r.recipe {
			body = append(body, reJustInterp.ReplaceAllStringFunc(ln.text, func(m string) string {
				if v, ok := mf.vars[reJustInterp.FindStringSubmatch(m)[1]]; ok {
					return v
				}
				return m
			}))
		}
		if strings.HasPrefix(body[0], "#!") {
			// A script recipe: its body is a script of that language.
			script := strings.Join(body, "\n")
			switch {
			case strings.Contains(body[0], "python"):
				out = append(out, pythonRefs(dir, script)...)
			case strings.Contains(body[0], "node") || strings.Contains(body[0], "deno") || strings.Contains(body[0], "bun"):
				out = append(out, nodeRefs(dir, script)...)
			case strings.Contains(body[0], "sh"):
				out = append(out, lineRefsIn(p, top, script, r.recipe[0].line, dir)...)
			default:
				out = append(out, depRef{line: r.recipe[0].line, dynamic: body[0] + " (a recipe in a language Sentinel does not read)"})
			}
			return
		}
		for i, b := range body {
			out = append(out, lineRefsIn(p, top, b, r.recipe[i].line, dir)...)
		}
	}
	for _, ln := range mf.always {
		out = append(out, lineRefsIn(p, top, ln.text, ln.line, dir)...)
	}
	if goals == nil {
		for _, r := range mf.rules {
			run(r)
		}
		return out
	}
	for _, n := range names {
		if r := mf.rules[n]; r != nil {
			run(r)
		}
	}
	return out
}

// ---- package.json and composer.json scripts ----

// maxScriptHops bounds composer's @other-script references followed.
const maxScriptHops = 64

var rePHPCallback = regexp.MustCompile(`^[A-Za-z_\\][\w\\]*::\w+$`)

// npmScriptRefs reads the scripts of a package.json or composer.json that
// the goals run (nil: every script) as command lines.
func npmScriptRefs(p, top, text, field string, goals []string) []depRef {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return []depRef{{line: 1, dynamic: p + " (not valid JSON, so which scripts run is not known)"}}
	}
	var scripts map[string]json.RawMessage
	if raw, ok := doc[field]; ok {
		if err := json.Unmarshal(raw, &scripts); err != nil {
			return []depRef{{line: 1, dynamic: p + " " + field + " (not an object of commands)"}}
		}
	}
	commands := func(raw json.RawMessage) []string {
		var one string
		if json.Unmarshal(raw, &one) == nil {
			return []string{one}
		}
		var many []string
		if json.Unmarshal(raw, &many) == nil {
			return many
		}
		return []string{"\x00"}
	}
	var names []string
	if goals == nil {
		for n := range scripts {
			names = append(names, n)
		}
	} else {
		names = append(names, goals...)
	}
	var out []depRef
	seen := map[string]bool{}
	for i := 0; i < len(names) && i < maxScriptHops*4; i++ {
		n := names[i]
		if seen[n] {
			continue
		}
		seen[n] = true
		raw, ok := scripts[n]
		if !ok {
			continue
		}
		line := lineOf(text, `"`+n+`"`)
		for _, c := range commands(raw) {
			switch {
			case c == "\x00":
				out = append(out, depRef{line: line, dynamic: p + " script " + n + " (not a command string)"})
			case strings.HasPrefix(c, "@putenv "):
			case strings.HasPrefix(c, "@php "), strings.HasPrefix(c, "@composer "):
				out = append(out, lineRefsIn(p, top, c[1:], line, path.Dir(p))...)
			case strings.HasPrefix(c, "@") && field == "scripts" && path.Base(p) == "composer.json":
				names = append(names, strings.Fields(c[1:] + " x")[0])
			case rePHPCallback.MatchString(strings.TrimSpace(c)) && path.Base(p) == "composer.json":
				out = append(out, depRef{line: line, dynamic: c + " (a PHP class method composer loads from the project)"})
			default:
				// Scripts run in the package's folder.
				out = append(out, lineRefsIn(p, top, c, line, path.Dir(p))...)
			}
		}
	}
	return out
}

// runnerShell returns the commands a runner's definition file holds (every
// make recipe and $(shell) call, every npm or composer script, every just
// recipe), one a line, for the script rules to read as shell; ok is false
// for any other file.
func runnerShell(f *discover.File) (string, bool) {
	text := scriptText(f)
	base := path.Base(f.Path)
	var lines []string
	switch {
	case base == "Makefile" || base == "makefile" || base == "GNUmakefile" || path.Ext(base) == ".mk":
		mf := parseMakefile(text)
		_, recipes := mf.needed(nil)
		for _, l := range append(mf.always, recipes...) {
			lines = append(lines, mf.expand(l.text, 0))
		}
	case base == "package.json" || base == "composer.json":
		var doc struct {
			Scripts map[string]json.RawMessage `json:"scripts"`
		}
		if json.Unmarshal([]byte(text), &doc) != nil {
			return "", false
		}
		for _, raw := range doc.Scripts {
			var one string
			var many []string
			if json.Unmarshal(raw, &one) == nil {
				lines = append(lines, one)
			} else if json.Unmarshal(raw, &many) == nil {
				lines = append(lines, many...)
			}
		}
	case base == "justfile" || base == "Justfile" || base == ".justfile":
		for _, l := range logicalLines(text) {
			if strings.HasPrefix(l.text, " ") || strings.HasPrefix(l.text, "\t") {
				lines = append(lines, strings.TrimLeft(strings.TrimSpace(l.text), "@-"))
			}
		}
	default:
		return "", false
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n"), true
}
