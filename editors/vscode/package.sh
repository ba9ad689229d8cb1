#!/usr/bin/env bash
# Builds the VS Code extension: npm install, tsc, the unit tests under node,
# and the .vsix with @vscode/vsce, into editors/vscode/dist/.
#
# The build runs in a copy outside the Go module (BUILD_DIR, by default a
# cache folder), so node_modules never lands inside the repository, where
# `go test ./...` would walk it. Exit codes: 0 built, 1 failed, 2 node/npm
# missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${OUT_DIR:-$here/dist}"
build="${BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/sentinel-vscode-build}"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "package.sh: $tool not found; the VS Code extension was not built" >&2
    exit 2
  fi
done

mkdir -p "$build" "$out"
# Fresh sources each time; node_modules is kept between builds.
rm -rf "$build/src" "$build/test" "$build/out"
cp -R "$here/src" "$here/test" "$build/"
cp "$here/package.json" "$here/tsconfig.json" "$here/.vscodeignore" "$here/README.md" "$here/LICENSE" "$build/"
[ -f "$here/package-lock.json" ] && cp "$here/package-lock.json" "$build/"

cd "$build"
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  npm install --no-audit --no-fund --loglevel=error
fi
npx --no-install tsc -p .
node --test out/test/
version="$(node -p 'require("./package.json").version')"
npx --no-install vsce package --out "$out/sentinel-$version.vsix"
echo "package.sh: wrote $out/sentinel-$version.vsix"
