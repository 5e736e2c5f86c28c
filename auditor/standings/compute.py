"""The sums behind the standings, with polars over the ``players`` table (lazily: a season in bounded memory).

Each function reads the lazy table once and collects only what is small: one
row per player (or partnership), per player and round, per correction, per
seat of a player named at two tables.  The table may be a Parquet folder
scanned lazily (``scan_parquet``) or the rows of a few games in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import date

import polars as pl

from .box import PlayerGame
from ..night import NightFinding, Seating, SeatingCheck

#: the subjects of a standings table, and the column of the players table that names them
SUBJECTS = {"player": "player", "partnership": "partners"}


def frame(lines: Iterable[PlayerGame]) -> pl.LazyFrame:
    """Box-score lines held in memory as the players table (for a page of a few games)."""
    from ..stats.tables import SCHEMAS, player_row

    rows = [player_row(line) for line in lines]
    return pl.DataFrame(rows, schema=SCHEMAS["players"], orient="row").lazy()


def in_range(players: pl.LazyFrame, since: date | None, until: date | None, events: Sequence[str] | None = None,
             rounds: Sequence[str] | None = None) -> pl.LazyFrame:
    """The games dated from ``since`` to ``until`` (both included; with a range, a game with no date is left out), of
    the ``events`` and ``rounds`` (Event and Round tags, exactly as written) when they are given."""
    from ..stats.league import dated

    if since is not None or until is not None:
        players = players.filter(dated(since, until))
    if events:
        players = players.filter(pl.col("event").is_in(list(events)))
    if rounds:
        players = players.filter(pl.col("round").is_in([r.strip() for r in rounds]))
    return players


def _collect(lazy: pl.LazyFrame) -> pl.DataFrame:
    try:
        return lazy.collect(engine="streaming")
    except (TypeError, ValueError):  # pragma: no cover - polars before the streaming engine
        return lazy.collect()


def _named(players: pl.LazyFrame, by: str) -> pl.LazyFrame:
    return players.filter(pl.col(SUBJECTS[by]).is_not_null()).with_columns(pl.col(SUBJECTS[by]).alias("name"))


def _once(column: str, by: str) -> pl.Expr:
    """A side's figure, counted once a game for a partnership (every player of a side has it)."""
    col = pl.col(column)
    return col.filter(pl.col("side_first")).sum() if by == "partnership" else col.sum()


def totals(players: pl.LazyFrame, by: str) -> pl.DataFrame:
    """One row per player or partnership: games, rounds played in, points, results and what they did, on the rules and
    on the sheet."""
    won = (pl.col("result") == "won").cast(pl.Int64)
    tied = (pl.col("result") == "tied").cast(pl.Int64)
    sheet_won = (pl.col("sheet_result") == "won").cast(pl.Int64)
    sheet_tied = (pl.col("sheet_result") == "tied").cast(pl.Int64)
    games = pl.col("side_first").cast(pl.Int64).sum() if by == "partnership" else pl.len()
    return _collect(
        step_keys(_named(players, by))
        .with_columns(won.alias("won"), tied.alias("tied"), sheet_won.alias("sheet_won"), sheet_tied.alias("sheet_tied"))
        .group_by("name")
        .agg(
            games.cast(pl.Int64).alias("games"),
            pl.struct("day", "night", "step").n_unique().cast(pl.Int64).alias("rounds"),
            *(_once(c, by).cast(pl.Int64).alias(c) for c in ("points", "against", "sheet_points", "sheet_against", "won",
                                                             "tied", "sheet_won", "sheet_tied")),
            _once("euchres_for", by).cast(pl.Int64).alias("euchres"),
            pl.col("lone_made").sum().cast(pl.Int64).alias("lone_hands"),
        )
        .sort("name")
    )


def step_keys(players: pl.LazyFrame) -> pl.LazyFrame:
    """The round a game belongs to, for the running totals: its date, event and Round tag."""
    return players.with_columns(pl.col("date").cast(pl.String).fill_null("").alias("day"),
                                pl.col("event").fill_null("").alias("night"), pl.col("round").fill_null("").alias("step"))


def round_keys(players: pl.LazyFrame, by: str) -> list[tuple[str, str, str]]:
    """The rounds of the games (date, event, Round tag) with a player (or partnership) named, each once: as many as
    there are rounds (or days)."""
    keys = _collect(step_keys(_named(players, by)).select("day", "night", "step").unique())
    return [(r["day"], r["night"], r["step"]) for r in keys.iter_rows(named=True)]


def by_round(players: pl.LazyFrame, by: str) -> pl.DataFrame:
    """One row per player (or partnership) and round: the points they scored in it, on the rules and on the sheet.
    As many rows as players times rounds: read only for the running totals (JSON, HTML) and a night's sit-outs."""
    return _collect(
        step_keys(_named(players, by))
        .group_by("name", "day", "night", "step")
        .agg(_once("points", by).cast(pl.Int64).alias("points"), _once("sheet_points", by).cast(pl.Int64).alias("sheet_points"))
    )


def corrections(players: pl.LazyFrame, by: str) -> list[dict[str, object]]:
    """Every correction of a player's (or partnership's) points, where it was and what it was; and the other side's
    corrections in a game whose result they changed (``against``: the side they went to), a game won or lost."""
    named = _named(players, by).filter(pl.col("side_first") if by == "partnership" else pl.lit(True))
    where = ["name", "file", "game", "event", "date", "round", "table"]
    own = named.filter(pl.col("corrections").is_not_null()).select(*where, "corrections", pl.lit(None, pl.String).alias("to_side"))
    other = (players.filter(pl.col("side_first"), pl.col("corrections").is_not_null())
             .select("file", "game", pl.col("side").alias("other_side"), pl.col("corrections").alias("theirs"),
                     pl.coalesce("partners", "side").alias("to_side")))
    flipped = (named.filter(pl.col("result").ne_missing(pl.col("sheet_result")))
               .join(other, on=["file", "game"], how="inner").filter(pl.col("other_side") != pl.col("side"))
               .select(*where, pl.col("theirs").alias("corrections"), "to_side"))
    rows = _collect(pl.concat([own, flipped]))
    out = []
    for row in rows.iter_rows(named=True):
        row["against"] = row.pop("to_side")
        for c in json.loads(row.pop("corrections")):
            out.append({**row, **c})
    # a hand corrected on both sides (a euchre's points written in the wrong column) is said once, as this side's
    own_hands = {(c["name"], c["file"], c["game"], c["hand"]) for c in out if c["against"] is None}
    out = [c for c in out if c["against"] is None or (c["name"], c["file"], c["game"], c["hand"]) not in own_hands]
    out.sort(key=lambda c: (str(c["name"]), str(c["file"]), int(c["game"]), int(c["line"])))
    return out


def game_count(players: pl.LazyFrame) -> int:
    """How many games the table holds (each has a row per seat)."""
    per_file = _collect(players.group_by("file").agg(pl.col("game").n_unique().alias("games")))
    return int(per_file.get_column("games").sum() or 0)


def rankings(players: pl.LazyFrame) -> list[str]:
    """The ``standings.*`` rules the games were audited under (StandingsRules.text), each once."""
    return sorted(_collect(players.select("ranking").unique()).get_column("ranking").drop_nulls().to_list())


def two_tables(players: pl.LazyFrame) -> list[NightFinding]:
    """E901: the seats of a player named at two tables in one round, found in the table's order."""
    seats = (players.with_row_index("order").filter(pl.col("round").is_not_null(), pl.col("player").is_not_null())
             .with_columns(pl.col("event").fill_null("").alias("k_event"), pl.col("date").cast(pl.String).fill_null("").alias("k_date")))
    keys = ["k_event", "k_date", "round", "player"]
    twice = seats.group_by(keys).agg(pl.col("table").n_unique().alias("tables")).filter(pl.col("tables") > 1).select(keys)
    rows = _collect(seats.join(twice, on=keys, how="inner").sort("order"))
    check = SeatingCheck()
    return check.add_all(
        Seating(r["file"], r["game"], r["event"], r["k_date"] or None, r["round"], r["table"], r["player"], str(r["seat"]),
                r["line"], r["column"])
        for r in rows.iter_rows(named=True)
    )
