// Package spec carries Sentinel's published schemas inside the module, so
// that tests and tools find them in any build (with -trimpath, from the
// module cache) without knowing where the source tree is.
package spec

import _ "embed"

// AgentsLockSchema is agents-lock.schema.json, the JSON Schema of
// AGENTS.lock.
//
//go:embed agents-lock.schema.json
var AgentsLockSchema []byte

// FindingMeaningSchema is sentinel-finding-meaning.schema.json, the JSON
// Schema of the "meaning" key of an S45 finding.
//
//go:embed sentinel-finding-meaning.schema.json
var FindingMeaningSchema []byte
