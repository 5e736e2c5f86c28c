"""The fast break (EGN's `fast_break`): defenders who take the first two tricks and then lose the
last three leave the hand scoring nothing for either side."""

from __future__ import annotations

from auditor.results import Outcome
from auditor.scoring import fast_break_may_apply, is_fast_break
from auditor.rules.loader import load_ruleset
from conftest import audit_text, codes_of

# EGN: "If the defending team (the team that did not call trump) gets the first two tricks and then
# loses the last three, the score for that hand is 0 for both teams."  S orders hearts; the dealer N
# takes AH and discards 9H.  EW (the defenders) win tricks 1 and 2 with their aces, NS trump the rest:
#   1 E:AC S:TC W:QC N:KC   E's ace
#   2 E:AD S:TD W:QD N:KD   E's ace (S's JD is the left bower, a heart: S follows with TD)
#   3 E:9S S:KH W:AS N:TH   S trumps
#   4 S:JH W:KS N:QH E:9C   the right bower
#   5 S:JD W:TS N:AH E:9D   the left bower beats the ace of trump
# NS take 3 tricks: by hoyle a make (NS 1); with the fast break, nobody scores.
FAST_BREAK_HAND = """\
hand 1 dealer N
deal E: AC AD 9C 9D 9S  S: JH JD KH TC TD  W: AS KS TS QC QD  N: QH TH 9H KC KD
up AH
bid E pass, S order
discard 9H
trick E:AC S:TC W:QC N:KC
trick E:AD S:TD W:QD N:KD
trick E:9S S:KH W:AS N:TH
trick S:JH W:KS N:QH E:9C
trick S:JD W:TS N:AH E:9D
score NS 0 EW 0
"""
FAST_BREAK = ["scoring.fast_break=true"]


def test_a_fast_break_scores_nothing_for_either_side() -> None:
    (game,) = audit_text(FAST_BREAK_HAND, "hoyle", FAST_BREAK)
    assert game.all_findings() == []
    (hand,) = game.hands
    assert (hand.tricks_won[0], hand.tricks_won[1], hand.points[0], hand.points[1]) == (3, 2, 0, 0)
    assert hand.outcome is Outcome.FAST_BREAK
    assert game.computed == (0, 0)


def test_without_the_rule_the_makers_score_their_point_and_the_sheet_is_wrong() -> None:
    (game,) = audit_text(FAST_BREAK_HAND, "hoyle")
    (found,) = game.all_findings()
    assert (found.code.code, found.pos.line, found.pos.column) == ("P701", 11, 10)
    assert "by the rules it is NS +1 EW +0" in found.message
    assert game.computed == (1, 0)


def test_the_report_names_the_fast_break() -> None:
    import io

    from auditor.audit import FileAudit
    from auditor.report import write_text

    (game,) = audit_text(FAST_BREAK_HAND, "hoyle", FAST_BREAK)
    out = io.StringIO()
    write_text(FileAudit("t.txt", [game], []), out)
    assert "S in hearts, 3 tricks: fast break: no score" in out.getvalue()


def test_only_the_first_two_tricks_then_all_the_rest() -> None:
    assert is_fast_break([False, False, True, True, True])
    assert not is_fast_break([False, True, False, True, True])  # the defenders' two tricks were not the first two
    assert not is_fast_break([True, False, False, True, True])
    hoyle = load_ruleset("hoyle", FAST_BREAK)
    assert fast_break_may_apply(hoyle, alone=False, maker_tricks=3)
    assert not fast_break_may_apply(hoyle, alone=False, maker_tricks=4)
    assert fast_break_may_apply(hoyle, alone=True, maker_tricks=3)  # EGN makes no exception for a loner ...
    assert not fast_break_may_apply(load_ruleset("hoyle", [*FAST_BREAK, "scoring.fast_break_alone=false"]), alone=True, maker_tricks=3)
    assert not fast_break_may_apply(load_ruleset("hoyle"), alone=False, maker_tricks=3)


def test_a_hand_written_with_its_trick_count_only_may_have_been_one_the_sheet_decides() -> None:
    hand = "hand 1 dealer N\nup AH\nbid E pass, S order\ntricks NS 3 EW 2\nscore NS {} EW 0\n"
    for sheet in (0, 1):  # a fast break, or not: both are what the record allows
        (game,) = audit_text(hand.format(sheet), "hoyle", FAST_BREAK)
        assert codes_of([game]) == [] and game.computed == (sheet, 0)
    (game,) = audit_text(hand.format(2), "hoyle", FAST_BREAK)
    (found,) = game.all_findings()
    assert found.code.code == "P701" and "NS +1 EW +0 or NS +0 EW +0" in found.message
