"""Trick winners and the rank of cards under each trump, from the seeds' worked examples.

Seeds 000 and 001 swap the words "left" and "right" bower (seed 001 calls the
jack of the same colour the "right bower"); these tests go by rank and suit.
Each worked example is checked twice: by the card order the replay uses, and
by replaying the trick inside a hand.
"""

from __future__ import annotations

import itertools

import pytest

from auditor.cards import Card, Suit, card, cards, effective_suit, trick_strength, trump_view
from conftest import audit_text

from auditor.cards import SUITS  # the four suits a player can name
DECK = cards(" ".join(r + s for s in "CDHS" for r in "9TJQKA"))


def winner(trump: Suit | None, played: str) -> Card:
    """The winning card of a trick, the first card being the lead."""
    hand = cards(played)
    led = effective_suit(hand[0], trump)
    return max(hand, key=lambda c: trick_strength(c, led, trump))


def winner_in_replay(trump: Suit, played: str) -> Card:
    """Replay ``played`` as the first trick of a hand (N deals, so E leads) with ``trump`` named by E."""
    used = set(cards(played))
    up = next(c for c in cards("9C 9D 9H 9S TC TD TH TS") if c.suit is not trump and c not in used)
    seats = "ESWN"
    trick = " ".join(f"{s}:{c}" for s, c in zip(seats, played.split()))
    text = f"hand 1 dealer N\nup {up}\nbid E pass, S pass, W pass, N pass, E call {trump.value}\ntrick {trick}\n"
    (game,) = audit_text(text, "hoyle")
    # only the warning that the other four tricks are not written
    assert [f.code.code for f in game.all_findings()] == ["T405"]
    (won,) = [p for p in game.hands[0].plays if p.won]
    return won.card


def descending(trump: Suit | None, led: Suit, order: str) -> bool:
    strengths = [trick_strength(c, led, trump) for c in cards(order)]
    return all(a > b for a, b in itertools.pairwise(strengths))


def test_seed_001_ace_of_the_suit_led_wins() -> None:
    """Seed 001: 'Trump is clubs. The lead card is an ace (spades). Players follow with queen (spades),
    king (spades), and queen (hearts). The ace of spades is the highest rank of the lead suit and wins
    the trick.'"""
    assert winner(Suit.CLUBS, "AS QS KS QH") == card("AS")
    assert winner_in_replay(Suit.CLUBS, "AS QS KS QH") == card("AS")


def test_seed_001_jack_of_diamonds_wins_when_hearts_are_trump() -> None:
    """Seed 001: 'Trump is hearts. The lead card is king (hearts). Players follow with jack (diamonds),
    9 (hearts), and 10 (clubs). Since the jack of diamonds is the right bower, it ranks higher than the
    king and wins the round.' (Seed 001's 'right bower' is the jack of the same colour.)"""
    assert winner(Suit.HEARTS, "KH JD 9H TC") == card("JD")
    assert winner_in_replay(Suit.HEARTS, "KH JD 9H TC") == card("JD")


def test_seed_001_diamond_trump_ranking() -> None:
    """Seed 001: 'If the trump suit is diamonds, then the trump suit ranks from highest to lowest are
    jack (diamonds), jack (hearts), ace (diamonds), king (diamonds), queen (diamonds), 10 (diamonds),
    and 9 (diamonds).'"""
    order = "JD JH AD KD QD TD 9D"
    for led in SUITS:  # a trump's rank does not depend on the suit led
        assert descending(Suit.DIAMONDS, led, order)
    for higher, lower in itertools.combinations(order.split(), 2):
        assert winner_in_replay(Suit.DIAMONDS, f"{lower} {higher} 9C 9S") == card(higher)


def test_seed_004_spade_trump_ranking() -> None:
    """Seed 004: 'if the trump suit is Spades, the trump cards will be ranked J, J Clubs, A, K, Q, 10, 9.
    The Club suit will be ranked A, K, Q, 10, 9 with no Jack in the suit for the hand. The red suits
    will follow normal Ace-high ranking.'"""
    assert descending(Suit.SPADES, Suit.HEARTS, "JS JC AS KS QS TS 9S")
    assert descending(Suit.SPADES, Suit.CLUBS, "AC KC QC TC 9C")
    assert descending(Suit.SPADES, Suit.HEARTS, "AH KH QH JH TH 9H")
    assert descending(Suit.SPADES, Suit.DIAMONDS, "AD KD QD JD TD 9D")
    # JC led with spades trump leads trump: the right bower still beats it, the ace of clubs does not
    assert winner(Suit.SPADES, "JC AC JS KC") == card("JS")
    assert winner(Suit.SPADES, "JC AC AS KC") == card("JC")


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.name)
def test_seed_003_rank_of_cards_for_every_trump(trump: Suit) -> None:
    """Seed 003: 'In trumps the rank is Jack (right bower), other Jack of the same color (left bower),
    Ace, King, Queen, Ten, Nine. In other suit same color as trumps the rank is Ace, King, Queen, Ten,
    Nine. In suits the opposite color of trumps the rank is Ace, King, Queen, Jack, Ten, Nine.'"""
    t = trump.value
    same = {"C": "S", "S": "C", "D": "H", "H": "D"}[t]
    opposite = [s for s in "CDHS" if s not in (t, same)]
    for led in SUITS:
        assert descending(trump, led, f"J{t} J{same} A{t} K{t} Q{t} T{t} 9{t}")
    assert descending(trump, Suit(same), f"A{same} K{same} Q{same} T{same} 9{same}")
    for o in opposite:
        assert descending(trump, Suit(o), f"A{o} K{o} Q{o} J{o} T{o} 9{o}")


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.name)
def test_any_trump_beats_any_other_card_and_off_suits_never_win(trump: Suit) -> None:
    """Seed 003: 'The highest trump wins the trick. If no trumps are played, then the highest card of
    the suit led wins the trick.'"""
    trumps = [c for c in DECK if effective_suit(c, trump) is trump]
    others = [c for c in DECK if effective_suit(c, trump) is not trump]
    for led in SUITS:
        assert min(trick_strength(c, led, trump) for c in trumps) > max(trick_strength(c, led, trump) for c in others)
    for lead in others:
        led = effective_suit(lead, trump)
        off = [c for c in others if effective_suit(c, trump) is not led]
        assert all(trick_strength(c, led, trump) < trick_strength(lead, led, trump) for c in off)


def test_left_bower_played_to_its_printed_suit_trumps_the_trick() -> None:
    """Seed 003 (hearts trump): 'The Jack of Diamonds is considered to be a heart for all purposes',
    so played by a player void in diamonds to a diamond lead, it trumps the ace of diamonds."""
    assert winner(Suit.HEARTS, "AD JD KD QD") == card("JD")
    assert winner_in_replay(Suit.HEARTS, "AD JD KD QD") == card("JD")


def test_left_bower_led_is_a_trump_lead() -> None:
    """Seed 003: the left bower counts for 'following suit to a heart lead' (hearts trump): led, it is a
    heart; the ace of diamonds is then an off-suit card and cannot win, the right bower can."""
    assert winner(Suit.HEARTS, "JD AD 9C KS") == card("JD")
    assert winner(Suit.HEARTS, "JD AD JH KS") == card("JH")
    assert winner_in_replay(Suit.HEARTS, "JD AH 9H KS") == card("JD")


def test_no_trump_played_highest_of_suit_led_wins() -> None:
    assert winner(Suit.HEARTS, "9C AS KD TC") == card("TC")
    assert winner_in_replay(Suit.SPADES, "QD AH AC 9D") == card("QD")


@pytest.mark.parametrize("trump", [*SUITS, None], ids=lambda s: s.name if s else "none")
def test_replay_tables_order_cards_as_trick_strength_does(trump: Suit | None) -> None:
    """The replay's per-trump table must agree with the rule, card pair by card pair."""
    view = trump_view(trump)
    for led in SUITS:
        for a, b in itertools.product(DECK, repeat=2):
            rule = (trick_strength(a, led, trump) > trick_strength(b, led, trump)) - (trick_strength(a, led, trump) < trick_strength(b, led, trump))
            table = (view.strength(a, led) > view.strength(b, led)) - (view.strength(a, led) < view.strength(b, led))
            assert rule == table, (a, b, led)


def test_seed_000_ranking_by_rank_and_suit() -> None:
    """Seed 000 (which calls the jack of trump the 'Left Bower'): '1st - Left Jack (Suit) 2nd -Right Jack
    (Same Color as Suit) 3rd - Ace (Suit) ... 7th - Nine (Suite) 8th - Ace (Different Suit) ...
    11th - Jack (Different Color)'. By rank and suit, with clubs trump and hearts led:"""
    assert descending(Suit.CLUBS, Suit.HEARTS, "JC JS AC KC QC TC 9C AH KH QH JH TH 9H")


def test_seed_002_heart_trump_ranking() -> None:
    """Seed 002: 'if the suit of hearts was named the trump suit than the ranking of that suit would be as
    follows: Jack of Hearts (right bower), Jack of Diamonds (left bower), Ace of Hearts, King of Hearts,
    Queen of Hearts, Ten of Hearts, and Nine of Hearts.'"""
    for led in SUITS:
        assert descending(Suit.HEARTS, led, "JH JD AH KH QH TH 9H")
