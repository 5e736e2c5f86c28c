"""One simulated hand, from the shuffle to the points: its lines and its facts."""

from __future__ import annotations

import random

from ..cards import Card, Seat
from ..rules.schema import Ruleset
from ..table import Table
from .bidding import Bidder, Contract
from .dealing import Deal, deal, deal_line, farmers_exchange, joker_suit, misdeal_declared, tableau_line
from .exchanges import going_under, partners_best
from .facts import FACE_DOWN_CODE, SimHand
from .play import TrickPlay
from .scoring import hand_points, is_fast_break, with_renege_penalty
from .sense import worst


#: how often a record leaves out what EGN records only "if known": the cards given for the kitty when going
#: under (the cards taken are written), the lone maker's discard for partner's best
LEAVE_OUT = 0.25


class HandSimulator:
    """One hand being simulated.  ``called``: how often the table calls the injected wrong card (a `renege` line)."""

    def __init__(self, rules: Ruleset, deck: tuple[Card, ...], rng: random.Random, number: int, dealer: Seat,
                 inject: str | None, table: Table, called: float = 0.0) -> None:
        self.rules = rules
        self.deck = deck
        self.rng = rng
        self.number = number
        self.dealer = dealer
        self.called = called
        self.table = table
        self.tricks = TrickPlay(rules, rng, inject, table)
        #: the wrong card played on purpose: trick, seat, code, and its line's index among the hand's lines
        self.injected: tuple[int, Seat, str, int] | None = None
        self.facts = SimHand(number, dealer, sides=table.sides, tricks_won=table.zeros, points_won=table.zeros)

    def run(self) -> list[str]:
        rules, rng, dealer, facts, table = self.rules, self.rng, self.dealer, self.facts, self.table
        cards = deal(rules, self.deck, rng, dealer, table)
        hands, up = cards.hands, cards.up
        facts.up_suit = joker_suit(rules, up, rng)
        lines = [f"hand {self.number} dealer {dealer}", deal_line(hands, dealer, table)]
        if cards.piles is not None:
            lines.append(tableau_line(cards.piles, dealer, table))
        lines.append(f"up {up}" + (f" {facts.up_suit.value}" if facts.up_suit is not None else ""))
        facts.misdeal = misdeal_declared(rules, hands, dealer, rng, table)
        if facts.misdeal is not None:  # the hand is not played, and the deal passes on
            lines.append(f"misdeal {facts.misdeal}")
            return lines
        lines.extend(self.exchange_with_kitty(cards))
        shown = {seat: [face_up for face_up, _ in piles] for seat, piles in cards.piles.items()} if cards.piles else None
        bidder = Bidder(rules, hands, up, facts.up_suit, dealer, table, shown)
        contract = bidder.bid()
        bidder.defend_alone(contract, rng)
        lines.append("bid " + ", ".join(contract.calls))
        maker = contract.maker
        if maker is None:
            return lines
        facts.maker, facts.trump, facts.no_trump = maker, contract.trump, contract.no_trump
        facts.alone, facts.round, facts.defender = contract.alone, contract.round, contract.defender
        discard = self.dealer_takes_up(hands, up, contract)
        if discard is not None:
            lines.append(f"discard {discard}")
        best = partners_best(rules, hands, contract, rng, table, self.up_taken_sitting_out(up, contract))
        if best is not None:
            facts.best_from, facts.best_card, facts.best_discard = best
            left_out = rng.random() < LEAVE_OUT  # the discard unwritten, as EGN may record it: the audit infers it
            lines.append(f"best {facts.best_from}: {facts.best_card}" + ("" if left_out else f" discard {facts.best_discard}"))
        first_trick_line = len(lines)
        lines.extend(self.tricks.play(hands, dealer, contract.trump, contract.low, maker, contract.alone,
                                      contract.defender, self.deck, cards.piles))
        facts.tricks_won = self.tricks.tricks_won
        facts.fast_break = is_fast_break(rules, facts, self.tricks.winners, table)
        facts.points_won = hand_points(rules, facts, table)
        if self.tricks.injected is not None:
            t, seat, code, _ = self.tricks.injected
            self.injected = (t, seat, code, first_trick_line + t - 1)
            if self.called > 0 and code != FACE_DOWN_CODE and rng.random() < self.called:  # the table calls it: the renege penalty
                facts.renege_called = seat
                facts.points_won = with_renege_penalty(rules, facts, table.side(seat), table)
                lines.append(f"renege {seat}")
        return lines

    def exchange_with_kitty(self, cards: Deal) -> list[str]:
        """The kitty's exchange before the bidding, once a hand: a farmer's hand, else going under."""
        rules, rng, dealer, facts = self.rules, self.rng, self.dealer, self.facts
        face_down = len(cards.face_down)
        exchange = farmers_exchange(rules, cards, dealer, rng, self.table)
        if exchange is not None:
            facts.farmer, given = exchange
            facts.farmer_gave = tuple(given)
            return [f"farmer {facts.farmer}: " + _cards(given)]
        under = going_under(rules, cards, dealer, rng, self.table)
        if under is None:
            return []
        facts.under, gave, took = under
        facts.under_gave, facts.under_took = tuple(gave), tuple(took)
        if rng.random() < LEAVE_OUT:  # only the cards taken, as EGN may record it: the audit infers those given
            return [f"under {facts.under}: for {_cards(took)}"]
        # with more than three face-down cards in the kitty, the three taken are named
        return [f"under {facts.under}: " + _cards(gave) + (f" for {_cards(took)}" if face_down > len(took) else "")]

    def up_taken_sitting_out(self, up: Card, contract: Contract) -> Card | None:
        """The up card, where the dealer sits out for a lone maker partner after an order and still takes it
        up (``bidding.sitting_out_dealer_takes_up``; the discard is left unwritten); else None."""
        maker = contract.maker
        if contract.round != 1 or not contract.alone or maker is None or self.table.partner[maker] is not self.dealer:
            return None
        return up if self.rules.bidding.sitting_out_dealer_takes_up else None

    def dealer_takes_up(self, hands: dict[Seat, list[Card]], up: Card, contract: Contract) -> Card | None:
        """After an order in round 1 the dealer takes the up card and discards one (never the up card where the
        ruleset forbids it): the discard, or None.

        A dealer who sits out takes it up only where ``bidding.sitting_out_dealer_takes_up`` says so, and the
        discard of one who sits out for a lone maker partner is left unwritten (the audit allows both, and
        the standard game's generated files have always left it out).
        """
        if contract.round != 1 or contract.trump is None:
            return None
        maker, dealer = contract.maker, self.dealer
        assert maker is not None
        partner = self.table.partner
        if contract.alone and partner[maker] is dealer:
            return None
        if contract.defender is not None and partner[contract.defender] is dealer and not self.rules.bidding.sitting_out_dealer_takes_up:
            return None
        held = hands[dealer] + [up]
        keep = None if self.rules.bidding.dealer_may_discard_up_card else up
        discard = worst(held, contract.trump, keep)
        held.remove(discard)
        hands[dealer] = held
        return discard


def _cards(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards)
