"""Replay one hand against a ruleset: deal, bidding, discard, tricks, points.

The replay is a small state machine in PokerKit's manner: each action has a
``verify_*`` step that reports what is wrong with it (as findings, never by
stopping) and an apply step that moves the state on as the table actually
played, so that one mistake does not hide the next.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Card, Rank, Seat, Suit, Team, deck, display_order
from ..findings import (
    Category,
    CARD_NOT_IN_DECK,
    DISCARD_MISSING,
    DISCARD_NOT_HELD,
    DISCARD_UP_CARD,
    DISCARD_WITHOUT_PICKUP,
    DUPLICATE_CARD,
    RENEGE_DISPROVEN,
    RENEGE_UNPROVEN,
    STATEMENT_REPEATED,
    TRICK_COUNT_MISMATCH,
    TRICKS_MISSING,
    UP_CARD_IN_HAND,
    WRONG_HAND_SIZE,
    Code,
    Finding,
    MarkedCard,
    Role,
    Severity,
)
from ..model import HandRecord, Pos
from ..said import said
from ..rules.schema import Ruleset
from .results import HandResult, Outcome, PlayFact
from .scoring import hand_points, renege_points
from .bidding import Bidding
from .deal_variations import DealVariations
from .tricks import TrickPlay



class HandReplay(TrickPlay, Bidding, DealVariations):
    """The state of one hand while it is replayed.

    ``unknown``: the tricks (numbered from 1) whose cards the record lost: the
    record holds an empty trick in their place.  ``unjudged``: the positions of
    the plays that were worked out rather than written.
    """

    def __init__(
        self,
        record: HandRecord,
        rules: Ruleset,
        game: int,
        deck: frozenset[Card] | None = None,
        *,
        unknown: frozenset[int] = frozenset(),
        unjudged: frozenset[Pos] = frozenset(),
    ) -> None:
        self.record = record
        self.rules = rules
        self.game = game
        self.deck = deck if deck is not None else deck_of(rules)  # a game's replay passes its deck
        self.result = HandResult(record.number, record.pos, record.dealer, up=record.up, recorded=record.score,
                                 deal=record.deal, calls=record.calls, discard=record.discard)
        # bidding state
        self.round = 1
        self.to_bid: Seat = record.dealer.left
        self.passes = 0
        self.closed = False
        self.thrown_in = False
        self.maker: Seat | None = None
        self.trump: Suit | None = None
        self.alone = False
        self.defender: Seat | None = None  # a defender who defends alone
        self.dealer_took_up = False
        self.turned_down: Suit | None = None  # the suit refused in round 1
        self.round_two_misdeal = False  # round 2 reached the dealer, and the ruleset ends the hand there
        self.no_trump: str | None = None  # "high" or "low": a no-trump hand
        self.low = False
        self.misdeal: Seat | None = None  # the seat that declared a misdeal (accepted)
        # holdings: seat -> cards still held, when the deal is recorded for that seat
        self.held: dict[Seat, set[Card]] = {}
        self.dealt_to: dict[Card, Seat] = {}
        self.seen: dict[Card, str] = {}  # card -> where it was first seen (for duplicates)
        self.discarded: Card | None = None
        #: seats dealt cards the deck does not have: as many of their cards are not known
        self.unnamed: dict[Seat, int] = {}
        # the tricks
        self.unknown = unknown
        self.unjudged = unjudged
        self.won = (0, 0)  # tricks each side is seen to win
        self.missing_tricks = 0  # tricks not in the record (unknown, or not written)

    @property
    def dealer(self) -> Seat:
        return self.record.dealer

    # ---------------------------------------------------------------- report
    def report(
        self,
        code: Code,
        message: str,
        pos: Pos,
        *,
        trick: int | None = None,
        seat: Seat | None = None,
        proof: tuple[str, ...] = (),
        severity: Severity | None = None,
        cards: tuple[MarkedCard, ...] = (),
    ) -> None:
        self.result.findings.append(
            Finding(code, message, pos, self.game, self.record.number, trick, seat, proof, severity, cards)
        )

    # ---------------------------------------------------------------- replay
    def run(self) -> HandResult:
        self.prepare()
        facts = self.play_tricks()
        self.settle(facts)
        return self.result

    def prepare(self) -> None:
        """Everything before the first card is played: the deal, the bidding, the dealer's pickup."""
        record = self.record
        for statement, pos in record.repeated:
            self.report(STATEMENT_REPEATED, f"'{statement}' is written twice in hand {record.number}; the first is used", pos)
        self.verify_deal()
        self.verify_up()
        self.exchange_cards()
        self.verify_misdeals()
        defense = record.lone_defense
        for index, call in enumerate(record.calls):
            if defense is not None and defense.after == index:
                self.defend(defense)
            self.bid(call)
        if defense is not None and defense.after >= len(record.calls):
            self.defend(defense)
        self.finish_bidding()
        self.verify_undeclared_misdeal()
        self.take_up_card()

    # ------------------------------------------------------------------ deal
    def _check_in_deck(self, card: Card, pos: Pos, what: str, seat: Seat | None = None, trick: int | None = None) -> None:
        """Report a card the ruleset's deck does not have (callers test membership first: hot path)."""
        if card not in self.deck:
            ranks = " ".join(sorted((r.value for r in self.rules.deck.ranks), key=lambda r: Rank.parse(r)))
            self.report(
                CARD_NOT_IN_DECK,
                f"{what} {card}, a card the deck of this ruleset does not have "
                f"({self.rules.name}: {len(self.deck)} cards, ranks {ranks} in each suit)",
                pos, seat=seat, trick=trick,
            )

    def verify_deal(self) -> None:
        record, size = self.record, self.rules.deck.hand_size
        seats_dealt: set[Seat] = set()
        for holding in record.deal:
            if holding.seat in seats_dealt:
                self.report(WRONG_HAND_SIZE, said("{seat}'s cards are written twice in the deal", seat=holding.seat), holding.pos, seat=holding.seat)
                continue
            seats_dealt.add(holding.seat)
            if len(holding.cards) != size:
                self.report(
                    WRONG_HAND_SIZE,
                    said("{seat} is dealt {n} cards; this ruleset deals {size}", seat=holding.seat, n=len(holding.cards), size=size),
                    holding.pos, seat=holding.seat, proof=(said("{seat}: {cards}", seat=holding.seat, cards=holding.cards),),
                )
            cards = set(holding.cards)
            if len(cards) == len(holding.cards) and self.deck.issuperset(cards) and self.dealt_to.keys().isdisjoint(cards):
                self.dealt_to.update(dict.fromkeys(holding.cards, holding.seat))  # the usual case, at C speed
                self.held[holding.seat] = cards
                continue
            for i, c in enumerate(holding.cards):
                if c not in self.deck:
                    self._check_in_deck(c, holding.card_pos(i), f"{holding.seat} is dealt", holding.seat)
                    # a card the deck does not have is a slip for one it has: that card is not known
                    self.unnamed[holding.seat] = self.unnamed.get(holding.seat, 0) + 1
                if c in self.dealt_to:
                    self.report(
                        DUPLICATE_CARD,
                        said("{c} is dealt to both {first} and {seat}", c=c, first=self.dealt_to[c], seat=holding.seat),
                        holding.card_pos(i), seat=holding.seat, cards=(MarkedCard(c, Role.FAULT, holding.seat),),
                    )
                    continue
                self.dealt_to[c] = holding.seat
            self.held[holding.seat] = set(holding.cards)
        if record.up is not None:
            self._check_in_deck(record.up, record.up_pos, "the up card is")
            owner = self.dealt_to.get(record.up)
            if owner is not None:
                self.report(UP_CARD_IN_HAND, said("the up card {up} is also in {owner}'s hand", up=record.up, owner=owner), record.up_pos, seat=owner,
                            cards=(MarkedCard(record.up, Role.FAULT, owner),))

    # --------------------------------------------------------------- discard
    def take_up_card(self) -> None:
        record, dealer = self.record, self.record.dealer
        sits_out = (self.alone and self.maker is not None and self.maker.partner is dealer) or (
            self.defender is not None and self.defender.partner is dealer
        )
        takes = self.dealer_took_up and (not sits_out or self.rules.bidding.sitting_out_dealer_takes_up)
        self.result.sitting_out = self._sitting_out()
        if takes:
            self.result.taken_up = record.up
        if record.discard is not None:
            self._check_in_deck(record.discard, record.discard_pos, f"the dealer {dealer} discards", dealer)
        if not takes:
            if record.discard is not None:
                why = ("the dealer sits out, and under this ruleset takes no card" if self.dealer_took_up
                       else "the hand was thrown in" if self.thrown_in else "trump was named in round 2" if self.closed
                       else "nobody ordered up")
                self.report(DISCARD_WITHOUT_PICKUP, said("a discard ({card}) is written but the dealer took no card: {why}", card=record.discard, why=why),
                            record.discard_pos, seat=dealer, cards=(MarkedCard(record.discard, Role.FAULT, dealer),))
            return
        up = record.up
        if dealer in self.held and up is not None:
            self.held[dealer].add(up)
        if record.discard is None:
            if dealer in self.held and not sits_out:  # a dealer who sits out plays no card: the discard may go unwritten
                self.report(DISCARD_MISSING, said("the dealer {dealer} took {up} but no discard is written", dealer=dealer, up=up),
                            record.calls[-1].pos if record.calls else record.pos, seat=dealer)
            return
        self.discarded = record.discard
        if record.discard == up and not self.rules.bidding.dealer_may_discard_up_card:
            self.report(DISCARD_UP_CARD, said("the dealer {dealer} discards the up card {up}, which this ruleset forbids", dealer=dealer, up=up),
                        record.discard_pos, seat=dealer, cards=(MarkedCard(up, Role.FAULT, dealer),) if up is not None else ())
        if dealer in self.held:
            if record.discard not in self.held[dealer] and not self.owns_unnamed(dealer, record.discard):
                held = tuple(sorted(self.held[dealer], key=display_order))
                self.report(
                    DISCARD_NOT_HELD,
                    said("the dealer {dealer} discards {card}, which {dealer} does not hold", dealer=dealer, card=record.discard),
                    record.discard_pos, seat=dealer, proof=(said("{dealer} held {held}", dealer=dealer, held=held),),
                    cards=(MarkedCard(record.discard, Role.FAULT, dealer),),
                )
            self.held[dealer].discard(record.discard)

    def owns_unnamed(self, seat: Seat, card: Card) -> bool:
        """Whether ``card``, dealt to nobody, can be one of ``seat``'s cards the deal wrote as a card of no deck
        (that card is taken to be it)."""
        if card in self.dealt_to or not self.unnamed.get(seat):
            return False
        self.unnamed[seat] -= 1
        return True

    # ---------------------------------------------------------------- points
    def settle(self, facts: list[PlayFact]) -> None:
        record, result = self.record, self.result
        result.plays = tuple(facts)
        if self.misdeal is not None and self.maker is None:
            result.outcome = Outcome.MISDEAL
            return
        if self.thrown_in:
            result.outcome = Outcome.THROWN_IN
            self._check_called_reneges()
            return
        counts = record.trick_counts
        if counts is not None:
            if result.tricks_ns is not None and (counts.ns, counts.ew) != (result.tricks_ns, result.tricks_ew):
                self.report(
                    TRICK_COUNT_MISMATCH,
                    f"the record says NS took {counts.ns} and EW {counts.ew} tricks; the cards played give NS {result.tricks_ns} and EW {result.tricks_ew}",
                    counts.pos,
                )
            elif result.tricks_ns is None:
                result.tricks_ns, result.tricks_ew = counts.ns, counts.ew
        if result.tricks_ns is None and record.tricks and self.closed:
            written = len(record.tricks) - len(self.unknown)
            self.report(TRICKS_MISSING, f"hand {record.number} has {written} of {self.rules.deck.hand_size} tricks written and no trick count", record.tricks[-1].pos)
        if self.maker is not None and result.tricks_ns is not None and result.tricks_ew is not None:
            maker_team = self.maker.team
            taken = result.tricks_ns if maker_team is Team.NS else result.tricks_ew
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None, self.no_trump is not None)
            result.outcome = outcome
            self._assign(maker_team, maker_pts, defender_pts)
        elif self.maker is not None and record.tricks and self.missing_tricks:
            self._settle_from_known_tricks()
        self._check_called_reneges()

    def _settle_from_known_tricks(self) -> None:
        """Score a hand some of whose tricks are not in the record, when every way they went scores alike.

        Otherwise the hand's possible points are kept (``result.possible``): the
        game's replay takes the score sheet's entry when it is one of them.
        """
        assert self.maker is not None
        maker_team = self.maker.team
        known = self.won[0] if maker_team is Team.NS else self.won[1]
        options: list[tuple[int, int, Outcome]] = []
        for taken in range(known, known + self.missing_tricks + 1):
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None, self.no_trump is not None)
            ns, ew = (maker_pts, defender_pts) if maker_team is Team.NS else (defender_pts, maker_pts)
            if (ns, ew, outcome) not in options:
                options.append((ns, ew, outcome))
        if len({(ns, ew) for ns, ew, _ in options}) == 1:
            ns, ew, outcome = options[0]
            self.result.outcome = outcome if len(options) == 1 else Outcome.UNKNOWN
            self.result.points_ns, self.result.points_ew = ns, ew
            self.result.settled = True
        else:
            self.result.possible = tuple((ns, ew) for ns, ew, _ in options)

    def _assign(self, maker_team: Team, maker_pts: int, defender_pts: int) -> None:
        if maker_team is Team.NS:
            self.result.points_ns, self.result.points_ew = maker_pts, defender_pts
        else:
            self.result.points_ns, self.result.points_ew = defender_pts, maker_pts

    def _check_called_reneges(self) -> None:
        result = self.result
        for called in self.record.reneges:
            proven = called.seat in result.renege_seats
            if not proven:
                # disproving the table takes every card of the seat's, each play written and judged
                complete = (called.seat in self.held and not self.unnamed.get(called.seat)
                            and len(self.record.tricks) >= self.rules.deck.hand_size
                            and not self.unknown and not self.unjudged)
                if complete:
                    self.report(
                        RENEGE_DISPROVEN,
                        said("a renege was called on {seat}, but the recorded deal shows {seat} followed suit whenever able; no penalty", seat=called.seat),
                        called.pos, seat=called.seat,
                    )
                    self._give_points(RENEGE_DISPROVEN, called.seat)
                    continue
                self.report(
                    RENEGE_UNPROVEN,
                    said("a renege was called on {seat}; the record cannot show it without {seat}'s dealt cards, so the table's ruling stands", seat=called.seat),
                    called.pos, seat=called.seat,
                )
            if result.penalized is not None:
                continue
            offenders = called.seat.team
            penalty = renege_points(self.rules, self.alone or self.defender is not None)
            result.penalized = offenders
            if not self.rules.renege.hand_stands:  # the offending side scores nothing for the hand
                if offenders is Team.NS or not self.rules.renege.innocent_side_keeps:
                    result.points_ns = 0
                if offenders is Team.EW or not self.rules.renege.innocent_side_keeps:
                    result.points_ew = 0
            if offenders is Team.NS:
                result.points_ew += penalty
            else:
                result.points_ns += penalty
            self._give_points(None, called.seat)

    def _give_points(self, code: Code | None, seat: Seat) -> None:
        """Say what the hand scores on the findings that decide it: a called renege (each of the seat's
        failures to follow, and the call itself) or a call the record disproves (``code``)."""
        points = (self.result.points_ns, self.result.points_ew)
        for i, f in enumerate(self.result.findings):
            if f.seat is seat and f.points is None and (
                f.code is code if code is not None else f.category in _RENEGES
            ):
                self.result.findings[i] = replace(f, points=points)


_RENEGES = (Category.RENEGE, Category.LEFT_BOWER)
_DECKS: dict[tuple[str, ...], frozenset[Card]] = {}


def deck_of(rules: Ruleset) -> frozenset[Card]:
    """The cards of the ruleset's deck."""
    key = (*(r.value for r in rules.deck.ranks), "joker" if rules.deck.joker else "")
    found = _DECKS.get(key)
    if found is None:
        found = _DECKS[key] = deck(tuple(Rank.parse(r.value) for r in rules.deck.ranks), rules.deck.joker)
    return found
