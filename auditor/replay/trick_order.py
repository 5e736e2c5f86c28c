"""Two trick lines in the wrong order, or one in the wrong place: the edit :mod:`.nearest` finds by the leads.

Each trick's winner leads the next, and a trick's winner does not depend on
where its line stands: so the orders of the lines in which every trick is led by
the winner of the one before are worked out without a replay, and only those
that leave fewer wrong leads than as written are proposed.  A trick line that
could not be read is one of the lines too: its cards are each player's one card
no other trick shows, its leader whoever the order has lead it, and where it
stands among the written ones is read like any other line's place.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from ..cards import Card, Seat, TrumpView, trump_view
from ..findings import NOT_FOLLOWED, TRICKS_OUT_OF_ORDER, WRONG_LEADER, Role
from ..model import HandRecord, LostLine, Play, Pos, TrickRecord
from ..results import HandResult
from ..spelling import plays_text
from .edits import COST, EVERY_LEAD_RIGHT, Candidate, Edit, Evidence, Shape, shows
from .slips import TRICK, effective_kind, with_lost_tricks

#: the most orders of the trick lines proposed at once (those with the fewest wrong leads): one that makes a player
#: offend is not read, and the next may be half of two slips
MAX_ORDERS = 6


def holdable(record: HandRecord, result: HandResult) -> dict[Seat, set[Card]]:
    """The cards each seat whose deal is written can play: its deal, and for the dealer the card taken up,
    less the discard."""
    held = {h.seat: set(h.cards) for h in record.deal}
    dealer = record.dealer
    if dealer in held:
        if result.taken_up is not None:
            held[dealer].add(result.taken_up)
        if record.discard is not None:
            held[dealer].discard(record.discard)
    return held


def orders(n: int) -> Iterator[tuple[list[int], tuple[int, int, bool]]]:
    """Each order of ``n`` lines one slip away from the written: two lines the other way round, or one line
    written in another place (``(i, j, moved)``: line ``i`` read as the ``j``-th)."""
    written = list(range(n))
    for i, j in combinations(written, 2):
        order = list(written)
        order[i], order[j] = j, i
        yield order, (i, j, False)
    for i in written:
        for j in written:
            if abs(i - j) >= 2:  # (next to each other, a line moved is two lines swapped)
                order = [k for k in written if k != i]
                order.insert(j, i)
                yield order, (i, j, True)


def _breaks(order: list[int], leaders: list[Seat | None], winners: list[frozenset[Seat]], first: Seat | None) -> int:
    """How many tricks, with the tricks in ``order``, are not led by a seat that can have won the trick before
    (the first by the seat that leads first); a trick whose leader is not known (a line not read) leads as the
    order has it, and one whose winner is not known leaves the next lead open."""
    wrong = 0
    before: frozenset[Seat] = frozenset({first}) if first is not None else frozenset()
    for t in order:
        if before and leaders[t] is not None and leaders[t] not in before:
            wrong += 1
        before = winners[t]
    return wrong


def _legal_winners(tricks: tuple[TrickRecord, ...], result: HandResult
                   ) -> list[tuple[Seat, tuple[int, int], tuple[tuple[int, Seat], ...]]]:
    """For each card played illegally and each card held then and played later: who played it, the two tricks
    (from 0), and who would have won them with the two cards the other way round."""
    at: dict[tuple[Seat, Card], int] = {(fact.seat, fact.card): fact.trick - 1 for fact in result.plays}
    view = trump_view(result.trump, result.no_trump == "low")
    out = []
    for f in result.findings:
        if f.category not in NOT_FOLLOWED or f.trick is None:
            continue
        fault = next((m for m in f.cards if m.role is Role.FAULT), None)
        if fault is None or fault.seat is None or not 0 < f.trick <= len(tricks):
            continue
        for proof in (m for m in f.cards if m.role is Role.PROOF):
            later = at.get((fault.seat, proof.card))
            if later is None or later >= len(tricks):
                continue
            exchanged = ((f.trick - 1, fault.card, proof.card), (later, proof.card, fault.card))
            out.append((fault.seat, (f.trick - 1, later), tuple((t, w) for t, old, new in exchanged
                                                   if (w := _winner(tricks[t].plays, fault.seat, old, new, view)) is not None)))
    return out


def _with(winners: list[frozenset[Seat]], legal: tuple[tuple[int, Seat], ...]) -> list[frozenset[Seat]]:
    out = list(winners)
    for t, seat in legal:
        out[t] = frozenset({seat})
    return out


def _winner(plays: tuple[Play, ...], seat: Seat, old: Card, new: Card, view: TrumpView) -> Seat | None:
    """Who wins the trick with ``seat``'s ``old`` card played as ``new``."""
    cards = [(p.seat, new if p.seat is seat and p.card == old else p.card) for p in plays]
    if not cards or any(c not in view.suit_of for _, c in cards):
        return None
    led = view.suit_of[cards[0][1]]
    return max(cards, key=lambda sc: view.strength(sc[1], led))[0]


# --------------------------------------------------------------- a trick line not read
def _lost_trick(record: HandRecord, ev: Evidence) -> tuple[LostLine, int] | None:
    """The hand's one trick line that could not be read, where every other is written, and its place among
    the written tricks (where it stands, or where the reading the search started from put it)."""
    lost = [line for line in record.lost if effective_kind(line, record, ev.table.tricks) == TRICK]
    if len(lost) != 1 or len(record.tricks) + 1 != ev.table.tricks:
        return None
    (unknown,) = with_lost_tricks(record, lost)[1]
    return lost[0], unknown - 1


def _one_not_written(record: HandRecord, ev: Evidence) -> bool:
    """Whether one trick of a played hand is not written at all (no line for it, read or not), where it may have
    stood anywhere among the others (not claimed, nor a record whose tricks are known to be the first ones)."""
    return (bool(record.tricks) and record.claim is None and not record.tricks_in_order
            and len(record.tricks) + 1 == ev.table.tricks
            and not any(effective_kind(line, record, ev.table.tricks) == TRICK for line in record.lost))


def _left(record: HandRecord, result: HandResult) -> dict[Seat, Card] | None:
    """Each player's one card that no written trick shows (the cards of the trick not read), where the deal
    shows it."""
    playing = {p.seat for t in record.tricks for p in t.plays}
    held = holdable(record, result)
    played = {p.card for t in record.tricks for p in t.plays}
    left = {seat: held.get(seat, set()) - played for seat in playing}
    if not playing or any(len(cards) != 1 for cards in left.values()):
        return None
    return {seat: next(iter(cards)) for seat, cards in left.items()}


def _led_from(left: dict[Seat, Card], leader: Seat, ev: Evidence) -> tuple[Play, ...]:
    return tuple(Play(seat, left[seat], Pos(0, 0)) for seat in ev.table.clockwise_from(leader) if seat in left)


def _possible_winners(left: dict[Seat, Card] | None, result: HandResult, ev: Evidence) -> frozenset[Seat]:
    """Who can have won the trick of ``left``'s cards, whoever led it (none known: its next lead is open)."""
    if left is None:
        return frozenset()
    view = trump_view(result.trump, result.no_trump == "low")
    if any(card not in view.suit_of for card in left.values()):
        return frozenset()
    out = set()
    for leader in left:
        plays = _led_from(left, leader, ev)
        led = view.suit_of[plays[0].card]
        out.add(max(plays, key=lambda p: view.strength(p.card, led)).seat)
    return frozenset(out)


def _as_read(lost: LostLine, left: dict[Seat, Card] | None, leader: Seat | None, ev: Evidence) -> TrickRecord:
    """The trick of the line not read, as an order reads it: its cards led by ``leader`` where both are known."""
    pos = Pos(lost.line, 1)
    if left is None or leader is None or leader not in left:
        return TrickRecord((), pos)
    return TrickRecord(tuple(Play(p.seat, p.card, pos) for p in _led_from(left, leader, ev)), pos)


# --------------------------------------------------------------- the edit
def _line(trick: TrickRecord, read: bool) -> str:
    if read:
        return f"`trick {plays_text(trick.plays)}` (line {trick.pos.line})"
    cards = f": from the deal, `trick {plays_text(trick.plays)}`" if trick.plays else ""
    return f"the trick line not read (line {trick.pos.line}{cards})"


def _order_message(tricks: list[TrickRecord], i: int, j: int, moved: bool, sure: bool = True,
                   not_read: int | None = None, numbered: bool = True) -> str:
    """The slip in words: the tricks by number, or (``numbered`` false: a trick not written, whose place, and so
    the others' numbers, the record does not show) the trick lines by the lines they stand on."""
    a, b = tricks[i], tricks[j]
    line_a, line_b = _line(a, i != not_read), _line(b, j != not_read)
    likely, write = ("are most likely", "write") if sure else ("may be", "if so, write")
    where = "before" if j < i else "after"
    led = "each trick is led by the winner of the trick before"
    if numbered:
        both, one, read = f"tricks {i + 1} and {j + 1}", f"trick {i + 1}", f"read as trick {j + 1}"
    else:
        both, one, read = (f"the trick lines at lines {a.pos.line} and {b.pos.line}", f"the trick line at line {a.pos.line}",
                           f"read {where} line {b.pos.line}")
        led += " (the trick not written where it fits)"
    if not moved:
        return f"{both} {likely} written in the wrong order: read the other way round, {led}; {write} {line_b} before {line_a}"
    likely = "is most likely" if sure else "may be"
    return f"{one} {likely} written in the wrong place: {read}, {led}; {write} {line_a} {where} {line_b}"


def trick_lines(cand: Candidate, result: HandResult, ev: Evidence) -> Iterator[Candidate]:
    """Two trick lines in the wrong order, or one in the wrong place, found by the leads: each trick's winner
    leads the next, whatever else is wrong in the hand (a trick's winner does not depend on where its line
    stands).  The orders that leave fewer wrong leads than as written are proposed, the fewest first; the
    replay of each judges every card in that order, so a real offence in the hand still stands.  A trick line
    not read, in a hand with every other written, is one of the lines: it is led by whoever the order has
    lead it, and won by whoever its cards then win.  A trick not written at all may have stood anywhere: each
    order's leads are counted with it where it puts fewest wrong (as the reading of the gap places it), and an
    order is proposed too where it leaves fewer wrong with no trick in its place (that place must not hide two
    lines the leads show swapped); the slip is then named by its lines, the tricks' numbers being unknown.

    But a card played illegally changes who won its trick, and that of the trick where the card it should
    have been was played: where the table played on as if the legal card had been played (every lead is right
    with the two cards the other way round), the wrong leads may be that offence's.  Then an order that
    leaves the offence's two tricks where they are written and makes every lead right is read beside it (the
    search weighs the two accounts); an order that moves them (an offence nobody called) is kept only as
    likely as the best other reading, never more.  An order that makes anyone offend who did not as written is
    not read either (:mod:`.nearest`)."""
    if not shows(result, WRONG_LEADER):
        return
    record = cand.record
    tricks = record.tricks
    if len(tricks) > ev.table.tricks:
        return
    winners: list[frozenset[Seat]] = [frozenset() for _ in tricks]
    for fact in result.plays:
        if fact.won and fact.trick <= len(tricks):
            winners[fact.trick - 1] = frozenset({fact.seat})
    played = {fact.trick for fact in result.plays}
    # a trick that names a seat twice shows no leader to be sure of (its first letter may be the slip): it moves no order
    leaders: list[Seat | None] = [
        t.plays[0].seat if t.plays and i + 1 in played and len({p.seat for p in t.plays}) == len(t.plays) else None
        for i, t in enumerate(tricks)]
    written = list(range(len(tricks)))
    n = len(tricks)
    lost = _lost_trick(record, ev)
    free = lost is None and _one_not_written(record, ev)
    left = None
    # trick ``n``: the line not read (at its place in ``written``), or the trick not written (``free``: it stands
    # where it puts fewest leads wrong); its leader open, its winner its cards'
    if lost is not None or free:
        left = _left(record, result)
        leaders.append(None)
        winners.append(_possible_winners(left, result, ev))
        if lost is not None:
            written.insert(lost[1], n)
    first = result.first_leader

    def breaks(order: list[int], wins: list[frozenset[Seat]] = winners, placed: bool = free) -> int:
        if not placed:
            return _breaks(order, leaders, wins, first)
        return min(_breaks([*order[:at], n, *order[at:]], leaders, wins, first) for at in range(len(order) + 1))

    now = breaks(written)
    # (and, where a trick is not written, the wrong leads as written with no trick in its place, as the lines
    # stand: an order that leaves fewer of those is proposed too, whatever the missing trick's place allows)
    unplaced = breaks(written, placed=False)
    # the tricks of an offence the wrong leads can be laid to (the table led on as if the legal card had been played)
    explaining = [(seat, pair) for seat, pair, legal in _legal_winners(tricks, result)
                  if breaks(written, _with(winners, legal)) == 0]
    offence = {written.index(t) for _, pair in explaining for t in pair}
    called = bool({seat for seat, _ in explaining} & {call.seat for call in record.reneges})
    found = []
    for order, (i, j, moved) in orders(len(written)):
        read = [written[k] for k in order]
        if any(leaders[written[k]] is None and (lost is None or written[k] != len(tricks)) for k in (i, j)):
            continue
        if called and any(order[t] != t for t in offence):
            continue  # the table called the offence: no order reads it away
        wrong = breaks(read)
        fewer = wrong < now or (free and breaks(read, placed=False) < unplaced)
        if fewer and (wrong == 0 or not offence):  # beside the offence's account, only an order with every lead right
            found.append((wrong, moved, order, i, j))
    found.sort(key=lambda f: f[:2])  # the fewest wrong leads first, two lines swapped before one moved
    for wrong, moved, order, i, j in found[:MAX_ORDERS]:
        read = [written[k] for k in order]
        named = [tricks[k] if k < len(tricks) else _not_read(lost, left, read, winners, first, ev) for k in written]
        not_read = written.index(len(tricks)) if lost is not None else None
        # an order that moves the offence's tricks (not called at the table) is as good an account as the offence,
        # never a better one: the two are read, and the offence and the leads out of turn, which only one of them
        # shows, are no ruling
        edit = Edit(Shape.LINES_SWAPPED, TRICKS_OUT_OF_ORDER, named[i].pos,
                    _order_message(named, i, j, moved, not_read=not_read, numbered=not free),
                    ("the hand is read with the tricks in that order, and every card is judged",),
                    trick=None if free else i + 1, cost=EVERY_LEAD_RIGHT if wrong == 0 else COST[Shape.LINES_SWAPPED],
                    leads_right=wrong == 0, only_alike=bool(offence) and any(order[t] != t for t in offence),
                    doubt=_order_message(named, i, j, moved, sure=False, not_read=not_read, numbered=not free))
        yield cand.then(edit, _in_order(record, read, lost))


def _not_read(lost: tuple[LostLine, int] | None, left: dict[Seat, Card] | None, read: list[int],
              winners: list[frozenset[Seat]], first: Seat | None, ev: Evidence) -> TrickRecord:
    """The trick of the line not read, led by the winner of the trick before it in the order ``read``."""
    assert lost is not None
    at = read.index(len(winners) - 1)  # (the line not read is the last of the tricks ``winners`` knows)
    before = winners[read[at - 1]] if at else frozenset({first}) if first is not None else frozenset()
    return _as_read(lost[0], left, next(iter(before)) if len(before) == 1 else None, ev)


def _in_order(record: HandRecord, read: list[int], lost: tuple[LostLine, int] | None) -> HandRecord:
    """The hand with its written tricks in the order ``read``, the line not read (trick ``len(record.tricks)``)
    at its place in it."""
    n = len(record.tricks)
    tricks = tuple(record.tricks[k] for k in read if k < n)
    if lost is None:
        return replace(record, tricks=tricks)
    line = lost[0]
    placed = replace(line, slot=read.index(n))
    return replace(record, tricks=tricks, lost=tuple(placed if other is line else other for other in record.lost))
