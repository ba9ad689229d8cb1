// Package projconf reads a project's .sentinel.yaml: the defaults a team
// keeps beside its code for 'sentinel scan' (fail-on, excludes, the
// baseline's path). Its schema is spec/sentinel-config.schema.json.
//
// A scanned project writes this file, so it can only make Sentinel stricter
// or quieter about lines a person reviewed: it cannot approve a hook, a task
// or a tool server, it cannot hide a finding that forces COMPROMISED (an
// exclude here leaves files scanned and only suppresses their other
// findings, each listed), 'fail-on: never' is refused ('compromised' is
// read but 'sentinel scan' does not follow it: it would loosen the exit
// code), and the gate
// ('sentinel run') never reads it.
package projconf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FileName is the project configuration file, at the scanned folder's root.
const FileName = ".sentinel.yaml"

// MaxSize is the largest .sentinel.yaml read (64 KiB).
const MaxSize = 64 << 10

// Config is a project's .sentinel.yaml.
type Config struct {
	// FailOn is "suspicious" or "compromised"; "" when not set.
	FailOn string `yaml:"fail-on" json:"fail-on,omitempty"`
	// Exclude are glob patterns (as --exclude takes them) whose files are
	// still scanned but whose findings that do not force COMPROMISED are
	// suppressed and listed.
	Exclude []string `yaml:"exclude" json:"exclude,omitempty"`
	// Baseline is the baseline file's path relative to the project root.
	Baseline string `yaml:"baseline" json:"baseline,omitempty"`
}

// Keys are the keys a .sentinel.yaml may hold, in the order documented.
var Keys = []string{"fail-on", "exclude", "baseline"}

// Load reads FileName from the root of fsys. A missing file is (nil, nil).
func Load(fsys fs.FS) (*Config, error) {
	f, err := fsys.Open(FileName)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", FileName, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file; remove it or make it one", FileName)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", FileName, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%s is larger than %d KiB, which no project configuration needs; it holds only fail-on, exclude and baseline", FileName, MaxSize>>10)
	}
	return Parse(data)
}

// Parse decodes and validates a .sentinel.yaml. Every error is one
// sentence that starts with the file's name, the line and the column.
func Parse(data []byte) (*Config, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &Config{}, nil
		}
		return nil, fmt.Errorf("%s is not valid YAML (%s)", FileName, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, errAt(&extra, "holds a second YAML document; keep one")
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return &Config{}, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, errAt(root, "must be a mapping of keys (%s) to values", strings.Join(Keys, ", "))
	}
	c := &Config{}
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, errAt(k, "a key must be a plain name (%s)", strings.Join(Keys, ", "))
		}
		if seen[k.Value] {
			return nil, errAt(k, "repeats the key %q; keep one", k.Value)
		}
		seen[k.Value] = true
		switch k.Value {
		case "fail-on":
			s, err := scalar(v, k.Value)
			if err != nil {
				return nil, err
			}
			switch {
			case s == "suspicious" || s == "compromised":
				c.FailOn = s
			case strings.EqualFold(s, "never"):
				return nil, errAt(v, "fail-on: never is refused here: a project's own file cannot make a COMPROMISED verdict pass; pass --fail-on never on the command line if you mean it")
			default:
				return nil, errAt(v, "fail-on %q is not one of suspicious, compromised", s)
			}
		case "exclude":
			if v.Kind != yaml.SequenceNode {
				return nil, errAt(v, "exclude must be a list of patterns, such as ['vendor/**']")
			}
			for _, item := range v.Content {
				s, err := scalar(item, "an exclude pattern")
				if err != nil {
					return nil, err
				}
				if s == "" {
					return nil, errAt(item, "an exclude pattern is empty")
				}
				c.Exclude = append(c.Exclude, s)
			}
		case "baseline":
			s, err := scalar(v, k.Value)
			if err != nil {
				return nil, err
			}
			clean := path.Clean(s)
			if s == "" || path.IsAbs(s) || strings.Contains(s, "\\") || clean == ".." || strings.HasPrefix(clean, "../") {
				return nil, errAt(v, "baseline %q must be a path inside the project, relative to it, with / between folders", s)
			}
			c.Baseline = clean
		default:
			msg := fmt.Sprintf("has an unknown key %q", k.Value)
			if near := Nearest(k.Value, Keys); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else {
				msg += fmt.Sprintf("; the keys are %s", strings.Join(Keys, ", "))
			}
			return nil, errAt(k, "%s", msg)
		}
	}
	return c, nil
}

func scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind == yaml.AliasNode {
		return "", errAt(n, "%s must be written out, not an alias (*%s)", what, n.Value)
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return "", errAt(n, "%s must be a string", what)
	}
	return n.Value, nil
}

func errAt(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s line %d, column %d: %s", FileName, n.Line, n.Column, fmt.Sprintf(format, args...))
}

// Nearest returns the key closest to s by edit distance, when it is close
// enough to be a typo (at most 3 edits, and fewer than the key's length).
func Nearest(s string, keys []string) string {
	best, bestD := "", 4
	for _, k := range keys {
		d := distance(strings.ToLower(s), k)
		if d < bestD && d < len(k) {
			best, bestD = k, d
		}
	}
	return best
}

// distance is the Levenshtein distance of a and b (bytes; keys are ASCII).
func distance(a, b string) int {
	if len(a) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
