"""Statements that name a seat nobody sits at (``S`` in a three-handed game of N, E and W).

A seat letter the table does not have is a slip of the pen, and which seat was
meant is not known: each such statement is read as a lost line of its kind
(finding D113 in place of S001), so that the readings engine (:mod:`.readings`)
reads around it exactly as it reads around a line it could not parse, and no
ruling rests on it.  A four-player table has every seat: nothing to do.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Seat
from ..model import HandRecord, LostLine, Pos
from ..table import Table
from .slips import BID, DEAL, RENEGE, TRICK

SEAT_NOT_AT_TABLE = "D113"


def _lost(kind: str, pos: Pos, seat: Seat, what: str, table: Table) -> LostLine:
    message = (f"{what} names {seat}, who is not at this table (the seats in play are {table.seats_text()}: "
               f"{table.described()}); the line is read as lost")
    return LostLine(kind, pos, pos.line, message, (), SEAT_NOT_AT_TABLE)


def at_the_table(record: HandRecord, table: Table) -> HandRecord:
    """``record`` with each statement that names a seat not at the table moved to its lost lines."""
    here = table.in_play
    lost: list[LostLine] = []
    changes: dict[str, object] = {}
    if not here[record.dealer]:
        lost.append(_lost("dealer", record.pos, record.dealer, f"hand {record.number}", table))
        changes["dealer"] = table.seats[0]  # a placeholder: the readings read every dealer

    def keep_present(name: str, kind: str, what: str) -> None:
        """The statements of field ``name`` by seats at the table; each by a seat not there is a lost line."""
        items = getattr(record, name)
        if all(here[item.seat] for item in items):
            return
        for item in items:
            if not here[item.seat]:
                lost.append(_lost(kind, item.pos, item.seat, what, table))
        changes[name] = tuple(item for item in items if here[item.seat])

    keep_present("deal", DEAL, "the deal")
    keep_present("tableau", DEAL, "the tableau")
    keep_present("calls", BID, "a call")
    defense = record.lone_defense
    if defense is not None and not here[defense.seat]:
        lost.append(_lost(BID, defense.pos, defense.seat, "a call", table))
        changes["lone_defense"] = None
    if any(p.seat is not None and not here[p.seat] for t in record.tricks for p in t.plays):
        kept = []
        for t in record.tricks:
            absent = next((p.seat for p in t.plays if p.seat is not None and not here[p.seat]), None)
            if absent is None:
                kept.append(t)
            else:
                lost.append(_lost(TRICK, t.pos, absent, "a trick", table))
        changes["tricks"] = tuple(kept)
    keep_present("reneges", RENEGE, "a renege")
    keep_present("misdeals", "misdeal", "a misdeal")
    if any(not here[e.seat] for e in record.exchanges):
        for e in record.exchanges:
            if not here[e.seat]:
                lost.append(_lost(e.kind.value, e.pos, e.seat, "an exchange", table))
        changes["exchanges"] = tuple(e for e in record.exchanges if here[e.seat])
    if not lost:
        return record
    return replace(record, lost=(*record.lost, *sorted(lost, key=lambda lost: (lost.line, lost.pos.column))), **changes)
