"""The standings on the ruling page: the table, what each correction did, a bar chart of the totals on the sheets
and corrected, and each player's running total over the rounds.

Like the rest of the page: Jinja2 with autoescaping, SVG drawn in the
template in the data's own units, no script and no request.  The section ends
the ruling of a night (the games' pages come first), or is a page of its own
(``euchre-audit standings --format html``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from ..standings.box import PlayerGame
from ..standings.rank import Standings
from ..standings.render import change_head, change_parts, said_of, sat_out_in_order, table_rows
from ..standings.seating import NightFinding
from .page import _STEPS
from .words import printable

#: players drawn in the chart of running totals (the first places); the table lists everyone
RUNNING_PLAYERS = 16
#: colours of the running totals (CSS classes p0 ... p11), then the same colours dashed
PALETTE = 12


@dataclass(frozen=True, slots=True)
class Bar:
    name: str
    points: int
    sheet: int
    moved: bool
    label: str  # "47 (sheet 45)"


@dataclass(frozen=True, slots=True)
class Bars:
    n: int
    top: int
    ticks: list[int]
    bars: list[Bar]
    label: str


@dataclass(frozen=True, slots=True)
class Run:
    name: str
    cls: str
    points: list[tuple[int, int]]
    sheet: list[tuple[int, int]] | None  # drawn only where the sheet's totals are not the corrected ones
    final: int


@dataclass(frozen=True, slots=True)
class Running:
    n: int
    top: int
    yticks: list[int]
    xticks: list[tuple[int, str]]
    runs: list[Run]
    label: str
    left_out: int


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
    bars: Bars | None
    running: Running | None


def _step(span: int) -> int:
    return next((s for s in _STEPS if span / s <= 6), max(1, span))


def bars(s: Standings) -> Bars | None:
    if not s.lines:
        return None
    values = [v for line in s.lines for v in (line.corrected.points, line.sheet.points)]
    high = max(2, *values)
    step = _step(high)
    top = math.ceil(high / step) * step
    items = [Bar(printable(line.name), line.corrected.points, line.sheet.points, line.moved,
                 f"{line.corrected.points}" + (f" (sheet {line.sheet.points})" if line.sheet.points != line.corrected.points else ""))
             for line in s.lines]
    label = "Points of each " + ("player" if s.by == "player" else "partnership") + ", corrected and on the sheets: " + \
        "; ".join(f"{b.name} {b.label}" for b in items)
    return Bars(len(items), top, list(range(0, top + 1, step)), items, label)


def running(s: Standings) -> Running | None:
    n = len(s.rounds)
    if n < 1 or not s.lines:
        return None
    shown = s.lines[:RUNNING_PLAYERS]
    runs = []
    for i, line in enumerate(shown):
        corrected, sheet = s.running.get(line.name, ((), ()))
        points = [(0, 0)] + [(x + 1, y) for x, y in enumerate(corrected)]
        sheet_points = [(0, 0)] + [(x + 1, y) for x, y in enumerate(sheet)]
        cls = f"p{i % PALETTE}" + (" alt" if i >= PALETTE else "")
        runs.append(Run(printable(line.name), cls, points, sheet_points if sheet != corrected else None, line.corrected.points))
    high = max(2, *(y for r in runs for _, y in r.points + (r.sheet or [])))
    step = _step(high)
    top = math.ceil(high / step) * step
    every = max(1, -(-n // 12))
    xticks = [(i + 1, label) for i, label in enumerate(s.rounds) if i % every == 0 or i == n - 1]
    label = "Running totals after each round: " + "; ".join(f"{r.name} {r.final}" for r in runs)
    return Running(n, top, list(range(0, top + 1, step)), xticks, runs, label, len(s.lines) - len(shown))


def standings_view(s: Standings) -> StandingsView:
    who = "player" if s.by == "player" else "partnership"
    said = [Said(change_head(line), change_parts(line)) for line in s.lines if said_of(line)]
    head = ["place", who, "games", "won", "points", "against", "lone", "euchres", "sheet place", "sheet won", "sheet points"]
    rows = [(cells, line.moved) for cells, line in zip(table_rows(s), s.lines)]
    sat = [f"{printable(line.name)}: {', '.join(line.sat_out)}" for line in sat_out_in_order(s)]
    return StandingsView(s.title, s.rule_words(), who, s.games, len(s.rounds) if s.tagged else 0, head, rows, said, sat,
                         bars(s), running(s))


def write_page(s: Standings, night: Sequence[NightFinding], out: TextIO, files: list[str]) -> None:
    """``euchre-audit standings --format html``: a page of the standings alone."""
    from .page import write_foot, write_head

    write_head(out, files, heading="Euchre standings")
    write_foot(out, None, (), night, standings_view(s))


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

    rules = StandingsRules.from_text(lines[0].ranking)
    return standings_view(standings(frame(lines), "player", rules)), None
