// Package version holds the release and scoring-formula versions that every
// report prints beside its verdict, and what the binary knows of the build
// it came from.
package version

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version is the release of the sentinel binary. Overridable at link time:
// go build -ldflags "-X github.com/sentinel-sec/sentinel/internal/version.Version=1.2.3".
var Version = devVersion

// devVersion is Version in a build that sets none.
const devVersion = "0.1.0-dev"

// A binary installed with 'go install .../cmd/sentinel@v1.2.3' records the
// module's version; every report (SARIF's tool version, the lock's
// generator, the API's health) then says 1.2.3, not the default.
func init() {
	if bi, ok := debug.ReadBuildInfo(); ok {
		Version = moduleVersion(Version, bi)
	}
}

// moduleVersion is the release a link-time Version or the module version
// in bi names.
func moduleVersion(linked string, bi *debug.BuildInfo) string {
	if v := bi.Main.Version; linked == devVersion && v != "" && v != "(devel)" {
		return strings.TrimPrefix(v, "v")
	}
	return linked
}

// Commit and Date are the source revision and its time, set at link time by
// a release build (-X .../internal/version.Commit=... and .Date=...). Left
// empty, they are read from the build information Go records in the binary
// (vcs.revision, vcs.time) when it was built inside a git checkout.
var (
	Commit = ""
	Date   = ""
)

// Formula is the version of the trust-score formula (weights and caps).
// It changes whenever a weight, an effect or a band changes.
const Formula = "0.1"

// Engine names the JSON contract generation served by the API.
const Engine = "v5"

// Build is what the binary knows of itself.
type Build struct {
	Version, Commit, Date, Formula, Engine, GoVersion string
	// Modified: the checkout it was built from had uncommitted changes.
	Modified bool
}

// Info describes this binary: link-time values first, then the build
// information Go embedded (debug.ReadBuildInfo), else "unknown".
func Info() Build {
	return info(debug.ReadBuildInfo)
}

func info(read func() (*debug.BuildInfo, bool)) Build {
	b := Build{Version: Version, Commit: Commit, Date: Date, Formula: Formula, Engine: Engine}
	if bi, ok := read(); ok && bi != nil {
		b.GoVersion = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = s.Value
				}
			case "vcs.time":
				if b.Date == "" {
					b.Date = s.Value
				}
			case "vcs.modified":
				b.Modified = s.Value == "true" && Commit == ""
			}
		}
	}
	return b
}

// String is the multi-line text 'sentinel version' prints.
func (b Build) String() string {
	commit, date := b.Commit, b.Date
	if commit == "" {
		commit = "unknown (this build recorded no git revision)"
	} else if b.Modified {
		commit += " (with uncommitted changes)"
	}
	if date == "" {
		date = "unknown"
	}
	var s strings.Builder
	fmt.Fprintf(&s, "sentinel %s\n", b.Version)
	fmt.Fprintf(&s, "commit:   %s\n", commit)
	fmt.Fprintf(&s, "built:    %s\n", date)
	fmt.Fprintf(&s, "formula:  v%s\n", b.Formula)
	fmt.Fprintf(&s, "engine:   %s\n", b.Engine)
	if b.GoVersion != "" {
		fmt.Fprintf(&s, "go:       %s\n", b.GoVersion)
	}
	return s.String()
}
