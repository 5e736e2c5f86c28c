"""One simulated hand, from the shuffle to the points: its lines and its facts."""

from __future__ import annotations

import random

from ..cards import Card, Seat, Team
from ..rules.schema import Ruleset
from .bidding import bid
from .dealing import deal, deal_line
from .facts import SimHand
from .play import TrickPlay
from .sense import worst


class HandSimulator:
    """One hand being simulated."""

    def __init__(self, rules: Ruleset, deck: tuple[Card, ...], rng: random.Random, number: int, dealer: Seat,
                 inject: str | None) -> None:
        self.rules = rules
        self.deck = deck
        self.rng = rng
        self.number = number
        self.dealer = dealer
        self.tricks = TrickPlay(rules, rng, inject)
        #: the wrong card played on purpose: trick, seat, code, and its line's index among the hand's lines
        self.injected: tuple[int, Seat, str, int] | None = None
        self.facts = SimHand(number, dealer)

    def points(self, maker: Seat, alone: bool) -> tuple[int, int]:
        table = self.rules.scoring
        taken = self.facts.tricks_ns if maker.team is Team.NS else self.facts.tricks_ew
        if taken < table.majority:
            maker_pts, defender_pts = 0, table.lone_euchre if alone else table.euchre
        elif taken >= self.rules.deck.hand_size:
            maker_pts, defender_pts = table.lone_march if alone else table.march, 0
        else:
            maker_pts, defender_pts = table.lone_make if alone else table.make, 0
        return (maker_pts, defender_pts) if maker.team is Team.NS else (defender_pts, maker_pts)

    def run(self) -> list[str]:
        hands, up = deal(self.rules, self.deck, self.rng, self.dealer)
        lines = [f"hand {self.number} dealer {self.dealer}", deal_line(hands, self.dealer), f"up {up}"]
        contract = bid(self.rules, hands, up, self.dealer)
        lines.append("bid " + ", ".join(contract.calls))
        maker, trump, alone = contract.maker, contract.trump, contract.alone
        if maker is None or trump is None:
            return lines
        facts = self.facts
        facts.maker, facts.trump, facts.alone, facts.round = maker, trump, alone, contract.round
        dealer_sits_out = alone and maker.partner is self.dealer
        if facts.round == 1 and not dealer_sits_out:
            held = hands[self.dealer] + [up]
            keep = None if self.rules.bidding.dealer_may_discard_up_card else up
            discard = worst(held, trump, keep)
            held.remove(discard)
            hands[self.dealer] = held
            lines.append(f"discard {discard}")
        first_trick_line = len(lines)
        lines.extend(self.tricks.play(hands, self.dealer, trump, maker, alone))
        facts.tricks_ns, facts.tricks_ew = self.tricks.tricks_ns, self.tricks.tricks_ew
        facts.points_ns, facts.points_ew = self.points(maker, alone)
        if self.tricks.injected is not None:
            t, seat, code, _ = self.tricks.injected
            self.injected = (t, seat, code, first_trick_line + t - 1)
        return lines
