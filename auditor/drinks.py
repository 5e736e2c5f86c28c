"""Drinking-game rules as data: the drinks each player owes per hand and why.

The rules are those of seed 000 ("How To Drink", rules 1-8), with every number
read from the ruleset's ``drinks`` section (:class:`DrinkRules`).  This module
only counts: it reads what the replay established about a hand (who made
trump, who won each trick, who did not follow suit, the points, a called
renege) and knows nothing of the notation.

Readings of the seed that the numbers alone do not settle:

* "the losing team" and "the opposing team" are both players of a side,
  a partner sitting out a lone hand included.
* Rule 4 ("Take one drink if you cannot Follow Suit") counts every card that
  did not follow the suit led, except one the audit proves the player could
  have followed with (a renege, or an illegal follow of the left bower): that
  player could follow, so rule 4 does not apply; rule 5 does when the renege
  was called.  A card off suit that the record cannot prove either way counts.
* Rule 8's extra drink for the lone player is added once to each of the lone
  player's drinking occasions (each lost trick, each card off suit, conceded
  points, a renege); "If the Lone Hand loses, then the Lone Hand drinks 5
  times" replaces rule 7 (4, plus the extra 1) for the lone player.
* A hand recorded after the game was won counts no drinks, as it counts no
  points; a called renege that voids the hand's result voids rules 7 and 8's
  make/euchre drinks too (the points that were scored still count under 3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Seat, Side
from .findings import LEFT_BOWER_LED, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_ONLY_TRUMP, RENEGE
from .model import CallKind, HandRecord
from .results import HandResult, Outcome
from .scoring import renege_points
from .rules.schema import Ruleset
from .table import FOUR

#: the drinking game is a four-player partnership game (a ruleset with ``drinks`` must have partners)
_PARTNER, _SIDE = FOUR.partner, FOUR.side_of
_OTHER = {Side.NS: Side.EW, Side.EW: Side.NS}

_EUCHRES = (Outcome.EUCHRE, Outcome.LONE_EUCHRE)
#: the findings that prove a player off suit held the suit led (so rule 4, "if you cannot Follow Suit", is not theirs)
_COULD_FOLLOW = frozenset({RENEGE, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_LED, LEFT_BOWER_ONLY_TRUMP})
_LONE_MADE = (Outcome.LONE_MAKE, Outcome.LONE_MARCH)


@dataclass(frozen=True, slots=True)
class Drink:
    """``count`` drinks owed by ``seat`` in hand ``hand`` under rule ``rule`` (1-8)."""

    hand: int
    seat: Seat
    count: int
    rule: int
    reason: str


def _times(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def hand_drinks(record: HandRecord, result: HandResult, rules: Ruleset) -> list[Drink]:
    """The drinks owed in one replayed hand (empty when the ruleset has no drinking rules)."""
    table = rules.drinks
    if table is None or not result.counted or result.broken:
        return []
    loner = result.maker if result.alone and result.maker is not None else None
    voided = result.penalized is not None and not rules.renege.hand_stands
    out: list[Drink] = []

    def owe(seat: Seat, each: int, rule: int, reason: str, occasions: int = 1) -> None:
        """``each`` drinks per occasion; the lone player adds rule 8's extra to every occasion."""
        count = each * occasions
        if count <= 0:
            return
        if seat is loner and table.lone_extra:
            count += table.lone_extra * occasions
            reason += f" (+{table.lone_extra} {'each time ' if occasions > 1 else ''}for playing alone)"
        out.append(Drink(record.number, seat, count, rule, reason))

    # rule 6: the up card is turned face down when all four pass in round 1
    calls = record.calls
    if len(calls) >= 4 and all(c.kind is CallKind.PASS for c in calls[:4]):
        for seat in Seat:
            out.append(Drink(record.number, seat, table.up_card_turned_down, 6, "the up card was turned down"))
    # rule 1: everyone but the maker drinks
    maker = result.maker
    if maker is not None:
        for seat in Seat:
            if seat is not maker and table.trump_caller_others:
                out.append(Drink(record.number, seat, table.trump_caller_others, 1, f"{maker} made trump"))
    # rule 8: the lone player's partner
    if loner is not None and table.lone_partner:
        out.append(Drink(record.number, _PARTNER[loner], table.lone_partner, 8, f"partner {loner} went alone"))
    # rule 2: each trick lost, for both players of the losing side
    lost: dict[Side, list[int]] = {Side.NS: [], Side.EW: []}
    for fact in result.plays:
        if fact.won:
            lost[_OTHER[_SIDE[fact.seat]]].append(fact.trick)  # type: ignore[index]
    if not result.plays and result.tricks_won is not None:
        ns, ew = result.tricks_won
        counted = {Side.NS: ew, Side.EW: ns}  # only the counts are recorded
        for team, n in counted.items():
            for seat in team.seats:
                owe(seat, table.trick_lost, 2, f"their side lost {_times(n, 'trick')}", n)
    for team, tricks in lost.items():
        if tricks:
            listed = ", ".join(str(t) for t in tricks)
            for seat in team.seats:
                owe(seat, table.trick_lost, 2, f"their side lost {_times(len(tricks), 'trick')} ({listed})", len(tricks))
    # rule 4: a card that did not follow the suit led, by a player who could not follow it
    could_follow = {(f.trick, f.seat) for f in result.findings if f.code in _COULD_FOLLOW}
    off_suit: dict[Seat, list[int]] = {}
    for fact in result.plays:
        if not fact.followed and (fact.trick, fact.seat) not in could_follow:
            off_suit.setdefault(fact.seat, []).append(fact.trick)
    for seat, tricks in sorted(off_suit.items()):
        listed = ", ".join(str(t) for t in tricks)
        owe(seat, table.failed_to_follow, 4, f"could not follow the suit led ({_times(len(tricks), 'time')}: trick {listed})", len(tricks))
    # rule 3: points the other side scored
    for team in (Side.NS, Side.EW):
        scored = result.points_of(team)
        if scored > 0:
            for seat in _OTHER[team].seats:
                owe(seat, table.per_point_conceded * scored, 3, f"{team} scored {_times(scored, 'point')}")
    # rule 5: a called renege
    if result.penalized is not None:
        penalty = renege_points(rules, result.alone or result.defender_alone is not None)
        offender = next((c.seat for c in record.reneges if _SIDE[c.seat] is result.penalized), None)
        for seat in result.penalized.seats:
            owe(seat, table.renege_per_point * penalty, 5, f"a renege by their side was called ({_times(penalty, 'point')} to {_OTHER[result.penalized]})")
        if offender is not None:
            owe(offender, table.renege_extra, 5, "the called renege was theirs")
    # rules 7 and 8: the result of the hand
    if not voided and maker is not None and result.outcome in _EUCHRES:
        for seat in _SIDE[maker].seats:  # type: ignore[union-attr]
            if seat is loner:
                if table.lone_failure:
                    out.append(Drink(record.number, seat, table.lone_failure, 8, "their lone hand was euchred"))
            elif table.euchred:
                out.append(Drink(record.number, seat, table.euchred, 7, "their side was euchred"))
    if not voided and loner is not None and result.outcome in _LONE_MADE and table.lone_success_extra:
        for seat in _OTHER[_SIDE[loner]].seats:  # type: ignore[index]
            out.append(Drink(record.number, seat, table.lone_success_extra, 8, f"{loner} made the lone hand"))
    out.sort(key=lambda d: d.rule)  # stable: the seats stay in order within a rule
    return out


DrinkTable = dict[str, list[tuple[int, str, int]]]


def empty_table() -> DrinkTable:
    """Drinks per seat name ("N".."W"): a list of (hand number, reason, count)."""
    return {seat.name: [] for seat in Seat}


def add_to_table(table: DrinkTable, drinks: Iterable[Drink]) -> None:
    for drink in drinks:
        table[drink.seat.name].append((drink.hand, f"rule {drink.rule}: {drink.reason}", drink.count))


def totals(table: DrinkTable) -> dict[str, int]:
    """Drinks per seat name for the whole game."""
    return {seat: sum(count for _, _, count in entries) for seat, entries in table.items()}
