"""``--format sarif``: SARIF 2.1.0, the static analysis results format that code hosts read.

One run of the tool ``euchre-audit``: every finding code is a rule (its summary, why it matters,
category and default level), and every finding a result with its ``file:line:col`` (columns count
Unicode code points), its message and proof, and the game, hand, trick and seat as properties.
Files that could not be audited are error notifications of the run's invocation, which is then
not successful.  The document is written as the games are audited: the results array is opened in
the head, each game adds its results, and the foot closes it.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any, TextIO

from .. import __version__
from ..findings import REGISTRY, Finding, Severity
from ..results import GameResult
from ..night import NightFinding
from .sink import Sink

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_RULE_INDEX = {code: i for i, code in enumerate(REGISTRY)}


def _level(severity: Severity) -> str:
    return "error" if severity is Severity.ERROR else "warning"


def rules() -> list[dict[str, Any]]:
    return [
        {
            "id": c.code,
            "name": c.name,
            "shortDescription": {"text": c.summary},
            "fullDescription": {"text": c.why},
            "help": {"text": f"{c.summary} {c.why} `euchre-audit codes {c.code}` shows an example."},
            "defaultConfiguration": {"level": _level(c.severity)},
            "properties": {"category": c.category.value, "tags": [c.category.value]},
        }
        for c in REGISTRY.values()
    ]


def artifact_uri(label: str) -> str:
    """A file as SARIF names it: a relative path stays relative (to the checkout), with '/' between parts."""
    path = PurePath(label)
    if path.is_absolute():
        return path.as_uri()
    return urllib.parse.quote(path.as_posix(), safe="/")


def result(label: str, game: GameResult | None, f: Finding) -> dict[str, Any]:
    """A finding as a SARIF result (``game`` None: a finding across the games of a night, at ``f.game``)."""
    text = "\n".join([f.message, *(f"- {p}" for p in f.proof)])
    location: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(label)}}
    if f.pos.line >= 1:
        location["region"] = {"startLine": f.pos.line, "startColumn": max(1, f.pos.column)}
    properties = {"game": game.index if game is not None else f.game, "hand": f.hand, "trick": f.trick,
                  "seat": f.seat.name if f.seat is not None else None, "category": f.category.value}
    if f.points is not None:
        properties["points"] = {side.value: value for side, value in f.points}
    return {
        "ruleId": f.code.code,
        "ruleIndex": _RULE_INDEX[f.code.code],
        "level": _level(f.level),
        "message": {"text": text},
        "locations": [{"physicalLocation": location}],
        "properties": {k: v for k, v in properties.items() if v is not None},
    }


class _CommaJoined:
    """Writes results that each begin with a comma, leaving out the very first comma."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.first = True

    def write(self, text: str) -> int:
        if self.first and text:
            self.first = False
            if text.startswith(","):
                text = text[1:]
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()

    def isatty(self) -> bool:
        return self.out.isatty()


class Sarif(Sink):
    name = "sarif"

    def head(self, out: TextIO, files: Sequence[str] = ()) -> None:
        driver = {"name": "euchre-audit", "version": __version__, "rules": rules()}
        head = json.dumps({"$schema": SCHEMA, "version": "2.1.0"}, ensure_ascii=False)[:-1]
        run = json.dumps({"tool": {"driver": driver}, "columnKind": "unicodeCodePoints"}, ensure_ascii=False)[:-1]
        out.write(f'{head}, "runs": [{run}, "results": [\n')

    def game(self, label: str, game: GameResult) -> str:
        return "".join(",\n" + json.dumps(result(label, game, f), ensure_ascii=False) for f in game.all_findings())

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        out.write("".join(",\n" + json.dumps(result(n.file, None, n.finding), ensure_ascii=False) for n in found))

    def foot(self, out: TextIO, problems: list[str]) -> None:
        notes = [{"level": "error", "message": {"text": p}} for p in problems]
        invocation = {"executionSuccessful": not problems, "toolExecutionNotifications": notes}
        out.write(f'\n], "invocations": [{json.dumps(invocation, ensure_ascii=False)}]}}]}}\n')

    def wrap(self, out: TextIO) -> TextIO:
        return _CommaJoined(out)  # type: ignore[return-value]
