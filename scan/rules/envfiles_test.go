package rules

import (
	"slices"
	"testing"
)

// TestEnvFiles: the environment files a command loads are pinned (and
// read for what they load), wherever the loader stands.
func TestEnvFiles(t *testing.T) {
	files := map[string]string{".env": "A=1\n", ".env.local": "A=1\n", ".env.ci": "A=1\n", ".env.op": "A=1\n", ".env.py": "A=1\n",
		".env.uv": "A=1\n", ".env.bun": "A=1\n", "Makefile": "lint:\n\ttrue\n", "x.js": "1\n", "x.py": "1\n", "x.ts": "1\n",
		".env.hook": "BASH_ENV=./tools/init.sh\n", "tools/init.sh": "echo\n"}
	for _, c := range []struct {
		cmd  string
		want []string
		not  []string
	}{
		{"dotenv -e .env.local -- make lint", []string{".env.local", "Makefile"}, []string{".env"}},
		{"dotenv -e=.env.ci make lint", []string{".env.ci", "Makefile"}, nil},
		{"dotenv make lint", []string{".env", "Makefile"}, nil},
		{"dotenv -c -- make lint", []string{".env", ".env.local", "Makefile"}, nil},
		{"dotenvx run -f .env.ci -- make lint", []string{".env.ci", "Makefile"}, nil},
		{"dotenvx run --env-file=.env.ci -- make lint", []string{".env.ci"}, nil},
		{"op run --env-file=.env.op -- make lint", []string{".env.op", "Makefile"}, nil},
		{"op run --env-file .env.op -- make lint", []string{".env.op"}, nil},
		{"env $(cat .env) make lint", []string{".env", "Makefile"}, nil},
		{"env $(cat .env | xargs) make lint", []string{".env", "Makefile"}, nil},
		{"env $(grep -v '^#' .env.ci | xargs) make lint", []string{".env.ci", "Makefile"}, nil},
		{"export $(cat .env | xargs) && make lint", []string{".env", "Makefile"}, nil},
		{"export $(grep -v '^#' .env | xargs); make lint", []string{".env"}, nil},
		{"set -a; . ./.env; set +a; make lint", []string{".env", "Makefile"}, nil},
		{"node --env-file=.env x.js", []string{".env", "x.js"}, nil},
		{"bun --env-file=.env.bun x.ts", []string{".env.bun", "x.ts"}, nil},
		{"uv run --env-file .env.uv python x.py", []string{".env.uv"}, nil},
		{"python -m dotenv -f .env.py run true", []string{".env.py"}, []string{".env"}},
		{"python3 -m dotenv run true", []string{".env"}, nil},
		{"nice dotenv -e .env.ci -- make lint", []string{".env.ci", "Makefile"}, nil},
		{"dotenv -e .env.hook -- true", []string{".env.hook", "tools/init.sh"}, nil},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			checkCommandDeps(t, files, c.cmd, c.want, c.not, "")
		})
	}
	// A missing env file is pinned as absent; one out of the tree refuses.
	r := cmdRepo(map[string]string{"Makefile": "lint:\n"}, "dotenv -e .env.local -- make lint")
	r.ReadScriptDeps()
	if !slices.Contains(r.AbsentDeps(), ".env.local") {
		t.Errorf("a missing env file is not pinned as absent: %v", r.AbsentDeps())
	}
	r = cmdRepo(nil, "dotenv -e ~/.secrets/env -- true")
	r.ReadScriptDeps()
	if _, why := r.ScriptDeps(cmdKey("dotenv -e ~/.secrets/env -- true")); why == "" {
		t.Error("an env file out of the tree does not refuse")
	}
}
