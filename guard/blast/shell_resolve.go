package blast

import (
	"os"
	"path/filepath"
	"strings"
)

// shellPathVars are the variables ExpandShellPath replaces: the home
// folder and the folders Sentinel's own configuration and state live in.
// Other variables are left as written.
var shellPathVars = map[string]bool{
	"HOME": true, "SENTINEL_HOME": true, "SENTINEL_STATE_HOME": true, "XDG_CONFIG_HOME": true, "XDG_STATE_HOME": true,
	"XDG_DATA_HOME": true, "XDG_CACHE_HOME": true, "LOCALAPPDATA": true, "APPDATA": true, "USERPROFILE": true,
}

// ExpandShellPath expands, in a path taken from a shell command, a leading
// `~` and the variables of shellPathVars written $VAR, ${VAR},
// ${VAR:-default}, ${VAR-default}, ${VAR:=default} or ${VAR=default}, with
// getenv (the hook's environment), as the shell would: so
// `"${XDG_CONFIG_HOME:-$HOME/.config}/sentinel/approvals.json"` is the file
// in Sentinel's configuration folder. An unset variable is empty, as in
// the shell. Other expansions are kept as written. getenv nil returns p.
func ExpandShellPath(p string, getenv func(string) string) string {
	if getenv == nil {
		return p
	}
	return expandVars(p, getenv, 0)
}

func expandVars(p string, getenv func(string) string, depth int) string {
	if depth > 4 {
		return p
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		if h := getenv("HOME"); h != "" {
			p = h + p[1:]
		}
	}
	if !strings.Contains(p, "$") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '$' || i+1 == len(p) {
			b.WriteByte(p[i])
			continue
		}
		if p[i+1] == '{' {
			end := closingBrace(p, i+1)
			if end < 0 {
				b.WriteString(p[i:])
				return b.String()
			}
			body := p[i+2 : end]
			name, op, def := splitParam(body)
			if !shellPathVars[name] {
				b.WriteString(p[i : end+1])
			} else {
				v := getenv(name)
				switch {
				case (op == ":-" || op == ":=") && v == "":
					v = expandVars(def, getenv, depth+1)
				case (op == "-" || op == "=") && !envSet(getenv, name):
					v = expandVars(def, getenv, depth+1)
				case op != "" && op != ":-" && op != ":=" && op != "-" && op != "=":
					b.WriteString(p[i : end+1]) // ${VAR:+x}, ${VAR#x}, ...: kept
					i = end
					continue
				}
				b.WriteString(v)
			}
			i = end
			continue
		}
		j := i + 1
		for j < len(p) && (p[j] == '_' || p[j] >= 'A' && p[j] <= 'Z' || p[j] >= 'a' && p[j] <= 'z' || j > i+1 && p[j] >= '0' && p[j] <= '9') {
			j++
		}
		name := p[i+1 : j]
		if shellPathVars[name] {
			b.WriteString(getenv(name))
		} else {
			b.WriteString(p[i:j])
		}
		i = j - 1
	}
	return b.String()
}

// envSet reports whether a variable is set; getenv cannot tell set-empty
// from unset, so empty counts as unset.
func envSet(getenv func(string) string, name string) bool { return getenv(name) != "" }

func closingBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitParam splits the body of ${...} into the name, the operator and
// the word after it.
func splitParam(body string) (name, op, word string) {
	j := 0
	for j < len(body) && (body[j] == '_' || body[j] >= 'A' && body[j] <= 'Z' || body[j] >= 'a' && body[j] <= 'z' || j > 0 && body[j] >= '0' && body[j] <= '9') {
		j++
	}
	name, rest := body[:j], body[j:]
	for _, o := range []string{":-", ":=", ":+", ":?", "-", "=", "+", "?", "#", "%", "/", ":", "^", ","} {
		if strings.HasPrefix(rest, o) {
			return name, o, rest[len(o):]
		}
	}
	if rest != "" {
		return name, rest, ""
	}
	return name, "", ""
}

// defaultForms returns, for a word that starts with ${VAR:-default} (or
// -, :=, =), the word with the default in its place: what it names when
// VAR is unset, so the hook's own ~ and $HOME expansion can see
// `${XDG_CONFIG_HOME:-$HOME/.config}/sentinel`.
func defaultForms(p string) []string {
	if !strings.HasPrefix(p, "${") {
		return nil
	}
	end := closingBrace(p, 1)
	if end < 0 {
		return nil
	}
	_, op, def := splitParam(p[2:end])
	switch op {
	case ":-", "-", ":=", "=":
		return []string{def + p[end+1:]}
	}
	return nil
}

// maxSymlinkHops is how many symbolic links ResolveKernelPath follows, as
// Linux's limit of 40.
const maxSymlinkHops = 40

// ResolveKernelPath returns the file a write to p, from the folder cwd,
// really reaches, resolving the path one component at a time as the kernel
// does: a symbolic link is followed before the `..` after it is applied, so
// `l/../x` with `l -> a/b` is a/x, where lexical cleaning
// (filepath.Join, filepath.Clean) gives x. A dangling link at the end is
// followed to the file the write creates; from the first component that
// does not exist the rest is joined lexically. The result is absolute when
// cwd or p is; ok is false when the links loop or p cannot be resolved.
func ResolveKernelPath(cwd, p string) (string, bool) {
	if p == "" {
		return "", false
	}
	cur := cwd
	if filepath.IsAbs(p) || cur == "" {
		cur = string(filepath.Separator)
		if !filepath.IsAbs(p) {
			cur = "."
		}
	}
	rest := splitComponents(p)
	hops := 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := os.Lstat(next)
		if err != nil {
			// Not there (yet): the write creates it; what follows is
			// below a folder that does not exist, joined lexically.
			return filepath.Join(append([]string{next}, rest...)...), true
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		hops++
		if hops > maxSymlinkHops {
			return "", false
		}
		t, err := os.Readlink(next)
		if err != nil {
			return "", false
		}
		if filepath.IsAbs(t) {
			cur = string(filepath.Separator)
			if v := filepath.VolumeName(t); v != "" {
				cur = v + string(filepath.Separator)
			}
		}
		rest = append(splitComponents(t), rest...)
	}
	return cur, true
}

func splitComponents(p string) []string {
	return strings.FieldsFunc(filepath.ToSlash(p), func(r rune) bool { return r == '/' })
}
