#!/usr/bin/env bash
# Load test of `sentinel serve` on loopback, in two phases, each against a
# fresh server so that its peak memory (VmHWM) belongs to that phase alone:
#
#  A. wrk, 64 connections, DURATION seconds each: POST /scan/text with a
#     10 KB CLAUDE.md, then GET /health as the baseline, in the same run.
#     Reports requests/s, p99 and non-2xx answers for both, and peak RSS.
#  B. 200 concurrent 2 MB /scan/bundle uploads (a repository with an
#     orphaned hook and four 500 KB instruction files). Every answer must be
#     200 COMPROMISED with S10, or a clean JSON 503; reports the counts, the
#     slowest answer and peak RSS, which must stay under 1 GiB.
#
#   bash bench/web-load.sh [DURATION]      # needs wrk and curl (apt-get install wrk curl)
set -euo pipefail
# Build as the README does: a static binary (nothing in Sentinel needs cgo),
# which starts about 0.7 ms sooner.
export CGO_ENABLED="${CGO_ENABLED:-0}"
cd "$(dirname "$0")/.."
DURATION=${1:-30}
command -v wrk >/dev/null || { echo "bench: wrk is not installed (apt-get install wrk)"; exit 1; }
WORK=$(mktemp -d)
trap 'kill "${PID:-}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
BIN=$WORK/sentinel
go build -o "$BIN" ./cmd/sentinel

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
start() {
  PORT=$(free_port)
  "$BIN" serve --addr "127.0.0.1:$PORT" >"$WORK/serve.log" 2>&1 &
  PID=$!
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && return; sleep 0.1; done
  echo "bench: the server did not start"; cat "$WORK/serve.log"; exit 1
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=; }
peak_rss_mb() { awk '/VmHWM/ {printf "%.0f", $2/1024}' "/proc/$PID/status"; }

# --- inputs -------------------------------------------------------------------
python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
para = ("## Working in this repository\n\n"
        "- Build with `make build`; run `make test` before every commit and keep it green.\n"
        "- Use pnpm, never npm, for installs. Node 22 is required; see .nvmrc.\n"
        "- Never commit .env files or send credentials anywhere; ask before running migrations.\n"
        "- Docs live at https://docs.example.com/handbook; link to them rather than copying.\n"
        "- Prefer small pull requests with a clear description of why the change is needed.\n\n")
text = "# Project notes for agents\n\n"
while len(text) < 10 * 1024:
    text += para
text = text[:10 * 1024]
json.dump({"filename": "CLAUDE.md", "text": text}, open(f"{work}/text.json", "w"))
files = {".claude/settings.json": json.dumps({"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "node .claude/hooks/telemetry.js"}]}]}})}
chunk = (para * (512 * 1024 // len(para) + 1))[:500 * 1024]
for i in range(4):
    files[f"docs/agents/part{i}/AGENTS.md"] = chunk
body = json.dumps({"files": files})
open(f"{work}/bundle.json", "w").write(body)
print(f"inputs: text body {len(json.dumps({'filename':'CLAUDE.md','text':text}))} bytes, bundle body {len(body)/1e6:.2f} MB")
PY
cat >"$WORK/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$WORK/text.json", "rb"); wrk.body = f:read("*a"); f:close()
LUA

report() { # name, wrk output file
  local rps p99 non2xx errs
  rps=$(awk '/Requests\/sec/ {print $2}' "$2")
  p99=$(awk '$1=="99%" {print $2}' "$2")
  non2xx=$(awk '/Non-2xx/ {print $NF}' "$2"); non2xx=${non2xx:-0}
  errs=$(awk '/Socket errors/ {print $0}' "$2"); errs=${errs:-none}
  printf '%-12s %10s req/s   p99 %-9s non-2xx %s   socket errors: %s\n' "$1" "$rps" "$p99" "$non2xx" "$errs"
}

# --- phase A: /scan/text vs /health ------------------------------------------
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); shared with other work"
start
curl -fs -H 'Content-Type: application/json' --data-binary @"$WORK/text.json" "http://127.0.0.1:$PORT/scan/text" \
  | python3 -c 'import json,sys; d=json.load(sys.stdin); print("check: 10 KB CLAUDE.md ->", d["verdict"], d["trust_score"])'
wrk -t2 -c64 -d"${DURATION}s" --latency -s "$WORK/post.lua" "http://127.0.0.1:$PORT/scan/text" >"$WORK/text.out"
wrk -t2 -c64 -d"${DURATION}s" --latency "http://127.0.0.1:$PORT/health" >"$WORK/health.out"
echo "phase A: wrk -t2 -c64 -d${DURATION}s --latency"
report "/scan/text" "$WORK/text.out"
report "/health" "$WORK/health.out"
t=$(awk '/Requests\/sec/ {print $2}' "$WORK/text.out"); h=$(awk '/Requests\/sec/ {print $2}' "$WORK/health.out")
python3 -c "print(f'ratio: /scan/text serves {float($t)/float($h):.3f} x the requests/s of /health')"
echo "peak RSS phase A: $(peak_rss_mb) MB"
stop

# --- phase B: 200 concurrent 2 MB bundles -------------------------------------
start
mkdir -p "$WORK/out"
t0=$(date +%s.%N)
seq 200 | xargs -P 200 -I{} curl -s -o "$WORK/out/{}.json" -w '%{http_code} %{time_total}\n' \
  -H 'Content-Type: application/json' --data-binary @"$WORK/bundle.json" "http://127.0.0.1:$PORT/scan/bundle" >"$WORK/codes.txt"
t1=$(date +%s.%N)
python3 - "$WORK" <<'PY'
import json, sys, glob
work = sys.argv[1]
ok = busy = bad = 0
for p in glob.glob(f"{work}/out/*.json"):
    try:
        d = json.load(open(p))
    except Exception:
        bad += 1; continue
    if d.get("verdict") == "COMPROMISED" and any(f["rule_id"] == "S10" for fr in d["files"] for f in fr["findings"]):
        ok += 1
    elif d.get("status") == 503 and d.get("error"):
        busy += 1
    else:
        bad += 1
times = sorted(float(l.split()[1]) for l in open(f"{work}/codes.txt"))
print(f"phase B: 200 concurrent 2 MB bundles: {ok} correct (COMPROMISED, S10), {busy} clean 503, {bad} wrong or broken; slowest answer {times[-1]:.2f} s")
if bad:
    sys.exit(1)
PY
echo "wall time phase B: $(python3 -c "print(f'{$t1-$t0:.1f}')") s"
rss=$(peak_rss_mb)
echo "peak RSS phase B: $rss MB (limit 1024 MB)"
stop
[ "$rss" -lt 1024 ] || { echo "bench: peak RSS over 1 GiB"; exit 1; }
