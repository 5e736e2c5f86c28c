"""The five statistics tables (games, hands, plays, findings, players) and, with ``stats --analysis``, the
``analysis`` table, as polars data.

Rows are collected from audit results (:class:`GameResult`,
:class:`HandResult`, :class:`PlayFact`, :class:`Finding`) into columns,
and written as Parquet *parts* so that no process ever holds a whole
season: a folder of tables is the unit of storage, scanned lazily later.

Layout of a tables folder::

    DIR/tables.json                       what wrote it and how it is partitioned
    DIR/games/part-000003-0000.parquet    (or games/event=NAME/part-....parquet)
    DIR/hands/...
    DIR/plays/...
    DIR/findings/...
"""

from __future__ import annotations

import datetime
import json
from dataclasses import astuple
import urllib.parse
from pathlib import Path
from typing import Any

import polars as pl

from ..cards import JOKER, RANKS, SUITS, Card, Seat, Suit, Team
from ..findings import REGISTRY, Category, Severity
from ..results import GameResult, HandResult, Outcome
from ..standings.box import COLUMNS as BOX_COLUMNS
from ..standings.box import player_games
from ..table import Table

from .layout import HIVE_NULL, MARKER, TABLES

#: where a seat sits relative to the dealer (seat - dealer, clockwise, at a table of four)
POSITIONS = ("dealer", "left", "across", "right")
#: the same by the number of players, counting seats in play from the dealer: three-handed there is no
#: one across; two-handed (N and S, face to face) the other player is across
POSITIONS_OF = {4: POSITIONS, 3: ("dealer", "left", "right"), 2: ("dealer", "across")}

# The value sets of the typed columns (polars Enum: stored as dictionary-encoded strings that
# polars reads back as the Enum, and DuckDB and Spark as plain strings), from the domain's own enums.
SEAT = pl.Enum([s.name for s in Seat])
SUIT = pl.Enum([s.value for s in Suit])
CARD = pl.Enum([str(Card(r, s)) for s in SUITS for r in RANKS] + [str(JOKER)])
OUTCOME = pl.Enum([o.value for o in Outcome])
TEAM = pl.Enum([t.value for t in Team])
POSITION = pl.Enum(list(POSITIONS))
CODE = pl.Enum(list(REGISTRY))
CODE_NAME = pl.Enum([c.name for c in REGISTRY.values()])
CATEGORY = pl.Enum([c.value for c in Category])
SEVERITY = pl.Enum([s.value for s in Severity])
RESULT = pl.Enum(["won", "lost", "tied"])
#: every tag of a game, in the order written: a list of {name, value} (Parquet: a list of structs)
TAGS = pl.List(pl.Struct({"name": pl.String, "value": pl.String}))

SCHEMAS: dict[str, dict[str, Any]] = {
    "games": {
        "file": pl.String, "game": pl.Int32, "event": pl.String, "date": pl.Date, "tags": TAGS,
        "north": pl.String, "east": pl.String, "south": pl.String, "west": pl.String, "ruleset": pl.String,
        "seats": pl.String, "partnerships": pl.Boolean, "computed_ns": pl.Int32, "computed_ew": pl.Int32, "recorded_ns": pl.Int32, "recorded_ew": pl.Int32,
        "winner": TEAM, "won_in_hand": pl.Int32, "hands": pl.Int32, "findings": pl.Int32,
    },
    "hands": {
        "file": pl.String, "game": pl.Int32, "event": pl.String, "hand": pl.Int32, "line": pl.Int32,
        "dealer": SEAT, "up": CARD, "maker": SEAT, "maker_player": pl.String,
        "maker_position": POSITION, "seats": pl.String, "maker_side": TEAM, "maker_net": pl.Int16,
        "round": pl.Int8, "trump": SUIT, "alone": pl.Boolean,
        "defend_alone": pl.Boolean, "tricks_ns": pl.Int8, "tricks_ew": pl.Int8,
        "points_ns": pl.Int16, "points_ew": pl.Int16, "outcome": OUTCOME, "penalized": TEAM,
        "counted": pl.Boolean, "broken": pl.Boolean, "findings": pl.Int16,
        "plays_n": pl.Int8, "plays_e": pl.Int8, "plays_s": pl.Int8, "plays_w": pl.Int8,
    },
    "plays": {
        "file": pl.String, "game": pl.Int32, "event": pl.String, "hand": pl.Int32, "trick": pl.Int8,
        "seat": SEAT, "player": pl.String, "card": CARD, "led": SUIT,
        "leader": pl.Boolean, "followed": pl.Boolean, "won": pl.Boolean,
    },
    "findings": {
        "file": pl.String, "game": pl.Int32, "event": pl.String, "hand": pl.Int32, "trick": pl.Int8,
        "seat": SEAT, "code": CODE, "name": CODE_NAME, "category": CATEGORY,
        "severity": SEVERITY, "line": pl.Int32, "column": pl.Int32, "message": pl.String,
    },
    # a player's line of each game (auditor.standings.box): what standings and league tables sum
    "players": {
        "file": pl.String, "game": pl.Int32, "event": pl.String, "date": pl.Date, "round": pl.String,
        "table": pl.String, "player": pl.String, "seat": SEAT, "side": TEAM, "partners": pl.String,
        "side_first": pl.Boolean, "points": pl.Int32, "against": pl.Int32, "sheet_points": pl.Int32, "sheet_against": pl.Int32,
        "result": RESULT, "sheet_result": RESULT,
        **{c: pl.Int32 for c in ("hands", "calls", "r1_calls", "r1_made", "r2_calls", "r2_made", "lone_calls", "lone_made",
                                 "euchres_for", "euchres_against", "plays", "reneges", "left_bower_errors", "line", "column")},
        "ranking": pl.String, "corrections": pl.String,
    },
    # written by stats --analysis (auditor/stats/analysis.py); empty without it
    "analysis": {
        "file": pl.String, "game": pl.Int32, "event": pl.String, "hand": pl.Int32,
        "dd_tricks": pl.Int8, "makers_taken": pl.Int8, "makers_gave": pl.Int8, "defenders_gave": pl.Int8,
        "gave_n": pl.Int8, "gave_e": pl.Int8, "gave_s": pl.Int8, "gave_w": pl.Int8,
        "first_costly_trick": pl.Int8, "first_costly_seat": SEAT, "first_costly_card": CARD,
        "first_costly_tricks": pl.Int8, "nodes": pl.Int32, "why_not": pl.String,
        "par_ns": pl.String, "par_ns_tricks": pl.Int8, "par_ns_points": pl.Int16,
        "par_ew": pl.String, "par_ew_tricks": pl.Int8, "par_ew_points": pl.Int16,
    },
}

_SEAT_TAGS = ("North", "East", "South", "West")
_PLAYS_COLUMNS = ("plays_n", "plays_e", "plays_s", "plays_w")


def _name(seat: Seat | None) -> str | None:
    return seat.name if seat is not None else None


def _seats_text(table: Table) -> str:
    """``NESW``, ``NEW``, ``NS``: the seats in play, as the views read them."""
    return "".join(s.name for s in table.seats)


def _position(table: Table, seat: Seat, dealer: Seat | None) -> str | None:
    """Where ``seat`` sits relative to the dealer, counting seats in play."""
    if dealer is None:
        return None
    if table.four_handed:
        return POSITIONS[(seat - dealer) % 4]
    if not (table.in_play[seat] and table.in_play[dealer]):
        return None
    n = table.players
    return POSITIONS_OF[n][(table.seats.index(seat) - table.seats.index(dealer)) % n]


def _date(text: str | None) -> datetime.date | None:
    """The Date tag as a date (ISO 8601, ``2026-11-24``); anything else is null (and stays in ``tags``)."""
    if not text:
        return None
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        return None


def player_row(line: Any) -> tuple[Any, ...]:
    """A player's line of a game (:class:`auditor.standings.box.PlayerGame`) as a row of the players table."""
    row = list(astuple(line))
    row[BOX_COLUMNS.index("date")] = _date(line.date)
    return tuple(row)


class TableBatch:
    """Columns of the four tables for some games, ready to become DataFrames."""

    def __init__(self) -> None:
        self.columns: dict[str, dict[str, list[Any]]] = {t: {c: [] for c in SCHEMAS[t]} for t in TABLES}
        self.hands = 0
        self.games = 0

    def add_game(self, label: str, game: GameResult) -> None:
        event = game.tag("Event")
        table = game.table
        players = tuple(game.tag(t) if table.in_play[i] else None for i, t in enumerate(_SEAT_TAGS))
        partnerships = table.partnerships
        seats = _seats_text(table)
        pair = game.computed if partnerships else None  # the NS and EW columns: partnerships only
        sheet = game.recorded_values() if partnerships else None
        findings = game.all_findings()
        g = self.columns["games"]
        for key, value in (
            ("file", label), ("game", game.index), ("event", event), ("date", _date(game.tag("Date"))),
            ("tags", [{"name": t.name, "value": t.value} for t in game.tags]),
            ("north", players[0]), ("east", players[1]), ("south", players[2]), ("west", players[3]),
            ("ruleset", game.ruleset), ("seats", seats), ("partnerships", partnerships),
            ("computed_ns", pair[0] if pair else None), ("computed_ew", pair[1] if pair else None),
            ("recorded_ns", sheet[0] if sheet else None), ("recorded_ew", sheet[1] if sheet else None),
            ("winner", game.winner.value if game.winner is not None else None),
            ("won_in_hand", game.won_in_hand), ("hands", len(game.hands)), ("findings", len(findings)),
        ):
            g[key].append(value)
        for hand in game.hands:
            self._add_hand(label, game.index, event, players, hand, table, seats)
        rows = self.columns["players"]
        for line in player_games(label, game):
            for key, value in zip(BOX_COLUMNS, player_row(line)):
                rows[key].append(value)
        f = self.columns["findings"]
        for finding in findings:
            for key, value in (
                ("file", label), ("game", game.index), ("event", event), ("hand", finding.hand),
                ("trick", finding.trick), ("seat", _name(finding.seat)), ("code", finding.code.code),
                ("name", finding.code.name), ("category", finding.category.value),
                ("severity", finding.level.value), ("line", finding.pos.line), ("column", finding.pos.column),
                ("message", finding.message),
            ):
                f[key].append(value)
        self.games += 1
        self.hands += len(game.hands)

    def _add_hand(self, label: str, game: int, event: str | None, players: tuple[str | None, ...], hand: HandResult,
                  table: Table, seats: str) -> None:
        h = self.columns["hands"]
        maker, dealer = hand.maker, hand.dealer
        pair = table.partnerships
        tricks = hand.tricks_won if pair else None
        points = hand.points if pair else None
        if maker is None:
            maker_side = maker_net = position = None
        else:
            mine = table.side_index[maker]
            maker_side = table.side_of[maker].value  # type: ignore[union-attr]
            maker_net = 2 * hand.points[mine] - sum(hand.points)  # the makers' points less the others'
            position = _position(table, maker, dealer)
        for key, value in (
            ("file", label), ("game", game), ("event", event), ("hand", hand.number), ("line", hand.pos.line),
            ("dealer", _name(dealer)), ("up", str(hand.up) if hand.up is not None else None),
            ("maker", _name(maker)), ("maker_player", players[maker] if maker is not None else None),
            ("maker_position", position), ("seats", seats), ("maker_side", maker_side), ("maker_net", maker_net),
            ("round", hand.round), ("trump", hand.trump.value if hand.trump is not None else None),
            ("alone", hand.alone), ("defend_alone", hand.defender_alone is not None),
            ("tricks_ns", tricks[0] if tricks else None), ("tricks_ew", tricks[1] if tricks else None),
            ("points_ns", points[0] if points else None), ("points_ew", points[1] if points else None),
            ("outcome", hand.outcome.value),
            ("penalized", hand.penalized.value if hand.penalized is not None else None),
            ("counted", hand.counted), ("broken", hand.broken), ("findings", len(hand.findings)),
        ):
            h[key].append(value)
        per_seat = [0, 0, 0, 0]  # cards each seat played: rates per play compare hands of 5 and 13 tricks
        for fact in hand.plays:
            per_seat[fact.seat] += 1
        for column, count in zip(_PLAYS_COLUMNS, per_seat):
            h[column].append(count)
        if not hand.plays:
            return
        p = self.columns["plays"]
        n = len(hand.plays)
        for key, value in (("file", label), ("game", game), ("event", event), ("hand", hand.number)):
            p[key].extend([value] * n)
        trick, seat, player, card, led, leader, followed, won = (
            p["trick"], p["seat"], p["player"], p["card"], p["led"], p["leader"], p["followed"], p["won"]
        )
        for fact in hand.plays:
            trick.append(fact.trick)
            seat.append(fact.seat.name)
            player.append(players[fact.seat])
            card.append(str(fact.card))
            led.append(fact.led.value)
            leader.append(fact.leader)
            followed.append(fact.followed)
            won.append(fact.won)

    def add_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        columns = self.columns[table]
        for row in rows:
            for key, values in columns.items():
                values.append(row[key])

    def frame(self, table: str) -> pl.DataFrame:
        return pl.DataFrame(self.columns[table], schema=SCHEMAS[table])

    def __len__(self) -> int:
        return self.hands


def empty(table: str) -> pl.DataFrame:
    return pl.DataFrame(schema=SCHEMAS[table])


# ------------------------------------------------------------------ storage
def _partition_dir(value: str | None) -> str:
    return "event=" + (HIVE_NULL if value is None else urllib.parse.quote(value, safe=""))


def write_frame(frame: pl.DataFrame, root: Path, table: str, part: str, partition_by_event: bool,
                table_format: str = "parquet") -> None:
    """Write rows of ``table`` as one part (one per event when partitioned), Parquet or CSV."""
    if frame.height == 0:
        return

    def write(rows: pl.DataFrame, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if table_format == "csv":
            from .csvtables import csv_frame

            csv_frame(rows).write_csv(folder / f"part-{part}.csv")
        else:
            rows.write_parquet(folder / f"part-{part}.parquet")

    if not partition_by_event:
        write(frame, root / table)
        return
    for (event,), rows in frame.group_by("event", maintain_order=True):
        write(rows.drop("event"), root / table / _partition_dir(event))  # type: ignore[arg-type]


def write_parts(batch: TableBatch, root: Path, part: str, partition_by_event: bool, table_format: str = "parquet") -> None:
    """Write a batch as one part per table (per event when partitioned)."""
    for table in TABLES:
        write_frame(batch.frame(table), root, table, part, partition_by_event, table_format)


def finish_tables(root: Path, partition_by_event: bool, table_format: str = "parquet") -> None:
    """Mark the folder as tables and give every empty table one empty part."""
    suffix = f".{table_format}"
    for table in TABLES:
        folder = root / table
        if folder.is_dir() and any(folder.rglob(f"*{suffix}")):
            continue
        frame = empty(table)
        if partition_by_event:
            folder = folder / _partition_dir(None)
            frame = frame.drop("event")
        folder.mkdir(parents=True, exist_ok=True)
        if table_format == "csv":
            from .csvtables import csv_frame

            csv_frame(frame).write_csv(folder / "part-empty.csv")
        else:
            frame.write_parquet(folder / "part-empty.parquet")
    marker = {"format": "euchre-audit tables", "version": 2, "partition_by": "event" if partition_by_event else None,
              "table_format": table_format, "tables": list(TABLES)}
    (root / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")


def scan_tables(root: Path) -> dict[str, pl.LazyFrame]:
    """Lazy frames over a tables folder (Parquet or CSV), with the documented column types."""
    try:
        marker = json.loads((root / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        marker = {}
    partitioned = marker.get("partition_by") == "event"
    csv = marker.get("table_format") == "csv"
    frames = {}
    for table in TABLES:
        folder = root / table
        if not folder.is_dir() or not any(folder.rglob("*.csv" if csv else "*.parquet")):
            frames[table] = empty(table).lazy()
            continue
        if csv:
            from .csvtables import scan_csv_table

            frames[table] = scan_csv_table(folder, SCHEMAS[table], partitioned)
            continue
        lf = pl.scan_parquet(
            str(folder / "**" / "*.parquet"),
            hive_partitioning=partitioned,
            hive_schema={"event": pl.String} if partitioned else None,
        )
        # cast to the documented types: a folder written before a finding code (or card, or outcome) was added
        # holds a narrower Enum, which polars will not mix with today's
        frames[table] = _before_players(table, lf).select(list(SCHEMAS[table])).cast(SCHEMAS[table])
    return frames


#: the players table's columns renamed to the views' words (docs/stats.md, "Renamed columns"): old name -> today's
RENAMED = {"players": {"calls_r1": "r1_calls", "made_r1": "r1_made", "calls_r2": "r2_calls", "made_r2": "r2_made",
                       "euchres": "euchres_for", "euchred": "euchres_against"}}


def _before_players(table: str, lf: pl.LazyFrame) -> pl.LazyFrame:
    """Tables written before the number of players was a rule (no ``seats`` column): every game four-handed; and
    before the players table's columns took the views' names."""
    have = set(lf.collect_schema().names())
    old = {a: b for a, b in RENAMED.get(table, {}).items() if a in have and b not in have}
    if old:
        lf = lf.rename(old)
    if table == "games" and "seats" not in have:
        return lf.with_columns(pl.lit("NESW").alias("seats"), pl.lit(True).alias("partnerships"))
    if table == "hands" and "seats" not in have:
        maker = pl.col("maker").cast(pl.String)
        ns = maker.is_in(["N", "S"])
        side = pl.when(maker.is_null()).then(None).when(ns).then(pl.lit("NS")).otherwise(pl.lit("EW")).cast(TEAM)
        net = (pl.col("points_ns") - pl.col("points_ew")).cast(pl.Int16)
        return lf.with_columns(pl.lit("NESW").alias("seats"), side.alias("maker_side"),
                               pl.when(maker.is_null()).then(None).when(ns).then(net).otherwise(-net).alias("maker_net"),
                               *(pl.lit(None, pl.Int8).alias(c) for c in _PLAYS_COLUMNS))  # not counted then
    return lf
