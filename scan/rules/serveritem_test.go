package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"testing/fstest"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// TestServerItemPinsScript: a server that runs no project script (a
// package of an exact version) hashes as it always did (its approval
// stands), one that fetches a package of no exact version has no hash
// (fetch.go); one that runs a project script
// changes hash when the script or a file it loads changes, and has no
// hash when the script loads a file named only at run time.
func TestServerItemPinsScript(t *testing.T) {
	raw := []byte(`{"command":"node","args":["mcp/server.js"]}`)
	pkg := agentcfg.Server{Name: "pkg", Command: "npx", Args: []string{"-y", "pkg@1.2.3"}, Raw: []byte(`{"command":"npx"}`)}
	latest := agentcfg.Server{Name: "pkg", Command: "npx", Args: []string{"-y", "pkg"}, Raw: []byte(`{"command":"npx"}`)}
	srv := agentcfg.Server{Name: "s", Command: "node", Args: []string{"mcp/server.js"}, Raw: raw, Targets: []agentcfg.Target{{Path: "mcp/server.js"}}}
	hash := func(files map[string]string, s agentcfg.Server) string {
		fsys := fstest.MapFS{}
		scripts := map[string]*discover.File{}
		for p, d := range files {
			fsys[p] = &fstest.MapFile{Data: []byte(d)}
			scripts[p] = &discover.File{Path: p, Data: []byte(d), Kind: discover.KindScript}
		}
		r := &Repo{FS: fsys, Scripts: scripts, Servers: []agentcfg.Server{s}}
		r.ReadScriptDeps()
		return r.ServerItem(s).Hash
	}
	old := sha256.Sum256(pkg.Raw)
	if got := hash(nil, pkg); got != hex.EncodeToString(old[:]) {
		t.Fatalf("a server with no project script changed hash: %s", got)
	}
	if got := hash(nil, latest); got != "" {
		t.Fatalf("a server that fetches a package of no exact version has hash %s", got)
	}
	base := map[string]string{"mcp/server.js": "require('./helper')\n", "mcp/helper.js": "exports.x = 1\n"}
	h0 := hash(base, srv)
	if h0 == "" {
		t.Fatal("a server whose script loads a literal file has no hash")
	}
	for name, change := range map[string]map[string]string{
		"script":  {"mcp/server.js": "require('./helper')\nconsole.log(1)\n", "mcp/helper.js": "exports.x = 1\n"},
		"helper":  {"mcp/server.js": "require('./helper')\n", "mcp/helper.js": "exports.x = 2\n"},
		"planted": {"mcp/server.js": "require('./helper')\n", "mcp/helper.js": "exports.x = 1\n", "mcp/helper/index.js": "x\n"},
	} {
		if h := hash(change, srv); h == h0 || h == "" {
			t.Errorf("%s changed: hash %q, was %q", name, h, h0)
		}
	}
	if h := hash(map[string]string{"mcp/server.js": "require(process.env.LIB)\n"}, srv); h != "" {
		t.Errorf("a server whose script loads a file named at run time has hash %q", h)
	}
}
