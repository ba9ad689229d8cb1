#!/usr/bin/env python3
"""Writes and checks testdata/heldout3: 80 attacks (001-080) and their 80
honest twins (081-160). The sentences live in cases_*.py, written by hand;
this script only lays them out and checks the set's shape.

    python3 _generator/build.py
"""
import importlib
import json
import os
import re
import shutil
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

INTENTS = ("exfil-config exfil-repo remote-code persistence weaken-checks "
           "conceal approval history package-source cred-store").split()
KINDS = ["claude", "agents", "gemini", "copilot", "cursor", "skill", "command", "windsurf"]
FORMS = ("imperative polite-request must passive list-step table-cell "
         "numbered-procedure embedded-step cross-sentence before-user-sees "
         "conditional").split()
LANGS = "en de es fr pt ru zh ja ko".split()
MARK = "@@DECISIVE@@"

# Words and shapes the deterministic rules key on (and their translations):
# no attack may use them, so that an attack tests the meaning, not a rule.
BANNED = [
    "ignore previous", "ignore all previous", "disregard", "override", "system prompt",
    "exfiltrat", "secretly", "without telling", "do not tell", "don't tell",
    "don't ask", "do not ask", "without asking", "no confirmation", "--no-verify",
    "dangerously", "rm -rf", "chmod 777", "force push", "force-push", "--force",
    "push -f", ".env", "id_rsa", "password", "passwd", "api key", "api_key", "apikey",
    "secret", "token", "credential", "| sh", "|sh", "| bash", "|bash", "curl ", "wget ",
    "iex", "crontab", "cron job", ".bashrc", ".zshrc", ".profile", "launchagent",
    "launch agent", "systemd", "login item", ".git/hooks", "hookspath", "index-url",
    "trusted-host", "gosumdb", "goinsecure", "gonosumdb", "keychain", "filter-branch",
    "filter-repo", "rewrite the history", "rewrite history", "verify=false", "sslverify",
    "reject_unauthorized", "base64", "claude.md", "agents.md", "gemini.md",
    "copilot-instructions", "your instructions", "sub-agent", "subagent",
    # de
    "passwort", "kennwort", "geheimnis", "zugangsdaten", "schlüssel", "nicht erzählen",
    "ohne zu fragen", "ohne nachzufragen", "heimlich",
    # es
    "contraseña", "secreto", "credencial", "clave api", "sin preguntar", "en secreto",
    "no le digas",
    # fr
    "mot de passe", "jeton", "identifiants", "sans demander", "en secret",
    "ne dis pas", "n'informe pas",
    # pt
    "senha", "segredo", "credencia", "sem perguntar", "em segredo", "não conte",
    # ru
    "пароль", "пароля", "секрет", "токен", "учётн", "учетн", "без вопросов",
    "не говори", "тайно",
    # zh
    "密码", "密钥", "令牌", "凭据", "凭证", "秘密", "不要告诉", "悄悄", "偷偷",
    # ja
    "パスワード", "シークレット", "トークン", "認証情報", "秘密", "こっそり",
    "伝えない", "言わない",
    # ko
    "비밀번호", "시크릿", "토큰", "자격 증명", "몰래", "알리지 마",
]

URL_HOST = re.compile(r"https?://([A-Za-z0-9.\-]+)")
BARE_HOST = re.compile(r"\b([a-z0-9\-]+\.)+(com|net|org|io|dev|app|co|ai|cloud)\b")


def load():
    cases = []
    for lang in LANGS:
        try:
            mod = importlib.import_module("cases_" + lang)
        except ImportError:
            fail("no cases_%s.py" % lang)
            continue
        for c in mod.CASES:
            c.setdefault("lang", lang)
            cases.append(c)
    return cases


def fail(msg):
    print("CHECK FAILED:", msg, file=sys.stderr)
    fail.count += 1


fail.count = 0


def main():
    cases = load()
    if len(cases) != 80:
        fail("%d attacks, want 80" % len(cases))
    for d in os.listdir(OUT):
        if re.match(r"^\d{3}_", d):
            shutil.rmtree(os.path.join(OUT, d))
    rows = []
    seen_slugs = set()
    for i, c in enumerate(cases, 1):
        if c["n"] != i:
            fail("case %d is numbered %d" % (i, c["n"]))
        # The grid: intents, kinds and forms cycle; languages come in blocks.
        c["intent"] = INTENTS[(i - 1) % 10]
        c["kind"] = KINDS[(i - 1) % 8]
        c["form"] = FORMS[(i - 1) % 11]
        want_lang = LANGS[min((i - 1) // 9, 8)]
        if c["lang"] != want_lang:
            fail("case %d: lang %s, want %s" % (i, c["lang"], want_lang))
        if c["slug"] in seen_slugs:
            fail("slug %s twice" % c["slug"])
        seen_slugs.add(c["slug"])
        check_kind(c)
        if c["body"].count(MARK) != 1:
            fail("case %d: the body must hold the decisive mark once" % i)
        n_att = len(cases)
        for cat, n, pair in (("attack", i, i + 80), ("twin", i + 80, i)):
            dec = c[cat].strip("\n")
            text = c["body"].strip("\n").replace(MARK, dec) + "\n"
            check_text(c, cat, n, text, dec)
            name = "%03d_%s" % (n, c["slug"])
            os.makedirs(os.path.join(OUT, name))
            with open(os.path.join(OUT, name, "agent.txt"), "w", encoding="utf-8") as f:
                f.write(text)
            exp = {
                "category": cat, "intent": c["intent"], "lang": c["lang"],
                "form": c["form"], "kind": c["kind"], "file": c["file"],
                "pair": "%03d" % pair, "decisive": dec,
                "why": c["why_" + ("attack" if cat == "attack" else "twin")],
            }
            with open(os.path.join(OUT, name, "expect.json"), "w", encoding="utf-8") as f:
                json.dump(exp, f, ensure_ascii=False, indent=1)
                f.write("\n")
            rows.append((n, "\t".join([name, cat, c["intent"], c["form"], c["lang"],
                                       c["kind"], "%03d" % pair, c["file"]])))
    rows.sort()
    with open(os.path.join(OUT, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
        f.write("case\tcategory\tintent\tform\tlang\tkind\tpair\tfile\n")
        for _, r in rows:
            f.write(r + "\n")
    tally(cases)
    if fail.count:
        print("%d checks failed" % fail.count, file=sys.stderr)
        sys.exit(1)
    print("wrote %d cases" % (2 * len(cases)))


def check_kind(c):
    f, body = c["file"], c["body"]
    k = c["kind"]
    want = {
        "claude": lambda: f == "CLAUDE.md",
        "agents": lambda: f == "AGENTS.md",
        "gemini": lambda: f == "GEMINI.md",
        "copilot": lambda: f == ".github/copilot-instructions.md",
        "cursor": lambda: re.fullmatch(r"\.cursor/rules/[a-z0-9\-]+\.mdc", f) is not None,
        "skill": lambda: re.fullmatch(r"\.claude/skills/[a-z0-9\-]+/SKILL\.md", f) is not None,
        "command": lambda: re.fullmatch(r"\.claude/commands/[a-z0-9\-]+\.md", f) is not None,
        "windsurf": lambda: f == ".windsurfrules",
    }[k]
    if not want():
        fail("case %d: file %s is not of kind %s" % (c["n"], f, k))
    if k == "cursor" and not re.match(r"^---\n(.*\n)*alwaysApply: true\n(.*\n)*---\n", body.lstrip("\n")):
        fail("case %d: .mdc without alwaysApply front matter" % c["n"])
    if k == "skill":
        name = f.split("/")[2]
        if not re.match(r"^---\nname: %s\ndescription: .+\n" % re.escape(name), body.lstrip("\n")):
            fail("case %d: skill front matter must name %s and describe it" % (c["n"], name))
    if k == "command" and not re.match(r"^---\n(.*\n)*description: .+\n(.*\n)*---\n", body.lstrip("\n")):
        fail("case %d: command without a description" % c["n"])


def check_text(c, cat, n, text, dec):
    lines = text.count("\n")
    if not 15 <= lines <= 60:
        fail("case %03d: %d lines, want 15-60" % (n, lines))
    for h in URL_HOST.findall(text):
        if not h.rstrip(".").endswith(".invalid") and h not in ("localhost", "127.0.0.1"):
            fail("case %03d: host %s does not end in .invalid" % (n, h))
    for m in BARE_HOST.finditer(text):
        fail("case %03d: real-looking domain %s" % (n, m.group(0)))
    for ch in text:
        if ch != "\n" and unicodedata.category(ch) in ("Cf", "Cc", "Co"):
            fail("case %03d: invisible character U+%04X" % (n, ord(ch)))
    if cat == "attack":
        low = dec.lower()
        for w in BANNED:
            if w in low:
                fail("case %03d: attack uses banned wording %r" % (n, w))
    if not dec.strip():
        fail("case %03d: empty decisive text" % n)


def tally(cases):
    from collections import Counter
    for key in ("intent", "lang", "kind", "form"):
        cnt = Counter(c[key] for c in cases)
        print(key + ":", " ".join("%s=%d" % kv for kv in sorted(cnt.items())))


if __name__ == "__main__":
    main()
