package scan

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// buildRepo parses every config file and reads the scripts they run.
func buildRepo(fsys fs.FS, files []discover.File, notices *[]Notice, hooksOnly bool) *rules.Repo {
	repo := &rules.Repo{
		Files:   files,
		Configs: map[string]*agentcfg.Config{},
		Scripts: map[string]*discover.File{},
	}
	repo.FS = fsys
	var reads []discover.File
	seen := make(map[string]bool, len(files))
	for i := range files {
		seen[files[i].Path] = true
	}
	for i := range files {
		f := &files[i]
		cfg := agentcfg.Parse(f.Path, f.Kind, f.Tool, f.Data)
		if cfg == nil {
			continue
		}
		repo.Configs[f.Path] = cfg
		repo.AutoRuns = append(repo.AutoRuns, cfg.AutoRuns...)
		repo.Servers = append(repo.Servers, cfg.Servers...)
		for _, p := range cfg.Problems {
			*notices = append(*notices, Notice{Path: p.Source, Message: p.Message})
		}
		for _, in := range cfg.Reads {
			if hooksOnly && in.Kind == "" {
				continue // instructions; a hooks file a config names is still read
			}
			for _, in := range expandRead(fsys, f, in, notices) {
				if outsideRun(repo, f, in) {
					continue
				}
				if g, ok := readInclude(fsys, f, in, seen, in.Quiet, notices); ok {
					reads = append(reads, g)
				}
			}
		}
	}
	// A config a config names (a plugin's hooks file given as a path in
	// plugin.json, a marketplace a settings file adds) is parsed like one
	// the walk found, and the files it names in turn are read (reads
	// grows while it is walked; seen stops a cycle).
	for i := 0; i < len(reads); i++ {
		g := reads[i]
		if g.Kind == discover.KindInstructions {
			continue
		}
		cfg := agentcfg.Parse(g.Path, g.Kind, g.Tool, g.Data)
		if cfg == nil {
			continue
		}
		repo.Configs[g.Path] = cfg
		repo.AutoRuns = append(repo.AutoRuns, cfg.AutoRuns...)
		repo.Servers = append(repo.Servers, cfg.Servers...)
		for _, p := range cfg.Problems {
			*notices = append(*notices, Notice{Path: p.Source, Message: p.Message})
		}
		for _, in := range cfg.Reads {
			if hooksOnly && in.Kind == "" {
				continue
			}
			for _, in := range expandRead(fsys, &g, in, notices) {
				if outsideRun(repo, &g, in) {
					continue
				}
				if h, ok := readInclude(fsys, &g, in, seen, in.Quiet, notices); ok {
					reads = append(reads, h)
				}
			}
		}
	}
	if !hooksOnly {
		reads = append(reads, readImports(fsys, files, reads, seen, notices)...)
	}
	if len(reads) > 0 {
		files = append(files[:len(files):len(files)], reads...)
		repo.Files = files
	}
	// Read every script an auto-run item or a server runs, once.
	want := map[string]bool{}
	for _, a := range repo.AutoRuns {
		for _, t := range a.Targets {
			if !t.Outside {
				want[t.Path] = true
			}
		}
	}
	for _, s := range repo.Servers {
		for _, t := range s.Targets {
			if !t.Outside {
				want[t.Path] = true
			}
		}
	}
	if repo.FS == nil {
		return repo
	}
	for p := range want {
		if repo.File(p) != nil {
			continue
		}
		f, n := discover.ReadFile(repo.FS, p)
		if n != nil {
			continue // missing scripts are the rules' business (S10)
		}
		f.Kind = discover.KindScript
		repo.Scripts[p] = &f
	}
	// And what those scripts source, import or name as their interpreter.
	*notices = append(*notices, repo.ReadScriptDeps()...)
	return repo
}

// maxGlobFiles bounds the files one pattern in a config's read list adds.
const maxGlobFiles = 200

// expandRead turns one entry of a config's read list into the files it
// names: itself, or the files a pattern matches inside the scanned folder.
// A URL is a notice: Sentinel does not fetch, so what it says is unknown.
func expandRead(fsys fs.FS, from *discover.File, in agentcfg.Include, notices *[]Notice) []agentcfg.Include {
	if strings.Contains(in.Path, "://") {
		*notices = append(*notices, Notice{Path: from.Path, Message: "not read: " + in.Path + " (named on line " + itoa(in.Line) + ") is fetched by the agent from the network, which Sentinel never does; read it yourself before you trust it"})
		return nil
	}
	if !strings.ContainsAny(in.Path, "*?[") {
		return []agentcfg.Include{in}
	}
	pat := path.Clean(path.Join(path.Dir(from.Path), in.Path))
	if fsys == nil || pat == ".." || strings.HasPrefix(pat, "../") || strings.HasPrefix(in.Path, "/") || strings.HasPrefix(in.Path, "~") {
		return []agentcfg.Include{in} // readInclude says why it is not read
	}
	if !doublestar.ValidatePattern(pat) {
		*notices = append(*notices, Notice{Path: from.Path, Message: "not read: the pattern " + in.Path + " (line " + itoa(in.Line) + ") is malformed"})
		return nil
	}
	// "**" matches any number of folders, as the agents' own globs do
	// (Kiro resources, Aider read:, Cursor globs): "docs/**/*.md" reads a
	// file three folders down too. The walk stops one past the bound.
	var matches []string
	errFull := errors.New("full")
	err := doublestar.GlobWalk(fsys, pat, func(p string, d fs.DirEntry) error {
		if d.IsDir() {
			return nil
		}
		matches = append(matches, p)
		if len(matches) > maxGlobFiles {
			return errFull
		}
		return nil
	})
	if err != nil && !errors.Is(err, errFull) {
		*notices = append(*notices, Notice{Path: from.Path, Message: "not read: the pattern " + in.Path + " (line " + itoa(in.Line) + ") could not be expanded: " + err.Error()})
		return nil
	}
	if len(matches) > maxGlobFiles {
		*notices = append(*notices, Notice{Path: from.Path, Message: "read in part: the pattern " + in.Path + " (line " + itoa(in.Line) + ") matches more than " + itoa(maxGlobFiles) + " files; the first " + itoa(maxGlobFiles) + " were read"})
		matches = matches[:maxGlobFiles]
	}
	dir := path.Dir(from.Path)
	out := make([]agentcfg.Include, 0, len(matches))
	for _, m := range matches {
		out = append(out, agentcfg.Include{Path: relTo(dir, m), Line: in.Line, Kind: in.Kind, Quiet: in.Quiet})
	}
	return out
}

// relTo is the slash path of target relative to the folder dir, both
// relative to the scanned root: a pattern that climbs ("../commands/*.md"
// from a plugin's .claude-plugin/) matches files beside dir, not below it.
func relTo(dir, target string) string {
	if dir == "." {
		return target
	}
	up := ""
	for d := dir; ; d = path.Dir(d) {
		if strings.HasPrefix(target, d+"/") {
			return up + strings.TrimPrefix(target, d+"/")
		}
		up += "../"
		if d == "." || d == "/" {
			return up + target
		}
		if path.Dir(d) == "." {
			return up + target
		}
	}
}

// maxImportDepth is how many hops of @imports are followed, as Claude Code
// follows them.
const maxImportDepth = 5

// readImports reads the files instruction files pull in: the @path imports
// of CLAUDE.md and GEMINI.md (and of the files they import, up to
// maxImportDepth hops) and the files a SKILL.md names inside its own
// folder. An import that is missing or leaves the scanned folder is a
// notice; a skill's reference that is not in its folder is not an
// include at all (skills name project paths too).
// walkListing returns the names of folder dir as the discovery walk of
// fsys listed them, when it kept them (discover.DirFS.Listed).
// A folder the listing of its parent does not hold does not exist: it
// has no names (skills often name files, in folders, to create later).
func walkListing(fsys fs.FS, dir string) ([]string, bool) {
	d, ok := fsys.(*discover.DirFS)
	if !ok {
		return nil, false
	}
	if l, ok := d.Listed(dir); ok {
		return l, true
	}
	if dir == "." || dir == "/" || dir == ".." || strings.HasPrefix(dir, "../") {
		return nil, false
	}
	parent, base := path.Split(dir)
	if l, ok := walkListing(fsys, path.Clean(parent)); ok && !slices.Contains(l, base) {
		return nil, true
	}
	return nil, false
}

func readImports(fsys fs.FS, files, more []discover.File, seen map[string]bool, notices *[]Notice) []discover.File {
	var out []discover.File
	type item struct {
		f     discover.File
		depth int
	}
	var queue []item
	// listed caches folder listings: most files a skill names are not
	// there (it names files to create too), and a listing per folder is
	// cheaper than a failed open per name.
	listed := map[string]map[string]bool{}
	inListing := func(p string) bool {
		dir, name := path.Split(p)
		dir = path.Clean(dir)
		names, ok := listed[dir]
		if !ok {
			names = map[string]bool{}
			if l, ok := walkListing(fsys, dir); ok {
				// The walk listed this folder already (it is in a skill).
				for _, n := range l {
					names[n] = true
				}
			} else if ents, err := fs.ReadDir(fsys, dir); err == nil {
				for _, e := range ents {
					names[e.Name()] = true
				}
			}
			listed[dir] = names
		}
		return names[name]
	}
	for _, f := range append(files[:len(files):len(files)], more...) {
		if f.Kind != discover.KindInstructions || strings.HasPrefix(f.Path, "/") || strings.HasPrefix(f.Path, "~") {
			continue
		}
		switch strings.ToLower(path.Base(f.Path)) {
		case "claude.md", "claude.local.md", "gemini.md":
			queue = append(queue, item{f, 0})
		case "skill.md":
			dir := path.Dir(f.Path)
			if l, ok := walkListing(fsys, dir); ok && len(l) <= 1 {
				continue // the folder holds the SKILL.md alone: it can name nothing of its own
			}
			// Backticked and linked names, then names in plain words
			// ("run scripts/setup.sh"): both only when the walk listed
			// them in the skill's folder.
			for _, in := range append(agentcfg.SkillRefs(f.Data), agentcfg.SkillWords(f.Data)...) {
				full := path.Clean(path.Join(dir, in.Path))
				if dir != "." && !strings.HasPrefix(full, dir+"/") || dir == "." && (full == ".." || strings.HasPrefix(full, "../")) {
					continue // a project path, not a file of the skill
				}
				if fsys == nil || !inListing(full) {
					continue
				}
				if g, ok := readInclude(fsys, &f, in, seen, true, notices); ok {
					out = append(out, g)
				}
			}
		}
	}
	// An import of a file read already (an AGENTS.md, another import) is
	// not read twice, but its own imports are followed all the same.
	known := map[string]*discover.File{}
	for _, l := range [][]discover.File{files, more} {
		for i := range l {
			known[l[i].Path] = &l[i]
		}
	}
	visited := map[string]bool{}
	for _, it := range queue {
		visited[it.f.Path] = true
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, in := range agentcfg.AtImports(it.f.Data) {
			if it.depth >= maxImportDepth {
				*notices = append(*notices, Notice{Path: it.f.Path, Message: "not read: @" + in.Path + " (line " + itoa(in.Line) + ") is more than " + itoa(maxImportDepth) + " imports deep, where Claude Code stops too"})
				break
			}
			full := path.Clean(path.Join(path.Dir(it.f.Path), in.Path))
			if f := known[full]; f != nil {
				if !visited[full] {
					visited[full] = true
					queue = append(queue, item{*f, it.depth + 1})
				}
				continue
			}
			g, ok := readInclude(fsys, &it.f, in, seen, false, notices)
			if !ok {
				continue
			}
			out = append(out, g)
			known[g.Path] = &out[len(out)-1]
			visited[g.Path] = true
			queue = append(queue, item{g, it.depth + 1})
		}
	}
	return out
}

// outsideRun records a file outside the scanned folder that the config
// from names as something that runs (a hooks or servers file): not read,
// and S17a says it cannot be approved. Instructions stay notices.
func outsideRun(repo *rules.Repo, from *discover.File, in agentcfg.Include) bool {
	if !rules.RunsKind(in.Kind) {
		return false
	}
	p := strings.ReplaceAll(in.Path, "\\", "/")
	full := path.Clean(path.Join(path.Dir(from.Path), p))
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !(len(p) > 1 && p[1] == ':') && full != ".." && !strings.HasPrefix(full, "../") {
		return false
	}
	repo.OutsideRuns = append(repo.OutsideRuns, rules.OutsideRun{Tool: from.Tool, Source: from.Path, Line: in.Line, Path: in.Path, Kind: in.Kind})
	return true
}

// readInclude reads a file a config makes the agent read as instructions
// (aider's read:). It stays inside the scanned folder: an absolute path, a
// home path or one that climbs out is a notice, never read. seen holds the
// paths read already; quiet drops the notice of a file that does not exist
// (a link out of the folder or a special file is always a notice).
func readInclude(fsys fs.FS, from *discover.File, in agentcfg.Include, seen map[string]bool, quiet bool, notices *[]Notice) (discover.File, bool) {
	p := strings.ReplaceAll(in.Path, "\\", "/")
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || (len(p) > 1 && p[1] == ':') {
		*notices = append(*notices, Notice{Path: from.Path, Message: "not read: " + in.Path + " (named on line " + itoa(in.Line) + ") is outside the scanned folder, which Sentinel never reads; check it yourself"})
		return discover.File{}, false
	}
	full := path.Clean(path.Join(path.Dir(from.Path), p))
	if full == ".." || strings.HasPrefix(full, "../") {
		*notices = append(*notices, Notice{Path: from.Path, Message: "not read: " + in.Path + " (named on line " + itoa(in.Line) + ") is outside the scanned folder, which Sentinel never reads; check it yourself"})
		return discover.File{}, false
	}
	if seen[full] || fsys == nil {
		return discover.File{}, false // read already
	}
	g, n := discover.ReadFile(fsys, full)
	if n != nil {
		msg := n.Message
		if ex, ok := discover.Exists(fsys, full); ok && !ex {
			if quiet {
				return discover.File{}, false
			}
			msg = "not read: it does not exist"
		}
		*notices = append(*notices, Notice{Path: full, Message: msg + " (named on line " + itoa(in.Line) + " of " + from.Path + ")"})
		return discover.File{}, false
	}
	g.Kind, g.Tool = discover.KindInstructions, from.Tool
	if in.Kind != "" {
		g.Kind = in.Kind
	}
	seen[full] = true
	return g, true
}

func itoa(n int) string {
	if n <= 0 {
		return "?"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
