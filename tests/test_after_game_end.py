"""A sheet entry for a hand played after the game was won gives the right reason.

Under a target of 7 the club night is won by NS in hand 3 (2 + 2 + 4 = 8), so
hands 4 and 5 count for nothing.  The sheet still adds NS 2 in hand 5; the
score finding there must say the hand does not count, not blame the called
renege (which, by the rules, gives NS 2, the very points the sheet wrote).
"""

from __future__ import annotations

from conftest import audit_text


def test_the_sheet_entry_after_the_end_names_the_finished_game(club_night: str) -> None:
    (game,) = audit_text(club_night, "hoyle", ["target=7"])
    assert game.winner is not None and game.winner.value == "NS" and game.won_in_hand == 3
    (hand5,) = [f for f in game.all_findings() if f.category.value == "score" and f.hand == 5]
    assert "already won" in hand5.message
    assert "renege" not in hand5.message
