#!/usr/bin/env bash
# Whole-process cost of the semantic reading (issue #18): 'sentinel scan
# --json DIR' once for each repository of the wild corpus, one process
# each as a user scans one project (a scan of many folders already scans
# them side by side), with and without --meaning, for an older build and
# this one, alternating in the same run. Prints the wall seconds (what a
# user waits) and user+system CPU seconds (what the machine pays) summed
# over the repositories, and for each build and round the ratio of
# --meaning to the plain scan.
#
#   bench/meaning.sh [OLD_REF] [ROUNDS] [CPUS]   (default: 5e22737, 5 rounds, all CPUs)
#
# CPUS runs every scan under taskset with that many CPUs (1 shows the cost
# on one core, where S45 cannot run beside the other rules). Needs git and
# ../shared/corpus/wild (or SENTINEL_CORPUS).
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:-5e22737}
rounds=${2:-5}
cpus=${3:-}
corpus=${SENTINEL_CORPUS:-../shared/corpus/wild}
[ -d "$corpus" ] || { echo "meaning: no corpus at $corpus (set SENTINEL_CORPUS)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/old" "$old"
(cd "$tmp/old" && CGO_ENABLED=0 go build -o "$tmp/sentinel-old" ./cmd/sentinel)
CGO_ENABLED=0 go build -o "$tmp/sentinel-new" ./cmd/sentinel
mapfile -t all < <(find "$corpus" -mindepth 1 -maxdepth 1 -type d | sort)
pin=()
if [ -n "$cpus" ]; then pin=(taskset -c "0-$((cpus - 1))"); fi
run() { # binary args...: one process per repository; prints "wall cpu"
  : >"$tmp/times"
  for d in "${all[@]}"; do
    /usr/bin/time -a -o "$tmp/times" -f "%e %U %S" "${pin[@]}" "$@" "$d" >/dev/null 2>&1 || true
  done
  awk 'NF == 3 && $1 ~ /^[0-9.]+$/ {w += $1; c += $2 + $3} END {printf "%.2f %.2f\n", w, c}' "$tmp/times"
}
echo "repositories: ${#all[@]}; old = $old; cpus = ${cpus:-all ($(nproc))}; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
  for v in old new; do
    read -r pw pc < <(run "$tmp/sentinel-$v" scan --json)
    read -r mw mc < <(run "$tmp/sentinel-$v" scan --json --meaning)
    awk -v r="$r" -v v="$v" -v pw="$pw" -v pc="$pc" -v mw="$mw" -v mc="$mc" 'BEGIN {
      printf "round %s %-3s plain %5.2f wall-s %5.2f cpu-s  --meaning %5.2f wall-s %5.2f cpu-s  ratio wall %.2f cpu %.2f\n",
        r, v, pw, pc, mw, mc, mw / pw, mc / pc }'
  done
done
