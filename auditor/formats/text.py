"""``--format text`` (the default): the ruling to read aloud (:mod:`auditor.ruling.text`), each
game's findings, results table and verdict, then the night's findings and the summary; with
``--quiet`` only the findings."""

from __future__ import annotations

import io
from typing import TextIO

from ..results import GameResult
from ..ruling.text import TextStyle, write_findings, write_game, write_night, write_summary
from .sink import Ending, Shown, Sink


class TextRuling(Sink):
    name = "text"

    def __init__(self, shown: Shown = Shown()) -> None:
        super().__init__(shown)
        self.style = TextStyle(shown.color, shown.width)

    def game(self, label: str, game: GameResult) -> str:
        out = io.StringIO()
        if self.shown.quiet:
            write_findings(label, game, out, self.style)
        else:
            write_game(label, game, out, self.style)
        return out.getvalue()

    def end(self, out: TextIO, ending: Ending) -> None:
        write_night(ending.night, out)
        if ending.summary.worth_saying and not self.shown.quiet:
            write_summary(ending.summary, out, self.style)
