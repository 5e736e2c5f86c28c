"""The ``analysis`` table of ``stats --analysis`` (and ``--par``), and its columns in the player view.

One row per readable hand of the games audited with ``--analysis``: the
makers' double-dummy tricks from the first lead as played, the tricks each
side's cards gave up, each seat's, the first costly card, and with ``--par``
each side's par contract (see :mod:`auditor.analysis.season`).  Columns of a
hand the analysis could not follow are empty, and ``why_not`` says why.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from ..cards import SEATS, Team
from ..model import GameRecord
from ..results import GameResult
from ..rules.schema import Ruleset
from .tables import SCHEMAS
from ..table import FOUR

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of
_OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

SCHEMA: dict[str, Any] = SCHEMAS["analysis"]
#: the player view's columns from this table
PLAYER_COLUMNS = ("analysed", "given_up", "given_up_per_100", "perfect_pct")
_GAVE = {s: f"gave_{s.name.lower()}" for s in SEATS}
_TAG_COLUMNS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def analysis_rows(label: str, record: GameRecord, rules: Ruleset, game: GameResult, with_par: bool) -> list[dict[str, Any]]:
    """The rows of one audited game (the records' hands and the results' hands go in step)."""
    from ..analysis.season import analyse_hand  # the solver, in the workers that need it

    event = game.tag("Event")
    rows = []
    for hand_record, hand in zip(record.hands, game.hands):
        found = analyse_hand(hand_record, rules, hand, with_par)
        row: dict[str, Any] = dict.fromkeys(SCHEMA)
        row.update(file=label, game=game.index, event=event, hand=hand.number, why_not=found.why_not)
        q = found.quality
        if q is not None and hand.maker is not None:
            makers = _TEAM[hand.maker]
            row.update(dd_tricks=q.dd_tricks, makers_taken=q.taken, makers_gave=q.side_gave(makers),
                       defenders_gave=q.side_gave(_OTHER[makers]), nodes=q.nodes)
            for seat, gave in q.given_up.items():
                row[_GAVE[seat]] = gave
            if q.first_costly is not None:
                first = q.first_costly
                row.update(first_costly_trick=first.trick, first_costly_seat=first.seat.name,
                           first_costly_card=str(first.card), first_costly_tricks=first.tricks)
        if found.par is not None:
            for team, prefix in ((Team.NS, "par_ns"), (Team.EW, "par_ew")):
                best = found.par.get(team)
                if best is not None:
                    row.update({prefix: best.text, f"{prefix}_tricks": best.tricks, f"{prefix}_points": best.points})
        rows.append(row)
    return rows


def player_columns(analysis: pl.LazyFrame, games: pl.LazyFrame, unknown: str) -> pl.LazyFrame | None:
    """Per player (by the seat tags): hands analysed, tricks given up in all and per 100 hands, and the share
    of hands played perfectly (no card that gave up a trick); None when no hand was analysed."""
    if analysis.select(pl.col("dd_tricks").is_not_null().any()).collect().item() is not True:
        return None
    rows = analysis.filter(pl.col("dd_tricks").is_not_null()).join(
        games.select("file", "game", *_TAG_COLUMNS.values()), on=["file", "game"], how="left")
    parts = [
        rows.filter(pl.col(_GAVE[s]).is_not_null()).select(
            pl.col(_TAG_COLUMNS[s.name]).fill_null(unknown).alias("key"), pl.col(_GAVE[s]).cast(pl.Int64).alias("gave"))
        for s in SEATS
    ]
    per = pl.concat(parts).group_by("key").agg(
        pl.len().cast(pl.Int64).alias("analysed"),
        pl.col("gave").sum().cast(pl.Int64).alias("given_up"),
        (pl.col("gave") == 0).sum().cast(pl.Int64).alias("perfect"),
    )
    return per.with_columns(
        (100.0 * pl.col("given_up") / pl.col("analysed")).alias("given_up_per_100"),
        (100.0 * pl.col("perfect") / pl.col("analysed")).alias("perfect_pct"),
    ).select("key", *PLAYER_COLUMNS)
