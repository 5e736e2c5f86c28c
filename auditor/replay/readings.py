"""Replay a hand whose record lost something under every reading of it; keep what holds in all.

A slip of the pen loses information: an unreadable line, a trick not written,
a missing ``up``.  The audit must not guess it back and then accuse someone
on the guess.  So a hand with such a gap is replayed once per *reading*: one
way of filling every gap that the rest of the record allows (each dealer; each
card the up card can have been; each place a missing trick can stand, with its
cards worked out from the deal when they can be).  A finding is kept only when
every reading makes it, at the same card and seat; the hand's points only
when every reading scores it alike (otherwise the score sheet's entry is
taken, if it is one of the possible scores).  The first reading is the most
likely one, and its words are used.

One trick that is missing may have stood anywhere among the written ones,
and every place is read: the leaders of the written tricks say which place
is the most likely (a trick rebuilt from the deal whose winner leads the next
written one, leaving the fewest wrong leaders), and that reading's words are
used, but a wrong lead next to the missing trick would make the right place
look wrong, so no finding rests on where it stood.  Two or more missing tricks are taken to be the last
ones: the trick lines are the tricks in order (docs/notation.md), and a
record that stops early is the usual case.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import product

from ..cards import SEATS, SUITS, Card, Seat
from ..findings import PLAY_OUT_OF_TURN, TRICKS_MISSING, WRONG_LEADER, Category, Finding
from ..model import Call, CallKind, HandRecord, LostLine, Pos, RenegeCall
from ..rules.schema import Ruleset
from .hand import HandReplay
from .results import HandResult, Outcome
from .slips import (
    BID, DEALER, DISCARD, RENEGE, TRICK, UP,
    Rebuilt, SeatFix, UpCandidates,
    apply_seat_fixes, effective_kind, insert_unknown, leader_of, rebuild, seats_written_twice,
    up_candidates, with_lost_tricks,
)

#: More readings than this (several gaps in one hand) and the hand is judged on nothing the gaps touch.
MAX_READINGS = 256

Change = Callable[[HandRecord], HandRecord]


@dataclass(frozen=True, slots=True)
class Reading:
    record: HandRecord
    unknown: frozenset[int] = frozenset()  # tricks (from 1) whose cards are not known
    unjudged: frozenset[Pos] = frozenset()  # plays worked out, not written
    rebuilt: Rebuilt | None = None


@dataclass(slots=True)
class Plan:
    """What the record lost and the readings that fill it in."""

    kinds: list[tuple[LostLine, str | None]] = field(default_factory=list)
    fixes: list[SeatFix] = field(default_factory=list)
    up: UpCandidates | None = None
    up_absent: bool = False  # no `up` line at all (not an unreadable one)
    missing: int = 0  # tricks neither written nor on an unreadable line
    partial_bidding: bool = False  # a bid line is lost: no bidding finding is made
    capped: bool = False
    readings: list[Reading] = field(default_factory=list)


def needs_readings(record: HandRecord, literal: HandResult, hand_size: int) -> bool:
    """Whether the hand as written has a gap that a reading must fill (the usual answer: no)."""
    if record.lost:
        return True
    if literal.maker is not None:
        if literal.trump is None:  # trump is the up card's suit, and there is no up card
            return True
        if record.deal and 0 < len(record.tricks) < hand_size:
            return True  # a trick not written may have taken a dealt card the replay would still count as held
    if not literal.findings:
        return False
    return any(f.code is WRONG_LEADER or f.code is PLAY_OUT_OF_TURN or f.code is TRICKS_MISSING for f in literal.findings)


def _replay(reading: Reading, rules: Ruleset, game: int, deck: frozenset[Card]) -> HandReplay:
    replay = HandReplay(reading.record, rules, game, deck, unknown=reading.unknown, unjudged=reading.unjudged)
    replay.run()
    return replay


def make_plan(record: HandRecord, rules: Ruleset, game: int, deck: frozenset[Card], literal: HandResult,
              expected_dealer: Seat | None) -> Plan | None:
    """The readings of a hand with a gap, or None when it has none after all (a real wrong lead)."""
    plan = Plan()
    hand_size = rules.deck.hand_size
    plan.kinds = [(lost, effective_kind(lost, record, hand_size)) for lost in record.lost]
    base, unjudged = record, frozenset[Pos]()
    if any(f.code is PLAY_OUT_OF_TURN for f in literal.findings):
        plan.fixes = seats_written_twice(record)
        if plan.fixes:
            base = apply_seat_fixes(base, plan.fixes)
            unjudged = frozenset(fix.pos for fix in plan.fixes)
    base, unknown = with_lost_tricks(base, [lost.line for lost, kind in plan.kinds if kind == TRICK])
    gaps: list[list[Change]] = []
    for lost, kind in plan.kinds:
        gaps.append(_alternatives(kind, lost, base, deck, expected_dealer, plan))
    if record.up is None and UP not in {kind for _, kind in plan.kinds} and literal.maker is not None and literal.trump is None:
        plan.up_absent = True
        gaps.append(_alternatives(UP, None, base, deck, expected_dealer, plan))
    gaps = [g for g in gaps if g]
    played = bool(base.tricks)
    plan.missing = max(0, hand_size - len(base.tricks)) if played else 0
    if not (record.lost or plan.fixes or plan.up_absent or plan.missing):
        return None
    count = 1
    for gap in gaps:
        count *= len(gap)
    if count > MAX_READINGS:
        plan.capped = True
        gaps = [gap[:1] for gap in gaps]
    for changes in product(*gaps):
        shaped = base
        for change in changes:
            shaped = change(shaped)
        plan.readings.extend(_placings(Reading(shaped, unknown, unjudged), plan.missing, rules, game, deck))
        if len(plan.readings) > MAX_READINGS:
            plan.capped = True
            plan.readings = plan.readings[:MAX_READINGS]
            break
    return plan


def _alternatives(kind: str | None, lost: LostLine | None, base: HandRecord, deck: frozenset[Card],
                  expected_dealer: Seat | None, plan: Plan) -> list[Change]:
    """The ways a lost statement can have read, most likely first (empty: nothing to fill in)."""
    pos = lost.pos if lost is not None else base.pos
    if kind == DEALER:
        order = [expected_dealer] if expected_dealer is not None else []
        order += [s for s in SEATS if s is not expected_dealer]
        return [lambda r, s=s: replace(r, dealer=s) for s in order]  # type: ignore[misc]
    if kind == UP:
        plan.up = up_candidates(base, deck)
        return [lambda r, c=c: replace(r, up=c, up_pos=pos) for c in plan.up.cards]  # type: ignore[misc]
    if kind == BID:
        plan.partial_bidding = True
        if any(c.kind is not CallKind.PASS for c in base.calls):
            return []  # the making call is written: who made what trump is known
        return [lambda r, calls=calls: replace(r, calls=calls, lone_defense=None) for calls in _biddings(base, pos)]  # type: ignore[misc]
    if kind == DISCARD:
        dealt = next((h.cards for h in base.deal if h.seat is base.dealer), None)
        if dealt is None:
            return []
        cards = list(dealt) + ([base.up] if base.up is not None else [])
        return [lambda r: replace(r, discard=None)] + [
            lambda r, c=c: replace(r, discard=c, discard_pos=pos) for c in cards]  # type: ignore[misc]
    if kind == RENEGE:
        return [lambda r, s=s: replace(r, reneges=(*r.reneges, RenegeCall(s, pos))) for s in SEATS]  # type: ignore[misc]
    return []


def _biddings(record: HandRecord, pos: Pos) -> list[tuple[Call, ...]]:
    """Every bidding that makes trump (or throws the hand in), each call in turn."""
    dealer, up = record.dealer, record.up
    out: list[tuple[Call, ...]] = []
    if not record.tricks:
        out.append(tuple(Call(dealer.offset(i + 1), CallKind.PASS, pos) for i in range(2 * len(SEATS))))
    for maker in SEATS:
        before = (maker - dealer - 1) % len(SEATS)
        for alone in (False, True):
            if up is not None:
                passes = tuple(Call(dealer.offset(i + 1), CallKind.PASS, pos) for i in range(before))
                out.append((*passes, Call(maker, CallKind.ORDER, pos, alone=alone)))
            for suit in SUITS:
                if up is not None and suit is up.suit:
                    continue
                passes = tuple(Call(dealer.offset(i + 1), CallKind.PASS, pos) for i in range(len(SEATS) + before))
                out.append((*passes, Call(maker, CallKind.CALL, pos, suit, alone=alone)))
    return out


def _placings(reading: Reading, missing: int, rules: Ruleset, game: int, deck: frozenset[Card]) -> list[Reading]:
    """The reading with its missing tricks placed (and rebuilt from the deal where they can be)."""
    if not missing:
        return [_rebuilt(reading, rules, game, deck)]
    record = reading.record
    if missing == 1:  # one trick line left out: it may stand anywhere the leaders of the written tricks allow
        options = [(slot,) for slot in range(len(record.tricks) + 1)]
    else:  # two or more: a record that stops early, the written tricks the first ones
        options = [(len(record.tricks),) * missing]
    placed = []
    for option in options:
        shaped, unknown = insert_unknown(record, reading.unknown, option)
        placed.append(_rebuilt(replace(reading, record=shaped, unknown=unknown), rules, game, deck))
    # every place is read (a wrong lead next to the missing trick would make the right place look wrong);
    # the leaders only say which is the most likely: a rebuilt trick whose winner leads the next written
    # one, leaving the fewest leaders wrong
    if len(placed) > 1:
        wrong = [sum(1 for f in _replay(p, rules, game, deck).result.findings if f.code is WRONG_LEADER) for p in placed]
        misfit = [0 if p.rebuilt is None or p.rebuilt.fits else 1 for p in placed]
        placed = [p for _, _, _, p in sorted(zip(misfit, wrong, range(len(placed)), placed))]
    return placed


def _rebuilt(reading: Reading, rules: Ruleset, game: int, deck: frozenset[Card]) -> Reading:
    """The reading with its one unknown trick worked out from the deal, when the deal shows it."""
    if len(reading.unknown) != 1:
        return reading
    (number,) = reading.unknown
    prepared = HandReplay(reading.record, rules, game, deck, unknown=reading.unknown, unjudged=reading.unjudged)
    prepared.prepare()
    if prepared.maker is None or prepared.thrown_in:
        return reading
    held = {seat: set(cards) for seat, cards in prepared.held.items()}
    leader = leader_of(reading.record, number, prepared.first_leader(), prepared.trump)
    made = rebuild(reading.record, number, held, prepared.active_seats(), leader, prepared.trump)
    if made is None:
        return reading
    tricks = list(reading.record.tricks)
    tricks[number - 1] = made.trick
    return Reading(replace(reading.record, tricks=tuple(tricks)), frozenset(),
                   reading.unjudged | {p.pos for p in made.trick.plays}, made)


# ----------------------------------------------------------------------------- merging
def _options(result: HandResult) -> tuple[tuple[int, int], ...] | None:
    """The (NS, EW) points a reading gives the hand; None when it cannot score it."""
    if result.outcome is Outcome.UNKNOWN and not result.settled:
        return result.possible or None
    return ((result.points_ns, result.points_ew),)


def _key(f: Finding) -> tuple[str, Pos, Seat | None]:
    return (f.code.code, f.pos, f.seat)


def _agreed(finding: Finding, versions: list[Finding]) -> Finding:
    """The finding as every reading words it: proof lines that differ between readings are left out."""
    if all(v.message == finding.message and v.proof == finding.proof for v in versions):
        return finding
    proof = [line for line in finding.proof if all(line in v.proof for v in versions)]
    proof.append("the rest of its proof depends on what the record lost, so only what holds in every reading is shown")
    return replace(finding, proof=tuple(proof))


def merge(results: list[HandResult]) -> HandResult:
    """What every reading agrees on: findings made by all of them, points if they all score alike."""
    primary = results[0]
    if len(results) == 1:
        return primary
    common = set.intersection(*({_key(f) for f in r.findings} for r in results))
    versions: dict[tuple[str, Pos, Seat | None], list[Finding]] = {}
    for r in results:
        for f in r.findings:
            if _key(f) in common:
                versions.setdefault(_key(f), []).append(f)
    merged = replace(primary, findings=[_agreed(f, versions[_key(f)]) for f in primary.findings if _key(f) in common])
    merged.renege_seats = tuple(s for s in primary.renege_seats if all(s in r.renege_seats for r in results))
    for name, empty in (("dealer", None), ("maker", None), ("trump", None), ("round", None), ("alone", False),
                        ("defender_alone", None), ("tricks_ns", None), ("tricks_ew", None), ("up", None)):
        if any(getattr(r, name) != getattr(primary, name) for r in results):
            setattr(merged, name, empty)
    scored = {(r.points_ns, r.points_ew, r.outcome, r.penalized, r.possible, r.settled) for r in results}
    if len(scored) > 1:
        every = [_options(r) for r in results]
        options: list[tuple[int, int]] = []
        for some in every:
            for option in some or ():
                if option not in options:
                    options.append(option)
        merged.outcome = Outcome.UNKNOWN
        merged.points_ns = merged.points_ew = 0
        merged.penalized = primary.penalized if all(r.penalized is primary.penalized for r in results) else None
        merged.settled = False
        merged.possible = ()
        if None in every:  # some reading cannot score the hand at all: only the sheet can
            pass
        elif len(options) == 1:
            merged.points_ns, merged.points_ew = options[0]
            merged.settled = True
        else:
            merged.possible = tuple(options)
    return merged


def replay_hand(record: HandRecord, rules: Ruleset, game: int, deck: frozenset[Card],
                expected_dealer: Seat | None = None) -> tuple[HandResult, Plan | None, HandResult]:
    """The hand's result, the plan of readings it needed (None: none), and the hand replayed as written."""
    literal = HandReplay(record, rules, game, deck).run()
    if not needs_readings(record, literal, rules.deck.hand_size):
        return literal, None, literal
    plan = make_plan(record, rules, game, deck, literal, expected_dealer)
    if plan is None or not plan.readings:
        return literal, None, literal
    merged = merge([_replay(r, rules, game, deck).result for r in plan.readings])
    judged_on_nothing = {Category.BID} if plan.partial_bidding else set()
    if plan.capped:
        judged_on_nothing |= {Category.DEAL, Category.BID, Category.DISCARD, Category.TURN, Category.RENEGE, Category.LEFT_BOWER}
        merged.outcome, merged.points_ns, merged.points_ew, merged.possible = Outcome.UNKNOWN, 0, 0, ()
    merged.findings = [f for f in merged.findings if f.category not in judged_on_nothing and f.code is not TRICKS_MISSING]
    return merged, plan, literal
