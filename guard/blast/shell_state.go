package blast

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// shellState collects the targets of one command line.
type shellState struct {
	out []string
	// links are the symbolic links made earlier in the same command line
	// (`ln -sfn .github/workflows w && cp x w/ci.yml`), name → target, both
	// as the shell would resolve them from the hook's folder.
	links [][2]string
	// unknown is set when some write cannot be modelled: the command
	// line's path-like tokens are then all returned.
	unknown bool
	// docs are the here-documents and here-strings fed to commands.
	docs map[*syntax.CallExpr]string
	// cds are the folders earlier `cd` and `pushd` commands of the line went
	// to, relative to the hook's folder: a later relative path is judged
	// from each of them too (a subshell's cd may not last, so the path as
	// written is kept).
	cds []string
	// added remembers the words already recorded.
	added map[string]bool
	// words are the line's words with their quoting resolved, whose
	// tokens are judged when a write cannot be modelled.
	words []string
}

// maxShellWords bounds the words kept for that.
const maxShellWords = 4096

// maxCds bounds the folders a line's cd commands add.
const maxCds = 8

// maxShellLinks bounds the links made in one line that are remembered
// and the hops through them.
const maxShellLinks = 16

// add records a target: p resolved from dir, the blast centres a glob in
// it may name, and the same paths through links made earlier in the line.
// An explicit write target with an expansion in it cannot be known.
func (st *shellState) add(dir, p string, explicit, tree bool) {
	if p == "" || p == "{}" || isDevice(p) {
		return
	}
	if explicit && (strings.ContainsAny(p, "$`") || hasGlob(p)) {
		st.unknown = true // a variable or a glob: the files are not known
	}
	// The same word again adds nothing new, unless a cd or a link came
	// in between.
	key := fmt.Sprintf("%s\x00%s\x00%t\x00%d\x00%d", dir, p, tree, len(st.cds), len(st.links))
	if st.added[key] {
		return
	}
	if st.added == nil {
		st.added = map[string]bool{}
	}
	st.added[key] = true
	q := joinPath(dir, p)
	forms := []string{q}
	if !isAbsWord(q) {
		for _, d := range st.cds {
			forms = append(forms, joinPath(d, q))
		}
	}
	for _, f := range forms[:len(forms):len(forms)] {
		forms = append(forms, globCandidates(f)...)
	}
	forms = append(forms, defaultForms(q)...)
	for i := 0; i < len(forms) && i < 4*maxShellLinks; i++ {
		forms = append(forms, st.throughLinks(forms[i])...)
	}
	for _, f := range forms {
		st.out = append(st.out, f)
		if tree {
			st.out = append(st.out, containedWrites(f)...)
		}
	}
}

func (st *shellState) write(dir, p string) { st.add(dir, p, true, false) }

// throughLinks returns where p really leads when it goes through a
// symbolic link made earlier in the same line, resolving it one component
// at a time as the kernel does: the link is followed before a `..` after
// it is applied, so with `ln -s .github/workflows w`, both w/ci.yml and
// w/../x are below .github. It returns nil when p meets no such link.
func (st *shellState) throughLinks(p string) []string {
	if len(st.links) == 0 {
		return nil
	}
	comps := strings.Split(strings.ReplaceAll(p, `\`, "/"), "/")
	cur := ""
	if strings.HasPrefix(p, "/") {
		cur = "/"
	}
	hops := 0
	for len(comps) > 0 {
		c := comps[0]
		comps = comps[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			cur = path.Join(cur, "..")
			continue
		}
		next := path.Join(cur, c)
		if t, ok := st.linkTarget(next); ok && hops < maxShellLinks {
			hops++
			comps = append(strings.Split(t, "/"), comps...)
			cur = ""
			if strings.HasPrefix(t, "/") {
				cur = "/"
			}
			continue
		}
		cur = next
	}
	if hops == 0 {
		return nil
	}
	return []string{cur}
}

func (st *shellState) linkTarget(name string) (string, bool) {
	for i := len(st.links) - 1; i >= 0; i-- {
		if st.links[i][0] == name {
			return st.links[i][1], true
		}
	}
	return "", false
}

func (st *shellState) link(dir, name, target string) {
	if len(st.links) >= maxShellLinks || name == "" || target == "" {
		return
	}
	n := path.Clean(joinPath(dir, name))
	t := target
	if !isAbsWord(t) {
		t = path.Join(path.Dir(n), t)
	}
	st.links = append(st.links, [2]string{n, path.Clean(t)})
}

// call is one simple command being read.
type call struct {
	st    *shellState
	depth int
	// dir is the folder the command's relative paths start from, relative
	// to the hook's folder ("" when it is that folder): `git -C d`,
	// `env -C d`, `tar -C d`.
	dir    string
	doc    string // the here-document or here-string fed to it
	hasDoc bool
	xargs  bool // run by xargs with names read from its input
	// gitWorkTree is GIT_WORK_TREE set for the command.
	gitWorkTree string
}

func (c *call) write(p string) { c.st.add(c.dir, p, true, false) }

// tree records a write of p as a whole: a folder deleted, copied into,
// synced, extracted into or re-moded recursively.
func (c *call) tree(p string) { c.st.add(c.dir, p, true, true) }

// derived records a path the command writes that the line does not spell
// out (cp's dest/basename(src)); an expansion in it is not an unknown
// destination.
func (c *call) derived(p string, tree bool) { c.st.add(c.dir, p, false, tree) }

// unknownIn records a write of unknown files into folder d (an archive
// extracted, a download named by the server).
func (c *call) unknownIn(d string) { c.tree(d) }

// wholeRepo records a rewrite of the repository's working tree by git.
func (c *call) wholeRepo() {
	for _, u := range wholeTree {
		c.derived(u, false)
	}
}

// candidates records the path-like arguments of a command whose writes
// are not modelled, and its --opt=value values.
func (c *call) candidates(args []string) {
	for _, a := range args {
		if strings.HasPrefix(a, "--") {
			if _, v, ok := strings.Cut(a, "="); ok {
				a = v
			}
		}
		if pathLike(a) {
			c.derived(a, false)
		}
		// An argument with spaces may be a command the program runs
		// (`script -c "rm .env"`, `watch 'rm .env'`): its tokens too.
		if strings.ContainsAny(a, " \t\n;") {
			for _, t := range codeTokens(a) {
				c.derived(t, false)
			}
		}
	}
}

// run reads one simple command: it looks through wrappers, then applies
// the write semantics of the command from writers.
func (c *call) run(args []string) error {
	for len(args) > 0 {
		name := cmdName(args[0])
		rest := args[1:]
		switch name {
		case "sudo", "doas":
			p := parseOpts(rest, "ugCDhpRrTt", false, "user", "group", "chdir", "close-from", "host", "prompt", "role", "type", "command-timeout")
			if d := p.last("-D", "--chdir"); d != "" {
				c.dir = joinPath(c.dir, d)
			}
			args = p.ops
			continue
		case "env":
			p := parseOpts(rest, "uCS", false, "unset", "chdir", "split-string")
			if d := p.last("-C", "--chdir"); d != "" {
				c.dir = joinPath(c.dir, d)
			}
			ops := p.ops
			for len(ops) > 0 && strings.Contains(ops[0], "=") && !strings.HasPrefix(ops[0], "=") {
				c.assign(ops[0])
				ops = ops[1:]
			}
			if s := p.last("-S", "--split-string"); s != "" {
				ops = append(strings.Fields(s), ops...)
			}
			args = ops
			continue
		case "command", "builtin", "exec", "nohup", "time", "stdbuf", "setsid", "chronic", "unbuffer":
			args = skipOptions(rest, "ioe")
			continue
		case "nice", "ionice", "chrt", "taskset":
			args = skipOptions(rest, "ncp")
			continue
		case "timeout":
			a := skipOptions(rest, "sk")
			if len(a) > 0 {
				a = a[1:] // the duration
			}
			args = a
			continue
		case "cd", "pushd":
			c.st.cd(rest)
			return nil
		case "xargs":
			c.xargs = true
			args = skipOptions(rest, "EIiLlnPsda")
			continue
		case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "busybox", "toybox":
			if (name == "busybox" || name == "toybox") && len(rest) > 0 && rest[0] != "sh" && rest[0] != "ash" {
				args = rest
				continue
			}
			for i, a := range rest {
				if (a == "-c" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.HasSuffix(a, "c")) && i+1 < len(rest) {
					script := rest[i+1]
					if strings.ContainsAny(script, "$`") {
						c.st.unknown = true // `sh -c "$CMD"`: the script is not known
					}
					return c.st.parse(script, c.depth+1)
				}
				if !strings.HasPrefix(a, "-") {
					break
				}
			}
			// A script file, or a script read from the input: its writes
			// are not known, except for a here-document, which is read.
			c.st.unknown = true
			if c.hasDoc {
				return c.st.parse(c.doc, c.depth+1)
			}
			return nil
		case "eval":
			script := strings.Join(rest, " ")
			if strings.ContainsAny(script, "$`") {
				c.st.unknown = true
			}
			return c.st.parse(script, c.depth+1)
		}
		break
	}
	if len(args) == 0 {
		return nil
	}
	name := cmdName(args[0])
	rest := args[1:]
	if f, ok := writers()[name]; ok {
		if c.xargs {
			// The names come from the input: any file of the folder, and
			// any named in the line.
			c.st.unknown = true
			c.unknownIn(".")
		}
		f(c, name, rest)
		return nil
	}
	if readers[name] {
		return nil
	}
	switch name {
	case "source", ".":
		// The script runs in this shell; its arguments may be written. A
		// script that is not a file (`source <(curl ...)`) is not known.
		if len(rest) == 0 || strings.ContainsAny(rest[0], "$`<>(") {
			c.st.unknown = true
		}
		if len(rest) > 0 {
			c.candidates(rest[1:])
		}
		return nil
	case "alias":
		// alias ll='rm -rf .github': the value is a command line.
		for _, a := range rest {
			if _, v, ok := strings.Cut(a, "="); ok && c.depth < maxShellDepth {
				if err := c.st.parse(v, c.depth+1); err != nil {
					c.st.unknown = true
				}
			}
		}
		return nil
	case "scp":
		scpWrites(c, rest)
		return nil
	}
	if flags, ok := interpreters[interpreterName(name)]; ok {
		po := parseOpts(rest, "mWX", false)
		if inlineCode(rest, flags) || c.hasDoc || (len(po.ops) == 0 && len(po.all("-m")) == 0) ||
			slices.Contains(rest, "-") {
			// Inline code, or a program read from the input.
			c.st.unknown = true
			return nil
		}
	}
	if f, ok := foreignWriters[strings.ToLower(name)]; ok {
		f(c, rest)
		return nil
	}
	// A program whose writes are not modelled: its path-like arguments are
	// judged as writes.
	if c.xargs {
		c.st.unknown = true
	}
	c.candidates(rest)
	// It may be a wrapper that runs the rest of its arguments as a command
	// (flock FILE rm -rf .github, strace -f mv a b): read them as one.
	for i, a := range rest {
		n := cmdName(a)
		if _, ok := writers()[n]; ok && i > 0 || (i > 0 && (n == "sh" || n == "bash")) {
			sub := &call{st: c.st, depth: c.depth + 1, dir: c.dir}
			if c.depth < maxShellDepth {
				return sub.run(rest[i:])
			}
			break
		}
	}
	return nil
}

func cmdName(w string) string { return path.Base(strings.ReplaceAll(w, `\`, "/")) }

// interpreterName drops a version from an interpreter's name: python3.12,
// node22 and ruby3.3 are python3, node and ruby.
func interpreterName(n string) string {
	if _, ok := interpreters[n]; ok {
		return n
	}
	t := strings.TrimRight(n, "0123456789.-")
	if _, ok := interpreters[t]; ok && t != n {
		return t
	}
	if _, ok := interpreters[t+"3"]; ok && strings.HasPrefix(n, t+"3") {
		return t + "3"
	}
	return n
}

// assign applies a variable assignment that prefixes a command and moves
// where it writes: GIT_WORK_TREE=DIR git checkout ...
func (c *call) assign(kv string) {
	if v, ok := strings.CutPrefix(kv, "GIT_WORK_TREE="); ok && v != "" {
		c.gitWorkTree = v
	}
	// A value with spaces may be a command the program runs
	// (GIT_SSH_COMMAND, GIT_PAGER, EDITOR='cp x .env').
	if _, v, ok := strings.Cut(kv, "="); ok && strings.ContainsAny(v, " \t\n;|&") {
		for _, t := range codeTokens(v) {
			c.derived(t, false)
		}
	}
}

// cd records the folder a cd or pushd goes to, when it is written out.
func (st *shellState) cd(args []string) {
	ops := parseOpts(args, "", false).ops
	d := "~"
	if len(ops) > 0 {
		d = ops[0]
	}
	if d == "-" || strings.ContainsAny(d, "$`") || len(st.cds) >= maxCds {
		return
	}
	if len(st.cds) > 0 {
		d = joinPath(st.cds[len(st.cds)-1], d)
	}
	st.cds = append(st.cds, d)
}

// inlineCode reports whether an interpreter runs code given on its command
// line (python -c, node -e, perl -e).
func inlineCode(args []string, flags []string) bool {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			return slices.Contains(flags, a) // deno eval, for instance
		}
		for _, f := range flags {
			if a == f || strings.HasPrefix(a, f+"=") {
				return true
			}
			// A cluster ending in the flag: perl -ne, python3 -Bc.
			if len(f) == 2 && !strings.HasPrefix(a, "--") && strings.HasSuffix(a, f[1:]) {
				return true
			}
		}
	}
	return false
}
