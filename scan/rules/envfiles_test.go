package rules

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
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

// TestEnvFileScript: the script after an interpreter's --env-file FILE is
// x.js, not FILE; both are pinned, FILE read as assignments and x.js as
// the script (red team 10). And python-dotenv's `dotenv run CMD` runs CMD,
// which is read as a command line like any other.
func TestEnvFileScript(t *testing.T) {
	files := map[string]string{".env": "A=1\n", ".env.ci": "A=1\n", ".env.hook": "NODE_OPTIONS=--require ./pre.js\n", "pre.js": "1\n",
		"x.js": "require('./y')\n", "y.js": "1\n", "x.ts": "1\n", "x.py": "import h\n", "h.py": "1\n", "tools/s.sh": ". tools/lib.sh\n", "tools/lib.sh": "A=1\n",
		"config/.env": "A=1\n", "Makefile": "lint:\n\tbash tools/s.sh\n", "package.json": `{"scripts":{"y":"bash tools/s.sh"}}`,
		".venv/pyvenv.cfg": "", ".venv/lib/python3.12/site-packages/a.pth": "", "srv/main.js": "1\n"}
	const fetched = "fetches evil from the npm registry"
	for _, c := range []struct {
		cmd      string
		want     []string
		not      []string
		unpinned string
	}{
		// 2. --env-file FILE script.
		{"node --env-file .env x.js", []string{".env", "x.js", "y.js"}, nil, ""},
		{"node --env-file=.env x.js", []string{".env", "x.js", "y.js"}, nil, ""},
		{"node --env-file ./config/.env x.js", []string{"config/.env", "x.js", "y.js"}, nil, ""},
		{"node --env-file .env --env-file .env.ci x.js", []string{".env", ".env.ci", "x.js", "y.js"}, nil, ""},
		{"node --env-file-if-exists .env.ci x.js", []string{".env.ci", "x.js"}, nil, ""},
		{`node --env-file ".env" "x.js"`, []string{".env", "x.js", "y.js"}, nil, ""},
		{"node --env-file '.env' -r ./pre.js x.js", []string{".env", "pre.js", "x.js"}, nil, ""},
		{"node --env-file .env.hook x.js", []string{".env.hook", "pre.js", "x.js"}, nil, ""},
		{"node --env-file .env ~/x.js", nil, nil, "runs ~/x.js, which is outside"},
		{"node --env-file ~/.env x.js", nil, nil, "runs ~/.env, which is outside"},
		{"bun --env-file .env x.js", []string{".env", "x.js", "y.js"}, nil, ""},
		{"bun run --env-file .env x.ts", []string{".env", "x.ts"}, nil, ""},
		{"uv run --env-file .env x.py", []string{".env", "x.py", "h.py"}, nil, ""},
		{"uv run --env-file .env python x.py", []string{".env", "x.py", "h.py"}, nil, ""},
		{"uv run --env-file .env pytest", nil, nil, "`pytest`, a test runner"},
		{"uv run --env-file=.env.ci -- make lint", []string{".env.ci", "Makefile", "tools/s.sh"}, nil, ""},
		{"tsx --env-file .env x.ts", []string{".env", "x.ts"}, nil, ""},
		// deno: --env-file takes a value after "=" only; alone, .env.
		{"deno run --env-file=.env.ci x.ts", []string{".env.ci", "x.ts"}, nil, ""},
		{"deno run --env-file x.ts", []string{".env", "x.ts"}, nil, ""},
		{"deno run --env x.ts", []string{".env", "x.ts"}, nil, ""},
		{"python3 -X dev -m pytest", nil, nil, "`python -m pytest`"},
		{"python3 -X dev tools/s.sh", []string{"tools/s.sh"}, nil, ""},
		// 3. python-dotenv: the command run runs.
		{"dotenv run -- make lint", []string{".env", "Makefile", "tools/s.sh"}, nil, ""},
		{"dotenv run make lint", []string{".env", "Makefile", "tools/s.sh"}, nil, ""},
		{"dotenv run bash tools/s.sh", []string{".env", "tools/s.sh", "tools/lib.sh"}, nil, ""},
		{"dotenv run -- node x.js", []string{".env", "x.js", "y.js"}, nil, ""},
		{"dotenv run --no-override -- npm run y", []string{".env", "package.json", "tools/s.sh"}, nil, ""},
		{"dotenv -f .env.ci run -- node x.js", []string{".env.ci", "x.js"}, []string{".env"}, ""},
		{"dotenv --file=.env.ci run ./tools/s.sh", []string{".env.ci", "tools/s.sh", "tools/lib.sh"}, []string{".env"}, ""},
		{"dotenv -q never -e true -f .env.ci run make lint", []string{".env.ci", "Makefile"}, nil, ""},
		{"dotenv -f.env.ci run -- make lint", []string{".env.ci", "Makefile"}, []string{".env"}, ""},
		{"python3 -m dotenv -f.env.ci run -- make lint", []string{".env.ci", "Makefile"}, []string{".env"}, ""},
		{"uv run dotenv run -- make lint", []string{".env", "Makefile"}, nil, ""},
		{"node --env-file .env -- x.js", []string{".env", "x.js"}, nil, ""},
		{"dotenv run -- npx -y evil", nil, nil, fetched},
		{"dotenv run pytest -q", nil, nil, "`pytest -q`, a test runner"},
		{"dotenv run -- bash ~/x.sh", nil, nil, "runs ~/x.sh, which is outside"},
		{"python -m dotenv run make lint", []string{".env", "Makefile", "tools/s.sh"}, nil, ""},
		{"python3 -m dotenv -f .env.ci run bash tools/s.sh", []string{".env.ci", "tools/s.sh"}, []string{".env"}, ""},
		{"python3 -mdotenv run -- node x.js", []string{".env", "x.js"}, nil, ""},
		{"python3 -I -m dotenv run -- npx -y evil", nil, nil, fetched},
		{"python3.12 -m dotenv run pytest", nil, nil, "a test runner"},
		{"/usr/bin/python3 -m dotenv run -- uvx ruff check", nil, nil, "fetches ruff"},
		{"uv run python -m dotenv run make lint", []string{".env", "Makefile", "tools/s.sh"}, nil, ""},
		{".venv/bin/python -m dotenv run make lint", []string{".env", ".venv/pyvenv.cfg", ".venv/lib/python3.12/site-packages/a.pth", "Makefile"}, nil, ""},
		{"nice python3 -m dotenv run -- make lint", []string{".env", "Makefile"}, nil, ""},
		{"bash -c 'python3 -m dotenv run -- npx -y evil'", nil, nil, fetched},
		{"python3 -m dotenv list", []string{".env"}, []string{"Makefile"}, ""},
		// dotenv-cli and other wrappers: the script after them is pinned.
		{"dotenv -e .env.ci -- node x.js", []string{".env.ci", "x.js", "y.js"}, nil, ""},
		{"nice bash tools/s.sh", []string{"tools/s.sh", "tools/lib.sh"}, nil, ""},
		{"timeout 30 node x.js", []string{"x.js", "y.js"}, nil, ""},
		{"cd tools && nice bash s.sh", []string{"tools/s.sh"}, nil, ""},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			checkCommandDeps(t, files, c.cmd, c.want, c.not, c.unpinned)
		})
	}
	// A tool server's words: its env files and the script past a wrapper.
	for _, c := range []struct {
		words []string
		want  []string
	}{
		{[]string{"node", "--env-file", ".env.ci", "srv/main.js"}, []string{".env.ci"}}, // srv/main.js: the server's own script (shellcmd)
		{[]string{"dotenv", "-e", ".env.ci", "--", "node", "srv/main.js"}, []string{".env.ci", "srv/main.js"}},
		{[]string{"python3", "-m", "dotenv", "-f", ".env.ci", "run", "node", "srv/main.js"}, []string{".env.ci", "srv/main.js"}},
	} {
		t.Run(strings.Join(c.words, " "), func(t *testing.T) {
			fsys := fstest.MapFS{}
			for p, s := range files {
				fsys[p] = &fstest.MapFile{Data: []byte(s)}
			}
			srv := agentcfg.Server{Source: ".mcp.json", Name: "s", Command: c.words[0], Args: c.words[1:]}
			r := &Repo{FS: fsys, Scripts: map[string]*discover.File{}, Servers: []agentcfg.Server{srv}}
			r.ReadScriptDeps()
			got, why := r.ScriptDeps(srvKey(srv))
			if why != "" {
				t.Fatalf("unpinned: %s", why)
			}
			for _, w := range c.want {
				if !slices.Contains(got, w) {
					t.Errorf("%s not pinned: %v", w, got)
				}
			}
		})
	}
}
