"""Render ``docs/findings.md`` from the registry (a test keeps the file in step)."""

from __future__ import annotations

from .findings import REGISTRY, Category

_TITLES = {
    Category.SYNTAX: "Syntax and slips of the record",
    Category.DEAL: "Deal",
    Category.BID: "Bidding",
    Category.DISCARD: "Discard",
    Category.TURN: "Turn",
    Category.RENEGE: "Renege",
    Category.LEFT_BOWER: "Left bower",
    Category.SCORE: "Score",
    Category.GAME: "Game",
    Category.CLAIM: "Claims",
    Category.EVENT: "Event (across the games of a night)",
}


def render() -> str:
    lines = [
        "# Finding codes",
        "",
        "Generated from the registry (`auditor/codes/`, gathered by `auditor/findings.py`) by `python -m auditor.findings_doc > docs/findings.md`;",
        "`euchre-audit codes CODE` prints the same entry. Each example is audited by the test suite",
        "and must produce its own code.",
        "",
        "| code | name | category | severity | summary |",
        "| --- | --- | --- | --- | --- |",
    ]
    for c in REGISTRY.values():
        lines.append(f"| {c.code} | {c.name} | {c.category.value} | {c.severity.value} | {c.summary} |")
    for category, title in _TITLES.items():
        codes = [c for c in REGISTRY.values() if c.category is category]
        if not codes:
            continue
        lines += ["", f"## {title}"]
        for c in codes:
            lines += [
                "",
                f"### {c.code} {c.name}",
                "",
                f"**What it finds:** {c.summary}",
                "",
                f"**Why it matters:** {c.why}",
                "",
                "**Example:**" + (f" (hoyle with `{' '.join('--set ' + r for r in c.rules)}`)" if c.rules else ""),
                "",
                "```",
                *c.example.rstrip("\n").splitlines(),
                "```",
            ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
