#!/usr/bin/env bash
# Whole-process cost of one 'sentinel scan --json' over many repositories
# (issue #17 item 13), alternating an older build with this one in the same
# run: all of the corpus, and half of it (doubling the repositories should
# at most double the time). Prints user+system CPU seconds per run, which
# the machine's load moves far less than wall time.
#
#   bench/many-repos.sh [OLD_REF] [ROUNDS]      (default: 3fba346, 3 rounds)
#
# Needs git and ../shared/corpus/wild (or SENTINEL_CORPUS).
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:-3fba346}
rounds=${2:-3}
corpus=${SENTINEL_CORPUS:-../shared/corpus/wild}
[ -d "$corpus" ] || { echo "many-repos: no corpus at $corpus (set SENTINEL_CORPUS)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/old" "$old"
(cd "$tmp/old" && CGO_ENABLED=0 go build -o "$tmp/sentinel-old" ./cmd/sentinel)
CGO_ENABLED=0 go build -o "$tmp/sentinel-new" ./cmd/sentinel
mapfile -t all < <(find "$corpus" -mindepth 1 -maxdepth 1 -type d | sort)
half=("${all[@]:0:$(( ${#all[@]} / 2 ))}")
cpu() { # binary repos...
  local b=$1; shift
  /usr/bin/time -f "%U %S %e" "$b" scan --json "$@" >/dev/null 2>"$tmp/err" || true
  tail -n 1 "$tmp/err" | awk '{printf "%.2f cpu-s %.2f wall-s", $1+$2, $3}'
}
echo "repositories: ${#all[@]} (half: ${#half[@]}); old = $old"
for r in $(seq "$rounds"); do
  for v in old new; do
    echo "round $r $v all:  $(cpu "$tmp/sentinel-$v" "${all[@]}")"
    echo "round $r $v half: $(cpu "$tmp/sentinel-$v" "${half[@]}")"
  done
done
