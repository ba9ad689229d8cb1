// Package userdirs finds the folders that belong to the user and never to a
// project: Sentinel's configuration (trusted keys, approvals, the MCP policy,
// extra blast-radius patterns) and its state (gate sessions, MCP pins, the
// approval queue, the audit log). Every command, the hook and the MCP gateway
// find them here, so they always agree.
//
// A relative SENTINEL_HOME, XDG_CONFIG_HOME or XDG_STATE_HOME is ignored: it
// would name a folder inside whatever project Sentinel runs in, and Sentinel
// never reads its own configuration from a project. A relative HOME is
// refused for the same reason: there is no other home to fall back to.
package userdirs

import (
	"errors"
	"fmt"
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
	home, err := HomeDir(getenv)
	if err != nil {
		return "", err
	}
	if home == "" {
		return "", errors.New("cannot find your home folder for Sentinel's configuration; set SENTINEL_HOME to a folder Sentinel may write to")
	}
	return filepath.Join(home, ".config", "sentinel"), nil
}

// StateEnv names Sentinel's state folder itself, as SENTINEL_HOME names its
// configuration folder. `sentinel run` sets both, resolved through links,
// for the agent it walls in, so a link swapped during the session cannot
// point Sentinel's hook and gateway at a forged folder.
const StateEnv = "SENTINEL_STATE_HOME"

// State returns Sentinel's state folder: SENTINEL_STATE_HOME, else
// $XDG_STATE_HOME/sentinel, else
// %LOCALAPPDATA%\sentinel\state on Windows, else ~/.local/state/sentinel.
func State(getenv func(string) string) (string, error) {
	if d := getenv(StateEnv); d != "" && filepath.IsAbs(d) {
		return filepath.Clean(d), nil
	}
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "sentinel"), nil
	}
	if runtime.GOOS == "windows" {
		if d := getenv("LOCALAPPDATA"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "sentinel", "state"), nil
		}
	}
	home, err := HomeDir(getenv)
	if err != nil {
		return "", err
	}
	if home == "" {
		return "", errors.New("cannot find your home folder for Sentinel's state; set XDG_STATE_HOME or HOME")
	}
	return filepath.Join(home, ".local", "state", "sentinel"), nil
}

// Home is the user's home folder: HOME as the agent or shell sets it, else
// the system's answer, else "" (also when it is relative, see HomeDir).
func Home(getenv func(string) string) string {
	home, _ := HomeDir(getenv)
	return home
}

// HomeDir is Home, with an error when the home folder is a relative path:
// configuration, trust pins and hook settings under it would land inside
// whatever project Sentinel runs in.
func HomeDir(getenv func(string) string) (string, error) {
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home != "" && !filepath.IsAbs(home) {
		return "", fmt.Errorf("HOME is the relative path %q, which would put Sentinel's configuration and trust pins inside the project it runs in; set HOME to an absolute path", home)
	}
	return home, nil
}
