"""The ways each gap in a record can be filled: the alternatives a reading chooses from.

Each function takes a hand as one reading has it so far (earlier gaps already
filled: the bidding is read after the up card, the discard after the bidding)
and returns the hands it can have been, the most likely first.  Nothing here
judges anyone; :mod:`.readings` replays every combination and keeps what holds
in all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement, islice
from math import comb

from ..cards import SUITS, Card, Seat
from ..findings import WRONG_LEADER
from ..model import Call, CallKind, HandRecord, MisdealCall, Pos, RenegeCall
from ..rules.schema import JokerUp, Ruleset
from .hand import HandReplay
from .slips import Rebuilt, UpCandidates, insert_unknown, leader_of, rebuild, up_candidates
from ..table import Table, table_of


@dataclass(frozen=True, slots=True)
class Reading:
    """One way of filling every gap of a hand."""

    record: HandRecord
    unknown: frozenset[int] = frozenset()  # tricks (from 1) whose cards are not known
    unjudged: frozenset[Pos] = frozenset()  # plays worked out, not written
    rebuilt: Rebuilt | None = None
    #: how well the written leaders fit where the missing trick was put (lower is likelier)
    rank: tuple[int, int] = (0, 0)
    #: the reading replayed, when ranking it did so already, or prepared when rebuilding its missing
    #: trick did (a reading is prepared and replayed once)
    replayed: HandReplay | None = field(default=None, compare=False)


def replay(reading: Reading, rules: Ruleset, game: int, deck: frozenset[Card]) -> HandReplay:
    if reading.replayed is not None:  # run already, or prepared only (run() runs the rest, once)
        reading.replayed.run()
        return reading.replayed
    replayed = HandReplay(reading.record, rules, game, deck, unknown=reading.unknown, unjudged=reading.unjudged,
                          table=table_of(rules))
    replayed.run()
    return replayed


# --------------------------------------------------------------- statements
def joker_suit_open(record: HandRecord, rules: Ruleset, players: int) -> bool:
    """Whether the joker is turned up, the record does not show the suit named for it, and the bidding can
    have taken it in round 1 (an order; under ``dealer-names`` also a round-1 call of a suit, which names
    it): then trump, or whether the dealer took the joker, depends on that suit."""
    up = record.up
    if up is None or not up.is_joker:
        return False
    if rules.bidding.joker_up is JokerUp.DEALER_NAMES:
        return record.up_suit is None and any(
            c.kind is CallKind.ORDER or (c.kind is CallKind.CALL and i < players) for i, c in enumerate(record.calls))
    order = next((c for c in record.calls if c.kind is CallKind.ORDER), None)
    return order is not None and order.suit is None


def joker_suits(record: HandRecord, rules: Ruleset, players: int) -> list[HandRecord]:
    """Where :func:`joker_suit_open`: each suit the joker can have offered (``up JK ?``, EGN, a suit left out,
    or a joker a reading put on a lost up line), named where the ruleset has it named (the up line, or the
    order); otherwise the record alone."""
    if not joker_suit_open(record, rules, players):
        return [record]
    if rules.bidding.joker_up is JokerUp.DEALER_NAMES:
        return [replace(record, up_suit=suit, up_suit_unknown=False) for suit in SUITS]
    calls = record.calls
    making = next(i for i, c in enumerate(calls) if c.kind is CallKind.ORDER)
    return [replace(record, calls=(*calls[:making], calls[making]._replace(suit=suit), *calls[making + 1:]))
            for suit in SUITS]


def dealers(record: HandRecord, expected: Seat | None, table: Table) -> list[HandRecord]:
    order = [expected] if expected is not None else []
    order += [s for s in table.seats if s is not expected]
    return [replace(record, dealer=s) for s in order]


def up_cards(record: HandRecord, deck: frozenset[Card], pos: Pos, players: int = 4) -> tuple[list[HandRecord], UpCandidates]:
    found = up_candidates(record, deck, players)
    # a joker put on a lost up line: the suit named for it, if any, was on that line too
    return [replace(record, up=c, up_pos=pos, up_suit_unknown=record.up_suit_unknown or c.is_joker) for c in found.cards], found


def biddings(record: HandRecord, pos: Pos, table: Table) -> list[HandRecord]:
    """Every bidding the rest of the hand allows, each call in turn (the written calls are set aside).

    A trick of one card fewer than the seats shows a lone hand (its maker the partner of the seat that
    never plays); a discard written shows that the dealer took the up card (round 1).
    """
    dealer, up = record.dealer, record.up
    sizes = {len(t.plays) for t in record.tricks if t.plays}
    playing = {p.seat for t in record.tricks for p in t.plays}
    players = table.players
    lone = table.partnerships and sizes == {players - 1}
    makers = [s for s in table.seats if not lone or table.partner[s] not in playing]
    dealt = next((set(h.cards) for h in record.deal if h.seat is dealer), None)
    took_up = dealt is not None and any(p.seat is dealer and p.card not in dealt for t in record.tricks for p in t.plays)
    rounds = (1,) if record.discard is not None or took_up else (1, 2)  # the dealer took the up card: round 1
    out: list[tuple[Call, ...]] = []
    if not record.tricks and record.discard is None:
        out.append(tuple(Call(table.after(dealer, i + 1), CallKind.PASS, pos) for i in range(2 * players)))
    for maker in makers:
        before = table.clockwise_from(table.left[dealer]).index(maker)
        alones = (False,) if not table.partnerships or sizes == {players} else (True,) if lone else (False, True)
        for alone in alones:
            if up is not None and 1 in rounds:
                passes = tuple(Call(table.after(dealer, i + 1), CallKind.PASS, pos) for i in range(before))
                out.append((*passes, Call(maker, CallKind.ORDER, pos, alone=alone)))
            if 2 not in rounds:
                continue
            for suit in SUITS:
                if up is not None and suit is up.suit:
                    continue
                passes = tuple(Call(table.after(dealer, i + 1), CallKind.PASS, pos) for i in range(players + before))
                out.append((*passes, Call(maker, CallKind.CALL, pos, suit, alone=alone)))
    return [replace(record, calls=calls, lone_defense=None) for calls in out]


def discards(record: HandRecord, pos: Pos, rules: Ruleset, deck: frozenset[Card]) -> tuple[list[HandRecord], Card | None]:
    """The dealer's discard, when its line is lost or not written: none where the dealer (in this
    reading) takes no card; the dealer's one card never played when every trick is written; else each
    card the dealer held (or none)."""
    prepared = HandReplay(replace(record, discard=None), rules, 0, deck, table=table_of(rules))
    prepared.prepare()
    sits_out = prepared.dealer not in prepared.active_seats() if prepared.maker is not None else False
    if not prepared.dealer_took_up or sits_out:
        return [replace(record, discard=None)], None
    dealt = next((h.cards for h in record.deal if h.seat is record.dealer), None)
    if dealt is None:
        return [replace(record, discard=None)], None
    held = set(dealt) | ({record.up} if record.up is not None else set())
    played = {p.card for t in record.tricks for p in t.plays}
    left = sorted(held - played, key=str)
    if len(left) == 1 and len([t for t in record.tricks if t.plays]) >= 1 and all(t.plays for t in record.tricks):
        (card,) = left
        return [replace(record, discard=card, discard_pos=pos)], card
    return [replace(record, discard=None)] + [replace(record, discard=c, discard_pos=pos) for c in left], None


def renege_seats(record: HandRecord, pos: Pos, table: Table) -> list[HandRecord]:
    return [replace(record, reneges=(*record.reneges, RenegeCall(s, pos))) for s in table.seats]


def misdeal_seats(record: HandRecord, pos: Pos, table: Table) -> list[HandRecord]:
    """A misdeal declared on a line whose seat cannot be read: each seat declaring it."""
    return [replace(record, misdeals=(*record.misdeals, MisdealCall(s, pos))) for s in table.seats]


# --------------------------------------------------------------- tricks
def placing_count(record: HandRecord, missing: int, in_order: bool) -> int:
    """How many readings :func:`placings` makes of ``record`` (without making them)."""
    if not missing or in_order:
        return 1
    return comb(len(record.tricks) + missing, missing)  # combinations with replacement of the slots


def placings(reading: Reading, missing: int, rules: Ruleset, game: int, deck: frozenset[Card],
             in_order: bool, limit: int | None = None) -> list[Reading]:
    """The reading with its missing tricks placed, every way the record allows, the likeliest first.

    A missing trick may have stood anywhere among the written ones (``in_order``: a record whose tricks
    are known to be the first ones, as EGN's are, places them last).  One missing trick is rebuilt from
    the deal where the deal shows it; the leaders of the written tricks only rank the places.
    ``limit``: rank only the first that many places (a hand read on one guess: eight tricks missing
    from thirteen have 1,287 places, each a replay).
    """
    record = reading.record
    if not missing:
        return [_rebuilt(reading, rules, game, deck)]
    slots = range(len(record.tricks) + 1)
    options = ([(len(record.tricks),) * missing] if in_order
               else list(islice(combinations_with_replacement(slots, missing), limit)))
    ways = [insert_unknown(record, reading.unknown, option) for option in options]
    # the ways differ only in where the missing tricks stand: the deal and the bidding are replayed once
    base = HandReplay(ways[0][0], rules, game, deck, unknown=ways[0][1], unjudged=reading.unjudged, table=table_of(rules))
    base.prepare()
    placed = [_rebuilt(Reading(shaped, unknown, reading.unjudged, reading.rebuilt, reading.rank), rules, game, deck,
                       base.fork(shaped, unknown)) for shaped, unknown in ways]
    if len(placed) > 1:
        ranked = []
        for p in placed:
            replayed = replay(p, rules, game, deck)
            wrong = sum(1 for f in replayed.result.findings if f.code is WRONG_LEADER)
            misfit = 0 if p.rebuilt is None or p.rebuilt.fits else 1
            ranked.append(Reading(p.record, p.unknown, p.unjudged, p.rebuilt, (misfit, wrong), replayed))
        placed = sorted(ranked, key=lambda p: p.rank)
    return placed


def _rebuilt(reading: Reading, rules: Ruleset, game: int, deck: frozenset[Card],
             prepared: HandReplay | None = None) -> Reading:
    """The reading with its one unknown trick worked out from the deal, when the deal shows it (``prepared``:
    the reading's replay, prepared; by default made here)."""
    if len(reading.unknown) != 1:
        return reading if prepared is None else _prepared(reading, prepared)
    (number,) = reading.unknown
    table = table_of(rules)
    if prepared is None:
        prepared = HandReplay(reading.record, rules, game, deck, unknown=reading.unknown, unjudged=reading.unjudged, table=table)
        prepared.prepare()
    if prepared.maker is None or prepared.thrown_in or table.tableau:
        # with a tableau, which card a player had left depends on what was turned up: not rebuilt
        return _prepared(reading, prepared)
    held = {seat: set(cards) for seat, cards in prepared.held.items()}
    low = prepared.no_trump == "low"
    leader = leader_of(reading.record, number, prepared.first_leader(), prepared.trump, low)
    made = rebuild(reading.record, number, held, prepared.active_seats(), leader, prepared.trump, table, low)
    if made is None or not (made.fits or made.one_winner):
        # a trick rebuilt in an order that its winner does not lead the next trick from rests on a lead
        # the record does not show: its cards are known, their order is not, so it stays unknown (unless
        # whoever led it, the same seat won it: then who won is known wherever it stood)
        return _prepared(reading, prepared)
    tricks = list(reading.record.tricks)
    tricks[number - 1] = made.trick
    return Reading(replace(reading.record, tricks=tuple(tricks)), frozenset(),
                   reading.unjudged | {p.pos for p in made.trick.plays}, made, reading.rank)


def _prepared(reading: Reading, prepared: HandReplay) -> Reading:
    """The reading unchanged, keeping the replay that prepared it (its run goes on from there, once)."""
    return Reading(reading.record, reading.unknown, reading.unjudged, reading.rebuilt, reading.rank, prepared)
