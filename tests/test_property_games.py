"""Random legal games audit clean; one illegal follow is found exactly where it was made.

The games come from tests/gen_games.py, an independent referee that shares no
code with the auditor: it deals the 24 cards, bids and plays at random within
the rules (following suit with the left bower as a trump), and writes the
running score that its own scoring table gives.  Styles vary: lower case,
`10` or `T`, suit symbols, bids over two lines, comments, some hands without
their deal (holdings are then inferred) or with trick counts instead of cards.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.cards import Seat
from conftest import audit_text

def card_style(rng: random.Random) -> gen.Style:
    """A random style that writes every hand's cards (a trick count alone cannot show a renege)."""
    return dataclasses.replace(gen.Style.random(rng, sparse=True), counts_only_every=0)


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_random_legal_games_have_no_finding_and_the_same_score(rng: random.Random) -> None:
    game = gen.random_game(rng)
    (result,) = audit_text(gen.game_text(game, gen.Style.random(rng, sparse=True)))
    assert [(f.code.code, f.hand, f.message) for f in result.all_findings()] == []
    assert result.computed == game.final
    assert [h.points for h in result.hands] == [h.points for h in game.hands]
    assert [h.tricks_won for h in result.hands if h.maker is not None] == [
        (h.tricks_ns, h.tricks_ew) for h in game.hands if h.maker is not None
    ]
    assert (result.winner.value if result.winner is not None else None) == game.winner


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_one_illegal_follow_is_reported_at_its_trick_and_seat(rng: random.Random) -> None:
    game = gen.random_game(rng)
    mutated = gen.mutate(game, rng)
    if mutated is None:  # no hand where anyone both followed and could have discarded: nothing to break
        return
    game, where = mutated
    hand = game.hands[where.hand_index]
    (result,) = audit_text(gen.game_text(game, card_style(rng)))
    follows = [
        f for f in result.all_findings() if f.category.value in ("renege", "left-bower")
    ]
    in_hand = [f for f in result.all_findings() if f.hand == hand.number]
    orders = [f for f in in_hand if f.code.code == "S010"]
    offence = [f for f in follows if (f.hand, f.trick, f.seat) == (hand.number, where.trick, Seat[where.seat])]
    if gen.reads_as_lines_out_of_order(hand, (where.trick, where.proof_trick)):
        # the mutation leaves the leads as the legal card had them: a wrong lead as written, and two trick lines
        # in another order make a legal hand with every lead right; the record does not show the offence
        assert orders, "the order of the trick lines that makes every card legal was not named"
        assert not offence, "an offence that rests on the order of two lines was ruled"
    elif not offence:
        # the record reads as well with two lines in another order where another card is illegal: the two accounts
        # disagree on who offended, neither is ruled, and the offence as written is named as no ruling
        assert orders, "the illegal follow was neither reported nor laid to an order of the trick lines"
        assert any(p.startswith(f"as written, the record would also give {where.code} ") and p.endswith("not a ruling)")
                   for f in orders for p in f.proof)
    else:
        first = follows[0]
        assert (first.hand, first.trick, first.seat, first.code.code) == (hand.number, where.trick, Seat[where.seat], where.code)
    # uncalled, it changes no score: the hand counts as played, tricks judged card by card
    assert hand.trump is not None and hand.maker is not None
    won = [gen.team(gen.trick_winner(plays, hand.trump)) for plays in hand.tricks]
    made, defended = gen.hand_points(won.count(gen.team(hand.maker)), hand.alone)
    expected = (made, defended) if gen.team(hand.maker) == "NS" else (defended, made)
    scored = result.hands[where.hand_index]
    assert scored.points == expected and scored.penalized is None


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_a_called_renege_scores_the_penalty_only(rng: random.Random) -> None:
    game = gen.random_game(rng)
    mutated = gen.mutate(game, rng)
    if mutated is None:
        return
    game, where = mutated
    before = game.hands[where.hand_index - 1].total if where.hand_index else (0, 0)
    called = gen.apply_called_renege(game.hands[where.hand_index], where.seat, before)
    game = gen.Game([*game.hands[: where.hand_index], called], game.first_dealer)  # the sheet ends there
    (result,) = audit_text(gen.game_text(game, card_style(rng)))
    assert not [f for f in result.all_findings() if f.category.value == "score"]
    assert result.computed == called.total
    scored = result.hands[-1]
    assert scored.penalized is not None and scored.penalized.value == gen.team(where.seat)
