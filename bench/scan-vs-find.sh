#!/usr/bin/env bash
# Whole-process benchmark: `sentinel scan` over a large tree against
# `find ROOT -type f` over the same tree, in the same run, alternating so
# both see the same machine load. Reports the median of each and the ratio.
#
#   bash bench/scan-vs-find.sh [ROOT] [RUNS]
#
# ROOT defaults to the Go toolchain's own source, $(go env GOROOT)/src.
set -euo pipefail
# Build as the README does: a static binary (nothing in Sentinel needs cgo),
# which starts about 0.7 ms sooner.
export CGO_ENABLED="${CGO_ENABLED:-0}"
cd "$(dirname "$0")/.."
ROOT=${1:-$(go env GOROOT)/src}
RUNS=${2:-21}
BIN=$(mktemp -d)/sentinel
go build -o "$BIN" ./cmd/sentinel

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Warm the page cache and check that the scan works at all.
find "$ROOT" -type f >/dev/null
"$BIN" scan --json "$ROOT" >/dev/null || [ $? -le 3 ]

scan_t=(); find_t=()
for ((i = 0; i < RUNS; i++)); do
  t0=$(now); find "$ROOT" -type f >/dev/null; t1=$(now)
  "$BIN" scan --json "$ROOT" >/dev/null || [ $? -le 3 ]; t2=$(now)
  find_t+=($((t1 - t0))); scan_t+=($((t2 - t1)))
done
f=$(printf '%s\n' "${find_t[@]}" | median)
s=$(printf '%s\n' "${scan_t[@]}" | median)
files=$(find "$ROOT" -type f | wc -l)
echo "root:  $ROOT ($files files)"
echo "runs:  $RUNS (alternating)"
awk -v f="$f" -v s="$s" 'BEGIN {
  printf "find -type f   median %6.1f ms\n", f / 1e6
  printf "sentinel scan  median %6.1f ms\n", s / 1e6
  printf "ratio scan/find: %.2f (target <= 1.50)\n", s / f
}'
