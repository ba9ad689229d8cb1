package agentcfg

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// ---- Codex (.codex/config.toml) ----

// maxTOMLDepth is the deepest nesting of arrays and inline tables read.
// Deeper input is refused before the TOML library sees it, so a crafted
// file cannot exhaust the stack.
const maxTOMLDepth = 64

// codexConfig reads Codex's project configuration (loaded for trusted
// projects): [mcp_servers.<name>] (command, args, env, url), notify (a
// program run after every turn, in the exec form) and the approval and
// sandbox settings that switch Codex's confirmations off.
func (p *parser) codexConfig(data []byte) {
	if len(strings.TrimSpace(string(data))) == 0 {
		return
	}
	if d := tomlDepth(data); d > maxTOMLDepth {
		p.problem(0, fmt.Sprintf("%s was not read: it nests arrays or tables %d levels deep, more than Sentinel reads (%d); check that it is the file you meant", p.source, d, maxTOMLDepth))
		return
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		line := 0
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, _ = de.Position()
		}
		p.problem(line, p.source+" was not read: it is not valid TOML, so Codex does not load it either ("+oneLine(err.Error())+")")
		return
	}
	if notify := stringsOf(doc["notify"]); len(notify) > 0 && strings.TrimSpace(notify[0]) != "" {
		a := AutoRun{Event: "notify", Type: "setting", Command: strings.Join(notify, " "), Line: tomlLine(data, `(?m)^\s*notify\s*=`)}
		a.Targets = p.resolve(notify[0], append([]string{}, notify[1:]...))
		if a.Targets == nil {
			a.Targets = []Target{}
		}
		p.addRun(a)
	}
	// project_doc_fallback_filenames: other names Codex reads as AGENTS.md
	// (in the project folder, beside .codex).
	for _, name := range stringsOf(doc["project_doc_fallback_filenames"]) {
		if name = strings.TrimSpace(name); name != "" && !strings.ContainsAny(name, "/\\") {
			p.cfg.Reads = append(p.cfg.Reads, Include{Path: "../" + name, Line: tomlLine(data, `(?m)^\s*project_doc_fallback_filenames\s*=`)})
		}
	}
	for _, key := range []string{"approval_policy", "sandbox_mode"} {
		if v, ok := doc[key].(string); ok {
			p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: tomlLine(data, `(?m)^\s*`+key+`\s*=`), Key: key, Value: v})
		}
	}
	// shell_environment_policy.set: variables Codex sets for every
	// command it runs, read like Claude Code's settings env.
	if pol, ok := doc["shell_environment_policy"].(map[string]any); ok {
		set := stringMapOf(pol["set"])
		for _, k := range sortedKeys(set) {
			if RunsFile(k, set[k]) {
				p.cfg.Settings = append(p.cfg.Settings, Setting{Tool: p.tool, Source: p.source, Line: tomlLine(data, `(?m)\b`+regexp.QuoteMeta(k)+`\s*=`), Key: "env." + k, Value: set[k]})
			}
		}
	}
	p.codexHooks(data, doc["hooks"])
	servers, _ := doc["mcp_servers"].(map[string]any)
	names := make([]string, 0, len(servers))
	for name := range servers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		n, ok := servers[name].(map[string]any)
		if !ok {
			continue
		}
		if on, ok := n["enabled"].(bool); ok && !on {
			continue
		}
		line := tomlLine(data, `(?m)^\s*\[\s*mcp_servers\s*\.\s*"?`+regexp.QuoteMeta(name)+`"?\s*\]`)
		if line == 0 {
			line = tomlLine(data, `mcp_servers`)
		}
		srv := Server{Tool: p.tool, Source: p.source, Line: line, Name: name, Base: p.base}
		srv.URL, _ = n["url"].(string)
		cmd, _ := n["command"].(string)
		if cmd != "" {
			p.execServer(&srv, append([]string{cmd}, stringsOf(n["args"])...))
		}
		srv.Env = stringMapOf(n["env"])
		srv.Headers = stringMapOf(n["http_headers"])
		srv.Raw = []byte(fmt.Sprintf("%v", canonicalTOML(n)))
		collectStrings(n, &srv.Text)
		for _, k := range sortedKeys(srv.Env) {
			if IsSecretValue(k, srv.Env[k]) {
				p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: line, Key: "mcp_servers." + name + ".env." + k, Value: srv.Env[k]})
			}
		}
		for _, k := range sortedKeys(srv.Headers) {
			if IsSecretValue(k, srv.Headers[k]) {
				p.cfg.Secrets = append(p.cfg.Secrets, Secret{Source: p.source, Line: line, Key: "mcp_servers." + name + ".http_headers." + k, Value: srv.Headers[k]})
			}
		}
		p.cfg.Servers = append(p.cfg.Servers, srv)
	}
}

// codexHooks reads [hooks] tables in config.toml, which Codex runs as it
// runs .codex/hooks.json (Codex hooks docs: "inline [hooks] tables inside
// config.toml"): [[hooks.<Event>]] groups with [[hooks.<Event>.hooks]]
// handlers, Claude Code's three-level shape. The table is turned into
// JSON and read by the same code as hooks.json; each item's line is the
// TOML line of its command (or of the first [hooks] header).
func (p *parser) codexHooks(data []byte, v any) {
	h, ok := v.(map[string]any)
	if !ok || len(h) == 0 {
		return
	}
	js, err := json.Marshal(h)
	if err != nil {
		p.problem(tomlLine(data, `(?m)^\s*\[*\s*hooks\b`), p.source+": its [hooks] table could not be read ("+oneLine(err.Error())+")")
		return
	}
	n, err := parseJSON(js)
	if err != nil {
		return
	}
	before := len(p.cfg.AutoRuns)
	p.hooks(n)
	header := tomlLine(data, `(?m)^\s*(\[\[?\s*hooks\b|hooks\s*=)`)
	for i := before; i < len(p.cfg.AutoRuns); i++ {
		a := &p.cfg.AutoRuns[i]
		a.Line = header
		if first, _, _ := strings.Cut(a.Command, "\n"); strings.TrimSpace(first) != "" {
			if l := tomlLine(data, regexp.QuoteMeta(first)); l > 0 {
				a.Line = l
			}
		}
	}
}

// tomlLine is the 1-based line of the first match of expr in data, 0 when
// there is none.
func tomlLine(data []byte, expr string) int {
	re, err := regexp.Compile(expr)
	if err != nil {
		return 0
	}
	loc := re.FindIndex(data)
	if loc == nil {
		return 0
	}
	return strings.Count(string(data[:loc[0]]), "\n") + 1
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// stringsOf returns the strings of a TOML array (or a lone string).
func stringsOf(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func stringMapOf(v any) map[string]string {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]string{}
	for k, e := range m {
		if s, ok := e.(string); ok {
			out[k] = s
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// collectStrings appends every string of a decoded TOML value, in key order.
func collectStrings(v any, out *[]string) {
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, e := range x {
			collectStrings(e, out)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			collectStrings(x[k], out)
		}
	}
}

// canonicalTOML renders a decoded value with sorted keys, for pinning.
func canonicalTOML(v any) string {
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			b.WriteByte('{')
			for i, k := range keys {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "%q:", k)
				walk(x[k])
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				walk(e)
			}
			b.WriteByte(']')
		case string:
			fmt.Fprintf(&b, "%q", x)
		default:
			fmt.Fprintf(&b, "%v", x)
		}
	}
	walk(v)
	return b.String()
}

// tomlDepth is the deepest nesting of [ and { in TOML text, outside
// strings and comments. Table headers ([a.b], [[a]]) count as one level.
func tomlDepth(data []byte) int {
	depth, max := 0, 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch c {
		case '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case '"', '\'':
			multi := i+2 < len(data) && data[i+1] == c && data[i+2] == c
			if multi {
				i += 3
				for i < len(data) && !(i+2 < len(data) && data[i] == c && data[i+1] == c && data[i+2] == c) {
					if c == '"' && data[i] == '\\' {
						i++
					}
					i++
				}
				i += 2
				continue
			}
			for i++; i < len(data) && data[i] != c && data[i] != '\n'; i++ {
				if c == '"' && data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
			if depth > max {
				max = depth
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return max
}
