package blast

import (
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/discover"
)

// The tests below mirror seed 000's __tests__/blast-radius.test.js one for
// one (the comment above each names its counterpart), followed by the extra
// cases of issue 5.

// classifyTarget › flags the paths where a small edit is expensive
func TestClassifyFlagsExpensivePaths(t *testing.T) {
	for _, p := range []string{
		"migrations/0042_add_index.sql",
		"db/migrate/20240101_init.py",
		".github/workflows/ci.yml",
		"Dockerfile",
		"package-lock.json",
		"prisma/schema.prisma",
		"src/auth/session.ts",
		".env.production",
		"terraform/main.tf",
		"k8s/deployment.yaml",
	} {
		if !Classify(p).Sensitive {
			t.Errorf("%s should be sensitive", p)
		}
	}
}

// classifyTarget › does not flag ordinary source files
func TestClassifyLeavesOrdinaryFiles(t *testing.T) {
	for _, p := range []string{
		"src/components/button.tsx",
		"README.md",
		"__tests__/button.test.ts",
		"src/author.ts", // starts with "auth" but is not auth code
		"authors.md",
		"docs/authoring/guide.md",
		"src/infrastructure.ts",
		"src/k8s.go",
		"envoy.yaml",
		"migrate.go",
	} {
		if v := Classify(p); v.Sensitive {
			t.Errorf("%s should not be sensitive, got %v", p, v.Reasons)
		}
	}
}

// classifyTarget › normalises Windows separators
func TestClassifyNormalisesWindowsSeparators(t *testing.T) {
	v := Classify(`.github\workflows\ci.yml`)
	if !v.Sensitive || v.Path != ".github/workflows/ci.yml" {
		t.Fatalf("got %+v", v)
	}
}

// Every pattern, with its reason, and the whole-word rule.
func TestClassifyReasons(t *testing.T) {
	tests := []struct {
		path    string
		reasons []string
	}{
		{"migrations/0042_add_index.sql", []string{ReasonMigration, ReasonSQL}},
		{"app/alembic/versions/1.py", []string{ReasonMigration}},
		{"Migration/x.rb", []string{ReasonMigration}},
		{"queries/report.SQL", []string{ReasonSQL}},
		{".github/workflows/release.yaml", []string{ReasonCIWorkflow}},
		{"services/api/docker-compose.prod.yml", []string{ReasonBuildDeploy}},
		{"Makefile", []string{ReasonBuildDeploy}},
		{"Dockerfile.prod", []string{ReasonBuildDeploy}},
		{"go.sum", []string{ReasonLockfile}},
		{"rust/Cargo.lock", []string{ReasonLockfile}},
		{"api/user.schema.json", []string{ReasonSchema}},
		{"db/schema.sql", []string{ReasonSQL, ReasonSchema}},
		{"src/auth.ts", []string{ReasonAuth}},
		{"src/auth_service.go", []string{ReasonAuth}},
		{"src/authMiddleware.ts", []string{ReasonAuth}},
		{"src/OAuthClient.java", []string{ReasonAuth}},
		{"lib/login-form.tsx", []string{ReasonAuth}},
		{"src/billing/invoice.go", []string{ReasonAuth}},
		{"src/payments/stripe/webhook.ts", []string{ReasonAuth}},
		{".sentinel/config.yaml", []string{ReasonOwnConfig, ReasonTrustAnchor}},
		{"sentinel.yml", []string{ReasonOwnConfig}},
		{".env", []string{ReasonEnv}},
		{"config/.env.local", []string{ReasonEnv}},
		{"infra/network/vpc.tf", []string{ReasonInfra}},
		{"deploy/k8s/svc.yaml", []string{ReasonCluster}},
		{".claude/settings.json", []string{ReasonAgentFile, ReasonGateSettings}},
		{".cursor/hooks.json", []string{ReasonAgentFile, ReasonGateSettings}},
		// Folders themselves, as `rm -rf` names them.
		{"terraform", []string{ReasonInfra}},
		{"deploy/k8s", []string{ReasonCluster}},
		{"src/auth", []string{ReasonAuth}},
		{".github/workflows", []string{ReasonCIWorkflow}},
		{".github", []string{ReasonCIWorkflow}}, // rm -rf .github removes the workflows
	}
	for _, tt := range tests {
		v := Classify(tt.path)
		if !slices.Equal(v.Reasons, tt.reasons) {
			t.Errorf("Classify(%q).Reasons = %q, want %q", tt.path, v.Reasons, tt.reasons)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, root, want string }{
		{"./migrations/1.sql", "", "migrations/1.sql"},
		{`.\migrations\1.sql`, "", "migrations/1.sql"},
		{"migrations//1.sql", "", "migrations/1.sql"},
		{"/home/u/proj/migrations/1.sql", "/home/u/proj", "migrations/1.sql"},
		{"/home/u/proj/../other/x", "/home/u/proj", "/home/u/other/x"},
		{"/home/u/projX/a", "/home/u/proj", "/home/u/projX/a"},
		{`C:\Users\me\proj\.github\workflows\ci.yml`, `C:\Users\me\proj`, ".github/workflows/ci.yml"},
		{`c:\users\me\proj\k8s\a.yaml`, `C:\Users\me\proj`, "k8s/a.yaml"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in, tt.root); got != tt.want {
			t.Errorf("Normalize(%q, %q) = %q, want %q", tt.in, tt.root, got, tt.want)
		}
	}
}

// A project that itself lives under an "infra" folder is not all infra.
func TestClassifierRootMakesPathsRelative(t *testing.T) {
	c := NewClassifier(WithRoot("/srv/infra/app"))
	if v := c.Classify("/srv/infra/app/src/main.go"); v.Sensitive {
		t.Fatalf("file inside the project flagged: %+v", v)
	}
	if v := c.Classify("/srv/infra/app/migrations/1.sql"); !v.Sensitive || v.Path != "migrations/1.sql" {
		t.Fatalf("got %+v", v)
	}
}

func TestClassifierWindowsPaths(t *testing.T) {
	c := NewClassifier(WithRoot(`C:\work\shop`))
	for _, p := range []string{
		`C:\work\shop\migrations\0001.sql`,
		`.github\workflows\ci.yml`,
		`src\auth\session.ts`,
		`C:\work\shop\.env`,
	} {
		if !c.Classify(p).Sensitive {
			t.Errorf("%s should be sensitive", p)
		}
	}
	if c.Classify(`C:\work\shop\src\author.ts`).Sensitive {
		t.Error(`src\author.ts flagged`)
	}
}

func TestExtraPatternsAndSentinelDirs(t *testing.T) {
	c := NewClassifier(
		WithExtraPatterns(
			ExtraPattern{Glob: "seeds/**", Reason: "production seed data"},
			ExtraPattern{Glob: "*.pem"},
		),
		WithSentinelDirs("/home/u/.config/sentinel", "/home/u/.local/state/sentinel"),
	)
	if v := c.Classify("seeds/users/admin.json"); !slices.Contains(v.Reasons, "production seed data") {
		t.Errorf("extra glob: %+v", v)
	}
	if v := c.Classify("certs/server.pem"); !v.Sensitive {
		t.Errorf("basename glob: %+v", v)
	}
	if v := c.Classify("Seedſ/users/admin.json"); !slices.Contains(v.Reasons, "production seed data") {
		t.Errorf("extra glob on a look-alike: %+v", v)
	}
	if v := c.Classify("/home/u/.local/state/sentinel/gate/abc.json"); !slices.Contains(v.Reasons, ReasonSentinelState) {
		t.Errorf("state dir: %+v", v)
	}
	if v := c.Classify("/home/u/.config/sentinelx/a"); v.Sensitive {
		t.Errorf("prefix of a sentinel dir matched: %+v", v)
	}
}

func TestNameWords(t *testing.T) {
	tests := map[string][]string{
		"authMiddleware": {"auth", "middleware"},
		"OAuthClient":    {"o", "auth", "client"},
		"author":         {"author"},
		"user_session":   {"user", "session"},
		"v2auth":         {"v", "2", "auth"},
		"HTTPServer":     {"http", "server"},
	}
	for in, want := range tests {
		if got := nameWords(in); !slices.Equal(got, want) {
			t.Errorf("nameWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// checkBlastRadius › blocks the first write to a risky path
func TestGateBlocksFirstWrite(t *testing.T) {
	g := NewGate()
	targets, err := NewClassifier().Radius("writeFile", map[string]any{"path": "migrations/0043.sql", "content": "CREATE INDEX ..."})
	if err != nil {
		t.Fatal(err)
	}
	b := g.Check(targets)
	if b == nil {
		t.Fatal("no block")
	}
	for _, want := range []string{"JUSTIFICATION", "ROLLBACK", "file:line", "`migrations/0043.sql` (database migration; raw SQL)"} {
		if !strings.Contains(b.Reason, want) {
			t.Errorf("reason lacks %q:\n%s", want, b.Reason)
		}
	}
}

// checkBlastRadius › does not block the same path twice in one turn
func TestGateBlocksOncePerTurn(t *testing.T) {
	g := NewGate()
	c := NewClassifier()
	in := map[string]any{"path": "migrations/0043.sql", "content": "x"}
	r, _ := c.Radius("writeFile", in)
	if g.Check(r) == nil {
		t.Fatal("first write not blocked")
	}
	if b := g.Check(r); b != nil {
		t.Fatalf("repeat blocked: %+v", b)
	}
}

// checkBlastRadius › a new turn re-asks: state is never persisted
func TestGateNewTurnAsksAgain(t *testing.T) {
	c := NewClassifier()
	r, _ := c.Radius("writeFile", map[string]any{"path": "migrations/0043.sql", "content": "x"})
	if NewGate().Check(r) == nil {
		t.Fatal("a fresh turn must ask again")
	}
}

// checkBlastRadius › one question for a batch touching several risky paths
func TestGateOneQuestionForBatch(t *testing.T) {
	g := NewGate()
	r, err := NewClassifier().Radius("batchEdit", map[string]any{"operations": []any{
		map[string]any{"filePath": "migrations/0043.sql", "oldString": "a", "newString": "b"},
		map[string]any{"filePath": "migrations/0044.sql", "oldString": "a", "newString": "b"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b := g.Check(r)
	if b == nil {
		t.Fatal("no block")
	}
	if n := len(regexp.MustCompile(`migrations/00(43|44)`).FindAllString(b.Reason, -1)); n != 2 {
		t.Fatalf("want both paths in one question, found %d:\n%s", n, b.Reason)
	}
	// Each of them is now asked: a single write to either passes.
	single, _ := NewClassifier().Radius("writeFile", map[string]any{"path": "migrations/0044.sql"})
	if g.Check(single) != nil {
		t.Fatal("a path of the batch was asked twice")
	}
}

// Issue 5: a MultiEdit touching two risky files gets one question.
func TestGateMultiEditTwoRiskyFiles(t *testing.T) {
	g := NewGate()
	r, err := NewClassifier().Radius("MultiEdit", map[string]any{
		"file_path": "/repo/migrations/0001.sql",
		"edits": []any{
			map[string]any{"old_string": "a", "new_string": "b"},
			map[string]any{"file_path": "/repo/.github/workflows/ci.yml", "old_string": "a", "new_string": "b"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r) != 2 {
		t.Fatalf("targets = %+v", r)
	}
	b := g.Check(r)
	if b == nil || !strings.Contains(b.Reason, "0001.sql") || !strings.Contains(b.Reason, "ci.yml") {
		t.Fatalf("one question listing both, got %+v", b)
	}
	if g.Check(r) != nil {
		t.Fatal("second MultiEdit in the turn asked again")
	}
}

// checkBlastRadius › finds risky paths inside an applyPatch
func TestApplyPatchFindsRiskyPaths(t *testing.T) {
	patch := strings.Join([]string{
		"--- a/src/x.ts",
		"+++ b/src/x.ts",
		"@@ -1 +1 @@",
		"-old",
		"+new",
		"--- a/prisma/schema.prisma",
		"+++ b/prisma/schema.prisma",
		"@@ -1 +1 @@",
		"-old",
		"+new",
	}, "\n")
	r, err := NewClassifier().Radius("applyPatch", map[string]any{"patch": patch})
	if err != nil {
		t.Fatal(err)
	}
	if len(r) != 1 || !strings.Contains(r[0].Path, "schema.prisma") {
		t.Fatalf("targets = %+v", r)
	}
}

// checkBlastRadius › does not block ordinary writes at all
func TestGateIgnoresOrdinaryWrites(t *testing.T) {
	r, err := NewClassifier().Radius("writeFile", map[string]any{"path": "src/app.ts"})
	if err != nil || len(r) != 0 {
		t.Fatalf("targets = %+v, err %v", r, err)
	}
	if NewGate().Check(r) != nil {
		t.Fatal("ordinary write blocked")
	}
}

func TestTargetPathsToolShapes(t *testing.T) {
	tests := []struct {
		tool  string
		input map[string]any
		want  []string
	}{
		{"Write", map[string]any{"file_path": "/p/a.sql", "content": "x"}, []string{"/p/a.sql"}},
		{"Edit", map[string]any{"file_path": "b.go"}, []string{"b.go"}},
		{"NotebookEdit", map[string]any{"notebook_path": "n.ipynb"}, []string{"n.ipynb"}},
		{"write_file", map[string]any{"file_path": "g.txt"}, []string{"g.txt"}},
		{"replace", map[string]any{"file_path": "r.txt"}, []string{"r.txt"}},
		{"editFile", map[string]any{"path": "e.txt"}, []string{"e.txt"}},
		{"move_file", map[string]any{"source": "migrations/1.sql", "destination": "old/1.sql"}, []string{"migrations/1.sql", "old/1.sql"}},
		{"Bash", map[string]any{"command": "echo x > migrations/0001.sql"}, []string{"migrations/0001.sql"}},
		{"run_shell_command", map[string]any{"command": "cat migrations/0001.sql"}, nil},
		{"Read", map[string]any{"file_path": ".env"}, nil},
		{"Grep", map[string]any{"pattern": "x"}, nil},
	}
	for _, tt := range tests {
		got, err := TargetPaths(tt.tool, tt.input)
		if err != nil {
			t.Errorf("%s: %v", tt.tool, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("TargetPaths(%s) = %q, want %q", tt.tool, got, tt.want)
		}
	}
}

func TestTargetPathsMalformed(t *testing.T) {
	for _, tt := range []struct {
		tool  string
		input map[string]any
	}{
		{"Write", map[string]any{"content": "no path"}},
		{"Write", map[string]any{"file_path": 42}},
		{"Bash", map[string]any{"command": []any{"rm"}}},
		{"batchEdit", map[string]any{"operations": "x"}},
		{"applyPatch", map[string]any{}},
		{"Edit", nil},
	} {
		if _, err := TargetPaths(tt.tool, tt.input); err == nil {
			t.Errorf("%s %v: want an error", tt.tool, tt.input)
		}
	}
	if _, err := TargetPathsJSON("Write", []byte("{not json")); err == nil {
		t.Error("bad JSON accepted")
	}
	if p, err := TargetPathsJSON("Read", []byte("{not json")); err != nil || p != nil {
		t.Error("a read tool's input must not be judged")
	}
}

func TestJustificationPromptAndLooksJustified(t *testing.T) {
	p := JustificationPrompt([]Target{{Path: "a.sql", Reasons: []string{ReasonSQL}}})
	if !strings.Contains(p, "JUSTIFICATION") || !strings.Contains(p, "ROLLBACK") || !strings.Contains(p, "repeat the same tool call") {
		t.Fatal(p)
	}
	if !LooksJustified("Justification: src/db/users.js:214\nRollback: DROP INDEX x;") {
		t.Error("a justified answer not recognised")
	}
	if LooksJustified("I will now edit the file") {
		t.Error("plain text taken as justified")
	}
}

func TestMultiEditMalformedPath(t *testing.T) {
	if _, err := TargetPaths("MultiEdit", map[string]any{"file_path": 7, "edits": []any{}}); err == nil {
		t.Fatal("non-string file_path accepted")
	}
	if _, err := TargetPaths("MultiEdit", map[string]any{"file_path": "a", "edits": []any{map[string]any{"file_path": false}}}); err == nil {
		t.Fatal("non-string edit file_path accepted")
	}
}

// Issue 14, "blast centres by what they are": every family, with its reason.
// Each row fails if its family is dropped from the classifier.
func TestClassifyFamilies(t *testing.T) {
	tests := []struct {
		path   string
		reason string
	}{
		// CI beyond GitHub workflows.
		{".gitlab-ci.yml", ReasonCIWorkflow},
		{"Jenkinsfile", ReasonCIWorkflow},
		{"ci/Jenkinsfile.release", ReasonCIWorkflow},
		{".circleci/config.yml", ReasonCIWorkflow},
		{"azure-pipelines.yml", ReasonCIWorkflow},
		{".buildkite/pipeline.yml", ReasonCIWorkflow},
		{"bitbucket-pipelines.yml", ReasonCIWorkflow},
		{".github/actions/setup/action.yml", ReasonCIWorkflow},
		{".github/actions/setup/run.sh", ReasonCIWorkflow},
		{".travis.yml", ReasonCIWorkflow},
		{".github/dependabot.yml", ReasonRepoRules},
		{"CODEOWNERS", ReasonRepoRules},
		{".github/CODEOWNERS", ReasonRepoRules},
		{"docs/CODEOWNERS", ReasonRepoRules},
		// Lockfiles.
		{"bun.lock", ReasonLockfile},
		{"bun.lockb", ReasonLockfile},
		{"Gemfile.lock", ReasonLockfile},
		{"composer.lock", ReasonLockfile},
		{"uv.lock", ReasonLockfile},
		{"Pipfile.lock", ReasonLockfile},
		{"pubspec.lock", ReasonLockfile},
		{"mix.lock", ReasonLockfile},
		{"flake.lock", ReasonLockfile},
		{"src/App/packages.lock.json", ReasonLockfile},
		{"gradle.lockfile", ReasonLockfile},
		{"npm-shrinkwrap.json", ReasonLockfile},
		{"Podfile.lock", ReasonLockfile},
		{"deno.lock", ReasonLockfile},
		// Secrets.
		{".envrc", ReasonSecret},
		{".npmrc", ReasonSecret},
		{".pypirc", ReasonSecret},
		{".netrc", ReasonSecret},
		{".git-credentials", ReasonSecret},
		{"certs/server.pem", ReasonSecret},
		{"tls/server.key", ReasonSecret},
		{"config/master.key", ReasonSecret},
		{"deploy/id_rsa", ReasonSecret},
		{"id_ed25519", ReasonSecret},
		{"/home/u/.ssh/authorized_keys", ReasonSecret},
		{"credentials.json", ReasonSecret},
		{"config/secrets.yml", ReasonSecret},
		{"secrets.yaml", ReasonSecret},
		{".dev.vars", ReasonSecret},
		{"/home/u/.aws/credentials", ReasonSecret},
		{"/home/u/.kube/config", ReasonSecret},
		{"store.p12", ReasonSecret},
		// Build and deploy.
		{"Containerfile", ReasonBuildDeploy},
		{"compose.yml", ReasonBuildDeploy},
		{"deploy/compose.yaml", ReasonBuildDeploy},
		{"compose.override.yaml", ReasonBuildDeploy},
		{"api.dockerfile", ReasonBuildDeploy},
		// Terraform anywhere, Helm and Kustomize.
		{"main.tf", ReasonInfra},
		{"modules/vpc/variables.tf", ReasonInfra},
		{"prod.tfvars", ReasonInfra},
		{"terraform.tfstate", ReasonInfra},
		{"stack/main.tf.json", ReasonInfra},
		{"live/terragrunt.hcl", ReasonInfra},
		{"helm/api/values.yaml", ReasonCluster},
		{"charts/api/templates/deployment.yaml", ReasonCluster},
		{"charts/api/Chart.yaml", ReasonCluster},
		{"charts", ReasonCluster},
		{"overlays/prod/kustomization.yaml", ReasonCluster},
		// Auth words, as whole words of a name.
		{"src/signin.tsx", ReasonAuth},
		{"src/sso/provider.go", ReasonAuth},
		{"lib/saml_response.rb", ReasonAuth},
		{"pkg/oidc/verify.go", ReasonAuth},
		{"src/jwt.ts", ReasonAuth},
		{"src/jwt_test_helpers.go", ReasonAuth},
		{"infra_aws/iamPolicy.json", ReasonAuth},
		{"src/ACLService.java", ReasonAuth},
		{"middleware/csrf.js", ReasonAuth},
		// Everything that runs by itself.
		{".git/hooks/pre-commit", ReasonAutoRun},
		{".git/config", ReasonAutoRun},
		{".git", ReasonAutoRun},
		{".husky/pre-push", ReasonAutoRun},
		{".pre-commit-config.yaml", ReasonAutoRun},
		{"lefthook.yml", ReasonAutoRun},
		{".githooks/commit-msg", ReasonAutoRun},
		{".envrc", ReasonAutoRun},
		{"/home/u/.bashrc", ReasonAutoRun},
		{"/home/u/.zshenv", ReasonAutoRun},
		{"/home/u/.config/fish/config.fish", ReasonAutoRun},
		{"/home/u/.gitconfig", ReasonAutoRun},
		{"/home/u/.config/git/config", ReasonAutoRun},
		{`C:\Users\u\Documents\PowerShell\Microsoft.PowerShell_profile.ps1`, ReasonAutoRun},
		// Every file an agent obeys.
		{"CLAUDE.md", ReasonAgentFile},
		{"pkg/CLAUDE.local.md", ReasonAgentFile},
		{"AGENTS.md", ReasonAgentFile},
		{"GEMINI.md", ReasonAgentFile},
		{".claude/commands/deploy.md", ReasonAgentFile},
		{".claude/hooks/check.sh", ReasonAgentFile},
		{".claude/agents/reviewer.md", ReasonAgentFile},
		{".cursor/rules/style.mdc", ReasonAgentFile},
		{".cursor/mcp.json", ReasonAgentFile},
		{".cursorrules", ReasonAgentFile},
		{".gemini/commands/x.toml", ReasonAgentFile},
		{".mcp.json", ReasonAgentFile},
		{".vscode/tasks.json", ReasonAgentFile},
		{".vscode/settings.json", ReasonAgentFile},
		{".vscode/mcp.json", ReasonAgentFile},
		{".github/copilot-instructions.md", ReasonAgentFile},
		{".github/instructions/go.instructions.md", ReasonAgentFile},
		{".windsurf/rules/a.md", ReasonAgentFile},
		{".windsurfrules", ReasonAgentFile},
		{".codex/config.toml", ReasonAgentFile},
		{"skills/pdf/SKILL.md", ReasonAgentFile},
		{".clinerules", ReasonAgentFile},
		{"/home/u/.claude.json", ReasonAgentFile}, // Claude Code's user MCP servers
		// Sentinel's trust anchors in the repository.
		{"AGENTS.lock", ReasonTrustAnchor},
		{".sentinel/config.yaml", ReasonTrustAnchor},
		{".sentinel/keys/team.pub", ReasonTrustAnchor},
		{".sentinel", ReasonTrustAnchor},
		// The hook's own settings, and the folders that hold them.
		{"/home/u/.claude/settings.json", ReasonGateSettings},
		{".claude/settings.local.json", ReasonGateSettings},
		{"/home/u/.gemini/settings.json", ReasonGateSettings},
		{"/home/u/.cursor/hooks.json", ReasonGateSettings},
		{".claude", ReasonGateSettings},
		{"/etc/claude-code/managed-settings.json", ReasonGateSettings},
		{"/etc/gemini-cli/settings.json", ReasonGateSettings},
		{"/etc/cursor/hooks.json", ReasonGateSettings},
	}
	for _, tt := range tests {
		v := Classify(tt.path)
		if !slices.Contains(v.Reasons, tt.reason) {
			t.Errorf("Classify(%q).Reasons = %q, want %q among them", tt.path, v.Reasons, tt.reason)
		}
	}
}

// Look-alikes that a case-insensitive file system (macOS, Windows) opens as
// the real file count as the real file: Unicode simple case folding, and
// the trailing dots and spaces and the ::$DATA stream name Windows drops.
func TestClassifyLookAlikes(t *testing.T) {
	tests := []struct {
		path   string
		reason string
	}{
		{".github/workflowſ/ci.yml", ReasonCIWorkflow}, // U+017F long s folds to s
		{".GitHub/Workflows/ci.yml", ReasonCIWorkflow},
		{"claude.md", ReasonAgentFile},
		{".CLAUDE/Settings.JSON", ReasonGateSettings},
		{".claude/ſettings.json", ReasonGateSettings},
		{"Migrations/1.rb", ReasonMigration},
		{"\u212Aubernetes/k8s/a.yaml", ReasonCluster}, // Kelvin sign
		{"src/K8S/svc.yaml", ReasonCluster},
		{"GO.SUM", ReasonLockfile},
		{".ENV", ReasonEnv},
		{".env.", ReasonEnv},
		{".env ", ReasonEnv},
		{".env::$DATA", ReasonEnv},
		{`C:\repo\.claude\settings.json::$DATA`, ReasonGateSettings},
		{"src/ſession.ts", ReasonAuth},
		{"src/AUTH.ts", ReasonAuth},
		{"Agents.Lock", ReasonTrustAnchor},
		{"MAIN.TF", ReasonInfra},
	}
	for _, tt := range tests {
		v := Classify(tt.path)
		if !slices.Contains(v.Reasons, tt.reason) {
			t.Errorf("Classify(%q).Reasons = %q, want %q among them", tt.path, v.Reasons, tt.reason)
		}
	}
}

// Benign twins of the new families stay ordinary: the rules match whole
// names and folders, never substrings.
func TestClassifyBenignTwins(t *testing.T) {
	for _, p := range []string{
		"src/author.ts",
		"docs/tfguide.md",    // "tf" inside a name is not Terraform
		"src/keyboard.ts",    // .ts, not .key
		"docs/monkey.pem.md", // judged by its last extension: a Markdown page
		"src/charts.tsx",     // a file, not a charts/ folder
		"src/charts/Bar.tsx", // a React charts folder: only chart-shaped files count
		"src/components/Chart.tsx",
		"src/identity.ts", // id_ is a key only with a key algorithm
		"src/id_utils.go",
		"deploy/id_rsa.pub", // a public key
		"src/compose.ts",
		"docs/jenkins.md",
		"src/iamge.ts",
		"src/diameter.go",
		"src/oracle.go",
		"lib/ssoup.py",
		"cmd/hooks/main.go", // not .git/hooks
		"src/claude.ts",     // not CLAUDE.md
		"docs/agents.md.txt",
		"src/lockfile.go",
		"src/sentinel.go",
		"packages/secretsanta/app.ts",
		"src/env.ts",
		"src/profile.ts",
		"config/app/config",
	} {
		if v := Classify(p); v.Sensitive {
			t.Errorf("%s should not be sensitive, got %q", p, v.Reasons)
		}
	}
}

// The executable the hooks run, and every name it could be found by on
// PATH, is the hook itself: writing it, or the folder that holds it,
// switches the gate off.
func TestClassifyHookBinaries(t *testing.T) {
	c := NewClassifier(WithRoot("/repo"), WithHookBinaries("/home/u/go/bin/sentinel", "/usr/local/bin/sentinel"))
	for _, p := range []string{"/home/u/go/bin/sentinel", "/home/u/go/bin", "/home/u/go", "/usr/local/bin/Sentinel", "/usr/local/bin/"} {
		if v := c.Classify(p); !slices.Contains(v.Reasons, ReasonHookBinary) {
			t.Errorf("Classify(%q) = %q, want %q", p, v.Reasons, ReasonHookBinary)
		}
	}
	for _, p := range []string{"/home/u/go/bin/gopls", "/home/u/go/bin/sentinel2", "/usr/local/binx", "/repo/sentinel", "sentinel"} {
		if v := c.Classify(p); v.Sensitive {
			t.Errorf("Classify(%q) = %q, want ordinary", p, v.Reasons)
		}
	}
}

// A folder that holds Sentinel's configuration (~/.config) is Sentinel's
// configuration too when the whole folder is removed or moved.
func TestClassifySentinelDirAncestors(t *testing.T) {
	c := NewClassifier(WithSentinelDirs("/home/u/.config/sentinel"))
	for _, p := range []string{"/home/u/.config", "/home/u/.config/", "/home/u/.CONFIG/sentinel/approvals.json"} {
		if v := c.Classify(p); !slices.Contains(v.Reasons, ReasonSentinelState) {
			t.Errorf("Classify(%q) = %q, want %q", p, v.Reasons, ReasonSentinelState)
		}
	}
	if v := c.Classify("/home/u/.config/gh/hosts.yml"); slices.Contains(v.Reasons, ReasonSentinelState) {
		t.Errorf("sibling of the Sentinel folder flagged: %q", v.Reasons)
	}
}

// Every file the scanner's discovery treats as an agent file is a blast
// centre: the two tables must not drift apart.
func TestClassifyCoversDiscovery(t *testing.T) {
	for _, p := range discoverySamples {
		if _, _, ok := discover.Classify(p); !ok {
			t.Errorf("sample %q is not an agent file for scan/discover any more; update the sample list", p)
			continue
		}
		if v := Classify(p); !slices.Contains(v.Reasons, ReasonAgentFile) {
			t.Errorf("scan/discover agent file %q: Reasons = %q, want %q", p, v.Reasons, ReasonAgentFile)
		}
		// And in another case, as a case-insensitive file system opens it.
		up := strings.ToUpper(p)
		if v := Classify(up); !slices.Contains(v.Reasons, ReasonAgentFile) {
			t.Errorf("upper-case agent file %q: Reasons = %q, want %q", up, v.Reasons, ReasonAgentFile)
		}
	}
}

// discoverySamples has one path for every rule of discover.Classify.
var discoverySamples = []string{
	"CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENT.md", "AGENTS.override.md", "GEMINI.md",
	"a/SKILL.md", ".cursorrules", ".windsurfrules", ".mcp.json",
	".claude/settings.json", ".claude/settings.local.json", ".gemini/settings.json",
	".cursor/mcp.json", ".cursor/hooks.json", ".windsurf/hooks.json",
	".vscode/tasks.json", ".vscode/mcp.json", ".github/copilot-instructions.md",
	".cursor/commands/x.md", ".github/instructions/a.instructions.md", ".github/prompts/a.prompt.md",
	".github/chatmodes/a.chatmode.md", ".github/agents/a.md", ".windsurf/rules/a.md", ".windsurf/workflows/a.md",
	".cursor/rules/a.mdc", "pkg/.cursor/rules/sub/a.mdc", ".claude/rules/a.md", ".claude/commands/sub/a.md",
	".claude/agents/a.md", ".gemini/commands/a.toml", "sub/dir/.gemini/commands/x/y.toml",
}

// Issue 14, "tools by what they do": Claude Code's PowerShell tool. Each
// row names a path the command writes; it fails if the cmdlet, alias,
// parameter or redirection is no longer understood.
func TestPowerShellWriteTargets(t *testing.T) {
	tests := []struct {
		cmd  string
		want string
	}{
		{`Set-Content -Path .env -Value 'x'`, ".env"},
		{`Set-Content .github\workflows\ci.yml 'on: push'`, `.github\workflows\ci.yml`},
		{`set-content -LiteralPath 'migrations/1.sql' -Value x`, "migrations/1.sql"},
		{`Set-Content -Path:.env -Value x`, ".env"},
		{`sc .env x`, ".env"},
		{`Add-Content -Path go.sum -Value x`, "go.sum"},
		{`ac Makefile "all:"`, "Makefile"},
		{`'x' | Out-File -FilePath migrations\1.sql`, `migrations\1.sql`},
		{`Get-Date | Out-File -Append .env`, ".env"},
		{`Get-Content a | Tee-Object -FilePath .env`, ".env"},
		{`Copy-Item a.txt -Destination .env`, ".env"},
		{`Copy-Item -Path .env.example -Destination .env -Force`, ".env"},
		{`cp a.txt Dockerfile`, "Dockerfile"},
		{`copy a.txt Dockerfile`, "Dockerfile"},
		{`Move-Item .env .env.bak`, ".env"},
		{`mv -Path go.sum -Destination x`, "go.sum"},
		{`move go.sum x`, "go.sum"},
		{`Remove-Item -Recurse -Force terraform`, "terraform"},
		{`rm .env`, ".env"},
		{`del .env`, ".env"},
		{`ri -fo .env`, ".env"},
		{`Remove-Item .env, go.sum`, "go.sum"},
		{`New-Item -ItemType File -Path .github/workflows -Name ci.yml`, ".github/workflows/ci.yml"},
		{`ni .env -Value x`, ".env"},
		{`Rename-Item -Path .env.example -NewName .env`, ".env"},
		{`Rename-Item config/x.txt -NewName Makefile`, "config/Makefile"},
		{`ren x.txt Makefile`, "Makefile"},
		{`Clear-Content go.sum`, "go.sum"},
		{`clc go.sum`, "go.sum"},
		{`echo x > .env`, ".env"},
		{`echo x >> Makefile`, "Makefile"},
		{`echo x>.env`, ".env"},
		{`Write-Error x 2> migrations/err.sql`, "migrations/err.sql"},
		{`Get-Process *>> .env`, ".env"},
		{`cd src; Remove-Item .env`, ".env"},
		{`Get-ChildItem | Out-Null; Set-Content go.sum x`, "go.sum"},
		{`Remove-Item .env && echo done`, ".env"},
		{`REMOVE-ITEM .env`, ".env"},
		{`Microsoft.PowerShell.Management\Remove-Item .env`, ".env"},
		{`Remove-Item $env:USERPROFILE\.claude\settings.json`, `~\.claude\settings.json`},
		{`Remove-Item "$HOME/.claude/settings.json"`, "~/.claude/settings.json"},
		{`Set-Content ~\.gemini\settings.json '{}'`, `~\.gemini\settings.json`},
		{`Invoke-WebRequest https://x.test/a -OutFile .env`, ".env"},
		{`iwr https://x.test/a -OutFile .env`, ".env"},
		{`Export-Csv -Path secrets.json -InputObject $x`, "secrets.json"},
		{`Expand-Archive a.zip -DestinationPath .github/workflows`, ".github/workflows"},
		{`git checkout -- .env`, ".env"},
		{`& git rm go.sum`, "go.sum"},
		{"Remove-Item `\n  .env", ".env"},
		{`Set-Content -Path 'it''s.sql' -Value x`, "it's.sql"},
		{`powershell -Command "Remove-Item .env"`, ".env"},
		{`pwsh -EncodedCommand ` + utf16Base64("Remove-Item .env"), ".env"},
		// PowerShell reads typographic dashes and quotes as ASCII ones.
		{"Remove-Item \u2013Path \u2018.env\u2019", ".env"},
		{"Rename-Item x \u2014NewName \u201c.env\u201d", ".env"},
		{"pwsh \u2013c \"rm .env\"", ".env"},
	}
	for _, tt := range tests {
		got, err := TargetPaths("PowerShell", map[string]any{"command": tt.cmd})
		if err != nil {
			t.Errorf("PowerShell %q: %v", tt.cmd, err)
			continue
		}
		if !slices.Contains(got, tt.want) {
			t.Errorf("PowerShell %q: targets %q, want %q among them", tt.cmd, got, tt.want)
		}
	}
}

// Reading commands write nothing.
func TestPowerShellReadsHaveNoTargets(t *testing.T) {
	for _, cmd := range []string{
		`Get-Content .env`, `Get-ChildItem .github/workflows`, `Select-String -Path go.sum -Pattern x`,
		`Test-Path .env`, `cat .env`, `Get-Content .env 2>&1`, `git status`, `ls -Force`,
	} {
		got, err := TargetPaths("PowerShell", map[string]any{"command": cmd})
		if err != nil || len(got) != 0 {
			t.Errorf("PowerShell %q: targets %q, err %v; want none", cmd, got, err)
		}
	}
}

// A command the parser does not model (script blocks, .NET calls,
// Invoke-Expression, unbalanced quotes) returns its words with an error
// wrapping ErrMalformedInput, so the hook fails closed when one of them is
// a blast centre.
func TestPowerShellUnparsedNamesItsWords(t *testing.T) {
	tests := []struct{ cmd, word string }{
		{`[IO.File]::WriteAllText('.env', 'x')`, ".env"},
		{`[System.IO.File]::Delete("go.sum")`, "go.sum"},
		{`if ($true) { Remove-Item .env }`, ".env"},
		{`& { Set-Content Makefile x }`, "Makefile"},
		{`iex "Remove-Item .env"`, ".env"},
		{`Invoke-Expression 'rm go.sum'`, "go.sum"},
		{`Set-Content '.env`, ".env"},
		{`Remove-Item $(Join-Path . .env)`, ".env"},
		{`cmd /c del .env`, ".env"},
		{`Start-Process cmd -ArgumentList '/c del .env'`, ".env"},
		// Paths held in variables or given through the pipeline.
		{`$f = '.env'; Remove-Item $f`, ".env"},
		{`$f='go.sum'; sc $f x`, "go.sum"},
		{`'.env' | Remove-Item`, ".env"},
		{`Get-ChildItem .github/workflows | Remove-Item`, ".github/workflows"},
		{`Remove-Item $target`, "$target"},
	}
	for _, tt := range tests {
		got, err := TargetPaths("PowerShell", map[string]any{"command": tt.cmd})
		if !errors.Is(err, ErrMalformedInput) || !slices.Contains(got, tt.word) {
			t.Errorf("PowerShell %q: targets %q, err %v; want %q and ErrMalformedInput", tt.cmd, got, err, tt.word)
		}
	}
}

func utf16Base64(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return base64.StdEncoding.EncodeToString(b)
}

// MCP tools (`mcp__server__tool`, Cursor's `MCP:tool`) are judged by the
// values of their arguments, whatever the keys are called: a server can
// name its path argument anything.
func TestMCPToolsJudgedByValue(t *testing.T) {
	tests := []struct {
		tool  string
		input map[string]any
		want  string
	}{
		{"mcp__filesystem__write_file", map[string]any{"path": "/repo/.env", "content": "A=1"}, "/repo/.env"},
		{"mcp__fs__edit", map[string]any{"p": ".github/workflows/ci.yml"}, ".github/workflows/ci.yml"},
		{"mcp__x__do", map[string]any{"args": map[string]any{"where": []any{"ok.txt", "migrations/1.sql"}}}, "migrations/1.sql"},
		{"mcp__x__do", map[string]any{"spec": `{"target":"go.sum"}`}, "go.sum"},
		{"mcp__x__do", map[string]any{"uri": "file:///repo/.claude/settings.json"}, "/repo/.claude/settings.json"},
		{"mcp__x__do", map[string]any{"what": "Makefile"}, "Makefile"},
		{"mcp__x__do", map[string]any{"destination": "auth"}, "auth"},
		{"mcp__x__do", map[string]any{"v": `C:\repo\.env`}, `C:\repo\.env`},
		{"mcp__x__do", map[string]any{"v": "~/.claude/settings.json"}, "~/.claude/settings.json"},
		{"MCP:write_file", map[string]any{"file": "CLAUDE.md"}, "CLAUDE.md"},
	}
	for _, tt := range tests {
		if !IsWriteTool(tt.tool) {
			t.Errorf("IsWriteTool(%q) = false", tt.tool)
		}
		got, err := TargetPaths(tt.tool, tt.input)
		if err != nil || !slices.Contains(got, tt.want) {
			t.Errorf("TargetPaths(%s, %v) = %q, %v; want %q among them", tt.tool, tt.input, got, err, tt.want)
		}
	}
	// Prose, URLs, multi-line content and bare words that are not file
	// names are not paths; a call without arguments has none.
	for _, in := range []map[string]any{
		nil,
		{"query": "auth"},
		{"branch": "fix-billing"},
		{"url": "https://example.com/.env"},
		{"content": "line one\n.env\n"},
		{"n": 3.0, "ok": true},
	} {
		if got, err := TargetPaths("mcp__x__y", in); err != nil || len(got) != 0 {
			t.Errorf("mcp input %v: targets %q, err %v; want none", in, got, err)
		}
	}
	// A path hidden past the walk's limits fails closed, with no paths.
	decoys := make([]any, 0, maxMCPCandidates+1)
	for i := range maxMCPCandidates {
		decoys = append(decoys, fmt.Sprintf("d%d.txt", i))
	}
	decoys = append(decoys, ".claude/settings.json")
	var deep any = ".env"
	for range maxMCPDepth + 1 {
		deep = []any{deep}
	}
	for name, in := range map[string]map[string]any{"decoys": {"v": decoys}, "deep": {"v": deep}} {
		if got, err := TargetPaths("mcp__x__y", in); !errors.Is(err, ErrMalformedInput) || got != nil {
			t.Errorf("%s: targets %d, err %v; want ErrMalformedInput and no paths", name, len(got), err)
		}
	}
	if got, err := TargetPathsJSON("mcp__x__y", []byte(`"{\"path\":\".env\"}"`)); err != nil || !slices.Contains(got, ".env") {
		t.Errorf("JSON-string input (Cursor beforeMCPExecution): %q, %v", got, err)
	}
}

// Every write tool of Cursor's and Gemini CLI's hooks is known, with the
// path it writes.
func TestAgentWriteToolNames(t *testing.T) {
	tests := []struct {
		tool  string
		input map[string]any
		want  string
	}{
		{"TabWrite", map[string]any{"file_path": "/repo/.env"}, "/repo/.env"},
		{"search_replace", map[string]any{"file_path": "go.sum"}, "go.sum"},
		{"edit_file", map[string]any{"target_file": "Makefile"}, "Makefile"},
		{"write", map[string]any{"file_path": "a"}, "a"},
		{"delete_file", map[string]any{"target_file": ".env"}, ".env"},
		{"Delete", map[string]any{"path": ".env"}, ".env"},
		{"StrReplace", map[string]any{"path": ".env"}, ".env"},
		{"MultiEdit", map[string]any{"file_path": ".env", "edits": []any{}}, ".env"},
		{"write_file", map[string]any{"file_path": ".env"}, ".env"},
		{"replace", map[string]any{"file_path": ".env"}, ".env"},
		{"edit", map[string]any{"file_path": ".env"}, ".env"},
		{"smart_edit", map[string]any{"file_path": ".env"}, ".env"},
		{"save_memory", map[string]any{"fact": "x"}, "~/.gemini/GEMINI.md"},
		{"PowerShell", map[string]any{"command": "rm .env"}, ".env"},
	}
	for _, tt := range tests {
		got, err := TargetPaths(tt.tool, tt.input)
		if err != nil || !slices.Contains(got, tt.want) {
			t.Errorf("TargetPaths(%s) = %q, %v; want %q", tt.tool, got, err, tt.want)
		}
	}
}

// FuzzPowerShellWriteTargets: any command line is read or rejected, never a
// panic or a hang.
func FuzzPowerShellWriteTargets(f *testing.F) {
	for _, s := range []string{
		"Set-Content -Path .env -Value x", "rm .env, go.sum", "echo x 2>&1 > a", "'unterminated",
		"pwsh -c \"pwsh -c 'rm x'\"", "Rename-Item a -NewName b", "[IO.File]::Delete('x')", "`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if len(cmd) > 4096 {
			return
		}
		got, _ := PowerShellWriteTargets(cmd)
		for _, p := range got {
			Classify(p)
		}
	})
}

// MCP tools named for reading are not judged, as Read and Grep are not;
// every other MCP tool is.
func TestMCPReadToolsNotJudged(t *testing.T) {
	for name, want := range map[string]bool{
		"mcp__filesystem__read_file": false, "mcp__github__get_issue": false, "mcp__fs__list_directory": false,
		"mcp__github__search_code": false, "MCP:readFile": false,
		"mcp__filesystem__write_file": true, "mcp__github__create_or_update_file": true, "mcp__x__readme_update": true,
		"mcp__fs__move_file": true, "MCP:edit": true, "mcp__srv__do": true,
	} {
		if got := IsWriteTool(name); got != want {
			t.Errorf("IsWriteTool(%q) = %v, want %v", name, got, want)
		}
	}
}
