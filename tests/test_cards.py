"""Cards, seats and the effective suit: which suit each card belongs to under each trump.

Seeds 000 and 001 swap the words "left" and "right" bower, so these tests
name the bowers by rank and suit: the jack of trump, and the jack of the
other suit of the same colour.
"""

from __future__ import annotations

import pytest

from auditor.cards import (
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    card,
    cards,
    deck,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
)
from auditor.table import FOUR

SIDE = FOUR.side_of

from auditor.cards import SUITS  # the four suits a player can name
EUCHRE_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}  # written out again, not read from the code


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.name)
def test_effective_suit_of_every_card(trump: Suit) -> None:
    """Seed 003: the jack of the same colour as trumps 'is considered to be a card in trump suit'."""
    same_colour_jack = card("J" + SAME_COLOUR[trump.value])
    for c in deck(EUCHRE_RANKS):
        expected = trump if c == same_colour_jack else c.suit
        assert effective_suit(c, trump) is expected, c
        assert is_trump(c, trump) is (expected is trump)


def test_seed_003_jack_of_diamonds_is_a_heart_for_all_purposes() -> None:
    """Seed 003: 'If hearts are trumps ... The Jack of Diamonds is considered to be a heart for all
    purposes during the hand'."""
    assert effective_suit(card("JD"), Suit.HEARTS) is Suit.HEARTS
    assert is_left_bower(card("JD"), Suit.HEARTS) and is_right_bower(card("JH"), Suit.HEARTS)
    # 'the black jacks in this example would hold their normal ranks'
    assert effective_suit(card("JC"), Suit.HEARTS) is Suit.CLUBS
    assert effective_suit(card("JS"), Suit.HEARTS) is Suit.SPADES


def test_seed_004_spades_trump_leaves_clubs_without_a_jack() -> None:
    """Seed 004: 'if the trump suit is Spades ... The Club suit will be ranked A, K, Q, 10, 9 with no
    Jack in the suit for the hand.'"""
    clubs = [c for c in deck(EUCHRE_RANKS) if effective_suit(c, Suit.SPADES) is Suit.CLUBS]
    assert sorted(clubs, key=lambda c: c.rank, reverse=True) == list(cards("AC KC QC TC 9C"))
    spades = [c for c in deck(EUCHRE_RANKS) if effective_suit(c, Suit.SPADES) is Suit.SPADES]
    assert set(spades) == set(cards("JS JC AS KS QS TS 9S"))  # 'The trump suit only contains seven cards'


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: s.name)
def test_bowers_named_by_rank_and_suit(trump: Suit) -> None:
    jacks = [c for c in deck(EUCHRE_RANKS) if c.rank is Rank.JACK]
    right = [c for c in jacks if is_right_bower(c, trump)]
    left = [c for c in jacks if is_left_bower(c, trump)]
    assert right == [Card(Rank.JACK, trump)]
    assert left == [Card(Rank.JACK, Suit.parse(SAME_COLOUR[trump.value]))]


def test_no_trump_means_no_bowers() -> None:
    for c in deck(EUCHRE_RANKS):
        assert effective_suit(c, None) is c.suit
        assert not is_left_bower(c, None) and not is_right_bower(c, None) and not is_trump(c, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("KD", "KD"), ("10h", "TH"), ("th", "TH"), ("9\u2663", "9C"), ("A\u2660", "AS"), ("j\u2665", "JH"), ("Q\u2666", "QD"), ("7c", "7C")],
)
def test_card_spellings(text: str, expected: str) -> None:
    """The specification: ranks 9 T J Q K A (10 also accepted), suits C D H S in either case, or the symbols."""
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["QX", "1H", "K", "", "JJ", "11S", "ZD"])
def test_card_parse_refuses_non_cards(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_cards_are_values() -> None:
    assert card("JD") == Card(Rank.JACK, Suit.DIAMONDS) and hash(card("jd")) == hash(card("JD"))
    assert len(deck(EUCHRE_RANKS)) == 24
    assert len(deck((Rank.SEVEN, Rank.EIGHT, *EUCHRE_RANKS))) == 32


def test_seats_go_clockwise_and_partners_sit_across() -> None:
    """The specification: 'Seats are N, E, S, W, clockwise; N-S and E-W are partners.'"""
    assert [FOUR.left[s] for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [FOUR.partner[s] for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [SIDE[s] for s in Seat] == [Team.NS, Team.EW, Team.NS, Team.EW]
    assert FOUR.after(Seat.W, 2) is Seat.E and FOUR.others(Team.NS) == (Team.EW,)
    assert not Seat.N  # Seat.N is falsy: callers must test `is not None`


def test_suit_colours() -> None:
    assert [s.partner for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)] == [
        Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS,
    ]
    assert [s.is_red for s in SUITS] == [s.value in "DH" for s in SUITS]
