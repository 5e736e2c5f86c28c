"""A slip written as meant, for a form that cannot hold it as written (EGN).

The audit reads a doubtful hand as the nearest record that agrees with itself
(docs/slips.md): a dealer's letter written for another, two trick lines or two
bids in the other order, a card written for another.  The notation and the
JSON form hold such a slip as written, and their audit reads it again.  EGN
cannot: its dealer and its calls go by position, its cards are seated by the
rules and its tricks are in order, so the slip written as it stands would be
audited as an offence.  Such a hand goes to EGN as the audit read it: each
mend is a warning naming the hand, the line and what is written and read, and
a note in the hand (an EGN annotation, read back as a comment) says the same.

Where the readings tie (nothing in the record shows which was meant), no
record is the meant one: the hand is written as written and the warning names
the slip and each reading; if EGN's audit then rules otherwise, the
conversion is refused with that warning (``--lossy`` writes it all the same).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .model import Comment, GameRecord, HandRecord
from .replay.as_read import HandRead, Mend, hands_read
from .rules.schema import Ruleset


def _said(mend: Mend) -> str:
    return f"{mend.message} ({mend.code}, line {mend.pos.line})"


def _note(mend: Mend, at: HandRecord) -> Comment:
    """The note a hand written as meant carries: the slip's words, where the source wrote it."""
    anchor = f"trick{mend.trick}" if mend.trick is not None else "hand"
    return Comment(f"# read as meant: {mend.message} ({mend.code}, line {mend.pos.line} of the source)", anchor, False, at.pos)


def _hand(read: HandRead, where: str, name: str, warn: Callable[[str], None]) -> HandRecord:
    """The hand ``read`` as ``name`` receives it, each mend (or each reading, where they tie) told to ``warn``."""
    meant = read.meant
    if meant is None:
        ways = "; or ".join(" and ".join(_said(m) for m in r.mends) or "the hand as written" for r in read.readings)
        warn(f"{where}: {name} cannot hold this slip as written, and the record does not show which of "
             f"{len(read.readings)} readings was meant: {ways}; the hand is written as written")
        return read.written
    for mend in meant.mends:
        warn(f"{where}: {name} cannot hold this slip as written; the hand is written as read: {_said(mend)}")
    record = meant.record
    return replace(record, comments=(*record.comments, *(_note(m, record) for m in meant.mends)))


def as_meant(games: Sequence[GameRecord], rules_of: Callable[[GameRecord], Ruleset], name: str,
             warn: Callable[[str], None]) -> list[GameRecord]:
    """``games`` with each hand the audit reads through a slip as the audit reads it (``name``: the form)."""
    out = []
    for game in games:
        read = {id(h.written): h for h in hands_read(game, rules_of(game))}
        if not read:
            out.append(game)
            continue
        hands = [_hand(read[id(hand)], f"game {game.index}, hand {hand.number}", name, warn) if id(hand) in read else hand
                 for hand in game.hands]
        out.append(replace(game, hands=hands))
    return out


__all__ = ["as_meant"]
