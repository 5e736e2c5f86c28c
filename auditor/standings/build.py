"""The standings of a players table: the sums (polars), ranked on the sheets and corrected, with what moved whom."""

from __future__ import annotations

import re
from collections.abc import Sequence

import polars as pl

from ..rules.standings_rules import StandingsRules
from ..said import printable
from . import compute
from .rank import Change, Line, Standings, Totals, moved_by, places

#: rounds listed as sat out only for a night of at most this many rounds
SAT_OUT_ROUNDS = 30


def standings(players: pl.LazyFrame, by: str, rules: StandingsRules, running: bool = True) -> Standings:
    """The standings of every game in ``players`` (already limited to a date range).  ``running``: with each one's
    running total round by round (players times rounds of memory; a night's sit-outs are listed either way)."""
    sums = compute.totals(players, by)
    corrected: dict[str, Totals] = {}
    sheet: dict[str, Totals] = {}
    games: dict[str, int] = {}
    played: dict[str, int] = {}
    for r in sums.iter_rows(named=True):
        name = r["name"]
        corrected[name] = Totals(r["points"], r["against"], r["won"], r["tied"], r["lone_hands"], r["euchres"])
        sheet[name] = Totals(r["sheet_points"], r["sheet_against"], r["sheet_won"], r["sheet_tied"], r["lone_hands"], r["euchres"])
        games[name], played[name] = r["games"], r["rounds"]
    keys = sorted(compute.round_keys(players, by), key=_round_order)
    days, nights = {k[0] for k in keys}, {k[1] for k in keys}
    rounds = [(_label(k, len(days) > 1, len(nights) > 1), k) for k in keys]
    night = len(nights) == 1 and len(days) == 1 and all(k[2] for k in keys) and len(keys) <= SAT_OUT_ROUNDS
    totals, seated = _running(compute.by_round(players, by), keys) if running or (night and by == "player") else ({}, {})
    changes = _changes(compute.corrections(players, by))
    place, sheet_place = places(corrected, rules), places(sheet, rules)
    changed = [n for n in corrected if corrected[n].points != sheet[n].points or corrected[n].won != sheet[n].won]
    labels = [label for label, _ in rounds]
    lines = []
    for name in sorted(corrected, key=lambda n: (place[n][0], n)):
        mine = changes.get(name, ())
        crossed = () if any(not c.against for c in mine) or place[name] == sheet_place[name] else moved_by(
            name, {n: p for n, (p, _) in sheet_place.items()}, {n: p for n, (p, _) in place.items()}, changed)
        sat = tuple(labels[i] for i, key in enumerate(keys) if key not in seated[name]) if night and by == "player" else ()
        lines.append(Line(name, games[name], played[name], corrected[name], sheet[name], place[name][0],
                          sheet_place[name][0], place[name][1], sheet_place[name][1], mine, crossed, sat))
    tagged = bool(keys) and all(k[2] for k in keys)
    return Standings(by, rules, tuple(lines), tuple(labels), totals if running else {}, _title(rounds),
                     compute.game_count(players), tagged=tagged)


def _round_order(key: tuple[str, str, str]) -> tuple[str, str, int, str]:
    day, night, step = key
    number = int(step) if re.fullmatch(r"\d{1,9}", step) else 10**9
    return day, night, number, step


def _running(rows: pl.DataFrame, keys: Sequence[tuple[str, str, str]]) -> tuple[dict[str, tuple[tuple[int, ...], tuple[int, ...]]], dict[str, set[tuple[str, str, str]]]]:
    """Each name's running totals after each round (corrected, sheet), and the rounds each played in."""
    per: dict[str, dict[tuple[str, str, str], tuple[int, int]]] = {}
    for r in rows.iter_rows(named=True):
        per.setdefault(r["name"], {})[(r["day"], r["night"], r["step"])] = (r["points"], r["sheet_points"])
    running = {}
    for name, mine in per.items():
        total = sheet = 0
        a, b = [], []
        for k in keys:
            points, sheet_points = mine.get(k, (0, 0))
            total, sheet = total + points, sheet + sheet_points
            a.append(total)
            b.append(sheet)
        running[name] = (tuple(a), tuple(b))
    return running, {name: set(mine) for name, mine in per.items()}


def _label(key: tuple[str, str, str], days: bool, nights: bool) -> str:
    day, night, step = key
    parts = [printable(day) if days else "", printable(night) if nights else "", f"round {printable(step)}" if step else ""]
    return " ".join(p for p in parts if p) or printable(day) or "games"


def _title(rounds: Sequence[tuple[str, tuple[str, str, str]]]) -> str:
    days = sorted({k[0] for _, k in rounds if k[0]})
    nights = sorted({k[1] for _, k in rounds if k[1]})
    when = days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}" if days else ""
    what = nights[0] if len(nights) == 1 else f"{len(nights)} events" if nights else ""
    return printable(", ".join(p for p in (what, when) if p))


def _changes(rows: list[dict[str, object]]) -> dict[str, tuple[Change, ...]]:
    out: dict[str, list[Change]] = {}
    for c in rows:
        if c["round"] is not None:
            table = f" (table {c['table']})" if c["table"] is not None else ""
            where = f"{c['hands']} of round {c['round']}{table}"
        else:
            where = f"{c['hands']} of game {c['game']} of {c['file']}"
        out.setdefault(str(c["name"]), []).append(Change(
            printable(where), printable(str(c["what"])), tuple(str(x) for x in c["codes"]),  # type: ignore[attr-defined]
            int(c["delta"]), str(c["file"]), int(c["line"]),  # type: ignore[call-overload]
            printable(str(c["against"])) if c["against"] is not None else None))
    return {name: tuple(changes) for name, changes in out.items()}
