"""``--format html``: the ruling as one page (:mod:`auditor.ruling.page`), each game's findings,
tables and chart, ending with the night's findings, the summary and the standings of the games
of a night (those with a Round tag)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from ..results import GameResult
from ..ruling.page import game_html, write_foot, write_head
from ..standings.box import PlayerGame, player_games
from .sink import Ending, Shown, Sink

#: the page ends with the standings of its games of a night up to this many players' lines
#: (a season is ranked by ``euchre-audit standings``, which sums Parquet tables)
PAGE_STANDINGS_LINES = 40_000


class HtmlRuling(Sink):
    name = "html"
    pages = True

    def __init__(self, shown: Shown = Shown()) -> None:
        super().__init__(shown)
        self.lines: list[PlayerGame] = []  # the players' lines of the night's games, for the standings

    def head(self, out: TextIO, files: Sequence[str] = ()) -> None:
        write_head(out, list(files))

    def game(self, label: str, game: GameResult) -> str:
        return game_html(label, game)

    def kept(self, label: str, game: GameResult) -> list[Any]:
        return list(player_games(label, game))

    def keep(self, items: list[Any]) -> None:
        if len(self.lines) < PAGE_STANDINGS_LINES:
            self.lines.extend(items)

    def end(self, out: TextIO, ending: Ending) -> None:
        from ..ruling.standings_page import night_standings  # polars: only a page with a night's games needs it

        write_foot(out, ending.summary, ending.problems, ending.night, *night_standings(self.lines, PAGE_STANDINGS_LINES))
