package blast

import (
	"regexp"
	"slices"
	"strings"
	"testing"
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
		{".sentinel/config.yaml", []string{ReasonOwnConfig}},
		{"sentinel.yml", []string{ReasonOwnConfig}},
		{".env", []string{ReasonEnv}},
		{"config/.env.local", []string{ReasonEnv}},
		{"infra/network/vpc.tf", []string{ReasonInfra}},
		{"deploy/k8s/svc.yaml", []string{ReasonCluster}},
		{".claude/settings.json", []string{ReasonGateSettings}},
		{".cursor/hooks.json", []string{ReasonGateSettings}},
		// Folders themselves, as `rm -rf` names them.
		{"terraform", []string{ReasonInfra}},
		{"deploy/k8s", []string{ReasonCluster}},
		{"src/auth", []string{ReasonAuth}},
		{".github/workflows", []string{ReasonCIWorkflow}},
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
	if NewGate().Check(r) == nil || NewGate().Check(r) == nil {
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
