// Package userdirs finds the folders that belong to the user and never to a
// project: Sentinel's configuration (trusted keys, approvals, the MCP policy,
// extra blast-radius patterns) and its state (gate sessions, MCP pins, the
// approval queue, the audit log). Every command, the hook and the MCP gateway
// find them here, so they always agree.
//
// A relative SENTINEL_HOME, XDG_CONFIG_HOME or XDG_STATE_HOME is ignored: it
// would name a folder inside whatever project Sentinel runs in, and Sentinel
// never reads its own configuration from a project.
package userdirs

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// Config returns Sentinel's configuration folder: SENTINEL_HOME, else
// $XDG_CONFIG_HOME/sentinel, else ~/.config/sentinel.
func Config(getenv func(string) string) (string, error) {
	if h := getenv("SENTINEL_HOME"); h != "" && filepath.IsAbs(h) {
		return filepath.Clean(h), nil
	}
	if d := getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "sentinel"), nil
	}
	home := Home(getenv)
	if home == "" {
		return "", errors.New("cannot find your home folder for Sentinel's configuration; set SENTINEL_HOME to a folder Sentinel may write to")
	}
	return filepath.Join(home, ".config", "sentinel"), nil
}

// State returns Sentinel's state folder: $XDG_STATE_HOME/sentinel, else
// %LOCALAPPDATA%\sentinel\state on Windows, else ~/.local/state/sentinel.
func State(getenv func(string) string) (string, error) {
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "sentinel"), nil
	}
	if runtime.GOOS == "windows" {
		if d := getenv("LOCALAPPDATA"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "sentinel", "state"), nil
		}
	}
	home := Home(getenv)
	if home == "" {
		return "", errors.New("cannot find your home folder for Sentinel's state; set XDG_STATE_HOME or HOME")
	}
	return filepath.Join(home, ".local", "state", "sentinel"), nil
}

// Home is the user's home folder: HOME as the agent or shell sets it, else
// the system's answer, else "".
func Home(getenv func(string) string) string {
	if home := getenv("HOME"); home != "" {
		return home
	}
	home, _ := os.UserHomeDir()
	return home
}
