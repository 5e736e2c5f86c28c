"""The par contract of a deal: each side's best contract, double dummy, alone or not.

For each side, every contract it could make is played out double dummy from
the deal as written, and scored by the ruleset's table (the makers' points,
or minus the defenders' when the makers are euchred):

- the up card's suit, ordered up in round 1: the dealer takes the up card and
  discards the card that is best for the dealer's side;
- each other suit named in round 2 (the turned-down suit too where
  ``bidding.may_name_turned_down_suit`` allows it), and no trump high or low
  where ``bidding.no_trump_calls`` allows it, with the hands as dealt;
- with the partnership, and alone by either player where the ruleset allows
  going alone in that round; the first lead follows ``play.first_lead`` and
  ``play.first_lead_alone``.

The side's par is the contract worth the most points to it (ties: with the
partnership before alone, then more tricks, then the suit order C D H S,
high, low).  What it leaves out: the order of the bidding (who gets to name
trump first), defending alone, and the variations that change the cards
before the play (the joker turned up, the farmer's hand, going under,
partner's best): a deal with one of them has no par.

A lone contract is searched only when its best score could beat the side's
best so far, and then only as far as its score needs ("every trick?", "a
majority?"), so most deals cost a few searches.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SEATS, Card, Seat, Suit, Team
from ..model import HandRecord
from ..scoring import hand_points
from ..rules.schema import FirstLead, NoTrumpCall, Ruleset
from .position import Contract, Position
from .solver import Solver
from ..table import FOUR

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of


@dataclass(frozen=True, slots=True)
class ParContract:
    side: Team
    contract: Contract
    ordered: bool  # the up card's suit, ordered up in round 1
    alone: Seat | None
    tricks: int  # the side's tricks, double dummy
    points: int  # to the side (negative: the other side scores them)

    @property
    def text(self) -> str:
        c = self.contract
        name = c.trump.value if c.trump is not None else ("low" if c.low else "high")
        if self.ordered:
            name += " (ordered up)"
        return name + (f", {self.alone} alone" if self.alone is not None else "")


@dataclass(frozen=True, slots=True)
class _Option:
    contract: Contract
    ordered: bool
    no_trump: bool


def par(record: HandRecord, rules: Ruleset, max_nodes: int) -> dict[Team, ParContract] | None:
    """Each side's par contract, or None when the deal is not written whole or the play starts from other cards."""
    size = rules.deck.hand_size
    dealt = {h.seat: frozenset(h.cards) for h in record.deal}
    up = record.up
    if (not record.has_full_deal or up is None or up.is_joker or record.exchanges or record.misdeals
            or any(len(h.cards) != size or len(dealt[h.seat]) != size for h in record.deal)
            or len(frozenset().union(*dealt.values()) | {up}) != 4 * size + 1):
        return None
    deal = _Deal(record, rules, dealt, max_nodes)
    options = [_Option(Contract(up.suit), True, False)]
    options += [_Option(Contract(s), False, False) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
                if s is not up.suit or rules.bidding.may_name_turned_down_suit]
    options += [_Option(Contract(None, call is NoTrumpCall.LOW), False, True) for call in rules.bidding.no_trump_calls]
    best: dict[Team, ParContract] = {}
    for option in options:  # with the partnership: one search gives both sides' tricks
        ns = deal.tricks(option, None, Team.NS)
        for team, tricks in ((Team.NS, ns), (Team.EW, size - ns)):
            best[team] = _better(best.get(team), _scored(rules, team, option, None, tricks))
    for option in options:
        if not (rules.bidding.alone_on_order if option.ordered else rules.bidding.alone_on_call):
            continue
        for seat in SEATS:
            team = _TEAM[seat]
            reached = deal.reaches(option, seat, team, best[team])
            if reached is not None:  # it beats the side's best so far: how many tricks exactly
                best[team] = _scored(rules, team, option, seat, deal.tricks(option, seat, team))
    return best


def _scored(rules: Ruleset, team: Team, option: _Option, alone: Seat | None, tricks: int) -> ParContract:
    makers, defenders, _ = hand_points(rules, alone is not None, tricks, False, option.no_trump)
    return ParContract(team, option.contract, option.ordered, alone, tricks, makers - defenders)


def _rank(p: ParContract) -> tuple[int, int, int, int]:
    c = p.contract
    order = "CDHS".index(c.trump.value) if c.trump is not None else (5 if c.low else 4)
    return (p.points, p.alone is None, p.tricks, -order)


def _better(a: ParContract | None, b: ParContract) -> ParContract:
    return b if a is None or _rank(b) > _rank(a) else a


class _Deal:
    """The deal's contracts, each as a position (or one per discard the dealer may make)."""

    def __init__(self, record: HandRecord, rules: Ruleset, dealt: dict[Seat, frozenset[Card]], max_nodes: int) -> None:
        self.record, self.rules, self.dealt, self.max_nodes = record, rules, dealt, max_nodes

    def variants(self, option: _Option, alone: Seat | None, team: Team) -> tuple[Solver, list[Position]]:
        """The contract's positions, one per discard the dealer may make (one when the dealer takes no card or
        sits out), and one solver for them all (its table serves every discard)."""
        record, rules, dealer = self.record, self.rules, self.record.dealer
        out = {FOUR.partner[alone]} if alone is not None else set()
        seats = tuple(s for s in SEATS if s not in out)
        rule = rules.play.first_lead_alone if alone is not None else rules.play.first_lead
        leader = FOUR.left[alone] if rule is FirstLead.LONER_LEFT and alone is not None else FOUR.left[dealer]
        while leader in out:
            leader = FOUR.left[leader]
        discards: list[Card | None] = [None]
        if option.ordered and dealer in seats:
            discards = _discards(self.dealt, dealer, record.up, option.contract)  # type: ignore[arg-type]
        positions = []
        for discard in discards:
            hands = dict(self.dealt)
            if discard is not None:
                hands[dealer] = (hands[dealer] | {record.up}) - {discard}  # type: ignore[operator]
            positions.append(Position(seats, tuple(_TEAM[s] for s in seats), tuple(hands[s] for s in seats),
                                      option.contract, seats.index(leader)))
        spare = {seats.index(dealer): self.dealt[dealer] | {record.up}} if discards != [None] else None  # type: ignore[operator]
        return Solver(positions[0], team, self.max_nodes, spare), positions

    def tricks(self, option: _Option, alone: Seat | None, team: Team) -> int:
        """The team's tricks, the dealer discarding for the dealer's side: the first discard is searched in
        full, each other one only for whether it does better ("at least one more?")."""
        dealers = _TEAM[self.record.dealer]
        solver, positions = self.variants(option, alone, dealers)
        best = solver.value()
        for pos in positions[1:]:
            solver.reset(pos)
            if best < solver.tricks_left and solver.at_least(best + 1):
                best = solver.value_near(best + 1)
        return best if dealers is team else self.rules.deck.hand_size - best

    def reaches(self, option: _Option, alone: Seat | None, team: Team, beat: ParContract) -> int | None:
        """The first trick count, from the most down, at which the contract's score would beat ``beat`` and that
        the team is sure of; None when there is none.  Only the counts where the score changes are tried."""
        rules = self.rules
        levels = [k for k in (rules.deck.hand_size, rules.scoring.majority, 0)
                  if _rank(_scored(rules, team, option, alone, k)) > _rank(beat)]
        if not levels:
            return None
        solver, positions = self.variants(option, alone, team)
        own = _TEAM[self.record.dealer] is team  # the dealer discards for the dealer's side
        for k in levels:
            sure = []
            for pos in positions:
                solver.reset(pos)
                sure.append(solver.at_least(k))
                if sure[-1] == own:  # one discard that lets it (own side), or one that stops it (the other)
                    break
            if (any if own else all)(sure):
                return k
        return None


def _discards(dealt: dict[Seat, frozenset[Card]], dealer: Seat, up: Card, contract: Contract) -> list[Card | None]:
    """The dealer's possible discards after taking ``up``, one of each set that leave the same position."""
    view = contract.view
    held = dealt[dealer] | {up}
    others = frozenset().union(*(h for s, h in dealt.items() if s is not dealer))
    out: list[Card | None] = []
    for card in sorted(held, key=lambda c: (view.suit_of[c].value, view.power[c])):
        suit = view.suit_of[card]
        twin = next((c for c in out if c is not None and view.suit_of[c] is suit and not any(
            view.suit_of[o] is suit and min(view.power[c], view.power[card]) < view.power[o] < max(view.power[c], view.power[card])
            for o in others)), None)
        if twin is None:
            out.append(card)
    return out
