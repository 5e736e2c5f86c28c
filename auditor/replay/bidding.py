"""The bidding: who makes trump, in which suit (or none), and who goes or defends alone.

:class:`Bidding` is the part of :class:`~auditor.replay.hand.HandReplay` that
judges each call where it was made (``verify_*``) and then takes it as the
table did, so that one mistake never hides the next.  Besides the standard
calls it knows the ruleset's variations: a joker turned up (whose suit the
dealer or the maker names), no-trump bids (`high`, `low`), the order that
needs the suit in hand, the dealer who may not take up their only trump, and
the hand that ends when round 2 reaches the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Rank, Suit, effective_suit
from ..findings import (
    ALONE_NOT_ALLOWED,
    ALONE_WITHOUT_PARTNERS,
    BID_AFTER_CLOSE,
    BID_OUT_OF_TURN,
    BIDDING_INCOMPLETE,
    CALL_IN_ROUND_ONE,
    DEALER_MUST_CALL,
    DEALER_TAKES_ONLY_TRUMP,
    DEFEND_ALONE_MISPLACED,
    DEFEND_ALONE_NOT_ALLOWED,
    JOKER_SUIT,
    NO_TRUMP_NOT_ALLOWED,
    ORDER_IN_ROUND_TWO,
    ORDER_WITHOUT_THE_SUIT,
    PARTNER_ORDER_NOT_ALONE,
    TURNED_DOWN_SUIT,
    Code,
)
from ..model import Call, CallKind, LoneDefense
from ..rules.schema import JokerUp, NoTrumpCall
from ..said import said
from ..results import Outcome
from ..turns import offered_suit, takes_up_card
from .tricks import held_cards

if TYPE_CHECKING:
    from .hand import HandReplay

#: the bidding's rounds: the up card is offered in the first, any other suit may be named in the last (which
#: ends at the dealer); a bidding never holds more calls than this many rounds round the table
ROUNDS = 2

_NO_TRUMP = {CallKind.HIGH: NoTrumpCall.HIGH, CallKind.LOW: NoTrumpCall.LOW}
_MAKING = (CallKind.ORDER, CallKind.CALL, CallKind.HIGH, CallKind.LOW)
#: the kinds every bid asks about, as module names (an enum member read through its class costs 60 ns
#: in Python 3.11; four or five bids a hand ask)
_PASS, _ORDER, _CALL, _HIGH, _LOW = CallKind.PASS, CallKind.ORDER, CallKind.CALL, CallKind.HIGH, CallKind.LOW
_NAMING = (_CALL, _HIGH, _LOW)  # the calls of round 2


class Bidding:
    """Judges and applies the calls of a hand (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

    def up_suit(self: HandReplay, call: Call | None = None) -> Suit | None:
        """The suit the up card offers: its own, or for the joker the suit named for it."""
        up = self.record.up
        if up is not None and up.rank is not Rank.JOKER:  # (every call of a hand asks: no call made)
            return up.suit
        return offered_suit(self.record, self.rules, call)

    def verify_up(self: HandReplay) -> None:
        """A joker turned up needs its suit named as the ruleset says; another up card names none.

        ``up JK ?`` (and EGN, which has no place for it) says the record does not show the suit named,
        if any: no finding rests on it."""
        record = self.record
        up = record.up
        if up is None or (record.up_suit is None and not record.up_suit_unknown and up.rank is not Rank.JOKER):  # most hands
            return
        dealer_names = self.rules.bidding.joker_up is JokerUp.DEALER_NAMES
        if not up.is_joker:
            named = record.up_suit.name.lower() if record.up_suit is not None else "`?`"
            self.report(JOKER_SUIT, f"a suit ({named}) is named with the up card {up}: only the joker takes a named suit",
                        record.up_pos, seat=self.dealer)
        elif dealer_names and record.up_suit is None and not record.up_suit_unknown:
            self.report(JOKER_SUIT, said("the joker is turned up and no suit is named for it; under this ruleset the dealer "
                                    "{dealer} names it before looking (write `up JK H`, or `up JK ?` when the record "
                                    "does not say which)", dealer=self.dealer), record.up_pos, seat=self.dealer)
        elif record.up_suit is not None and not dealer_names:
            self.report(JOKER_SUIT, f"a suit ({record.up_suit.name.lower()}) is named with the up card {up}: under this "
                        "ruleset the maker names it", record.up_pos, seat=self.dealer)

    def verify_bid(self: HandReplay, call: Call) -> list[tuple[Code, str]]:
        """Everything wrong with ``call`` in the current state (empty: legal)."""
        problems: list[tuple[Code, str]] = []
        bidding = self.rules.bidding
        if self.closed:
            if self.round_two_misdeal and call.kind is _PASS and call.seat is self.dealer:
                return problems  # the dealer's pass after the hand ended at the dealer: nothing more
            if self.round_two_misdeal:
                what = "the three players before the dealer passed in round 2, and under this ruleset that is a misdeal"
            else:
                what = "the hand was thrown in" if self.thrown_in else said("{maker} made trump", maker=self.maker)
            problems.append((BID_AFTER_CLOSE, said("{seat} bids after bidding closed ({what})", seat=call.seat, what=what)))
            return problems
        if call.seat is not self.to_bid:
            problems.append((BID_OUT_OF_TURN, said("{seat} bids out of turn; it was {turn}'s turn", seat=call.seat, turn=self.to_bid)))
        if call.kind is _PASS and not call.alone:  # most calls: of the checks below only the dealer's
            if bidding.stick_the_dealer and self._stuck_dealer_passes(call):
                problems.append(_dealer_must_call(call))
            return problems
        up_suit = self.up_suit(call)
        if call.kind is _ORDER and self.round == ROUNDS:
            problems.append((ORDER_IN_ROUND_TWO, said("{seat} orders up in round 2, after the up card was turned down", seat=call.seat)))
        if call.kind is _ORDER:
            problems.extend(self._joker_order(call))
        if call.kind in _NAMING and self.round == 1:
            named = call.suit.name.lower() if call.suit else call.kind.value if call.kind is not _CALL else "a suit"
            problems.append((CALL_IN_ROUND_ONE, said(f"{{seat}} names {named} in round 1, where only the up card can be ordered", seat=call.seat)))
        if (call.kind is _HIGH or call.kind is _LOW) and _NO_TRUMP[call.kind] not in bidding.no_trump_calls:
            problems.append((NO_TRUMP_NOT_ALLOWED, said(f"{{seat}} bids {call.kind.value} (no trump), which this ruleset does not allow", seat=call.seat)))
        turned_down = self.turned_down
        if (call.kind is _CALL and self.round == ROUNDS and turned_down is not None and call.suit is turned_down
                and not bidding.may_name_turned_down_suit):
            problems.append((TURNED_DOWN_SUIT, said(f"{{seat}} names {turned_down.name.lower()}, the suit turned down in round 1", seat=call.seat)))
        if call.alone and not self.table.partnerships:
            problems.append((ALONE_WITHOUT_PARTNERS, said("{seat} goes alone, but every player plays alone in this game "
                             "(each for himself): `alone` changes nothing and earns no lone bonus", seat=call.seat)))
        elif call.alone:
            allowed = bidding.alone_on_order if call.kind is _ORDER else bidding.alone_on_call
            if not allowed:
                problems.append((ALONE_NOT_ALLOWED, said(f"{{seat}} goes alone, which this ruleset does not allow when {'ordering up' if call.kind is _ORDER else 'naming trump'}", seat=call.seat)))
        if call.kind is _PASS and self._stuck_dealer_passes(call):
            problems.append(_dealer_must_call(call))
        takes_up = self.round == 1 and takes_up_card(call, up_suit)
        if (
            bidding.dealer_partner_order_alone
            and not call.alone
            and takes_up
            and call.seat is self.table.partner[self.dealer]
        ):
            problems.append((PARTNER_ORDER_NOT_ALONE, said("{seat}, the dealer's partner, orders up without going alone; under the Canadian loner the dealer's partner who orders up must go alone", seat=call.seat)))
        if takes_up and up_suit is not None:
            problems.extend(self._order_holding(call, up_suit))
        return problems

    def _stuck_dealer_passes(self: HandReplay, call: Call) -> bool:
        """A pass by the dealer at the end of round 2 under stick-the-dealer."""
        return (self.rules.bidding.stick_the_dealer and self.round == ROUNDS and call.seat is self.dealer
                and self.passes == 2 * self.table.players - 1)

    def _joker_order(self: HandReplay, call: Call) -> list[tuple[Code, str]]:
        up = self.record.up
        if up is None or not up.is_joker:
            if call.suit is not None:
                return [(JOKER_SUIT, said(f"{{seat}} names {call.suit.name.lower()} with the order, but only a joker turned up takes a named suit", seat=call.seat))]
            return []
        maker_names = self.rules.bidding.joker_up is JokerUp.MAKER_NAMES
        if maker_names and call.suit is None and not self.record.up_suit_unknown:  # `up JK ?`: the record does not say
            return [(JOKER_SUIT, said(f"{{seat}} orders the joker up without naming its suit; under this ruleset the maker names it (write `{call.seat} order H`)", seat=call.seat))]
        if not maker_names and call.suit is not None and call.suit is not self.record.up_suit and not self.record.up_suit_unknown:
            return [(JOKER_SUIT, said(f"{{seat}} names {call.suit.name.lower()} with the order; under this ruleset the dealer names the joker's suit", seat=call.seat))]
        return []

    def _order_holding(self: HandReplay, call: Call, suit: Suit) -> list[tuple[Code, str]]:
        """Seed 003's two rules on who may order up, judged from the caller's dealt cards."""
        bidding, seat = self.rules.bidding, call.seat
        held = self.held.get(seat)
        if held is None or not (bidding.order_needs_the_suit or bidding.dealer_needs_another_trump):
            return []
        up = self.record.up
        problems: list[tuple[Code, str]] = []
        own = {c for c in held if c is not up}
        if bidding.order_needs_the_suit and not any(c.suit is suit and not c.is_joker for c in own):
            problems.append((ORDER_WITHOUT_THE_SUIT, said(f"{{seat}} orders up {suit.name.lower()} without holding a "
                             f"{suit.name.lower()[:-1]} (the left bower does not count): {{seat}} held {{held}}", seat=seat, held=held_cards(own))))
        if bidding.dealer_needs_another_trump and seat is self.dealer and not any(effective_suit(c, suit) is suit for c in own):
            problems.append((DEALER_TAKES_ONLY_TRUMP, said("the dealer {seat} takes up {up}, which would be {seat}'s only trump: "
                             "{seat} held {held}", seat=seat, up=up, held=held_cards(own))))
        return problems

    def verify_defense(self: HandReplay, defense: LoneDefense) -> list[tuple[Code, str]]:
        """Everything wrong with ``<seat> defend alone`` where it was declared (empty: legal)."""
        problems: list[tuple[Code, str]] = []
        bidding, seat, maker = self.rules.bidding, defense.seat, self.maker
        if not bidding.defend_alone:
            problems.append((DEFEND_ALONE_NOT_ALLOWED, said("{seat} defends alone, which this ruleset does not allow", seat=seat)))
        elif bidding.defend_alone_only_against_lone and maker is not None and not self.alone:
            problems.append((DEFEND_ALONE_NOT_ALLOWED, said("{seat} defends alone against {maker}, who is not alone; this ruleset allows defending alone only against a lone maker", seat=seat, maker=maker)))
        if self.thrown_in:
            problems.append((DEFEND_ALONE_MISPLACED, said("{seat} defends alone in a hand nobody made trump in", seat=seat)))
        elif maker is None:
            problems.append((DEFEND_ALONE_MISPLACED, said("{seat} declares defending alone before anyone made trump; a defender may declare it only once the declarer is decided", seat=seat)))
        elif self.table.side_of[maker] is self.table.side_of[seat]:
            problems.append((DEFEND_ALONE_MISPLACED, said("{seat} is on the makers' side ({maker} made trump); only a defender can defend alone", seat=seat, maker=maker)))
        return problems

    def defend(self: HandReplay, defense: LoneDefense) -> None:
        for code, message in self.verify_defense(defense):
            self.report(code, message, defense.pos, seat=defense.seat)

    def bid(self: HandReplay, call: Call) -> None:
        # most calls are a pass in turn while the bidding is open, not the stuck dealer's: verify_bid's first
        # checks, which find nothing wrong with it, asked here without the call
        if not (call.kind is _PASS and not call.alone and not self.closed and call.seat is self.to_bid
                and not (self.rules.bidding.stick_the_dealer and self._stuck_dealer_passes(call))):
            for code, message in self.verify_bid(call):
                self.report(code, message, call.pos, seat=call.seat)
        if self.closed:
            return
        players = self.table.players
        self.to_bid = self.table.left[call.seat]
        if call.kind is _PASS:
            self.passes += 1
            if self.passes == players:  # everyone passed once: the up card is turned down
                self.round = ROUNDS
                self.turned_down = self.up_suit()
            elif self.passes >= ROUNDS * players:
                self.closed = self.thrown_in = True
            elif self.passes == ROUNDS * players - 1 and self.rules.bidding.misdeal_when_round_two_reaches_dealer:
                self.closed = self.thrown_in = self.round_two_misdeal = True
            return
        self.closed = True
        self.maker = call.seat
        self.alone = alone = call.alone and self.table.partnerships  # where each plays for himself, `alone` is nothing
        if call.kind is _HIGH or call.kind is _LOW:
            self.trump = None
            self.no_trump = call.kind.value
            self.low = call.kind is _LOW
        elif self.round == 1 and takes_up_card(call, up_suit := self.up_suit(call)):
            self.trump = up_suit
            self.dealer_took_up = True
        else:
            self.trump = call.suit
        self.result.round = self.round
        self.result.maker = call.seat
        self.result.trump = self.trump
        self.result.no_trump = self.no_trump
        self.result.alone = alone

    def finish_bidding(self: HandReplay) -> None:
        if self.thrown_in:
            self.result.outcome = Outcome.THROWN_IN
        defense = self.record.lone_defense
        side_of = self.table.side_of
        if defense is not None and self.maker is not None and side_of[defense.seat] is not side_of[self.maker]:
            # taken as the table played it, even where it was declared early or is not allowed
            self.defender = self.result.defender_alone = defense.seat
        # a trick line that cannot be read (an empty trick in its place) shows no card played: no finding rests on it
        if not self.closed and any(t.plays for t in self.record.tricks):
            last = self.record.calls[-1].pos if self.record.calls else self.record.pos
            self.report(BIDDING_INCOMPLETE, f"cards are played in hand {self.record.number} but the bidding as written never made trump", last)


def _dealer_must_call(call: Call) -> tuple[Code, str]:
    return (DEALER_MUST_CALL, said("the dealer {seat} passes in round 2; under stick-the-dealer the dealer must name trump", seat=call.seat))
