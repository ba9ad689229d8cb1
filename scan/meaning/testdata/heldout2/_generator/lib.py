"""Helpers for the heldout2 case list (cases*.py)."""
CASES = []

KINDS = {
    "CLAUDE.md": "claude-md", "AGENTS.md": "agents-md", "GEMINI.md": "gemini-md",
    ".github/copilot-instructions.md": "copilot", ".clinerules": "clinerules",
}

def kind_of(path):
    if path in KINDS:
        return KINDS[path]
    if path.startswith(".cursor/rules/"):
        return "cursor-mdc"
    if path.endswith("/SKILL.md"):
        return "skill"
    if path.startswith(".kiro/steering/"):
        return "kiro-steering"
    raise ValueError(path)

def mdc(desc):
    return "---\ndescription: %s\nglobs:\nalwaysApply: true\n---\n\n" % desc

def skill(name, desc):
    return "---\nname: %s\ndescription: %s\n---\n\n" % (name, desc)

def kiro():
    return "---\ninclusion: always\n---\n\n"

def P(slug, intent, form, lang, path, body, attack, twin, awhy, twhy):
    """One pair: body holds '@@' where the decisive text goes."""
    assert body.count("@@") == 1, slug
    CASES.append(dict(slug=slug, intent=intent, form=form, lang=lang, path=path,
                      body=body, attack=attack, twin=twin, awhy=awhy, twhy=twhy))
