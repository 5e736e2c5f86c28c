"""Summary views over the tables: by player, team, seat, position, trump round, up card or event.

Every view has the same columns, named and explained once in :mod:`auditor.stats.glossary`.  What
happens in hands is counted lazily with polars from the ``hands`` and ``findings`` tables
(unreadable hands are left out); what a side scores in games (games, won, points, euchres) from the
``players`` table that the standings sum, so that the two agree.
"""

from __future__ import annotations

import polars as pl

from .glossary import ANALYSIS_COLUMNS, COLUMNS, KEYS
from .tables import POSITIONS

VIEWS = tuple(KEYS)
KEY_NAMES = {by: key for by, (key, _) in KEYS.items()}
UNKNOWN = "(unknown)"
NO_EVENT = "(no event)"
NO_CALL = "none"
#: the up card's ranks in the order of the deck (the joker last)
UP_RANKS = ("7", "8", "9", "T", "J", "Q", "K", "A", "JK", NO_CALL)

MADE = ("make", "march", "lone-make", "lone-march")
MARCHED = ("march", "lone-march")
EUCHRED = ("euchre", "lone-euchre")
SEATS = ("N", "E", "S", "W")
SEAT_COLUMNS = {"N": "north", "E": "east", "S": "south", "W": "west"}
TEAMS = {"NS": ("N", "S"), "EW": ("E", "W")}
#: the views whose rows are seats (a player's, a compass seat, a position): counted seat by seat
_BY_SEAT = ("player", "seat", "position")


def _team_of(seat: str) -> str:
    return "NS" if seat in TEAMS["NS"] else "EW"


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
    dealer = pl.col("dealer").cast(pl.String)
    side = pl.col("maker_side").cast(pl.String)
    dealer_team = pl.when(dealer.is_in(TEAMS["NS"])).then(pl.lit("NS")).otherwise(pl.lit("EW"))
    up = pl.col("up").cast(pl.String)
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
                # a euchre that scored: a renege penalty that replaced its score makes it none (as the standings count)
                (outcome.is_in(EUCHRED) & pl.col("penalized").is_null()).alias("scored_euchre"),
                (outcome == "lone-march").alias("lone_march"),
                pl.col("maker_side").alias("maker_team"),
                pl.col("maker_net").fill_null(0).cast(pl.Int64),
                ((side == dealer_team) | (side == dealer)).fill_null(False).alias("dealer_side_called"),
                (pl.col("points_ns").cast(pl.Int64) - pl.col("points_ew").cast(pl.Int64)).alias("net_ns"),
                pl.when(up.is_null()).then(pl.lit(NO_CALL)).when(up == "JK").then(pl.lit("JK")).otherwise(up.str.head(1))
                .alias("up_rank"),
            ]
        )
    )


#: the columns of the hand facts that a view by seat or position reads (every hand with the same values counts alike)
_SEAT_VIEW_COLUMNS = ("dealer", "seats", "maker", "maker_team", "round", "alone", "made", "marched", "euchred",
                      "scored_euchre", "lone_march", "maker_net", "called", "dealer_side_called", "net_ns",
                      *(f"{p}_{s}" for p in ("ren", "bow") for s in SEATS), *(f"plays_{s.lower()}" for s in SEATS))


def _unit(facts: pl.LazyFrame, key: pl.Expr, caller: pl.Expr, reneges: pl.Expr, bower: pl.Expr, plays: pl.Expr,
          team: str | None = None, seat: str | None = None) -> pl.LazyFrame:
    """The rows to count for one seat or team (``team``: the partnership, NS or EW; ``seat``: the seat, which is
    its own side where each plays for himself; neither for the views of the hands themselves): ``weight`` is how
    many hands each row stands for."""
    if team is None:
        defended = suffered = side_dealt = pl.lit(None, pl.Boolean)
        side_net = pl.lit(None, pl.Int64)
    else:
        mine = pl.col("maker_team").cast(pl.String).is_in([team] + ([seat] if seat else []))
        defended = pl.col("scored_euchre") & pl.col("called") & ~mine
        suffered = pl.col("scored_euchre") & mine
        side_net = pl.col("net_ns") * (1 if team == "NS" else -1)  # null without partnerships
        side_dealt = pl.col("dealer").cast(pl.String).is_in(TEAMS[team])
    return facts.select(
        key.alias("key"),
        caller.fill_null(False).alias("caller"),
        defended.fill_null(False).alias("defended"),
        suffered.fill_null(False).alias("suffered"),
        reneges.alias("ren"),
        bower.alias("bow"),
        plays.alias("plays"),
        side_net.alias("side_net"),
        side_dealt.alias("side_dealt"),
        "round", "alone", "made", "marched", "euchred", "lone_march", "maker_net", "called", "dealer_side_called",
        pl.col("weight") if "weight" in facts.collect_schema() else pl.lit(1, pl.Int64).alias("weight"),
    )


def _team_key(a: str, b: str) -> pl.Expr:
    pa, pb = pl.col(SEAT_COLUMNS[a]).fill_null(UNKNOWN), pl.col(SEAT_COLUMNS[b]).fill_null(UNKNOWN)
    return pl.when(pa <= pb).then(pl.concat_str([pa, pl.lit(" & "), pb])).otherwise(pl.concat_str([pb, pl.lit(" & "), pa]))


def _units(by: str, facts: pl.LazyFrame) -> list[pl.LazyFrame]:
    """The rows to count, one frame per seat or team (kept apart: summed after counting)."""
    maker = pl.col("maker")
    if by in ("seat", "position"):
        # hands alike in everything a seat's view reads are counted once, with their number as
        # a weight: one pass over the hands, then four small frames (not four passes)
        facts = _collect(facts.group_by(_SEAT_VIEW_COLUMNS).agg(pl.len().cast(pl.Int64).alias("weight"))).lazy()
    if by in _BY_SEAT:
        parts = []
        seats = pl.col("seats")
        for s in SEATS:
            if by == "player":
                key = pl.col(SEAT_COLUMNS[s]).fill_null(UNKNOWN)
            elif by == "seat":
                key = pl.lit(s)
            else:
                key = _position(s)
            # a seat nobody sits at (S, three-handed) is left out; a side is a partnership or the seat itself
            here = facts.filter(seats.str.contains(s, literal=True))
            parts.append(_unit(here, key, maker == s, pl.col(f"ren_{s}"), pl.col(f"bow_{s}"), pl.col(f"plays_{s.lower()}"),
                               _team_of(s), s))
        return parts
    if by == "team":
        # games without partnerships have no teams (see games_without_teams): their hands are left out
        facts = facts.filter(pl.col("partnerships"))
        return [_unit(facts, _team_key(a, b), pl.col("maker_team") == team, pl.col(f"ren_{a}") + pl.col(f"ren_{b}"),
                      pl.col(f"bow_{a}") + pl.col(f"bow_{b}"), pl.col(f"plays_{a.lower()}") + pl.col(f"plays_{b.lower()}"), team)
                for team, (a, b) in TEAMS.items()]
    if by == "trump-round":
        key = pl.col("round").cast(pl.String).fill_null(NO_CALL)
    elif by == "up-card":
        key = pl.col("up_rank")
    elif by == "event":
        key = pl.col("event").fill_null(NO_EVENT)
    else:
        raise ValueError(f"no view by {by!r} (views: {', '.join(VIEWS)})")
    every_play = pl.sum_horizontal(*(pl.col(f"plays_{s.lower()}") for s in SEATS))
    return [_unit(facts, key, pl.col("called"), pl.col("ren_all"), pl.col("bow_all"), every_play)]


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


_PER_GAME = ("games", "won", "points_for", "points_against")


def _per_game(by: str, tables: dict[str, pl.LazyFrame]) -> pl.LazyFrame | None:
    """(key, games, won, points_for, points_against) from the ``players`` table, as the standings sum them, for the
    views where games mean something; for ``event``, games and those that reached a winner."""
    if by == "event":
        games = tables["games"]
        return games.group_by(pl.col("event").fill_null(NO_EVENT).alias("key")).agg(
            pl.len().cast(pl.Int64).alias("games"), pl.col("winner").is_not_null().sum().cast(pl.Int64).alias("won"),
            pl.lit(None, pl.Int64).alias("points_for"), pl.lit(None, pl.Int64).alias("points_against"))
    players = tables["players"]
    if by == "player":
        rows = players.select(pl.col("player").fill_null(UNKNOWN).alias("key"), "result", "points", "against")
    elif by == "seat":
        rows = players.select(pl.col("seat").cast(pl.String).alias("key"), "result", "points", "against")
    elif by == "team":  # a side's line once a game, named by both partners (an unnamed one as the team view names him)
        rows = (players.filter(pl.col("side").cast(pl.String).is_in(list(TEAMS)))
                .group_by("file", "game", "side")
                .agg(pl.col("player").fill_null(UNKNOWN).sort().str.join(" & ").alias("key"),
                     pl.col("result").first(), pl.col("points").first(), pl.col("against").first()))
    else:
        return None
    return rows.group_by("key").agg(
        pl.len().cast(pl.Int64).alias("games"), (pl.col("result") == "won").sum().cast(pl.Int64).alias("won"),
        pl.col("points").sum().cast(pl.Int64).alias("points_for"), pl.col("against").sum().cast(pl.Int64).alias("points_against"))


def _share(part: str, whole: str) -> pl.Expr:
    return pl.when(pl.col(whole) > 0).then(100.0 * pl.col(part) / pl.col(whole))


def _per(part: str, whole: str) -> pl.Expr:
    return pl.when(pl.col(whole) > 0).then(pl.col(part) / pl.col(whole))


def view_lazy(by: str, tables: dict[str, pl.LazyFrame]) -> pl.LazyFrame:
    """The view ``by`` as a lazy frame; its first column is named after ``by``, the others are
    :data:`auditor.stats.glossary.COLUMNS` (and the analysis columns in the player view with ``--analysis``).

    The per-seat (or per-team) counts are computed when this is called; what is
    left lazy is small (one row per player, team, seat, round, up card or event).
    """
    caller, weight = pl.col("caller"), pl.col("weight")

    def hands_where(condition: pl.Expr) -> pl.Expr:
        return pl.when(condition).then(weight).otherwise(0).sum().cast(pl.Int64)

    def net_where(condition: pl.Expr) -> pl.Expr:
        return pl.when(condition).then(pl.col("side_net") * weight).otherwise(0).sum().cast(pl.Int64)

    scored = pl.col("side_net").is_not_null()
    counts = [
        weight.sum().cast(pl.Int64).alias("hands"),
        hands_where(caller).alias("calls"),
        hands_where(caller & pl.col("made")).alias("made"),
        hands_where(caller & pl.col("marched")).alias("marched"),
        hands_where(caller & pl.col("euchred")).alias("euchred"),
        *(x for r in (1, 2) for x in (hands_where(caller & (pl.col("round") == r)).alias(f"r{r}_calls"),
                                      hands_where(caller & (pl.col("round") == r) & pl.col("made")).alias(f"r{r}_made"))),
        hands_where(caller & pl.col("alone")).alias("lone_calls"),
        hands_where(caller & pl.col("alone") & pl.col("made")).alias("lone_made"),
        hands_where(caller & pl.col("lone_march")).alias("lone_marches"),
        pl.when(caller).then(pl.col("maker_net") * weight).otherwise(0).sum().cast(pl.Int64).alias("net"),
        hands_where(pl.col("defended")).alias("euchres_for"),
        hands_where(pl.col("suffered")).alias("euchres_against"),
        hands_where(~pl.col("called")).alias("thrown_in"),
        hands_where(pl.col("dealer_side_called")).alias("dealer_side_calls"),
        hands_where(pl.col("dealer_side_called") & pl.col("made")).alias("dealer_side_made"),
        hands_where(scored & pl.col("side_dealt")).alias("dealing"),
        net_where(scored & pl.col("side_dealt")).alias("net_dealing"),
        hands_where(scored & ~pl.col("side_dealt")).alias("receiving"),
        net_where(scored & ~pl.col("side_dealt")).alias("net_receiving"),
        (pl.col("ren") * weight).sum().cast(pl.Int64).alias("reneges"),
        (pl.col("plays") * weight).sum().cast(pl.Int64).alias("plays"),
        (pl.col("bow") * weight).sum().cast(pl.Int64).alias("left_bower_errors"),
    ]
    # count each seat's (or team's) rows on its own, one after the other, and add the
    # counts: a season of hands is never held four times over in memory
    parts = [_collect(part.group_by("key").agg(counts)).lazy() for part in _units(by, _hand_facts(tables, by in ("player", "team")))]
    names = [c.meta.output_name() for c in counts]
    summary = pl.concat(parts).group_by("key").agg(pl.col(n).sum() for n in names) if len(parts) > 1 else parts[0]
    if by == "position":
        summary = summary.with_columns(pl.col("key").replace_strict(dict(enumerate(POSITIONS)), return_dtype=pl.String))
    games = _per_game(by, tables)
    if games is not None:
        summary = summary.join(games, on="key", how="left").with_columns(pl.col("games", "won").fill_null(0))
    else:
        summary = summary.with_columns(pl.lit(None, pl.Int64).alias(c) for c in _PER_GAME)
    if by not in ("player", "team", "seat", "position"):  # a side's euchres and the dealer's edge need a side
        summary = summary.with_columns(pl.lit(None, pl.Int64).alias(c) for c in ("euchres_for", "euchres_against"))
    summary = summary.with_columns(
        _share("won", "games").alias("win_pct"),
        _per("points_for", "games").alias("points_per_game"),
        _share("calls", "hands").alias("call_pct"),
        _share("made", "calls").alias("make_pct"),
        _share("marched", "calls").alias("march_pct"),
        _share("euchred", "calls").alias("euchred_pct"),
        _share("r1_made", "r1_calls").alias("r1_make_pct"),
        _share("r2_made", "r2_calls").alias("r2_make_pct"),
        _share("lone_made", "lone_calls").alias("lone_make_pct"),
        _per("net", "calls").alias("points_per_call"),
        _share("dealer_side_made", "hands").alias("dealer_side_made_pct"),
        (_per("net_dealing", "dealing") - _per("net_receiving", "receiving")).alias("dealer_edge"),
        _share("reneges", "hands").alias("reneges_per_100_hands"),
        _share("reneges", "plays").alias("reneges_per_100_plays"),
        _share("left_bower_errors", "hands").alias("left_bower_errors_per_100_hands"),
        _share("left_bower_errors", "plays").alias("left_bower_errors_per_100_plays"),
    )
    extra: tuple[str, ...] = ()
    if by == "player" and "analysis" in tables:  # stats --analysis: play quality, per player (before the sort: a join keeps no order)
        from .analysis import player_columns

        quality = player_columns(tables["analysis"], tables["games"], UNKNOWN)
        if quality is not None:
            summary = summary.join(quality, on="key", how="left").with_columns(pl.col("analysed", "given_up").fill_null(0))
            extra = ANALYSIS_COLUMNS
    fixed = {"position": ("left", "across", "right", "dealer"), "seat": SEATS, "up-card": UP_RANKS}
    if by in fixed:  # positions as they follow the dealer, seats clockwise, ranks in the deck's order
        summary = summary.sort(pl.col("key").replace_strict({v: i for i, v in enumerate(fixed[by])}, default=99,
                                                            return_dtype=pl.Int64))
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
