// Package blast decides which writes have an outsized blast radius and keeps
// the per-turn state of the gate that asks an agent to justify them.
//
// A blast centre is a file where a small edit can cost far more than it looks:
// a database migration, a CI workflow, a lockfile, auth or billing code, an
// environment file, infrastructure definitions, or Sentinel's own settings.
// The gate does not refuse such writes; the first one in a turn is blocked
// with a request for a JUSTIFICATION (file:line) and a ROLLBACK (exact
// command), and the same path is let through for the rest of the turn.
//
// The package has four parts, each usable alone:
//
//   - [Classifier.Classify]: is one path a blast centre, and why.
//   - [TargetPaths]: every path one tool call would write (Claude Code, Gemini
//     CLI, Cursor and the generic writeFile/editFile/batchEdit/applyPatch
//     shapes, patches, and shell commands).
//   - [Gate]: in-memory per-turn state for an agent loop in one process.
//   - [Store]: the same state kept in files per session, for hooks that run
//     as a new process on every tool call.
//
// The API is small on purpose and is used by the hook adapters and the MCP
// gateway; it is kept stable.
package blast

import (
	"path"
	"path/filepath"
	"strings"
	"unicode"
)

// The reasons attached to each built-in pattern. They are part of the
// justification prompt the model reads.
const (
	ReasonMigration   = "database migration"
	ReasonSQL         = "raw SQL"
	ReasonCIWorkflow  = "CI workflow, this gates every merge"
	ReasonBuildDeploy = "build or deploy definition"
	ReasonLockfile    = "lockfile"
	ReasonSchema      = "schema definition"
	ReasonAuth        = "auth / billing / permissions code"
	ReasonOwnConfig   = "the project's own permission config"
	ReasonEnv         = "environment secrets"
	ReasonInfra       = "infrastructure definition"
	ReasonCluster     = "cluster definition"
	// ReasonGateSettings marks the agent settings files where the gate itself
	// is installed: an agent that can edit them can switch the gate off.
	ReasonGateSettings = "agent hook settings, where this gate is installed"
	// ReasonSentinelState marks Sentinel's own configuration and state
	// directories outside the project.
	ReasonSentinelState = "Sentinel's own configuration or state"
)

// Verdict is the classification of one path.
type Verdict struct {
	// Path is the normalised path that was classified.
	Path string `json:"path"`
	// Sensitive is true when the path is a blast centre.
	Sensitive bool `json:"sensitive"`
	// Reasons lists why, in pattern order, without duplicates.
	Reasons []string `json:"reasons"`
}

// Target is one blast centre a tool call would write.
type Target struct {
	Path    string   `json:"path"`
	Reasons []string `json:"reasons"`
}

// ExtraPattern is a user-supplied blast centre. Glob is matched against the
// normalised, project-relative path with forward slashes: `*` and `?` match
// within one path segment, a `**` segment matches any number of segments, and
// a glob without a slash is matched against every file and folder name.
type ExtraPattern struct {
	Glob   string `json:"glob"`
	Reason string `json:"reason"`
}

// Classifier classifies paths. The zero value is not usable; build one with
// [NewClassifier]. A Classifier is safe for concurrent use.
type Classifier struct {
	root    string
	extra   []ExtraPattern
	ownDirs []string
}

// Option configures a Classifier.
type Option func(*Classifier)

// WithRoot makes absolute paths inside root relative to it before matching,
// so that a project living under /srv/infra/app is not itself "infra".
func WithRoot(root string) Option {
	return func(c *Classifier) {
		if root != "" {
			c.root = strings.TrimRight(filepath.ToSlash(filepath.Clean(root)), "/")
			if c.root == "" {
				c.root = "/"
			}
		}
	}
}

// WithExtraPatterns adds user-configured blast centres.
func WithExtraPatterns(p ...ExtraPattern) Option {
	return func(c *Classifier) { c.extra = append(c.extra, p...) }
}

// WithSentinelDirs marks directories (absolute) as Sentinel's own
// configuration or state: a write anywhere below them is a blast centre.
func WithSentinelDirs(dirs ...string) Option {
	return func(c *Classifier) {
		for _, d := range dirs {
			if d == "" {
				continue
			}
			d = strings.TrimRight(filepath.ToSlash(filepath.Clean(d)), "/")
			if d != "" {
				c.ownDirs = append(c.ownDirs, d)
			}
		}
	}
}

// NewClassifier returns a Classifier with the built-in patterns and opts.
func NewClassifier(opts ...Option) *Classifier {
	c := &Classifier{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Classify classifies path with the built-in patterns only and no project
// root. It is the same as NewClassifier().Classify(path).
func Classify(p string) Verdict { return NewClassifier().Classify(p) }

// Normalize turns p into the form patterns match against: backslashes become
// forward slashes, `./` and duplicate slashes go, `..` is resolved, and an
// absolute path inside root becomes relative to it. Paths outside root stay
// absolute. root may be empty.
func Normalize(p, root string) string {
	p = strings.TrimSpace(p)
	p = strings.ReplaceAll(p, `\`, "/")
	if p == "" {
		return ""
	}
	// A Windows drive path (C:/x) or a UNC path is absolute too.
	abs := strings.HasPrefix(p, "/") || isDrivePath(p)
	p = path.Clean(p)
	if root != "" && abs {
		r := strings.ReplaceAll(root, `\`, "/")
		r = strings.TrimRight(path.Clean(r), "/")
		if equalFold(p, r) {
			return "."
		}
		if len(p) > len(r)+1 && equalFold(p[:len(r)], r) && p[len(r)] == '/' {
			return p[len(r)+1:]
		}
		if r == "" && strings.HasPrefix(p, "/") { // root is "/"
			return strings.TrimPrefix(p, "/")
		}
	}
	return p
}

func isDrivePath(p string) bool {
	return len(p) >= 2 && p[1] == ':' && ((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z'))
}

// equalFold compares paths case-insensitively only for Windows drive paths,
// where the file system is case-insensitive.
func equalFold(a, b string) bool {
	if isDrivePath(a) || isDrivePath(b) {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// Classify reports whether p is a blast centre and why.
func (c *Classifier) Classify(p string) Verdict {
	raw := strings.ReplaceAll(strings.TrimSpace(p), `\`, "/")
	n := Normalize(p, c.root)
	v := Verdict{Path: n}
	if n == "" || n == "." {
		return v
	}
	add := func(r string) {
		for _, have := range v.Reasons {
			if have == r {
				return
			}
		}
		v.Reasons = append(v.Reasons, r)
	}
	// Sentinel's own directories are checked on the absolute form.
	if isAbs(raw) {
		ap := path.Clean(raw)
		for _, d := range c.ownDirs {
			if equalFold(ap, d) || (len(ap) > len(d) && equalFold(ap[:len(d)], d) && ap[len(d)] == '/') {
				add(ReasonSentinelState)
			}
		}
	}
	for _, r := range builtinReasons(n) {
		add(r)
	}
	for _, e := range c.extra {
		if e.Glob != "" && globMatch(e.Glob, n) {
			r := e.Reason
			if r == "" {
				r = "configured blast centre (" + e.Glob + ")"
			}
			add(r)
		}
	}
	v.Sensitive = len(v.Reasons) > 0
	return v
}

func isAbs(p string) bool { return strings.HasPrefix(p, "/") || isDrivePath(p) }

// authWords are the keywords of the two auth patterns. A keyword counts only
// as a whole word of a file or folder name: `auth.ts`, `auth_service.go`,
// `authMiddleware.ts` and `src/billing/x.go` are auth code; `author.ts` and
// `authors.md` are not.
var fileAuthWords = map[string]bool{
	"auth": true, "authentication": true, "login": true, "session": true,
	"billing": true, "payment": true, "payments": true, "permission": true,
	"permissions": true, "rbac": true, "security": true,
	// Beyond the seed's list: the whole-word rule would otherwise drop these,
	// which its prefix regex caught.
	"authorization": true, "authorisation": true, "authn": true, "authz": true, "oauth": true,
}

// Folder names do not include login and session, as in the seed: a
// `session/` folder is more often UI state than credentials.
var dirAuthWords = map[string]bool{
	"auth": true, "authentication": true, "billing": true, "payment": true,
	"payments": true, "permission": true, "permissions": true, "rbac": true,
	"security": true, "authorization": true, "authorisation": true, "authn": true,
	"authz": true, "oauth": true,
}

var lockfiles = map[string]bool{
	"package-lock.json": true, "yarn.lock": true, "pnpm-lock.yaml": true,
	"cargo.lock": true, "go.sum": true, "poetry.lock": true,
}

// builtinReasons applies the twelve patterns to a normalised path. Matching is
// on path segments, case-insensitively, never on substrings of a name.
func builtinReasons(n string) []string {
	segs := strings.Split(n, "/")
	lower := make([]string, len(segs))
	for i, s := range segs {
		lower[i] = strings.ToLower(s)
	}
	base := lower[len(lower)-1]
	dirs := lower[:len(lower)-1]
	var out []string

	// 1. migrations?|alembic|db/migrate as whole segments.
	for i, s := range lower {
		if s == "migration" || s == "migrations" || s == "alembic" ||
			(s == "db" && i+1 < len(lower) && lower[i+1] == "migrate") {
			out = append(out, ReasonMigration)
			break
		}
	}
	// 2. *.sql
	if strings.HasSuffix(base, ".sql") {
		out = append(out, ReasonSQL)
	}
	// 3. .github/workflows/<something>
	for i := 0; i+1 < len(lower); i++ {
		if lower[i] == ".github" && lower[i+1] == "workflows" {
			out = append(out, ReasonCIWorkflow)
			break
		}
	}
	// 4. Dockerfile, docker-compose*, Makefile
	if base == "dockerfile" || strings.HasPrefix(base, "dockerfile.") ||
		strings.HasPrefix(base, "docker-compose") || base == "makefile" {
		out = append(out, ReasonBuildDeploy)
	}
	// 5. lockfiles
	if lockfiles[base] {
		out = append(out, ReasonLockfile)
	}
	// 6. schema.prisma|sql|graphql, *.schema.json|ts
	if base == "schema.prisma" || base == "schema.sql" || base == "schema.graphql" ||
		(strings.HasSuffix(base, ".schema.json") && len(base) > len(".schema.json")) ||
		(strings.HasSuffix(base, ".schema.ts") && len(base) > len(".schema.ts")) {
		out = append(out, ReasonSchema)
	}
	// 7. auth-like file name (with an extension), by whole word.
	authFile := false
	if dot := strings.LastIndexByte(segs[len(segs)-1], '.'); dot > 0 && dot < len(segs[len(segs)-1])-1 {
		for _, w := range nameWords(segs[len(segs)-1][:dot]) {
			if fileAuthWords[w] {
				authFile = true
				break
			}
		}
	}
	// 8. auth-like folder, by whole word.
	// A last segment without an extension may be the folder itself
	// (`rm -rf src/auth`), so it is read as a folder name too.
	folders := segs[:len(segs)-1]
	if !strings.Contains(segs[len(segs)-1], ".") {
		folders = segs
		dirs = lower
	}
	authDir := false
	for _, d := range folders {
		for _, w := range nameWords(d) {
			if dirAuthWords[w] {
				authDir = true
			}
		}
	}
	if authFile || authDir {
		out = append(out, ReasonAuth)
	}
	// 9. .sentinel/config.ya?ml, sentinel.ya?ml
	if base == "sentinel.yaml" || base == "sentinel.yml" ||
		((base == "config.yaml" || base == "config.yml") && len(dirs) > 0 && dirs[len(dirs)-1] == ".sentinel") {
		out = append(out, ReasonOwnConfig)
	}
	// 10. .env, .env.*
	if base == ".env" || strings.HasPrefix(base, ".env.") {
		out = append(out, ReasonEnv)
	}
	// 11. terraform/ or infra/ folders.
	for _, d := range dirs {
		if d == "terraform" || d == "infra" {
			out = append(out, ReasonInfra)
			break
		}
	}
	// 12. k8s/ folders.
	for _, d := range dirs {
		if d == "k8s" {
			out = append(out, ReasonCluster)
			break
		}
	}
	// Beyond the seed: the settings files where the gate is installed.
	if len(dirs) > 0 {
		parent := dirs[len(dirs)-1]
		if (parent == ".claude" && (base == "settings.json" || base == "settings.local.json")) ||
			(parent == ".gemini" && base == "settings.json") ||
			(parent == ".cursor" && base == "hooks.json") {
			out = append(out, ReasonGateSettings)
		}
	}
	return out
}

// nameWords splits a file or folder name into lower-case words at
// punctuation, digits-to-letters changes and camelCase boundaries:
// "authMiddleware" → auth, middleware; "OAuthClient" → o, auth, client;
// "author" → author.
func nameWords(s string) []string {
	var words []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(string(rs[start:end])))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsLower(prev) && unicode.IsUpper(r):
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			// "OAuth": split before the last capital of a run.
			flush(i)
			start = i
		case unicode.IsDigit(prev) != unicode.IsDigit(r):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return words
}

// globMatch matches a user glob against a normalised path.
func globMatch(glob, p string) bool {
	glob = strings.Trim(strings.ReplaceAll(glob, `\`, "/"), "/")
	p = strings.ToLower(p)
	glob = strings.ToLower(glob)
	if !strings.Contains(glob, "/") {
		for _, s := range strings.Split(p, "/") {
			if ok, _ := path.Match(glob, s); ok {
				return true
			}
		}
		return false
	}
	return matchSegs(strings.Split(glob, "/"), strings.Split(p, "/"))
}

func matchSegs(g, p []string) bool {
	for len(g) > 0 {
		if g[0] == "**" {
			for i := 0; i <= len(p); i++ {
				if matchSegs(g[1:], p[i:]) {
					return true
				}
			}
			return false
		}
		if len(p) == 0 {
			return false
		}
		if ok, _ := path.Match(g[0], p[0]); !ok {
			return false
		}
		g, p = g[1:], p[1:]
	}
	// A glob naming a folder matches everything below it.
	return true
}
