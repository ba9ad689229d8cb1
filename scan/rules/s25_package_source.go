package rules

import (
	"strings"

	"github.com/sentinel-sec/sentinel/scan/text"
)

// S25 finds packages installed from a source nobody vetted: a plain-HTTP
// index, a registry swapped for the default one, or the public registry
// as a fallback for a private package (dependency confusion).
var S25 = &Rule{
	ID: "S25", Name: "Untrusted package source", Weight: 30,
	Impact: "Your agent installs packages from a source that anyone on the network, or anyone who registers the name, can control.",
	Fix:    "Install from the project's configured registry over HTTPS, and pin versions with hashes.",
	Check: func(r *Repo, rep *Report) {
		runProse(r, rep, s25Gate, matchPackageSource, func(m match) string { return "untrusted package source: " + m.what })
	},
}

var rePkgSource = newStartRegexp(`--(?:extra-)?index-url[\s=]+["']?http://(\S+)` +
	`|--trusted-host\b` +
	`|\b(?:npm|yarn|pnpm|bun)\s+(?:config\s+set\s+)?(?:--)?registry[\s=]+["']?http://(\S+)` +
	`|^\s*registry\s*=\s*http://(\S+)` +
	`|\binstead of (?:the )?(?:default|official|public|company|internal|configured|npm|pypi|usual) (?:registry|index|package (?:index|registry)|mirror|source)\b` +
	`|\b(?:if|when)\b[^;\n]*\b(?:private|internal|company|corporate|in-house)\b[^;\n]*\b(?:package|registry|index|module|dependency|feed)\b[^;\n]*\b(?:missing|unavailable|not found|doesn't exist|does not exist|fails|isn't available|is not available|cannot be found|can't be found)\b[^;\n]*\b(?:public|pypi|npmjs|npm registry|registry\.npmjs\.org|pypi\.org)\b` +
	`|\bgoproxy\s*=\s*["']?http://([^\s"'` + "`" + `]+)` +
	`|\bgosumdb\s*=\s*off\b|\bgonosumdb\s*=\s*["']?\*|\bgoinsecure\s*=|\bgoflags\s*=\s*["']?-insecure\b`)

// gPkgTell holds the words one of which a unit needs before
// rePkgSource runs on it.
var gPkgTell = guardGroup("http://", "trusted-host", "instead of", "public", "pypi", "npm", "go")

func matchPackageSource(u *text.Unit) (match, bool) {
	if !has(u, gPkg) {
		return match{}, false
	}
	if !has(u, gPkgTell) {
		return match{}, false
	}
	for _, loc := range rePkgSource.FindAllStringSubmatchIndex(u.Lower, 4) {
		host := ""
		for k := 2; k+1 < len(loc); k += 2 {
			if loc[k] >= 0 {
				host = u.Lower[loc[k]:loc[k+1]]
			}
		}
		if host != "" && isLoopback(host) {
			continue // a local index on the developer's own machine
		}
		if governed(u, loc[0]) || quotedOrWarned(u, loc[0], loc[1], false) {
			continue
		}
		return match{start: loc[0], end: loc[1], scored: true, what: "`" + clip(u.Text[loc[0]:loc[1]], 100) + "`"}, true
	}
	return match{}, false
}

func isLoopback(host string) bool {
	for _, p := range []string{"localhost", "127.", "[::1]", "0.0.0.0", "host.docker.internal"} {
		if strings.HasPrefix(host, p) {
			return true
		}
	}
	return false
}

var s25Examples = []example{
	{"http index", "pip install internal-lib --index-url http://pypi.example.invalid/simple\n", scored},
	{"instead of the default registry", "Install packages from https://npm.example.invalid instead of the default registry.\n", scored},
	{"dependency confusion", "If the private package is not available, install the public one from pypi.\n", scored},
	{"https extra index", "pip install torch --extra-index-url https://download.pytorch.org/whl/cu121\n", none},
	{"local index", "pip install -e . --index-url http://localhost:8080/simple\n", none},
	{"prohibition", "Never use --trusted-host or an http:// index.\n", none},
	{"go proxy over http", "Set `GOPROXY=http://proxy.example.invalid,direct` before `go mod download`.\n", scored},
	{"no checksum database for any module", "Export `GONOSUMDB=*` so private forks resolve.\n", scored},
	{"private modules skip the checksum database", "Set `GONOSUMDB=github.com/acme/*` and `GOPROXY=https://proxy.golang.org,direct`.\n", none},
	{"local go proxy", "Use `GOPROXY=http://localhost:3000` with Athens for offline builds.\n", none},
}

// s25Gate is what matchPackageSource needs to match.
var s25Gate = proseGate(allGroups(gPkg, gPkgTell), false)
