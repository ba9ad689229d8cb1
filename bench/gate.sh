#!/usr/bin/env bash
# Whole-process benchmark of the gate: `sentinel run -- true` in a CLEAN
# repository against starting `true` directly, in the same run, alternating
# so both see the same machine load. The gate's budget is 5 ms added.
#
#   bash bench/gate.sh [REPO] [RUNS]
#
# REPO defaults to the CLEAN repository with the most files in
# ../shared/corpus/wild (real agent files gathered from public projects);
# with FILLER=N, N ordinary source files are added to a copy of it, to see
# the cost of walking a working tree.
set -euo pipefail
# Build as the README does: a static binary (nothing in Sentinel needs cgo),
# which starts about 0.7 ms sooner.
export CGO_ENABLED="${CGO_ENABLED:-0}"
cd "$(dirname "$0")/.."
RUNS=${2:-101}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
BIN=$WORK/sentinel
go build -trimpath -o "$BIN" ./cmd/sentinel
TRUE=$(command -v true)
export SENTINEL_HOME=$WORK/home

pick() {
  local corpus=../shared/corpus/wild
  [ -d "$corpus" ] || { echo "no REPO given and $corpus is absent" >&2; exit 1; }
  for d in $(for d in "$corpus"/*/; do echo "$(find "$d" -type f | wc -l) $d"; done | sort -rn | awk '{print $2}'); do
    if (cd "$d" && "$BIN" run -- "$TRUE" </dev/null >/dev/null 2>&1); then echo "$d"; return; fi
  done
  echo "no CLEAN repository in $corpus" >&2; exit 1
}
REPO=${1:-$(pick)}
REPO=${REPO%/}
if [ -n "${FILLER:-}" ]; then
  cp -r "$REPO" "$WORK/repo"; REPO=$WORK/repo
  mkdir -p "$REPO/src"
  for ((i = 0; i < FILLER; i++)); do
    mkdir -p "$REPO/src/pkg$((i / 50))"
    printf 'package pkg\n\nfunc F%d() int { return %d }\n' "$i" "$i" > "$REPO/src/pkg$((i / 50))/f$i.go"
  done
fi
cd "$REPO"
"$BIN" run -- "$TRUE" </dev/null || { echo "sentinel run -- true does not start in $REPO (not CLEAN)" >&2; exit 1; }

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
direct=(); gated=(); full=(); ver=(); nowall=()
for ((i = 0; i < RUNS; i++)); do
  t0=$(now); "$TRUE"; t1=$(now)
  "$BIN" run -- "$TRUE" </dev/null; t2=$(now)
  "$BIN" run --no-cache -- "$TRUE" </dev/null; t3=$(now)
  "$BIN" version >/dev/null; t4=$(now)
  "$BIN" run --wall=off -- "$TRUE" </dev/null 2>/dev/null; t5=$(now)
  direct+=($((t1 - t0))); gated+=($((t2 - t1))); full+=($((t3 - t2))); ver+=($((t4 - t3))); nowall+=($((t5 - t4)))
done
d=$(printf '%s\n' "${direct[@]}" | median)
g=$(printf '%s\n' "${gated[@]}" | median)
f=$(printf '%s\n' "${full[@]}" | median)
v=$(printf '%s\n' "${ver[@]}" | median)
n=$(printf '%s\n' "${nowall[@]}" | median)
echo "repo:    $REPO ($(find . -type f | wc -l) files, $(du -sk . | cut -f1) KB)"
echo "runs:    $RUNS (alternating, median)"
awk -v d="$d" -v g="$g" -v f="$f" -v v="$v" -v n="$n" 'BEGIN {
  printf "true directly                       %6.2f ms\n", d / 1e6
  printf "sentinel version (start-up only)    %6.2f ms   (+%.2f ms)\n", v / 1e6, (v - d) / 1e6
  printf "sentinel run -- true (cached CLEAN) %6.2f ms   (+%.2f ms)   ratio %.1fx\n", g / 1e6, (g - d) / 1e6, g / d
  printf "sentinel run --no-cache -- true     %6.2f ms   (+%.2f ms)   ratio %.1fx\n", f / 1e6, (f - d) / 1e6, f / d
  printf "sentinel run --wall=off -- true     %6.2f ms   (+%.2f ms)   the write wall adds %.2f ms\n", n / 1e6, (n - d) / 1e6, (g - n) / 1e6
  printf "gate budget: +5 ms over starting the command directly\n"
}'
