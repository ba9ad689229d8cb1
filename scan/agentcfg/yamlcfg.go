package agentcfg

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// YAML configuration files: Continue's MCP server blocks and aider's
// .aider.conf.yml. They are decoded into yaml.Node trees, which keep line
// numbers, and never into Go values chosen by the file (no tags are
// honoured; aliases are expanded by the library with its own limits).

// yamlRoot decodes data into its top mapping, or records one sentence.
func (p *parser) yamlRoot(data []byte, who string) *yaml.Node {
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		p.problem(0, p.source+" was not read: it is not valid YAML, so "+who+" does not load it either ("+oneLine(err.Error())+")")
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		p.problem(1, p.source+" was not read: it is not a YAML mapping, so "+who+" ignores it too; check that it is the file you meant")
		return nil
	}
	return doc.Content[0]
}

// deref follows an alias (*name) to the node it names, as the agents'
// YAML loaders do, so a command written through an alias is still seen.
// Only single values are followed; nothing is expanded, so an alias bomb
// costs nothing.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	if n != nil && n.Kind == yaml.AliasNode {
		return nil
	}
	return n
}

// yget returns the value of key in a mapping node, or nil. Merge keys
// (<<: *base) are read as YAML loaders read them: the mapping's own keys
// first, then the merged mappings'.
func yget(n *yaml.Node, key string) *yaml.Node {
	budget := 256 // mappings visited through merges, so merges of merges stay cheap
	return ygetDepth(n, key, 0, &budget)
}

func ygetDepth(n *yaml.Node, key string, depth int, budget *int) *yaml.Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode || depth > 8 || *budget <= 0 {
		return nil
	}
	*budget--
	// A key written twice counts with its last value (PyYAML, which aider
	// uses, reads it so; js-yaml refuses the file).
	for i := len(n.Content) - 2; i >= 0; i -= 2 {
		if n.Content[i].Value == key && n.Content[i].Tag != "!!merge" {
			return deref(n.Content[i+1])
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Tag != "!!merge" && n.Content[i].Value != "<<" {
			continue
		}
		m := deref(n.Content[i+1])
		merged := []*yaml.Node{m}
		if m != nil && m.Kind == yaml.SequenceNode {
			merged = m.Content
		}
		for _, b := range merged {
			if v := ygetDepth(b, key, depth+1, budget); v != nil {
				return v
			}
		}
	}
	return nil
}

// ystr returns a scalar's text.
func ystr(n *yaml.Node) (string, bool) {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return "", false
	}
	return n.Value, true
}

// ybool returns a scalar's truth value as YAML 1.1 and 1.2 both read it.
func ybool(n *yaml.Node) (bool, bool) {
	s, ok := ystr(n)
	if !ok {
		return false, false
	}
	switch strings.ToLower(s) {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off":
		return false, true
	}
	return false, false
}

// ylist returns the scalars of a sequence, or a lone scalar as one item.
func ylist(n *yaml.Node) []string {
	if s, ok := ystr(n); ok {
		return []string{s}
	}
	n = deref(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, e := range n.Content {
		if s, ok := ystr(e); ok {
			out = append(out, s)
		}
	}
	return out
}

func ymap(n *yaml.Node) map[string]string {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if s, ok := ystr(n.Content[i+1]); ok {
			out[n.Content[i].Value] = s
		}
	}
	return out
}

// ystrings appends every scalar below n. Aliases are not followed (their
// anchors are read where they stand), so an alias bomb stays small.
func ystrings(n *yaml.Node, out *[]string) {
	if n == nil || n.Kind == yaml.AliasNode {
		return
	}
	if n.Kind == yaml.ScalarNode {
		*out = append(*out, n.Value)
		return
	}
	for _, c := range n.Content {
		ystrings(c, out)
	}
}

// ---- Continue (.continue/mcpServers/*.yaml) ----

// continueYAML reads "mcpServers": a list of {name, command, args, env} or
// {name, type, url} blocks.
func (p *parser) continueYAML(data []byte) {
	root := p.yamlRoot(data, "Continue")
	if root == nil {
		return
	}
	list := yget(root, "mcpServers")
	if list == nil || list.Kind != yaml.SequenceNode {
		return
	}
	for _, n := range list.Content {
		n = deref(n)
		if n == nil || n.Kind != yaml.MappingNode {
			continue
		}
		name, _ := ystr(yget(n, "name"))
		srv := Server{Tool: p.tool, Source: p.source, Line: n.Line, Name: name, Base: p.base}
		srv.Type, _ = ystr(yget(n, "type"))
		srv.URL, _ = ystr(yget(n, "url"))
		if c, ok := ystr(yget(n, "command")); ok {
			args := ylist(yget(n, "args"))
			if yget(n, "args") == nil && strings.ContainsAny(c, " \t") {
				p.execServer(&srv, []string{c})
			} else {
				p.execServer(&srv, append([]string{c}, args...))
			}
		}
		srv.Env = ymap(yget(n, "env"))
		ystrings(n, &srv.Text)
		srv.Raw = []byte(strings.Join(srv.Text, "\x00"))
		for _, k := range sortedKeys(srv.Env) {
			if IsSecretValue(k, srv.Env[k]) {
				p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: n.Line, Key: "mcpServers." + name + ".env." + k, Value: srv.Env[k]})
			}
		}
		p.cfg.Servers = append(p.cfg.Servers, srv)
	}
}

// ---- aider (.aider.conf.yml) ----

// aider reads lint-cmd, run after every edit while auto-lint is on (its
// default), and test-cmd, run after every edit when auto-test is on (off by
// default). Each may be a string or a list, and lint-cmd may name a
// language first ("python: flake8"). The files under read: are
// instructions aider adds to every chat; the scan engine reads them.
func (p *parser) aider(data []byte) {
	root := p.yamlRoot(data, "aider")
	if root == nil {
		return
	}
	for _, k := range [][2]string{{"lint-cmd", "auto-lint"}, {"test-cmd", "auto-test"}} {
		on, set := ybool(yget(root, k[1]))
		if !set {
			on = k[0] == "lint-cmd" // auto-lint defaults to on, auto-test to off
		}
		n := yget(root, k[0])
		if !on || n == nil {
			continue
		}
		items := []*yaml.Node{n}
		if n.Kind == yaml.SequenceNode {
			items = n.Content
		}
		for _, it := range items {
			it = deref(it)
			c, ok := ystr(it)
			if !ok || strings.TrimSpace(c) == "" {
				continue
			}
			lang := ""
			if k[0] == "lint-cmd" {
				if l, rest, ok := strings.Cut(c, ":"); ok && !strings.ContainsAny(l, " \t/\\") && strings.TrimSpace(rest) != "" {
					lang, c = l, strings.TrimSpace(rest)
				}
			}
			p.addRun(AutoRun{Event: k[0], Matcher: lang, Type: "setting", Command: c, Line: it.Line})
		}
	}
	for _, r := range ylist(yget(root, "read")) {
		if r = strings.TrimSpace(r); r != "" {
			p.cfg.Reads = append(p.cfg.Reads, Include{Path: r, Line: yget(root, "read").Line})
		}
	}
}
