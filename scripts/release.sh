#!/usr/bin/env bash
# Release build: static binaries for linux, darwin and windows on amd64 and
# arm64, one archive each, SHA-256 checksums, a CycloneDX SBOM per binary,
# and a reproducibility check. Publishes nothing.
#
#   scripts/release.sh --snapshot   # CI: version 0.0.0-SNAPSHOT-<commit>
#   scripts/release.sh v1.2.3       # a tagged release (the tag must be HEAD's)
#
# Output in dist/: sentinel_<version>_<os>_<arch>.tar.gz (the binary,
# LICENSE, README.md), sentinel_<version>_<os>_<arch>.cdx.json (its SBOM),
# checksums.txt (sha256sum format, over the archives and SBOMs), and the bare
# binaries in dist/bin/<os>_<arch>/ for the Containerfile.
#
# Reproducible: CGO off, -trimpath, -buildvcs=false, no build ID, version,
# commit and date set with -ldflags from git (the date is the commit's, not
# the clock's), archive entries with the commit's time, owner 0 and sorted
# names, gzip without a name or time. REPRO_CHECK=1 (the default in
# --snapshot) builds linux/amd64 a second time with an empty build cache
# and fails if any byte differs.
#
# Why not GoReleaser: `go install github.com/goreleaser/goreleaser/v2@v2.15.1`
# compiles several hundred modules (cloud SDKs among them) and took longer
# than this whole script on the CI machine before it printed anything, and
# its SBOM step calls syft, which is not a Go module and needs the network.
# docs/releasing.md has the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."

snapshot=0
version=""
case "${1:-}" in
  --snapshot) snapshot=1 ;;
  v[0-9]*) version="${1#v}" ;;
  *) echo "usage: scripts/release.sh --snapshot | vX.Y.Z" >&2; exit 2 ;;
esac

commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)
date=$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -r "$epoch" +%Y-%m-%dT%H:%M:%SZ)
if [ "$snapshot" = 1 ]; then
  version="0.0.0-SNAPSHOT-${commit:0:12}"
  : "${REPRO_CHECK:=1}"
else
  if [ "$(git rev-parse "v$version^{commit}" 2>/dev/null)" != "$commit" ]; then
    echo "release: tag v$version does not name HEAD ($commit); tag the commit to release first" >&2
    exit 1
  fi
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "release: the checkout has uncommitted changes; a release is built from a clean tag" >&2
    exit 1
  fi
  : "${REPRO_CHECK:=1}"
fi
export SOURCE_DATE_EPOCH="$epoch"

pkg=github.com/sentinel-sec/sentinel/internal/version
ldflags="-s -w -buildid= -X $pkg.Version=$version -X $pkg.Commit=$commit -X $pkg.Date=$date"
targets="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"

build() { # os arch out
  CGO_ENABLED=0 GOOS="$1" GOARCH="$2" GOFLAGS= go build -trimpath -buildvcs=false \
    -ldflags "$ldflags" -o "$3" ./cmd/sentinel
}

archive() { # dir-with-files archive.tar.gz
  tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
    --format=gnu -C "$1" -cf - . | gzip -n -9 >"$2"
}

rm -rf dist
mkdir -p dist/bin
sbom_bin=dist/.sbom
GOFLAGS= go build -trimpath -o "$sbom_bin" ./scripts/sbom

for t in $targets; do
  os=${t%/*} arch=${t#*/}
  exe=sentinel
  [ "$os" = windows ] && exe=sentinel.exe
  name="sentinel_${version}_${os}_${arch}"
  mkdir -p "dist/bin/${os}_${arch}" "dist/.stage/$name"
  build "$os" "$arch" "dist/bin/${os}_${arch}/$exe"
  cp "dist/bin/${os}_${arch}/$exe" LICENSE README.md "dist/.stage/$name/"
  archive "dist/.stage/$name" "dist/$name.tar.gz"
  "$sbom_bin" "dist/bin/${os}_${arch}/$exe" >"dist/$name.cdx.json"
  echo "release: built $name"
done

# The binaries really are static: no interpreter, no dynamic section.
if command -v file >/dev/null 2>&1; then
  for f in dist/bin/linux_*/sentinel; do
    if file "$f" | grep -q "dynamically linked"; then
      echo "release: $f is dynamically linked" >&2
      exit 1
    fi
  done
fi

# The version the binary reports is the one released.
if [ "$(go env GOOS)/$(go env GOARCH)" = linux/amd64 ]; then
  got=$(dist/bin/linux_amd64/sentinel version | head -1)
  if [ "$got" != "sentinel $version" ]; then
    echo "release: the binary says '$got', want 'sentinel $version'" >&2
    exit 1
  fi
fi

(cd dist && sha256sum -- *.tar.gz *.cdx.json >checksums.txt)
rm -rf dist/.stage "$sbom_bin"

if [ "${REPRO_CHECK:-0}" = 1 ]; then
  tmp=$(mktemp -d)
  trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
  GOCACHE="$tmp/cache" build linux amd64 "$tmp/sentinel"
  a=$(sha256sum <dist/bin/linux_amd64/sentinel | cut -d' ' -f1)
  b=$(sha256sum <"$tmp/sentinel" | cut -d' ' -f1)
  if [ "$a" != "$b" ]; then
    echo "release: not reproducible: linux/amd64 built twice gives $a and $b" >&2
    exit 1
  fi
  mkdir -p "$tmp/stage"
  cp "$tmp/sentinel" LICENSE README.md "$tmp/stage/"
  archive "$tmp/stage" "$tmp/again.tar.gz"
  if ! cmp -s "$tmp/again.tar.gz" "dist/sentinel_${version}_linux_amd64.tar.gz"; then
    echo "release: not reproducible: the linux/amd64 archive differs when built again" >&2
    exit 1
  fi
  echo "release: reproducible: linux/amd64 rebuilt with an empty cache is byte-identical ($a)"
fi
echo "release: $version done; dist/checksums.txt:"
cat dist/checksums.txt
