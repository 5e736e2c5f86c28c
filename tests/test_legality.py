"""Legal plays and the kind of each failure to follow, for every left-bower situation.

A play is legal when :func:`classify_failure` finds nothing wrong with it
given what the player held.  The kinds are the specification's: ``R501`` a plain
renege; ``L601`` the left bower played to a lead of its printed suit while
holding that suit; ``L602`` the left bower led and a player holding trump did
not play one; ``L603`` trump led and the left bower was the player's only trump.
"""

from __future__ import annotations

import pytest

from auditor.cards import SUITS, Card, Seat, Suit, card, cards
from auditor.replay.legality import cards_of_suit, classify_failure, follows
from conftest import audit_text

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def legal(lead: str, held: str, trump: Suit | None) -> set[Card]:
    hand = cards(held)
    return {c for c in hand if classify_failure(c, card(lead), hand, trump) is None}


def kind(play: str, lead: str, held: str, trump: Suit | None) -> str | None:
    failure = classify_failure(card(play), card(lead), cards(held), trump)
    return failure.code.code if failure is not None else None


# --- seed 003's worked example ----------------------------------------------------------


def test_seed_003_diamond_lead_does_not_require_the_jack_of_diamonds() -> None:
    """Seed 003 (hearts trumps): 'if diamonds led and the only diamond a player had was the Jack, they
    would not be required to play it.'"""
    assert legal("AD", "JD 9C TC QS KS", H) == set(cards("JD 9C TC QS KS"))
    assert kind("9C", "AD", "JD 9C TC QS KS", H) is None


def test_seed_003_heart_lead_requires_the_jack_of_diamonds() -> None:
    """Seed 003 (hearts trumps): 'If hearts were led and a player had no hearts, but had the Jack of
    Diamonds, they would be required to play it.'"""
    assert legal("KH", "JD 9C TC QS KS", H) == {card("JD")}
    assert kind("9C", "KH", "JD 9C TC QS KS", H) == "L603"


def test_seed_003_black_jacks_keep_their_suits_under_hearts() -> None:
    """Seed 003: 'remember the black jacks in this example would hold their normal ranks.'"""
    assert legal("AC", "JC JS 9H AD KD", H) == {card("JC")}
    assert legal("AS", "JC JS 9H AD KD", H) == {card("JS")}


def test_seed_003_examples_through_a_recorded_hand() -> None:
    """The same two sentences, judged by the replay from a recorded deal (hearts named by E); each hand
    is written whole, the later tricks played legally, so that only the first trick is in question."""
    head = (
        "hand 1 dealer N\n"
        "deal E: AD KH 9S TS QS  S: JD 9C TC QC KC  W: KD AC JC AS KS  N: QD 9D TD AH QH\n"
        "up JS\nbid E pass, S pass, W pass, N pass, E call H\n"
    )
    # JD is not required on a diamond lead, but allowed
    not_required = ("trick E:AD S:9C W:KD N:9D\ntrick E:9S S:TC W:KS N:QD\ntrick W:JC N:TD E:TS S:QC\n"
                    "trick S:KC W:AC N:QH E:QS\ntrick N:AH E:KH S:JD W:AS\n")
    allowed = ("trick E:AD S:JD W:KD N:9D\ntrick S:9C W:JC N:QD E:9S\ntrick W:KS N:TD E:TS S:TC\n"
               "trick W:AC N:QH E:QS S:QC\ntrick N:AH E:KH S:KC W:AS\n")
    for tricks in (not_required, allowed):
        (game,) = audit_text(head + tricks, "hoyle")
        assert [f.code.code for f in game.all_findings()] == []
    required = ("trick E:KH S:9C W:AC N:AH\ntrick N:9D E:AD S:TC W:KD\ntrick E:9S S:QC W:KS N:QD\n"
                "trick W:JC N:TD E:TS S:KC\ntrick S:JD W:AS N:QH E:QS\n")
    (game,) = audit_text(head + required, "hoyle")
    follow = [(f.code.code, f.trick, f.seat, f.pos.line, f.pos.column) for f in game.all_findings()]
    assert follow == [("L603", 1, Seat.S, 5, 12)]


# --- every left-bower situation ---------------------------------------------------------------


def test_left_bower_on_its_printed_suit_while_holding_that_suit() -> None:
    """Hearts trump, diamonds led: JD is not a diamond, so a player with QD must play the QD."""
    assert legal("AD", "JD QD 9C TC KS", H) == {card("QD")}
    assert kind("JD", "AD", "JD QD 9C TC KS", H) == "L601"
    assert kind("9C", "AD", "JD QD 9C TC KS", H) == "R501"  # not the bower's doing: a plain renege


def test_left_bower_led_asks_for_trump_not_its_printed_suit() -> None:
    """Hearts trump, JD led: trump is led. Diamonds do not follow; hearts do."""
    assert legal("JD", "AD KD 9C TC KS", H) == set(cards("AD KD 9C TC KS"))  # no trump: anything
    assert legal("JD", "AD 9H 9C TC KS", H) == {card("9H")}
    assert kind("AD", "JD", "AD 9H 9C TC KS", H) == "L602"


def test_trump_led_and_the_left_bower_is_the_only_trump() -> None:
    """Spades trump, 9S led: JC (the jack of the same colour) is the player's only spade."""
    assert kind("AH", "9S", "JC AD KD 9H AH", S) == "L603"
    assert legal("9S", "JC AD KD 9H AH", S) == {card("JC")}


def test_trump_led_with_other_trumps_too_is_a_plain_renege() -> None:
    """Holding JC and QS when spades (trump) are led: the QS alone proves it; the bower plays no part."""
    assert kind("AH", "9S", "JC QS KD 9H AH", S) == "R501"
    assert legal("9S", "JC QS KD 9H AH", S) == set(cards("JC QS"))


def test_left_bower_follows_a_trump_lead() -> None:
    assert kind("JC", "AS", "JC QD KD 9H AH", S) is None
    assert follows(card("JC"), S, S) and not follows(card("JC"), C, S)


def test_jack_of_the_other_colour_is_an_ordinary_card() -> None:
    """Clubs trump: JD is a plain diamond, led or held."""
    assert legal("JD", "AD JH 9C TS KS", C) == {card("AD")}
    assert kind("JH", "JD", "AD JH 9C TS KS", C) == "R501"
    assert legal("KH", "JD JH 9C TS KS", C) == {card("JH")}


def test_right_bower_is_a_trump_like_any_other() -> None:
    assert legal("9H", "JH AC KC 9D TS", H) == {card("JH")}
    assert kind("AC", "9H", "JH AC KC 9D TS", H) == "R501"
    assert legal("AD", "JH AC KC 9D TS", H) == {card("9D")}


def test_nobody_is_obliged_to_trump() -> None:
    """The specification: 'Follow the suit led if you can, otherwise play anything; nobody is obliged to trump.'"""
    assert legal("AC", "JH JD 9H AD TS", H) == set(cards("JH JD 9H AD TS"))


def test_holding_nothing_of_the_suit_led_is_never_a_renege() -> None:
    assert classify_failure(card("9S"), card("AC"), cards("9S"), H) is None


def test_without_trump_suits_are_printed_suits() -> None:
    assert legal("AD", "JH QD 9C", None) == {card("QD")}
    assert kind("JH", "AD", "JH QD 9C", None) == "R501"


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.name)
def test_cards_of_suit_puts_the_left_bower_in_trump(trump: Suit) -> None:
    every = cards(" ".join(r + s for s in "CDHS" for r in "9TJQKA"))
    same_colour = trump.partner
    assert len(cards_of_suit(every, trump, trump)) == 7
    assert len(cards_of_suit(every, same_colour, trump)) == 5
    for other in SUITS:
        if other not in (trump, same_colour):
            assert len(cards_of_suit(every, other, trump)) == 6
