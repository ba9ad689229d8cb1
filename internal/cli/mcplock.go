package cli

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/lock"
	"github.com/sentinel-sec/sentinel/mcpgate"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan/discover"
)

// projectMCPApprovals returns the tool definitions of server approved in the
// AGENTS.lock of the working directory (the project the MCP client started
// the proxy in), as digests the gate compares (tool → "sha256:<hex>"). They
// count only as the gate counts a lock's approvals: when the lock is signed
// by the key this machine already trusts for the project. Otherwise nothing
// is returned, with a notice when approvals for server were ignored.
func projectMCPApprovals(app *App, server string) (map[string]string, string) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, ""
	}
	fsys, err := discover.OpenDir(wd)
	if err != nil {
		return nil, ""
	}
	defer fsys.Close()
	var trust lock.Trust
	if home, err := lock.HomeDir(app.Getenv); err == nil {
		if t, err := lock.OpenTrust(home, wd); err == nil {
			trust = t
		}
	}
	approved, notice := lock.TrustedMCPTools(fsys, trust, server)
	if len(approved) == 0 {
		return nil, notice
	}
	out := make(map[string]string, len(approved))
	for tool, sum := range approved {
		out[tool] = "sha256:" + sum
	}
	return out, notice
}

// approveMCPTools copies the tools of each server pinned on this machine
// (first seen clean, or approved by a person with 'sentinel mcp allow') into
// the repository's AGENTS.lock as approvals.
func approveMCPTools(cmd *cobra.Command, app *App, o *approveOptions, r *lockRepo) error {
	dirs, err := mcpgate.ResolveDirs(app.Getenv, r.dir)
	if err != nil {
		return err
	}
	store := mcpgate.OpenPinStore(dirs.PinDir())
	l, err := r.build()
	if err != nil {
		return err
	}
	type line struct {
		server string
		c      lock.MCPToolChange
		risk   mcpgate.Risk
	}
	var done []line
	total := 0
	by, now := approver(cmd, r.dir, app), time.Now()
	for _, server := range o.mcpTools {
		pf, err := store.Load(server)
		if err != nil {
			return err
		}
		tools := map[string]string{}
		for name, p := range pf.Tools {
			if o.only != "" && !strings.Contains(name, o.only) {
				continue
			}
			sum, ok := strings.CutPrefix(p.Digest, "sha256:")
			if !ok || len(sum) != 64 {
				return fmt.Errorf("the pin of tool %s in %s has no sha256 digest; move the file aside and list the server's tools again through 'sentinel mcp proxy'",
					redact.String(name), store.PinPath(server))
			}
			tools[name] = sum
		}
		if len(tools) == 0 {
			if len(pf.Tools) > 0 {
				return usagef("no pinned tool of server %q matches --only %q; see 'sentinel mcp pins --server %s'", redact.String(server), o.only, redact.String(server))
			}
			return usagef("no tool of server %q is pinned on this machine, so there is nothing to approve; run it once through 'sentinel mcp proxy --name %s' (see 'sentinel mcp pins')",
				redact.String(server), redact.String(server))
		}
		total += len(tools)
		for _, c := range l.ApproveMCPTools(server, tools, o.note, by, now) {
			done = append(done, line{server, c, pf.Tools[c.Tool].Risk})
		}
	}
	out := cmd.OutOrStdout()
	if _, err := r.writeLock(l, out); err != nil {
		return err
	}
	if len(done) == 0 {
		fmt.Fprintf(out, "nothing to approve: the %d pinned tools are already approved in %s with the same definitions\n", total, lock.FileName)
		return nil
	}
	sort.SliceStable(done, func(i, j int) bool { return done[i].server < done[j].server })
	for _, d := range done {
		was := ""
		if d.c.Was != "" {
			was = ", replaces " + d.c.Was[:12]
		}
		fmt.Fprintf(out, "approved MCP tool  %s/%s (%s)  (pinned to definition sha256:%s%s)\n",
			termText(d.server), termText(d.c.Tool), d.risk, d.c.SHA256[:12], was)
	}
	fmt.Fprintf(out, "wrote %d MCP tool approvals to %s; commit it: 'sentinel mcp proxy' honours them once the lock is signed by a key this machine trusts (sentinel sign in CI, then sentinel verify)\n",
		len(done), lock.FileName)
	return nil
}
