"""The figures the charts are drawn from (from the ``players`` table and the standings), and ``stats --charts DIR``.

The same three charts are on the standings page (:mod:`auditor.ruling.standings_page`): the points
of each player, the race round by round, and the share of calls made by round and alone.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any, TextIO

import polars as pl

from ..charts import Rate, make_rate_chart, points_chart, race_chart, save
from ..cli_common import EXIT_CLEAN, EXIT_USAGE
from ..standings.rank import Standings

#: the charts ``stats --charts`` writes, each as NAME.png and NAME.svg
CHARTS = ("points", "race", "make-rate")


def make_rates(players: pl.LazyFrame) -> list[Rate]:
    """Calls made, ordered up (round 1), named (round 2) and alone, summed over the ``players`` table."""
    sums = players.select(pl.col("r1_calls", "r1_made", "r2_calls", "r2_made", "lone_calls", "lone_made")
                          .sum().cast(pl.Int64)).collect().row(0, named=True)
    return [Rate("ordered up (round 1)", sums["r1_made"] or 0, sums["r1_calls"] or 0),
            Rate("named (round 2)", sums["r2_made"] or 0, sums["r2_calls"] or 0),
            Rate("alone", sums["lone_made"] or 0, sums["lone_calls"] or 0)]


def standings_charts(s: Standings, rates: list[Rate]) -> list[tuple[str, str, Any]]:
    """(name, what it shows in words, the figure) of the standings' charts: points corrected and on the sheets, the
    race (when there is more than one round), the make rates."""
    who = "player" if s.by == "player" else "partnership"
    names = [line.name for line in s.lines]
    out: list[tuple[str, str, Any]] = []
    if s.lines:
        points = [line.corrected.points for line in s.lines]
        sheet = [line.sheet.points for line in s.lines]
        words = "; ".join(f"{n} {p}" + (f" (sheet {w})" if w != p else "") for n, p, w in zip(names, points, sheet))
        out.append(("points", f"Points of each {who}, corrected and on the sheets: {words}",
                    points_chart(names, points, sheet, title=f"Points per {who}, corrected")))
    shown = [n for n in names if n in s.running]
    if len(s.rounds) > 1 and shown:
        totals = {n: s.running[n][0] for n in shown}
        words = "; ".join(f"{n} {totals[n][-1]}" for n in shown)
        out.append(("race", f"Running totals after each round: {words}", race_chart(s.rounds, totals, shown)))
    made = [r for r in rates if r.calls]
    if made:
        words = "; ".join(f"{r.label}: {r.made} of {r.calls} made" for r in made)
        out.append(("make-rate", f"Calls made by round: {words}", make_rate_chart(made)))
    return out


def write_charts(folder: Path, roots: list[Path], since: date | None, until: date | None, events: list[str] | None,
                 err: TextIO) -> int:
    """``stats --charts DIR``: the points per game of each player, the race, the make rates, as PNG and SVG."""
    from ..rules.standings_rules import StandingsRules
    from ..standings import compute
    from ..standings.build import standings
    from .tables import scan_tables
    from .views import view

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        err.write(f"euchre-audit stats: --charts {folder}: cannot make the folder ({e.strerror or e})\n")
        return EXIT_USAGE
    players = compute.in_range(pl.concat([scan_tables(r)["players"] for r in roots]), since, until, events)
    ranked = compute.rankings(players)
    s = standings(players, "player", StandingsRules.from_text(ranked[0]) if len(ranked) == 1 else StandingsRules())
    figures = dict((name, fig) for name, _, fig in standings_charts(s, make_rates(players)))
    tables = {"players": players}
    for name in ("games", "hands", "findings"):
        tables[name] = pl.concat([scan_tables(r)[name] for r in roots])
    from .league import in_range

    per_player = view("player", in_range(tables, since, until, events)).filter(pl.col("games") > 0).sort(
        ["points_per_game", "player"], descending=[True, False])
    if per_player.height:
        figures["points"] = points_chart(per_player["player"].to_list(), per_player["points_per_game"].to_list(),
                                         title="Points per game, per player", unit="points per game (the side's, by the rules)")
    try:
        for name in CHARTS:
            if name in figures:
                for suffix in (".png", ".svg"):
                    save(figures[name], folder / f"{name}{suffix}")
    except OSError as e:
        err.write(f"euchre-audit stats: --charts {folder}: cannot write ({e.strerror or e})\n")
        return EXIT_USAGE
    return EXIT_CLEAN
