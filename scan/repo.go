package scan

import (
	"io/fs"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"github.com/sentinel-sec/sentinel/scan/discover"
	"github.com/sentinel-sec/sentinel/scan/rules"
)

// buildRepo parses every config file and reads the scripts they run.
func buildRepo(fsys fs.FS, files []discover.File, notices *[]Notice) *rules.Repo {
	repo := &rules.Repo{
		Files:   files,
		Configs: map[string]*agentcfg.Config{},
		Scripts: map[string]*discover.File{},
	}
	repo.FS = fsys
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
	return repo
}
