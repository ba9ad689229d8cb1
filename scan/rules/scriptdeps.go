package rules

import (
	"errors"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/shellcmd"
)

// A script a hook runs is rarely all that runs: it sources shell files,
// imports Python modules or Node files from its folder, names a project
// file as its interpreter on its #! line, or runs other project scripts.
// Each of those changes what the hook does as much as the script itself,
// so an approval pins them too. The dependencies are read from the text
// (shell through mvdan.cc/sh's parser, Python and Node import lines,
// the #! line), never by running anything.
//
// What an approval pins is one composite hash (HookItem): the command,
// every script it runs and, after each, the path and content of every
// file of its dependency closure, and the path of every candidate file
// that does not exist (so a module planted beside the script later, which
// Python would import first, changes the hash too). A script with no
// dependency hashes exactly as before, so existing approvals stand.
//
// A reference Sentinel cannot resolve without running the script
// (`source "$X"`, `require(name)`) makes the entry unpinnable: its hash
// is empty, so no approval can match it and S17a says why. A reference
// out of the tree (an absolute or home path) is a notice: Sentinel never
// reads it, and says so.

// Bounds of the dependency reading of one script.
const (
	maxDepDepth = 8  // hops from the script a hook runs
	maxDepFiles = 64 // files in one script's closure
)

// depRef is one reference a script makes.
type depRef struct {
	line int
	// cands are the in-tree paths the reference may resolve to, in the
	// order the runtime tries them; those that exist are dependencies,
	// the others are pinned as absent.
	cands []string
	// outside is the reference as written when it leaves the tree.
	outside string
	// dynamic is the reference as written when it cannot be resolved
	// statically.
	dynamic string
	// existingOnly: candidates that do not exist are not pinned as absent.
	existingOnly bool
	// globs are patterns of project files the reference loads, matched at
	// scan time (every *.pth file of a virtualenv): each match is a
	// dependency, so a file that later matches changes the hash.
	globs []string
	// kind says how a candidate is read ("make", "npm", ...: runners.go);
	// "" reads it as a script by its name.
	kind string
	// goals are the entries of a runner's definition file that run (make
	// targets, npm scripts); nil reads every entry.
	goals []string
	// refuse, when set, ends a sentence "... runs <refuse>": the command
	// runs code no approval can pin (a test runner runs every test file).
	refuse string
	// fetch, when set, is a package a runner fetches from the registry
	// unless the project has it (fetch.go): refuse applies only when the
	// project has neither a dependency on it nor node_modules/.bin/fetchBin.
	fetch, fetchBin string
	// upward, when set, names a runner that looks for its definition file
	// in the folders above when none of cands exists (npm, just, task,
	// rake): above the project that is out of the tree, so it refuses.
	upward string
}

// scriptDeps is the dependency closure of one script.
type scriptDeps struct {
	files  []string // existing dependencies, sorted (never the script itself)
	absent []string // candidates that do not exist, sorted
	// listed are folders (ending in "/") whose listing decides which files
	// a pattern loads (a virtualenv's *.pth files).
	listed []string
	// unpinned says, in one sentence, why an approval cannot cover the
	// script ("" when it can).
	unpinned string
}

// ReadScriptDeps reads the dependencies of every script a hook, task or
// server runs: the files each sources, imports
// or names as its interpreter, transitively, within maxDepDepth hops and
// maxDepFiles files. Each dependency is added to r.Scripts (so the script
// rules read it and the lock lists it), and HookItem's hash covers it.
// It returns notices for references Sentinel does not follow. Call it
// once, before the rules run.
func (r *Repo) ReadScriptDeps() []discover.Notice {
	if r.FS == nil {
		return nil
	}
	var roots []string
	var linkNotices []discover.Notice
	seen := map[string]bool{}
	r.deps = map[string]*scriptDeps{}
	addRoots := func(ts []agentcfg.Target) {
		for _, t := range ts {
			if t.Outside {
				// It runs, and Sentinel never reads out of the tree: no
				// approval can say what it does.
				r.deps[t.Path] = &scriptDeps{unpinned: "it " + outsideRun(t.Path)}
				continue
			}
			if !seen[t.Path] && r.File(t.Path) != nil {
				seen[t.Path] = true
				roots = append(roots, t.Path)
				continue
			}
			if r.deps[t.Path] != nil || r.FS == nil {
				continue
			}
			// Not read: a link out of the tree is said, never followed
			// (links.go). A missing script is S10's business.
			if say, w := linkOutside(r.FS, t.Path); say != "" {
				if installedLink(t.Path, w) {
					linkNotices = append(linkNotices, discover.Notice{Path: t.Path, Message: "not read: " + say + "; it runs an installed program, which Sentinel never reads: an approval pins where the link points, not the program"})
					continue
				}
				r.deps[t.Path] = &scriptDeps{unpinned: "it runs " + say + "; Sentinel never follows it, so an approval cannot cover it; put the file itself in the project"}
			}
		}
	}
	for _, a := range r.AutoRuns {
		addRoots(a.Targets)
	}
	for _, s := range r.Servers {
		addRoots(s.Targets)
	}
	sort.Strings(roots)
	c := &closer{r: r, lst: dirNames{}, noticed: map[string]bool{}, notices: linkNotices}
	for _, root := range roots {
		d := &scriptDeps{}
		r.deps[root] = d
		c.walk(d, root, nil, nil)
	}
	// The command line of each auto-run, read as a one-line script in the
	// project folder: a runner it names (make, npm run, pytest) loads its
	// definition files, which the approval pins as it pins a script's
	// loads (runners.go).
	// Whether there is a project folder, asked once.
	_, rootErr := fs.Stat(r.FS, ".")
	if rootErr == nil {
		// A tool server's command, given as words (the exec form): a
		// script out of the tree fails closed, a virtualenv interpreter
		// pins its start-up files. Its runner is not read: `npx -y pkg`
		// hashes as it always did.
		for _, s := range r.Servers {
			if s.Command == "" || s.URL != "" {
				continue
			}
			key := srvKey(s)
			if r.deps[key] != nil {
				continue
			}
			d := &scriptDeps{}
			r.deps[key] = d
			skip := map[string]bool{}
			for _, t := range s.Targets {
				skip[t.Path] = true
			}
			c.src = s.Source
			words := append([]string{s.Command}, s.Args...)
			refs := append(programWordRefs(words, s.Line), fetchWordRefs(words, s.Line)...)
			// The environment files its words load, and the script it runs
			// past a wrapper (dotenv -e .env -- node srv.js).
			e := &shEnv{vars: map[string]string{}, cwds: []string{"."}}
			refs = append(refs, e.envWordLoads(words, s.Line, nil)...)
			if w := wrappedScript(words); w != "" {
				if p, ok := inTree(".", w); ok {
					refs = append(refs, depRef{line: s.Line, cands: []string{p}})
				}
			}
			c.walk(d, "", refs, skip)
		}
	}
	if rootErr != nil {
		// No project folder (the user's own files, --global): a runner a
		// global hook names reads whichever project the agent is in, and
		// there is no tree for a file to be outside of. Unchanged.
		return c.notices
	}
	for _, a := range r.AutoRuns {
		if !commandRuns(a) {
			continue
		}
		key := cmdKey(a.Command)
		if r.deps[key] != nil {
			continue
		}
		d := &scriptDeps{}
		r.deps[key] = d
		skip := map[string]bool{}
		for _, t := range a.Targets {
			skip[t.Path] = true // pinned as scripts already
		}
		c.src = a.Source
		c.walk(d, "", commandRefs(a.Command), skip)
	}
	return c.notices
}

// closer follows the references of scripts and command lines.
type closer struct {
	r       *Repo
	lst     dirNames
	notices []discover.Notice
	noticed map[string]bool
	src     string // the config of the command line being read
	globs   map[string]globbed
}

// depItem is one file of a closure to read: how (kind) and, for a runner's
// definition file, which of its entries run (goals; nil: every entry).
type depItem struct {
	p     string
	depth int
	kind  string
	goals []string
}

// walk fills d with the dependency closure of the script root or, when
// root is "", of the references first (a hook's command line). Files in
// skip are not followed (the command's own scripts, pinned on their own).
func (c *closer) walk(d *scriptDeps, root string, first []depRef, skip map[string]bool) {
	r := c.r
	top := root
	if top == "" {
		top = "."
	}
	visited := map[string]bool{}
	inFiles := map[string]bool{}
	absent := map[string]bool{}
	var queue []depItem
	upward := "" // see depRef.upward
	if root != "" {
		visited[root] = true
		queue = append(queue, depItem{p: root})
	}
	process := func(it depItem, refs []depRef, from string) {
		for _, ref := range refs {
			where := from + " line " + strconv.Itoa(ref.line)
			if root == "" && from == "the command" {
				where = from
			}
			switch {
			case ref.fetch != "":
				if !c.localPackage(ref.fetch, ref.fetchBin) {
					d.unpinned = where + " runs " + ref.refuse
				}
			case ref.refuse != "":
				d.unpinned = where + " runs " + ref.refuse
			case ref.dynamic != "":
				d.unpinned = where + " runs or loads " + strconv.Quote(clip(ref.dynamic, 80)) + ", a file named only at run time that Sentinel cannot resolve without running the script, so an approval cannot cover it; name the file literally"
			case ref.outside != "":
				if !systemPath(ref.outside) {
					d.unpinned = where + " " + outsideRun(ref.outside)
					break
				}
				msg := "not read: " + where + " loads " + strconv.Quote(clip(ref.outside, 80)) + ", a system file outside the scanned folder; Sentinel never reads it and an approval of the hook does not cover it"
				if !c.noticed[msg] {
					c.noticed[msg] = true
					c.notices = append(c.notices, discover.Notice{Path: it.p, Message: msg})
				}
			}
			if d.unpinned != "" {
				return
			}
			if ref.upward != "" && upward == "" && !c.anyExists(ref.cands) {
				// Said last: a more precise reason (a link out, a file
				// named at run time) wins.
				upward = where + " runs " + ref.upward + " with none of " + strings.Join(ref.cands, ", ") + " in the project, so it looks for one in the folders above, which Sentinel never reads; an approval cannot cover it; add the file to the project"
			}
			cands := ref.cands
			if len(ref.globs) > 0 {
				cands = append(slices.Clone(cands), c.globAll(d, ref.globs)...)
			}
			for _, cand := range cands {
				if skip[cand] {
					continue
				}
				key := cand + "\x00" + ref.kind + "\x00" + goalKey(ref.goals)
				if cand == root || visited[key] || absent[cand] {
					continue
				}
				g := r.File(cand)
				if g == nil {
					if !c.lst.mayExist(r.FS, cand) {
						if !ref.existingOnly {
							absent[cand] = true
						}
						continue
					}
					rf, n := discover.ReadFile(r.FS, cand)
					if n != nil {
						if ex, known := discover.Exists(r.FS, cand); known && (!ex || isDir(r, cand)) {
							if !ref.existingOnly {
								absent[cand] = true
							}
							continue
						}
						if say, _ := linkOutside(r.FS, cand); say != "" {
							d.unpinned = where + " loads " + say + "; Sentinel never follows it, so an approval cannot cover it"
							return
						}
						d.unpinned = where + " loads " + cand + ", which Sentinel could not read (" + n.Message + "), so an approval cannot cover it"
						return
					}
					rf.Kind = discover.KindScript
					r.Scripts[cand] = &rf
					g = &rf
				}
				visited[key] = true
				if !inFiles[cand] {
					inFiles[cand] = true
					d.files = append(d.files, cand)
				}
				if len(d.files) > maxDepFiles {
					d.unpinned = from + " loads more than " + strconv.Itoa(maxDepFiles) + " project files, more than Sentinel follows, so an approval cannot cover them all"
					return
				}
				next := depItem{p: cand, depth: it.depth + 1, kind: ref.kind, goals: ref.goals}
				if next.depth >= maxDepDepth {
					if len(fileRefs(next, top, g)) > 0 {
						d.unpinned = from + " loads files more than " + strconv.Itoa(maxDepDepth) + " steps deep (" + cand + "), deeper than Sentinel follows, so an approval cannot cover them all"
						return
					}
					continue
				}
				queue = append(queue, next)
			}
		}
	}
	if root == "" {
		process(depItem{p: c.src}, first, "the command")
	}
	for len(queue) > 0 && d.unpinned == "" {
		it := queue[0]
		queue = queue[1:]
		f := r.File(it.p)
		if f == nil {
			continue
		}
		process(it, fileRefs(it, top, f), it.p)
	}
	if d.unpinned == "" {
		d.unpinned = upward
	}
	sort.Strings(d.files)
	for p := range absent {
		d.absent = append(d.absent, p)
	}
	sort.Strings(d.absent)
}

// anyExists reports whether one of the paths is a file of the tree.
func (c *closer) anyExists(paths []string) bool {
	for _, p := range paths {
		if c.r.File(p) != nil {
			return true
		}
		if !c.lst.mayExist(c.r.FS, p) {
			continue
		}
		// A link counts, wherever it leads: reading it says the rest.
		if fi, err := fs.Lstat(c.r.FS, p); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// dirNames caches folder listings: most candidates (a module Python
// would look for beside the script) are not there, and one listing per
// folder is cheaper than a failed open per name.
type dirNames map[string]map[string]bool

// mayExist answers false only when the listing of p's folder (or of a
// folder above it) shows that p is not there.
func (d dirNames) mayExist(fsys fs.FS, p string) bool {
	dir, name := path.Split(p)
	dir = path.Clean(dir)
	names, ok := d[dir]
	if !ok {
		if ents, err := fs.ReadDir(fsys, dir); err == nil {
			names = make(map[string]bool, len(ents))
			for _, e := range ents {
				names[e.Name()] = true
			}
		} else if errors.Is(err, fs.ErrNotExist) {
			names = map[string]bool{}
		} else if st, serr := fs.Stat(fsys, dir); serr == nil && !st.IsDir() {
			// A file, not a folder: require('./x.js') also tries
			// x.js/index.js, which cannot exist.
			names = map[string]bool{}
		}
		d[dir] = names // nil: not known, so the file is opened
	}
	return names == nil || names[name]
}

func isDir(r *Repo, p string) bool {
	f, err := r.FS.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	return err == nil && st.IsDir()
}

// ScriptDeps returns the in-tree files the script at p loads (sourced,
// imported, its interpreter), transitively, and why an approval cannot
// cover it ("" when it can). Empty before ReadScriptDeps.
func (r *Repo) ScriptDeps(p string) (files []string, unpinned string) {
	if d := r.deps[p]; d != nil {
		return d.files, d.unpinned
	}
	return nil, ""
}

// AbsentDeps returns, sorted, the files scripts would load that do not
// exist (a module Python looks for beside the script first): their
// appearance changes what runs, so a cache of the verdict must notice it.
// A path ending in "/" is a folder whose listing matters (a virtualenv's
// site-packages, where any new *.pth file runs).
func (r *Repo) AbsentDeps() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range r.deps {
		for _, p := range append(d.absent[:len(d.absent):len(d.absent)], d.listed...) {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	return out
}

// unpinnedReason says why an approval cannot cover the auto-run a ("" when
// it can).
func (r *Repo) unpinnedReason(targets []string) string {
	for _, p := range targets {
		if _, why := r.ScriptDeps(p); why != "" {
			return why
		}
	}
	return ""
}

func targetPaths(a agentcfg.AutoRun) []string {
	out := make([]string, 0, len(a.Targets)+1)
	for _, t := range a.Targets {
		out = append(out, t.Path)
	}
	return append(out, cmdKey(a.Command))
}

// rootMark stands for the project folder in paths the shell reading
// builds: "/\x01root/x" is the project's file x.
const rootMark = "/\x01root"

// scriptRefs returns the references of the script at p (read from f);
// top is the script the hook runs ($0 while p is sourced).
func scriptRefs(p, top string, f *discover.File) []depRef {
	text := scriptText(f)
	dir := path.Dir(p)
	var out []depRef
	first, _, _ := strings.Cut(text, "\n")
	if strings.HasPrefix(first, "#!") {
		out = append(out, shebangRefs(first, dir)...)
	}
	lang := scriptLang(p, first)
	switch lang {
	case "sh":
		out = append(out, shellRefs(p, top, text)...)
	case "py":
		out = append(out, pythonRefs(dir, text)...)
	case "js":
		out = append(out, nodeRefs(dir, text)...)
	case "rb":
		out = append(out, rubyRefs(dir, text)...)
	case "pl":
		out = append(out, perlRefs(dir, text)...)
	}
	if lang != "sh" && lang != "" {
		out = append(out, scriptLiterals(dir, text)...)
	}
	return out
}

// scriptLang names the language of a script: by its extension, else by
// its #! line.
func scriptLang(p, first string) string {
	if path.Base(p) == ".envrc" {
		return "sh" // direnv runs it with bash
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".sh", ".bash", ".zsh", ".ksh", ".dash":
		return "sh"
	case ".py":
		return "py"
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return "js"
	case ".rb":
		return "rb"
	case ".pl", ".pm":
		return "pl"
	}
	if !strings.HasPrefix(first, "#!") {
		return ""
	}
	switch {
	case strings.Contains(first, "python"):
		return "py"
	case strings.Contains(first, "node") || strings.Contains(first, "deno") || strings.Contains(first, "bun") || strings.Contains(first, "tsx"):
		return "js"
	case strings.Contains(first, "ruby"):
		return "rb"
	case strings.Contains(first, "perl"):
		return "pl"
	case strings.Contains(first, "sh"):
		return "sh"
	}
	return ""
}

// inTree turns a path relative to dir into a project path, or reports that
// it leaves the project.
func inTree(dir, rel string) (string, bool) {
	c := path.Clean(path.Join(dir, rel))
	if c == "." || c == ".." || strings.HasPrefix(c, "../") || path.IsAbs(c) {
		return "", false
	}
	return c, true
}

// relCands are the project files a relative path may name: from the
// project folder (where hooks run) and from the script's own folder.
func relCands(dir, rel string) ([]string, bool) {
	var out []string
	for _, base := range []string{".", dir} {
		if c, ok := inTree(base, rel); ok && c != "." {
			if len(out) == 0 || out[0] != c {
				out = append(out, c)
			}
		}
	}
	return out, len(out) > 0
}

// ---- #! ----

// shebangRefs reads a #! line: a project file named as the interpreter
// (#!./tools/py, #!/usr/bin/env ./bin/x) or handed to it as an operand
// (#!/usr/bin/env -S bash tools/runner.sh).
func shebangRefs(line, dir string) []depRef {
	words := strings.Fields(strings.TrimPrefix(line, "#!"))
	if len(words) == 0 {
		return nil
	}
	if path.Base(words[0]) == "env" {
		words = envOperands(words[1:])
	}
	var out []depRef
	for i, w := range words {
		if strings.HasPrefix(w, "-") || strings.ContainsAny(w, "$`*?[") {
			continue
		}
		if strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") {
			if i == 0 && !systemPath(w) {
				out = append(out, depRef{line: 1, outside: w})
			}
			continue
		}
		if i > 0 && !strings.Contains(w, "/") && !shellcmd.ScriptExts[path.Ext(w)] {
			continue // an interpreter's plain word (python3, bash)
		}
		if i == 0 && !strings.Contains(w, "/") {
			continue // #!python: looked up by the kernel? never; not a file here
		}
		if c, ok := relCands(dir, w); ok {
			out = append(out, depRef{line: 1, cands: c})
		} else {
			out = append(out, depRef{line: 1, outside: w})
		}
	}
	return out
}

// envOperands drops env's options and assignments: what is left is the
// program and its arguments.
func envOperands(words []string) []string {
	for len(words) > 0 {
		w := words[0]
		switch {
		case w == "-S" || w == "--split-string" || w == "-i" || w == "--ignore-environment" || w == "--":
			words = words[1:]
		case strings.HasPrefix(w, "-S") && len(w) > 2:
			words = append([]string{w[2:]}, words[1:]...)
		case (w == "-u" || w == "--unset" || w == "-C" || w == "--chdir") && len(words) > 1:
			words = words[2:]
		case strings.HasPrefix(w, "-"), strings.Contains(w, "=") && !strings.Contains(w, "/"):
			words = words[1:]
		default:
			return words
		}
	}
	return words
}

// systemPath is an interpreter installed on the system, not a project's.
func systemPath(w string) bool {
	for _, p := range []string{"/bin/", "/usr/", "/sbin/", "/opt/", "/nix/", "/etc/", "/lib", "/System/"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// localSpec is a package spec npm reads from a folder (./x, /x, ~/x,
// file:x), not from a registry or git (@scope/x, user/repo: fetch.go).
func localSpec(v string) bool {
	return strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "file:")
}

// ---- shell ----

// shellRefs reads the files a shell script sources (. or source) and the
// project scripts it runs.
func shellRefs(p, top, text string) []depRef { return shellRefsIn(p, top, text, ".") }

// shellRefsIn is shellRefs for commands run in the folder cwd (a make
// recipe runs in its makefile's folder).
func shellRefsIn(p, top, text, cwd string) []depRef {
	if len(text) > 4<<20 {
		text = text[:4<<20]
	}
	dir := path.Dir(p)
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	file, err := parser.Parse(strings.NewReader(text), "")
	if err != nil {
		return shellRefsByLine(dir, text)
	}
	env := &shEnv{self: rootMark + "/" + p, top: rootMark + "/" + top, vars: map[string]string{}, cwds: []string{cwd}}
	// Assignments anywhere (DIR=..., export DIR=...), in order: a name
	// given two different values is not certain.
	syntax.Walk(file, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			env.assign(x)
		}
		return true
	})
	var out []depRef
	syntax.Walk(file, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) < 2 {
			return true
		}
		name, lit := env.word(c.Args[0])
		if !lit || (name != "." && name != "source") {
			return true
		}
		line := int(c.Args[0].Pos().Line())
		v, ok := env.word(c.Args[1])
		if !ok {
			out = append(out, depRef{line: line, dynamic: printWord(c.Args[1])})
			return true
		}
		out = append(out, sourceRef(line, dir, v))
		if rel := strings.TrimPrefix(strings.TrimPrefix(v, rootMark), "/"); path.Base(rel) == "activate" && path.Base(path.Dir(rel)) == "bin" {
			// A virtualenv's activate script: the python it puts first on
			// PATH runs the virtualenv's start-up files.
			if !strings.HasPrefix(v, "/") || strings.HasPrefix(v, rootMark) {
				base := dir
				if strings.HasPrefix(v, rootMark) {
					base = "."
				}
				roots, _ := relCands(base, path.Dir(path.Dir(rel)))
				for _, root := range roots {
					out = append(out, venvRefs(root, line)...)
				}
			}
		}
		return true
	})
	out = append(out, env.loaderRefs(file, p, top, dir)...)
	// The project scripts it runs (bash x.sh, ./x, python3 y.py): read by
	// the same parser that finds a hook's own script.
	for _, s := range shellcmd.Scripts(text, nil) {
		if c, ok := inTree(cwd, s.Path); ok {
			out = append(out, depRef{line: lineOf(text, s.Path), cands: []string{c}})
		}
	}
	return out
}

// sourceRef resolves the evaluated operand v of . or source.
func sourceRef(line int, dir, v string) depRef {
	switch {
	case v == rootMark || strings.HasPrefix(v, rootMark+"/"):
		rel := strings.TrimPrefix(strings.TrimPrefix(v, rootMark), "/")
		if c, ok := inTree(".", rel); ok && c != "." {
			return depRef{line: line, cands: []string{c}}
		}
		return depRef{line: line, outside: strings.ReplaceAll(v, rootMark, "$PROJECT")}
	case strings.Contains(v, rootMark):
		return depRef{line: line, dynamic: strings.ReplaceAll(v, rootMark, "$PROJECT")}
	case strings.HasPrefix(v, "/dev/") || strings.HasPrefix(v, "/proc/"):
		// /dev/fd/3, /dev/stdin, /proc/self/fd/N: whatever was opened on
		// it at run time.
		return depRef{line: line, dynamic: v}
	case strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~"):
		return depRef{line: line, outside: v}
	}
	if c, ok := relCands(dir, v); ok {
		return depRef{line: line, cands: c}
	}
	return depRef{line: line, outside: v}
}

var reSourceLine = regexp.MustCompile(`(?m)^[ \t]*(?:\.|source)[ \t]+("[^"\n]*"|'[^'\n]*'|[^ \t\n;&|]+)`)

// shellRefsByLine reads . and source lines of a script the parser could
// not read (zsh syntax, a fragment): a literal operand is followed, any
// other fails closed.
func shellRefsByLine(dir, text string) []depRef {
	var out []depRef
	for _, m := range reSourceLine.FindAllStringSubmatchIndex(text, -1) {
		w := text[m[2]:m[3]]
		line := strings.Count(text[:m[0]], "\n") + 1
		if len(w) >= 2 && (w[0] == '"' || w[0] == '\'') {
			w = w[1 : len(w)-1]
		}
		if strings.ContainsAny(w, "$`*?[{(") {
			out = append(out, depRef{line: line, dynamic: w})
			continue
		}
		out = append(out, sourceRef(line, dir, w))
	}
	return out
}

func lineOf(text, s string) int {
	if i := strings.Index(text, s); i >= 0 {
		return strings.Count(text[:i], "\n") + 1
	}
	return 1
}

func printWord(w *syntax.Word) string {
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, w); err != nil {
		return "?"
	}
	return b.String()
}

// shEnv evaluates shell words statically: literals, quotes, the script's
// own path ($0, $BASH_SOURCE), the project-folder variables, variables the
// script assigns once, and the substitutions the usual "folder of this
// script" idioms use (dirname, pwd, cd X && pwd, realpath, readlink -f).
type shEnv struct {
	self, top string
	vars      map[string]string // "" value with unknown[name]: not certain
	unknown   map[string]bool
	depth     int
	dbl       int // inside double quotes
	// cwds are the folders a runner may start in: the folder the line
	// runs in, and every folder a cd or pushd of it moves to (a subshell's
	// cd is not told apart, so every one is read). "\x00" + v: a folder
	// out of the tree or not known.
	cwds []string
	cur  string // the one being read by runnerLoads
}

func (e *shEnv) assign(a *syntax.Assign) {
	if a.Name == nil || a.Append || a.Index != nil || a.Array != nil {
		if a.Name != nil {
			e.forget(a.Name.Value)
		}
		return
	}
	name := a.Name.Value
	if a.Value == nil {
		e.forget(name)
		return
	}
	v, ok := e.word(a.Value)
	if !ok {
		e.forget(name)
		return
	}
	if old, had := e.vars[name]; had && old != v {
		e.forget(name)
		return
	}
	if e.unknown[name] {
		return
	}
	e.vars[name] = v
}

func (e *shEnv) forget(name string) {
	if e.unknown == nil {
		e.unknown = map[string]bool{}
	}
	e.unknown[name] = true
	delete(e.vars, name)
}

// projectDirVars are the variables agents set to the project folder.
var projectDirVars = map[string]bool{"CLAUDE_PROJECT_DIR": true, "GEMINI_PROJECT_DIR": true, "CURSOR_PROJECT_DIR": true, "PWD": true}

func (e *shEnv) word(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	return e.parts(w.Parts)
}

func (e *shEnv) parts(ps []syntax.WordPart) (string, bool) {
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > 16 {
		return "", false
	}
	var b strings.Builder
	for _, p := range ps {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescapeLit(x.Value, e.dbl > 0))
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			e.dbl++
			v, ok := e.parts(x.Parts)
			e.dbl--
			if !ok {
				return "", false
			}
			b.WriteString(v)
		case *syntax.ParamExp:
			v, ok := e.param(x)
			if !ok {
				return "", false
			}
			b.WriteString(v)
		case *syntax.CmdSubst:
			v, ok := e.subst(x.Stmts)
			if !ok {
				return "", false
			}
			b.WriteString(v)
		default:
			return "", false
		}
	}
	return b.String(), true
}

func (e *shEnv) param(x *syntax.ParamExp) (string, bool) {
	if x.Param == nil || x.Excl || x.Length || x.Width || x.Slice != nil || x.Repl != nil || x.Names != 0 {
		return "", false
	}
	name := x.Param.Value
	if x.Index != nil {
		// ${BASH_SOURCE[0]} only.
		idx, ok := x.Index.(*syntax.Word)
		if !ok || name != "BASH_SOURCE" {
			return "", false
		}
		if v, ok := e.word(idx); !ok || v != "0" {
			return "", false
		}
	}
	if x.Exp != nil {
		// ${X:-default} and kin: the value depends on the environment.
		return "", false
	}
	switch {
	case name == "0":
		return e.top, true
	case name == "BASH_SOURCE":
		return e.self, true
	case projectDirVars[name]:
		return rootMark, true
	case name == "HOME":
		return "~", true
	}
	if e.unknown[name] {
		return "", false
	}
	v, ok := e.vars[name]
	return v, ok
}

// subst evaluates $(...) of the idioms that name a folder.
func (e *shEnv) subst(stmts []*syntax.Stmt) (string, bool) {
	cwd := rootMark
	var last string
	have := false
	var run func(st *syntax.Stmt) bool
	run = func(st *syntax.Stmt) bool {
		if st == nil || st.Negated || st.Background {
			return false
		}
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			if c.Op != syntax.AndStmt {
				return false
			}
			return run(c.X) && run(c.Y)
		case *syntax.CallExpr:
			if len(c.Assigns) > 0 || len(c.Args) == 0 {
				return false
			}
			words := make([]string, 0, len(c.Args))
			for _, a := range c.Args {
				v, ok := e.word(a)
				if !ok {
					return false
				}
				words = append(words, v)
			}
			abs := func(v string) string {
				if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") {
					return path.Clean(v)
				}
				return path.Join(cwd, v)
			}
			switch words[0] {
			case "cd", "pushd":
				if len(words) == 2 {
					cwd = abs(words[1])
					return true
				}
				if len(words) == 3 && (words[1] == "-P" || words[1] == "-L") {
					cwd = abs(words[2])
					return true
				}
			case "pwd":
				last, have = cwd, true
				return true
			case "git":
				// git rev-parse --show-toplevel: the project folder (a hook
				// runs in the repository it was scanned in).
				if len(words) == 3 && words[1] == "rev-parse" && words[2] == "--show-toplevel" {
					last, have = rootMark, true
					return true
				}
			case "dirname":
				if len(words) == 2 {
					last, have = path.Dir(words[1]), true
					return true
				}
			case "realpath", "readlink":
				if len(words) >= 2 && (words[0] == "realpath" || words[1] == "-f" || words[1] == "-e" || words[1] == "-m") {
					last, have = abs(words[len(words)-1]), true
					return true
				}
			}
		}
		return false
	}
	for _, st := range stmts {
		if !run(st) {
			return "", false
		}
	}
	return last, have
}

// ---- Python ----

var (
	rePyDyn     = regexp.MustCompile(`\b(?:import_module|__import__|run_path|run_module)\(\s*([^)\n]*)`)
	rePyLitArg  = regexp.MustCompile(`^(['"])([\w.]+)(['"])\s*$`)
	rePyLitPath = regexp.MustCompile(`^(['"])([^'"\n]+)(['"])\s*$`)
	// exec or compile of a file's text: exec(open("x.py").read()).
	rePyExec     = regexp.MustCompile(`(?:^|[^.\w])(?:exec|compile)\(\s*([^\n]*)`)
	rePyOpenLit  = regexp.MustCompile(`^open\(\s*(['"])([^'"\n]+)(['"])`)
	rePyStrStart = regexp.MustCompile(`^[rbfu]{0,2}['"]`)
	// sys.path.insert(0, "lib") / sys.path.append("lib").
	rePySysPath = regexp.MustCompile(`\bsys\.path\.(?:insert\(\s*[^,\n]*,|append\(|extend\(\[?)\s*([^)\n]*)`)
)

// pyPathBases are the folders a script adds to sys.path with a literal
// (relative to the project folder, where hooks run, and to the script's
// folder); an addition that is neither a literal nor the script's own
// folder fails closed.
func pyPathBases(dir, text string) ([]string, []depRef) {
	var bases []string
	var dyn []depRef
	if !strings.Contains(text, "sys.path") {
		return nil, nil
	}
	for _, m := range rePySysPath.FindAllStringSubmatchIndex(text, -1) {
		line := strings.Count(text[:m[0]], "\n") + 1
		arg := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[m[2]:m[3]]), "]"))
		if a := rePyLitPath.FindStringSubmatch(arg); a != nil && a[1] == a[3] {
			bases = append(bases, a[2])
			if c, ok := inTree(dir, a[2]); ok {
				bases = append(bases, c)
			}
			continue
		}
		if strings.Contains(arg, "__file__") && !strings.ContainsAny(arg, "'\"") {
			continue // the script's own folder (or its parent chain): searched already
		}
		if strings.Contains(arg, "__file__") {
			if q := regexp.MustCompile(`(['"])([\w./-]+)(['"])`).FindStringSubmatch(arg); q != nil && !strings.Contains(arg, "..") {
				if c, ok := inTree(dir, q[2]); ok {
					bases = append(bases, c)
					continue
				}
			}
		}
		dyn = append(dyn, depRef{line: line, dynamic: text[m[0]:m[1]]})
	}
	return bases, dyn
}

// pythonRefs reads import lines: a module found beside the script or in
// the project (Python puts the script's folder first on sys.path; tools
// often run from the project folder) is a dependency. Lines are read as
// written, one at a time (a parenthesised from-import may span lines).
func pythonRefs(dir, text string) []depRef {
	extra, out := pyPathBases(dir, text)
	bases := append([]string{".", dir}, extra...)
	n := 0
	for rest := text; len(rest) > 0; {
		var l string
		l, rest, _ = strings.Cut(rest, "\n")
		n++
		t := strings.TrimLeft(l, " \t")
		switch {
		case strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "import\t"):
			mods, _, _ := strings.Cut(t[len("import "):], "#")
			mods, _, _ = strings.Cut(mods, ";")
			for mod := range strings.SplitSeq(mods, ",") {
				mod = strings.TrimSpace(mod)
				if i := strings.IndexAny(mod, " \t"); i >= 0 {
					mod = mod[:i] // "x as y"
				}
				if pyName(mod) {
					out = append(out, depRef{line: n, cands: pyModule(bases, mod, nil)})
				}
			}
		case strings.HasPrefix(t, "from ") || strings.HasPrefix(t, "from\t"):
			spec, names, ok := strings.Cut(t[len("from "):], " import")
			if !ok {
				continue
			}
			spec = strings.TrimSpace(spec)
			mod := strings.TrimLeft(spec, ".")
			dots := len(spec) - len(mod)
			if mod != "" && !pyName(mod) {
				continue
			}
			names, _, _ = strings.Cut(names, "#")
			line := n
			if i := strings.IndexByte(names, '('); i >= 0 && !strings.Contains(names, ")") {
				// from x import (a,\n b): the names run on to ')'.
				more, after, _ := strings.Cut(rest, ")")
				names += more
				n += strings.Count(more, "\n")
				rest = after
			}
			var list []string
			for nm := range strings.SplitSeq(strings.Trim(strings.TrimSpace(names), "()"), ",") {
				nm = strings.TrimSpace(nm)
				if i := strings.IndexAny(nm, " \t\n"); i >= 0 {
					nm = nm[:i]
				}
				if pyName(nm) {
					list = append(list, nm)
				}
			}
			from := bases
			if dots > 0 {
				d := dir
				for range dots - 1 {
					d = path.Dir(d)
				}
				from = []string{d}
			}
			out = append(out, depRef{line: line, cands: pyModule(from, mod, list)})
		}
	}
	if strings.Contains(text, "import_module") || strings.Contains(text, "__import__") || strings.Contains(text, "run_path") || strings.Contains(text, "run_module") {
		for _, m := range rePyDyn.FindAllStringSubmatchIndex(text, -1) {
			line := strings.Count(text[:m[0]], "\n") + 1
			arg := strings.TrimSpace(text[m[2]:m[3]])
			if a := rePyLitPath.FindStringSubmatch(arg); a != nil && a[1] == a[3] && strings.Contains(text[m[0]:m[1]], "run_path") {
				out = append(out, sourceRef(line, dir, a[2]))
				continue
			}
			if a := rePyLitArg.FindStringSubmatch(arg); a != nil && a[1] == a[3] {
				out = append(out, depRef{line: line, cands: pyModule(bases, a[2], nil)})
				continue
			}
			out = append(out, depRef{line: line, dynamic: text[m[0]:m[1]]})
		}
	}
	if strings.Contains(text, "exec(") || strings.Contains(text, "compile(") {
		for _, m := range rePyExec.FindAllStringSubmatchIndex(text, -1) {
			line := strings.Count(text[:m[0]], "\n") + 1
			arg := strings.TrimSpace(text[m[2]:m[3]])
			if a := rePyOpenLit.FindStringSubmatch(arg); a != nil && a[1] == a[3] {
				out = append(out, sourceRef(line, dir, a[2]))
				continue
			}
			if rePyStrStart.MatchString(arg) || arg == "" {
				continue // code written in the script itself
			}
			out = append(out, depRef{line: line, dynamic: clip(text[m[0]:m[1]], 80)})
		}
	}
	return out
}

// pyName: a dotted Python name.
func pyName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !(c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// pyModule lists the files module mod (dotted, "" for the package itself
// of a relative import) may be under each base: its packages' __init__.py,
// mod.py or mod/__init__.py, and for from-imports each name as a
// submodule.
func pyModule(bases []string, mod string, names []string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if c, ok := inTree(".", p); ok && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	parts := []string{}
	if mod != "" {
		parts = strings.Split(mod, ".")
	}
	for _, base := range bases {
		if base == "" {
			base = "."
		}
		for i := 1; i < len(parts); i++ {
			add(path.Join(base, path.Join(parts[:i]...), "__init__.py"))
		}
		if len(parts) > 0 {
			full := path.Join(base, path.Join(parts...))
			add(full + ".py")
			add(path.Join(full, "__init__.py"))
		}
		for _, n := range names {
			add(path.Join(base, path.Join(parts...), n+".py"))
		}
	}
	return out
}

// ---- Node ----

var (
	reNodeReq     = regexp.MustCompile(`\brequire\(\s*([^)\n]*)\)`)
	reNodeImport  = regexp.MustCompile(`(?:^|[;\s}])(?:import|export|from)\b[^'"\n;]*?(?:from\s*)?(['"])(\.{1,2}/[^'"\n]+)(['"])`)
	reNodeDynImp  = regexp.MustCompile(`\bimport\(\s*([^)\n]*)\)`)
	reNodeLitRel  = regexp.MustCompile(`^(['"` + "`" + `])(\.{1,2}/[^'"` + "`" + `]+)(['"` + "`" + `])$`)
	reNodeLitPkg  = regexp.MustCompile(`^(['"])[@\w][\w@/.:-]*(['"])$`)
	reNodeEval    = regexp.MustCompile(`(?:(?:^|[^.\w])(?:eval|Function)|\b(?:runInThisContext|runInNewContext|runInContext|compileFunction))\(\s*([^\n]*)`)
	reNodeReadLit = regexp.MustCompile(`^(?:\w+\.)?readFileSync\(\s*(['"` + "`" + `])([^'"` + "`" + `\n]+)(['"` + "`" + `])`)
)

// nodeRefs reads require() and import of relative files: those resolve in
// the project; a package name is node_modules' business.
func nodeRefs(dir, text string) []depRef {
	var out []depRef
	line := func(off int) int { return strings.Count(text[:off], "\n") + 1 }
	call := func(re *regexp.Regexp) {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			arg := strings.TrimSpace(text[m[2]:m[3]])
			if a := reNodeLitRel.FindStringSubmatch(arg); a != nil && a[1] == a[3] && !strings.Contains(a[2], "${") {
				out = append(out, nodeRef(line(m[0]), dir, a[2]))
				continue
			}
			if reNodeLitPkg.MatchString(arg) {
				continue
			}
			out = append(out, depRef{line: line(m[0]), dynamic: text[m[0]:m[1]]})
		}
	}
	if strings.Contains(text, "require(") {
		call(reNodeReq)
	}
	// A file's text run as code: eval(fs.readFileSync('./x.js')),
	// new Function(...), vm.runInThisContext(...). A literal file is
	// followed; any other argument but a string written in the script
	// fails closed.
	for _, m := range reNodeEval.FindAllStringSubmatchIndex(text, -1) {
		arg := strings.TrimSpace(text[m[2]:m[3]])
		if a := reNodeReadLit.FindStringSubmatch(arg); a != nil && a[1] == a[3] && !strings.Contains(a[2], "${") {
			out = append(out, sourceRef(line(m[0]), dir, a[2]))
			continue
		}
		if arg == "" || arg[0] == '\'' || arg[0] == '"' || arg[0] == '`' && !strings.Contains(arg, "${") {
			continue
		}
		out = append(out, depRef{line: line(m[0]), dynamic: clip(text[m[0]:m[1]], 80)})
	}
	if !strings.Contains(text, "import") && !strings.Contains(text, "export") {
		return out
	}
	call(reNodeDynImp)
	// Static imports: lines that start with import or export (a
	// multi-line import ends on its "from '...'" line, read as written).
	n := 0
	for rest := text; len(rest) > 0; {
		var l string
		l, rest, _ = strings.Cut(rest, "\n")
		n++
		t := strings.TrimLeft(l, " \t")
		if !strings.HasPrefix(t, "import") && !strings.HasPrefix(t, "export") && !strings.HasPrefix(t, "}") {
			continue
		}
		if !strings.Contains(t, "./") {
			continue
		}
		for _, m := range reNodeImport.FindAllStringSubmatchIndex(" "+t, -1) {
			u := " " + t
			if u[m[2]:m[3]] != u[m[6]:m[7]] {
				continue
			}
			out = append(out, nodeRef(n, dir, u[m[4]:m[5]]))
		}
	}
	return out
}

func nodeRef(line int, dir, spec string) depRef {
	if c := nodeCands(dir, spec); c != nil {
		return depRef{line: line, cands: c}
	}
	return depRef{line: line, outside: spec}
}

// nodeCands are the files Node tries for a relative specifier.
func nodeCands(dir, spec string) []string {
	base, ok := inTree(dir, spec)
	if !ok {
		if path.Clean(path.Join(dir, spec)) == "." {
			return []string{"index.js"} // require('./') at the top
		}
		return nil
	}
	var out []string
	if path.Ext(base) != "" {
		out = append(out, base)
	}
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".json"} {
		out = append(out, base+ext)
	}
	return append(out, base+"/index.js")
}

// ---- shell: files read into an interpreter ----

// shInterp are the commands that run what they read: a file handed to one
// on stdin, through $(cat x) or $(< x), is code as much as a sourced file.
var shInterp = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "eval": true, "source": true, ".": true,
	"python": true, "python3": true, "node": true, "perl": true, "ruby": true, "deno": true, "bun": true, "php": true, "lua": true,
}

// shStdin are the shells that run their standard input as a script.
var shStdin = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "mksh": true, "ash": true}

var (
	reShellVar = regexp.MustCompile(`^"?\$\{?(SHELL|BASH)(:?[-=][^}]*)?\}?"?$`)
	reLookup   = regexp.MustCompile("^\"?(?:\\$\\(|`)(?:which|command -v|type -P|type -p) ([\\w.+-]+)(?:\\)|`)\"?$")
)

// callName is the command a call runs, past exec, command, env and
// assignments, and the index of its first argument.
func (e *shEnv) callName(c *syntax.CallExpr) (string, int) {
	words := make([]string, len(c.Args))
	for i, a := range c.Args {
		v, ok := e.word(a)
		if !ok {
			v = "\x00"
			if pw := printWord(a); shellVar(pw) || reShellVar.MatchString(pw) {
				v = "sh" // $SHELL -c '…', ${SHELL:-sh} -c '…'
			} else if m := reLookup.FindStringSubmatch(pw); m != nil {
				v = m[1] // $(which make) lint
			} else if i > 0 && slices.Contains(words[:i], "env") && e.fileSubst(a, ".") {
				v = "\x01ENV=" // env $(cat .env) make lint: assignments (envfiles.go)
			}
		}
		words[i] = v
	}
	// Past wrappers (env, nice, timeout 30, sudo -u x, xargs, …): the
	// command they run is read as if it were first on the line; one that
	// runs a string runs it as a shell line ("\x00code").
	if i, code := unwrap(words); i >= 0 && i < len(words) {
		if code {
			return "\x00code", i
		}
		v := words[i]
		if v == "\x00" {
			return "", 0
		}
		if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, ".") {
			v = path.Base(v)
		} else if systemPath(v) {
			v = path.Base(v)
		}
		if reVersionedPython.MatchString(v) {
			v = "python3" // python3.12, python3.12.exe
		}
		return v, i + 1
	}
	if len(c.Args) == 0 {
		return "", 0
	}
	v, ok := e.word(c.Args[0])
	if !ok {
		return "", 0
	}
	if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, ".") {
		v = path.Base(v)
	} else if systemPath(v) {
		v = path.Base(v)
	}
	return v, 1
}

// fileRef resolves a word that names a file a command loads: a literal is
// followed, anything else fails closed.
func (e *shEnv) fileRef(w *syntax.Word, dir string) depRef {
	line := int(w.Pos().Line())
	v, ok := e.word(w)
	if !ok {
		return depRef{line: line, dynamic: printWord(w)}
	}
	return sourceRef(line, dir, v)
}

// readsOf are the files a statement reads as text: cat's operands and
// its input redirections (`cat x`, `< x`, `$(< x)`).
func (e *shEnv) readsOf(st *syntax.Stmt, dir string) []depRef {
	var out []depRef
	for _, r := range st.Redirs {
		if r.Op == syntax.RdrIn && r.Word != nil {
			out = append(out, e.fileRef(r.Word, dir))
		}
	}
	if c, ok := st.Cmd.(*syntax.CallExpr); ok {
		if name, i := e.callName(c); name == "cat" || name == "head" || name == "tail" || name == "tee" {
			for _, a := range c.Args[i:] {
				if v, ok := e.word(a); ok && strings.HasPrefix(v, "-") {
					continue
				}
				out = append(out, e.fileRef(a, dir))
			}
		}
	}
	return out
}

// substReads are the files read by the $(...) in a word.
func (e *shEnv) substReads(w *syntax.Word, dir string) []depRef {
	var out []depRef
	syntax.Walk(w, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			for _, st := range x.Stmts {
				out = append(out, e.readsOf(st, dir)...)
			}
		case *syntax.ProcSubst:
			for _, st := range x.Stmts {
				out = append(out, e.readsOf(st, dir)...)
			}
		}
		return true
	})
	return out
}

// loaderRefs reads the other ways a shell script loads a project file:
// its text run by an interpreter (eval "$(cat x)", bash -c "$(< x)",
// bash < x, cat x | sh), BASH_ENV and ENV, an interpreter's preload and
// module options (node -r, python3 -m, python3 -c, perl -I -M, ruby -r),
// make's makefile and npm's package.json. A project package folder run by
// npx fails closed: what it runs is named in its package.json at run time.
func (e *shEnv) loaderRefs(file *syntax.File, p, top, dir string) []depRef {
	var out []depRef
	syntax.Walk(file, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && x.Value != nil {
				out = append(out, e.envLoads(x.Name.Value, x.Value, dir)...)
			}
		case *syntax.BinaryCmd:
			if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
				if c, ok := x.Y.Cmd.(*syntax.CallExpr); ok {
					if name, _ := e.callName(c); shInterp[name] {
						out = append(out, e.readsOf(x.X, dir)...)
						if shStdin[name] {
							// echo 'make lint' | sh: the text echoed is the script.
							if ec, ok := x.X.Cmd.(*syntax.CallExpr); ok {
								if en, i := e.callName(ec); en == "echo" || en == "printf" {
									var parts []string
									known := true
									for _, a := range ec.Args[i:] {
										v, ok := e.word(a)
										if !ok {
											known = false
											break
										}
										if en == "echo" && strings.HasPrefix(v, "-") && len(parts) == 0 {
											continue
										}
										parts = append(parts, strings.ReplaceAll(v, `\n`, "\n"))
									}
									if known {
										out = append(out, shellRefs(p, top, strings.Join(parts, " "))...)
									} else {
										out = append(out, depRef{line: int(ec.Pos().Line()), dynamic: "a script piped into " + name})
									}
								}
							}
						}
					}
				}
			}
		case *syntax.Stmt:
			c, ok := x.Cmd.(*syntax.CallExpr)
			if !ok {
				return true
			}
			name, i := e.callName(c)
			if name == "" {
				return true
			}
			if name == "cd" || name == "pushd" {
				e.chdir(c.Args[i:])
				return true
			}
			// env -C dir, sudo -D dir, --chdir=dir, --working-directory=dir:
			// a wrapper that starts the command in another folder.
			for k := 0; k+1 < i; k++ {
				v, _ := e.word(c.Args[k])
				switch {
				case v == "-C" && k > 0 || v == "-D" || v == "--chdir" || v == "--working-directory":
					e.chdir(c.Args[k+1 : k+2])
				case strings.HasPrefix(v, "--chdir=") || strings.HasPrefix(v, "--working-directory="):
					_, d, _ := strings.Cut(v, "=")
					e.chdir([]*syntax.Word{{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: d}}}})
				}
			}
			if shInterp[name] {
				for _, r := range x.Redirs {
					if r.Op == syntax.RdrIn && r.Word != nil {
						out = append(out, e.fileRef(r.Word, dir))
					}
					if shStdin[name] {
						// sh <<< 'make lint', bash -s <<'E' … E: the text is
						// the shell's script.
						w := r.Word
						if r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc {
							w = r.Hdoc
						}
						if r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc {
							if code, ok := e.word(w); ok {
								out = append(out, shellRefs(p, top, code)...)
							} else if w != nil {
								out = append(out, depRef{line: int(w.Pos().Line()), dynamic: "a script given on stdin: " + clip(printWord(w), 40)})
							}
						}
					}
				}
				for _, a := range c.Args[i:] {
					out = append(out, e.substReads(a, dir)...)
				}
			}
			out = append(out, e.commandLoads(name, c.Args[i:], p, top, dir)...)
			out = append(out, e.runnerLoads(name, c.Args[i:], int(c.Args[i-1].Pos().Line()), dir)...)
			out = append(out, e.programRefs(c)...)
			out = append(out, e.envFileLoads(c, dir)...)
			out = append(out, e.wrappedRefs(c)...)
		case *syntax.DeclClause:
			// export $(cat .env | xargs): the file's assignments (envfiles.go).
			for _, a := range x.Args {
				if a.Naked && a.Name == nil && a.Value != nil {
					out = append(out, e.envSubstReads(a.Value, dir)...)
				}
			}
		}
		return true
	})
	return out
}

// envLoads reads a variable that makes a program load a file: a shell's
// start-up file, git's configuration (aliases run commands), a preload,
// Node's options; a module search path other than the project folder
// fails closed (which file an import then loads is decided at run time).
func (e *shEnv) envLoads(name string, w *syntax.Word, dir string) []depRef {
	line := int(w.Pos().Line())
	switch name {
	case "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL", "npm_config_node_options", "NPM_CONFIG_NODE_OPTIONS",
		"npm_config_userconfig", "NPM_CONFIG_USERCONFIG", "npm_config_globalconfig", "NPM_CONFIG_GLOBALCONFIG", "YARN_YARN_PATH", "YARN_RC_FILENAME":
		v, ok := e.word(w)
		if !ok {
			return []depRef{{line: line, dynamic: name + "=" + printWord(w)}}
		}
		key := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(name), "npm_config_"), "yarn_")
		if key == "rc-filename" || key == "rc_filename" {
			return []depRef{{line: line, dynamic: name + "=" + v + " (another yarn configuration file)"}}
		}
		return npmSettingRefs(key, v, line)
	case "MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS":
		v, ok := e.word(w)
		if !ok {
			return []depRef{{line: line, dynamic: name + "=" + printWord(w)}}
		}
		for f := range strings.FieldsSeq(v) {
			if makeFlagsMove(f) {
				return []depRef{{line: line, dynamic: name + "=" + v + " (moves which files make reads)"}}
			}
		}
	case "BASH_ENV", "ENV", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG", "LD_PRELOAD", "ZDOTDIR", "MAKEFILES":
		v, ok := e.word(w)
		if !ok {
			return []depRef{{line: line, dynamic: name + "=" + printWord(w)}}
		}
		if v == "" || v == "/dev/null" {
			return nil
		}
		if name == "ZDOTDIR" {
			v = path.Join(v, ".zshenv")
		}
		var out []depRef
		for f := range strings.FieldsFuncSeq(v, func(r rune) bool { return r == ':' || r == ' ' }) {
			out = append(out, sourceRef(line, dir, f))
		}
		return out
	case "NODE_OPTIONS", "RUBYOPT", "PERL5OPT":
		v, ok := e.word(w)
		if !ok {
			return []depRef{{line: line, dynamic: name + "=" + printWord(w)}}
		}
		words := strings.Fields(v)
		var out []depRef
		for i := 0; i < len(words); i++ {
			wd := words[i]
			switch {
			case (wd == "-r" || wd == "--require" || wd == "--import" || wd == "--loader" || wd == "--experimental-loader") && i+1 < len(words):
				i++
				wd = words[i]
			case strings.HasPrefix(wd, "--require=") || strings.HasPrefix(wd, "--import=") || strings.HasPrefix(wd, "--loader="):
				_, wd, _ = strings.Cut(wd, "=")
			case strings.HasPrefix(wd, "-r") && len(wd) > 2:
				wd = wd[2:]
			case name == "PERL5OPT" && (strings.HasPrefix(wd, "-M") || strings.HasPrefix(wd, "-I")):
				out = append(out, depRef{line: line, dynamic: name + "=" + v})
				continue
			default:
				continue
			}
			if strings.HasPrefix(wd, ".") || strings.Contains(wd, "/") {
				out = append(out, sourceRef(line, dir, wd))
				if name == "RUBYOPT" && path.Ext(wd) != ".rb" {
					out = append(out, sourceRef(line, dir, wd+".rb"))
				}
			}
		}
		return out
	case "PATH":
		// A project folder on PATH: every command the script then runs by
		// name may be a file planted there later.
		for f := range strings.SplitSeq(strings.Trim(printWord(w), `"'`), ":") {
			if e.projectEntry(f) {
				return []depRef{{line: line, dynamic: "PATH=" + printWord(w) + " (a project folder on PATH: which file a command runs is decided at run time)"}}
			}
		}
	case "PYTHONPATH", "NODE_PATH", "PERL5LIB", "PERLLIB", "RUBYLIB":
		v, ok := e.word(w)
		if !ok {
			return []depRef{{line: line, dynamic: name + "=" + printWord(w)}}
		}
		for f := range strings.SplitSeq(v, ":") {
			if f == "" || f == "." || f == "./" || f == rootMark || f == rootMark+"/" {
				continue // the project folder: searched already
			}
			return []depRef{{line: line, dynamic: name + "=" + strings.ReplaceAll(v, rootMark, "$PROJECT") + " (a module search path: which file an import loads is decided at run time)"}}
		}
	}
	return nil
}

var reLeadVar = regexp.MustCompile(`^\$\{?(\w+)\}?`)

// projectEntry reports a PATH entry, as written, that may name a project
// folder: a relative one, one under the project variables or $(pwd), or
// under a variable the script sets to one (or to several values).
func (e *shEnv) projectEntry(f string) bool {
	f = strings.Trim(f, `"'`)
	switch {
	case f == "" || strings.HasPrefix(f, "/") || strings.HasPrefix(f, "~"):
		return false
	case strings.HasPrefix(f, "$("):
		return strings.Contains(f, "pwd") || strings.Contains(f, "dirname")
	}
	m := reLeadVar.FindStringSubmatch(f)
	if m == nil {
		return true // bin, ./bin
	}
	switch name := m[1]; {
	case name == "PATH" || name == "HOME":
		return false
	case projectDirVars[name] || e.unknown[name]:
		return true
	default:
		v, ok := e.vars[name]
		if !ok {
			return false // set outside the script (NVM_DIR, GOPATH)
		}
		return !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") || strings.HasPrefix(v, rootMark)
	}
}

// commandLoads reads the options by which a command loads project files.
func (e *shEnv) commandLoads(name string, args []*syntax.Word, p, top, dir string) []depRef {
	var out []depRef
	lit := func(i int) (string, bool) {
		if i >= len(args) {
			return "", false
		}
		return e.word(args[i])
	}
	line := func(i int) int {
		if i < len(args) {
			return int(args[i].Pos().Line())
		}
		return 1
	}
	pathy := func(v string) bool {
		return strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.Contains(v, "/")
	}
	// option value: "-r x" or "--require=x"
	optVal := func(i int, opts ...string) (int, string, bool, bool) {
		v, ok := lit(i)
		if !ok {
			return i, "", false, false
		}
		for _, o := range opts {
			if v == o {
				if i+1 >= len(args) {
					return i, "", true, false // an option with no value: the command fails
				}
				w, ok := lit(i + 1)
				return i + 1, w, ok, true
			}
			if strings.HasPrefix(o, "--") && strings.HasPrefix(v, o+"=") {
				return i, v[len(o)+1:], true, true
			}
			if !strings.HasPrefix(o, "--") && len(o) == 2 && strings.HasPrefix(v, o) && len(v) > 2 {
				return i, v[2:], true, true
			}
		}
		return i, "", true, false
	}
	switch name {
	case "node", "bun", "deno", "ruby":
		for i := 0; i < len(args); i++ {
			j, v, ok, match := optVal(i, "-r", "--require", "--import", "--loader", "--experimental-loader", "--preload")
			if match {
				i = j
				switch {
				case !ok:
					out = append(out, depRef{line: line(j), dynamic: name + " preload " + printWord(args[j])})
				case pathy(v):
					out = append(out, sourceRef(line(j), dir, v))
					if name == "ruby" && !strings.HasSuffix(v, ".rb") {
						out = append(out, sourceRef(line(j), dir, v+".rb"))
					}
				}
				continue
			}
			sv, ok := lit(i)
			if !ok {
				return out
			}
			if (name == "node" || name == "bun") && (sv == "-e" || sv == "--eval" || sv == "-p" || sv == "--print") {
				if code, ok := lit(i + 1); ok {
					out = append(out, nodeRefs(".", code)...)
				} else if i+1 < len(args) {
					out = append(out, depRef{line: line(i), dynamic: name + " " + sv + " " + printWord(args[i+1])})
				}
				i++
				continue
			}
			if name == "deno" && (sv == "run" || sv == "test") {
				continue
			}
			if !strings.HasPrefix(sv, "-") {
				return out
			}
			if shellcmd.TakesValue(name, sv) {
				i++ // node --env-file .env -r ./x.js y.js: x.js is still a preload
			}
		}
	case "python", "python3":
		for i := 0; i < len(args); i++ {
			v, ok := lit(i)
			if !ok || !strings.HasPrefix(v, "-") {
				return out
			}
			if shellcmd.TakesValue(name, v) {
				i++ // python3 -X dev -m pytest: still python -m pytest
				continue
			}
			switch {
			case v == "-m" || strings.HasPrefix(v, "-m") && len(v) > 2:
				mod := strings.TrimPrefix(v, "-m")
				if mod == "" {
					mod, ok = lit(i + 1)
				}
				if !ok || !pyName(mod) || strings.HasPrefix(mod, ".") || strings.HasSuffix(mod, ".") || strings.Contains(mod, "..") {
					return append(out, depRef{line: line(i), dynamic: "python -m " + mod})
				}
				if why := pyCodeModules[strings.Split(mod, ".")[0]]; why != "" {
					return append(out, depRef{line: line(i), refuse: "`python -m " + mod + "`, " + why + ", so an approval cannot cover it; run it from a script that names what it runs, or leave it to CI"})
				}
				c := pyModule([]string{"."}, mod, nil)
				if m, ok := inTree(".", path.Join(strings.ReplaceAll(mod, ".", "/"), "__main__.py")); ok {
					c = append(c, m)
				}
				return append(out, depRef{line: line(i), cands: c})
			case v == "-c":
				code, ok := lit(i + 1)
				if !ok {
					return append(out, depRef{line: line(i), dynamic: "python -c " + printWord(args[i+min(1, len(args)-1-i)])})
				}
				return append(out, pythonRefs(".", code)...)
			}
		}
	case "perl":
		incs := []string{}
		var mods []string
		for i := 0; i < len(args); i++ {
			v, ok := lit(i)
			if !ok || !strings.HasPrefix(v, "-") {
				break
			}
			switch {
			case v == "-I":
				if w, ok := lit(i + 1); ok {
					incs = append(incs, w)
					i++
				}
			case strings.HasPrefix(v, "-I"):
				incs = append(incs, v[2:])
			case strings.HasPrefix(v, "-M") || strings.HasPrefix(v, "-m"):
				m, _, _ := strings.Cut(strings.TrimPrefix(v[2:], "-"), "=")
				if m != "" {
					mods = append(mods, m)
				}
			case v == "-e" || v == "-E":
				i++
			}
		}
		for _, m := range mods {
			rel := strings.ReplaceAll(m, "::", "/") + ".pm"
			var cands []string
			for _, inc := range incs {
				if c, ok := relCands(".", path.Join(inc, rel)); ok {
					cands = append(cands, c...)
				}
			}
			if len(cands) > 0 {
				out = append(out, depRef{line: line(0), cands: cands})
			}
		}
	case "npm", "pnpm", "yarn":
		// package.json and the scripts run: runnerLoads.
		for i := range args {
			if v, ok := lit(i); ok && (v == "exec" || v == "dlx") {
				if w, ok := lit(i + 1); ok && localSpec(w) {
					out = append(out, depRef{line: line(i), dynamic: name + " " + v + " " + w + " (a project package folder)"})
				}
			}
		}
	case "npx", "bunx", "pnpx":
		for i := range args {
			v, ok := lit(i)
			if !ok || strings.HasPrefix(v, "-") {
				continue
			}
			if localSpec(v) {
				out = append(out, depRef{line: line(i), dynamic: name + " " + v + " (a project package folder runs the file its package.json names)"})
			}
			break // a registry or git spec (@scope/x, user/repo): fetch.go
		}
	case "eval":
		var parts []string
		for i := range args {
			v, ok := lit(i)
			if !ok {
				return out // eval "$(cmd)": read by substReads when cmd reads a file
			}
			parts = append(parts, v)
		}
		out = append(out, shellRefs(p, top, strings.Join(parts, " "))...)
	case "trap":
		if code, ok := lit(0); ok && !strings.HasPrefix(code, "-") {
			out = append(out, shellRefs(p, top, code)...)
		}
	case "git":
		for i := 0; i < len(args); i++ {
			v, ok := lit(i)
			if !ok || !strings.HasPrefix(v, "-") {
				break
			}
			if v == "-c" && i+1 < len(args) {
				i++
				kv, ok := lit(i)
				if !ok {
					out = append(out, depRef{line: line(i), dynamic: "git -c " + printWord(args[i])})
					continue
				}
				k, val, _ := strings.Cut(kv, "=")
				k = strings.ToLower(k)
				if strings.HasPrefix(k, "include") && strings.HasSuffix(k, ".path") {
					out = append(out, sourceRef(line(i), dir, val))
				}
			}
		}
	case "\x00code":
		// A wrapper that runs a string as a shell line (su -c, script -c,
		// flock -c, env -S, nix-shell --run): read it as one.
		if code, ok := lit(0); ok {
			if opt, v, has := strings.Cut(code, "="); has && strings.HasPrefix(opt, "--") && !strings.ContainsAny(opt, " \t") {
				code = v // --command='…'
			}
			out = append(out, shellRefs(p, top, code)...)
		} else if len(args) > 0 {
			out = append(out, depRef{line: line(0), dynamic: "a command given as a string: " + printWord(args[0])})
		}
	case "bash", "sh", "zsh", "dash", "ksh", "fish", "mksh", "ash", "yash", "posh":
		for i := 0; i < len(args); i++ {
			v, ok := lit(i)
			if !ok || !strings.HasPrefix(v, "-") {
				break
			}
			// -c alone or among other one-letter options (-lc, -ec, -xc).
			if v == "-c" || !strings.HasPrefix(v, "--") && strings.Contains(v, "c") && !strings.HasPrefix(v, "-o") {
				if code, ok := lit(i + 1); ok {
					out = append(out, shellRefs(p, top, code)...)
				}
				break
			}
		}
	}
	return out
}

// ---- Ruby and Perl ----

var (
	reRubyLoad = regexp.MustCompile(`(?m)^[ \t]*(require_relative|require|load)\b[ \t(]*([^\n#)]*)`)
	reLitStr   = regexp.MustCompile(`^(['"])([^'"\n]+)(['"])\s*$`)
	rePerlUse  = regexp.MustCompile(`(?m)^[ \t]*(use|require|do)[ \t]+([^;\n]*)`)
)

// rubyRefs reads require_relative, and require or load of a path: a
// literal is followed (require of a gem name is the gem's business), any
// other argument fails closed.
func rubyRefs(dir, text string) []depRef {
	var out []depRef
	for _, m := range reRubyLoad.FindAllStringSubmatchIndex(text, -1) {
		line := strings.Count(text[:m[0]], "\n") + 1
		kw, arg := text[m[2]:m[3]], strings.TrimSpace(text[m[4]:m[5]])
		a := reLitStr.FindStringSubmatch(arg)
		switch {
		case a != nil && a[1] == a[3] && !strings.Contains(a[2], "#{"):
			v := a[2]
			if kw == "require" && !strings.HasPrefix(v, ".") && !strings.HasPrefix(v, "/") {
				continue // a gem or the load path
			}
			if kw == "require_relative" {
				c, ok := inTree(dir, v)
				if !ok {
					out = append(out, depRef{line: line, outside: v})
					continue
				}
				cands := []string{c}
				if path.Ext(c) != ".rb" {
					cands = []string{c + ".rb", c}
				}
				out = append(out, depRef{line: line, cands: cands})
				continue
			}
			out = append(out, sourceRef(line, dir, v))
			if kw == "require" && path.Ext(v) != ".rb" {
				out = append(out, sourceRef(line, dir, v+".rb"))
			}
		case arg == "" || kw == "require" && !strings.ContainsAny(arg[:1], "'\"") && !strings.Contains(arg, "__dir__") && !strings.Contains(arg, "File"):
			// require of a constant-free word (require foo) is not Ruby
		default:
			out = append(out, depRef{line: line, dynamic: clip(text[m[0]:m[1]], 80)})
		}
	}
	return out
}

// perlRefs reads use lib (a literal folder, or one below $FindBin::Bin),
// use and require of a module found there or in lib/, and require or do
// of a literal file; a folder or file named otherwise fails closed.
func perlRefs(dir, text string) []depRef {
	var out []depRef
	incs := []string{"lib", path.Join(dir, "lib")}
	type use struct {
		line int
		mod  string
	}
	var uses []use
	for _, m := range rePerlUse.FindAllStringSubmatchIndex(text, -1) {
		line := strings.Count(text[:m[0]], "\n") + 1
		kw, arg := text[m[2]:m[3]], strings.TrimSpace(text[m[4]:m[5]])
		if kw == "use" && (strings.HasPrefix(arg, "lib ") || strings.HasPrefix(arg, "lib(")) {
			rest := strings.TrimSpace(strings.TrimPrefix(arg, "lib"))
			rest = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(rest, "qw"), "("), ")")
			for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ' ' || r == '(' || r == ')' || r == '\t' }) {
				w = strings.Trim(w, `'"`)
				switch {
				case strings.HasPrefix(w, "$FindBin::Bin") || strings.HasPrefix(w, "$FindBin::RealBin"):
					w = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(w, "$FindBin::RealBin"), "$FindBin::Bin"), "/")
					if c, ok := inTree(dir, w); ok || w == "" {
						if w == "" {
							c = dir
						}
						incs = append(incs, c)
					}
				case strings.ContainsAny(w, "$@`"):
					out = append(out, depRef{line: line, dynamic: clip(arg, 80)})
				case w != "":
					incs = append(incs, w)
					if c, ok := inTree(dir, w); ok {
						incs = append(incs, c)
					}
				}
			}
			continue
		}
		if a := reLitStr.FindStringSubmatch(arg); a != nil && a[1] == a[3] {
			if kw != "use" {
				out = append(out, sourceRef(line, dir, a[2]))
			}
			continue
		}
		mod, _, _ := strings.Cut(arg, " ")
		mod = strings.TrimRight(mod, ";")
		if mod == "" || mod[0] >= 'a' && mod[0] <= 'z' || mod[0] >= '0' && mod[0] <= '9' {
			continue // use strict, use 5.010, pragmas
		}
		if !pyName(strings.ReplaceAll(mod, "::", ".")) {
			if kw != "use" {
				out = append(out, depRef{line: line, dynamic: clip(text[m[0]:m[1]], 80)})
			}
			continue
		}
		uses = append(uses, use{line, mod})
	}
	for _, u := range uses {
		rel := strings.ReplaceAll(u.mod, "::", "/") + ".pm"
		var cands []string
		seen := map[string]bool{}
		for _, inc := range incs {
			if c, ok := inTree(".", path.Join(inc, rel)); ok && !seen[c] {
				seen[c] = true
				cands = append(cands, c)
			}
		}
		out = append(out, depRef{line: u.line, cands: cands})
	}
	return out
}

// scriptLiterals: a Python, Node, Ruby or Perl script that runs a project
// script names it in a string (subprocess.run(["bash", "x.sh"]),
// execSync("node tools/x.js"), system("sh x.sh")); every such name that is
// a project file is pinned (one that is not there is not: a name in a
// string is not a search).
func scriptLiterals(dir, text string) []depRef {
	var out []depRef
	for _, m := range scriptLitIndex(text) {
		if c, ok := relCands(dir, text[m[2]:m[3]]); ok {
			out = append(out, depRef{line: strings.Count(text[:m[0]], "\n") + 1, cands: c, existingOnly: true})
		}
	}
	return out
}

// Byte classes of reScriptLit: the characters of a path ([\w./-]), the
// boundary before one ((?:^|[\s'"`(=,])) and after one
// ((?:$|[\s'"`);,])); \s is RE2's [\t\n\f\r ].
const (
	litPath = 1 << iota
	litBefore
	litAfter
)

var litClass = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = litPath
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = litPath, litPath
	}
	t['_'], t['.'], t['-'], t['/'] = litPath, litPath, litPath, litPath
	for _, c := range "\t\n\f\r '\"`" {
		t[c] = litBefore | litAfter
	}
	t['('], t['='] = litBefore, litBefore
	t[')'], t[';'] = litAfter, litAfter
	t[','] = litBefore | litAfter
	return t
}()

// scriptLitIndex returns what reScriptLit.FindAllStringSubmatchIndex
// returns (whole match and group 1), without the regular expression. A
// match's group is a whole run of path characters, since neither boundary
// is one: so each match is a run that ends in ".ext" before an after
// boundary (or the end), starts after a before boundary the previous match
// did not consume (or at the start), and has the path's shape. Only the
// dots that start an extension are looked at. FuzzScriptLitIndex holds it
// to the expression.
func scriptLitIndex(text string) [][]int {
	var out [][]int
	resume := 0 // the first byte the previous match did not consume
	for i := 0; i < len(text); {
		d := strings.IndexByte(text[i:], '.')
		if d < 0 {
			break
		}
		d += i
		i = d + 1
		end := d + 1 + scriptExtLen(text[d+1:])
		if end == d+1 || end < len(text) && litClass[text[end]]&litAfter == 0 {
			continue
		}
		start := d
		for start > 0 && litClass[text[start-1]]&litPath != 0 {
			start--
		}
		m0 := start
		if start > 0 {
			if litClass[text[start-1]]&litBefore == 0 || start-1 < resume {
				i = end
				continue
			}
			m0 = start - 1
		}
		i = end
		if !scriptLitPath(text[start:end]) {
			continue
		}
		m1 := end
		if end < len(text) {
			m1++
		}
		out = append(out, []int{m0, m1, start, end})
		resume, i = m1, m1
	}
	return out
}

// scriptExtLen is the length of the extension reScriptLit names at the
// start of s (sh, bash, py, js, mjs, cjs, ts, rb, pl), or 0.
func scriptExtLen(s string) int {
	for _, e := range [...]string{"sh", "bash", "py", "js", "mjs", "cjs", "ts", "rb", "pl"} {
		if strings.HasPrefix(s, e) {
			return len(e)
		}
	}
	return 0
}

// scriptLitPath reports whether a run of path characters that ends in an
// extension has reScriptLit's shape: names of [\w.-] joined by single
// slashes, the last one more than its extension.
func scriptLitPath(run string) bool {
	if run[0] == '/' || strings.Contains(run, "//") {
		return false
	}
	last := run[strings.LastIndexByte(run, '/')+1:]
	dot := strings.LastIndexByte(last, '.')
	return dot > 0
}

var reVersionedPython = regexp.MustCompile(`^python[0-9]+(\.[0-9]+)*(\.exe)?$|^python\.exe$`)

// unescapeLit removes the backslashes of a literal word part as the shell
// does: any character unquoted (m\ake is make), and only $ ` " \ inside
// double quotes; a backslash before a newline joins the lines.
func unescapeLit(v string, dbl bool) string {
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			n := v[i+1]
			switch {
			case n == '\n':
				i++
				continue
			case !dbl || strings.IndexByte("$`\"\\", n) >= 0:
				i++
				b.WriteByte(n)
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}
