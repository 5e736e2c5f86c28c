"""Game files for the ruling's tests: every finding code in one file, and a file whose tags try markup."""

from __future__ import annotations

from pathlib import Path

from auditor.findings import REGISTRY

#: a tag value that must show as text on the page, never run
SCRIPT = "<script>alert(1)</script>"


def every_finding_files(folder: Path) -> list[Path]:
    """The registry's examples, each a game of its own with its rules in a Set tag: one notation file
    for all of them, and the EGN files of the codes only EGN can show."""
    games, egn = [], []
    for code in REGISTRY.values():
        if code.example.lstrip().startswith("{"):
            path = folder / f"{code.code}.egn"
            path.write_text(code.example, encoding="utf-8")
            egn.append(path)
            continue
        if code.example.startswith("["):  # games of their own tags (a night's E901): kept as they are
            games.append(code.example)
            continue
        head = [f'[Event "{code.code} {code.name}"]', '[North "Alice"]', '[East "Bob"]', '[South "Carol"]', '[West "Dan"]']
        if code.rules:
            head.append(f'[Set "{"; ".join(code.rules)}"]')
        games.append("\n".join(head) + "\n" + code.example)
    text = folder / "every-finding.txt"
    text.write_text("\n".join(games), encoding="utf-8")
    return [text, *egn]


def hostile_tags_file(folder: Path) -> Path:
    """The club night's first hands with a script, markup and quotes in its tags and names."""
    path = folder / "hostile-tags.txt"
    path.write_text(
        f'[Event "{SCRIPT}"]\n[Date "2026-11-24\\" onload=\\"alert(2)"]\n[North "{SCRIPT}"]\n[East "<img src=x onerror=alert(3)>"]\n'
        '[South "Carol & <b>co</b>"]\n[West "Dan"]\n[Site "javascript:alert(4)"]\n'
        "hand 1 dealer N\n"
        "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
        "up AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
        "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
        "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\nscore NS 1 EW 0\n",
        encoding="utf-8",
    )
    return path
