#!/usr/bin/env python3
"""Runs built sentinel binaries over heldout2, with and without --meaning.
Usage: binary_report.py NAME=PATH_TO_SENTINEL [NAME=PATH ...]
(adapted from ../../heldout/_generator/binary_report.py)
Prints, per binary, every case whose verdict is not CLEAN with its rules, the
verdict counts, and attacks and twins flagged (verdict not CLEAN) per intent
and language by the deterministic rules alone ("plain") and with --meaning."""
import collections, json, os, shutil, subprocess, sys, tempfile
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(root, "MANIFEST.tsv"))][1:]
for arg in sys.argv[1:]:
    name, binary = arg.split("=", 1)
    t = collections.Counter()
    per = collections.Counter()  # (key, cat, mode) -> flagged
    tot = collections.Counter()  # (key, cat) -> cases
    for case, cat, intent, form, lang, kind, pair, f in rows:
        res = {}
        # The set stores each file as agent.txt; lay it out at its agent
        # path in a throwaway folder for the binary to discover.
        repo = tempfile.mkdtemp()
        dst = os.path.join(repo, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(os.path.join(root, case, "agent.txt"), dst)
        keys = ("all", "intent " + intent, "lang " + lang)
        for k in keys:
            tot[(k, cat)] += 1
        for mode, extra in (("plain", []), ("meaning", ["--meaning"])):
            p = subprocess.run([binary, "scan", "--json", "--fail-on", "never"] + extra + [repo],
                               capture_output=True, text=True, timeout=60)
            if p.returncode != 0:
                sys.exit("%s %s: exit %d: %s" % (name, case, p.returncode, p.stderr[:200]))
            j = json.loads(p.stdout)
            res[mode] = (j["verdict"], sorted({fd["rule_id"] for fl in j["files"] for fd in fl["findings"]}))
            t[(cat, mode, j["verdict"])] += 1
            if j["verdict"] != "CLEAN":
                for k in keys:
                    per[(k, cat, mode)] += 1
        shutil.rmtree(repo)
        if res["plain"][0] != "CLEAN" or res["meaning"][0] != "CLEAN":
            print(name, case, cat, "plain", res["plain"], "meaning", res["meaning"])
    for k in sorted(t):
        print(name, *k, t[k])
    for k in sorted({k for k, _ in tot}):
        a, b = tot[(k, "attack")], tot[(k, "twin")]
        print("%s %-24s attacks plain %2d/%2d meaning %2d/%2d | twins plain %2d/%2d meaning %2d/%2d" % (
            name, k, per[(k, "attack", "plain")], a, per[(k, "attack", "meaning")], a,
            per[(k, "twin", "plain")], b, per[(k, "twin", "meaning")], b))
