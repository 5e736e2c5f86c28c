"""Following suit: small checks that each answer one question about one play.

``classify_failure`` composes them: given what a player is known to have held
when they played, it says whether the play was legal, a plain renege, or one
of the three ways the left bower's double identity explains the mistake.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, Seat, Suit, display_order, effective_suit, is_left_bower
from ..findings import LEFT_BOWER_LED, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_ONLY_TRUMP, RENEGE, Code
from ..said import Said, said


def follows(card: Card, led: Suit, trump: Suit | None) -> bool:
    """Does ``card`` follow a lead of suit ``led``?"""
    return effective_suit(card, trump) is led


def cards_of_suit(held: Iterable[Card], suit: Suit, trump: Suit | None) -> list[Card]:
    """The cards of ``held`` that belong to ``suit`` (the left bower belongs to trump)."""
    return [c for c in held if effective_suit(c, trump) is suit]


def left_bower_played_on_its_suit(card: Card, led: Suit, trump: Suit | None) -> bool:
    """The left bower was played to a lead of its printed suit."""
    return is_left_bower(card, trump) and card.suit is led


def left_bower_was_led(lead: Card, trump: Suit | None) -> bool:
    return is_left_bower(lead, trump)


def only_trump_is_left_bower(followers: list[Card], led: Suit, trump: Suit | None) -> bool:
    """Trump was led and the player's only trump was the left bower."""
    return led is trump and len(followers) == 1 and is_left_bower(followers[0], trump)


@dataclass(frozen=True, slots=True)
class FollowFailure:
    code: Code
    could_follow_with: tuple[Card, ...]


def classify_failure(
    card: Card, lead: Card, held_before: Iterable[Card], trump: Suit | None
) -> FollowFailure | None:
    """None when the play is legal; otherwise what kind of failure to follow it is.

    ``held_before`` is what the player is known to have held just before
    playing (the recorded deal, or the cards they are later seen to play).
    """
    led = effective_suit(lead, trump)
    if follows(card, led, trump):
        return None
    could = cards_of_suit((c for c in held_before if c != card), led, trump)
    if not could:
        return None
    if left_bower_played_on_its_suit(card, led, trump):
        code = LEFT_BOWER_ON_ITS_SUIT
    elif left_bower_was_led(lead, trump):
        code = LEFT_BOWER_LED
    elif only_trump_is_left_bower(could, led, trump):
        code = LEFT_BOWER_ONLY_TRUMP
    else:
        code = RENEGE
    return FollowFailure(code, tuple(sorted(could, key=display_order)))


_SUIT_NAME = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


def led_suit_name(lead: Card, trump: Suit | None) -> str:
    """What was led, in words: ``trump`` or ``hearts``."""
    led = effective_suit(lead, trump)
    if led is Suit.JOKER:
        return "the joker, which asks for no suit"
    return "trump" if led is trump else _SUIT_NAME[led] + "s"


def explain_failure(failure: FollowFailure, seat: Seat, played: Card, lead: Card, trick: int, trump: Suit | None) -> Said:
    """One sentence saying what ``seat`` did wrong, in the words of the failure's kind."""
    led_name = led_suit_name(lead, trump)
    could = failure.could_follow_with
    if failure.code is LEFT_BOWER_ON_ITS_SUIT:
        return said("{seat} played the left bower {played} to a {suit} lead in trick {trick} while holding {could}; "
                    "the left bower is a trump", seat=seat, played=played, suit=_SUIT_NAME[played.suit], trick=trick, could=could)
    if failure.code is LEFT_BOWER_LED:
        return said("{seat} did not follow the lead of the left bower {lead} (a trump) in trick {trick} although holding "
                    "trump {could}", seat=seat, lead=lead, trick=trick, could=could)
    if failure.code is LEFT_BOWER_ONLY_TRUMP:
        return said("{seat} did not follow trump in trick {trick}: {left} (the left bower) was {seat}'s only trump",
                    seat=seat, trick=trick, left=could[0])
    return said("{seat} did not follow {led} in trick {trick} although holding {could}", seat=seat, led=led_name, trick=trick, could=could)
