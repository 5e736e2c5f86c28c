"""What a record lost through a slip, and what the rest of the record says it was.

Small, separate answers for :mod:`.readings`: which statement an unreadable
line most likely was, which seat a trick that names one seat twice meant, what
the up card can have been, where a trick that was not written belongs and what
its cards were.  None of these judges anyone; they only say what the record
allows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..cards import Card, Seat, Suit
from ..model import NOWHERE, CallKind, HandRecord, LostLine, Play, Pos, TrickRecord
from ..table import Table
from ..turns import trick_winner
from .deal_owners import owners
from .extra_card import deal_owners

#: statements whose loss the replay knows how to read around
TRICK, UP, BID, DEAL, DISCARD, RENEGE, SCORE, TRICKS, DEALER, NUMBER = (
    "trick", "up", "bid", "deal", "discard", "renege", "score", "tricks", "dealer", "number")
#: a misdeal declared (a variation): by whom, when its seat is lost, is read each way
MISDEAL = "misdeal"
#: exchanges of cards (variations): whoever they touch held other cards than the deal says
EXCHANGES = frozenset({"farmer", "under", "best"})


def effective_kind(lost: LostLine, record: HandRecord, hand_size: int) -> str | None:
    """What an unreadable line most likely was: its own look, else what the hand lacks."""
    if lost.kind is not None and lost.kind != "hand":
        return lost.kind
    if lost.kind == "hand":
        return DEALER
    written = len(record.tricks) + sum(1 for other in record.lost if other.kind == TRICK)
    if record.tricks and written < hand_size:
        return TRICK
    if record.up is None:
        return UP
    if not record.calls:
        return BID
    if record.discard is None and any(c.kind.value == "order" for c in record.calls):
        return DISCARD  # the dealer took the up card, and no discard is written
    if record.score is None:
        return SCORE
    return None


# --------------------------------------------------------------- a seat written twice
@dataclass(frozen=True, slots=True)
class SeatFix:
    """Trick ``trick`` (from 1) names ``written`` twice; its ``index``-th card was ``meant``'s."""

    trick: int
    index: int
    written: Seat
    meant: Seat
    card: Card
    pos: Pos
    confirmed: bool  # the deal gives the card to ``meant``


def seats_written_twice(record: HandRecord, table: Table) -> list[list[SeatFix]]:
    """For each trick that names one seat twice and leaves out one seat that plays in the hand: the ways
    to put it right, most likely first (one way when the deal or the order of play shows which card
    was the missing seat's; both when nothing does)."""
    dealt = deal_owners(record, table.hand_size)
    # ordered up, the up card is the dealer's: written as the dealer's, it is no other seat's card
    taken = record.up if record.up is not None and any(c.kind is CallKind.ORDER for c in record.calls) else None
    out = []
    for number, trick in enumerate(record.tricks, 1):
        seats = [p.seat for p in trick.plays]
        if None in seats or len(set(seats)) == len(seats):
            continue
        others = {p.seat for t in record.tricks if t is not trick for p in t.plays} or set(table.seats)
        missing = [s for s in table.seats if s in others and s not in seats]
        doubled = [s for s in set(seats) if seats.count(s) == 2]
        if len(missing) != 1 or len(doubled) != 1 or len(seats) - len(set(seats)) != 1:
            continue
        meant, written = missing[0], doubled[0]
        playing = others | {written, meant}  # type: ignore[operator]
        options = []
        for index in (i for i, seat in enumerate(seats) if seat is written):
            play = trick.plays[index]
            fixed = [meant if i == index else seat for i, seat in enumerate(seats)]
            in_turn = _in_turn(fixed, table, playing)  # type: ignore[arg-type]
            confirmed = dealt.get(play.card) is meant
            contradicted = dealt.get(play.card) is written or (play.card == taken and written is record.dealer)
            options.append((not confirmed, contradicted, not in_turn, index,
                            SeatFix(number, index, written, meant, play.card, play.pos, confirmed)))
        options.sort(key=lambda o: o[:4])
        best = options[0]
        shown = [o[4] for o in options if o[:3] == best[:3]]  # as likely as the best: each is read
        out.append(shown)
    return out


# --------------------------------------------------------------- two seats the wrong way round
@dataclass(frozen=True, slots=True)
class SeatSwap:
    """Trick ``trick`` (from 1) writes the seats of its ``first``-th and ``second``-th cards the wrong way round."""

    trick: int
    first: Play
    second: Play
    #: the deal shows one of the two cards (else its lines, cut short, list neither: only the order of play does)
    shown: bool = True


def seats_swapped(record: HandRecord, table: Table) -> list[SeatSwap]:
    """The tricks whose seats are written in an order no play allows (where two play, any order: the deal
    alone shows it) and that one exchange of two seat letters puts right, the deal confirming it: each of
    the two cards was dealt to the other seat (or, where that seat's deal line is cut short or not written, the
    deal gives the card to nobody, and the other card is the deal's), and so read the trick goes round the table
    in order.  Only where exactly one such exchange exists; where the lines, cut short, list none of the cards,
    each exchange that puts the order right (the search weighs them on the leads)."""
    dealt = deal_owners(record, table.hand_size)
    out: list[SeatSwap] = []
    if not dealt:
        return out
    ordered = any(c.kind is CallKind.ORDER for c in record.calls)
    if record.up is not None and ordered:
        dealt.setdefault(record.up, record.dealer)  # ordered up: the dealer's card
    elif record.up is None and ordered and len(record.deal) == table.players:
        # no up line: a card the full deal gives nobody that the tricks show is most likely the up card, the dealer's
        for trick in record.tricks:
            for p in trick.plays:
                dealt.setdefault(p.card, record.dealer)
    # a seat whose line is cut short or not written: a card dealt to nobody can be one of its cards the record lost
    written = {h.seat: len(h.cards) for h in record.deal}
    lost = {seat for seat in table.seats if written.get(seat, 0) < table.hand_size}

    def gives(card: Card, seat: Seat) -> bool:
        return dealt.get(card, seat if seat in lost else None) is seat

    for number, trick in enumerate(record.tricks, 1):
        plays, seats = trick.plays, [p.seat for p in trick.plays]
        if None in seats or len(set(seats)) != len(seats):
            continue
        if len(seats) > 2 and _in_turn(seats, table):  # type: ignore[arg-type]
            continue
        found = []
        for i, a in enumerate(plays):
            for j in range(i + 1, len(plays)):
                b = plays[j]
                # both cards the other seat's, the deal showing at least one of them, or neither seat's cards
                shown = a.card in dealt or b.card in dealt
                if gives(a.card, b.seat) and gives(b.card, a.seat) and (shown or (a.seat in lost and b.seat in lost)):
                    fixed = list(seats)
                    fixed[i], fixed[j] = seats[j], seats[i]
                    if _in_turn(fixed, table):  # type: ignore[arg-type]
                        found.append(SeatSwap(number, a, b, shown))
        confirmed = [swap for swap in found if swap.shown]
        if len(confirmed) == 1:
            out.append(confirmed[0])
        elif not confirmed:  # (the deal shows none of the cards: each exchange that puts the order right is weighed)
            out += found
    return out


def _in_turn(seats: list[Seat], table: Table, playing: set[Seat] | None = None) -> bool:
    """Whether ``seats`` go round the table in order from the first, among ``playing`` (default: themselves)."""
    return seats == _clockwise_from(seats[0], playing if playing is not None else set(seats), table)[: len(seats)]


def apply_seat_swaps(record: HandRecord, swaps: list[SeatSwap]) -> HandRecord:
    tricks = list(record.tricks)
    for swap in swaps:
        trick = tricks[swap.trick - 1]
        a, b = swap.first, swap.second
        plays = [Play(b.seat, a.card, a.pos) if p is a else Play(a.seat, b.card, b.pos) if p is b else p
                 for p in trick.plays]
        tricks[swap.trick - 1] = TrickRecord(tuple(plays), trick.pos)
    return replace(record, tricks=tuple(tricks))


def _clockwise_from(first: Seat, playing: set[Seat], table: Table) -> list[Seat]:
    return [seat for seat in table.clockwise_from(first) if seat in playing]


def apply_seat_fixes(record: HandRecord, fixes: list[SeatFix]) -> HandRecord:
    tricks = list(record.tricks)
    for fix in fixes:
        # the trick is found by where its card was written: empty tricks put where unreadable trick
        # lines stood may come before it, so that its number among these tricks is not the written one
        at = next((n for n, t in enumerate(tricks) if fix.index < len(t.plays) and t.plays[fix.index].pos == fix.pos), None)
        if at is None:
            continue
        trick = tricks[at]
        plays = list(trick.plays)
        plays[fix.index] = Play(fix.meant, fix.card, fix.pos)
        tricks[at] = TrickRecord(tuple(plays), trick.pos)
    return replace(record, tricks=tuple(tricks))


# --------------------------------------------------------------- the up card
@dataclass(frozen=True, slots=True)
class UpCandidates:
    cards: tuple[Card, ...]
    how: str  # how they were found, for the finding's proof


def up_candidates(record: HandRecord, deck: frozenset[Card], players: int = 4) -> UpCandidates:
    """The cards the up card can have been, as the rest of the hand shows.

    With the dealer's dealt cards written, a card the dealer played or
    discarded that was dealt to nobody is the up card (one dealt to another
    seat is a card written for another, not the up card).  Otherwise it is
    any card of the deck that nobody else was dealt or played.
    """
    dealer = record.dealer
    dealt = owners(record.deal)
    dealt.update({card: row.seat for row in record.tableau for pile in row.piles for card in pile})
    dealer_dealt = {card for card, seat in dealt.items() if seat is dealer}
    if dealer_dealt:
        extra = {p.card for t in record.tricks for p in t.plays if p.seat is dealer} | (
            {record.discard} if record.discard is not None else set())
        extra -= set(dealt)  # (a card dealt to another seat is not the up card: it is written for another)
        if len(extra) == 1:
            (card,) = extra
            return UpCandidates((card,), f"{dealer}, the dealer, played or discarded {card}, which was not dealt to {dealer}: "
                                         f"it is the up card {dealer} took")
    others = {card for card, seat in dealt.items() if seat is not dealer}
    others |= {p.card for t in record.tricks for p in t.plays if p.seat is not dealer}
    cards = tuple(sorted((c for c in deck - others - dealer_dealt), key=lambda c: (c.suit.value, -int(c.rank))))
    if len(record.deal) == players:
        return UpCandidates(cards, f"the up card was one of the undealt cards {' '.join(map(str, cards))}")
    return UpCandidates(cards, "the up card can have been any of the "
                               f"{len(cards)} cards that nobody else was dealt or played")


# --------------------------------------------------------------- tricks not in the record
def placeholder(pos: Pos) -> TrickRecord:
    """An empty trick standing for one whose cards the record lost."""
    return TrickRecord((), pos)


def with_lost_tricks(record: HandRecord, lost: list[LostLine]) -> tuple[HandRecord, frozenset[int]]:
    """The hand with an empty trick where each unreadable trick line stood (by line number: before the first
    written trick, in the record's order, that stands below it), or at the place a reading of the hand gave it
    (:attr:`LostLine.slot`).  The written tricks keep the record's order, which a reading may have changed (two
    trick lines read the other way round)."""
    if not lost:
        return record, frozenset()
    waiting = sorted(line.line for line in lost if line.slot is None)
    tricks: list[tuple[TrickRecord, bool]] = []  # (the trick, whether it stands for a lost line)

    def lost_before(line: int | None) -> None:
        while waiting and (line is None or waiting[0] < line):
            tricks.append((placeholder(Pos(waiting.pop(0), 1)), True))

    for trick in record.tricks:
        lost_before(trick.pos.line)
        tricks.append((trick, False))
    lost_before(None)
    for line in sorted((line for line in lost if line.slot is not None), key=lambda line: line.slot or 0):
        tricks.insert(min(line.slot or 0, len(tricks)), (placeholder(Pos(line.line, 1)), True))
    return (replace(record, tricks=tuple(t for t, _ in tricks)),
            frozenset(n for n, (_, unknown) in enumerate(tricks, 1) if unknown))


def insert_unknown(record: HandRecord, unknown: frozenset[int], slots: tuple[int, ...]) -> tuple[HandRecord, frozenset[int]]:
    """The hand with an unknown trick inserted before each of ``slots`` (0-based places among its tricks)."""
    tricks = list(record.tricks)
    marks = [t in unknown for t in range(1, len(tricks) + 1)]
    for slot in sorted(slots, reverse=True):
        near = tricks[slot] if slot < len(tricks) else tricks[-1] if tricks else None
        line = near.pos.line if near is not None else record.pos.line
        tricks.insert(slot, placeholder(Pos(line, 0)))  # column 0: no written card stands there
        marks.insert(slot, True)
    return replace(record, tricks=tuple(tricks)), frozenset(i for i, m in enumerate(marks, 1) if m)


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A trick worked out from the deal: each seat's one card not played elsewhere."""

    number: int
    trick: TrickRecord
    fits: bool  # its winner leads the next written trick (or it is the last)
    #: whoever led it, the same seat wins it: who won is known where it stood, whatever the order of its cards
    one_winner: bool = False


def rebuild(record: HandRecord, number: int, held: dict[Seat, set[Card]], active: list[Seat],
            leader: Seat | None, trump: Suit | None, table: Table, low: bool = False) -> Rebuilt | None:
    """Trick ``number`` (an empty placeholder) from the cards each seat held and did not play elsewhere
    (``low``: a no-trump hand played low)."""
    if leader is None or any(seat not in held for seat in active):
        return None
    played = {p.card for t in record.tricks for p in t.plays}
    left = {seat: held[seat] - played for seat in active}
    if any(len(cards) != 1 for cards in left.values()):
        return None
    pos = record.tricks[number - 1].pos
    order = _clockwise_from(leader, set(active), table)
    plays = tuple(Play(seat, next(iter(left[seat])), pos if pos != NOWHERE else record.pos) for seat in order)
    winner = trick_winner(plays, trump, low)
    one_winner = all(trick_winner(tuple(Play(seat, next(iter(left[seat])), plays[0].pos)
                                        for seat in _clockwise_from(first, set(active), table)), trump, low) is winner
                     for first in active)
    following = record.tricks[number].plays if number < len(record.tricks) else ()
    # (with no trick after it to show who won it, it fits only if whoever led, the same seat wins)
    fits = following[0].seat is winner if following else one_winner
    return Rebuilt(number, TrickRecord(plays, pos), fits, one_winner)


def leader_of(record: HandRecord, number: int, first_leader: Seat, trump: Suit | None, low: bool = False) -> Seat | None:
    """Who leads trick ``number``: the first leader, or the winner of the trick before it, if known."""
    if number == 1:
        return first_leader
    return trick_winner(record.tricks[number - 2].plays, trump, low)
