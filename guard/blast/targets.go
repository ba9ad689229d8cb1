package blast

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"
)

// ErrMalformedInput is wrapped by TargetPaths when a known write tool's input
// does not have the shape that tool takes. Callers fail closed on it.
var ErrMalformedInput = fmt.Errorf("malformed tool input")

// toolKind is what a tool does with the paths in its input.
type toolKind int

const (
	kindNone         toolKind = iota
	kindPath                  // one path field (Write, Edit, write_file, replace, ...)
	kindMultiEdit             // a path plus optional per-edit paths
	kindBatch                 // the seed's batchEdit: operations[].filePath
	kindPatch                 // a unified or apply_patch-format patch
	kindShell                 // a shell command line
	kindMove                  // source and destination (MCP filesystem move_file)
	kindPowerShell            // a PowerShell command line (Claude Code's PowerShell tool)
	kindMCP                   // an MCP tool: every argument value that looks like a path
	kindGeminiMemory          // Gemini CLI save_memory: appends to ~/.gemini/GEMINI.md
)

// toolKinds maps a tool name, lower-cased with `_` and `-` removed, to its
// shape. It covers the seed's four shapes, Claude Code, Gemini CLI, Cursor
// and the reference MCP filesystem server.
var toolKinds = map[string]toolKind{
	// Seed shapes.
	"writefile": kindPath, "editfile": kindPath, "batchedit": kindBatch, "applypatch": kindPatch,
	// Claude Code.
	"write": kindPath, "edit": kindPath, "multiedit": kindMultiEdit, "notebookedit": kindPath, "bash": kindShell,
	"powershell": kindPowerShell,
	// Gemini CLI (write_file and edit_file fold into the seed names).
	"replace": kindPath, "smartedit": kindPath, "runshellcommand": kindShell, "savememory": kindGeminiMemory,
	// Cursor (hook names and the agent's own tool names).
	"strreplace": kindPath, "delete": kindPath, "deletefile": kindPath, "shell": kindShell, "runterminalcmd": kindShell,
	"tabwrite": kindPath, "searchreplace": kindPath, "editnotebook": kindPath,
	// Common MCP and agent tool names.
	"createfile": kindPath, "movefile": kindMove, "patch": kindPatch,
}

// pathKeys are the input fields that name the file a path-shaped tool writes.
var pathKeys = []string{"file_path", "path", "filePath", "notebook_path", "target_file", "absolute_path", "filename"}

// IsWriteTool reports whether TargetPaths knows toolName as a tool that writes
// or deletes files or runs shell commands.
// MCP tools (`mcp__server__tool`, Cursor's `MCP:tool`) count: the hook
// cannot tell a server's reads from its writes by the names it chose.
func IsWriteTool(toolName string) bool { return kindOf(toolName) != kindNone }

// IsCommandTool reports whether toolName runs a command line: a shell or
// PowerShell.
func IsCommandTool(toolName string) bool {
	k := kindOf(toolName)
	return k == kindShell || k == kindPowerShell
}

func kindOf(toolName string) toolKind {
	if isMCPTool(toolName) {
		if mcpReadTool(toolName) {
			return kindNone
		}
		return kindMCP
	}
	return toolKinds[toolKey(toolName)]
}

// mcpReadVerbs start the names of MCP tools that read (read_file,
// get_issue, list_directory, search_code); such tools are not judged, as
// the agents' own Read and Grep are not.
var mcpReadVerbs = set("read", "get", "list", "search", "find", "view", "show", "fetch", "query", "describe", "lookup", "inspect", "browse")

// mcpReadTool reports whether an MCP tool's own name (after the server)
// starts with a read verb.
func mcpReadTool(name string) bool {
	l := strings.TrimSpace(name)
	if i := strings.LastIndex(l, "__"); i >= 0 {
		l = l[i+2:]
	} else if i := strings.LastIndexByte(l, ':'); i >= 0 {
		l = l[i+1:]
	}
	words := nameWords(l)
	return len(words) > 0 && mcpReadVerbs[words[0]]
}

// isMCPTool reports whether name is an MCP tool as the agents name them:
// Claude Code and Codex `mcp__server__tool`, Cursor `MCP:tool`.
func isMCPTool(name string) bool {
	l := strings.ToLower(strings.TrimSpace(name))
	return strings.HasPrefix(l, "mcp__") || strings.HasPrefix(l, "mcp:")
}

func toolKey(name string) string {
	k := strings.ToLower(name)
	k = strings.NewReplacer("_", "", "-", "").Replace(k)
	return k
}

// TargetPathsJSON is TargetPaths for a raw JSON tool input.
func TargetPathsJSON(toolName string, raw []byte) ([]string, error) {
	if !IsWriteTool(toolName) {
		return nil, nil
	}
	if kindOf(toolName) == kindMCP {
		// Cursor's beforeMCPExecution sends the arguments as a JSON string.
		var inner string
		if json.Unmarshal(raw, &inner) == nil {
			raw = []byte(inner)
		}
		if t := bytes.TrimSpace(raw); len(t) == 0 || bytes.Equal(t, []byte("null")) {
			return nil, nil // no arguments, no paths
		}
	}
	var input map[string]any
	if err := json.Unmarshal(raw, &input); err != nil {
		return nil, fmt.Errorf("%w: %s input is not a JSON object: %v", ErrMalformedInput, toolName, err)
	}
	return TargetPaths(toolName, input)
}

// TargetPaths returns every path one call of toolName with input would write,
// delete or rename, in input order, as written in the input (not normalised).
// Unknown tools have no targets. A known write tool whose input has the wrong
// shape returns an error wrapping ErrMalformedInput.
func TargetPaths(toolName string, input map[string]any) ([]string, error) {
	kind := kindOf(toolName)
	switch kind {
	case kindNone:
		return nil, nil
	case kindMCP:
		return mcpValuePaths(toolName, input)
	case kindGeminiMemory:
		return []string{geminiMemoryFile}, nil
	}
	if input == nil {
		return nil, fmt.Errorf("%w: %s has no input", ErrMalformedInput, toolName)
	}
	switch kind {
	case kindPath:
		p, err := firstPath(toolName, input)
		if err != nil {
			return nil, err
		}
		return []string{p}, nil
	case kindMultiEdit:
		var out []string
		if hasPathKey(input) {
			p, err := firstPath(toolName, input)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		edits, _ := input["edits"].([]any)
		for i, e := range edits {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%w: %s edit %d is not an object", ErrMalformedInput, toolName, i)
			}
			if hasPathKey(m) {
				p, err := firstPath(toolName, m)
				if err != nil {
					return nil, err
				}
				out = append(out, p)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%w: %s names no file", ErrMalformedInput, toolName)
		}
		return out, nil
	case kindBatch:
		ops, ok := input["operations"].([]any)
		if !ok {
			return nil, fmt.Errorf("%w: %s has no operations list", ErrMalformedInput, toolName)
		}
		var out []string
		for i, o := range ops {
			m, ok := o.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%w: %s operation %d is not an object", ErrMalformedInput, toolName, i)
			}
			p, err := firstPath(toolName, m)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		return out, nil
	case kindPatch:
		for _, k := range []string{"patch", "input", "diff"} {
			if s, ok := input[k].(string); ok {
				return PatchTargets(s), nil
			}
		}
		return nil, fmt.Errorf("%w: %s has no patch text", ErrMalformedInput, toolName)
	case kindShell, kindPowerShell:
		cmd, ok := input["command"].(string)
		if !ok {
			return nil, fmt.Errorf("%w: %s has no command string", ErrMalformedInput, toolName)
		}
		if kind == kindPowerShell {
			return PowerShellWriteTargets(cmd)
		}
		return ShellWriteTargets(cmd)
	case kindMove:
		src, ok1 := input["source"].(string)
		dst, ok2 := input["destination"].(string)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("%w: %s needs source and destination strings", ErrMalformedInput, toolName)
		}
		return []string{src, dst}, nil
	}
	return nil, nil
}

func hasPathKey(m map[string]any) bool {
	for _, k := range pathKeys {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

func firstPath(toolName string, m map[string]any) (string, error) {
	for _, k := range pathKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) == "" {
			return "", fmt.Errorf("%w: %s field %q is not a file path", ErrMalformedInput, toolName, k)
		}
		return s, nil
	}
	return "", fmt.Errorf("%w: %s names no file", ErrMalformedInput, toolName)
}

// Radius returns the blast centres among the targets of one tool call, one
// entry per normalised path. It returns the error of TargetPaths.
func (c *Classifier) Radius(toolName string, input map[string]any) ([]Target, error) {
	paths, err := TargetPaths(toolName, input)
	if err != nil {
		return nil, err
	}
	return c.Targets(paths), nil
}

// Targets classifies paths and returns the sensitive ones, deduplicated by
// normalised path, in first-seen order.
func (c *Classifier) Targets(paths []string) []Target {
	var out []Target
	seen := map[string]bool{}
	for _, p := range paths {
		v := c.Classify(p)
		if !v.Sensitive || seen[v.Path] {
			continue
		}
		seen[v.Path] = true
		out = append(out, Target{Path: v.Path, Reasons: v.Reasons})
	}
	return out
}

// geminiMemoryFile is the file Gemini CLI's save_memory tool appends to: a
// global instruction file the agent obeys in every later session.
const geminiMemoryFile = "~/.gemini/GEMINI.md"

// Limits of the MCP argument walk: nesting depth, candidates kept, and the
// longest string read as a path.
const (
	maxMCPDepth      = 32
	maxMCPCandidates = 4096
	maxPathLen       = 4096
)

// mcpValuePaths returns the argument values of an MCP tool call that may be
// paths, whatever their keys are called: a server can call its path
// argument anything. A string is a candidate when it sits under a key that
// names a path (path, file, dir, dest, target, source, ...), or when it is
// one line that holds a path separator, starts with `.` or `~`, has a file
// extension, or is a blast-centre file name without one (Makefile). URLs
// other than file:// are not paths; file:// URLs give their path; a string
// that is itself a JSON object or list is read too.
//
// Arguments nested deeper than maxMCPDepth, or holding more than
// maxMCPCandidates candidates, are an error wrapping ErrMalformedInput with
// no paths: a path hidden past a limit must not pass, so the caller fails
// closed.
func mcpValuePaths(toolName string, input map[string]any) ([]string, error) {
	var out []string
	tooBig := false
	var walk func(key string, v any, depth int)
	walk = func(key string, v any, depth int) {
		if tooBig {
			return
		}
		if depth > maxMCPDepth || len(out) >= maxMCPCandidates {
			tooBig = true
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(k, x, depth+1)
			}
		case []any:
			for _, x := range v {
				walk(key, x, depth+1)
			}
		case string:
			s := strings.TrimSpace(v)
			if s == "" || len(s) > maxPathLen || strings.ContainsAny(s, "\n\r\x00") {
				return
			}
			if (s[0] == '{' || s[0] == '[') && json.Valid([]byte(s)) {
				var inner any
				if json.Unmarshal([]byte(s), &inner) == nil {
					walk(key, inner, depth+1)
				}
				return
			}
			if rest, ok := cutPrefixFold(s, "file://"); ok {
				rest = strings.TrimPrefix(rest, "localhost")
				if isDrivePath(strings.TrimPrefix(rest, "/")) {
					rest = rest[1:] // file:///C:/x
				}
				s = rest
			} else if strings.Contains(s, "://") {
				return
			}
			if pathKey(key) || looksLikePath(s) {
				out = append(out, s)
			}
		}
	}
	walk("", input, 0)
	if tooBig {
		return nil, fmt.Errorf("%w: %s arguments nest deeper than %d levels or hold more than %d path-like strings", ErrMalformedInput, toolName, maxMCPDepth, maxMCPCandidates)
	}
	return dedupe(out), nil
}

// pathKey reports whether an argument's key names a path.
func pathKey(k string) bool {
	k = strings.ToLower(k)
	for _, w := range []string{"path", "file", "dir", "folder", "dest", "target", "source", "src", "dst", "location", "output"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// dotlessNames are blast-centre file names without an extension; a bare
// word is read as a path only when it is one of them.
var dotlessNames = set("makefile", "gnumakefile", "dockerfile", "containerfile", "jenkinsfile", "codeowners", "kustomization")

// looksLikePath reports whether a string outside a path-named key is read
// as a path.
func looksLikePath(s string) bool {
	if strings.ContainsAny(s, `/\`) || s[0] == '.' || s[0] == '~' || isDrivePath(s) {
		return true
	}
	if strings.ContainsAny(s, " \t") {
		return false
	}
	f := strings.Map(foldRune, s)
	if dotlessNames[f] || sshPrivateKey(f) {
		return true
	}
	dot := strings.LastIndexByte(s, '.')
	return dot > 0 && dot < len(s)-1
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// maxPSDepth bounds `powershell -Command` and -EncodedCommand nesting.
const maxPSDepth = 4

// PowerShellWriteTargets returns the paths a PowerShell command line would
// write, delete or rename: the common write cmdlets and their aliases
// (Set-Content/sc, Add-Content/ac, Clear-Content/clc, Out-File, Tee-Object,
// Copy-Item/cp/copy/cpi, Move-Item/mv/move/mi, Remove-Item/rm/del/erase/rd/
// ri/rmdir, New-Item/ni, Rename-Item/ren/rni, Invoke-WebRequest -OutFile,
// Export-Csv, Expand-Archive, ...), their path arguments whether named
// (-Path, -LiteralPath, -Destination, -FilePath, abbreviated or with
// `-Path:x`) or positional, New-Item -Name and Rename-Item -NewName, and the
// redirections `>`, `>>`, `2>`, `*>`. `$HOME`, `$env:USERPROFILE` and `~`
// become `~`. Other commands (git, native programs) are read as shell
// commands by ShellWriteTargets; `powershell -Command` and -EncodedCommand
// are read recursively.
//
// Script blocks, subexpressions, .NET calls, Invoke-Expression,
// Start-Process, `cmd /c` and unbalanced quotes are not modelled: the
// command's words are returned as candidates with an error wrapping
// ErrMalformedInput, as for a shell command that does not parse.
func PowerShellWriteTargets(cmd string) ([]string, error) {
	var out []string
	if err := psTargets(cmd, 0, &out); err != nil {
		return dedupe(append(out, psFallbackWords(cmd)...)), fmt.Errorf("%w: cannot parse PowerShell command: %v", ErrMalformedInput, err)
	}
	return dedupe(out), nil
}

// psASCII turns the typographic quotes and dashes PowerShell reads as
// ASCII ones (‘x’ is 'x', “x” is "x", –Path is -Path) into ASCII.
var psASCII = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201a", "'", "\u201b", "'",
	"\u201c", `"`, "\u201d", `"`, "\u201e", `"`,
	"\u2013", "-", "\u2014", "-", "\u2015", "-",
)

// psTok is a PowerShell word, or an operator: ";" ends a statement ("|",
// ";", newline, "&&", "||"), "&" is the call operator, ">" a redirection
// whose target is the next word.
type psTok struct{ text, op string }

// psLex splits a command line into words and operators. It returns what it
// does not model (a script block, a subexpression, a type literal) as
// unmodelled, and an error for unbalanced quotes.
func psLex(cmd string) (toks []psTok, unmodelled string, err error) {
	rs := []rune(psASCII.Replace(cmd))
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			toks = append(toks, psTok{text: cur.String()})
			cur.Reset()
			inWord = false
		}
	}
	op := func(o string) { flush(); toks = append(toks, psTok{op: o}) }
	mark := func(what string) {
		if unmodelled == "" {
			unmodelled = what
		}
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		next := rune(0)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case r == '`':
			if next == '\n' || next == '\r' { // line continuation
				flush()
				i++
				if next == '\r' && i+1 < len(rs) && rs[i+1] == '\n' {
					i++
				}
				continue
			}
			if next != 0 {
				cur.WriteRune(next)
				inWord = true
				i++
			}
		case r == ' ' || r == '\t':
			flush()
		case r == '\n' || r == '\r' || r == ';':
			op(";")
		case r == '|':
			if next == '|' {
				i++
			}
			op(";")
		case r == '&':
			if next == '&' {
				i++
				op(";")
			} else {
				op("&")
			}
		case r == '#' && !inWord:
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
			op(";")
		case r == '\'':
			inWord = true
			closed := false
			for i++; i < len(rs); i++ {
				if rs[i] == '\'' {
					if i+1 < len(rs) && rs[i+1] == '\'' {
						cur.WriteRune('\'')
						i++
						continue
					}
					closed = true
					break
				}
				cur.WriteRune(rs[i])
			}
			if !closed {
				return nil, "", fmt.Errorf("unterminated single-quoted string")
			}
		case r == '"':
			inWord = true
			closed := false
			for i++; i < len(rs); i++ {
				c := rs[i]
				if c == '`' && i+1 < len(rs) {
					i++
					cur.WriteRune(rs[i])
					continue
				}
				if c == '"' {
					if i+1 < len(rs) && rs[i+1] == '"' {
						cur.WriteRune('"')
						i++
						continue
					}
					closed = true
					break
				}
				if c == '$' && i+1 < len(rs) && rs[i+1] == '(' {
					mark("a subexpression $(...)")
				}
				cur.WriteRune(c)
			}
			if !closed {
				return nil, "", fmt.Errorf("unterminated double-quoted string")
			}
		case r == '>':
			if s := cur.String(); inWord && (s == "*" || (len(s) == 1 && s[0] >= '1' && s[0] <= '6')) {
				cur.Reset() // the stream number of 2> or *>
				inWord = false
			}
			flush()
			if next == '>' {
				i++
			}
			if i+1 < len(rs) && rs[i+1] == '&' { // 2>&1 merges streams
				i++
				for i+1 < len(rs) && rs[i+1] >= '0' && rs[i+1] <= '9' {
					i++
				}
				continue
			}
			toks = append(toks, psTok{op: ">"})
		case r == ',':
			flush()
		case r == '{' || r == '}':
			mark("a script block")
			flush()
		case r == '(' || r == ')':
			mark("a parenthesised expression")
			flush()
		case r == '$' && next == '(':
			mark("a subexpression $(...)")
			flush()
		case r == '@' && (next == '(' || next == '{'):
			mark("an array or hash literal")
			flush()
		case r == '[' && !inWord:
			mark("a type literal or .NET call")
			flush()
		case r == '<':
			mark("an input redirection")
			flush()
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	flush()
	return toks, unmodelled, nil
}

func psTargets(cmd string, depth int, out *[]string) error {
	if depth > maxPSDepth {
		return fmt.Errorf("commands nested deeper than %d", maxPSDepth)
	}
	toks, unmodelled, err := psLex(cmd)
	if err != nil {
		return err
	}
	var stmt []string
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; t.op {
		case ">":
			if i+1 >= len(toks) || toks[i+1].op != "" {
				return fmt.Errorf("a redirection without a file")
			}
			i++
			if p := psHome(toks[i].text); !strings.EqualFold(p, "$null") && !isDevice(p) {
				*out = append(*out, p)
			}
		case ";":
			if err := psStatement(stmt, depth, out); err != nil {
				return err
			}
			stmt = stmt[:0]
		case "&":
			// The call operator: the next word is the command.
		default:
			stmt = append(stmt, psHome(t.text))
		}
	}
	if err := psStatement(stmt, depth, out); err != nil {
		return err
	}
	if unmodelled != "" {
		return fmt.Errorf("%s is not modelled", unmodelled)
	}
	return nil
}

// psCmdlets are the write cmdlets and their aliases, folded.
var psCmdlets = set(
	"set-content", "sc", "add-content", "ac", "clear-content", "clc", "out-file", "tee-object", "tee",
	"copy-item", "cp", "copy", "cpi", "move-item", "mv", "move", "mi",
	"remove-item", "rm", "del", "erase", "rd", "ri", "rmdir",
	"new-item", "ni", "mkdir", "md", "rename-item", "ren", "rni",
	"invoke-webrequest", "iwr", "invoke-restmethod", "irm", "start-bitstransfer",
	"export-csv", "epcsv", "export-clixml", "export-alias", "export-formatdata",
	"expand-archive", "compress-archive", "set-item", "si", "new-itemproperty", "set-itemproperty", "sp",
)

// psRunsCode are commands that run code the parser does not see.
var psRunsCode = set(
	"iex", "invoke-expression", "start-process", "saps", "start", "invoke-command", "icm",
	"start-job", "sajb", "start-threadjob", "cmd", "foreach-object", "%", "invoke-item", "ii",
	"add-type", "new-object", "set-alias", "new-alias", "sal", "nal",
)

// psValueParams take a value that is not a path.
var psValueParams = set(
	"value", "encoding", "itemtype", "type", "filter", "include", "exclude", "uri", "method", "body",
	"headers", "inputobject", "delimiter", "stream", "credential", "width", "useragent", "contenttype",
	"proxy", "readcount", "timeoutsec", "maximumredirection", "compressionlevel", "erroraction",
	"warningaction", "informationaction", "errorvariable", "warningvariable", "outvariable",
	"outbuffer", "pipelinevariable", "sessionvariable", "websession", "propertytype", "pspropertytype",
)

// psOtherParams are the remaining parameters of the write cmdlets: paths
// and switches. They only matter to tell abbreviations apart.
var psOtherParams = set(
	"path", "literalpath", "lp", "pspath", "destination", "filepath", "outfile", "destinationpath",
	"force", "recurse", "append", "nonewline", "noclobber", "passthru", "confirm", "whatif",
	"container", "asbytestream", "usebasicparsing", "name", "newname",
)

// psParam classifies a parameter name (folded, without its dash) by the
// names it abbreviates: "value" when all take a non-path value, "name" or
// "newname" for New-Item's and Rename-Item's, "other" otherwise.
func psParam(name string) string {
	if psValueParams[name] {
		return "value"
	}
	if name == "name" || name == "newname" {
		return name
	}
	if psOtherParams[name] {
		return "other"
	}
	var matches []string
	for _, tbl := range []map[string]bool{psValueParams, psOtherParams} {
		for n := range tbl {
			if strings.HasPrefix(n, name) {
				matches = append(matches, n)
			}
		}
	}
	if len(matches) == 0 {
		return "other"
	}
	if len(matches) == 1 && (matches[0] == "name" || matches[0] == "newname") {
		return matches[0]
	}
	for _, m := range matches {
		if !psValueParams[m] {
			return "other"
		}
	}
	return "value"
}

// psCommandName is a command word folded, without a module qualifier
// (Microsoft.PowerShell.Management\Remove-Item), folder or .exe.
func psCommandName(w string) string {
	w = strings.Map(foldRune, w)
	if i := strings.LastIndexAny(w, `\/`); i >= 0 && i < len(w)-1 {
		w = w[i+1:]
	}
	return strings.TrimSuffix(w, ".exe")
}

func psStatement(words []string, depth int, out *[]string) error {
	if len(words) == 0 {
		return nil
	}
	if strings.HasPrefix(words[0], "$") {
		return fmt.Errorf("a variable assignment or expression")
	}
	name, args := psCommandName(words[0]), words[1:]
	switch {
	case psCmdlets[name]:
		paths := psCmdletTargets(name, args)
		if len(paths) == 0 {
			return fmt.Errorf("%s takes its paths from the pipeline", words[0])
		}
		for _, p := range paths {
			if strings.Contains(p, "$") {
				return fmt.Errorf("%s names a path held in a variable (%s)", words[0], p)
			}
		}
		*out = append(*out, paths...)
		return nil
	case name == "powershell" || name == "pwsh":
		return psNested(args, depth, out)
	case psRunsCode[name]:
		return fmt.Errorf("%s runs code the hook cannot see", words[0])
	case psReadsOnly(name):
		return nil
	}
	// A native program (git, sed), or a cmdlet that writes nothing: read as
	// a shell command, with every word quoted as it was meant.
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	targets, err := ShellWriteTargets(strings.Join(quoted, " "))
	*out = append(*out, targets...)
	return err
}

// psReadVerbs are PowerShell's approved verbs of cmdlets that only read
// or print (Get-Content, Test-Path, Select-String, Write-Host). A cmdlet
// with one of them writes no file: the write cmdlets (Out-File, Tee-Object,
// Export-Csv, ...) are in psCmdlets and judged before this.
var psReadVerbs = map[string]bool{
	"get": true, "test": true, "select": true, "measure": true, "compare": true, "find": true,
	"search": true, "resolve": true, "show": true, "format": true, "read": true, "where": true,
	"sort": true, "group": true, "convertto": true, "convertfrom": true, "write": true, "join": true,
	"split": true,
}

// psReadsOnly reports whether a folded command name is a Verb-Noun cmdlet
// with a read verb.
func psReadsOnly(name string) bool {
	verb, noun, ok := strings.Cut(name, "-")
	return ok && noun != "" && psReadVerbs[verb]
}

// psCmdletTargets are the paths a write cmdlet names: every argument that is
// not a parameter or the value of a non-path parameter, and the files that
// New-Item -Name and Rename-Item -NewName make.
func psCmdletTargets(name string, args []string) []string {
	var paths []string
	var newName, itemName string
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') {
			paths = append(paths, a)
			positional = append(positional, a)
			continue
		}
		pname, val, inline := strings.Cut(strings.Map(foldRune, a[1:]), ":")
		if inline {
			val = a[1+len(pname)+1:] // keep the value's own case
		}
		take := func() string {
			if inline {
				return val
			}
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch psParam(pname) {
		case "value":
			take()
		case "newname":
			newName = take()
		case "name":
			itemName = take()
		default:
			if inline && val != "" {
				paths = append(paths, val)
			}
		}
	}
	isRename := name == "rename-item" || name == "ren" || name == "rni"
	if isRename && newName == "" && len(positional) > 1 {
		newName = positional[1]
	}
	first := ""
	if len(paths) > 0 {
		first = paths[0]
	}
	if newName != "" && isRename {
		paths = append(paths, newName)
		if i := strings.LastIndexAny(first, `/\`); i >= 0 && !strings.ContainsAny(newName, `/\`) {
			paths = append(paths, first[:i+1]+newName)
		}
	}
	if itemName != "" {
		paths = append(paths, itemName)
		if first != "" {
			sep := "/"
			if strings.Contains(first, `\`) && !strings.Contains(first, "/") {
				sep = `\`
			}
			paths = append(paths, strings.TrimRight(first, `/\`)+sep+itemName)
		}
	}
	return paths
}

// psNested reads `powershell -Command ...` and `-EncodedCommand` (base64 of
// UTF-16LE) as PowerShell; a -File script is not seen.
func psNested(args []string, depth int, out *[]string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' && a[0] != '/' {
			// Without -Command, the rest is the command (Windows PowerShell).
			return psTargets(strings.Join(args[i:], " "), depth+1, out)
		}
		p := strings.Map(foldRune, a[1:])
		switch {
		case p == "c" || (len(p) >= 2 && strings.HasPrefix("command", p)):
			if i+1 >= len(args) {
				return nil
			}
			return psTargets(strings.Join(args[i+1:], " "), depth+1, out)
		case p == "e" || p == "ec" || (len(p) >= 2 && strings.HasPrefix("encodedcommand", p)):
			if i+1 >= len(args) {
				return fmt.Errorf("-EncodedCommand without a command")
			}
			cmd, err := decodeUTF16Base64(args[i+1])
			if err != nil {
				return fmt.Errorf("-EncodedCommand: %v", err)
			}
			return psTargets(cmd, depth+1, out)
		case p == "f" || strings.HasPrefix("file", p):
			return nil
		case psShellValueFlags[p]:
			i++
		}
	}
	return nil
}

// psShellValueFlags are powershell.exe and pwsh options that take a value.
var psShellValueFlags = set(
	"ex", "ep", "executionpolicy", "w", "windowstyle", "wd", "workingdirectory", "configurationname",
	"o", "of", "outputformat", "if", "inputformat", "v", "version", "settingsfile", "psconsolefile",
	"custompipename", "encodedarguments", "ea",
)

func decodeUTF16Base64(s string) (string, error) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	if len(b)%2 != 0 {
		return "", fmt.Errorf("not UTF-16")
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return string(utf16.Decode(u)), nil
}

// psHome writes a path that starts at the home folder ($HOME,
// $env:USERPROFILE, $env:HOME, ~) with a leading ~, which the hook expands.
func psHome(w string) string {
	for _, prefix := range []string{"${env:userprofile}", "$env:userprofile", "${env:home}", "$env:home", "${home}", "$home", "~"} {
		if rest, ok := cutPrefixFold(w, prefix); ok && (rest == "" || rest[0] == '/' || rest[0] == '\\') {
			return "~" + rest
		}
	}
	return w
}

// psFallbackWords splits a PowerShell command that is not modelled into
// candidate paths.
func psFallbackWords(cmd string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(psASCII.Replace(cmd), func(r rune) bool {
		return strings.ContainsRune(" \t\r\n;|&<>(){}[],'\"=`", r)
	}) {
		if f != "" && f[0] != '-' && f != "$" {
			out = append(out, psHome(f))
		}
	}
	return out
}
