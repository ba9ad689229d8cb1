package userdirs

import (
	"path/filepath"
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
