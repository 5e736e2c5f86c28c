"""Read a doubtful hand as the nearest record that agrees with itself.

A hand whose replay shows what a slip of the pen leaves behind (a bid or a lead
out of turn, a card played twice, a dealer the rotation does not expect) is
read again a few edits away from what is written (:mod:`.edit_shapes`: the
dealer's letter, two trick lines or two bids in the other order, a card or a
seat letter written for another).  Each reading costs its edits
(:data:`.edits.COST`) and what its replay still finds wrong (:func:`.edits.doubt`;
a reading with a gap, a line lost or not written, is weighed by ``weigh`` on the
likeliest way of filling it); the cheapest wins, and only when it is cheaper than
the hand as written: an edit costs more than one offence, so a real offence is
never read away as a slip.  Up to :data:`MAX_EDITS` edits are made in one hand
(two slips), the second also after a first that alone explains too little
(two slips in one hand can each leave the other's trace).  Where several
readings are as cheap, the hand as written among them, each is kept:
:mod:`.readings` replays them all, and what they disagree on is not a ruling.

A hand whose replay finds nothing wrong, nearly every hand, costs one test.
Every replay the search makes is counted against the game's :class:`.search_budget.SearchBudget`:
where it runs out, the search stops, and the hand is read no further.
"""

from __future__ import annotations

from typing import Protocol

from ..cards import JOKER, Card, Seat
from ..findings import NOT_FOLLOWED
from ..model import HandRecord
from ..rules.schema import Ruleset
from ..table import Table
from .edit_shapes import PROPOSALS, dealer_lost
from .edits import LEAST_EDIT, Candidate, Dealing, Evidence, Shape
from .gaps import joker_suit_open
from .hand import HandReplay
from ..results import HandResult
from .search_budget import SearchBudget

#: the most edits read into one hand (two slips in one hand are read; three are left as written)
MAX_EDITS = 2
#: the most readings kept as alike (each is replayed in full, with the gaps of the hand read every way)
MAX_TIES = 8
#: the most readings the search replays in one hand (the usual slip needs a few; a hand of thirteen tricks,
#: or a damaged one with a fault on every line, is read no further: it costs a few dozen replays at most)
MAX_PROPOSALS = 48
#: the readings of the first round that a second edit is tried on (the cheapest, each as long as a second
#: edit can still bring it under the best)
MAX_FRONTIER = 3
#: the group of the edits that write one card for another (edit_shapes.card_written): the only ones left undecided
_CARD_GROUP = ("card",)

class Weigh(Protocol):
    """How far a reading is from agreeing with itself (its gaps filled the likeliest way), or None where it
    cannot be told within the search's bound (too many ways to fill its gaps)."""

    def __call__(self, cand: Candidate) -> float | None: ...

    def likeliest(self, cand: Candidate) -> tuple[HandResult, ...]:
        """The replays of the ways of filling the gaps of ``cand`` (weighed already) that agree best; none
        where it has no gap, or too many to read every way."""
        ...


def _key(record: HandRecord) -> tuple[object, ...]:
    return (record.dealer, record.calls, record.tricks, len(record.lost), tuple(line.slot for line in record.lost))


def _replayed(cand: Candidate, rules: Ruleset, game: int, deck: frozenset[Card], table: Table) -> HandResult:
    """The candidate replayed up to the last trick: its findings are what the search weighs, its plays what a
    second edit starts from (the scoring and the analysis of an offence's gain come later, for the reading
    chosen)."""
    replay = HandReplay(cand.record, rules, game, deck, unjudged=cand.unjudged, table=table)
    replay.prepare()
    replay.result.plays = tuple(replay.play_tricks())
    return replay.result


def _offences(result: HandResult) -> set[Seat | None]:
    """Who played a card illegally."""
    return {f.seat for f in result.findings if f.category in NOT_FOLLOWED}


def _new_offences(replayed: list[HandResult], written: list[HandResult]) -> bool:
    return not set().union(*map(_offences, replayed)) <= set().union(*map(_offences, written))


def _trump_lost(result: HandResult, record: HandRecord) -> bool:
    """Whether the replay as written cannot tell trump (made, with no up card to take its suit from; or the
    bidding not written, with cards played)."""
    return result.trump is None and result.no_trump is None and (
        result.maker is not None or any(trick.plays for trick in record.tricks))


def _evidence(cand: Candidate, result: HandResult, weigh: Weigh) -> list[HandResult]:
    """The replays the edits of ``cand`` are looked for in: its own, or, where it cannot tell trump (the up
    card lost), those of the likeliest ways of filling the gap: without trump no trick has a winner, and
    neither a wrong lead nor a card not followed shows what it would."""
    if _trump_lost(result, cand.record):
        return list(weigh.likeliest(cand)) or [result]
    return [result]


def _alike(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


def nearest(record: HandRecord, literal: HandResult, rules: Ruleset, game: int, deck: frozenset[Card], table: Table,
            dealing: Dealing, weigh: Weigh, budget: SearchBudget | None = None) -> list[Candidate] | None:
    """The readings of ``record`` that its edits make cheapest (the hand as written first where it is one of
    them), or None when the hand as written is cheaper than any, or when the search ran past ``budget``
    (``budget.cut`` says so: the hand is read no further)."""
    budget = budget if budget is not None else SearchBudget()
    lost = dealer_lost(record) is not None
    if not lost and not literal.findings and not dealing.misfit(record):
        return None
    if record.up is JOKER and joker_suit_open(record, rules, table.players):
        return None  # trump is not known as written: the readings of each suit judge the hand, not its findings
    start = Candidate(record, result=literal)
    best: list[tuple[float, Candidate]] = []
    if not lost:
        written = weigh(start)
        if written is None:
            return None  # too many gaps to read every way: the hand is read on one guess, and no slip on it
        best = [(written, start)]
    frontier = [start]
    seen = {_key(record)}
    replays = 0
    made_all: list[tuple[float, Candidate]] = []
    for depth in range(MAX_EDITS):
        grown: list[tuple[float, Candidate]] = []
        #: the readings that are at most as likely as the best other: an account as good as another, never better
        only_alike: list[tuple[float, Candidate]] = []
        for cand in frontier:
            result = cand.result if cand.result is not None else literal
            evidence = _evidence(cand, result, weigh)
            for propose in PROPOSALS:
                for made in (m for seen_in in evidence for m in propose(cand, seen_in, Evidence(table, dealing))):
                    key = _key(made.record)
                    if key in seen or replays >= MAX_PROPOSALS:
                        continue
                    seen.add(key)
                    if not budget.take(1):
                        return None
                    replays += 1
                    replayed = _replayed(made, rules, game, deck, table)
                    swapped = made.edits[-1].shape is Shape.LINES_SWAPPED
                    alike_only = made.edits[-1].only_alike
                    if swapped and not _trump_lost(result, cand.record) and _new_offences([replayed], [result]):
                        if not made.edits[-1].leads_right:
                            continue  # an order that makes a player offend who did not: the lines are as written
                        # every lead right in that order, and an offence the lines as written hide: the two
                        # accounts are as likely (what they disagree on is not a ruling), never the order alone
                        alike_only = True
                        made = made.then_in_doubt()
                    made = Candidate(made.record, made.edits, made.unjudged, made.cost, replayed)
                    if best and made.cost > best[0][0] + 1e-9 and made.edits[-1].group[:1] != _CARD_GROUP:
                        # dearer than the best reading already, whatever its replay finds: it can be neither
                        # chosen nor grown, so its gaps are not read (each way of filling them a replay).  A
                        # card written for another is weighed still: it may be the alternative of a card the
                        # readings leave undecided (:func:`_undecided`), whatever its own cost
                        continue
                    weight = weigh(made)
                    if budget.cut:  # (its gaps were not read: the weigher asks the budget too)
                        return None
                    if swapped and _trump_lost(result, cand.record) and _new_offences(_evidence(made, replayed, weigh), evidence):
                        if not made.edits[-1].leads_right:
                            continue  # (trump told by the gap's likeliest fillings, on both sides)
                        alike_only = True
                        made = made.then_in_doubt()
                        weight = weigh(made)  # (weighed as itself: the search's readings are known by their object)
                        if budget.cut:
                            return None
                    if weight is not None:
                        (only_alike if alike_only else grown).append((made.cost + weight, made))
        if not grown:
            best += _as_likely(best, only_alike)
            break
        made_all += grown
        grown.sort(key=lambda tc: tc[0])
        low = grown[0][0]
        if not best or low < best[0][0] - 1e-9:
            best = [(total, cand) for total, cand in grown if _alike(total, low)][:MAX_TIES]
        elif depth == 0 and _alike(low, best[0][0]):  # as cheap as the hand as written: nothing tells them apart
            best += [(total, cand) for total, cand in grown if _alike(total, low)][:MAX_TIES - 1]
        best += _as_likely(best, only_alike)
        if _alike(best[0][0], 0):
            break
        bound = best[0][0] - 1e-9
        # a second edit from the cheapest first ones, even where the first alone explains too little
        frontier = [cand for _, cand in grown if cand.cost + LEAST_EDIT < bound][:MAX_FRONTIER]
    if not best or (best[0][1] is start and len(best) == 1):
        return None
    return [cand for _, cand in _undecided(best, made_all)]


def _as_likely(best: list[tuple[float, Candidate]], only_alike: list[tuple[float, Candidate]]) -> list[tuple[float, Candidate]]:
    """The readings that can only be as likely as the best (an order of the trick lines that reads an offence
    away, or shows one the lines as written hide) and are no dearer: kept beside it, at its cost."""
    if not best:
        return []
    low = best[0][0]
    return [(low, cand) for total, cand in sorted(only_alike, key=lambda tc: tc[0]) if total <= low + 1e-9][:MAX_TIES - len(best)]


def _undecided(best: list[tuple[float, Candidate]], made: list[tuple[float, Candidate]]) -> list[tuple[float, Candidate]]:
    """The readings kept, each with the alternatives its last edit leaves as likely whatever their replays
    find (a card that a gap accounts for as well): what they disagree on is not a ruling."""
    out = list(best)
    for _, cand in best:
        last = cand.edits[-1] if cand.edits else None
        if last is None or not last.undecided:
            continue
        out += [(total, other) for total, other in made if other.edits[:-1] == cand.edits[:-1]
                and other.edits[-1].group == last.group and all(o is not other for _, o in out)]
    return out[:MAX_TIES]
