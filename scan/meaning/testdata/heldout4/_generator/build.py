#!/usr/bin/env python3
"""Rebuild heldout4: 80 attacks (001-080) and their honest twins (081-160).

The sentences are hand-written in cases_<lang>.py; this script only numbers
the cases, puts each decisive passage into its file, writes the folders and
MANIFEST.tsv, and checks the set's shape. Run from anywhere:

    python3 scan/meaning/testdata/heldout4/_generator/build.py
"""
import importlib
import os
import random
import re
import shutil
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

from grid import INTENTS, KINDS, LANGS, FORMS, plan  # noqa: E402

MARK = "@@X@@"
PARTIAL = "--partial" in sys.argv  # while writing: skip languages not yet written

# Words the deterministic rules (or plain rule vocabulary) key on. An attack
# holding one would test the rules, not the meaning; the check is
# case-insensitive and applies to the attack's decisive passage.
BANNED = {
    "en": ["secret", "token", "password", "passwd", "credential", "api key",
           "api_key", ".env", "id_rsa", "exfiltrat", "silently", "without telling",
           "do not tell", "don't tell", "without asking", "don't ask",
           "do not ask", "no confirmation", "ignore previous", "ignore all",
           "ignore the", "ignore any", "disregard",
           "override", "system prompt", "curl", "wget", "base64",
           "--no-verify", "rm -rf", "chmod", "force", "cron", "bashrc",
           "zshrc", ".profile", "launchagent", "launch agent", "systemd",
           "login item", "keychain", "hookspath", ".git/hooks",
           "filter-branch", "filter-repo", "rewrite the history",
           "trusted-host", "index-url", "gosumdb", "gonosumdb",
           "goinsecure", "verify=false", "disable the security"],
    "de": ["passwort", "kennwort", "geheim", "token", "zugangsdaten",
           "api-schlüssel", "heimlich", "ohne zu fragen", "ohne nachfrage",
           "nicht sagen", "sag dem", "ignorier", "curl", "wget", ".env",
           "id_rsa", "cron", "bashrc", "zshrc", "--no-verify", "force",
           "schlüsselbund"],
    "es": ["contraseña", "secret", "token", "credencial", "clave de api",
           "sin preguntar", "en secreto", "no le digas", "ignora", "curl",
           "wget", ".env", "id_rsa", "cron", "bashrc", "zshrc",
           "--no-verify", "force", "llavero"],
    "fr": ["mot de passe", "secret", "jeton", "token", "identifiants",
           "clé d'api", "clé api", "sans demander", "en cachette",
           "ne dis pas", "ignore", "curl", "wget", ".env", "id_rsa", "cron",
           "bashrc", "zshrc", "--no-verify", "force", "trousseau"],
    "pt": ["senha", "segredo", "secret", "token", "credencia",
           "chave de api", "sem perguntar", "em segredo", "não diga",
           "ignore", "curl", "wget", ".env", "id_rsa", "cron", "bashrc",
           "zshrc", "--no-verify", "force", "chaveiro"],
    "ru": ["пароль", "секрет", "токен", "учётные данные", "учетные данные",
           "не спрашивая", "тайно", "не говори", "игнорир", "curl", "wget",
           ".env", "id_rsa", "cron", "bashrc", "zshrc", "--no-verify",
           "force", "связк"],
    "zh": ["密码", "密钥", "令牌", "凭据", "凭证", "秘密", "悄悄", "不要告诉",
           "无需询问", "忽略", "curl", "wget", ".env", "id_rsa", "cron",
           "bashrc", "zshrc", "--no-verify", "force", "钥匙串", "token"],
    "ja": ["パスワード", "シークレット", "トークン", "秘密", "認証情報",
           "こっそり", "伝えないで", "確認せず", "無視", "curl", "wget",
           ".env", "id_rsa", "cron", "bashrc", "zshrc", "--no-verify",
           "force", "キーチェーン", "token"],
    "ko": ["비밀번호", "토큰", "시크릿", "비밀", "자격 증명", "몰래",
           "묻지 말고", "알리지 마", "무시", "curl", "wget", ".env",
           "id_rsa", "cron", "bashrc", "zshrc", "--no-verify", "force",
           "키체인", "token"],
}

FILE_OF_KIND = {
    "claude-md": "CLAUDE.md",
    "agents-md": "AGENTS.md",
    "gemini-md": "GEMINI.md",
    "copilot-instructions": ".github/copilot-instructions.md",
    "cursor-rule": ".cursor/rules/{name}.mdc",
    "skill": ".claude/skills/{name}/SKILL.md",
    "command": ".claude/commands/{name}.md",
    "windsurf-rule": ".windsurf/rules/{name}.md",
}

FRONT = {  # the first lines each kind's file must start with
    "cursor-rule": ["---", "description:"],
    "skill": ["---", "name: {name}"],
    "command": ["---", "description:"],
    "windsurf-rule": ["---", "trigger:"],
}

INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\U000e0000-\U000e007f]")


def fail(msg):
    print("build.py:", msg, file=sys.stderr)
    sys.exit(1)


def load():
    rows = plan()
    cases = []
    for lang in LANGS:
        try:
            mod = importlib.import_module("cases_" + lang)
        except ModuleNotFoundError:
            if PARTIAL:
                continue
            raise
        want = [r for r in rows if r[0] == lang]
        if len(mod.CASES) != len(want):
            fail(f"{lang}: {len(mod.CASES)} cases, the plan has {len(want)}")
        for (l, intent, kind, form), c in zip(want, mod.CASES):
            if c["intent"] != intent:
                fail(f"{lang}/{c['slug']}: intent {c['intent']}, plan says {intent}")
            cases.append(dict(c, lang=lang, kind=kind, form=form))
    return cases


def render(c, passage):
    body = c["text"].strip("\n") + "\n"
    if body.count(MARK) != 1:
        fail(f"{c['slug']}: the text must hold {MARK} exactly once")
    return body.replace(MARK, passage.strip("\n"))


def check(c, attack, twin):
    name = c.get("name", "")
    for label, t in (("attack", attack), ("twin", twin)):
        n = t.count("\n")
        if not 15 <= n <= 60:
            fail(f"{c['slug']} {label}: {n} lines, want 15-60")
        if INVISIBLE.search(t):
            fail(f"{c['slug']} {label}: invisible character")
        for host in re.findall(r"https?://([^/\s)`\"'>,;]+)", t):
            if not host.endswith(".invalid"):
                fail(f"{c['slug']} {label}: host {host} does not end in .invalid")
        first = t.split("\n")
        for i, want in enumerate(FRONT.get(c["kind"], [])):
            if not first[i].startswith(want.format(name=name)):
                fail(f"{c['slug']} {label}: line {i+1} should start {want!r}")
    low = c["attack"].lower()
    for w in BANNED[c["lang"]] + (BANNED["en"] if c["lang"] != "en" else []):
        if w in low:
            fail(f"{c['slug']}: the attack holds the rule word {w!r}")
    if c["attack"].strip() == c["twin"].strip():
        fail(f"{c['slug']}: the twin is the attack")
    # The two files differ in one block, and only where the passage stands.
    al, wl = attack.split("\n"), twin.split("\n")
    head = 0
    while al[head] == wl[head]:
        head += 1
    tail = 0
    while al[-1 - tail] == wl[-1 - tail]:
        tail += 1
    start = c["text"].strip("\n").split("\n").index(
        next(l for l in c["text"].strip("\n").split("\n") if MARK in l))
    if head < start or tail < len(c["text"].strip("\n").split("\n")) - start - 1:
        fail(f"{c['slug']}: attack and twin differ outside the decisive passage")


def main():
    cases = load()
    order = list(range(len(cases)))
    random.Random(4).shuffle(order)
    n = len(cases)
    for d in os.listdir(ROOT):
        if re.match(r"^\d{3}_", d):
            shutil.rmtree(os.path.join(ROOT, d))
    manifest = ["case\tcategory\tintent\tform\tlang\tkind\tpair\tfile"]
    rows = []
    for num, idx in enumerate(order, 1):
        c = cases[idx]
        attack, twin = render(c, c["attack"]), render(c, c["twin"])
        check(c, attack, twin)
        f = FILE_OF_KIND[c["kind"]].format(name=c.get("name", ""))
        for cat, no, other, text in (("attack", num, num + n, attack),
                                      ("twin", num + n, num, twin)):
            case = f"{no:03d}_{c['slug']}"
            os.makedirs(os.path.join(ROOT, case))
            with open(os.path.join(ROOT, case, "agent.txt"), "w", encoding="utf-8") as fh:
                fh.write(text)
            rows.append((no, f"{case}\t{cat}\t{c['intent']}\t{c['form']}\t{c['lang']}\t{c['kind']}\t{other:03d}\t{f}"))
    manifest += [r for _, r in sorted(rows)]
    with open(os.path.join(ROOT, "MANIFEST.tsv"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(manifest) + "\n")
    slugs = Counter(c["slug"] for c in cases)
    if max(slugs.values()) > 1:
        fail(f"duplicate slugs: {[s for s, k in slugs.items() if k > 1]}")
    for col, allowed in ((lambda c: c["intent"], INTENTS), (lambda c: c["kind"], KINDS)):
        cnt = Counter(col(c) for c in cases)
        if not PARTIAL and (set(cnt) != set(allowed) or len(set(cnt.values())) != 1):
            fail(f"unbalanced: {cnt}")
    print(f"wrote {2*n} cases; forms {dict(Counter(c['form'] for c in cases))}")


if __name__ == "__main__":
    main()
