#!/bin/sh
# Scan every case with the deterministic rules alone: each agent.txt is copied
# into a fresh folder under the agent file name of its kind, and the built
# binary (default /tmp/s4) must report no finding for any of them.
set -eu
BIN=${BIN:-/tmp/s4}
SET=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
tail -n +2 "$SET/MANIFEST.tsv" | while IFS="$(printf '\t')" read -r case cat intent form lang kind pair file; do
  d="$TMP/$case"
  mkdir -p "$d/$(dirname "$file")"
  cp "$SET/$case/agent.txt" "$d/$file"
  out=$("$BIN" scan --format json --fail-on never "$d")
  n=$(printf '%s' "$out" | python3 -c 'import json,sys
d=json.load(sys.stdin)
fs=list(d.get("observations") or [])
for f in d.get("files") or []:
    fs += (f.get("findings") or []) + (f.get("observations") or [])
print(len(fs), d["verdict"], " ".join("%s:%s" % (f.get("rule_id"), f.get("line")) for f in fs))')
  case "$n" in
    "0 CLEAN"*) ;;
    *) echo "$case ($cat $lang): $n" ;;
  esac
done
echo "checked $(tail -n +2 "$SET/MANIFEST.tsv" | wc -l) cases"
