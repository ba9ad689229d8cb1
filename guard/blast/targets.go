package blast

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ErrMalformedInput is wrapped by TargetPaths when a known write tool's input
// does not have the shape that tool takes. Callers fail closed on it.
var ErrMalformedInput = fmt.Errorf("malformed tool input")

// toolKind is what a tool does with the paths in its input.
type toolKind int

const (
	kindNone      toolKind = iota
	kindPath               // one path field (Write, Edit, write_file, replace, ...)
	kindMultiEdit          // a path plus optional per-edit paths
	kindBatch              // the seed's batchEdit: operations[].filePath
	kindPatch              // a unified or apply_patch-format patch
	kindShell              // a shell command line
	kindMove               // source and destination (MCP filesystem move_file)
)

// toolKinds maps a tool name, lower-cased with `_` and `-` removed, to its
// shape. It covers the seed's four shapes, Claude Code, Gemini CLI, Cursor
// and the reference MCP filesystem server.
var toolKinds = map[string]toolKind{
	// Seed shapes.
	"writefile": kindPath, "editfile": kindPath, "batchedit": kindBatch, "applypatch": kindPatch,
	// Claude Code.
	"write": kindPath, "edit": kindPath, "multiedit": kindMultiEdit, "notebookedit": kindPath, "bash": kindShell,
	// Gemini CLI (write_file and edit_file fold into the seed names).
	"replace": kindPath, "runshellcommand": kindShell,
	// Cursor.
	"strreplace": kindPath, "delete": kindPath, "deletefile": kindPath, "shell": kindShell, "runterminalcmd": kindShell,
	// Common MCP and agent tool names.
	"createfile": kindPath, "movefile": kindMove, "patch": kindPatch,
}

// pathKeys are the input fields that name the file a path-shaped tool writes.
var pathKeys = []string{"file_path", "path", "filePath", "notebook_path", "target_file", "absolute_path", "filename"}

// IsWriteTool reports whether TargetPaths knows toolName as a tool that writes
// or deletes files or runs shell commands.
func IsWriteTool(toolName string) bool { return toolKinds[toolKey(toolName)] != kindNone }

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
	kind := toolKinds[toolKey(toolName)]
	if kind == kindNone {
		return nil, nil
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
	case kindShell:
		cmd, ok := input["command"].(string)
		if !ok {
			return nil, fmt.Errorf("%w: %s has no command string", ErrMalformedInput, toolName)
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
