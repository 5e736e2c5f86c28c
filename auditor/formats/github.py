"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

``::error file=F,line=L,col=C,title=R501 renege::message`` (``::warning`` for a warning), which
a workflow step's log turns into an annotation on the file's line.  The message carries the
proof, one line each; ``%``, line ends, and in properties ``:`` and ``,`` are escaped as the
runner's toolkit does.  A file that could not be audited is an ``::error`` of its own.
"""

from __future__ import annotations

from typing import TextIO

from ..findings import Finding, Severity
from ..results import GameResult
from ..night import NightFinding
from .sink import Sink


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _annotation(label: str, f: Finding) -> str:
    kind = "error" if f.level is Severity.ERROR else "warning"
    message = "\n".join([f"game {f.game}: {f.message}", *(f"- {p}" for p in f.proof)])
    return (f"::{kind} file={_property(label)},line={f.pos.line},col={f.pos.column},"
            f"title={_property(f'{f.code.code} {f.code.name}')}::{_data(message)}\n")


class GitHubAnnotations(Sink):
    name = "github"

    def game(self, label: str, game: GameResult) -> str:
        return "".join(_annotation(label, f) for f in game.all_findings())

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        out.write("".join(_annotation(n.file, n.finding) for n in found))

    def problem(self, out: TextIO, text: str) -> None:
        out.write(f"::error title=euchre-audit::{_data(text)}\n")
