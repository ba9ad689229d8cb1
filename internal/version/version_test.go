package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestInfoReadsBuildSettings(t *testing.T) {
	read := func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		}}, true
	}
	b := info(read)
	out := b.String()
	for _, want := range []string{"sentinel " + Version + "\n", "commit:   0123456789abcdef (with uncommitted changes)\n", "built:    2026-12-01T10:00:00Z\n", "formula:  v" + Formula + "\n", "go:       go1.26.0\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("version text lacks %q:\n%s", want, out)
		}
	}
}

func TestInfoWithoutBuildInfo(t *testing.T) {
	b := info(func() (*debug.BuildInfo, bool) { return nil, false })
	out := b.String()
	if !strings.Contains(out, "commit:   unknown") || !strings.Contains(out, "built:    unknown") || !strings.Contains(out, "formula:  v"+Formula) {
		t.Errorf("without build information:\n%s", out)
	}
}

func TestInfoModuleVersion(t *testing.T) {
	if v := moduleVersion(devVersion, &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}); v != "1.2.3" {
		t.Errorf("go install ...@v1.2.3: version %q, want 1.2.3", v)
	}
	if v := moduleVersion(devVersion, &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}); v != devVersion {
		t.Errorf("a checkout build: version %q, want %s", v, devVersion)
	}
	if v := moduleVersion("2.0.0", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}); v != "2.0.0" {
		t.Errorf("a link-time version lost to the module's: %q", v)
	}
}
