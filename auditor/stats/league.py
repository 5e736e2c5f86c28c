"""League statistics: what a league's table shows per player, partnership or seat, over a range of dates.

Built on the ``players`` table (a player's line of each game: see
:mod:`auditor.standings.box`), lazily: one pass, grouped by the subject, so
a season of any size is summarized in the memory of its groups.

- ``games``, ``won``, ``win_pct``: games played and won (a tie is not won);
- ``points_for``, ``points_against``: the side's points and the other side's, by the rules;
- ``hands``, ``calls``, ``call_pct``: hands played (that count), and those in which the subject made trump;
- ``r1_calls``/``r1_make_pct``, ``r2_calls``/``r2_make_pct``, ``lone_calls``/``lone_make_pct``: calls ordered up
  (round 1), named (round 2) and played alone, and the share of them made (3 tricks or more);
- ``euchres_inflicted``, ``euchres_suffered``: euchres by the subject's side defending, and against it making;
- ``plays``, ``reneges``, ``reneges_per_100_plays``, ``left_bower_errors``, ``left_bower_errors_per_100_plays``:
  cards played, and the renege (R501) and left-bower findings against the subject, per 100 cards played.

A partnership's side figures (games, results, points, euchres) are counted once a game; its calls and
plays are both partners'.  ``seat`` is the seat at the table (N, E, S, W), where a game's result belongs.
"""

from __future__ import annotations

from datetime import date

import polars as pl

LEAGUE_VIEWS = ("player", "team", "seat")
_KEYS = {"player": "player", "team": "partners", "seat": "seat"}
UNKNOWN = "(unknown)"

COLUMNS = (
    "games", "won", "win_pct", "points_for", "points_against", "hands", "calls", "call_pct",
    "r1_calls", "r1_make_pct", "r2_calls", "r2_make_pct", "lone_calls", "lone_make_pct",
    "euchres_inflicted", "euchres_suffered", "plays", "reneges", "reneges_per_100_plays",
    "left_bower_errors", "left_bower_errors_per_100_plays",
)
_SIDE = {"games": None, "won": None, "points_for": "points", "points_against": "against", "euchres_inflicted": "euchres",
         "euchres_suffered": "euchred"}
_PLAYER = {"hands": "hands", "calls": "calls", "r1_calls": "calls_r1", "r1_made": "made_r1", "r2_calls": "calls_r2",
           "r2_made": "made_r2", "lone_calls": "lone_calls", "lone_made": "lone_made", "plays": "plays",
           "reneges": "reneges", "left_bower_errors": "left_bower_errors"}


def _share(part: str, whole: str, per: float = 100.0) -> pl.Expr:
    return pl.when(pl.col(whole) > 0).then(per * pl.col(part) / pl.col(whole))


def league_lazy(players: pl.LazyFrame, by: str) -> pl.LazyFrame:
    """The league view ``by`` (player, team, seat) of a players table, as a lazy frame."""
    if by not in LEAGUE_VIEWS:
        raise ValueError(f"no league view by {by!r} (views: {', '.join(LEAGUE_VIEWS)})")
    every = pl.col("side_first").is_not_null()  # every row (a column, so that sums count rows)
    once = pl.col("side_first") if by == "team" else every
    # hands are counted once per game for a partnership too: the first partner's line has them
    side = {
        "games": once.cast(pl.Int64).sum(),
        "won": (once & (pl.col("result") == "won")).cast(pl.Int64).sum(),
        **{name: pl.col(col).filter(once).sum().cast(pl.Int64) for name, col in _SIDE.items() if col is not None},
    }
    mine = {name: pl.col(col).filter(once if name == "hands" else every).sum().cast(pl.Int64)
            for name, col in _PLAYER.items()}
    summary = (
        players.with_columns(pl.col(_KEYS[by]).cast(pl.String).fill_null(UNKNOWN).alias("key"))  # a seat is an Enum
        .group_by("key")
        .agg(*(e.alias(n) for n, e in side.items()), *(e.alias(n) for n, e in mine.items()))
        .with_columns(
            _share("won", "games").alias("win_pct"),
            _share("calls", "hands").alias("call_pct"),
            _share("r1_made", "r1_calls").alias("r1_make_pct"),
            _share("r2_made", "r2_calls").alias("r2_make_pct"),
            _share("lone_made", "lone_calls").alias("lone_make_pct"),
            _share("reneges", "plays").alias("reneges_per_100_plays"),
            _share("left_bower_errors", "plays").alias("left_bower_errors_per_100_plays"),
        )
    )
    order = [pl.col("key")] if by == "seat" else [pl.col("games"), pl.col("key")]
    summary = summary.sort(order, descending=[False] if by == "seat" else [True, False])
    return summary.select(pl.col("key").alias(by), *COLUMNS)


def dated(since: date | None, until: date | None) -> pl.Expr:
    """True for a row whose ``date`` is in the range; a row with no date is not."""
    day = pl.col("date")  # a Date (null: the Date tag is missing or not YYYY-MM-DD)
    keep = day.is_not_null()
    if since is not None:
        keep = keep & (day >= since)
    if until is not None:
        keep = keep & (day <= until)
    return keep


def in_range(tables: dict[str, pl.LazyFrame], since: date | None, until: date | None) -> dict[str, pl.LazyFrame]:
    """The tables limited to the games dated from ``since`` to ``until``; a game with no date is left out of a range."""
    if since is None and until is None:
        return tables
    keep = dated(since, until)
    games = tables["games"].filter(keep)
    wanted = games.select("file", "game")
    out = {"games": games, "players": tables["players"].filter(keep)}
    for name in ("hands", "plays", "findings", "analysis"):  # analysis: stats --analysis
        if name in tables:
            out[name] = tables[name].join(wanted, on=["file", "game"], how="semi")
    return out
