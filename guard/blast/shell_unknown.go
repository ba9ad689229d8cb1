package blast

import (
	"path"
	"slices"
	"strings"
)

// wholeTree stands for "any file of the tree": one usual blast centre of
// each kind, returned (below the command's folder) for a write whose files
// cannot be known, such as `git reset --hard`, `tar xf a.tar` or
// `git apply p.diff`. Each one is a blast centre wherever it lands, so the
// gate asks once whichever folder the hook resolves it against. It holds
// no off switch (the agents' hook settings, Sentinel's trust anchors): an
// unknown write is asked about once, not denied in every turn.
var wholeTree = []string{
	".github/workflows/*",
	"migrations/*",
	".env",
	"Dockerfile",
	"go.sum",
	"package-lock.json",
	"terraform/*",
	"k8s/*",
	"sentinel.yaml",
}

// usualPaths are where blast centres usually sit below a project root. A
// folder written as a whole whose path ends like the start of one of them
// (`.github`, `db`, `k8s`, `.claude`) is judged as writing it too.
var usualPaths = []string{
	".github/workflows/*",
	"migrations/*", "db/migrate/*", "alembic/*", "prisma/schema.prisma",
	"terraform/*", "infra/*", "k8s/*",
	".sentinel/config.yaml",
	".claude/settings.json", ".claude/settings.local.json", ".gemini/settings.json", ".cursor/hooks.json",
	// Sentinel's own folders below the home folder (the default
	// XDG_CONFIG_HOME and XDG_STATE_HOME): `rm -rf ~/.config` removes them.
	".config/sentinel/*", ".local/state/sentinel/*",
}

// homeWords name the home folder in a shell word.
var homeWords = map[string]bool{"~": true, "$HOME": true, "${HOME}": true}

// cwdWords name the current folder or the project's root in a shell word
// (the agents set CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR for their
// commands).
var cwdWords = map[string]bool{
	"$PWD": true, "${PWD}": true, "$(pwd)": true, "`pwd`": true,
	"$CLAUDE_PROJECT_DIR": true, "${CLAUDE_PROJECT_DIR}": true,
	"$GEMINI_PROJECT_DIR": true, "${GEMINI_PROJECT_DIR}": true,
	"$(git rev-parse --show-toplevel)": true, "`git rev-parse --show-toplevel`": true,
}

// blastNames are the file and folder names a glob word is tried against
// (`rm .en?` removes .env).
var blastNames = []string{
	".github", "workflows", "migrations", "migration", "alembic", "db", "migrate",
	".env", ".env.local", ".env.production", "Dockerfile", "docker-compose.yml", "Makefile",
	"go.sum", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "Cargo.lock", "poetry.lock",
	"schema.prisma", "schema.sql", "terraform", "infra", "k8s", "auth",
	".sentinel", "sentinel.yaml", ".claude", ".gemini", ".cursor", "settings.json", "hooks.json",
}

// containedWrites returns the blast centres a write of the folder dir as a
// whole (a recursive delete, copy, move, sync, extraction or mode change)
// would reach: the whole-tree set when dir is the current folder or above
// it, else the usual blast centres whose path starts with dir's last
// segments. Absolute folders are matched by their last segments only: the
// project root is not known here.
func containedWrites(dir string) []string {
	if dir == "" {
		return nil
	}
	q := path.Clean(strings.ReplaceAll(dir, `\`, "/"))
	if first, rest, _ := strings.Cut(q, "/"); cwdWords[first] {
		q = path.Clean("./" + rest)
	}
	if homeWords[q] {
		return []string{q + "/.config/sentinel/*", q + "/.local/state/sentinel/*"}
	}
	if q == "." || q == ".." || q == "/" || strings.HasSuffix(q, "/..") || (strings.HasPrefix(q, "../") && allDotDot(q)) {
		out := make([]string, 0, len(wholeTree))
		for _, u := range wholeTree {
			out = append(out, joinPath(q, u))
		}
		return out
	}
	segs := strings.Split(strings.ToLower(q), "/")
	var out []string
	for _, u := range usualPaths {
		us := strings.Split(strings.ToLower(u), "/")
		for k := len(us) - 1; k >= 1; k-- {
			if k > len(segs) {
				continue
			}
			if slices.Equal(segs[len(segs)-k:], us[:k]) {
				out = append(out, q+"/"+strings.Join(strings.Split(u, "/")[k:], "/"))
				break
			}
		}
	}
	return out
}

// usualFolders returns the usual blast centres' folders whose last
// segment name (a find -name pattern) matches: workflows → .github/workflows.
func usualFolders(name string) []string {
	var out []string
	for _, u := range usualPaths {
		us := strings.Split(u, "/")
		for k := 1; k < len(us); k++ {
			if us[k] != "*" && globMatchName(name, us[k]) {
				out = append(out, strings.Join(us[:k+1], "/"))
			}
		}
	}
	return out
}

func allDotDot(p string) bool {
	for _, s := range strings.Split(p, "/") {
		if s != ".." {
			return false
		}
	}
	return true
}

// joinPath joins dir and p as the shell would resolve p from dir; an
// absolute p, or one starting with ~ or a variable, is kept.
func joinPath(dir, p string) string {
	if dir == "" || dir == "." || p == "" || isAbsWord(p) {
		return p
	}
	j := path.Join(dir, p)
	if strings.HasSuffix(p, "/") && !strings.HasSuffix(j, "/") {
		j += "/"
	}
	return j
}

// isAbsWord reports whether a word names a path that does not depend on the
// current folder.
func isAbsWord(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") ||
		strings.HasPrefix(p, `\`) || isDrivePath(p)
}

// hasGlob reports whether a word has unquoted-looking glob characters.
func hasGlob(p string) bool { return strings.ContainsAny(p, "*?[") || isExtglob(p) }

// isExtglob reports whether a word has a Bash extended glob: !(x), @(x),
// +(x), ?(x) or *(x).
func isExtglob(p string) bool {
	for _, op := range []string{"!(", "@(", "+("} {
		if strings.Contains(p, op) {
			return true
		}
	}
	return false
}

// globCandidates returns the blast centres a glob word may expand to, as
// the shell would match it were they present: the usual blast centres
// matched from the start of the word (`rm -rf *` → migrations, `rm -rf
// .git*` → .github), and, when its last segment has a literal character,
// the blast centre names it matches there (`rm .en?` → .env, `rm
// src/.env*` → src/.env). A leading `*` or `?` does not match a leading
// dot, as in the shell without dotglob.
func globCandidates(p string) []string {
	if !hasGlob(p) || len(p) > 512 {
		return nil
	}
	segs := strings.Split(path.Clean(strings.ReplaceAll(p, `\`, "/")), "/")
	for i, s := range segs {
		if isExtglob(s) || strings.Contains(s, "?(") || strings.Contains(s, "*(") {
			// An extended glob may match any name (!(src) matches all
			// but src): matched as *, and as .* for dot names.
			segs[i] = "*"
			if strings.HasPrefix(s, ".") {
				segs[i] = ".*"
			}
		}
	}
	var out []string
	for _, u := range usualPaths {
		us := strings.Split(u, "/")
		n := min(len(segs), len(us))
		ok := true
		for i := 0; i < n && ok; i++ {
			ok = globMatchName(segs[i], us[i])
		}
		if !ok {
			continue
		}
		c := strings.Join(us[:n], "/")
		if len(segs) > n {
			c += "/" + strings.Join(segs[n:], "/")
		}
		if c != p {
			out = append(out, c)
		}
	}
	last := segs[len(segs)-1]
	if hasGlob(last) && strings.Trim(last, "*?") != "" {
		prefix := strings.Join(segs[:len(segs)-1], "/")
		for _, n := range blastNames {
			if globMatchName(last, n) {
				out = append(out, joinPath(prefix, n))
			}
		}
	}
	return out
}

// globMatchName matches one glob segment against a name, case-insensitively
// (a project may be on a case-insensitive file system).
func globMatchName(glob, name string) bool {
	if strings.HasPrefix(name, ".") && !strings.HasPrefix(glob, ".") {
		return false
	}
	ok, _ := path.Match(strings.ToLower(glob), strings.ToLower(name))
	return ok
}

// codeTokens returns the path-like tokens of text (code, a command line):
// the pieces between quotes, spaces, brackets, commas and other
// punctuation that hold a `/` or a `.` or are a blast centre's name
// (Dockerfile, migrations). URLs and options are left out.
func codeTokens(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool {
		switch r {
		case ' ', '\t', '\n', '\r', '"', '\'', '`', '(', ')', '[', ']', ',', ';', '|', '&', '<', '>', '=', '!', '+':
			return true
		}
		return false
	}) {
		if pathLike(f) && strings.IndexFunc(f, isAlnum) >= 0 {
			out = append(out, f)
		}
	}
	return out
}

// pathLike reports whether a word may name a file worth judging: not an
// option or a URL, and holding a `/` or a `.`, or being a blast centre by
// name.
func pathLike(w string) bool {
	if w == "" || strings.HasPrefix(w, "-") || strings.Contains(w, "://") || len(w) > 4096 {
		return false
	}
	if strings.ContainsAny(w, "/.~") {
		return true
	}
	return Classify(w).Sensitive
}

func isAlnum(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f
}
