"""One trick line not written: where the deal shows each player's one card left, and whoever led those cards the
same seat wins, who won the trick is known wherever it stood, so the hand's score is known and the sheet is
judged on it.  Where the winner depends on who led, the score stays open (the sheet's entry decides it, if it
is one of the scores the record allows).

The independent referee (tests/gen_games.py) says who wins each trick for every leader.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.codes.registry import Severity
from conftest import audit_text

# hand 2 of a league game: the sheet writes EW +2 for West's four tricks (one point); trick 2 is E:TD S:QD W:KD N:KH,
# and North's KH, the one trump among the four cards, wins it whoever leads
GAME = """\
[Event "Oak Street League"]
[North "Dan"]
[East "Mia"]
[South "Pete"]
[West "Carol"]

hand 1 dealer S
deal W: 9C TS AS AH JD  N: QD JC KS 9H JS  E: QC TC 9S KC QS  S: JH AD TH TD QH
up KH
bid W pass, N pass, E pass, S order
discard TD
trick W:AS N:JS E:9S S:TH
trick S:JH W:AH N:9H E:TC
trick S:KH W:JD N:JC E:QC
trick W:9C N:QD E:KC S:QH
trick S:AD W:TS N:KS E:QS
score NS 1 EW 0

hand 2 dealer W
deal N: 9S JS KC KS KH  E: QH TD AH QC JC  S: JD QD QS AS AD  W: 9D JH KD 9H TC
up TH
bid N pass, E pass, S pass, W order
discard TC
trick N:9S E:QH S:QS W:9D
trick E:TD S:QD W:KD N:KH
trick N:JS E:AH S:AS W:9H
trick E:JC S:JD W:JH N:KC
trick W:TH N:KS E:QC S:AD
score NS 1 EW 2
"""


def _without(text: str, line: str) -> str:
    assert line in text
    return text.replace(line + "\n", "", 1)


def test_a_trick_its_one_trump_wins_whoever_led_is_counted_and_the_sheet_is_judged() -> None:
    (clean,) = audit_text(GAME, "hoyle")
    (slipped,) = audit_text(_without(GAME, "trick E:TD S:QD W:KD N:KH"), "hoyle")
    for game in (clean, slipped):
        (p701,) = [f for f in game.all_findings() if f.code.code == "P701"]
        assert (p701.hand, p701.level) == (2, Severity.ERROR)
        assert "by the rules it is NS +0 EW +1" in p701.message
        assert game.computed == (1, 1)
    (t405,) = [f for f in slipped.all_findings() if f.code.code == "T405"]
    assert t405.level is Severity.WARNING
    assert "from the deal it was E:TD S:QD W:KD N:KH" in t405.message
    assert "the hand's score does not depend on it: NS +0 EW +1" in t405.proof


# spades trump (North called them); trick 2 is W:9H N:JH E:AC S:AH: hearts led, South's AH wins it, clubs led
# (East's AC), East does.  North and South took three tricks with it (NS +1); without it, two (euchred, EW +2)
OPEN = """\
hand 1 dealer W
deal N: 9C 9D 9S AS JH  E: AC JS KD KS TD  S: AH JC KC QC QS  W: 9H AD QD QH TS
up KH
bid N pass, E pass, S pass, W pass, N call S
trick N:9D E:TD S:QC W:QD
trick S:QS W:TS N:AS E:KS
trick N:9C E:KD S:KC W:AD
trick S:JC W:QH N:9S E:JS
score NS 1 EW 0
"""


def test_a_trick_whose_winner_depends_on_the_leader_leaves_the_score_to_the_sheet() -> None:
    """Trick 2 is not written and may have stood anywhere: who won it depends on who led it, so the record allows
    NS +1 and EW +2, and the sheet's entry, either of them, is taken and not faulted."""
    for sheet, points in (("score NS 1 EW 0", (1, 0)), ("score NS 0 EW 2", (0, 2))):
        (game,) = audit_text(OPEN.replace("score NS 1 EW 0", sheet), "hoyle")
        assert (game.hands[0].points, game.hands[0].from_sheet) == (points, True)
        assert not [f for f in game.all_findings() if f.level is Severity.ERROR]
        (t405,) = [f for f in game.all_findings() if f.code.code == "T405"]
        (said,) = [line for line in t405.proof if line.startswith("the hand can have scored")]
        assert "NS +1 EW +0" in said and "NS +0 EW +2" in said


def _winners(plays: list[tuple[str, str]], trump: str) -> set[str]:
    """Who wins the trick of these cards, for each seat that can have led it (the others in clockwise order)."""
    cards = dict(plays)
    out = set()
    for leader in cards:
        order = [gen.left_of(leader, k) for k in range(4)]
        out.add(gen.trick_winner([(seat, cards[seat]) for seat in order if seat in cards], trump))
    return out


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_a_trick_not_written_that_the_deal_decides_keeps_the_hand_score(rng: random.Random) -> None:
    """Generated games (clean sheets), one trick line of one hand left out: where the referee finds the same winner
    for every leader, the hand scores as in the clean game, and so does the game."""
    game = gen.random_game(rng, max_hands=8)
    full = [h for h in game.hands if len(h.tricks) == 5 and not h.alone and h.renege_called is None]
    if not full:
        return
    hand = rng.choice(full)
    k = rng.randrange(5)
    trick = hand.tricks[k]
    one_winner = len(_winners(trick, hand.trump)) == 1
    text = gen.game_text(game)
    line = "trick " + " ".join(f"{seat}:{card}" for seat, card in trick)
    (clean,) = audit_text(text, "hoyle")
    (slipped,) = audit_text(_without(text, line), "hoyle")
    index = game.hands.index(hand)
    if one_winner:
        assert slipped.hands[index].points == clean.hands[index].points
        assert not slipped.hands[index].from_sheet
    # whether or not the deal decides it, the sheet (clean here) is never faulted and the game ends as written
    assert not [f for f in slipped.all_findings() if f.code.code == "P701"]
    assert (slipped.computed, slipped.winner) == (clean.computed, clean.winner)


# E calls no trump played low (a ruleset that allows it): the lowest card of the suit led wins.  Trick 2 (S's
# lead after S's 9H took trick 1) is left out: S:TC W:9C N:AC E:QC, all clubs, so W's 9C wins it whoever led
LOW = """\
hand 1 dealer N
deal E: KH QC KD KS TH  S: 9H TC QD JS QH  W: AH 9C 9D TS JC  N: JH AC TD 9S KC
up AS
bid E pass, S pass, W pass, N pass, E call low
trick E:KH S:9H W:AH N:JH
trick W:9D N:TD E:KD S:QD
trick W:TS N:9S E:KS S:JS
trick N:KC E:TH S:QH W:JC
score NS 0 EW 1
"""


def test_in_a_hand_played_low_the_missing_trick_is_placed_by_the_lowest_card() -> None:
    """Where the missing trick stood is read from the leads with the low card winning: as trick 2 (led by S, the
    winner of trick 1 with the 9H, and won by W, who leads trick 3), not where a high card's winner would lead on."""
    (game,) = audit_text(LOW, "hoyle", ["bidding.no_trump_calls=[high, low]"])
    (t405,) = [f for f in game.all_findings() if f.code.code == "T405"]
    assert t405.message == "trick 2 is not written; from the deal it was S:TC W:9C N:AC E:QC"
    assert "the hand's score does not depend on it: NS +0 EW +1" in t405.proof
    assert not [f for f in game.all_findings() if f.level is Severity.ERROR]
