"""A range of dates: ``--since`` and ``--until`` on every ``stats`` view and on the standings.

(A league's table, ``stats --league``, is the views' own: the columns of
:data:`auditor.stats.glossary.LEAGUE`, most games first.)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import polars as pl


def dated(since: date | None, until: date | None) -> pl.Expr:
    """True for a row whose ``date`` is in the range; a row with no date is not."""
    day = pl.col("date")  # a Date (null: the Date tag is missing or not YYYY-MM-DD)
    keep = day.is_not_null()
    if since is not None:
        keep = keep & (day >= since)
    if until is not None:
        keep = keep & (day <= until)
    return keep


def in_range(tables: dict[str, pl.LazyFrame], since: date | None, until: date | None,
             events: Sequence[str] | None = None) -> dict[str, pl.LazyFrame]:
    """The tables limited to the games dated from ``since`` to ``until`` (a game with no date is left out of a range)
    and, when ``events`` are given, to the games of those events (the Event tag, exactly)."""
    if since is None and until is None and not events:
        return tables
    keep = dated(since, until) if since is not None or until is not None else pl.lit(True)
    if events:
        keep = keep & pl.col("event").is_in(list(events))
    games = tables["games"].filter(keep)
    wanted = games.select("file", "game")
    out = {"games": games, "players": tables["players"].filter(keep)}
    for name in ("hands", "plays", "findings", "analysis"):  # analysis: stats --analysis
        if name in tables:
            out[name] = tables[name].join(wanted, on=["file", "game"], how="semi")
    return out
