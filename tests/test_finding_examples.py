"""Every documented finding code is proven by its own example, and every category by a hand.

The registry's examples are what `euchre-audit codes` and docs/findings.md show
people; auditing each one here keeps them honest.  The hands of the second part
are complete and otherwise legal, so each must produce exactly one finding, at
a position counted by hand in the text below.
"""

from __future__ import annotations

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.cards import Seat
from auditor.egn.reader import read_egn
from auditor.results import GameResult
from auditor.findings import REGISTRY, Code
from auditor.night import attach
from conftest import audit_text, codes_of

# The first hand of the specification's example: complete and legal (diamonds trump, NS march).
CLEAN_DEAL = "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH"
CLEAN_HAND = f"""hand 1 dealer N
{CLEAN_DEAL}
up AD
bid E pass, S pass, W pass, N order
discard TC
trick E:KD S:JD W:KC N:JH
trick S:AS W:JS N:KS E:QS
trick S:9H W:QH N:KH E:TH
trick N:AD E:QD S:JC W:TS
trick N:TD E:9C S:AC W:QC
score NS 2 EW 0
"""
EIGHT_PASSES = "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass"


def audit_example(code: Code) -> list[GameResult]:
    """Examples are in the notation, or in EGN where only EGN can say it (a JSON object); findings across
    the games of a night (E901) go with the game they point at, as the audit's parent process finds them."""
    if code.example.lstrip().startswith("{"):
        return attach(list(audit_games(read_egn(code.example), RulesetChooser(None, list(code.rules)))))
    return attach(audit_text(code.example, "hoyle", list(code.rules)))


@pytest.mark.parametrize("code", list(REGISTRY.values()), ids=list(REGISTRY))
def test_registry_example_triggers_its_own_code(code: Code) -> None:
    games = audit_example(code)
    assert code.code in codes_of(games), f"{code.code}'s documented example does not produce it"


@pytest.mark.parametrize("code", [c for c in REGISTRY.values() if c.rules], ids=lambda c: c.code)
def test_registry_rules_overrides_are_what_makes_the_example_fire(code: Code) -> None:
    """An example that needs a non-hoyle ruleset must not fire under plain hoyle."""
    assert code.code not in codes_of(audit_text(code.example, "hoyle"))


def test_the_clean_hand_has_no_finding() -> None:
    (game,) = audit_text(CLEAN_HAND, "hoyle")
    assert game.all_findings() == []
    assert game.computed == (2, 0)


def only_finding(text: str, rules: list[str] | None = None) -> tuple[str, int | None, int | None, Seat | None, int, int]:
    games = audit_text(text, "hoyle", rules)
    found = [f for g in games for f in g.all_findings()]
    assert len(found) == 1, [(f.code.code, f.message) for f in found]
    (f,) = found
    return f.code.code, f.hand, f.trick, f.seat, f.pos.line, f.pos.column


def test_category_syntax() -> None:
    text = "hand 1 dealer N\nup AD\nbid E pass, S pas\n"
    #                                       ^ line 3, column 15
    assert only_finding(text) == ("S001", 1, None, None, 3, 15)


def test_category_deal_up_card_also_dealt() -> None:
    text = f"hand 1 dealer N\n{CLEAN_DEAL}\nup KD\n{EIGHT_PASSES}\n"
    # KD is in E's hand: the finding names the owner, at the up card (line 3, column 4)
    assert only_finding(text) == ("D106", 1, None, Seat.E, 3, 4)


def test_category_deal_dealer_out_of_rotation() -> None:
    text = (
        f"hand 1 dealer N\nup AD\n{EIGHT_PASSES}\n"
        "hand 2 dealer S\nup KC\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n"
    )
    # the deal passes left: after N comes E, so S dealing hand 2 (line 4) is out of rotation
    assert only_finding(text) == ("D105", 2, None, Seat.S, 4, 1)


def test_category_bid_turned_down_suit() -> None:
    text = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call D\n"
    #                                                                   ^ column 37
    assert only_finding(text) == ("B205", 1, None, Seat.E, 3, 37)


def test_category_discard_not_held() -> None:
    text = f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard AH\n"
    assert only_finding(text) == ("X302", 1, None, Seat.N, 5, 9)


def test_category_turn_play_out_of_turn() -> None:
    # trick 5 is led by N; W plays before S
    text = CLEAN_HAND.replace("trick N:TD E:9C S:AC W:QC", "trick N:TD E:9C W:QC S:AC")
    #                           line 10: "trick N:TD E:9C W:QC" -> W at column 17
    assert only_finding(text) == ("T402", 1, 5, Seat.W, 10, 17)


def test_category_renege() -> None:
    """E holds QS when S leads AS in trick 2, plays 9C, and plays the QS in trick 5."""
    text = CLEAN_HAND.replace("trick S:AS W:JS N:KS E:QS", "trick S:AS W:JS N:KS E:9C").replace(
        "trick N:TD E:9C S:AC W:QC", "trick N:TD E:QS S:AC W:QC"
    )
    # line 7: "trick S:AS W:JS N:KS E:9C" -> E at column 22; uncalled, the march stands
    assert only_finding(text) == ("R501", 1, 2, Seat.E, 7, 22)
    (game,) = audit_text(text, "hoyle")
    assert game.computed == (2, 0)


def test_category_left_bower_on_its_printed_suit() -> None:
    """Diamonds trump: N plays JH (the left bower, a trump) to a heart lead while holding KH."""
    text = (
        CLEAN_HAND.replace("trick E:KD S:JD W:KC N:JH", "trick E:KD S:JD W:KC N:TD")
        .replace("trick S:9H W:QH N:KH E:TH", "trick S:9H W:QH N:JH E:TH")
        .replace("trick N:TD E:9C S:AC W:QC", "trick N:KH E:9C S:AC W:QC")
    )
    # line 8: "trick S:9H W:QH N:JH" -> N at column 17
    assert only_finding(text) == ("L601", 1, 3, Seat.N, 8, 17)


def test_category_score() -> None:
    text = CLEAN_HAND.replace("score NS 2 EW 0", "score NS 1 EW 0")
    # a march is worth 2; the sheet's entry is at line 11, the NS number at column 10
    assert only_finding(text) == ("P701", 1, None, None, 11, 10)


def test_category_game_wrong_winner() -> None:
    text = '[Winner "EW"]\n' + CLEAN_HAND
    # after one hand NS lead 2-0 and nobody has won: the Winner tag (line 1) is wrong
    assert only_finding(text) == ("G802", None, None, None, 1, 1)


def test_a_card_dealt_twice_points_at_the_second_copy() -> None:
    """D102 names the card where it is written, not only the seat's cards."""
    text = ("hand 1 dealer N\n"
            "deal E: KD QS TH 9C QD  S: JD JC AS 9H KD  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
            f"up AD\n{EIGHT_PASSES}\n")
    (game,) = audit_text(text, "hoyle")
    (found,) = [f for f in game.all_findings() if f.code.code == "D102"]
    assert (found.pos.line, found.pos.column) == (2, text.splitlines()[1].index("KD  W:") + 1)
