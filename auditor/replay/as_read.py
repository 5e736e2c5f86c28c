"""Each hand of a game that the audit reads as meant: the record so read, and the slips it mends.

The audit reads a doubtful hand as the nearest record that agrees with itself
(:mod:`.nearest`): a dealer's letter written for another, two trick lines or
two bids in the other order, a card written for another; and a hand without
its ``up`` line shows its up card when the dealer played or discarded a card
not dealt to the dealer (:mod:`.readings`); a deal line cut short or with one
card too many is read as the replay of the reading read it (``deal_read``:
the card too many left out first, then the line cut short filled).  A form that cannot hold such a
slip as written (EGN seats the calls and the cards by the rules, and keeps
the tricks in order) can still hold the hand as the audit read it: this is
what a converter asks for, without knowing how the search works.

:func:`hands_read` replays a game as the audit does and gives, for each hand
read through a slip, every reading the search kept: one where the record
shows what was meant, several where the readings tie (and what they disagree
on is not a ruling).  The hand numbers stay as written: a number out of step
is a slip of the game's numbering, which the forms hold as written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..findings import DEAL_LINE_CARD_TOO_MANY, DEAL_LINE_CUT_SHORT, UP_CARD_MISSING
from ..model import GameRecord, HandRecord, Pos
from ..results import HandResult
from ..rules.schema import Ruleset
from .edits import Candidate
from .game import GameReplay
from .hand import HandReplay
from .readings import Replayed


@dataclass(frozen=True, slots=True)
class Mend:
    """One slip read as meant: its code, where it is written, and the finding's words (what is written,
    what was most likely meant)."""

    code: str
    pos: Pos
    message: str
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class SlipReading:
    """One reading of a hand: the record as so read, and the slips it mends."""

    record: HandRecord
    mends: tuple[Mend, ...]


@dataclass(frozen=True, slots=True)
class HandRead:
    """A hand the audit read through a slip: ``written`` is the game's own record of it (the same object),
    ``readings`` the readings the audit kept, the likeliest first."""

    written: HandRecord
    readings: tuple[SlipReading, ...]

    @property
    def meant(self) -> SlipReading | None:
        """The one reading of the hand, or None where several are as likely."""
        return self.readings[0] if len(self.readings) == 1 else None


def _reading(candidate: Candidate, written: HandRecord) -> SlipReading:
    mends = tuple(Mend(e.code.code, e.pos, e.message, e.trick) for e in candidate.edits)
    return SlipReading(replace(candidate.record, number=written.number), mends)


class _Reader(GameReplay):
    """The game's replay, keeping each hand read through a slip."""

    def __init__(self, record: GameRecord, rules: Ruleset) -> None:
        super().__init__(record, rules)
        self.read: list[HandRead] = []

    def hand_read(self, written: HandRecord, ruled: Replayed) -> None:
        if ruled.slips:
            readings = tuple(_deal_as_read(_reading(c, written), c.result or self._deal_replayed(c.record))
                             for c in ruled.slips)
        elif (up := _up_read(written, ruled)) is not None:
            readings = (_deal_as_read(up, self._deal_replayed(up.record)),)
        else:
            readings = (_deal_as_read(SlipReading(written, ()), ruled.literal),)
        if any(r.mends for r in readings):
            self.read.append(HandRead(written, readings))

    def _deal_replayed(self, record: HandRecord) -> HandResult:
        """The deal of a reading no replay of the audit's kept (its up card read from the rest of the record)
        read by the replay: its deal lines alone."""
        replay = HandReplay(record, self.rules, self.record.index, self.deck, table=self.table)
        replay.verify_deal()
        return replay.result


def _up_read(written: HandRecord, ruled: Replayed) -> SlipReading | None:
    """A hand without its ``up`` line whose up card the rest of the record shows (the one card the dealer took
    that was not dealt to the dealer): the hand with that up card."""
    plan = ruled.plan
    if plan is None or plan.capped or not plan.up_absent or plan.up is None or len(plan.up.cards) != 1:
        return None
    card = plan.up.cards[0]
    mend = Mend(UP_CARD_MISSING.code, written.pos, f"hand {written.number} has no 'up' line; {plan.up.how}")
    return SlipReading(replace(written, up=card), (mend,))


def _deal_as_read(reading: SlipReading, replayed: HandResult) -> SlipReading:
    """The reading with its deal as the replay of it read the deal (``replayed.deal_read``): a line of one card too
    many without the card the record shows to be a slip (S019), a line cut short with the cards the seat played
    that fill it (S018), each named in the replay's own words.  A line cut short that no card played fills is
    left as written: read again, it is the same line cut short."""
    dealt = replayed.deal_read
    if dealt is None:
        return reading
    grown = {h.pos for h, d in zip(replayed.deal, dealt.holdings) if len(d.cards) > len(h.cards)}
    mends = tuple(Mend(f.code.code, f.pos, f.message) for f in replayed.findings
                  if f.code is DEAL_LINE_CARD_TOO_MANY or (f.code is DEAL_LINE_CUT_SHORT and f.pos in grown))
    if not mends:
        return reading
    return SlipReading(replace(reading.record, deal=dealt.holdings), (*reading.mends, *mends))


def hands_read(game: GameRecord, rules: Ruleset) -> list[HandRead]:
    """The hands of ``game`` that the audit under ``rules`` reads through a slip, in the game's order."""
    reader = _Reader(game, rules)
    reader.run()
    return reader.read


__all__ = ["HandRead", "Mend", "SlipReading", "hands_read"]
