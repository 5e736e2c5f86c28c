"""Replay one hand against a ruleset: deal, bidding, discard, tricks, points.

The replay is a small state machine in PokerKit's manner: each action has a
``verify_*`` step that reports what is wrong with it (as findings, never by
stopping) and an apply step that moves the state on as the table actually
played, so that one mistake does not hide the next.
"""

from __future__ import annotations

from copy import copy

from ..cards import JOKER, Card, Rank, Seat, Suit, Team, deck, display_order
from ..findings import (

    CARD_NOT_IN_DECK,
    DEAL_LINE_CARD_TOO_MANY,
    DEAL_SEAT_WRITTEN_TWICE,
    DISCARD_MISSING,
    DISCARD_NOT_HELD,
    DISCARD_UP_CARD,
    DISCARD_WITHOUT_PICKUP,
    DUPLICATE_CARD,
    STATEMENT_REPEATED,
    UP_CARD_IN_HAND,
    WRONG_HAND_SIZE,
    Code,
    Finding,
    MarkedCard,
    Role,
    Severity,
)
from ..model import Exchange, HandRecord, Holding, Pos
from ..said import said
from ..rules.derived import per_ruleset
from ..rules.schema import Misdeal, Ruleset
from ..table import Table, table_of
from ..results import DealRead, HandResult
from .analysed import Analysed
from .bidding import Bidding
from .deal_seat_twice import seat_twice_said
from .deal_variations import DealVariations
from .exchanges import Exchanges
from .extra_card import extra_card, without
from .settle import Settlement
from .short_deal import read_cut_short
from .tableau import TableauPlay
from .tricks import TrickPlay



class HandReplay(TrickPlay, TableauPlay, Bidding, DealVariations, Exchanges, Settlement, Analysed):
    """The state of one hand while it is replayed.

    ``unknown``: the tricks (numbered from 1) whose cards the record lost: the
    record holds an empty trick in their place.  ``unjudged``: the positions of
    the plays that were worked out rather than written.
    """

    # slots, not a __dict__: past 30 attributes an instance's dict no longer shares its keys, and every
    # self.x of the replay (the hot path) became a slower lookup
    __slots__ = (
        "alone", "best_passed", "claimed", "closed", "covered", "covers", "dealer_took_up", "dealt_to",
        "deck", "defender", "discarded", "equity", "face_up_since", "game", "hand_dealt", "held",
        "kitty_exchanged_by", "low", "maker", "misdeal", "missing_tricks", "no_trump", "on_table",
        "passed_to", "passes", "prepared", "put_away", "ran", "record", "result", "round",
        "round_two_misdeal", "rules", "scoring_findings", "table", "thrown_in", "to_bid", "trump",
        "turned_down", "unjudged", "unknown", "unnamed", "unwritten", "won",
    )

    def __init__(
        self,
        record: HandRecord,
        rules: Ruleset,
        game: int,
        deck: frozenset[Card] | None = None,
        *,
        unknown: frozenset[int] = frozenset(),
        unjudged: frozenset[Pos] = frozenset(),
        table: Table | None = None,
    ) -> None:
        self.record = record
        self.rules = rules
        self.game = game
        self.deck = deck if deck is not None else deck_of(rules)  # a game's replay passes its deck and table
        self.table = table = table if table is not None else table_of(rules)
        zeros = table.zeros
        # the fields set one by one: passed as keywords to the dataclass's 38 parameters they cost a microsecond a hand
        self.result = result = HandResult(record.number, record.pos, record.dealer)
        result.up, result.recorded, result.deal, result.calls = record.up, record.score, record.deal, record.calls
        result.discard, result.sides, result.tableau = record.discard, table.sides, record.tableau
        result.points = result.totals = result.tokens_held = zeros
        # bidding state
        self.round = 1
        self.to_bid: Seat = table.left[record.dealer]
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
        self.discarded: Card | None = None
        #: cards an exchange took out of a hand (to the kitty, or the lone maker's discard): card -> how
        self.put_away: dict[Card, str] = {}
        #: cards passed from one player to another before the play (partner's best), by who holds them now
        self.passed_to: dict[Card, Seat] = {}
        self.kitty_exchanged_by: Seat | None = None  # the seat that exchanged cards with the kitty
        self.best_passed = False  # a card was passed for partner's best
        #: seats dealt cards the deck does not have: as many of their cards are not known
        self.unnamed: dict[Seat, int] = {}
        #: cards an exchange took out of a hand without the record naming them (EGN's cards taken from the kitty
        #: alone, a lone maker's discard not written), by seat: the exchange; the tricks may show them
        self.unwritten: dict[Seat, Exchange] | None = None
        # the tableau (deck.tableau): every card dealt on the table, by seat; the face-down cards still covered,
        # by the card on them, and back; when each card of the table came face up (0: dealt face up)
        self.on_table: dict[Card, Seat] = {}
        self.covered: dict[Card, Card] = {}  # face-down card -> the card on it
        self.covers: dict[Card, Card] = {}  # face-up card -> the card under it
        self.face_up_since: dict[Card, int] = {}
        self.hand_dealt: dict[Seat, frozenset[Card]] = {}  # the cards the deal line puts in each hand
        # the tricks
        self.unknown = unknown
        self.unjudged = unjudged
        self.prepared = False  # prepare() has run: a reading prepared to be rebuilt is not prepared again
        self.ran = False  # run() has run
        self.won = zeros  # tricks each side is seen to win
        self.missing_tricks = 0  # tricks not in the record (unknown, or not written)
        # the analysis (a claim, what an offence gained): the winners of claimed tricks, the tricks the hand is
        # scored on under renege.restore_equity, and the findings whose ruling decides the hand's points
        self.claimed: dict[int, Team] = {}
        self.scoring_findings: list[tuple[Code, Seat]] = []
        self.equity: tuple[int, ...] | None = None

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
        """The hand replayed (once: a second call gives the same result)."""
        if self.ran:
            return self.result
        self.ran = True
        self.prepare()
        facts = self.play_tricks()
        # the double-dummy analysis knows four players in two partnerships: other tables are not analysed
        analysed = (self.record.claim is not None or bool(self.result.renege_seats)) and self.table.four_handed
        if analysed:
            self.ask_analysis(facts)
        self.settle(facts)
        if analysed:
            self.points_decided()
        return self.result

    def fork(self, record: HandRecord, unknown: frozenset[int]) -> HandReplay:
        """This hand, prepared, with other tricks: ``record`` differs from this one only in where its unknown
        tricks stand (``unknown``), and nothing before the play depends on that.  Each way of placing a hand's
        missing tricks is replayed from here, without replaying its deal and bidding again."""
        assert self.prepared and not self.ran
        forked = _bare(HandReplay)
        for name in _STATE:
            setattr(forked, name, getattr(self, name))
        forked.record, forked.unknown = record, unknown
        forked.result = result = copy(self.result)
        result.findings = list(self.result.findings)
        forked.held = {seat: set(cards) for seat, cards in self.held.items()}
        for name in _MAPS:  # what the play may change
            setattr(forked, name, dict(getattr(self, name)))
        forked.unwritten = dict(self.unwritten) if self.unwritten is not None else None
        forked.scoring_findings = list(self.scoring_findings)
        return forked

    def prepare(self) -> None:
        """Everything before the first card is played: the deal, the bidding, the dealer's pickup (once)."""
        if self.prepared:
            return
        self.prepared = True
        record = self.record
        for statement, pos in record.repeated:
            self.report(STATEMENT_REPEATED, f"'{statement}' is written twice in hand {record.number}; the first is used", pos)
        self.verify_deal()
        # (the usual hand has no named up suit, exchange, misdeal or lone defence: the checks of the
        # variations are asked only where the record or the ruleset has one; every hand paid for the calls)
        if record.up_suit is not None or record.up_suit_unknown or record.up is JOKER:
            self.verify_up()
        if record.exchanges:
            self.exchange_with_kitty()
        if record.misdeals:
            self.verify_misdeals()
        defense = record.lone_defense
        if defense is None:
            bid = self.bid
            for call in record.calls:
                bid(call)
        else:
            for index, call in enumerate(record.calls):
                if defense.after == index:
                    self.defend(defense)
                self.bid(call)
            if defense.after >= len(record.calls):
                self.defend(defense)
        self.finish_bidding()
        if self.rules.deal.misdeal is Misdeal.MUST:
            self.verify_undeclared_misdeal()
        self.take_up_card()
        if record.exchanges:
            self.pass_best()

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

    def _wrong_size(self, holding: Holding, size: int) -> None:
        self.report(
            WRONG_HAND_SIZE,
            said("{seat} is dealt {n} cards; this ruleset deals {size}", seat=holding.seat, n=len(holding.cards), size=size),
            holding.pos, seat=holding.seat, proof=(said("{seat}: {cards}", seat=holding.seat, cards=holding.cards),),
        )

    def _too_many(self, holding: Holding, size: int) -> Holding:
        """``holding`` (more cards than ``size``) as read: without the one card the record shows to be written too
        many (named as the slip, extra_card.py), or as written with its wrong hand size reported."""
        extra = None if self.table.tableau else extra_card(self.record, holding, size)
        if extra is None:
            self._wrong_size(holding, size)
            return holding
        index, words = extra
        self.report(DEAL_LINE_CARD_TOO_MANY, words, holding.card_pos(index),
                    proof=(said("{seat}: {cards}", seat=holding.seat, cards=holding.cards),))
        return without(holding, index)

    def verify_deal(self) -> None:
        record, size = self.record, self.rules.deck.hand_size
        seats_dealt: dict[Seat, Holding] = {}
        short = []  # lines with fewer cards than dealt: read once every seat's cards are known (short_deal.py)
        read: dict[int, Holding] = {}  # the lines read otherwise than written, by their place in the deal
        for index, holding in enumerate(record.deal):
            if holding.seat in seats_dealt:  # a copied line or a letter written for another: a slip (deal_seat_twice.py)
                written = {h.seat for h in record.deal}
                missing = [s for s in self.table.seats if s not in written]
                self.report(DEAL_SEAT_WRITTEN_TWICE, seat_twice_said(seats_dealt[holding.seat], holding, missing), holding.pos)
                continue
            seats_dealt[holding.seat] = holding
            if len(holding.cards) < size:
                short.append((index, holding))
            elif len(holding.cards) != size:
                trimmed = self._too_many(holding, size)
                if trimmed is not holding:
                    holding = read[index] = trimmed
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
        for index, holding in short:
            fill = read_cut_short(self, holding, size)
            if fill is None:
                self._wrong_size(holding, size)
            elif fill:
                read[index] = holding._replace(cards=(*holding.cards, *fill))
        if read or self.unnamed:  # (the usual hand: neither, and nothing to keep)
            self.result.deal_read = DealRead(tuple(read.get(i, h) for i, h in enumerate(record.deal)),
                                             tuple(self.unnamed.items()))
        if record.tableau or self.table.tableau:
            self.verify_tableau()
        if record.up is not None:
            self._check_in_deck(record.up, record.up_pos, "the up card is")
            owner = self.dealt_to.get(record.up)
            if owner is not None:
                self.report(UP_CARD_IN_HAND, said("the up card {up} is also in {owner}'s hand", up=record.up, owner=owner), record.up_pos, seat=owner,
                            cards=(MarkedCard(record.up, Role.FAULT, owner),))

    # --------------------------------------------------------------- discard
    def take_up_card(self) -> None:
        record, dealer = self.record, self.record.dealer
        partner = self.table.partner
        sits_out = (self.alone and self.maker is not None and partner[self.maker] is dealer) or (
            self.defender is not None and partner[self.defender] is dealer
        )
        takes = self.dealer_took_up and (not sits_out or self.rules.bidding.sitting_out_dealer_takes_up)
        self.result.sitting_out = self._sitting_out()
        if takes:
            self.result.taken_up = record.up
        if record.discard is not None and record.discard not in self.deck:
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
            if record.discard in self.on_table:  # the dealer discards from the hand, not from the table
                self.report(
                    DISCARD_NOT_HELD,
                    said("the dealer {dealer} discards {card}, which lies on the table: the dealer discards from the hand",
                         dealer=dealer, card=record.discard),
                    record.discard_pos, seat=dealer, cards=(MarkedCard(record.discard, Role.FAULT, dealer),),
                )
            elif record.discard not in self.held[dealer] and not self.owns_unnamed(dealer, record.discard):
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

_DECKS: dict[tuple[str, ...], frozenset[Card]] = {}


@per_ruleset
def deck_of(rules: Ruleset) -> frozenset[Card]:
    """The cards of the ruleset's deck (looked up once per ruleset object: a game's replay asks)."""
    key = (*(r.value for r in rules.deck.ranks), "joker" if rules.deck.joker else "")
    found = _DECKS.get(key)
    if found is None:
        found = _DECKS[key] = deck(tuple(Rank.parse(r.value) for r in rules.deck.ranks), rules.deck.joker)
    return found


_bare = object.__new__
#: the state of a prepared hand a fork shares, and the mappings it copies (the play changes them)
_MAPS = ("dealt_to", "put_away", "passed_to", "unnamed", "on_table", "covered", "covers", "face_up_since", "hand_dealt", "claimed")
_STATE = tuple(name for name in HandReplay.__slots__ if name not in (*_MAPS, "held", "unwritten", "result", "scoring_findings"))
