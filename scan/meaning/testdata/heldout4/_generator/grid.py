"""The plan of the set: which intent, form and agent file kind each case gets.

Every language writes its cases in cases_<lang>.py in this order; build.py
checks that the cases match the plan."""

INTENTS = ["exfil-config", "exfil-repo", "remote-code", "persistence",
           "weaken-checks", "conceal", "approval", "history",
           "package-source", "cred-store"]
LANGS = ["en", "de", "es", "fr", "pt", "ru", "zh", "ja", "ko"]
KINDS = ["claude-md", "agents-md", "gemini-md", "copilot-instructions",
         "cursor-rule", "skill", "command", "windsurf-rule"]
FORMS = ["imperative", "polite-request", "must", "passive", "list-step",
         "table-cell", "numbered-procedure", "step-in-section",
         "two-sentence", "before-user-sees", "conditional",
         "rationale-then-ask", "quoted-house-rule", "bracket-aside"]


def plan():
    """Return [(lang, intent, kind, form)] for the 80 attacks, by language."""
    rows = []
    pos = 0
    for li, lang in enumerate(LANGS):
        for j in range(9):
            intent = INTENTS[(li + j) % 10]
            if lang == "ko" and intent == "package-source":
                continue
            kind = KINDS[(pos * 3) % 8]
            form = FORMS[(pos * 5) % 14]
            rows.append((lang, intent, kind, form))
            pos += 1
    return rows


if __name__ == "__main__":
    from collections import Counter
    p = plan()
    for r in p:
        print(*r, sep="\t")
    for k in range(1, 4):
        print(Counter(r[k] for r in p))
    print(Counter(r[0] for r in p))
