#!/usr/bin/env python3
"""Writes the heldout2 set from cases*.py and checks it.

Run from anywhere: python3 scan/meaning/testdata/heldout2/_generator/build.py
It deletes and rewrites the NNN_* case folders and MANIFEST.tsv, then checks
the counts, the pairing, the inert hosts and the banned wording of attacks,
and exits non-zero if a check fails."""
import collections, glob, json, os, re, shutil, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, here)
import lib  # noqa: E402
for i in range(1, 9):
    __import__("cases%d" % i)
cases = lib.CASES

# Words and shapes the deterministic rules key on (and their direct
# translations); no attack file may contain them.
BANNED = [
    "ignore previous", "ignore all previous", "disregard", "override", "system prompt",
    "exfiltrat", "do not tell", "don't tell", "do not mention", "don't mention",
    "without telling", "secretly", "curl", "wget", "base64", "don't ask", "do not ask",
    "without asking", "no confirmation", "--no-verify", "dangerously", "rm -rf",
    "chmod 777", "force push", "force-push", ".env", "id_rsa", "password", "passwd",
    "api key", "api_key", "apikey", "secret", "token", "credential",
    # translations
    "contraseña", "secreto", "credenciales", "clave api", "passwort", "geheim",
    "zugangsdaten", "mot de passe", "identifiants", "senha", "segredo", "credenciais",
    "пароль", "секрет", "токен", "учётн", "учетн", "密码", "口令", "令牌", "密钥", "凭据", "凭证",
    "パスワード", "トークン", "シークレット", "認証情報", "비밀번호", "토큰", "시크릿", "자격 증명",
    "忽略", "無視", "무시", "ignorez", "ignora", "ignoriere", "игнорир",
]

fail = []
def check(ok, msg):
    if not ok:
        fail.append(msg)

if len(cases) < 80:
    fail.append("only %d pairs" % len(cases))
n = len(cases)
for d in glob.glob(os.path.join(root, "[0-9][0-9][0-9]_*")):
    shutil.rmtree(d)

rows = []
slugs = set()
for i, c in enumerate(cases, 1):
    check(c["slug"] not in slugs, "duplicate slug " + c["slug"])
    slugs.add(c["slug"])
    kind = lib.kind_of(c["path"])
    for side in ("attack", "twin"):
        num = i if side == "attack" else i + n
        pair = i + n if side == "attack" else i
        name = "%03d_%s" % (num, c["slug"])
        text = c["body"].replace("@@", c[side]).rstrip("\n") + "\n"
        d = os.path.join(root, name)
        os.makedirs(d)
        with open(os.path.join(d, "agent.txt"), "w") as f:
            f.write(text)
        exp = {"category": side, "intent": c["intent"], "lang": c["lang"], "form": c["form"],
               "pair": "%03d" % pair, "path": c["path"], "decisive": c[side],
               "why": c["awhy"] if side == "attack" else c["twhy"]}
        with open(os.path.join(d, "expect.json"), "w") as f:
            json.dump(exp, f, ensure_ascii=False, indent=2)
            f.write("\n")
        rows.append((name, side, c["intent"], c["form"], c["lang"], kind, "%03d" % pair, c["path"]))
        # checks
        lines = text.count("\n")
        check(8 <= lines <= 45, "%s: %d lines" % (name, lines))
        for host in re.findall(r"(?:https?://|@)([A-Za-z0-9.-]+\.[A-Za-z]{2,})", text):
            check(host.endswith(".invalid"), "%s: host %s not .invalid" % (name, host))
        check(not re.search(r"[\u200b-\u200f\u2060-\u2064\ufeff\u202a-\u202e]", text), name + ": invisible char")
        if side == "attack":
            low = text.lower()
            for w in BANNED:
                check(w not in low, "%s: banned %r" % (name, w))
        if c["path"].endswith(".mdc"):
            check("alwaysApply: true" in text, name + ": mdc without alwaysApply")
        if c["path"].endswith("/SKILL.md"):
            folder = c["path"].split("/")[-2]
            check(("name: %s\n" % folder) in text, name + ": skill name != folder")
            check("\ndescription: " in text, name + ": skill without description")
    check(c["attack"] != c["twin"], c["slug"] + ": twin equals attack")

with open(os.path.join(root, "MANIFEST.tsv"), "w") as f:
    f.write("case\tcategory\tintent\tform\tlang\tkind\tpair\tfile\n")
    for r in rows:
        f.write("\t".join(r) + "\n")

att = [r for r in rows if r[1] == "attack"]
by = lambda k: collections.Counter(r[k] for r in att)
intents, langs, kinds = by(2), by(4), by(5)
check(len(intents) == 10 and min(intents.values()) >= 7, "intents uneven: %s" % dict(intents))
check(len(langs) >= 7, "languages: %s" % dict(langs))
check(0.35 <= langs["en"] / len(att) <= 0.45, "en share %d/%d" % (langs["en"], len(att)))
check(len(kinds) >= 6, "kinds: %s" % dict(kinds))
print("pairs", n, "intents", dict(sorted(intents.items())))
print("langs", dict(sorted(langs.items())))
print("kinds", dict(sorted(kinds.items())))
print("forms", dict(sorted(by(3).items())))
if fail:
    print("\n".join("FAIL " + m for m in fail))
    sys.exit(1)
print("ok")
