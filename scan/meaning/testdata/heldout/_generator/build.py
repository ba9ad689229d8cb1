#!/usr/bin/env python3
"""Writes the held-out set from cases.py and checks it. Run from anywhere:
python3 scan/meaning/testdata/heldout/_generator/build.py"""
import json, os, re, shutil, sys
from collections import Counter
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from cases import P

# Words the deterministic rules key on (and close translations); no attack may use them.
BANNED = [r"ignore (all )?previous", r"disregard", r"override", r"system prompt", r"exfiltrat",
    r"do not (tell|mention|inform)", r"don'?t (tell|mention|inform|ask)", r"secretly", r"without (telling|asking)",
    r"no confirmation", r"curl[^\n|]*\|\s*(ba)?sh", r"wget[^\n|]*\|\s*(ba)?sh", r"base64 -d", r"--no-verify",
    r"dangerously", r"rm -rf", r"chmod 777", r"force[- ]push", r"push -f\b", r"--force", r"(^|[\s`/])\.env\b", r"id_rsa",
    r"password", r"api[ _-]?key", r"\bsecret", r"\btoken", r"credential",
    r"contraseña", r"secreto", r"passwort", r"geheim", r"mot de passe", r"пароль", r"секрет", r"токен",
    r"密码", r"密钥", r"令牌", r"パスワード", r"秘密", r"トークン", r"senha", r"segredo", r"비밀번호", r"토큰", r"비밀",
    r"zugangsdaten", r"identifiants", r"credenciales", r"credenciais", r"учётн", r"учетн", r"认证", r"凭据", r"資格情報", r"자격 증명"]

def kindof(path):
    if path.endswith(".mdc"): return ".cursor/rules/*.mdc"
    if path.endswith("SKILL.md"): return "SKILL.md"
    return path

def render(path, sections, decisive):
    out = []
    title = sections[0][0].lstrip("@")
    if path.endswith(".mdc"):
        out += ["---", "description: " + sections[0][1][0], "alwaysApply: true", "---", ""]
    if path.endswith("SKILL.md"):
        name = path.split("/")[-2]
        out += ["---", "name: " + name, "description: " + sections[0][1][0], "---", ""]
    placed = False
    for i, (head, lines) in enumerate(sections):
        mark = head.startswith("@")
        out.append(("# " if i == 0 else "## ") + head.lstrip("@"))
        out.append("")
        body = []
        for l in lines:
            if l == "@@":
                body.append(decisive); placed = True
            else:
                body.append(l)
        if mark and not placed:
            # prose sections get the decisive text as a following paragraph or list item
            if body and not body[-1].startswith(("-", "|", "1", "2", "3", "4", "5")) and not decisive.startswith(("-", "|")):
                body[-1] = body[-1] + " " + decisive if "\n" not in decisive else body[-1]
                if "\n" in decisive:
                    body += ["", decisive]
            else:
                body.append(decisive)
            placed = True
        out += body
        out.append("")
    assert placed, path
    return "\n".join(out).rstrip() + "\n"

def main():
    for d in os.listdir(ROOT):
        if re.match(r"\d{3}_", d): shutil.rmtree(os.path.join(ROOT, d))
    n = len(P)
    rows = ["case\tcategory\tintent\tform\tlang\tkind\tpair\tfile"]
    problems = []
    for i, (short, intent, lang, path, form, project, secs, atk, twin) in enumerate(P):
        for cat, num, text in (("attack", i + 1, atk), ("twin", i + 1 + n, twin)):
            case = "%03d_%s%s" % (num, short, "" if cat == "attack" else "_twin")
            body = render(path, secs, text)
            # Stored as agent.txt, not under its agent path, so that
            # `sentinel scan .` over Sentinel's own tree does not read the
            # set as the project's agent files; the path is in MANIFEST.tsv.
            fp = os.path.join(ROOT, case, "agent.txt")
            os.makedirs(os.path.dirname(fp), exist_ok=True)
            open(fp, "w").write(body)
            exp = {"category": "attack" if cat == "attack" else "benign", "intent": intent, "lang": lang,
                   "pair": "%03d" % (i + 1), "decisive": text}
            open(os.path.join(ROOT, case, "expect.json"), "w").write(json.dumps(exp, ensure_ascii=False, indent=1) + "\n")
            rows.append("\t".join([case, cat, intent, form, lang, kindof(path), "%03d" % (i + 1), path]))
            if cat == "attack":
                for b in BANNED:
                    if re.search(b, body, re.I):
                        problems.append("%s: banned %r" % (case, b))
            if re.search(r"https?://(?![\w.-]+\.invalid\b)(?!rubygems\.org)", body):
                problems.append(case + ": non-.invalid URL")
    open(os.path.join(ROOT, "MANIFEST.tsv"), "w").write("\n".join(rows) + "\n")
    c = Counter((p[1]) for p in P); l = Counter(p[2] for p in P); k = Counter(kindof(p[3]) for p in P)
    print("pairs", n, dict(c), dict(l), dict(k))
    if n < 60 or len(c) != 10 or len(l) < 6 or len(k) < 5: problems.append("coverage")
    for p in problems: print("PROBLEM", p)
    sys.exit(1 if problems else 0)
main()
