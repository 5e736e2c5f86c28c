"""Replay a hand whose record lost something under every reading of it; keep what holds in all.

A slip of the pen loses information: an unreadable line, a trick or a discard
not written, a missing ``up``.  The audit must not guess it back and then
accuse someone on the guess.  So a hand with such a gap is replayed once per
*reading*: one way of filling every gap that the rest of the record allows
(:mod:`.gaps`: each dealer; each card the up card can have been; each bidding;
each place a missing trick can have stood, with its cards worked out from the
deal when they can be).  A finding is kept only when every reading makes it,
at the same card and seat; the hand's points only when every reading scores it
alike (otherwise the score sheet's entry is taken, if it is one of the
possible scores).  The first reading is the most likely one, and its words are
used (but for the suits a joker can have offered, none likelier than another: the
words most readings use).

Missing tricks may have stood anywhere among the written ones, and every
place is read: the leaders of the written tricks say which place is the most
likely (a trick rebuilt from the deal whose winner leads the next written
one, leaving the fewest wrong leaders), but a wrong lead next to the missing
trick would make the right place look wrong, so no finding rests on where it
stood.  Only a record whose tricks are known to be the first ones (EGN, whose
deals stop where the recording stopped) has its missing tricks placed last.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from dataclasses import dataclass, field, replace

from ..cards import JOKER, Card, Seat
from ..findings import DISCARD_MISSING, JOKER_SUIT, PLAY_OUT_OF_TURN, TRICKS_MISSING, WRONG_LEADER, Category, Code, Finding
from ..model import HandRecord, LostLine, Pos
from ..rules.schema import Ruleset
from ..table import Table, table_of
from .absent import at_the_table
from .gaps import Reading, biddings, dealers, discards, joker_suit_open, joker_suits, misdeal_seats, placing_count, placings, renege_seats, replay, up_cards
from .hand import HandReplay
from ..results import HandResult
from .edits import Candidate, Dealing, doubt, second_slips
from .nearest import nearest
from .read_no_further import ANOTHER_DEAL, PAST_THE_BOUND, deal_of_another_hand, not_scored, too_garbled
from .readings_merge import merge
from .search_budget import SearchBudget
from .slips import BID, DEALER, DISCARD, EXCHANGES, MISDEAL, RENEGE, TRICK, UP, UpCandidates, effective_kind, with_lost_tricks

#: More readings than this (several gaps in one hand) and the hand is judged on nothing the gaps touch.
#: One slip needs at most a few dozen (each bidding: 32; each card the up card can have been: 19);
#: 256 cost hundreds of replays a hand on the fuzzer's damaged files (see docs/slips.md).
MAX_READINGS = 64

Expand = Callable[[HandRecord], list[HandRecord]]


@dataclass(slots=True)
class Plan:
    """What the record lost and the readings that fill it in."""

    kinds: list[tuple[LostLine, str | None]] = field(default_factory=list)
    up: UpCandidates | None = None
    up_absent: bool = False  # no `up` line at all (not an unreadable one)
    joker_suit: bool = False  # the joker can have been taken up, and the record does not show its suit (gaps.joker_suit_open)
    bid_absent: bool = False  # no `bid` line at all, yet cards are played
    discard_absent: bool = False  # the dealer took the up card and no `discard` line is written
    discard_found: Card | None = None  # the discard, worked out from the deal and the tricks
    missing: int = 0  # tricks neither written nor on an unreadable line
    partial_bidding: bool = False  # the bidding is not known in full: no bidding finding is made
    capped: bool = False
    readings: list[Reading] = field(default_factory=list)
    #: the hand as it was read: a statement naming a seat not at the table is one of its lost lines
    record: HandRecord | None = None


def needs_readings(record: HandRecord, literal: HandResult, tricks: int, rules: Ruleset, players: int) -> bool:
    """Whether the hand as written has a gap that a reading must fill (the usual answer: no)."""
    if record.lost:
        return True
    if record.up is JOKER and joker_suit_open(record, rules, players):  # (an identity test first: every hand asks)
        return True
    if literal.maker is not None:
        if literal.trump is None and literal.no_trump is None:  # trump is the up card's suit, and there is no up card
            return True
        if record.deal and 0 < len(record.tricks) < tricks and record.claim is None:
            return True  # a trick not written may have taken a dealt card the replay would still count as held
    if not literal.findings:
        return False
    return any(f.code is WRONG_LEADER or f.code is PLAY_OUT_OF_TURN or f.code is TRICKS_MISSING
               or f.code is DISCARD_MISSING for f in literal.findings) or (not record.calls and bool(record.tricks))


def make_plan(record: HandRecord, rules: Ruleset, game: int, deck: frozenset[Card], literal: HandResult,
              expected_dealer: Seat | None, table: Table | None = None, unjudged: frozenset[Pos] = frozenset(),
              guess: bool = True, most: int = MAX_READINGS) -> Plan | None:
    """The readings of a hand with a gap, or None when it has none after all (a real wrong lead).  ``unjudged``:
    plays a slip read as meant worked out (:mod:`.nearest`), never judged in any reading.  ``guess``: where
    there are too many readings (more than ``most``), the one to read the hand on (else none: the plan is only capped)."""
    table = table if table is not None else table_of(rules)
    plan = Plan(record=record)
    hand_size = table.tricks
    plan.kinds = [(lost, effective_kind(lost, record, hand_size)) for lost in record.lost]
    kinds = {kind for _, kind in plan.kinds}
    base, unknown = with_lost_tricks(record, [lost for lost, kind in plan.kinds if kind == TRICK])
    expansions: list[Expand] = []
    for lost, kind in plan.kinds:
        if kind == DEALER:
            expansions.append(lambda r: dealers(r, expected_dealer, table))
    if any(kind in EXCHANGES for _, kind in plan.kinds):
        # an exchange that cannot be read moved cards nobody knows: the holdings are read as if not dealt
        expansions.append(lambda r: [replace(r, deal=())])
    plan.bid_absent = not record.calls and bool(record.tricks) and BID not in kinds
    up_lost = next((lost for lost, kind in plan.kinds if kind == UP), None)
    plan.up_absent = record.up is None and up_lost is None and (
        (literal.maker is not None and literal.trump is None and literal.no_trump is None) or BID in kinds or plan.bid_absent)
    if up_lost is not None or plan.up_absent:
        at = up_lost.pos if up_lost is not None else record.pos

        def up(r: HandRecord, at: Pos = at) -> list[HandRecord]:
            shaped, plan.up = up_cards(r, deck, at, table.players)
            return shaped

        expansions.append(up)
    for lost, kind in plan.kinds:
        if kind == BID:
            plan.partial_bidding = True
            if not any(c.kind.value != "pass" for c in record.calls):  # the making call is not written
                expansions.append(lambda r, at=lost.pos: biddings(r, at, table))
    if plan.bid_absent:
        plan.partial_bidding = True
        expansions.append(lambda r: biddings(r, record.pos, table))
    plan.discard_absent = DISCARD not in kinds and any(f.code is DISCARD_MISSING for f in literal.findings)
    for lost, kind in plan.kinds:
        if kind == DISCARD:
            expansions.append(lambda r, at=lost.pos: _discard(r, at, plan, rules, deck))
    if record.discard is None and DISCARD not in kinds and (plan.discard_absent or plan.partial_bidding):
        expansions.append(lambda r: _discard(r, record.pos, plan, rules, deck))
    for lost, kind in plan.kinds:
        if kind == RENEGE:
            expansions.append(lambda r, at=lost.pos: renege_seats(r, at, table))
        elif kind == MISDEAL:
            expansions.append(lambda r, at=lost.pos: misdeal_seats(r, at, table))
    # last: whether a reading orders up a joker whose suit it does not show depends on its up card and bidding
    plan.joker_suit = joker_suit_open(record, rules, table.players)
    expansions.append(lambda r: joker_suits(r, rules, table.players))
    played = bool(base.tricks)
    plan.missing = max(0, hand_size - len(base.tricks)) if played and record.claim is None else 0  # claimed, not lost
    if not (record.lost or plan.up_absent or plan.missing or plan.bid_absent or plan.discard_absent
            or plan.joker_suit):
        return None
    shaped = [base]
    for expand in expansions:
        grown: list[HandRecord] = []
        for r in shaped:  # stopped as soon as there are too many: the rest would be thrown away
            grown.extend(expand(r))
            if len(grown) > most:
                plan.capped = True
                grown = grown[:1]
                break
        shaped = grown or shaped
    fixed_pos = unjudged
    in_order = record.tricks_in_order
    if sum(placing_count(r, plan.missing, in_order) for r in shaped) > most:
        # counted before any is replayed: a hand with too many gaps costs one replay, not hundreds
        plan.capped = True
        if not guess:
            return plan
        # read on its first: the likeliest place of the missing tricks in the first shape (a few at most to rank)
        plan.readings = placings(Reading(shaped[0], unknown, fixed_pos), plan.missing, rules, game, deck, in_order,
                                 limit=MAX_READINGS)[:1]
        return plan
    for r in shaped:
        plan.readings.extend(placings(Reading(r, unknown, fixed_pos), plan.missing, rules, game, deck, in_order))
    return plan


def _discard(record: HandRecord, at: Pos, plan: Plan, rules: Ruleset, deck: frozenset[Card]) -> list[HandRecord]:
    shaped, found = discards(record, at, rules, deck)
    plan.discard_found = plan.discard_found or found
    return shaped




#: what a hand read on a single guess (too many gaps to read every way) is not judged on
_GUESSED = {Category.DEAL, Category.BID, Category.DISCARD, Category.TURN, Category.RENEGE, Category.LEFT_BOWER, Category.SCORE}


@dataclass(slots=True)
class Replayed:
    """A hand as the audit rules it: its result, the hand replayed as written, the readings of its slips
    (:mod:`.nearest`: the likeliest first, several where they tie) and the plan of readings its gaps needed."""

    result: HandResult
    literal: HandResult
    record: HandRecord  # the hand as read: its slips put right, a seat not at the table read as a lost line
    plan: Plan | None = None
    slips: list[Candidate] = field(default_factory=list)
    #: the search for its slips ran past its budget: the hand is read no further, and no finding rests on it
    cut: bool = False

    @property
    def dealer_known(self) -> bool:
        """Whether the readings kept agree on who dealt (where they do not, no finding rests on the dealer)."""
        return not self.cut and (len(self.slips) <= 1 or len({cand.record.dealer for cand in self.slips}) == 1)


#: the most gap readings the search for slips replays in one hand (each reading it weighs with a gap costs
#: one replay per way of filling it): past them, the readings left are not weighed
MAX_SEARCH_READINGS = 2 * MAX_READINGS


class _Weigher:
    """How far each reading the search makes is from agreeing with itself (:func:`.edits.doubt`).  A reading
    with a gap is weighed on the way of filling it that agrees best: a gap is no slip, and the likeliest way of
    filling it costs nothing.  The hand as written is read every way once, for the search and the ruling."""

    def __init__(self, rules: Ruleset, game: int, deck: frozenset[Card], dealing: Dealing, table: Table,
                 budget: SearchBudget) -> None:
        self.rules, self.game, self.deck, self.dealing, self.table = rules, game, deck, dealing, table
        self.budget = budget
        self.spent = 0
        self.written: tuple[HandResult, Plan | None] | None = None
        self._likeliest: dict[int, tuple[Candidate, tuple[HandResult, ...]]] = {}
        self._read: dict[int, tuple[Candidate, Plan, list[HandResult]]] = {}

    def likeliest(self, cand: Candidate) -> tuple[HandResult, ...]:
        """The replays of the ways of filling the gaps of ``cand`` that agree best (it was weighed)."""
        kept = self._likeliest.get(id(cand))
        return kept[1] if kept is not None and kept[0] is cand else ()

    def read_every_way(self, cand: Candidate) -> tuple[Plan, list[HandResult]] | None:
        """The plan of ``cand``'s gaps and their replays, where the search read them every way (it was weighed)."""
        kept = self._read.get(id(cand))
        return kept[1:] if kept is not None and kept[0] is cand else None

    def gaps(self, record: HandRecord, single: HandResult, unjudged: frozenset[Pos],
             guess: bool = True, take: Callable[[int], bool] | None = None) -> tuple[Plan, list[HandResult]] | None:
        return _read_gaps(record, single, unjudged, self.rules, self.game, self.deck, self.dealing.expected, self.table,
                          guess, take, self.budget)

    def __call__(self, cand: Candidate) -> float | None:
        single = cand.result
        assert single is not None
        if not cand.edits:  # the hand as written: its ruling, if no edit reads it better
            short = self.budget.readings() < MAX_READINGS
            read = self.gaps(cand.record, single, cand.unjudged)
            self.written = (single, None) if read is None else (_ruled(read[0], read[1], single, self.table), read[0])
            if short and read is not None and read[0].capped:
                self.budget.stop()  # read on one guess for want of budget: no search, and the hand is read no further
        elif self.spent >= MAX_SEARCH_READINGS and needs_readings(cand.record, single, self.table.tricks, self.rules,
                                                                  self.table.players):
            return None
        else:  # (the search's readings count against its budget; the hand as written is read every way in any case)
            read = self.gaps(cand.record, single, cand.unjudged, guess=False, take=self.budget.take)
            if self.budget.cut:
                return None
        if read is None:
            return doubt(single.findings, cand.record, self.dealing)
        plan, results = read
        if plan.capped:
            return None  # read on one guess: nothing to weigh it on
        self.spent += len(results)
        if cand.edits:
            self._read[id(cand)] = (cand, plan, results)
        doubts = [doubt(_judged(r, plan), reading.record, self.dealing) for r, reading in zip(results, plan.readings)]
        least = min(doubts)
        self._likeliest[id(cand)] = (cand, tuple(r for r, d in zip(results, doubts) if d == least))
        return least


#: what the record around a hand says of who dealt it: the witnesses, or, where the dealer as written fits
#: every one of them (:meth:`.edits.Dealing.misfit` is 0), a way of asking for them
Witnesses = Dealing | Callable[[], Dealing]


def replay_hand(record: HandRecord, rules: Ruleset, game: int, deck: frozenset[Card],
                dealing: Witnesses = Dealing(), table: Table | None = None, budget: SearchBudget | None = None) -> Replayed:
    """The hand ruled: read as the nearest record that agrees with itself, and every way its gaps allow.
    ``budget``: the game's (:mod:`.search_budget`; by default, this hand's alone).

    A statement that names a seat not at the table is read as a lost line (D113).  Where ``dealing`` is a way
    of asking for the witnesses (the dealer fits them all), a hand whose replay finds nothing, lost nothing
    and has no gap to read is ruled as written without them: the search would find it clean at its first
    test, and the gaps would have nothing to read."""
    table = table if table is not None else table_of(rules)
    if len(table.seats) < 4:
        record = at_the_table(record, table)
    literal = HandReplay(record, rules, game, deck, table=table).run()
    budget = budget if budget is not None else SearchBudget()
    budget.start_hand()
    if not isinstance(dealing, Dealing):
        if not literal.findings and not record.lost and not needs_readings(record, literal, table.tricks, rules,
                                                                               table.players):
            return Replayed(literal, literal, record)  # the usual hand
        dealing = dealing()
    weigher = _Weigher(rules, game, deck, dealing, table, budget)
    slips = nearest(record, literal, rules, game, deck, table, dealing, weigher, budget)
    if budget.cut:
        return _read_no_further(record, literal, weigher, rules, game, deck, dealing, table)
    if slips is None:
        if weigher.written is not None:  # read every way already, to weigh it
            result, plan = weigher.written
        else:
            result, plan = _with_gaps(record, literal, frozenset(), rules, game, deck, dealing.expected, table, budget)
        if deal_of_another_hand(record, result):
            return _read_no_further(record, literal, weigher, rules, game, deck, dealing, table, ANOTHER_DEAL)
        return Replayed(result, literal, record, plan)
    ruled = []
    for cand in slips:
        if not cand.edits and weigher.written is not None:
            ruled.append(weigher.written)
            continue
        read = HandReplay(cand.record, rules, game, deck, unjudged=cand.unjudged, table=table).run()
        weighed = weigher.read_every_way(cand)
        if weighed is not None:  # (as the search read it: its ways are not replayed again)
            plan, results = weighed
            ruled.append((_ruled(plan, [copy(results[0]), *results[1:]], read, table), plan))
            continue
        ruled.append(_with_gaps(cand.record, read, cand.unjudged, rules, game, deck, dealing.expected, table))
    result = merge([r for r, _ in ruled]) if len(ruled) > 1 else ruled[0][0]
    result.findings = second_slips(result.findings, slips, record)
    if deal_of_another_hand(record, result):
        return _read_no_further(record, literal, weigher, rules, game, deck, dealing, table, ANOTHER_DEAL)
    # where the readings tie, the hand as written stands for what they disagree on (the dealer, when not written)
    read = slips[0].record if len(slips) == 1 else record
    if len(slips) > 1 and len(dealers := {cand.record.dealer for cand in slips}) == 1:
        read = replace(read, dealer=dealers.pop())
    return Replayed(result, literal, read, ruled[0][1], slips)


def _read_gaps(record: HandRecord, literal: HandResult, unjudged: frozenset[Pos], rules: Ruleset, game: int,
               deck: frozenset[Card], expected_dealer: Seat | None, table: Table,
               guess: bool = True, take: Callable[[int], bool] | None = None,
               budget: SearchBudget | None = None) -> tuple[Plan, list[HandResult]] | None:
    """The plan of a hand with a gap (a line lost, a line not written) and each of its readings replayed
    (``guess``: :func:`make_plan`'s; ``take``: asked for the replays first, none made where it refuses; else
    ``budget``: the game's, which they are counted in, read on one guess past it)."""
    if not needs_readings(record, literal, table.tricks, rules, table.players):
        return None
    most = MAX_READINGS if budget is None or take is not None else min(MAX_READINGS, budget.readings())
    plan = make_plan(record, rules, game, deck, literal, expected_dealer, table, unjudged, guess, most)
    if plan is None or (not plan.readings and not plan.capped):
        return None
    if take is not None and not take(len(plan.readings)):
        return None
    if take is None and budget is not None:
        budget.read(len(plan.readings))
    return plan, [replay(r, rules, game, deck).result for r in plan.readings]


def _not_judged(plan: Plan) -> tuple[set[Category], set[Code]]:
    """What a hand read every way is not judged on: the bidding where it is not known in full, everything the
    gaps touch where it is read on one guess; and the slips that are named on their own."""
    categories = {Category.BID} if plan.partial_bidding else set()
    if plan.capped:
        categories |= _GUESSED
    return categories, {TRICKS_MISSING} | ({DISCARD_MISSING} if plan.discard_absent else set())


def _judged(result: HandResult, plan: Plan) -> list[Finding]:
    categories, named = _not_judged(plan)
    return [f for f in result.findings if f.category not in categories and f.code not in named]


def _ruled(plan: Plan, results: list[HandResult], literal: HandResult, table: Table) -> HandResult:
    """What the readings of a hand agree on, as the ruling of it."""
    merged = merge(results, by_majority=plan.joker_suit)
    if plan.capped:  # read on one guess: nothing that rests on the gaps, and the points are the sheet's
        not_scored(merged, table)
    merged.findings = _judged(merged, plan)
    if plan.joker_suit:  # each reading names the joker's suit: what the record says of it is the record's own
        merged.findings.extend(f for f in literal.findings if f.code is JOKER_SUIT and f not in merged.findings)
    return merged


def _read_no_further(record: HandRecord, literal: HandResult, weigher: _Weigher, rules: Ruleset, game: int,
                     deck: frozenset[Card], dealing: Dealing, table: Table, why: str = PAST_THE_BOUND) -> Replayed:
    """A hand whose search for slips ran past its budget, or whose deal line the whole play contradicts
    (``why``): read as written (every way its gaps allow), it accuses nobody (what it finds may be the trace of a
    slip the search did not get to read), its points are the score sheet's, and a warning names it (S016) with
    what it would have found (:mod:`.read_no_further`)."""
    if weigher.written is not None:
        result, plan = weigher.written
    else:
        result, plan = _with_gaps(record, literal, frozenset(), rules, game, deck, dealing.expected, table, weigher.budget)
    return Replayed(too_garbled(result, record, game, table, why), literal, record, plan, cut=True)


def _with_gaps(record: HandRecord, literal: HandResult, unjudged: frozenset[Pos], rules: Ruleset, game: int,
               deck: frozenset[Card], expected_dealer: Seat | None, table: Table,
               budget: SearchBudget | None = None) -> tuple[HandResult, Plan | None]:
    """The hand replayed every way its gaps allow (a line lost, a line not written; on one guess past the
    game's ``budget``), and the plan of it."""
    read = _read_gaps(record, literal, unjudged, rules, game, deck, expected_dealer, table, budget=budget)
    if read is None:
        return literal, None
    plan, results = read
    return _ruled(plan, results, literal, table), plan
