"""The standings on the ruling page: the table, the charts (points corrected and on the sheets, the race round by
round, the calls made by round) and what each correction did.

Like the rest of the page: Jinja2 with autoescaping, no script and no request; the charts are
matplotlib's SVG written into the page (:func:`auditor.charts.inline_svg`).  The section ends the
ruling of a night (the games' pages come first), or is a page of its own (``euchre-audit standings
--format html``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markupsafe import Markup

from ..standings.box import PlayerGame
from ..standings.rank import Standings
from ..standings.render import change_head, change_parts, said_of, sat_out_in_order, table_rows
from ..said import printable

if TYPE_CHECKING:
    from ..charts import Rate

@dataclass(frozen=True, slots=True)
class Said:
    head: str
    changes: list[str]  # the corrections, whose moved this line, the other side's that changed a result


@dataclass(frozen=True, slots=True)
class StandingsView:
    title: str
    rule: str
    who: str
    games: int
    rounds: int
    head: list[str]
    rows: list[tuple[tuple[str, ...], bool]]
    said: list[Said]
    sat_out: list[str]
    charts: list[Markup]  # <svg> elements, each with its words for a screen reader


def standings_view(s: Standings, rates: Sequence[Rate] = ()) -> StandingsView:
    who = "player" if s.by == "player" else "partnership"
    said = [Said(change_head(line), change_parts(line)) for line in s.lines if said_of(line)]
    head = ["place", who, "games", "won", "points", "against", "lone", "euchres", "sheet place", "sheet won", "sheet points"]
    rows = [(cells, line.moved) for cells, line in zip(table_rows(s), s.lines)]
    sat = [f"{printable(line.name)}: {', '.join(line.sat_out)}" for line in sat_out_in_order(s)]
    from ..charts import inline_svg
    from ..stats.charts_out import standings_charts

    charts = [Markup(inline_svg(fig, words, name)) for name, words, fig in standings_charts(s, list(rates))]
    return StandingsView(s.title, s.rule_words(), who, s.games, len(s.rounds) if s.tagged else 0, head, rows, said, sat,
                         charts)


def night_standings(lines: Sequence[PlayerGame], most: int) -> tuple[StandingsView | None, str | None]:
    """The standings that end the ruling of a night's games (those with a Round tag), or a note why not.

    The games' rulesets name the ranking; where they disagree, the first game's is used (the standings
    command refuses to choose)."""
    if not lines:
        return None, None
    if len(lines) >= most:
        return None, (f"The standings of more than {most // 4:,} games of nights are not drawn on this page: "
                      "euchre-audit standings ranks them (text, CSV, JSON or a page of its own).")
    from ..rules.standings_rules import StandingsRules
    from ..standings.build import standings
    from ..standings.compute import frame

    from ..stats.charts_out import make_rates

    rules = StandingsRules.from_text(lines[0].ranking)
    players = frame(lines)
    return standings_view(standings(players, "player", rules), make_rates(players)), None
