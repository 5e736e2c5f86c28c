"""Summary views over the tables: by player, team, seat, trump round or event.

Every view has the same measures, computed lazily with polars from the
``games``, ``hands`` and ``findings`` tables (unreadable hands are left out):

- ``hands``: hands in which the subject took part (dealt, thrown in or played);
- ``calls``: hands in which the subject made trump; ``call_pct`` = calls / hands;
- ``make_pct``, ``march_pct``, ``euchred_pct``: the share of calls the makers
  made (3+ tricks, marches included), marched (all tricks, alone or not), or
  were euchred on; a call whose tricks the record does not show is none of these;
- ``lone_attempts``, ``lone_marches``: calls played alone, and those marched;
- ``points_per_call``: the makers' points minus the defenders' points on the
  subject's calls, per call (a euchre counts against the caller);
- ``euchres_as_defender``: hands in which the subject defended and the makers
  were euchred;
- ``games``, ``games_won``: games played and won (player, team; for an event,
  games and games finished with a winner; none for seat and trump round);
- ``reneges`` (code R501) and ``left_bower_errors`` (category left-bower), in
  total and per 100 hands.
"""

from __future__ import annotations

import polars as pl

from .tables import POSITIONS

VIEWS = ("player", "team", "seat", "trump-round", "event")
KEY_NAMES = {"player": "player", "team": "team", "seat": "seat", "trump-round": "round", "event": "event"}
UNKNOWN = "(unknown)"
NO_EVENT = "(no event)"
NO_CALL = "none"

MADE = ("make", "march", "lone-make", "lone-march")
MARCHED = ("march", "lone-march")
EUCHRED = ("euchre", "lone-euchre")
SEATS = ("N", "E", "S", "W")
SEAT_COLUMNS = {"N": "north", "E": "east", "S": "south", "W": "west"}
TEAMS = {"NS": ("N", "S"), "EW": ("E", "W")}

COLUMNS = (
    "hands", "calls", "call_pct", "make_pct", "march_pct", "euchred_pct", "lone_attempts", "lone_marches",
    "points_per_call", "euchres_as_defender", "games", "games_won", "reneges", "reneges_per_100", "plays",
    "reneges_per_100_plays",
    "left_bower_errors", "left_bower_errors_per_100",
)


def _hand_facts(tables: dict[str, pl.LazyFrame], with_players: bool) -> pl.LazyFrame:
    """One row per readable hand with what every view needs (the players' names only if asked)."""
    keys = ["file", "game", "hand"]
    findings = tables["findings"].filter(pl.col("hand").is_not_null())
    renege = pl.col("code") == "R501"
    bower = pl.col("category") == "left-bower"
    per_hand = findings.group_by(keys).agg(
        renege.sum().alias("ren_all"),
        bower.sum().alias("bow_all"),
        *[(renege & (pl.col("seat") == s)).sum().alias(f"ren_{s}") for s in SEATS],
        *[(bower & (pl.col("seat") == s)).sum().alias(f"bow_{s}") for s in SEATS],
    )
    players = tables["games"].select("file", "game", "partnerships", *SEAT_COLUMNS.values())
    outcome = pl.col("outcome")
    counts = [f"{p}_{s}" for p in ("ren", "bow") for s in (*SEATS, "all")] + [f"plays_{s.lower()}" for s in SEATS]
    hands = tables["hands"].filter(~pl.col("broken"))
    if with_players:
        hands = hands.join(players, on=["file", "game"], how="left")
    return (
        hands
        .join(per_hand, on=keys, how="left")
        .with_columns(
            [pl.col(c).fill_null(0).cast(pl.Int64) for c in counts]
            + [
                pl.col("maker").is_not_null().alias("called"),
                outcome.is_in(MADE).alias("made"),
                outcome.is_in(MARCHED).alias("marched"),
                outcome.is_in(EUCHRED).alias("euchred"),
                (outcome == "lone-march").alias("lone_march"),
                pl.col("maker_side").alias("maker_team"),
                pl.col("maker_net").fill_null(0).cast(pl.Int64),
            ]
        )
    )


#: the columns of the hand facts that a view by seat reads (every hand with the same values counts alike)
_SEAT_VIEW_COLUMNS = ("dealer", "seats", "maker", "maker_team", "alone", "made", "marched", "euchred", "lone_march", "maker_net",
                      *(f"{p}_{s}" for p in ("ren", "bow") for s in SEATS), *(f"plays_{s.lower()}" for s in SEATS))


def _unit(facts: pl.LazyFrame, key: pl.Expr, caller: pl.Expr, defended: pl.Expr, reneges: pl.Expr, bower: pl.Expr,
          plays: pl.Expr) -> pl.LazyFrame:
    """The rows to count for one seat or team: ``weight`` is how many hands each row stands for."""
    return facts.select(
        key.alias("key"),
        caller.fill_null(False).alias("caller"),
        defended.fill_null(False).alias("defended"),
        reneges.alias("ren"),
        bower.alias("bow"),
        plays.alias("plays"),
        "alone", "made", "marched", "euchred", "lone_march", "maker_net",
        pl.col("weight") if "weight" in facts.collect_schema() else pl.lit(1, pl.Int64).alias("weight"),
    )


def _units(by: str, facts: pl.LazyFrame) -> list[pl.LazyFrame]:
    """The rows to count, one frame per seat or team (kept apart: summed after counting)."""
    maker, euchred = pl.col("maker"), pl.col("euchred")
    if by == "seat":
        # hands alike in everything a seat's view reads are counted once, with their number as
        # a weight: one pass over the hands, then four small frames (not four passes)
        facts = _collect(facts.group_by(_SEAT_VIEW_COLUMNS).agg(pl.len().cast(pl.Int64).alias("weight"))).lazy()
    if by in ("player", "seat"):
        parts = []
        seats = pl.col("seats")
        for s in SEATS:
            team = "NS" if s in TEAMS["NS"] else "EW"
            if by == "player":
                key = pl.col(SEAT_COLUMNS[s]).fill_null(UNKNOWN)
            else:
                key = _position(s)
            # a seat nobody sits at (S, three-handed) is left out; a side is a partnership or the seat itself
            here = facts.filter(seats.str.contains(s, literal=True))
            against = pl.col("maker_team").ne(team) & pl.col("maker_team").ne(s)
            parts.append(_unit(here, key, maker == s, euchred & against, pl.col(f"ren_{s}"), pl.col(f"bow_{s}"),
                               pl.col(f"plays_{s.lower()}")))
        return parts
    if by == "team":
        parts = []
        # games without partnerships have no teams (see games_without_teams): their hands are left out
        facts = facts.filter(pl.col("partnerships"))
        for team, (a, b) in TEAMS.items():
            pa, pb = pl.col(SEAT_COLUMNS[a]).fill_null(UNKNOWN), pl.col(SEAT_COLUMNS[b]).fill_null(UNKNOWN)
            key = pl.when(pa <= pb).then(pl.concat_str([pa, pl.lit(" & "), pb])).otherwise(pl.concat_str([pb, pl.lit(" & "), pa]))
            parts.append(_unit(
                facts, key, pl.col("maker_team") == team, euchred & (pl.col("maker_team") != team),
                pl.col(f"ren_{a}") + pl.col(f"ren_{b}"), pl.col(f"bow_{a}") + pl.col(f"bow_{b}"),
                pl.col(f"plays_{a.lower()}") + pl.col(f"plays_{b.lower()}"),
            ))
        return parts
    if by == "trump-round":
        key = pl.col("round").cast(pl.String).fill_null(NO_CALL)
    elif by == "event":
        key = pl.col("event").fill_null(NO_EVENT)
    else:
        raise ValueError(f"no view by {by!r} (views: {', '.join(VIEWS)})")
    every_play = pl.sum_horizontal(*(pl.col(f"plays_{s.lower()}") for s in SEATS))
    return [_unit(facts, key, pl.col("called"), euchred & pl.col("called"), pl.col("ren_all"), pl.col("bow_all"), every_play)]


def _position(seat: str) -> pl.Expr:
    """Where ``seat`` sits relative to the dealer, as a small integer while counting (the position's name
    is put on the sums): the places from the dealer among the seats in play, 0 to 3 at a table of four;
    three-handed 0, 1 and 3 (no one across); two-handed 0 and 2 (face to face)."""
    seats = pl.col("seats")
    n = seats.str.len_chars().cast(pl.Int8)
    mine = seats.str.find(seat, literal=True).cast(pl.Int8)
    dealer = seats.str.find(pl.col("dealer").cast(pl.String), literal=True).cast(pl.Int8)
    k = (mine - dealer) % n
    return k + ((n == 3) & (k == 2)).cast(pl.Int8) + ((n == 2) & (k == 1)).cast(pl.Int8)


def _games(by: str, games: pl.LazyFrame) -> pl.LazyFrame | None:
    """(key, games, games_won) for the views where games mean something."""
    winner = pl.col("winner")
    if by == "player":
        parts = [
            games.filter(pl.col("seats").str.contains(s, literal=True)).select(
                pl.col(SEAT_COLUMNS[s]).fill_null(UNKNOWN).alias("key"),
                (winner.is_in(["NS" if s in TEAMS["NS"] else "EW", s])).fill_null(False).alias("won"))
            for s in SEATS
        ]
        rows = pl.concat(parts)
    elif by == "team":
        games = games.filter(pl.col("partnerships"))
        parts = []
        for team, (a, b) in TEAMS.items():
            pa, pb = pl.col(SEAT_COLUMNS[a]).fill_null(UNKNOWN), pl.col(SEAT_COLUMNS[b]).fill_null(UNKNOWN)
            key = pl.when(pa <= pb).then(pl.concat_str([pa, pl.lit(" & "), pb])).otherwise(pl.concat_str([pb, pl.lit(" & "), pa]))
            parts.append(games.select(key.alias("key"), (winner == team).fill_null(False).alias("won")))
        rows = pl.concat(parts)
    elif by == "event":
        rows = games.select(pl.col("event").fill_null(NO_EVENT).alias("key"), winner.is_not_null().alias("won"))
    else:
        return None
    return rows.group_by("key").agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("games_won"))


def _share(part: str, whole: str) -> pl.Expr:
    return pl.when(pl.col(whole) > 0).then(100.0 * pl.col(part) / pl.col(whole))


def view_lazy(by: str, tables: dict[str, pl.LazyFrame]) -> pl.LazyFrame:
    """The view ``by`` as a lazy frame; its first column is named after ``by``.

    The per-seat (or per-team) counts are computed when this is called; what is
    left lazy is small (one row per player, team, seat, round or event).
    """
    caller, weight = pl.col("caller"), pl.col("weight")

    def hands_where(condition: pl.Expr) -> pl.Expr:
        return pl.when(condition).then(weight).otherwise(0).sum().cast(pl.Int64)

    counts = [
        weight.sum().cast(pl.Int64).alias("hands"),
        hands_where(caller).alias("calls"),
        hands_where(caller & pl.col("made")).alias("made"),
        hands_where(caller & pl.col("marched")).alias("marched"),
        hands_where(caller & pl.col("euchred")).alias("euchred"),
        hands_where(caller & pl.col("alone")).alias("lone_attempts"),
        hands_where(caller & pl.col("lone_march")).alias("lone_marches"),
        pl.when(caller).then(pl.col("maker_net") * weight).otherwise(0).sum().cast(pl.Int64).alias("net"),
        hands_where(pl.col("defended")).alias("euchres_as_defender"),
        (pl.col("ren") * weight).sum().cast(pl.Int64).alias("reneges"),
        (pl.col("plays") * weight).sum().cast(pl.Int64).alias("plays"),
        (pl.col("bow") * weight).sum().cast(pl.Int64).alias("left_bower_errors"),
    ]
    # count each seat's (or team's) rows on its own, one after the other, and add the
    # counts: a season of hands is never held four times over in memory
    parts = [_collect(part.group_by("key").agg(counts)).lazy() for part in _units(by, _hand_facts(tables, by in ("player", "team")))]
    names = [c.meta.output_name() for c in counts]
    summary = pl.concat(parts).group_by("key").agg(pl.col(n).sum() for n in names) if len(parts) > 1 else parts[0]
    if by == "seat":
        summary = summary.with_columns(pl.col("key").replace_strict(dict(enumerate(POSITIONS)), return_dtype=pl.String))
    games = _games(by, tables["games"])
    if games is not None:
        summary = summary.join(games, on="key", how="left").with_columns(pl.col("games", "games_won").fill_null(0))
    else:
        summary = summary.with_columns(pl.lit(None, pl.Int64).alias("games"), pl.lit(None, pl.Int64).alias("games_won"))
    summary = summary.with_columns(
        _share("calls", "hands").alias("call_pct"),
        _share("made", "calls").alias("make_pct"),
        _share("marched", "calls").alias("march_pct"),
        _share("euchred", "calls").alias("euchred_pct"),
        pl.when(pl.col("calls") > 0).then(pl.col("net") / pl.col("calls")).alias("points_per_call"),
        _share("reneges", "hands").alias("reneges_per_100"),
        _share("reneges", "plays").alias("reneges_per_100_plays"),
        _share("left_bower_errors", "hands").alias("left_bower_errors_per_100"),
    )
    extra: tuple[str, ...] = ()
    if by == "player" and "analysis" in tables:  # stats --analysis: play quality, per player (before the sort: a join keeps no order)
        from .analysis import PLAYER_COLUMNS, player_columns

        quality = player_columns(tables["analysis"], tables["games"], UNKNOWN)
        if quality is not None:
            summary = summary.join(quality, on="key", how="left").with_columns(pl.col("analysed", "given_up").fill_null(0))
            extra = PLAYER_COLUMNS
    if by == "seat":
        order = pl.col("key").replace_strict({p: i for i, p in enumerate(("left", "across", "right", "dealer"))}, default=9, return_dtype=pl.Int64)
        summary = summary.sort(order)
    elif by == "trump-round":
        summary = summary.sort("key")
    else:
        summary = summary.sort(["hands", "key"], descending=[True, False])
    return summary.select(pl.col("key").alias(KEY_NAMES[by]), *COLUMNS, *extra)


def games_without_teams(tables: dict[str, pl.LazyFrame]) -> int:
    """Games played without partnerships (two- and three-handed): the team view leaves them out."""
    return int(_collect(tables["games"].select((~pl.col("partnerships")).sum())).item() or 0)


def view(by: str, tables: dict[str, pl.LazyFrame]) -> pl.DataFrame:
    """The view ``by`` computed now."""
    return _collect(view_lazy(by, tables))


def _collect(lazy: pl.LazyFrame) -> pl.DataFrame:
    """In batches (polars' streaming engine) where available: about half the memory and time."""
    try:
        return lazy.collect(engine="streaming")
    except (TypeError, ValueError):  # pragma: no cover - polars before the streaming engine
        return lazy.collect()
