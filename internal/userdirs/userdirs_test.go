package userdirs

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigAndState(t *testing.T) {
	for _, tc := range []struct {
		name          string
		env           map[string]string
		config, state string
	}{
		{"home only", map[string]string{"HOME": "/home/u"}, "/home/u/.config/sentinel", "/home/u/.local/state/sentinel"},
		{"XDG", map[string]string{"HOME": "/home/u", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"}, "/c/sentinel", "/s/sentinel"},
		{"SENTINEL_HOME", map[string]string{"HOME": "/home/u", "SENTINEL_HOME": "/sh/", "XDG_CONFIG_HOME": "/c"}, "/sh", "/home/u/.local/state/sentinel"},
		{"relative ones ignored", map[string]string{"HOME": "/home/u", "SENTINEL_HOME": ".s", "XDG_CONFIG_HOME": "c", "XDG_STATE_HOME": "s"}, "/home/u/.config/sentinel", "/home/u/.local/state/sentinel"},
	} {
		get := func(k string) string { return tc.env[k] }
		c, err1 := Config(get)
		s, err2 := State(get)
		if err1 != nil || err2 != nil || c != filepath.FromSlash(tc.config) || s != filepath.FromSlash(tc.state) {
			t.Errorf("%s: Config = %q, %v; State = %q, %v; want %q, %q", tc.name, c, err1, s, err2, tc.config, tc.state)
		}
	}
}

// A relative HOME would put configuration and trust pins inside the
// project: refused in one sentence, unless absolute folders are set.
func TestRelativeHomeRefused(t *testing.T) {
	for _, home := range []string{".", "proj", "./x", "../y"} {
		get := func(k string) string { return map[string]string{"HOME": home}[k] }
		if _, err := Config(get); err == nil || !strings.Contains(err.Error(), "relative path") {
			t.Errorf("HOME=%q: Config error %v", home, err)
		}
		if _, err := State(get); err == nil || !strings.Contains(err.Error(), "relative path") {
			t.Errorf("HOME=%q: State error %v", home, err)
		}
		if h := Home(get); h != "" {
			t.Errorf("HOME=%q: Home = %q", home, h)
		}
		if _, err := HomeDir(get); err == nil || strings.Count(err.Error(), ". ") > 0 {
			t.Errorf("HOME=%q: HomeDir error %v", home, err)
		}
		abs := func(k string) string {
			return map[string]string{"HOME": home, "SENTINEL_HOME": "/sh", "XDG_STATE_HOME": "/s"}[k]
		}
		if c, err := Config(abs); err != nil || c != filepath.FromSlash("/sh") {
			t.Errorf("HOME=%q with SENTINEL_HOME: %q %v", home, c, err)
		}
		if s, err := State(abs); err != nil || s != filepath.FromSlash("/s/sentinel") {
			t.Errorf("HOME=%q with XDG_STATE_HOME: %q %v", home, s, err)
		}
	}
}
