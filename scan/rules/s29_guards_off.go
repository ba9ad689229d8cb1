package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"strings"

	"github.com/sentinel-sec/sentinel/scan/agentcfg"
)

// Rules for settings that switch a guard off or let the agent act without
// asking (issue #15). A project file that does this changes every session
// of everyone who opens the project, so each holds the file at SUSPICIOUS
// (CEILING) until a person has looked; none forces COMPROMISED, because
// teams do set them on purpose. Switching a guard off (S29, S30, S32) also
// weighs 30 points; a blanket permission or a plugin (S31, S33) is a
// preference, not evidence, and weighs nothing, like S16: honest settings
// that already auto-run hooks must not add up to COMPROMISED through it.

// SettingItem is the approvable item for a setting that switches a guard
// off: its file, key and value. lock.Inventory can list these from
// scan.Result's Inventory.Settings to make them approvable.
func SettingItem(s agentcfg.Setting) Item {
	h := sha256.Sum256([]byte(s.Key + "\x00" + s.Value))
	return Item{Kind: "setting", Tool: s.Tool, Source: s.Source, Event: s.Key, Command: s.Value, Hash: hex.EncodeToString(h[:])}
}

// IsGuardSetting reports the settings rules S29-S33 judge.
func IsGuardSetting(s agentcfg.Setting) bool {
	switch s.Key {
	case "disableAllHooks", "permissions.defaultMode", "permissions.allow", "enabledPlugins", "extraKnownMarketplaces", "marketplace.plugins":
		return true
	case "sandbox_mode":
		return s.Value == "danger-full-access"
	}
	k, ok := strings.CutPrefix(s.Key, "env.")
	return ok && agentcfg.RunsFile(k, s.Value)
}

// eachSetting calls fn for every setting whose key has the prefix, in path
// order, skipping approved ones.
func eachSetting(r *Repo, keep func(agentcfg.Setting) bool, fn func(agentcfg.Setting, Item)) {
	paths := slices.Sorted(maps.Keys(r.Configs))
	for _, p := range paths {
		for _, s := range r.Configs[p].Settings {
			if !keep(s) {
				continue
			}
			it := SettingItem(s)
			if r.approved(it) {
				continue
			}
			fn(s, it)
		}
	}
}

func keyIs(keys ...string) func(agentcfg.Setting) bool {
	return func(s agentcfg.Setting) bool {
		for _, k := range keys {
			if s.Key == k {
				return true
			}
		}
		return false
	}
}

// S29 finds project settings that switch every hook off, the user's own
// included (Claude Code's disableAllHooks).
var S29 = &Rule{
	ID: "S29", Name: "Hooks switched off", Weight: 30, Effect: EffectCeiling,
	Impact: "Claude Code runs none of your hooks in this project, including the ones that guard what the agent does (Sentinel's among them).",
	Fix:    "Remove disableAllHooks from the project's settings; switch a single hook off in your own settings instead.",
	Check: func(r *Repo, rep *Report) {
		eachSetting(r, keyIs("disableAllHooks"), func(s agentcfg.Setting, it Item) {
			rep.Add(Finding{Path: s.Source, Line: s.Line, Message: "disableAllHooks: true switches every hook off, yours included",
				Evidence: "\"disableAllHooks\": true", Subject: &it})
		})
	},
}

// S30 finds project settings that turn permission prompts off altogether.
var S30 = &Rule{
	ID: "S30", Name: "Permission prompts switched off", Weight: 30, Effect: EffectCeiling,
	Impact: "The agent runs every command and writes every file without asking you first.",
	Fix:    "Remove the setting from the project; choose the mode for yourself in your own settings or on the command line.",
	Check: func(r *Repo, rep *Report) {
		eachSetting(r, keyIs("permissions.defaultMode"), func(s agentcfg.Setting, it Item) {
			rep.Add(Finding{Path: s.Source, Line: s.Line, Message: "permissions.defaultMode \"bypassPermissions\" makes Claude Code skip every permission prompt",
				Evidence: "\"defaultMode\": \"" + s.Value + "\"", Subject: &it})
		})
		// Codex: no approvals and no sandbox together.
		paths := slices.Sorted(maps.Keys(r.Configs))
		for _, p := range paths {
			var approval, sandbox *agentcfg.Setting
			for i, s := range r.Configs[p].Settings {
				switch s.Key {
				case "approval_policy":
					approval = &r.Configs[p].Settings[i]
				case "sandbox_mode":
					sandbox = &r.Configs[p].Settings[i]
				}
			}
			if approval == nil || sandbox == nil || approval.Value != "never" || sandbox.Value != "danger-full-access" {
				continue
			}
			it := SettingItem(*sandbox)
			if r.approved(it) {
				continue
			}
			rep.Add(Finding{Path: p, Line: sandbox.Line, Message: "approval_policy \"never\" with sandbox_mode \"danger-full-access\" makes Codex run everything, unsandboxed, without asking",
				Evidence: "sandbox_mode = \"danger-full-access\"", Subject: &it})
		}
	},
}

// S31 finds permission rules that allow a whole tool.
var S31 = &Rule{
	ID: "S31", Name: "Blanket permission", Weight: 0, Effect: EffectCeiling,
	Impact: "The agent may run any shell command, write any file or fetch any address in this project without asking you.",
	Fix:    "Allow the commands the project needs by name (\"Bash(npm test:*)\") instead of the whole tool.",
	Check: func(r *Repo, rep *Report) {
		eachSetting(r, keyIs("permissions.allow"), func(s agentcfg.Setting, it Item) {
			tool, _, _ := strings.Cut(s.Value, "(")
			impact := map[string]string{
				"Bash":     "The agent may run any shell command in this project without asking you.",
				"Write":    "The agent may write any file it can reach, hooks and settings included, without asking you.",
				"Edit":     "The agent may change any file it can reach, hooks and settings included, without asking you.",
				"WebFetch": "The agent may fetch any address, and send what it read there, without asking you.",
			}[strings.TrimSpace(tool)]
			rep.Add(Finding{Path: s.Source, Line: s.Line, Message: "permissions.allow \"" + s.Value + "\" allows the whole tool without asking",
				Evidence: s.Value, Impact: impact, Subject: &it})
		})
	},
}

// S32 finds settings env entries that make every program the agent starts
// run a file or command of the project's choosing.
var S32 = &Rule{
	ID: "S32", Name: "Environment runs code in every command", Weight: 30, Effect: EffectCeiling,
	Impact: "Every shell, runtime or git command the agent or a hook starts first runs what this variable names, with your access.",
	Fix:    "Remove the variable from the agent's environment settings; put the setup in a script a person runs on purpose.",
	Check: func(r *Repo, rep *Report) {
		eachSetting(r, func(s agentcfg.Setting) bool {
			k, ok := strings.CutPrefix(s.Key, "env.")
			return ok && agentcfg.RunsFile(k, s.Value)
		}, func(s agentcfg.Setting, it Item) {
			k := strings.TrimPrefix(s.Key, "env.")
			f := Finding{Path: s.Source, Line: s.Line, Message: k + " set by this file runs `" + clip(s.Value, 120) + "` in every command the agent starts",
				Evidence: k + "=" + clip(s.Value, 200), Subject: &it}
			if agentcfg.MovesConfig(k, s.Value) {
				// HOME, XDG_CONFIG_HOME, ...: not a command, the place
				// every tool reads its configuration from.
				f.Message = k + " set by this file to `" + clip(s.Value, 120) + "` moves where every command the agent and its hooks start reads its configuration (git's, the shell's, Sentinel's own)"
				f.Impact = "git, the shell and Sentinel itself read their configuration (aliases, hooks, start-up files, approvals) from where this variable points, for every command the agent or a hook runs."
			}
			rep.Add(f)
		})
	},
}

// S33 finds plugins and plugin marketplaces a project switches on.
var S33 = &Rule{
	ID: "S33", Name: "Plugins from the project", Weight: 0, Effect: EffectCeiling,
	Impact: "Claude Code offers to install or enables plugins named by this project; a plugin brings its own hooks, commands and tool servers, which this scan cannot see.",
	Fix:    "Check who publishes the plugin or marketplace; if you trust it, install it in your own settings instead of the project's.",
	Check: func(r *Repo, rep *Report) {
		eachSetting(r, keyIs("enabledPlugins", "extraKnownMarketplaces", "marketplace.plugins"), func(s agentcfg.Setting, it Item) {
			what := "plugin"
			switch s.Key {
			case "extraKnownMarketplaces":
				what = "plugin marketplace"
			case "marketplace.plugins":
				// A plugin a marketplace in the tree lists from
				// elsewhere: Claude Code fetches it, Sentinel never.
				what = "plugin fetched from outside the scanned folder"
			}
			rep.Add(Finding{Path: s.Source, Line: s.Line, Message: s.Key + ": " + what + " \"" + clip(s.Value, 120) + "\"",
				Evidence: s.Value, Subject: &it})
		})
	},
}
