package rules

import (
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

// precommitRefs reads .pre-commit-config.yaml for the local hooks that
// run: `pre-commit run` runs every hook, `pre-commit run ID` that one
// (goals). A local hook's entry and args are a command line (language
// system or script); a hook of a remote repository runs the code of that
// repository at its rev, which is not in the tree (not read: see
// docs/agents-lock.md).
func precommitRefs(p, top, text string, goals []string) []depRef {
	out := scriptLiterals(path.Dir(p), text)
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return append(out, depRef{line: 1, dynamic: p + " (a pre-commit configuration Sentinel could not parse)"})
	}
	for _, repo := range seqItems(mapGet(doc.Content[0], "repos")) {
		if scalar(mapGet(repo, "repo")) != "local" {
			continue
		}
		for _, h := range seqItems(mapGet(repo, "hooks")) {
			id := scalar(mapGet(h, "id"))
			if goals != nil && !containsStr(goals, id) && !containsStr(goals, "\x00") {
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
			switch scalar(mapGet(h, "language")) {
			case "system", "script", "unsupported", "unsupported_script", "":
				out = append(out, lineRefsIn(p, top, cmd, entry.Line, path.Dir(p))...)
			default:
				// python, node, …: the entry runs inside an environment
				// pre-commit builds from the hook's repository and its
				// additional_dependencies; the command is still read.
				out = append(out, lineRefsIn(p, top, cmd, entry.Line, path.Dir(p))...)
			}
		}
	}
	return out
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

// mapGet returns the value of key in a YAML mapping (nil when absent).
func mapGet(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// seqItems is a sequence's items, or a lone scalar or mapping as one.
func seqItems(n *yaml.Node) []*yaml.Node {
	switch {
	case n == nil:
		return nil
	case n.Kind == yaml.SequenceNode:
		return n.Content
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
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}
