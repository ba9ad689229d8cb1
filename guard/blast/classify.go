// Package blast decides which writes have an outsized blast radius and keeps
// the per-turn state of the gate that asks an agent to justify them.
//
// A blast centre is a file where a small edit can cost far more than it looks:
// a database migration, a CI workflow, a lockfile, auth or billing code, a
// secret, infrastructure definitions, a file that runs by itself or that an
// agent obeys, or Sentinel's own settings. Names are compared as
// case-insensitive file systems compare them. The gate does not refuse such
// writes; the first one in a turn is blocked with a request for a
// JUSTIFICATION (file:line) and a ROLLBACK (exact command), and the same path
// is let through for the rest of the turn. The hook denies a few reasons in
// every turn instead (the gate's off switches: [ReasonSentinelState],
// [ReasonGateSettings], [ReasonHookBinary], [ReasonTrustAnchor]).
//
// The package has four parts, each usable alone:
//
//   - [Classifier.Classify]: is one path a blast centre, and why.
//   - [TargetPaths]: every path one tool call would write (Claude Code, Gemini
//     CLI, Cursor and the generic writeFile/editFile/batchEdit/applyPatch
//     shapes, MCP tools by argument value, patches, shell and PowerShell
//     commands).
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
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/scan/discover"
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
	// ReasonHookBinary marks the Sentinel executable the hooks run (and the
	// folders that hold it): replacing it switches the gate off for good.
	ReasonHookBinary = "the Sentinel executable the agent hooks run"
	// ReasonSecret marks credential and key files.
	ReasonSecret = "secret or credential file"
	// ReasonRepoRules marks review and dependency-automation rules.
	ReasonRepoRules = "review or dependency-automation rules, which decide what gets merged"
	// ReasonAutoRun marks files whose content runs by itself: git hooks and
	// config, hook managers, direnv.
	ReasonAutoRun = "runs commands by itself (git hooks or config, hook managers, direnv, shell startup files)"
	// ReasonAgentFile marks the files an AI agent obeys: instructions,
	// settings, commands, hooks, MCP servers.
	ReasonAgentFile = "a file an AI agent obeys (instructions, settings, hooks or MCP servers)"
	// ReasonTrustAnchor marks Sentinel's trust anchors in the repository:
	// AGENTS.lock and the .sentinel folder hold a person's approvals.
	ReasonTrustAnchor = "Sentinel's trust anchor in the repository (a person's approvals)"
	// ReasonShortName is a path with a Windows 8.3 short name (`GITHUB~1`,
	// `PROGRA~1`): Windows (and a FAT or NTFS volume mounted elsewhere) opens
	// it as the long name it stands for, which cannot be told from the
	// string, so it could be any blast centre, Sentinel's own files included.
	// The hook denies it in every turn: the long name is always available.
	ReasonShortName = "a Windows 8.3 short name (NAME~1), which may stand for any file; write it by its full name"
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
	root     string
	extra    []ExtraPattern
	ownDirs  []string
	binaries []string
}

// Option configures a Classifier.
type Option func(*Classifier)

// WithRoot makes absolute paths inside root relative to it before matching,
// so that a project living under /srv/infra/app is not itself "infra".
func WithRoot(root string) Option {
	return func(c *Classifier) {
		if root != "" {
			c.root = strings.TrimRight(path.Clean(winSlash(filepath.ToSlash(root))), "/")
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
			if d = cleanAbs(filepath.ToSlash(d)); d != "" {
				c.ownDirs = append(c.ownDirs, d)
			}
		}
	}
}

// WithHookBinaries marks files (absolute) as the Sentinel executable the
// agent hooks run: the running executable and every `sentinel` on PATH,
// whether it exists yet or not (a new one earlier on PATH would shadow the
// real one). A write to one of them, or to a folder that holds one, is a
// blast centre with [ReasonHookBinary].
func WithHookBinaries(files ...string) Option {
	return func(c *Classifier) {
		for _, f := range files {
			if f = cleanAbs(f); f != "" {
				c.binaries = append(c.binaries, f)
			}
		}
	}
}

// cleanAbs is an absolute path cleaned, with forward slashes, folded as a
// case-insensitive file system compares it; "" for a relative path.
func cleanAbs(p string) string {
	p = winSlash(p)
	if !isAbs(p) || driveRelative(p) {
		return ""
	}
	// Folding can empty a segment (`x/::$DATA`): clean again.
	return path.Clean(foldPath(path.Clean(p)))
}

// related reports whether a and d (both from cleanAbs) are the same path or
// one lies below the other: writing a folder that holds d writes d.
func related(a, d string) bool {
	if a == d || a == "/" || d == "/" {
		return true
	}
	return strings.HasPrefix(a, d+"/") || strings.HasPrefix(d, a+"/")
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
	p = winSlash(p)
	if p == "" {
		return ""
	}
	if driveRelative(p) {
		// `C:x` is x in the current folder of drive C: relative, as the
		// shell's cwd-relative names are.
		if p = p[2:]; p == "" {
			p = "."
		}
	}
	// A Windows drive path (C:/x) or a UNC path is absolute too.
	abs := strings.HasPrefix(p, "/") || isDrivePath(p)
	p = path.Clean(p)
	if root != "" && abs {
		r := winSlash(root)
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

// winSlash is p trimmed, with backslashes as slashes and the Win32
// device-namespace prefixes Windows strips before it opens a file dropped:
// `\\?\C:\x` and `\\.\C:\x` are C:\x, `\??\C:\x` (the NT form) too,
// and `\\?\UNC\server\share` is `\\server\share`. The separator is `\` on
// Windows whatever OS Sentinel runs on, since the agent's paths come from
// the agent's system: a `\` in a Unix file name is so rare that reading it
// as a separator only ever makes the gate stricter.
func winSlash(p string) string {
	p = strings.ReplaceAll(strings.TrimSpace(p), `\`, "/")
	for _, pre := range []string{"//?/", "//./", "/??/"} {
		rest, ok := cutPrefixFold(p, pre)
		if !ok {
			continue
		}
		if unc, ok := cutPrefixFold(rest, "UNC/"); ok {
			return "//" + unc
		}
		if isDrivePath(rest) {
			return rest
		}
	}
	return p
}

// msysDrive is the drive path of a Git Bash, MSYS or Cygwin path (`/c/x`,
// `/cygdrive/c/x` are `c:/x`), else "". p is in slash form.
func msysDrive(p string) string {
	rest, _ := cutPrefixFold(p, "/cygdrive")
	if len(rest) >= 2 && rest[0] == '/' && (len(rest) == 2 || rest[2] == '/') &&
		('a' <= rest[1] && rest[1] <= 'z' || 'A' <= rest[1] && rest[1] <= 'Z') {
		return rest[1:2] + ":" + rest[2:]
	}
	return ""
}

// driveRelative reports a Windows drive-relative path: `C:x` (or `C:`),
// which names x in drive C's current folder, not C:\x.
func driveRelative(p string) bool {
	return isDrivePath(p) && (len(p) == 2 || p[2] != '/')
}

// shortName reports whether a path segment has the form of a Windows 8.3
// short name: a stem of at most eight characters ending in `~` and a
// number (`GITHUB~1`, `AB12C~10`), then at most a three-character
// extension. A segment such as `notes~` or `a.txt.~1~` is not one.
func shortName(seg string) bool {
	stem, ext, hasExt := strings.Cut(seg, ".")
	if hasExt && (len(ext) == 0 || len(ext) > 3 || strings.ContainsAny(ext, ". ~")) {
		return false
	}
	i := strings.LastIndexByte(stem, '~')
	if i < 1 || i == len(stem)-1 || len(stem) > 8 || strings.ContainsAny(stem[:i], "~ ") {
		return false
	}
	for _, r := range stem[i+1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return stem[i+1] != '0'
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
	raw := winSlash(p)
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
	// Sentinel's own directories and executable are checked on the
	// absolute form; a folder that holds them counts too.
	// Git Bash and Cygwin on Windows (Claude Code's Bash tool there) name
	// C:\x /c/x and /cygdrive/c/x: compared in both spellings.
	for _, ap := range []string{cleanAbs(raw), cleanAbs(msysDrive(raw))} {
		if ap == "" {
			continue
		}
		for _, d := range c.ownDirs {
			if related(ap, d) {
				add(ReasonSentinelState)
			}
		}
		for _, b := range c.binaries {
			if related(ap, b) {
				add(ReasonHookBinary)
			}
		}
	}
	for _, r := range builtinReasons(n) {
		add(r)
	}
	for _, seg := range strings.Split(n, "/") {
		if shortName(seg) {
			add(ReasonShortName)
			break
		}
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
	// Issue 14: sign-in, single sign-on, tokens, cloud identity, access lists.
	"signin": true, "sso": true, "saml": true, "oidc": true, "jwt": true,
	"iam": true, "acl": true, "csrf": true,
}

// Folder names do not include login and session, as in the seed: a
// `session/` folder is more often UI state than credentials.
var dirAuthWords = map[string]bool{
	"auth": true, "authentication": true, "billing": true, "payment": true,
	"payments": true, "permission": true, "permissions": true, "rbac": true,
	"security": true, "authorization": true, "authorisation": true, "authn": true,
	"authz": true, "oauth": true,
	"signin": true, "sso": true, "saml": true, "oidc": true, "jwt": true,
	"iam": true, "acl": true, "csrf": true,
}

var lockfiles = set(
	"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "cargo.lock", "go.sum", "poetry.lock",
	"npm-shrinkwrap.json", "bun.lock", "bun.lockb", "deno.lock", "gemfile.lock", "composer.lock",
	"uv.lock", "pipfile.lock", "pdm.lock", "pubspec.lock", "mix.lock", "flake.lock",
	"packages.lock.json", "gradle.lockfile", "podfile.lock", "package.resolved", "go.work.sum",
	"conan.lock", "paket.lock", "cartfile.resolved", ".terraform.lock.hcl",
)

// ciFiles are CI definitions outside .github/workflows, by file name.
var ciFiles = set(
	".gitlab-ci.yml", ".gitlab-ci.yaml", "azure-pipelines.yml", "azure-pipelines.yaml",
	"bitbucket-pipelines.yml", ".travis.yml", ".drone.yml", ".woodpecker.yml", "appveyor.yml",
	".appveyor.yml", "cloudbuild.yaml", "cloudbuild.yml", "buildspec.yml", "codemagic.yaml",
)

// ciDirs are folders whose whole content is CI definition.
var ciDirs = set(".circleci", ".buildkite", ".woodpecker")

// secretFiles hold credentials by their name alone.
var secretFiles = set(
	".envrc", ".npmrc", ".pypirc", ".netrc", "_netrc", ".git-credentials", ".yarnrc.yml",
	"credentials.json", "secrets.yml", "secrets.yaml", "secrets.json", ".dev.vars",
	"credentials.yml.enc", "master.key",
)

// secretExts are key and certificate stores. Only the last extension
// counts: `monkey.pem.md` is a Markdown page about a key, not a key.
var secretExts = []string{".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk"}

// secretDirs hold credentials throughout.
var secretDirs = set(".ssh", ".gnupg", ".aws")

// sshKeyAlgos name the private keys ssh-keygen writes (id_rsa, id_ed25519,
// ...); the .pub half is public.
var sshKeyAlgos = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_xmss"}

// shellStartupFiles run at the start of every shell, the agent's and the
// hooks' included: a line there can put another `sentinel` first on PATH.
var shellStartupFiles = set(
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile",
	".zlogin", "config.fish", ".kshrc", ".cshrc", ".tcshrc",
)

// agentFileNames are files an agent reads as instructions or configuration
// wherever they are.
var agentFileNames = set(
	"claude.md", "claude.local.md", "agents.md", "agent.md", "agents.override.md", "gemini.md",
	"skill.md", ".cursorrules", ".windsurfrules", ".clinerules", ".roorules", ".goosehints",
	".mcp.json", ".aider.conf.yml", ".claude.json",
)

// agentDirs are folders whose whole content an agent reads or runs:
// instructions, commands, sub-agents, hooks, MCP servers, settings.
var agentDirs = set(
	".claude", ".cursor", ".gemini", ".windsurf", ".codex", ".clinerules", ".roo",
	".continue", ".amazonq", ".kiro", ".junie",
)

// vscodeAgentFiles are the .vscode files that run commands (tasks on folder
// open, launch configurations) or configure agents and MCP servers.
var vscodeAgentFiles = set("tasks.json", "settings.json", "mcp.json", "launch.json")

// gateFolders hold the settings where the hook is installed; removing or
// moving the folder removes the hook.
var gateFolders = set(".claude", ".gemini", ".cursor")

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// foldRune folds r as case-insensitive file systems compare names: to the
// smallest member of its Unicode simple case-folding orbit, lower-cased. So
// 'S', 's' and 'ſ' (U+017F) are all 's', and 'K', 'k' and the Kelvin sign
// are all 'k'.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return unicode.ToLower(m)
}

// foldSegment is one path segment as a case-insensitive file system, and
// Windows, would open it: case folded, the `::$DATA` stream suffix and any
// other stream name dropped, trailing dots and spaces dropped. first tells
// whether the segment is the first of the path, where `C:` is a drive.
func foldSegment(s string, first bool) string {
	f := strings.Map(foldRune, s)
	if f == "." || f == ".." {
		return f
	}
	f = strings.TrimSuffix(f, "::$data")
	if i := strings.IndexByte(f, ':'); i > 0 && !(first && len(f) == 2) {
		f = f[:i]
	}
	if t := strings.TrimRight(f, ". "); t != "" {
		f = t
	}
	return f
}

// foldPath is foldSegment applied to every segment of a slash path.
func foldPath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = foldSegment(s, i == 0)
	}
	return strings.Join(segs, "/")
}

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) && len(s) > len(x) {
			return true
		}
	}
	return false
}

// builtinReasons applies the built-in patterns to a normalised path.
// Matching is on path segments folded as a case-insensitive file system
// folds them, never on substrings of a name.
func builtinReasons(n string) []string {
	segs := strings.Split(n, "/")
	lower := make([]string, len(segs))
	for i, s := range segs {
		lower[i] = foldSegment(s, i == 0)
	}
	base := lower[len(lower)-1]
	dirs := lower[:len(lower)-1]
	abs := isAbs(n)
	var out []string
	inDir := func(names map[string]bool) bool {
		for _, d := range dirs {
			if names[d] {
				return true
			}
		}
		return false
	}
	// pair reports whether the path has the segments a/b, with b a folder
	// or the file itself.
	pair := func(a, b string) bool {
		for i := 0; i+1 < len(lower); i++ {
			if lower[i] == a && lower[i+1] == b {
				return true
			}
		}
		return false
	}
	parent := ""
	if len(dirs) > 0 {
		parent = dirs[len(dirs)-1]
	}

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
	// 3. CI: .github/workflows and .github/actions (local actions run in
	// CI), the other CI services' files and folders.
	if pair(".github", "workflows") || pair(".github", "actions") || ciFiles[base] || base == ".github" ||
		base == "jenkinsfile" || strings.HasPrefix(base, "jenkinsfile.") ||
		inDir(ciDirs) || ciDirs[base] {
		out = append(out, ReasonCIWorkflow)
	}
	// 4. Dockerfile, Containerfile, docker-compose*, compose.y(a)ml, Makefile
	if base == "dockerfile" || strings.HasPrefix(base, "dockerfile.") || hasAnySuffix(base, ".dockerfile") ||
		base == "containerfile" || strings.HasPrefix(base, "containerfile.") ||
		strings.HasPrefix(base, "docker-compose") ||
		(strings.HasPrefix(base, "compose.") && hasAnySuffix(base, ".yml", ".yaml")) ||
		base == "makefile" || base == "gnumakefile" {
		out = append(out, ReasonBuildDeploy)
	}
	// 5. lockfiles
	if lockfiles[base] {
		out = append(out, ReasonLockfile)
	}
	// 6. schema.prisma|sql|graphql, *.schema.json|ts
	if base == "schema.prisma" || base == "schema.sql" || base == "schema.graphql" ||
		hasAnySuffix(base, ".schema.json", ".schema.ts") {
		out = append(out, ReasonSchema)
	}
	// 7. auth-like file name (with an extension), by whole word.
	last := segs[len(segs)-1]
	authFile := false
	if dot := strings.LastIndexByte(last, '.'); dot > 0 && dot < len(last)-1 {
		for _, w := range nameWords(last[:dot]) {
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
	folderNames := dirs
	if !strings.Contains(last, ".") {
		folders = segs
		folderNames = lower
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
		((base == "config.yaml" || base == "config.yml") && parent == ".sentinel") {
		out = append(out, ReasonOwnConfig)
	}
	// 10. .env, .env.*
	if base == ".env" || strings.HasPrefix(base, ".env.") {
		out = append(out, ReasonEnv)
	}
	// 11. terraform/ or infra/ folders, and Terraform files anywhere.
	if slices.Contains(folderNames, "terraform") || slices.Contains(folderNames, "infra") ||
		hasAnySuffix(base, ".tf", ".tfvars", ".tfstate", ".tf.json", ".tfvars.json", ".tfstate.backup") ||
		base == "terragrunt.hcl" || base == ".terraform.lock.hcl" {
		out = append(out, ReasonInfra)
	}
	// 12. k8s/ and helm/ folders, Helm charts, Kustomize. A charts/ folder
	// counts for the files a chart is made of, not for a front end's
	// charts/Bar.tsx.
	if slices.Contains(folderNames, "k8s") || slices.Contains(folderNames, "helm") ||
		base == "chart.yaml" || base == "kustomization.yaml" || base == "kustomization.yml" || base == "kustomization" ||
		(slices.Contains(folderNames, "charts") && chartFile(base)) {
		out = append(out, ReasonCluster)
	}
	// Beyond the seed (issue 14).
	// Secrets and credentials.
	if secretFiles[base] || hasAnySuffix(base, secretExts...) || sshPrivateKey(base) ||
		inDir(secretDirs) || (parent == ".kube" && base == "config") ||
		(parent == ".docker" && base == "config.json") {
		out = append(out, ReasonSecret)
	}
	// Review rules and dependency automation.
	if base == "codeowners" || base == "renovate.json" || base == ".renovaterc" ||
		(parent == ".github" && (base == "dependabot.yml" || base == "dependabot.yaml" || base == "settings.yml")) {
		out = append(out, ReasonRepoRules)
	}
	// Everything that runs by itself: git's hooks and config (the user's
	// too), hook managers, direnv, shell and PowerShell startup files.
	if slices.Contains(lower, ".git") || slices.Contains(folderNames, ".husky") || slices.Contains(folderNames, ".githooks") ||
		base == ".pre-commit-config.yaml" || base == ".pre-commit-hooks.yaml" ||
		base == "lefthook.yml" || base == "lefthook.yaml" || base == ".lefthook.yml" || base == "lefthook-local.yml" ||
		base == ".envrc" || shellStartupFiles[base] || base == ".gitconfig" || (parent == "git" && base == "config") ||
		strings.HasSuffix(base, "profile.ps1") {
		out = append(out, ReasonAutoRun)
	}
	// Every file an agent obeys: the scanner's discovery table (exact
	// names), and the same families folded, plus the agents' whole folders.
	if _, _, ok := discover.Classify(n); ok || agentFileNames[base] || inDir(agentDirs) || agentDirs[base] ||
		(parent == ".vscode" && vscodeAgentFiles[base]) ||
		(parent == ".github" && base == "copilot-instructions.md") ||
		pair(".github", "instructions") || pair(".github", "prompts") || pair(".github", "chatmodes") || pair(".github", "agents") {
		out = append(out, ReasonAgentFile)
	}
	// Sentinel's trust anchors in the repository.
	if base == "agents.lock" || slices.Contains(lower, ".sentinel") {
		out = append(out, ReasonTrustAnchor)
	}
	// The settings files where the gate is installed, and their folders.
	if (parent == ".claude" && (base == "settings.json" || base == "settings.local.json")) ||
		(parent == ".gemini" && base == "settings.json") ||
		(parent == ".cursor" && base == "hooks.json") ||
		gateFolders[base] ||
		(abs && base == "managed-settings.json" && (parent == "claude-code" || parent == "claudecode")) ||
		(abs && parent == "gemini-cli" && (base == "settings.json" || base == "system-defaults.json")) ||
		(abs && parent == "cursor" && base == "hooks.json") {
		out = append(out, ReasonGateSettings)
	}
	return out
}

// chartFile reports whether a file below a charts/ folder is part of a Helm
// chart: YAML, templates, JSON schemas, notes, packaged charts, or a folder.
func chartFile(base string) bool {
	if base == "charts" || base == ".helmignore" || !strings.Contains(base, ".") {
		return true
	}
	return hasAnySuffix(base, ".yaml", ".yml", ".tpl", ".json", ".txt", ".tgz")
}

// sshPrivateKey reports whether base is named like an ssh private key:
// id_rsa, id_ed25519, id_rsa_deploy, id_ecdsa.old, but not id_rsa.pub nor
// id_utils.go.
func sshPrivateKey(base string) bool {
	if strings.HasSuffix(base, ".pub") {
		return false
	}
	for _, a := range sshKeyAlgos {
		if rest, ok := strings.CutPrefix(base, a); ok {
			if rest == "" || rest[0] == '_' || rest[0] == '-' || rest[0] == '.' {
				return true
			}
		}
	}
	return false
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
			words = append(words, strings.Map(foldRune, string(rs[start:end])))
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

// globMatch matches a user glob against a normalised path, both folded as
// the built-in patterns are.
func globMatch(glob, p string) bool {
	glob = strings.Trim(strings.ReplaceAll(glob, `\`, "/"), "/")
	p = foldPath(p)
	glob = strings.Map(foldRune, glob)
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

// HasShortName reports whether a segment of p (separated by `/` or `\`)
// has the form of a Windows 8.3 short name, which the classifier cannot
// tell apart from any other file ([ReasonShortName]). A caller on Windows
// that can ask the file system for the long name should do so first.
func HasShortName(p string) bool {
	for _, seg := range strings.Split(winSlash(p), "/") {
		if shortName(seg) {
			return true
		}
	}
	return false
}
