package lock

import (
	"path/filepath"
	"testing"
)

// One rule finds Sentinel's own folder for every command and the hook; a
// relative SENTINEL_HOME or XDG_CONFIG_HOME would name a folder inside the
// project Sentinel runs in, so it is ignored.
func TestHomeDir(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "sentinel-home")
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"SENTINEL_HOME", map[string]string{"SENTINEL_HOME": abs + "/", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"}, abs},
		{"relative SENTINEL_HOME ignored", map[string]string{"SENTINEL_HOME": ".sentinel", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"}, filepath.Join("/xdg", "sentinel")},
		{"relative XDG ignored", map[string]string{"XDG_CONFIG_HOME": "xdg", "HOME": "/home/u"}, filepath.Join("/home/u", ".config", "sentinel")},
		{"HOME", map[string]string{"HOME": "/home/u"}, filepath.Join("/home/u", ".config", "sentinel")},
	} {
		got, err := HomeDir(func(k string) string { return tc.env[k] })
		if err != nil || got != tc.want {
			t.Errorf("%s: HomeDir = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}
