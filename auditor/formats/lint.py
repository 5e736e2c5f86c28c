"""``--format lint``: a line a finding, ``FILE:LINE:COL: CODE message``, as compilers and linters
write them (the night's findings last, each in the file of the game it names)."""

from __future__ import annotations

from typing import TextIO

from ..findings import Finding
from ..results import GameResult
from .sink import Ending, Sink


def lint_line(label: str, f: Finding) -> str:
    return f"{label}:{f.pos.line}:{f.pos.column}: {f.code.code} {f.message}\n"


class LintLines(Sink):
    name = "lint"

    def game(self, label: str, game: GameResult) -> str:
        return "".join(lint_line(label, f) for f in game.all_findings())

    def end(self, out: TextIO, ending: Ending) -> None:
        out.write("".join(lint_line(n.file, n.finding) for n in ending.night))
