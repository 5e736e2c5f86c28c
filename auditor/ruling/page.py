"""The ruling as one HTML page: inline style sheet and SVG, no script, no request of any kind
(a site's game page, :mod:`auditor.site`, adds its one script, allowed by hash).

The page is written in three parts so that a file of any number of games is
written in bounded memory: :func:`write_head`, then :func:`game_html` for each
game as it is audited (in a worker process, for ``--jobs``), then
:func:`write_foot` with the summary.  Jinja2 renders the templates with
autoescaping on: every name, tag and comment from a file is escaped, and no
value is ever marked safe.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..cards import Card
from ..findings import Finding, Role, Severity
from ..results import GameResult, HandResult
from ..summary import Summary
from .table import CardView, TableView, card_view, marks_of, table_view
from .words import (
    Mentions,
    People,
    differs,
    game_end_words,
    first_difference,
    points_words,
    printable,
    result_words,
    score,
    sheet_score,
    sides_words,
    summary_lines,
    title,
    where,
)

if TYPE_CHECKING:
    from jinja2 import Environment

    from ..charts import Rate
    from ..night import NightFinding
    from ..standings.rank import Standings
    from .standings_page import StandingsView

TEMPLATES = Path(__file__).resolve().parent / "templates"
_ENV: Environment | None = None


def environment() -> Environment:
    """The templates, compiled once per process; autoescaping on, and an unknown name is an error."""
    global _ENV
    if _ENV is None:
        from jinja2 import Environment, FileSystemLoader, StrictUndefined

        _ENV = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                           trim_blocks=True, lstrip_blocks=True, auto_reload=False)
    return _ENV


# ------------------------------------------------------------------ what the templates show
@dataclass(slots=True)
class FindingView:
    code: str
    name: str
    severity: str
    location: str
    where: str
    sentence: list[str | CardView]
    proof: list[list[str | CardView]]
    points: str | None
    trick: int | None = None  # the trick it happened in, and the card at fault: where a hand's viewer shows it
    fault: str | None = None


@dataclass(slots=True)
class Row:
    number: int
    dealer: str
    result: str
    points: str
    sheet: str
    corrected: str
    differs: bool
    first: bool
    anchor: str | None


@dataclass(slots=True)
class HandView:
    number: int
    anchor: str
    result: str
    points: str
    corrected: str
    findings: list[FindingView]
    table: TableView


@dataclass(slots=True)
class Series:
    cls: str
    label: str
    points: list[tuple[int, int]]
    dots: bool
    color: str | None = None  # a player's own colour where each plays for himself (the style sheet colours NS and EW)


#: the colours of the players' lines where each plays for himself (corrected, on the sheet), by seat
_PLAYER_COLORS = {"n": ("#2456c9", "#7d9be0"), "e": ("#c26a00", "#e0a860"), "s": ("#2e7d32", "#81c784"),
                  "w": ("#8e24aa", "#ce93d8")}


@dataclass(slots=True)
class Score:
    """A side's number in the verdict: its class (``ns``) and its words (``NS 10``)."""

    cls: str
    text: str


@dataclass(slots=True)
class Chart:
    """Both running scores by hand, in the data's units (the template draws them)."""

    n: int
    top: int
    bottom: int
    yticks: list[int]
    xticks: list[tuple[int, str]]
    series: list[Series]
    diverge: int | None
    label: str
    partnerships: bool = True  # the legend of NS and EW; otherwise one entry per player (``legend``)
    legend: list[Series] = field(default_factory=list)


@dataclass(slots=True)
class GameView:
    id: str
    path: str
    index: int
    title: str
    ruleset: str
    tags: list[tuple[str, str]]
    computed: list[Score]
    recorded: list[Score] | None
    sides: list[str]  # NS, EW: as the legend of the results names them
    outcome: str
    errors: int
    warnings: int
    rows: list[Row]
    chart: Chart | None
    findings: list[FindingView] = field(default_factory=list)
    hands: list[HandView] = field(default_factory=list)
    #: ``counting hand 10 NS +0 EW +2``: the open hands' scores the corrected score counts (S024), or None
    counting: str | None = None


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:60] or "file"


def finding_view(path: str, f: Finding, people: People, marks: dict[Card, str]) -> FindingView:
    mentions = people.mentions()
    fault = next((str(m.card) for m in f.cards if m.role is Role.FAULT), None)
    return FindingView(
        f.code.code, f.code.name, f.level.value, f"{printable(path)}:{f.pos.line}:{f.pos.column}", where(f),
        _pieces(f.message, mentions, marks), [_pieces(line, mentions, marks) for line in f.proof], points_words(f, people),
        f.trick or None, fault,
    )


def _pieces(text: str, mentions: Mentions, marks: dict[Card, str]) -> list[str | CardView]:
    return [card_view(value, marks) if isinstance(value, Card) else words for words, value in mentions.words(text)]


def game_view(path: str, game: GameResult) -> GameView:
    people = People(game)
    gid = f"{_slug(path)}-g{game.index}"
    findings = game.all_findings()
    errors = sum(1 for f in findings if f.level is Severity.ERROR)
    tags = [(printable(t.name), printable(t.value)) for t in game.tags if t.name.lower() != "event"]
    first = first_difference(game)
    loose, placed = _place(game)
    rows, hands = [], []
    for i, h in enumerate(game.hands):
        anchor = f"{gid}-h{i + 1}"
        mine = sorted([*h.findings, *placed.get(i, [])], key=Finding.sort_key)
        rows.append(Row(h.number, people.seat(h.dealer) if h.dealer is not None else "?", result_words(h, people),
                        score(h.points), sheet_score(h), score(h.totals), differs(h), i == first,
                        anchor if mine else None))
        hands.append(hand_view(path, h, mine, people, anchor))
    outcome = game_end_words(game, people)
    computed = [Score(side.value.lower(), f"{side.value} {value}") for side, value in zip(game.sides, game.computed)]
    recorded = ([Score(side.value.lower(), f"{side.value} {value}") for side, value in game.recorded.canonical]
                if game.recorded is not None else None)
    view = GameView(
        gid, printable(path), game.index, title(game), printable(game.ruleset), tags, computed, recorded,
        [side.value for side in game.sides], outcome, errors, len(findings) - errors,
        rows, chart(game, first), hands=hands,
    )
    view.findings = [finding_view(path, f, people, {}) for f in loose]
    view.counting = people.counting
    return view


def _place(game: GameResult) -> tuple[list[Finding], dict[int, list[Finding]]]:
    """The game's own findings: those about a hand go with the hand whose lines hold them (its score
    line, its hand line), the rest (tags, the winner) with the game."""
    starts = [h.pos.line for h in game.hands]
    loose: list[Finding] = []
    placed: dict[int, list[Finding]] = {}
    for f in sorted(game.findings, key=Finding.sort_key):
        at = bisect.bisect_right(starts, f.pos.line) - 1
        if f.hand is None or at < 0:
            loose.append(f)
        else:
            placed.setdefault(at, []).append(f)
    return loose, placed


def hand_view(path: str, h: HandResult, findings: list[Finding], people: People, anchor: str) -> HandView:
    marks = marks_of(findings)
    views = [finding_view(path, f, people, marks) for f in findings]
    return HandView(h.number, anchor, result_words(h, people), score(h.points),
                    score(h.totals), views, table_view(h, people, marks, seats_too=bool(findings)))


#: the steps between the chart's grid lines, the first that gives six lines or fewer
_STEPS = (1, 2, 4, 5, 10, 20, 25, 50, 100, 250, 500, 1000)


def chart(game: GameResult, first: int | None) -> Chart | None:
    """The running scores as series of (hand, points); hand 0 is the score the game starts at."""
    if len(game.hands) < 2:
        return None  # a line needs two points
    start, sides = game.initial, game.sides
    corrected = [[(0, start[i])] + [(x + 1, h.totals[i]) for x, h in enumerate(game.hands)] for i in range(len(sides))]
    sheet_rows = [(x + 1, values) for x, h in enumerate(game.hands) if (values := h.recorded_values()) is not None]
    on_sheet = [[(0, start[i])] + [(x, values[i]) for x, values in sheet_rows] for i in range(len(sides))]
    values = [y for series in (*corrected, *on_sheet) for _, y in series]
    high, low = max(2, *values), min(0, *values)
    step = next(s for s in _STEPS if (high - low) / s <= 6) if high - low <= 6 * _STEPS[-1] else high - low
    top, bottom = math.ceil(high / step) * step, math.floor(low / step) * step
    n = len(game.hands)
    every = max(1, -(-n // 12))
    xticks = [(i + 1, str(h.number)) for i, h in enumerate(game.hands) if i % every == 0 or i == n - 1]
    partnerships = game.table.partnerships
    series, legend = [], []
    for what, lines in (("sheet", on_sheet), ("corrected", corrected)):
        for side, points in zip(sides, lines):
            cls = side.value.lower()
            color = None if partnerships else _PLAYER_COLORS[cls][what == "sheet"]
            label = f"{side.value} on the sheet" if what == "sheet" else f"{side.value} corrected"
            series.append(Series(f"{what} {cls}", label, points, what == "corrected" and n <= 40, color))
    if not partnerships:  # each player's corrected line, then theirs on the sheet
        legend = [s for side in sides for what in ("corrected", "sheet") for s in series if s.cls == f"{what} {side.value.lower()}"]
    label = (f"Running scores of {title(game)}: corrected {sides_words(sides, game.computed)}"
             + (f"; the sheet {sides_words(*zip(*game.recorded.canonical))}" if game.recorded is not None else ""))  # type: ignore[arg-type]
    return Chart(n, top, bottom, list(range(bottom, top + 1, step)), xticks, series,
                 first + 1 if first is not None else None, label, partnerships, legend)


# ------------------------------------------------------------------ writing the page
def write_head(out: TextIO, files: list[str], heading: str = "Euchre ruling", *, script_hash: str | None = None,
               back: str | None = None) -> None:
    """The page's head; ``script_hash``: the one inline script the page may run (its CSP hash),
    ``back``: a link to the page above it (a site's index)."""
    names = [printable(f) for f in files]
    title_text = names[0] if len(names) == 1 else f"{len(names)} files"
    out.write(environment().get_template("head.html.j2").render(title=title_text, files=names, heading=heading,
                                                                 marks=heading == "Euchre ruling" or back is not None,
                                                                 script_hash=script_hash, back=back))


def game_html(path: str, game: GameResult) -> str:
    return environment().get_template("game.html.j2").render(g=game_view(path, game)) + "\n"


def night_view(item: NightFinding) -> FindingView:
    """A finding across the games of a night (E901), as the page shows a game's."""
    f = item.finding
    return FindingView(f.code.code, f.code.name, f.level.value, f"{printable(item.file)}:{f.pos.line}:{f.pos.column}",
                       f"game {f.game}", [f.message], [[line] for line in f.proof], None)


def write_foot(out: TextIO, summary: Summary | None, problems: Sequence[str] = (), night: Sequence[NightFinding] = (),
               standings: StandingsView | None = None, note: str | None = None) -> None:
    lines = summary_lines(summary) if summary is not None and summary.worth_saying else None
    out.write(environment().get_template("foot.html.j2").render(
        summary=lines, problems=[printable(p) for p in problems], night=[night_view(n) for n in night], s=standings, note=note))


def write_standings_page(s: Standings, night: Sequence[NightFinding], out: TextIO, files: list[str],
                         rates: Sequence[Rate] = ()) -> None:
    """``euchre-audit standings --format html``: a page of the standings alone."""
    from .standings_page import standings_view

    write_head(out, files, heading="Euchre standings")
    write_foot(out, None, (), night, standings_view(s, rates))
