#!/usr/bin/env bash
# Coverage of the whole module, the end-to-end tests of internal/cli
# included: those run the built sentinel binary, which go test's -cover does
# not see, so the binary is built with -cover and writes its counters to
# GOCOVERDIR (internal/cli/binary_test.go, SENTINEL_E2E_COVERDIR); the unit
# tests write theirs there too (-test.gocoverdir), and the two are merged.
#
#   scripts/cover.sh [packages...]     # default ./...
#
# Output: cover/merged (binary counters), cover/coverage.out (text profile)
# and the total on the last line. Paths that hold a quote are not supported.
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs=("${@:-./...}")
rm -rf cover
mkdir -p cover/e2e cover/unit cover/merged
e2e=$(cd cover/e2e && pwd)
unit=$(cd cover/unit && pwd)
SENTINEL_E2E_COVERDIR="$e2e" go test -cover -coverpkg=github.com/sentinel-sec/sentinel/... \
  "${pkgs[@]}" -args -test.gocoverdir="$unit"
go tool covdata merge -i="$e2e,$unit" -o cover/merged
go tool covdata textfmt -i=cover/merged -o cover/coverage.out
go tool cover -func=cover/coverage.out | tail -1
