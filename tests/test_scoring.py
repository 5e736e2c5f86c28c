"""The scoring table of hoyle and the called-renege penalty, each computed through a full hand.

Every hand below was dealt and played out by tests/gen_games.py and then
checked trick by trick by hand; the comment on each trick names its winner.
The points expected are seed 003's table and seed 004's renege penalty,
written out here, not read from the ruleset.
"""

from __future__ import annotations

import pytest

from auditor.cards import Seat, Team
from auditor.table import FOUR
from conftest import audit_text

SIDE = FOUR.side_of
OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

# seed 003, "Scoring": makers 3 or 4 tricks 1, all 5 tricks 2; alone: 5 tricks 4, 3 or 4 tricks 1;
# makers under 3 tricks: "the defending team scores 2 points" (alone or not)
MAKE, MARCH, LONE_MARCH, LONE_MAKE, EUCHRE = 1, 2, 4, 1, 2
# seed 004: "his team will be penalized by adding two points to his opponents' score -- four points
# during a loner hand"; the offending side scores nothing for the hand (the specification)
RENEGE, RENEGE_ALONE = 2, 4

MAKE_3_HAND = """hand 1 dealer N
deal E: 9S AC KS QH TD  S: 9D AS JH QS TS  W: 9C JD KH QD TH  N: AD AH JC QC TC
up JS
bid E pass, S pass, W pass, N order
discard AD
trick E:AC S:9D W:9C N:TC   # E: clubs, no trump
trick E:TD S:JH W:JD N:QC   # W: JD is only a diamond under spades
trick W:TH N:AH E:QH S:TS   # S trumps
trick S:AS W:QD N:JC E:9S   # N: JC, the jack of the same colour, beats AS
trick N:JS E:KS S:QS W:KH   # N
"""
MAKE_4_HAND = """hand 1 dealer N
deal E: 9S KS QD QS TH  S: 9D 9H KC KD QC  W: AC AH AS JC QH  N: 9C JH KH TC TD
up JS
bid E order
discard TC
trick E:KS S:9D W:AS N:JS   # N
trick N:JH E:TH S:9H W:AH   # W
trick W:AC N:9C E:9S S:KC   # E trumps
trick E:QS S:QC W:JC N:KH   # W: JC is a spade
trick W:QH N:TD E:QD S:KD   # W
"""
MARCH_5_HAND = """hand 1 dealer N
deal E: JC JH JS KC KH  S: 9D KS QC QS TC  W: 9C AD AH QH TH  N: 9S AS JD QD TS
up AC
bid E order
discard QD
trick E:JS S:QC W:9C N:AC   # E: JS beats AC under clubs
trick E:KH S:KS W:TH N:9S   # E
trick E:JC S:TC W:AD N:TS   # E
trick E:JH S:9D W:QH N:JD   # W: hearts are not trump, QH beats JH
trick W:AH N:AS E:KC S:QS   # E trumps
"""
EUCHRED_HAND = """hand 1 dealer N
deal E: 9D JH KH QS TC  S: AC KD QD TH TS  W: 9H AS JD JS QC  N: 9C AD JC KS QH
up KC
bid E pass, S pass, W pass, N pass, E call S
trick E:9D S:QD W:JD N:AD   # N
trick N:QH E:KH S:TH W:9H   # E
trick E:TC S:AC W:QC N:9C   # S
trick S:KD W:AS N:JC E:QS   # N: JC beats AS
trick N:KS E:JH S:TS W:JS   # W
"""
LONE_MAKE_3_HAND = """hand 1 dealer N
deal E: AD AH AS JS QS  S: 9D AC KD QD TH  W: 9C KH TC TD TS  N: 9H JH KS QC QH
up JD
bid E pass, S order alone
trick W:TS E:AS S:QD   # S trumps; N sits out and does not take the up card
trick S:AC W:TC E:AD   # E trumps
trick E:QS S:9D W:KH   # S trumps
trick S:TH W:9C E:AH   # E
trick E:JS S:KD W:TD   # S: both diamonds are trump
"""
LONE_MAKE_4_HAND = """hand 1 dealer N
deal E: AD AS JH JS KD  S: AC KH KS TC TH  W: 9D 9S JD QS TS  N: 9C AH JC KC QH
up 9H
bid E pass, S pass, W pass, N order alone
discard 9H
trick E:JH W:JD N:QH   # E: the jack of hearts beats the jack of diamonds
trick E:KD W:9D N:AH   # N trumps
trick N:9C E:AS W:QS   # N
trick N:JC E:JS W:9S   # N
trick N:KC E:AD W:TS   # N
"""
LONE_MARCH_HAND = """hand 1 dealer N
deal E: 9D JS KD TD TH  S: AH JD JH KH KS  W: 9C AS QD TC TS  N: 9H AC JC KC QS
up QC
bid E pass, S pass, W pass, N pass, E pass, S call H alone
trick W:QD E:9D S:KH   # S: JD is a heart, so S is void in diamonds and trumps
trick S:AH W:9C E:TH   # S
trick S:JD W:TS E:JS   # S
trick S:JH W:AS E:TD   # S
trick S:KS W:TC E:KD   # S
"""
LONE_EUCHRED_HAND = """hand 1 dealer N
deal E: AD AH KH QC QD  S: 9H AC JD KS TD  W: JC KC KD QS TS  N: 9C 9D AS JH JS
up QH
bid E pass, S order alone
trick W:KD E:QD S:TD   # W
trick W:QS E:KH S:KS   # E trumps
trick E:AH S:9H W:KC   # E
trick E:QC S:AC W:JC   # S
trick S:JD W:TS E:AD   # S
"""


def audit_hand(text: str, ns: int, ew: int, rules: list[str] | None = None):
    (game,) = audit_text(text + f"score NS {ns} EW {ew}\n", "hoyle", rules)
    (hand,) = game.hands
    return game, hand


@pytest.mark.parametrize(
    ("text", "maker", "maker_tricks", "alone", "points"),
    [
        (MAKE_3_HAND, Seat.N, 3, False, (MAKE, 0)),
        (MAKE_4_HAND, Seat.E, 4, False, (0, MAKE)),
        (MARCH_5_HAND, Seat.E, 5, False, (0, MARCH)),
        (EUCHRED_HAND, Seat.E, 2, False, (EUCHRE, 0)),
        (LONE_MAKE_3_HAND, Seat.S, 3, True, (LONE_MAKE, 0)),
        (LONE_MAKE_4_HAND, Seat.N, 4, True, (LONE_MAKE, 0)),
        (LONE_MARCH_HAND, Seat.S, 5, True, (LONE_MARCH, 0)),
        (LONE_EUCHRED_HAND, Seat.S, 2, True, (0, EUCHRE)),
    ],
    ids=["make-3", "make-4", "march", "euchre", "lone-3", "lone-4", "lone-march", "lone-euchre"],
)
def test_scoring_table(text: str, maker: Seat, maker_tricks: int, alone: bool, points: tuple[int, int]) -> None:
    game, hand = audit_hand(text, *points)
    assert game.all_findings() == []
    assert (hand.maker, hand.alone) == (maker, alone)
    assert hand.tricks(SIDE[maker]) == maker_tricks
    assert hand.points == points
    # the same hand with any other entry on the sheet is a score finding
    wrong = (points[0] + 1, points[1])
    game, _ = audit_hand(text, *wrong)
    assert [f.code.code for f in game.all_findings()] == ["P701"]


def test_the_table_is_read_from_the_ruleset() -> None:
    """Nothing of the table is a constant in Python: --set changes it."""
    game, hand = audit_hand(LONE_MARCH_HAND, 5, 0, ["scoring.lone_march=5"])
    assert game.all_findings() == [] and hand.points == (5, 0)
    game, hand = audit_hand(LONE_EUCHRED_HAND, 0, 4, ["scoring.lone_euchre=4"])
    assert game.all_findings() == [] and hand.points == (0, 4)


# --- the called renege ------------------------------------------------------------------------

# Each hand below has exactly one failure to follow and the same trick winners as the legal
# play it was made from; the line ``renege <seat>`` (the table called it) is added by the test.
DEFENDER_RENEGES = """hand 1 dealer N
deal E: 9D JH KH QS TC  S: AC KD QD TH TS  W: 9H AS JD JS QC  N: 9C AD JC KS QH
up KC
bid E pass, S pass, W pass, N pass, E call S
trick E:9D S:TH W:JD N:AD   # S holds KD and QD: a renege; N wins
trick N:QH E:KH S:QD W:9H   # E
trick E:TC S:AC W:QC N:9C   # S
trick S:KD W:AS N:JC E:QS   # N
trick N:KS E:JH S:TS W:JS   # W
"""  # E's side took 2 tricks: euchred, worth 2 to NS without the renege
MAKER_RENEGES = """hand 1 dealer N
deal E: 9S KS QD QS TH  S: 9D 9H KC KD QC  W: AC AH AS JC QH  N: 9C JH KH TC TD
up JS
bid E order
discard TC
trick E:KS S:9D W:QH N:JS   # W holds AS and JC (trumps): a renege; N wins
trick N:JH E:TH S:9H W:AH   # W
trick W:AC N:9C E:9S S:KC   # E
trick E:QS S:QC W:JC N:KH   # W
trick W:AS N:TD E:QD S:KD   # W
"""  # EW made 4 tricks: worth 1 to EW without the renege
DEFENDER_RENEGES_AGAINST_LONER = """hand 1 dealer N
deal E: 9S AH JH TD TH  S: JD KH KS QH TC  W: 9C 9D 9H JS QC  N: AC AD JC QD QS
up KD
bid E pass, S order alone
trick W:9D E:TD S:JD   # S
trick S:TC W:9C E:TH   # S
trick S:KS W:JS E:9S   # S
trick S:QH W:9H E:JH   # E plays JH (a trump) to hearts holding AH; E wins
trick E:AH S:KH W:QC   # E
"""  # S alone took 3 tricks: worth 1 to NS without the renege
LONER_RENEGES = """hand 1 dealer N
deal E: 9C 9D AH JH TD  S: AD KC KD KS QS  W: AC JC JS QC TS  N: 9S AS KH QD QH
up JD
bid E pass, S pass, W pass, N order alone
discard QD
trick E:AH W:TS N:9S   # N holds KH and QH: a renege; E wins
trick E:TD W:QC N:JD   # N
trick N:KH E:JH W:JS   # E: JH is a diamond (trump) and E has no heart
trick E:9C W:JC N:AS   # W
trick W:AC N:QH E:9D   # E
"""  # N alone took 1 trick: euchred, worth 2 to EW without the renege


@pytest.mark.parametrize(
    ("text", "seat", "trick", "code", "as_played", "penalty"),
    [
        (DEFENDER_RENEGES, Seat.S, 1, "R501", (EUCHRE, 0), (0, RENEGE)),
        (MAKER_RENEGES, Seat.W, 1, "R501", (0, MAKE), (RENEGE, 0)),
        (DEFENDER_RENEGES_AGAINST_LONER, Seat.E, 4, "L601", (LONE_MAKE, 0), (LONE_MAKE + RENEGE_ALONE, 0)),
        (LONER_RENEGES, Seat.N, 1, "R501", (0, EUCHRE), (0, EUCHRE + RENEGE_ALONE)),
    ],
    ids=["defender", "maker", "defender-vs-loner", "loner"],
)
def test_called_renege_penalty(text: str, seat: Seat, trick: int, code: str, as_played: tuple[int, int], penalty: tuple[int, int]) -> None:
    # uncalled: reported, but the hand is scored as played
    game, hand = audit_hand(text, *as_played)
    assert [(f.code.code, f.trick, f.seat) for f in game.all_findings()] == [(code, trick, seat)]
    assert hand.points == as_played and hand.penalized is None
    # called: the offenders score nothing for the hand; the others keep their points for it and the
    # penalty is added, 2, or 4 when someone was alone (seed 004: "penalized by adding two points
    # to his opponents' score -- four points during a loner hand")
    game, hand = audit_hand(text + f"renege {seat.name}\n", *penalty)
    assert [(f.code.code, f.trick, f.seat) for f in game.all_findings()] == [(code, trick, seat)]
    assert hand.points == penalty
    assert hand.penalized is SIDE[seat]


def test_a_called_renege_with_the_hand_scored_as_played_writes_a_score_finding() -> None:
    """The sheet that ignores a called renege is wrong by the rules."""
    game, _ = audit_hand(LONER_RENEGES + "renege N\n", 0, EUCHRE)
    assert sorted(f.code.code for f in game.all_findings()) == ["P701", "R501"]


def test_a_called_renege_that_did_not_happen_costs_nothing() -> None:
    """MAKE_4_HAND is legal throughout: a renege called on W is disproven and the hand scores as played."""
    game, hand = audit_hand(MAKE_4_HAND + "renege W\n", 0, MAKE)
    assert [(f.code.code, f.seat) for f in game.all_findings()] == [("R503", Seat.W)]
    assert hand.points == (0, MAKE)


# --- the running score and the end of the game ------------------------------------------------

SHEET = """hand 1 dealer N
up 9C
bid E pass, S pass, W pass, N order
tricks NS 3 EW 2
score NS 2 EW 0
hand 2 dealer E
up 9D
bid S pass, W pass, N pass, E order
tricks NS 0 EW 5
score NS 2 EW 2
hand 3 dealer S
up 9H
bid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S call C alone
tricks NS 5 EW 0
score NS 6 EW 2
hand 4 dealer W
up 9S
bid N pass, E pass, S pass, W pass, N pass, E pass, S pass, W call H alone
tricks NS 2 EW 3
score NS 6 EW 3
hand 5 dealer N
up TC
bid E pass, S pass, W pass, N pass, E pass, S call D alone
tricks NS 5 EW 0
score NS 10 EW 3
hand 6 dealer E
up TD
bid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass
score NS 10 EW 3
"""


def test_a_wrong_entry_carried_forward_is_one_finding() -> None:
    """The specification: 'A wrong entry carried forward is one finding, at the hand where it was made.'
    Hand 1 is worth MAKE (1), the sheet wrote 2 and every later total carries the extra point."""
    (game,) = audit_text(SHEET, "hoyle")
    assert [(f.code.code, f.hand, f.pos.line) for f in game.all_findings()] == [("P701", 1, 5)]
    expected, total = [], [0, 0]
    for ns, ew in [(MAKE, 0), (0, MARCH), (LONE_MARCH, 0), (0, LONE_MAKE), (LONE_MARCH, 0), (0, 0)]:
        total = [total[0] + ns, total[1] + ew]
        expected.append(tuple(total))
    assert [h.totals for h in game.hands] == expected
    # so NS have 9, not 10: nobody has won, and hand 6 may be played
    assert game.computed == (9, 3) and game.winner is None


def test_the_game_ends_in_the_hand_that_reaches_10() -> None:
    """The specification: 'A game ends after the hand in which a side reaches 10 or more.'"""
    text = SHEET.replace("score NS 2 EW 0\n", "score NS 1 EW 0\n").replace("score NS 2 EW 2\n", "score NS 1 EW 2\n")
    text = text.replace("score NS 6 EW 2\n", "score NS 5 EW 2\n").replace("score NS 6 EW 3\n", "score NS 5 EW 3\n")
    text = text.replace("score NS 10 EW 3\n", "score NS 9 EW 3\n")  # hands 5 and 6
    text += "hand 7 dealer S\nup TH\nbid W pass, N pass, E pass, S order alone\ntricks NS 5 EW 0\nscore NS 13 EW 3\n"
    text += "hand 8 dealer W\nup TS\nbid N order\ntricks NS 3 EW 2\n"
    (game,) = audit_text(text, "hoyle")
    # hand 7 (line 30) takes NS from 9 to 13: the game is over; hand 8 (line 35) should not have been played
    assert [(f.code.code, f.hand, f.pos.line) for f in game.all_findings()] == [("G801", 8, 35)]
    assert game.computed == (13, 3)
    assert game.winner is not None and game.winner.value == "NS" and game.won_in_hand == 7
