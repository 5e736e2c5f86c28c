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
from ..model import Call, HandRecord, LostLine, Pos
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
    if any(not here[h.seat] for h in record.deal):
        for h in record.deal:
            if not here[h.seat]:
                lost.append(_lost(DEAL, h.pos, h.seat, "the deal", table))
        changes["deal"] = tuple(h for h in record.deal if here[h.seat])
    if any(not here[t.seat] for t in record.tableau):
        for t in record.tableau:
            if not here[t.seat]:
                lost.append(_lost(DEAL, t.pos, t.seat, "the tableau", table))
        changes["tableau"] = tuple(t for t in record.tableau if here[t.seat])
    if any(not here[c.seat] for c in record.calls):
        calls: list[Call] = []
        for c in record.calls:
            if here[c.seat]:
                calls.append(c)
            else:
                lost.append(_lost(BID, c.pos, c.seat, "a call", table))
        changes["calls"] = tuple(calls)
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
    if any(not here[r.seat] for r in record.reneges):
        for r in record.reneges:
            if not here[r.seat]:
                lost.append(_lost(RENEGE, r.pos, r.seat, "a renege", table))
        changes["reneges"] = tuple(r for r in record.reneges if here[r.seat])
    if any(not here[m.seat] for m in record.misdeals):
        for m in record.misdeals:
            if not here[m.seat]:
                lost.append(_lost("misdeal", m.pos, m.seat, "a misdeal", table))
        changes["misdeals"] = tuple(m for m in record.misdeals if here[m.seat])
    if any(not here[e.seat] for e in record.exchanges):
        for e in record.exchanges:
            if not here[e.seat]:
                lost.append(_lost(e.kind.value, e.pos, e.seat, "an exchange", table))
        changes["exchanges"] = tuple(e for e in record.exchanges if here[e.seat])
    if not lost:
        return record
    return replace(record, lost=(*record.lost, *sorted(lost, key=lambda lost: (lost.line, lost.pos.column))), **changes)
