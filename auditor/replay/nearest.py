"""Read a doubtful hand as the nearest record that agrees with itself.

A hand whose replay shows what a slip of the pen leaves behind (a bid or a lead
out of turn, a card played twice, a dealer the rotation does not expect) is
read again a few edits away from what is written (:mod:`.edit_shapes`: the
dealer's letter, two trick lines or two bids in the other order, a card or a
seat letter written for another).  Each reading costs its edits
(:data:`.edits.COST`) and what its replay still finds wrong
(:func:`.edits.doubt`); the cheapest wins, and only when it is cheaper than the
hand as written: an edit costs more than one offence, so a real offence is
never read away as a slip.  Up to :data:`MAX_EDITS` edits are made in one hand
(two slips).  Where several readings are as cheap, each is kept:
:mod:`.readings` replays them all, and what they disagree on is not a ruling.

A hand whose replay finds nothing wrong, nearly every hand, costs one test.
"""

from __future__ import annotations

from ..cards import JOKER, Card, Seat
from ..findings import DISCARD_MISSING, TRICKS_MISSING, Category
from ..model import HandRecord
from ..rules.schema import Ruleset
from ..table import Table
from .edit_shapes import PROPOSALS, Evidence, dealer_lost
from .edits import Candidate, Shape, doubt
from .gaps import joker_suit_open
from .slips import DEALER
from .hand import HandReplay
from ..results import HandResult

#: the most edits read into one hand (two slips in one hand are read; three are left as written)
MAX_EDITS = 2
#: the most readings kept as alike (each is replayed in full, with the gaps of the hand read every way)
MAX_TIES = 8
#: the most readings the search replays in one hand (the usual slip needs a few; a hand of thirteen tricks,
#: or a damaged one with a fault on every line, is read no further: it costs a few dozen replays at most)
MAX_PROPOSALS = 48
#: the readings of the first round that a second edit is tried on
MAX_FRONTIER = 2
_ILLEGAL = (Category.RENEGE, Category.LEFT_BOWER)


def _key(record: HandRecord) -> tuple[object, ...]:
    return (record.dealer, record.calls, record.tricks, len(record.lost))


def _replayed(cand: Candidate, rules: Ruleset, game: int, deck: frozenset[Card], table: Table) -> HandResult:
    """The candidate replayed up to the last trick: its findings are what the search weighs (the scoring and
    the analysis of an offence's gain come later, for the reading chosen)."""
    replay = HandReplay(cand.record, rules, game, deck, unjudged=cand.unjudged, table=table)
    replay.prepare()
    replay.play_tricks()
    return replay.result


def _offences(result: HandResult) -> set[Seat | None]:
    """Who played a card illegally."""
    return {f.seat for f in result.findings if f.category in _ILLEGAL}


def _new_offences(replayed: HandResult, written: HandResult) -> bool:
    return not _offences(replayed) <= _offences(written)


def _gapped(record: HandRecord, literal: HandResult, table: Table) -> bool:
    """Whether the hand lost a line or left one out (its readings fill it in, :mod:`.readings`)."""
    if any(lost.kind != DEALER for lost in record.lost) or (record.tricks and not record.calls):
        return True
    if literal.maker is not None and literal.trump is None and literal.no_trump is None:
        return True  # ordered up, and no up card
    if any(f.code is DISCARD_MISSING or f.code is TRICKS_MISSING for f in literal.findings):
        return True
    return bool(record.deal) and 0 < len(record.tricks) < table.tricks and record.claim is None


def nearest(record: HandRecord, literal: HandResult, rules: Ruleset, game: int, deck: frozenset[Card], table: Table,
            expected_dealer: Seat | None) -> list[Candidate] | None:
    """The readings of ``record`` that its edits make cheapest, or None when the hand as written is as cheap."""
    lost = dealer_lost(record) is not None
    if not lost and not literal.findings and (expected_dealer is None or record.dealer is expected_dealer):
        return None
    if record.up is JOKER and joker_suit_open(record, rules, table.players):
        return None  # trump is not known as written: the readings of each suit judge the hand, not its findings
    evidence = Evidence(table, expected_dealer, _gapped(record, literal, table))
    start = Candidate(record, result=literal)
    best: list[tuple[float, Candidate]] = [] if lost else [(float(doubt(literal, record, expected_dealer)), start)]
    frontier = [start]
    seen = {_key(record)}
    replays = 0
    for _ in range(MAX_EDITS):
        grown: list[tuple[float, Candidate]] = []
        for cand in frontier:
            result = cand.result if cand.result is not None else literal
            for propose in PROPOSALS:
                for made in propose(cand, result, evidence):
                    key = _key(made.record)
                    if key in seen or replays >= MAX_PROPOSALS:
                        continue
                    seen.add(key)
                    replays += 1
                    replayed = _replayed(made, rules, game, deck, table)
                    if made.edits[-1].shape is Shape.LINES_SWAPPED and _new_offences(replayed, result):
                        continue  # an order that makes a player offend who did not: the lines are as written
                    made = Candidate(made.record, made.edits, made.unjudged, made.cost, replayed)
                    grown.append((made.cost + doubt(replayed, made.record, expected_dealer), made))
        if not grown:
            break
        low = min(total for total, _ in grown)
        if best and low >= best[0][0]:
            break  # no further edit makes the hand agree better: fewer edits are likelier
        best = [(total, cand) for total, cand in grown if total == low][:MAX_TIES]
        if low == 0:
            break
        frontier = [cand for _, cand in best][:MAX_FRONTIER]
    if not best or best[0][1] is start:
        return None
    return [cand for _, cand in best]
