package human

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// RunPIDEnv is the variable 'sentinel run' sets in the agent's environment to
// its own process ID. An agent can unset it, so the parent chain is read too.
const RunPIDEnv = "SENTINEL_RUN_PID"

// agentNames are the programs of AI coding agents.
var agentNames = map[string]bool{
	"claude": true, "claude-code": true, "gemini": true, "gemini-cli": true,
	"cursor-agent": true, "codex": true, "aider": true, "opencode": true,
	"amp": true, "goose": true, "qwen": true, "crush": true, "copilot": true,
	"cline": true, "kiro-cli": true, "q": true, "auggie": true, "droid": true,
}

// agentPackages mark an agent run by a script interpreter (`node
// .../@anthropic-ai/claude-code/cli.js`).
var agentPackages = []string{
	"claude-code", "@anthropic-ai/claude", "gemini-cli", "@google/gemini", "@openai/codex",
	"cursor-agent", "opencode-ai", "@sourcegraph/amp", "@qwen-code", "aider-chat",
}

// interpreters run an agent given as a script argument.
var interpreters = map[string]bool{
	"node": true, "nodejs": true, "bun": true, "deno": true, "python": true, "python3": true,
}

// maxAncestors bounds the walk up the parent chain.
const maxAncestors = 128

// AgentAncestor says why this process runs under an AI agent, or "" when it
// does not: the SENTINEL_RUN_PID marker is set, or a parent (walked through
// /proc on Linux; elsewhere only the marker counts) is 'sentinel run' or a
// known agent. A chain that cannot be read is reported too, failing closed.
func AgentAncestor(getenv func(string) string) string {
	if v := getenv(RunPIDEnv); v != "" {
		return fmt.Sprintf("%s is set (%s), so this runs under 'sentinel run'", RunPIDEnv, v)
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return "" // no /proc (macOS, Windows): the marker is all there is
	}
	return ancestorIn("/proc", os.Getppid())
}

// ancestorIn walks the parent chain from pid in the proc file system at
// root. A process whose parent is init or a service manager was left by
// whoever started it (a double fork, setsid and exit), which hides an agent
// from the walk: that is refused too.
func ancestorIn(root string, pid int) string {
	orphaned := fmt.Sprintf("this process was left to %%s by whatever started it, so whether an agent started it cannot be told")
	if pid == 1 {
		return fmt.Sprintf(orphaned, "init")
	}
	if comm, err := os.ReadFile(filepath.Join(root, strconv.Itoa(pid), "comm")); err == nil {
		if c := strings.TrimSpace(string(comm)); c == "systemd" || c == "init" || c == "launchd" {
			return fmt.Sprintf(orphaned, c)
		}
	}
	return walk(root, pid, agentProcess)
}

// walk calls judge on each process from pid up to init and returns the
// first reason it gives, or why the chain could not be read.
func walk(root string, pid int, judge func(argv []string, exe, comm string) string) string {
	for range maxAncestors {
		if pid <= 1 {
			return ""
		}
		dir := filepath.Join(root, strconv.Itoa(pid))
		stat, err := os.ReadFile(filepath.Join(dir, "stat"))
		if err != nil {
			return fmt.Sprintf("the parent process %d could not be read (%v)", pid, err)
		}
		cmdline, _ := os.ReadFile(filepath.Join(dir, "cmdline"))
		exe, _ := os.Readlink(filepath.Join(dir, "exe"))
		comm, _ := os.ReadFile(filepath.Join(dir, "comm"))
		argv := strings.Split(strings.TrimRight(string(cmdline), "\x00"), "\x00")
		if what := judge(argv, exe, strings.TrimSpace(string(comm))); what != "" {
			return fmt.Sprintf("a parent process (%d) is %s", pid, what)
		}
		ppid, ok := parentOf(string(stat))
		if !ok {
			return fmt.Sprintf("the parent of process %d could not be read", pid)
		}
		pid = ppid
	}
	return "the parent chain is longer than " + strconv.Itoa(maxAncestors) + " processes"
}

// parentOf reads the parent ID from /proc/PID/stat; the command name before
// it is in parentheses and may hold spaces and parentheses itself.
func parentOf(stat string) (int, bool) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(stat[i+1:])
	if len(f) < 2 {
		return 0, false
	}
	n, err := strconv.Atoi(f[1])
	return n, err == nil
}

// agentProcess names the agent or 'sentinel run' a process is, or "".
func agentProcess(argv []string, exe, comm string) string {
	name := func(p string) string {
		b := strings.ToLower(filepath.Base(p))
		return strings.TrimSuffix(strings.TrimSuffix(b, ".exe"), " (deleted)")
	}
	arg0 := ""
	if len(argv) > 0 {
		arg0 = argv[0]
	}
	if len(argv) > 1 && argv[1] == "run" && (strings.Contains(name(arg0), "sentinel") || strings.Contains(name(exe), "sentinel")) {
		return "'sentinel run'"
	}
	for _, n := range []string{name(arg0), name(exe), strings.ToLower(comm)} {
		if agentNames[n] {
			return "the AI agent " + n
		}
	}
	if interpreters[name(arg0)] || interpreters[name(exe)] {
		for _, a := range argv[1:] {
			la := strings.ToLower(filepath.ToSlash(a))
			if agentNames[strings.TrimSuffix(strings.TrimSuffix(name(a), ".js"), ".mjs")] {
				return "the AI agent " + name(a)
			}
			for _, p := range agentPackages {
				if strings.Contains(la, p) {
					return "the AI agent " + p
				}
			}
		}
	}
	return ""
}

// launcherNames run commands for anyone on the account, outside the process
// tree of whoever asked: an agent can have its command started by one of
// them (at now, a crontab line) so that no agent is among its parents.
// Terminal multiplexers (tmux new-window) could do the same, but the tests
// and scripts people run inside them use the CI flag, so they are left to
// the hook, which denies decision commands handed to them.
var launcherNames = []string{"atd", "cron", "crond", "anacron", "fcron", "cronie"}

// LauncherAncestor says which parent process runs commands for anyone on
// the account (a terminal multiplexer, at, cron), or "". The CI flag is
// refused under one: it cannot tell an agent's request from a job's. On
// systems without /proc it reports nothing.
func LauncherAncestor() string {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return ""
	}
	return walk("/proc", os.Getppid(), launcherProcess)
}

func launcherProcess(argv []string, exe, comm string) string {
	cands := []string{strings.ToLower(comm), strings.ToLower(filepath.Base(exe))}
	if len(argv) > 0 {
		cands = append(cands, strings.ToLower(filepath.Base(argv[0])))
	}
	for _, c := range cands {
		for _, l := range launcherNames {
			// "tmux: server", "SCREEN", "cron".
			if c == l || strings.HasPrefix(c, l+":") || strings.HasPrefix(c, l+" ") {
				return l
			}
		}
	}
	return ""
}
