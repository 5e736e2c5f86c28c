"""Bicycle's cap of 13, from seed 004 line 25: "When playing at the Euchre Club of Chicago, you can
score up to 13 points during any single game. Example: Winning all five tricks during a loner call
when your score is nine will result in a winning score of 13."

A score sheet keeps its own running score and stops at the cap: an entry is judged by what the hand's
points add to the sheet's last entry, capped there, so that the points the cap took off are never
held against the sheet.  ``bicycle`` has the cap (``game.max_score: 13``), ``hoyle`` has none.
"""

from __future__ import annotations

from auditor.cards import Side
from conftest import audit_text
from test_simulate_variations import assert_agree, generate

# NS start at 8.  Hand 1: S makes spades (3 tricks, 1 point: NS 9), but the sheet writes NS 10, a wrong
# entry.  Hand 2: S goes alone and takes all five (4 points): NS 13 under the cap.  The sheet adds
# 4 to its 10 and stops at 13: by the sheet's own count that entry is right, and it agrees with the
# corrected score (13).
CAPPED = """\
[InitialScore "NS 8 EW 0"]

hand 1 dealer N
up 9S
bid E pass, S order
tricks NS 3 EW 2
score NS 10 EW 0

hand 2 dealer E
up 9H
bid S order alone
tricks NS 5 EW 0
score NS 13 EW 0
"""


def mismatches(text: str, rules: str) -> list[tuple[int | None, str]]:
    (game,) = audit_text(text, rules)
    return [(f.hand, f.message) for f in game.all_findings() if f.code.code == "P701"]


def test_the_entry_the_cap_stops_is_not_accused() -> None:
    (game,) = audit_text(CAPPED, "bicycle")
    found = mismatches(CAPPED, "bicycle")
    assert [hand for hand, _ in found] == [1]  # the wrong entry, once, where it shows
    assert "the sheet gives hand 1 NS +2 EW +0; by the rules it is NS +1" in found[0][1]
    assert game.computed == (13, 0) and game.winner is Side.NS
    assert [h.points for h in game.hands] == [(1, 0), (4, 0)]


def test_without_the_cap_the_two_entries_are_one_slip_of_arithmetic() -> None:
    """Under hoyle nothing stops at 13: the sheet's 10 then 13 is the running score 9 then 13 with one total
    miswritten, so hand 1's line is named once as that slip and hand 2's right entry is not faulted."""
    (game,) = audit_text(CAPPED, "hoyle")
    assert mismatches(CAPPED, "hoyle") == []
    slips = [(f.hand, f.level.value, f.message) for f in game.all_findings() if f.code.code == "S012"]
    assert [(hand, severity) for hand, severity, _ in slips] == [(1, "warning")]
    assert "most likely NS 9 EW 0" in slips[0][2]
    assert game.computed == (13, 0)  # 9 + 4: no cap, the same total here


def test_an_entry_past_the_cap_is_still_wrong() -> None:
    text = CAPPED.replace("score NS 13 EW 0", "score NS 14 EW 0")
    found = mismatches(text, "bicycle")
    assert [hand for hand, _ in found] == [1, 2]
    assert "the sheet gives hand 2 NS +4 EW +0; by the rules it is NS +3" in found[1][1]


def test_generated_games_under_a_cap_are_accused_only_of_the_wrong_entries_injected() -> None:
    """The simulator's scorekeeper stops at the cap too; under a cap of 11 it bites often."""
    generated = generate("hoyle", ("game.max_score=11",), games=60, seed=12, errors=0.3, called=1.0)
    games = audit_text(generated.text)
    assert_agree(generated.sims, games)
    found = sorted((f.game, f.hand, f.code.code, f.pos.line) for g in games for f in g.all_findings())
    injected = sorted((e["game"], e["hand"], e["code"], e["line"]) for e in generated.log)
    assert found == injected
    capped_sheets = [line for line in generated.text.splitlines() if line.startswith("score") and " 11 " in line + " "]
    assert capped_sheets  # the cap was reached on the sheets
