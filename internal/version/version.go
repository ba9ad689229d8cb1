// Package version holds the release and scoring-formula versions that every
// report prints beside its verdict.
package version

// Version is the release of the sentinel binary. Overridable at link time:
// go build -ldflags "-X github.com/sentinel-sec/sentinel/internal/version.Version=1.2.3".
var Version = "0.1.0-dev"

// Formula is the version of the trust-score formula (weights and caps).
// It changes whenever a weight, an effect or a band changes.
const Formula = "0.1"

// Engine names the JSON contract generation served by the API.
const Engine = "v5"
