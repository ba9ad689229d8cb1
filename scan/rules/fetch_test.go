package rules

import (
	"strings"
	"testing"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
)

// TestFetchedPackages: a runner that fetches a package from a registry
// makes the entry unapprovable unless the command names an exact version
// (or, for npx, npm exec and bunx, the project has the package).
func TestFetchedPackages(t *testing.T) {
	dep := map[string]string{"package.json": `{"devDependencies":{"prettier":"3.3.3","@acme/lint":"1.0.0"}}`}
	for _, c := range []struct {
		cmd      string
		files    map[string]string
		unpinned string // "" for approvable
	}{
		{"npx -y db-mcp", nil, "fetches db-mcp from the npm registry"},
		{"npx db-mcp", nil, "fetches db-mcp"},
		{"npx --yes db-mcp@latest", nil, "fetches db-mcp@latest"},
		{"npx -y db-mcp@^1.2.0", nil, "with no exact version"},
		{"npx -y @scope/db-mcp", nil, "fetches @scope/db-mcp"},
		{"npx -y github:evil/x", nil, "fetches github:evil/x"},
		{"npx -y https://x.invalid/p.tgz", nil, "fetches https://x.invalid/p.tgz"},
		{"npx -p db-mcp@latest db", nil, "fetches db-mcp@latest"},
		{"npx --package=db-mcp db", nil, "fetches db-mcp"},
		{"npm exec -y db-mcp", nil, "fetches db-mcp"},
		{"npm x db-mcp", nil, "fetches db-mcp"},
		{"pnpm dlx db-mcp", nil, "fetches db-mcp"},
		{"pnpm dlx prettier --check .", dep, "fetches prettier"}, // dlx never uses the project's
		{"yarn dlx db-mcp", nil, "fetches db-mcp"},
		{"bunx db-mcp", nil, "fetches db-mcp"},
		{"bun x db-mcp", nil, "fetches db-mcp"},
		{"pnpx db-mcp", nil, "fetches db-mcp"},
		{"nice npx -y db-mcp", nil, "fetches db-mcp"},
		{"uvx ruff check", nil, "fetches ruff from the package index"},
		{"uvx ruff@latest check", nil, "fetches ruff@latest"},
		{"uvx --from 'ruff>=0.6' ruff", nil, "fetches ruff>=0.6"},
		{"uvx --with evil ruff==0.6.9 check", nil, "fetches evil"},
		{"uvx --python 3.12 ruff", nil, "fetches ruff"},
		{"uv tool run ruff", nil, "fetches ruff"},
		{"uv run --with rich python x.py", nil, "fetches rich"},
		{"uvx --with-requirements req.txt ruff==0.6.9", nil, "fetches the packages a file lists"},
		{"pipx run black", nil, "fetches black"},
		{"pipx run --spec 'black>=24' black", nil, "fetches black>=24"},
		{"npx -y $PKG", nil, "named only at run time"},
		{"docker run -i --rm mcp/github", nil, "runs the container image mcp/github"},
		{"docker run -i --rm -e TOKEN ghcr.io/x/y:1.2", nil, "runs the container image ghcr.io/x/y:1.2"},
		{"podman run --rm -v /a:/b x/y:latest serve", nil, "runs the container image x/y:latest"},
		{"deno run -A npm:evil", nil, "fetches npm:evil"},
		{"deno run jsr:@std/http/file-server", nil, "fetches jsr:@std/http/file-server"},
		{"deno run -A https://x.invalid/s.ts", nil, "runs what https://x.invalid/s.ts serves"},
		// Exact versions: the command pins them.
		{"docker run -i --rm mcp/github@sha256:" + strings.Repeat("a", 64), nil, ""},
		{"docker ps", nil, ""},
		{"deno run -A npm:x@1.2.3", nil, ""},
		{"deno run -A jsr:@std/http@1.0.0", nil, ""},
		{"deno run -A tools/x.ts", map[string]string{"tools/x.ts": "1\n"}, ""},
		{"npx -y db-mcp@1.2.3", nil, ""},
		{"npx -y @scope/db-mcp@1.2.3-beta.1", nil, ""},
		{"npx -p db-mcp@1.2.3 db", nil, ""},
		{"pnpm dlx db-mcp@1.2.3", nil, ""},
		{"yarn dlx db-mcp@1.2.3", nil, ""},
		{"bunx db-mcp@1.2.3", nil, ""},
		{"uvx ruff==0.6.9 check", nil, ""},
		{"uvx ruff@0.6.9 check", nil, ""},
		{"uvx --from 'ruff[cli]==0.6.9' ruff", nil, ""},
		{"uv tool run ruff==0.6.9", nil, ""},
		{"pipx run black==24.8.0", nil, ""},
		{"pipx run --spec black==24.8.0 black", nil, ""},
		{"uv run python x.py", nil, ""},
		{"uv run --with rich==13.8.1 python x.py", nil, ""},
		// The project's own install.
		{"npx prettier --check .", dep, ""},
		{"npx -y @acme/lint", dep, ""},
		{"npx eslint .", map[string]string{"node_modules/.bin/eslint": "#!/usr/bin/env node\n"}, ""},
		{"npx --no db-mcp", nil, ""},
		{"npx tsc --noEmit", map[string]string{"package.json": `{"devDependencies":{"typescript":"5.6.2"}}`}, ""},
		{"npx tsc --noEmit", map[string]string{"package.json": `{}`}, "fetches tsc"},
		{"pnpm exec db-mcp", nil, ""},
		{"npm exec node x.js", nil, ""},
		{"npx tsx x.ts", nil, "fetches tsx"},
		{"npx tsx x.ts", map[string]string{"package.json": `{"devDependencies":{"tsx":"4.19.0"}}`}, ""},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			checkCommandDeps(t, c.files, c.cmd, nil, nil, c.unpinned)
		})
	}
}

// TestFetchedServer: a tool server run by a package runner is read the
// same way from its words.
func TestFetchedServer(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		args []string
		ok   bool
	}{
		{"npx", []string{"-y", "@modelcontextprotocol/server-filesystem", "."}, false},
		{"npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."}, true},
		{"uvx", []string{"mcp-server-git"}, false},
		{"uvx", []string{"mcp-server-git==2025.7.1"}, true},
		{"node", []string{"server.js"}, true},
	} {
		s := agentcfg.Server{Name: "s", Command: c.cmd, Args: c.args, Raw: []byte(`{}`)}
		r := cmdRepo(map[string]string{"server.js": "1\n"}, "true")
		r.Servers = []agentcfg.Server{s}
		r.ReadScriptDeps()
		if it := r.ServerItem(s); (it.Hash != "") != c.ok {
			t.Errorf("%s %v: hash %q, want approvable %v", c.cmd, c.args, it.Hash, c.ok)
		}
	}
}

func TestPackageSpecs(t *testing.T) {
	for spec, want := range map[string]bool{
		"x@1.2.3": true, "@s/x@1.2.3": true, "x@=1.2.3": true, "x@1.2.3+b": true,
		"x": false, "x@latest": false, "x@^1.2.3": false, "x@~1.2": false, "x@1": false, "x@1.2.x": false, "x@>=1.0.0": false,
		"git+https://x/y": false, "file:../x": false, "npm:y@1.2.3": false,
	} {
		if _, got := npmSpec(spec); got != want {
			t.Errorf("npmSpec(%q) exact = %v, want %v", spec, got, want)
		}
	}
	for spec, want := range map[string]bool{
		"x==1.2.3": true, "x===1.2": true, "x[cli]==1.0": true, "x@0.6.9": true, "x==1.0rc1": true,
		"x": false, "x>=1": false, "x==1.*": false, "x@latest": false, "x~=1.2": false, "git+https://x": false,
	} {
		if _, got := pySpec(spec); got != want {
			t.Errorf("pySpec(%q) exact = %v, want %v", spec, got, want)
		}
	}
}

// TestUnapprovableFixLine: an S17a or S19 finding whose entry no approval
// can cover carries its own fix line, not the rule's "approve it once".
func TestUnapprovableFixLine(t *testing.T) {
	for _, c := range []struct {
		cmd        string
		server     *agentcfg.Server
		rule       string
		approvable bool
	}{
		{cmd: "npx -y db-mcp", rule: "S17a"},
		{cmd: "pytest -q", rule: "S17a"},
		{cmd: "bash ~/hooks/x.sh", rule: "S17a"},
		{cmd: "npx -y db-mcp@1.2.3", rule: "S17a", approvable: true},
		{cmd: "true", server: &agentcfg.Server{Tool: "claude", Source: ".mcp.json", Name: "s", Command: "uvx", Args: []string{"mcp-server-git"}, Raw: []byte(`{}`)}, rule: "S19"},
		{cmd: "true", server: &agentcfg.Server{Tool: "claude", Source: ".mcp.json", Name: "s", Command: "uvx", Args: []string{"mcp-server-git==1.0.0"}, Raw: []byte(`{}`)}, rule: "S19", approvable: true},
	} {
		r := cmdRepo(nil, c.cmd)
		if c.server != nil {
			r.AutoRuns = nil
			r.Servers = []agentcfg.Server{*c.server}
		}
		r.ReadScriptDeps()
		rule := S17a
		if c.rule == "S19" {
			rule = S19
		}
		fs := Run([]*Rule{rule}, r)
		if len(fs) != 1 {
			t.Fatalf("%s: %d findings, want 1", c.cmd, len(fs))
		}
		want := unapprovableFix
		if c.approvable {
			want = rule.Fix
		}
		if fs[0].Fix != want {
			t.Errorf("%s %v: fix %q, want %q", c.cmd, c.server, fs[0].Fix, want)
		}
	}
}
