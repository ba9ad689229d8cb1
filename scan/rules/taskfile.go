package rules

import (
	"cmp"
	"path"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A Taskfile's tasks and a pre-commit configuration's local hooks are
// command lines, like a make recipe: each is read by the same dependency
// reading, so a task that runs `make lint` pins the Makefile, one that
// runs `npm run x` pins package.json and the script, and one that runs
// pytest is refused, as the hook's own command line would be. Only what
// the command runs is read (the goal tasks and their dependencies; the
// hook ids named, else every local hook); every project script path the
// file names is pinned besides ("lit").

// taskRefs reads a Taskfile (go-task, version 3) for what the goals run:
// their commands, the tasks they call and depend on (an included
// Taskfile's through its namespace), the global and task `sh:` variables
// (run while Task reads the file) and the dotenv files. A command whose
// program is a template (`{{.TOOL}} lint`) fails closed.
func taskRefs(p, top, text string, goals []string) []depRef {
	out := scriptLiterals(path.Dir(p), text)
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return append(out, depRef{line: 1, dynamic: p + " (a Taskfile Sentinel could not parse)"})
	}
	root := doc.Content[0]
	dir := path.Dir(p)
	tasks := mapGet(root, "tasks")
	includes := mapGet(root, "includes")
	for _, f := range seqStrings(mapGet(root, "dotenv")) {
		out = append(out, envRef(dir, f.Value, f.Line))
	}
	out = append(out, shVars(p, top, mapGet(root, "vars"), dir)...)
	if goals != nil && len(goals) == 0 {
		goals = []string{"default"}
	}
	seen := map[string]bool{}
	var run func(name string, line int)
	run = func(name string, line int) {
		name = strings.TrimPrefix(name, ":")
		if seen[name] || len(seen) > 256 {
			return
		}
		seen[name] = true
		if ns, rest, ok := strings.Cut(name, ":"); ok && includes != nil {
			inc := mapGet(includes, ns)
			if inc == nil {
				return
			}
			file := inc.Value
			if inc.Kind == yaml.MappingNode {
				file = scalar(mapGet(inc, "taskfile"))
			}
			if strings.Contains(file, "{{") || file == "" {
				out = append(out, depRef{line: inc.Line, dynamic: "includes " + ns + " (a Taskfile named by a template)"})
				return
			}
			var cands []string
			for _, f := range []string{file, path.Join(file, "Taskfile.yml"), path.Join(file, "Taskfile.yaml")} {
				if c, ok := inTree(dir, f); ok {
					cands = append(cands, c)
				} else {
					out = append(out, depRef{line: inc.Line, outside: f})
					return
				}
			}
			out = append(out, depRef{line: inc.Line, cands: cands, kind: "task", goals: []string{rest}})
			return
		}
		t := mapGet(tasks, name)
		if t == nil {
			return
		}
		cmds, tdir := t, dir
		if t.Kind == yaml.MappingNode {
			cmds = mapGet(t, "cmds")
			if d := scalar(mapGet(t, "dir")); d != "" {
				if c, ok := inTree(dir, d); ok {
					tdir = c
				} else {
					out = append(out, depRef{line: t.Line, outside: d + " (the task's dir)"})
				}
			}
			for _, f := range seqStrings(mapGet(t, "dotenv")) {
				out = append(out, envRef(dir, f.Value, f.Line))
			}
			out = append(out, shVars(p, top, mapGet(t, "vars"), tdir)...)
			for _, d := range seqItems(mapGet(t, "deps")) {
				if d.Kind == yaml.MappingNode {
					d = mapGet(d, "task")
				}
				if s := scalar(d); s != "" {
					run(s, d.Line)
				}
			}
		}
		for _, c := range seqItems(cmds) {
			cmd, cline := "", c.Line
			if c.Kind == yaml.MappingNode {
				if tk := scalar(mapGet(c, "task")); tk != "" {
					run(tk, c.Line)
					continue
				}
				if d := mapGet(c, "defer"); d != nil {
					c = d
					if c.Kind == yaml.MappingNode {
						if tk := scalar(mapGet(c, "task")); tk != "" {
							run(tk, c.Line)
							continue
						}
						c = mapGet(c, "cmd")
					}
				} else {
					c = mapGet(c, "cmd")
				}
			}
			if cmd = scalar(c); cmd == "" {
				continue
			}
			if c != nil {
				cline = c.Line
			}
			out = append(out, taskCmdRefs(p, top, cmd, cline, tdir)...)
		}
	}
	for _, g := range goals {
		if g == "\x00" {
			out = append(out, depRef{line: 1, dynamic: "task " + "$… (a task named at run time)"})
			continue
		}
		run(g, 1)
	}
	if goals == nil {
		for i := 0; tasks != nil && i+1 < len(tasks.Content); i += 2 {
			run(tasks.Content[i].Value, tasks.Content[i].Line)
		}
	}
	return out
}

var reTaskTemplate = regexp.MustCompile(`\{\{[^}]*\}\}`)

// taskCmdRefs reads one templated command line: a template where the
// program stands fails closed; elsewhere it is a word Sentinel does not
// know ("$TASK").
func taskCmdRefs(p, top, cmd string, line int, dir string) []depRef {
	if strings.HasPrefix(strings.TrimSpace(cmd), "{{") {
		return []depRef{{line: line, dynamic: clip(strings.TrimSpace(cmd), 60) + " (a program named by a template)"}}
	}
	cmd = reTaskTemplate.ReplaceAllString(cmd, `"$$TASK"`)
	return lineRefsIn(p, top, cmd, line, dir)
}

// shVars reads `sh:` variables, which Task runs to set them.
func shVars(p, top string, vars *yaml.Node, dir string) []depRef {
	var out []depRef
	for i := 0; vars != nil && vars.Kind == yaml.MappingNode && i+1 < len(vars.Content); i += 2 {
		v := vars.Content[i+1]
		if v.Kind == yaml.MappingNode {
			if sh := mapGet(v, "sh"); sh != nil && scalar(sh) != "" {
				out = append(out, taskCmdRefs(p, top, scalar(sh), sh.Line, dir)...)
			}
		}
	}
	return out
}

func envRef(dir, f string, line int) depRef {
	if strings.Contains(f, "{{") {
		return depRef{line: line, dynamic: f + " (an environment file named by a template)"}
	}
	if c, ok := inTree(dir, f); ok {
		return depRef{line: line, cands: []string{c}, kind: "env"}
	}
	return depRef{line: line, outside: f}
}

// precommitRefs reads .pre-commit-config.yaml for the hooks that run:
// `pre-commit run` runs every hook, `pre-commit run ID` those whose id or
// alias is ID (goals); `pre-commit install-hooks` installs every hook's
// environment and runs none (goals ["\x02install"]). A local hook's entry
// and args are a command line (language system or script, or any other:
// the command is still read). A hook of a remote repository runs that
// repository's code at its rev, which is not in the tree: only a full
// commit hash names fixed code (a tag or a branch can be moved), so any
// other rev is refused, and the rev, being part of the file's bytes, is
// part of the pinned hash. The packages pre-commit installs for a hook
// (additional_dependencies), local or remote, need an exact version for
// the same reason (fetch.go).
func precommitRefs(p, top, text string, goals []string) []depRef {
	out := scriptLiterals(path.Dir(p), text)
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || deref(doc.Content[0]).Kind != yaml.MappingNode {
		return append(out, depRef{line: 1, dynamic: p + " (a pre-commit configuration Sentinel could not parse)"})
	}
	install := len(goals) == 1 && goals[0] == "\x02install"
	runs := func(h *yaml.Node) bool {
		if install || goals == nil || containsStr(goals, "\x00") {
			return true
		}
		return containsStr(goals, scalar(mapGet(h, "id"))) || containsStr(goals, scalar(mapGet(h, "alias")))
	}
	for _, repo := range seqItems(mapGet(deref(doc.Content[0]), "repos")) {
		url := scalar(mapGet(repo, "repo"))
		if url == "meta" {
			continue // pre-commit's own checks: no code of the project or a repository
		}
		for _, h := range seqItems(mapGet(repo, "hooks")) {
			if !runs(h) {
				continue
			}
			id := scalar(mapGet(h, "id"))
			out = append(out, precommitDeps(h, id)...)
			if url != "local" {
				out = append(out, precommitRemote(repo, h, url, id)...)
				continue
			}
			if install {
				continue
			}
			entry := mapGet(h, "entry")
			if scalar(entry) == "" {
				continue
			}
			cmd := scalar(entry)
			for _, a := range seqStrings(mapGet(h, "args")) {
				cmd += " " + shQuote(a.Value)
			}
			if scalar(mapGet(h, "language")) == "docker_image" {
				// The entry's first word is an image pre-commit pulls.
				out = append(out, dockerImageEntry(cmd, id, deref(entry).Line)...)
				continue
			}
			// language system or script runs the entry as it stands;
			// python, node, … run it inside an environment pre-commit
			// builds from additional_dependencies (precommitDeps): the
			// command is read either way.
			out = append(out, lineRefsIn(p, top, cmd, deref(entry).Line, path.Dir(p))...)
		}
	}
	return out
}

// dockerImageEntry reads a docker_image hook's entry (`[--entrypoint X]
// IMAGE [args]`): the image is pulled as its registry serves it, so only a
// digest pins it (fetch.go's rule for docker run).
func dockerImageEntry(cmd, id string, line int) []depRef {
	words := strings.Fields(cmd)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--entrypoint" {
			i++
			continue
		}
		if strings.HasPrefix(w, "-") {
			continue
		}
		if reImageDigest.MatchString(w) {
			return nil
		}
		return []depRef{{line: line, refuse: "the pre-commit hook " + clip(id, 40) + ", which runs the container image " + clip(w, 60) + " as its registry serves it (a tag can be moved to another image at any time), which no approval can pin; pin its digest (image@sha256:…)"}}
	}
	return []depRef{{line: line, dynamic: "the image of the pre-commit hook " + clip(id, 40)}}
}

// reFullRev is a full commit hash (SHA-1, or SHA-256 in a repository
// that uses it): a name git takes as the object itself, never as a ref.
var reFullRev = regexp.MustCompile(`^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$`)

// precommitRemote is the reading of a remote repository's hook h: a rev
// that is a full commit hash is pinned with the file's bytes (no
// reference); any other rev, or none, is refused.
func precommitRemote(repo, h *yaml.Node, url, id string) []depRef {
	revNode := mapGet(repo, "rev")
	rev := scalar(revNode)
	line := deref(h).Line
	if revNode != nil {
		line = deref(revNode).Line
	}
	if reFullRev.MatchString(rev) {
		return nil
	}
	shown := "rev " + clip(rev, 40)
	if rev == "" {
		shown = "no rev"
	}
	where := clip(url, 60)
	if where == "" {
		where = "a repository not named literally"
	}
	return []depRef{{line: line, refuse: "the pre-commit hook " + clip(id, 40) + " of " + where + " at " + shown + ", code pre-commit fetches at a tag or branch, which its repository can move to other code at any time, so no approval can pin it; pin `rev` to the full commit hash (40 hex digits) of the release you reviewed"}}
}

// precommitDeps reads a hook's additional_dependencies: each is installed
// from its language's registry when pre-commit builds the hook's
// environment, so each needs an exact version (pkg==1.2.3 for Python,
// pkg@1.2.3 for Node and Go, gem:1.2.3 for Ruby, crate:1.2.3 for Rust).
// A remote hook's language is in its repository, not here: any of those
// forms is then taken.
func precommitDeps(h *yaml.Node, id string) []depRef {
	deps := mapGet(h, "additional_dependencies")
	if deps == nil {
		return nil
	}
	lang := scalar(mapGet(h, "language"))
	var out []depRef
	for _, d := range seqItems(deps) {
		d = deref(d)
		v := strings.TrimSpace(scalar(d))
		if d.Kind != yaml.ScalarNode || v == "" {
			out = append(out, depRef{line: d.Line, dynamic: "additional_dependencies of the pre-commit hook " + clip(id, 40) + " (not a list of package names)"})
			continue
		}
		if exactDep(lang, v) {
			continue
		}
		n, _ := pySpec(pyReqName(v))
		if n == "" {
			n, _ = npmSpec(v)
		}
		n = strings.SplitN(cmp.Or(n, "pkg"), "[", 2)[0]
		example := n + "==1.2.3 for Python, " + n + "@1.2.3 for Node"
		switch lang {
		case "python", "python_venv":
			example = n + "==1.2.3"
		case "node":
			example = n + "@1.2.3"
		case "golang":
			example = "module@v1.2.3"
		case "ruby", "rust":
			example = "name:1.2.3"
		}
		out = append(out, depRef{line: d.Line, refuse: "the pre-commit hook " + clip(id, 40) + ", whose environment installs " + clip(v, 60) + " (additional_dependencies) from its registry with no exact version: whatever the registry serves then (its next release too), which no approval can pin; pin an exact version (" + example + ")"})
	}
	return out
}

var (
	reGoExact   = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._~/-]*@v[0-9]+\.[0-9]+\.[0-9]+(?:-[0-9A-Za-z.-]+)?(?:\+incompatible)?$`)
	reColonPkg  = regexp.MustCompile(`^(?:cli:)?[A-Za-z0-9][A-Za-z0-9._-]*:=?[0-9]+\.[0-9]+\.[0-9]+(?:[-.][0-9A-Za-z.-]+)?$`)
	rePyMarkers = regexp.MustCompile(`\s*;.*$`)
)

// pyReqName drops a requirement's environment markers ("x==1; python_version>'3'").
func pyReqName(v string) string { return rePyMarkers.ReplaceAllString(v, "") }

// exactDep reports an additional dependency that names one exact version
// in the form of the hook's language ("" or one not listed: any form).
func exactDep(lang, v string) bool {
	py := func() bool {
		r := pyReqName(v)
		if strings.Contains(r, "@") {
			return false // a URL requirement (x @ https://…)
		}
		_, ok := pySpec(r)
		return ok
	}
	npm := func() bool { _, ok := npmSpec(v); return ok }
	switch lang {
	case "python", "python_venv":
		return py()
	case "node":
		return npm()
	case "golang":
		return reGoExact.MatchString(v)
	case "ruby", "rust":
		return reColonPkg.MatchString(v)
	case "":
		return py() || npm() || reGoExact.MatchString(v) || reColonPkg.MatchString(v)
	}
	return false
}

func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func containsStr(l []string, s string) bool {
	for _, v := range l {
		if v == s {
			return true
		}
	}
	return false
}

// mapGet returns the value of key in a YAML mapping (nil when absent),
// as a YAML loader sees it: through aliases (*a) and merge keys (<<: *a),
// a key written in the mapping winning over a merged one, and the last
// of two equal keys winning (PyYAML, which pre-commit reads with, keeps
// the last; go-task refuses the file).
func mapGet(n *yaml.Node, key string) *yaml.Node {
	return mapGetDepth(deref(n), key, 0)
}

func mapGetDepth(n *yaml.Node, key string, depth int) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode || depth > 8 {
		return nil
	}
	var found, merged *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := deref(n.Content[i]), deref(n.Content[i+1])
		if k == nil || v == nil {
			continue
		}
		if k.Value == "<<" && k.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 && k.Tag != "!!str" {
			// A merge: the first mapping of a list that has the key wins.
			for _, m := range seqItems(v) {
				if got := mapGetDepth(m, key, depth+1); got != nil && merged == nil {
					merged = got
				}
			}
			continue
		}
		if k.Value == key {
			found = v
		}
	}
	if found != nil {
		return found
	}
	return merged
}

// deref follows an alias to the node it names.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	if n != nil && n.Kind == yaml.AliasNode {
		return nil
	}
	return n
}

// seqItems is a sequence's items, or a lone scalar or mapping as one.
func seqItems(n *yaml.Node) []*yaml.Node {
	n = deref(n)
	switch {
	case n == nil:
		return nil
	case n.Kind == yaml.SequenceNode:
		out := make([]*yaml.Node, 0, len(n.Content))
		for _, it := range n.Content {
			if it = deref(it); it != nil {
				out = append(out, it)
			}
		}
		return out
	case n.Kind == yaml.ScalarNode || n.Kind == yaml.MappingNode:
		return []*yaml.Node{n}
	}
	return nil
}

func seqStrings(n *yaml.Node) []*yaml.Node {
	var out []*yaml.Node
	for _, it := range seqItems(n) {
		if it.Kind == yaml.ScalarNode {
			out = append(out, it)
		}
	}
	return out
}

func scalar(n *yaml.Node) string {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}
