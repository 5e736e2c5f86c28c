"""Where each shape of slip can stand in a doubtful hand: the edits :mod:`.nearest` tries.

Each function here is one shape of slip applied to one kind of statement: the
dealer's letter on the hand line (or the hand line itself, not written), the
order of the trick lines, a card of a trick, the order of the bids, a seat
letter of a trick written twice, two seat letters of a trick swapped.  It is
asked only when the replay shows what that slip would leave behind (a bid out
of turn, a card played twice...), and it proposes a few records, each one edit
away, with the finding that would name the edit.  None judges anything: the
search replays each proposal and keeps the cheapest.  A new kind of slip is a
new function here, added to :data:`PROPOSALS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from ..cards import Card, Seat, display_order
from ..findings import (
    BID_OUT_OF_TURN,
    BIDS_OUT_OF_ORDER,
    CARD_MISWRITTEN,
    CARD_NOT_HELD,
    DEALER_MISWRITTEN,
    DUPLICATE_CARD,
    PLAY_OUT_OF_TURN,
    REGISTRY,
    SEAT_WRITTEN_TWICE,
    SEATS_SWAPPED,
    SYNTAX_ERROR,
    TRICK_SIZE,
    WRONG_HAND_SIZE,
    WRONG_LEADER,
)
from ..model import HandRecord, LostLine, Play, TrickRecord
from ..spelling import call_text, hand_line, plays_text
from ..said import said
from ..table import Table
from .bidding import ROUNDS
from .edits import COST, UNLIKE_CARD, UNSHOWN_SWAP, Candidate, Dealing, Edit, Evidence, Shape, shows
from ..results import HandResult
from .extra_card import deal_owners
from .trick_order import holdable, orders, trick_lines
from .slips import DEALER, SeatFix, apply_seat_fixes, apply_seat_swaps, seats_swapped, seats_written_twice


Propose = Callable[[Candidate, HandResult, Evidence], Iterator[Candidate]]


def dealer_lost(record: HandRecord) -> LostLine | None:
    """The lost line that held the hand's dealer (a hand line not written, or one whose dealer is unreadable)."""
    return next((lost for lost in record.lost if lost.kind == DEALER), None)


# --------------------------------------------------------------- the dealer
def _dealer_evidence(record: HandRecord, seat: Seat, table: Table, dealing: Dealing) -> list[str]:
    """What in the record says that ``seat`` dealt."""
    left = table.left[seat]
    out = []
    if dealing.expected is seat:
        out.append("the rotation of the deal")
    if seat in dealing.before:
        out.append("the next hand's dealer")
    if dealing.left is not None and record.deal and record.deal[0].seat is left:
        out.append(f"the deal line (it starts at {left}, the dealer's left)")
    if record.calls and record.calls[0].seat is left:
        out.append(f"the bidding (it starts at {left})")
    if record.tricks and record.tricks[0].plays and record.tricks[0].plays[0].seat is left:
        out.append(f"the first lead (by {left})")
    return out


def _agree(evidence: list[str], seat: Seat) -> str:
    if not evidence:
        return f"the rest of the hand agrees with {seat}"
    if len(evidence) == 1:
        return f"{evidence[0]} says {seat}"
    return f"{', '.join(evidence[:-1])} and {evidence[-1]} all say {seat}"


def dealer_letter(cand: Candidate, result: HandResult, ev: Evidence) -> Iterator[Candidate]:
    """The dealer's letter: written for another seat, or not written at all (each seat is then read)."""
    record, table = cand.record, ev.table
    lost = dealer_lost(record)
    if lost is not None:
        kept = tuple(other for other in record.lost if other is not lost)
        code = REGISTRY[lost.code] if lost.code else SYNTAX_ERROR
        expected = f"; expected {', '.join(lost.expected)}" if lost.expected else ""
        for seat in table.seats:
            line = hand_line(record.number, seat)
            write = f"write `{line}` before it" if code.code == "S008" else f"write `{line}`"
            proof = (f"who dealt is not written: {_agree(_dealer_evidence(record, seat, table, ev.dealing), seat)}; "
                     "the hand is read so",)
            edit = Edit(Shape.LINE_MISSING, code, lost.pos, f"{lost.message}{expected}: {write}", proof, cost=0.0,
                        as_written=False,
                        group=("dealer",), alike=f"{lost.message}{expected}",
                        alike_proof=("who dealt is not known: no finding rests on the dealer (the turn to bid, the "
                                     "first lead, the rotation)",))
            yield cand.then(edit, replace(record, dealer=seat, lost=kept))
        return
    dealing = ev.dealing
    rotation = dealing.misfit(record) >= 1  # the hand before or the hand after says another seat dealt
    calls, tricks = record.calls, record.tricks
    first_wrong = (calls and shows(result, BID_OUT_OF_TURN) and result.findings and any(
        f.code is BID_OUT_OF_TURN and f.pos == calls[0].pos for f in result.findings)) or any(
        f.code is WRONG_LEADER and f.trick == 1 for f in result.findings)
    if not rotation and not first_wrong:
        return
    for seat in table.seats:
        if seat is record.dealer:
            continue
        evidence = _dealer_evidence(record, seat, table, dealing)
        message = said("hand {n} is written as dealt by {written}; {seat} most likely dealt it: write `{line}`",
                       n=record.number, written=record.dealer, seat=seat, line=hand_line(record.number, seat))
        proof = (f"{_agree(evidence, seat)}; the hand is read as dealt by {seat}",)
        alike = said("hand {n} is written as dealt by {written}, and the rest of the record does not show who dealt it",
                     n=record.number, written=record.dealer)
        edit = Edit(Shape.LETTER_CHANGED, DEALER_MISWRITTEN, record.pos, message, proof, cost=COST[Shape.LETTER_CHANGED],
                    group=("dealer",), alike=alike,
                    alike_proof=("it is read as dealt by each seat the record fits alike: no finding rests on the dealer "
                                 "(the turn to bid, the first lead, the rotation)",))
        yield cand.then(edit, replace(record, dealer=seat))


# --------------------------------------------------------------- a card written for another
def _alike(a: Card, b: Card) -> bool:
    return (not a.is_joker and not b.is_joker) and (a.suit is b.suit or a.rank is b.rank)


def card_written(cand: Candidate, result: HandResult, ev: Evidence) -> Iterator[Candidate]:
    """A card of a trick written for another: a card its player cannot have played (played twice, not
    dealt to the player) read as the card the deal leaves that player and no trick shows played.  Where a
    trick or the discard is not written, the deal can leave the player two such cards, one of them the gap's:
    then each is read, and what the two readings disagree on is not a ruling."""
    if not shows(result, DUPLICATE_CARD, CARD_NOT_HELD) or shows(result, TRICK_SIZE, WRONG_HAND_SIZE):
        return  # (a deal or tricks of the wrong size leave no one card to be sure of)
    record = cand.record
    held = holdable(record, result)
    if not held:
        return
    count: dict[Card, int] = {}
    for trick in record.tricks:
        for p in trick.plays:
            count[p.card] = count.get(p.card, 0) + 1
    written = sum(1 for trick in record.tricks if trick.plays)
    gap = record.claim is None and written < ev.table.tricks
    for t, trick in enumerate(record.tricks):
        for k, play in enumerate(trick.plays):
            seat = play.seat
            if seat is None or seat not in held or (play.card in held[seat] and count[play.card] == 1):
                continue
            # (in the order cards are listed to people: a set of cards iterates in no fixed order)
            left = sorted((c for c in held[seat] if c not in count), key=display_order)
            discard = seat is record.dealer and result.taken_up is not None and record.discard is None
            if not (len(left) == 1 or (len(left) == 2 and (gap or discard))):
                continue  # only where the deal leaves the player that card, or it and the gap's
            for card in left:
                edited = list(trick.plays)
                edited[k] = Play(seat, card, play.pos)
                fixed = TrickRecord(tuple(edited), trick.pos)
                why = ("is played twice" if count[play.card] > 1 else
                       "was not dealt to {seat}" if play.card not in held[seat] else "{seat} does not hold")
                message = said("trick {t} gives {seat} {written}, which " + why + "; {seat}'s card not played in "
                               "the hand is {card}, so {written} is most likely {card}: write `trick {line}`",
                               t=t + 1, seat=seat, written=play.card, card=card, line=plays_text(fixed.plays))
                either = said("trick {t} gives {seat} {written}, which " + why + "; the cards of {seat}'s that no "
                              "written line shows are {a} and {b}, one of them in what is not written, so {written} "
                              "is most likely one of them: write the one {seat} played for {written} in trick {t}",
                              t=t + 1, seat=seat, written=play.card, a=left[0], b=left[-1])
                cost = COST[Shape.CARD_CHANGED] if _alike(card, play.card) else UNLIKE_CARD
                edit = Edit(Shape.CARD_CHANGED, CARD_MISWRITTEN, play.pos, message,
                            (f"{card} is counted as {seat}'s card in trick {t + 1} and is not judged",),
                            trick=t + 1, cost=cost, group=("card", play.pos), undecided=len(left) > 1,
                            alike=either if len(left) > 1 else None,
                            alike_proof=("it is read as each, and nothing that depends on which is judged",))
                tricks = list(record.tricks)
                tricks[t] = fixed
                yield cand.then(edit, replace(record, tricks=tuple(tricks)), frozenset({play.pos}))


# --------------------------------------------------------------- the order of the bids


def bid_order(cand: Candidate, result: HandResult, ev: Evidence) -> Iterator[Candidate]:
    """Two bids in the wrong order, or one in the wrong place: of the bidding, however its calls are split into
    lines (the canonical notation writes them on one line, the JSON form in one list: the reading must not
    depend on the layout).  Only the orders that put the most bids in turn round the table, and more than as
    written, are proposed; the replay of each judges every bid."""
    if not shows(result, BID_OUT_OF_TURN):
        return
    record, table = cand.record, ev.table
    calls = record.calls
    if len(calls) > ROUNDS * len(table.seats):
        return  # more bids than two rounds hold: no order puts them all in turn (and the orders of n bids are n squared)
    turns = [table.after(record.dealer, k + 1) for k in range(len(calls))]

    def in_turn(order: list[int]) -> int:
        return sum(1 for k, c in enumerate(order) if calls[c].seat is turns[k])

    most, found = in_turn(list(range(len(calls)))), []
    for order, _ in orders(len(calls)):
        score = in_turn(order)
        if score > most:
            most, found = score, []
        if score == most and score > 0:
            found.append(order)
    for order in found:
        ordered = tuple(calls[k] for k in order)
        line = "bid " + ", ".join(call_text(c) for c in ordered)
        message = said("the bids of hand {n} are most likely written in the wrong order: read round the table from "
                       "the dealer's left ({left}), every bid is in turn; write `{line}`",
                       n=record.number, left=table.left[record.dealer], line=line)
        first = next(k for k in range(len(calls)) if order[k] != k)
        edit = Edit(Shape.WORDS_SWAPPED, BIDS_OUT_OF_ORDER, calls[0].pos if calls[0].pos.line == calls[first].pos.line
                    else calls[first].pos, message, ("the bidding is read in that order, and every bid is judged",),
                    cost=COST[Shape.WORDS_SWAPPED], group=("bids",))
        yield cand.then(edit, replace(record, calls=ordered))


# --------------------------------------------------------------- seat letters of a trick
def seat_written_twice(cand: Candidate, result: HandResult, ev: Evidence) -> Iterator[Candidate]:
    """A trick that names one seat twice and another not at all: the card most likely the other seat's."""
    if not shows(result, PLAY_OUT_OF_TURN):
        return
    record = cand.record
    dealt = deal_owners(record, ev.table.hand_size)
    played = [p.card for t in record.tricks for p in t.plays]
    for options in seats_written_twice(record, ev.table):
        alike = _seat_fix_either(options) if len(options) > 1 else None
        for fix in options:
            # a card the deal gives the seat written twice, or another seat that does not play it too, is no card of
            # the seat's: it is judged, and a second slip on it (the card written for the one the deal leaves the
            # seat, two seat letters the wrong way round) is read where it shows
            owner = dealt.get(fix.card)
            other = owner is fix.written or (owner not in (None, fix.meant) and played.count(fix.card) == 1)
            edit = Edit(Shape.LETTER_CHANGED, SEAT_WRITTEN_TWICE, fix.pos, _seat_fix_message(fix),
                        (f"{fix.card} is counted as {fix.meant}'s card and is "
                         f"{'judged (the deal gives it to ' + dealt[fix.card].name + ')' if other else 'not judged'}",),
                        trick=fix.trick, seat=fix.meant, cost=COST[Shape.LETTER_CHANGED],
                        group=("seat", fix.trick), alike=alike)
            yield cand.then(edit, apply_seat_fixes(record, [fix]), frozenset() if other else frozenset({fix.pos}))


def _seat_fix_message(fix: SeatFix) -> str:
    why = f"the deal gives {fix.card} to {fix.meant}" if fix.confirmed else "it stands where their card belongs in the order of play"
    return (f"trick {fix.trick} names {fix.written} twice and {fix.meant} not at all: {fix.written}:{fix.card} is most "
            f"likely {fix.meant}'s ({why})")


def _seat_fix_either(options: list[SeatFix]) -> str:
    fix = options[0]
    cards = " or ".join(f"{f.written}:{f.card}" for f in options)
    return (f"trick {fix.trick} names {fix.written} twice and {fix.meant} not at all: one of {cards} is {fix.meant}'s, "
            "and nothing in the record shows which")


def seats_written_swapped(cand: Candidate, result: HandResult, ev: Evidence) -> Iterator[Candidate]:
    """Two seat letters of a trick the wrong way round, the deal confirming it (the trick so read is judged); or,
    where the deal lines, cut short, list neither card, the order of play and the leads alone, weighed as likely
    as the one play out of turn it explains (whose the cards were, which tells the two apart, is what the cut lost)."""
    if not shows(result, PLAY_OUT_OF_TURN, CARD_NOT_HELD, WRONG_LEADER):
        return  # (a lead out of turn: at a table of two, any order of play is in turn, and only the lead shows it)
    record = cand.record
    for swap in seats_swapped(record, ev.table):
        a, b = swap.first, swap.second
        written = plays_text(record.tricks[swap.trick - 1].plays)
        swapped = apply_seat_swaps(record, [swap])
        proof = (f"{a.card} is counted as {b.seat}'s card and {b.card} as {a.seat}'s"
                 f"{', as the deal gives them,' if swap.shown else ','} and the trick is judged so read",)
        if swap.shown:
            dealt = {card for h in record.deal for card in h.cards}
            gives = " and ".join(f"{p.card} to {q.seat}" if p.card in dealt
                                 else f"{q.seat}, the dealer, {p.card}, the up card" if p.card == record.up or record.up is None
                                 else f"{p.card} to {q.seat} (a card the deal line, cut short, does not list)"
                                 for p, q in ((a, b), (b, a)))
            message = (f"trick {swap.trick} is written {written}: {a.seat} and {b.seat} are most likely the wrong way round "
                       f"(the deal gives {gives}, and so read the trick goes round the table in order)")
            edit = Edit(Shape.WORDS_SWAPPED, SEATS_SWAPPED, a.pos, message, proof, trick=swap.trick,
                        cost=COST[Shape.WORDS_SWAPPED])
        else:  # whose the cards were, which tells two letters swapped from a play out of turn, is what the cut lost
            fixed = plays_text(swapped.tricks[swap.trick - 1].plays)
            message = (f"trick {swap.trick} is written {written}: {a.seat} and {b.seat} are most likely the wrong way round "
                       "(the deal line, cut short, lists neither card; so read, the play goes in turn)")
            alike = (f"trick {swap.trick} is written {written}: {a.seat} and {b.seat} may be the wrong way round (the "
                     f"deal line, cut short, does not show whose {a.card} and {b.card} were); if so, write `trick {fixed}`")
            edit = Edit(Shape.WORDS_SWAPPED, SEATS_SWAPPED, a.pos, message, proof, trick=swap.trick, cost=UNSHOWN_SWAP,
                        group=("seats", swap.trick), alike=alike)
        yield cand.then(edit, swapped)


#: every edit the search tries, in the order their findings are listed
PROPOSALS: tuple[Propose, ...] = (dealer_letter, bid_order, trick_lines, seats_written_swapped, seat_written_twice,
                                  card_written)
