package lock

import (
	"io/fs"

	"github.com/sentinel-sec/sentinel/scan"
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// Inventory returns the approvable items of a scan result (every hook, task,
// setting and tool server), hashed exactly as the rules hash them when they
// ask the lock for an approval. fsys is the tree that was scanned.
func Inventory(fsys fs.FS, res *scan.Result) []rules.Item {
	repo := &rules.Repo{FS: fsys, Scripts: map[string]*discover.File{}}
	readTargets := func(ts []agentcfg.Target) {
		for _, t := range ts {
			if t.Outside || repo.Scripts[t.Path] != nil {
				continue
			}
			if f, n := discover.ReadFile(fsys, t.Path); n == nil {
				f.Kind = discover.KindScript
				repo.Scripts[t.Path] = &f
			}
		}
	}
	for _, a := range res.Inventory.AutoRuns {
		readTargets(a.Targets)
	}
	// A tool server's project script is pinned with its configuration.
	for _, s := range res.Inventory.Servers {
		readTargets(s.Targets)
	}
	// What the scripts load is pinned with them, read as the scan read it.
	repo.AutoRuns, repo.Servers = res.Inventory.AutoRuns, res.Inventory.Servers
	repo.ReadScriptDeps()
	var out []rules.Item
	for _, a := range res.Inventory.AutoRuns {
		out = append(out, repo.HookItem(a))
	}
	for _, s := range res.Inventory.Servers {
		out = append(out, repo.ServerItem(s))
	}
	// Settings that switch a guard off (S29–S33) are approvable too: the
	// scan hashed them as their rules ask the lock.
	out = append(out, res.Inventory.Settings...)
	return out
}

// ScannedPaths returns the repository-relative paths of every file a scan
// read (agent files and the scripts they run): what the lock covers.
func ScannedPaths(res *scan.Result) []string {
	var out []string
	for _, f := range res.Files {
		if Covered(f.Path) && f.Kind != "unknown" {
			out = append(out, f.Path)
		}
	}
	return out
}
