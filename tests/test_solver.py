"""The double-dummy solver against a plain minimax, and on positions worked out by hand.

The reference below is the game tree itself: every legal card at every turn,
no pruning, no table, no merging of cards.  On every position hypothesis
generates that is small enough for it (two to four seats, partners or each for
himself, any contract, the joker, a trick in progress), the solver's value, its
answer to "at least k?", the value of each legal card and its line of best play
must agree with it.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.cards import JOKER, SUITS, Card, Rank, Suit, cards, deck
from auditor.analysis.position import Contract, Position, PositionError, trick_winner
from auditor.analysis.search import SearchLimit
from auditor.analysis.solver import Solver

DECK24 = sorted(deck((Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)), key=str)
DECK32 = sorted(deck(tuple(Rank)[:8]), key=str)
NESW = ("N", "E", "S", "W")
PARTNERS = ("NS", "EW", "NS", "EW")


def minimax(pos: Position, side: object) -> int:
    """The side's tricks from here with best play by everyone: every line of play, nothing clever."""
    return _minimax(pos, side)


@lru_cache(maxsize=None)
def _minimax(pos: Position, side: object) -> int:
    if pos.tricks_left == 0:
        return 0
    values = []
    for card in pos.legal():
        after, winner = pos.play(card)
        values.append(int(winner is not None and pos.sides[winner] == side) + _minimax(after, side))
    return max(values) if pos.sides[pos.to_play] == side else min(values)


def children(pos: Position, side: object) -> dict[Card, int]:
    out = {}
    for card in pos.legal():
        after, winner = pos.play(card)
        out[card] = int(winner is not None and pos.sides[winner] == side) + _minimax(after, side)
    return out


@st.composite
def positions(draw: st.DrawFn) -> tuple[Position, object]:
    """A position small enough for minimax: its seats, sides, contract, hands and a trick in progress."""
    shape = draw(st.sampled_from(["four", "lone", "lone-vs-lone-defender", "defend-alone", "three-cutthroat", "two"]))
    seats = {
        "four": NESW, "lone": ("N", "E", "W"), "lone-vs-lone-defender": ("N", "E"), "defend-alone": ("N", "E", "S"),
        "three-cutthroat": ("A", "B", "C"), "two": ("A", "B"),
    }[shape]
    sides = {
        "four": PARTNERS, "lone": ("NS", "EW", "EW"), "lone-vs-lone-defender": ("NS", "EW"), "defend-alone": ("NS", "EW", "NS"),
        "three-cutthroat": ("A", "B", "C"), "two": ("A", "B"),
    }[shape]
    n = len(seats)
    size = draw(st.integers(1, {4: 3, 3: 4, 2: 5}[n]))
    joker = draw(st.booleans())
    pool = (DECK32 if draw(st.booleans()) else DECK24) + ([JOKER] if joker else [])
    dealt = draw(st.permutations(pool))[: n * size]
    hands = tuple(frozenset(dealt[i * size:(i + 1) * size]) for i in range(n))
    trump = draw(st.sampled_from([*SUITS, None]))
    contract = Contract(trump, low=trump is None and draw(st.booleans()))
    pos = Position(seats, sides, hands, contract, leader=draw(st.integers(0, n - 1)))
    for _ in range(draw(st.integers(0, n - 1))):
        pos, _ = pos.play(draw(st.sampled_from(sorted(pos.legal(), key=str))))
    side = draw(st.sampled_from(sorted(set(sides))))
    return pos, side


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_solver_agrees_with_minimax(case: tuple[Position, object]) -> None:
    pos, side = case
    truth = minimax(pos, side)
    solver = Solver(pos, side)
    assert solver.value() == truth
    assert [solver.at_least(k) for k in range(pos.tricks_left + 2)] == [k <= truth for k in range(pos.tricks_left + 2)]
    assert solver.sure_of_all() == (truth == pos.tricks_left)
    assert solver.others_sure_of_all() == (truth == 0)
    assert solver.card_values() == children(pos, side)
    for guess in range(pos.tricks_left + 1):
        assert solver.value_near(guess) == truth


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_line_of_best_play_takes_the_value(case: tuple[Position, object]) -> None:
    pos, side = case
    solver = Solver(pos, side)
    line = solver.best_line()
    taken = 0
    for step in line:
        assert step.card in pos.legal()
        before = pos
        pos, winner = pos.play(step.card)
        values = children(before, side)
        mine = before.sides[before.to_play] == side
        assert values[step.card] == (max(values.values()) if mine else min(values.values()))
        taken += int(winner is not None and before.sides[winner] == side)
    assert pos.tricks_left == 0 and taken == solver.value()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.data())
def test_walking_a_line_keeps_the_tables_right(case: tuple[Position, object], data: st.DataObject) -> None:
    """The table a solver keeps from one position serves the positions it is moved on to."""
    pos, side = case
    solver = Solver(pos, side)
    solver.value()
    won = 0
    while pos.tricks_left:
        card = data.draw(st.sampled_from(sorted(pos.legal(), key=str)))
        step = solver.play(card)
        before = pos
        pos, winner = pos.play(card)
        assert step.winner == winner
        won += int(winner is not None and before.sides[winner] == side)
        assert solver.won == won
        assert solver.value() == minimax(pos, side)


# --- positions worked out by hand, from the records in samples/ --------------------------------


def four(n: str, e: str, s: str, w: str, trump: Suit | None, leader: str, low: bool = False) -> Position:
    hands = tuple(frozenset(cards(h)) for h in (n, e, s, w))
    return Position(NESW, PARTNERS, hands, Contract(trump, low), NESW.index(leader))


def test_club_night_hand_3_is_a_lone_march_against_any_defence() -> None:
    """samples/club-night.txt hand 3: N alone in hearts holds both bowers and the ace; E leads.

    Whatever E leads, N takes the first trick with a trump (or the lead), draws
    the defenders' last trumps (KH TH 9H) with the bowers and the ace, and the
    AC and QC are then good: the KC was turned down.
    """
    pos = Position(("N", "E", "W"), ("NS", "EW", "EW"),
                   (frozenset(cards("AC JD QC JH AH")), frozenset(cards("JS KD 9H AS QS")), frozenset(cards("TC KH TH KS AD"))),
                   Contract(Suit.HEARTS), leader=1)
    solver = Solver(pos, "NS")
    assert solver.value() == 5 and solver.sure_of_all()
    assert set(solver.card_values().values()) == {5}  # every lead of E's loses every trick


def test_club_night_hand_1_end_position() -> None:
    """Hand 1 after three tricks: N (AD TD) leads in diamonds; only E has a trump left (QD), under N's."""
    pos = four("AD TD", "QD 9C", "JC AC", "TS QC", Suit.DIAMONDS, "N")
    solver = Solver(pos, "NS")
    assert solver.value() == 2
    assert solver.card_values() == {card("AD"): 2, card("TD"): 1}  # TD first lets E's QD win the trick


def test_the_left_bower_is_a_trump_and_the_joker_tops_it() -> None:
    # spades trump: JC is the left bower; E's JC beats N's AS, and the joker beats both
    pos = four("AS", "JC", "9H", "TH", Suit.SPADES, "N")
    assert Solver(pos, "EW").value() == 1
    pos = Position(NESW, PARTNERS, (frozenset(cards("AS")), frozenset(cards("JC")), frozenset([JOKER]), frozenset(cards("TH"))),
                   Contract(Suit.SPADES), 0)
    assert Solver(pos, "NS").value() == 1


def test_no_trump_low_the_lowest_of_the_suit_led_wins() -> None:
    pos = four("9H AS", "TH KS", "AH QS", "KH 9S", None, "N", low=True)
    # N leads 9H and wins it (the lowest heart), then leads AS: W's 9S wins; or N leads AS first, loses, ...
    assert Solver(pos, "NS").value() == minimax(pos, "NS")
    assert Solver(pos, "NS").card_values()[card("9H")] >= 1


def test_a_trick_in_progress_counts() -> None:
    # E led KH; S ruffs with 9D (diamonds trump) and wins unless W overruffs: W has no trump
    pos = Position(NESW, PARTNERS, (frozenset(cards("AH")), frozenset(), frozenset(cards("9D")), frozenset(cards("QH"))),
                   Contract(Suit.DIAMONDS), leader=1, trick=(card("KH"),))
    assert pos.to_play == 2 and pos.tricks_left == 1
    assert Solver(pos, "NS").value() == 1


def test_bad_positions_are_refused() -> None:
    with pytest.raises(PositionError):
        four("AH KH", "QH", "9H", "TH", Suit.SPADES, "N")  # N holds a card too many
    with pytest.raises(PositionError):
        four("AH", "AH", "9H", "TH", Suit.SPADES, "N")  # held twice


def test_the_search_is_bounded() -> None:
    import random

    shuffled = list(DECK32)
    random.Random(3).shuffle(shuffled)
    pos = Position(NESW, PARTNERS, tuple(frozenset(shuffled[i::4]) for i in range(4)), Contract(Suit.CLUBS), 0)  # 8 tricks
    with pytest.raises(SearchLimit):
        Solver(pos, "NS", max_nodes=50).value()


def card(text: str) -> Card:
    return cards(text)[0]


# --- whole deals against a plain alpha-beta -----------------------------------------------------
# Minimax above is too slow past three tricks of four hands.  Alpha-beta over every legal card, in
# the order of the deck, with nothing else (no table, no merged cards, no ordering, no sure tricks),
# gives the same value and still reaches five tricks: it is the reference for whole deals, written
# on the position's own sets of cards and the replay's trick winner, not on the solver's bit tables.

def alphabeta(pos: Position, side: object) -> int:
    hands = [set(h) for h in pos.hands]
    return _alphabeta(pos, side, hands, pos.leader, list(pos.trick), -1, 99)


def _alphabeta(pos: Position, side: object, hands: list[set[Card]], leader: int, trick: list[Card],
               alpha: int, beta: int) -> int:
    n = len(hands)
    p = (leader + len(trick)) % n
    hand = hands[p]
    if not hand:
        return 0
    suit_of = pos.contract.view.suit_of
    legal = [c for c in hand if trick and suit_of[c] is suit_of[trick[0]]] or list(hand)
    mine = pos.sides[p] == side
    best = -1 if mine else 99
    for c in sorted(legal, key=str):
        hand.discard(c)
        played = [*trick, c]
        if len(played) == n:
            w = (leader + trick_winner(tuple(played), pos.contract)) % n
            t = int(pos.sides[w] == side)
            v = t + _alphabeta(pos, side, hands, w, [], alpha - t, beta - t)
        else:
            v = _alphabeta(pos, side, hands, leader, played, alpha, beta)
        hand.add(c)
        if mine:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


@st.composite
def deals(draw: st.DrawFn) -> tuple[Position, object]:
    """A whole hand of four or five tricks: four seats, or a lone hand or a lone defender's three."""
    shape = draw(st.sampled_from(["four", "lone", "defend-alone"]))
    seats = {"four": NESW, "lone": ("N", "E", "W"), "defend-alone": ("N", "E", "S")}[shape]
    sides = {"four": PARTNERS, "lone": ("NS", "EW", "EW"), "defend-alone": ("NS", "EW", "NS")}[shape]
    n = len(seats)
    size = 4 if n == 4 else 5
    pool = DECK24 + ([JOKER] if draw(st.booleans()) else [])
    dealt = draw(st.permutations(pool))[: n * size]
    trump = draw(st.sampled_from([*SUITS, None]))
    contract = Contract(trump, low=trump is None and draw(st.booleans()))
    pos = Position(seats, sides, tuple(frozenset(dealt[i * size:(i + 1) * size]) for i in range(n)), contract,
                   leader=draw(st.integers(0, n - 1)))
    for _ in range(draw(st.integers(0, n - 1))):
        pos, _ = pos.play(draw(st.sampled_from(sorted(pos.legal(), key=str))))
    return pos, draw(st.sampled_from(sorted(set(sides))))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals())
def test_the_solver_agrees_with_plain_alpha_beta_on_whole_deals(case: tuple[Position, object]) -> None:
    pos, side = case
    truth = alphabeta(pos, side)
    solver = Solver(pos, side)
    assert solver.value() == truth
    assert solver.sure_of_all() == (truth == pos.tricks_left)
    expected = {}
    for c in pos.legal():
        after, winner = pos.play(c)
        expected[c] = int(winner is not None and pos.sides[winner] == side) + alphabeta(after, side)
    assert solver.card_values() == expected


def test_plain_alpha_beta_is_minimax() -> None:
    """The reference of the whole deals agrees with the game tree where both can go."""
    import random

    rng = random.Random(5)
    for _ in range(60):
        dealt = rng.sample(DECK24, 12)
        pos = Position(NESW, PARTNERS, tuple(frozenset(dealt[i * 3:(i + 1) * 3]) for i in range(4)),
                       Contract(rng.choice([*SUITS, None])), leader=rng.randrange(4))
        assert alphabeta(pos, "NS") == minimax(pos, "NS")
