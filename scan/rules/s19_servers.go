package rules

import (
	"github.com/sentinel-sec/sentinel/scan/agentcfg"
	"net/url"
	"strings"
)

// S19 lists tool servers nobody approved yet.
var S19 = &Rule{
	ID: "S19", Name: "Unapproved MCP server", Weight: 25, Effect: EffectCeiling,
	Impact: "The agent connects to a tool server that can read what it is given and tell it what to do next.",
	Fix:    "Check who runs the server and what it can reach; approve it once with `sentinel approve` if you trust it.",
	Check: func(r *Repo, rep *Report) {
		for _, s := range r.Servers {
			it := r.ServerItem(s)
			if r.approved(it) {
				continue
			}
			where := "local command `" + clip(it.Command, 120) + "`"
			impact := ""
			if s.URL != "" {
				where = "remote " + s.URL
				if len(s.Headers) == 0 && !strings.Contains(s.URL, "localhost") && !strings.Contains(s.URL, "127.0.0.1") {
					impact = "The agent sends tool calls to " + hostOf(s.URL) + " with no authentication configured; anyone who controls that server steers the agent."
				}
			}
			msg := "unapproved MCP server \"" + s.Name + "\": " + where
			fix := ""
			if it.Hash == "" {
				if why := r.unpinnedReason(serverScripts(s)); why != "" {
					msg += "; it cannot be approved: " + why
				}
				fix = unapprovableFix
			}
			rep.Add(Finding{Path: s.Source, Line: s.Line,
				Message: msg, Evidence: it.Command, Impact: impact, Fix: fix, Subject: &it})
		}
	},
}

// S27 finds tool servers configured to skip every confirmation (Gemini
// CLI's "trust": true).
var S27 = &Rule{
	ID: "S27", Name: "Tool server trusted without confirmation", Weight: 15, Effect: EffectCeiling,
	Impact: "Every call to this tool server runs without asking you first, including writes and deletes.",
	Fix:    "Remove \"trust\": true so Gemini CLI asks before each tool call, or approve the server once with `sentinel approve`.",
	Check: func(r *Repo, rep *Report) {
		for _, s := range r.Servers {
			if !s.Trust {
				continue
			}
			it := r.ServerItem(s)
			if r.approved(it) {
				continue
			}
			rep.Add(Finding{Path: s.Source, Line: s.Line,
				Message: "tool server \"" + s.Name + "\" is marked \"trust\": true, which skips every confirmation", Subject: &it})
		}
	},
}

// S16 finds settings that trust every project tool server at once.
var S16 = &Rule{
	ID: "S16", Name: "Every project MCP server auto-trusted", Weight: 0, Effect: EffectCeiling,
	Impact: "Any tool server added to this project's .mcp.json later starts without asking you.",
	Fix:    "Remove enableAllProjectMcpServers, or list the servers you trust in enabledMcpjsonServers.",
	Check: func(r *Repo, rep *Report) {
		for _, c := range r.Configs {
			for _, s := range c.Settings {
				if s.Key == "enableAllProjectMcpServers" {
					rep.Add(Finding{Path: s.Source, Line: s.Line, Message: "enableAllProjectMcpServers: true trusts every project MCP server", Evidence: "\"enableAllProjectMcpServers\": true"})
				}
			}
		}
	},
}

// vendorHosts are where model traffic may go without a finding: the
// vendors' own APIs and the developer's own machine.
var vendorHosts = []string{"anthropic.com", "claude.ai", "amazonaws.com", "googleapis.com", "openai.com", "azure.com", "localhost", "127.0.0.1", "::1", "0.0.0.0"}

func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return u
	}
	return p.Hostname()
}

func isVendorHost(u string) bool {
	h := strings.ToLower(hostOf(u))
	if !strings.Contains(u, "://") {
		return true // a variable or a placeholder, not an address
	}
	for _, v := range vendorHosts {
		if h == v || strings.HasSuffix(h, "."+v) {
			return true
		}
	}
	return false
}

// S11 finds credentials written into agent configs, and model traffic
// redirected to a third party.
var S11 = &Rule{
	ID: "S11", Name: "Credential or API traffic exposed", Weight: 40, Effect: EffectCeiling,
	Impact: "A credential is committed where every clone can read it, or the agent's API traffic (prompts, code, keys) goes to a third party.",
	Fix:    "Move the value to an environment variable or a secret store and rotate it; point the base URL at your vendor or your own proxy.",
	Check: func(r *Repo, rep *Report) {
		for _, c := range r.Configs {
			for _, s := range c.Secrets {
				impact := "A credential is committed in the repository, where every clone can read it."
				if userLevel(s.Source) {
					impact = "A credential sits in plain text in your own settings, where every program and agent that reads them can see it."
				}
				rep.Add(Finding{Path: s.Source, Line: s.Line,
					Message:  "hardcoded credential in " + s.Key + " (value not shown)",
					Evidence: s.Key + ": [value not shown]",
					Impact:   impact})
			}
			for _, s := range c.Settings {
				if !strings.HasSuffix(s.Key, "_BASE_URL") || isVendorHost(s.Value) {
					continue
				}
				rep.Add(Finding{Path: s.Source, Line: s.Line,
					Message:  s.Key + " sends the agent's API traffic to " + hostOf(s.Value),
					Evidence: s.Key + " = " + s.Value,
					Impact:   "Every prompt, file the agent reads and API key it sends goes to " + hostOf(s.Value) + "."})
			}
		}
	},
}

// userLevel reports a config outside the scanned repository: the user's
// own settings (--global), shown as ~/... or by an absolute path.
func userLevel(p string) bool {
	return strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "/") || len(p) > 2 && p[1] == ':' && (p[2] == '/' || p[2] == '\\')
}

// S28 finds a folder-open task that hides its terminal.
var S28 = &Rule{
	ID: "S28", Name: "Hidden auto-run task", Weight: 20, Effect: EffectCeiling, AutoRun: true,
	Impact: "Opening the folder runs a task whose terminal never appears, so you do not see that it ran.",
	Fix:    "Remove \"reveal\": \"never\" from the task, or remove the folderOpen trigger.",
	Check: func(r *Repo, rep *Report) {
		for _, a := range r.AutoRuns {
			if a.Type != "task" || !a.Hidden {
				continue
			}
			it := r.HookItem(a)
			if r.approved(it) {
				continue
			}
			rep.Add(Finding{Path: a.Source, Line: a.Line,
				Message: "folder-open task \"" + a.Matcher + "\" hides its terminal (presentation.reveal: never)", Evidence: a.Command, Subject: &it})
		}
	},
}

// serverScripts lists the in-tree scripts a tool server's command runs.
func serverScripts(s agentcfg.Server) []string {
	var out []string
	for _, t := range s.Targets {
		out = append(out, t.Path) // one out of the tree is why it is unapprovable
	}
	return append(out, srvKey(s))
}
