"""EGN's alternate rules for the end of a game: four-trick tokens and a game of a number of deals."""

from __future__ import annotations

import io
import json

from auditor.audit import FileAudit
from auditor.cards import Team
from auditor.report import game_dict, write_text
from auditor.results import GameResult
from conftest import audit_text, codes_of

EIGHT_PASSES = "bid {0} pass, {1} pass, {2} pass, {3} pass, {0} pass, {1} pass, {2} pass, {3} pass"


def report_of(game: GameResult) -> str:
    out = io.StringIO()
    write_text(FileAudit("t.txt", [game], []), out)
    return out.getvalue()


# --- four-trick tokens ------------------------------------------------------------------------
# EGN: "If the calling team on a non-loner gets exactly 4 tricks, they get a token (in addition to the
# normal 1 point for 3-4 tricks). If, at any point in the game, they get to 4 tokens, they turn all
# their tokens in for 1 extra point. This extra point can end the game if it takes them to the winning
# score."  NS start at 5 and make four hands with 4 tricks: 1 point each, and a token each; the fourth
# token turns in for one more point in hand 4: 5+1+1+1+(1+1) = 10, the target.  Hand 5 comes after.
TOKENS_GAME = """\
[InitialScore "NS 5 EW 0"]
hand 1 dealer N
up AD
bid E pass, S pass, W pass, N order
tricks NS 4 EW 1
score NS 6 EW 0
hand 2 dealer E
up KC
bid S order
tricks NS 4 EW 1
score NS 7 EW 0
hand 3 dealer S
up 9H
bid W pass, N order
tricks NS 4 EW 1
score NS 8 EW 0
hand 4 dealer W
up TS
bid N order
tricks NS 4 EW 1
score NS 10 EW 0
hand 5 dealer N
up AD
bid E pass, S order
tricks NS 3 EW 2
score NS 11 EW 0
"""
TOKENS = ["scoring.four_trick_tokens=4"]


def test_the_fourth_token_is_a_point_that_ends_the_game() -> None:
    (game,) = audit_text(TOKENS_GAME, "hoyle", TOKENS)
    # hand 5 (line 22) is after the end: G801; its sheet entry (line 26) counts it, by the rules it counts nothing
    assert [(f.code.code, f.pos.line) for f in game.all_findings()] == [("G801", 22), ("P701", 26)]
    assert [(h.token, h.token_point, h.points[0], h.tokens_held[0]) for h in game.hands[:4]] == [
        (Team.NS, False, 1, 1), (Team.NS, False, 1, 2), (Team.NS, False, 1, 3), (Team.NS, True, 2, 0)]
    assert (game.winner, game.won_in_hand, game.computed[0], game.tokens) == (Team.NS, 4, 10, (0, 0))
    text = report_of(game)
    assert "N in spades, 4 tricks: made it; token NS, set +1" in text and "N in hearts, 4 tricks: made it; token NS " in text
    assert "NS won in hand 4. Four-trick tokens held: NS 0, EW 0." in text
    data = game_dict("t.txt", game)
    assert data["tokens"] == {"NS": 0, "EW": 0}
    assert [(h["token"], h["token_point"]) for h in data["hands"][2:4]] == [("NS", False), ("NS", True)]


def test_without_tokens_the_game_goes_on_and_the_sheet_is_a_point_ahead() -> None:
    (game,) = audit_text(TOKENS_GAME, "hoyle")
    found = [(f.code.code, f.pos.line) for f in game.all_findings()]
    assert found == [("P701", 21)]  # hand 4: the sheet's 10 is one point more than the rules give
    assert (game.winner, game.won_in_hand, game.computed[0], game.tokens) == (Team.NS, 5, 10, None)  # in hand 5, not 4
    assert all(h.token is None for h in game.hands)


def test_no_token_for_a_march_a_lone_hand_or_a_euchre() -> None:
    text = ("hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order\ntricks NS 5 EW 0\n"
            "hand 2 dealer E\nup KC\nbid S order alone\ntricks NS 4 EW 1\n"
            "hand 3 dealer S\nup 9H\nbid W order\ntricks NS 4 EW 1\n")
    (game,) = audit_text(text, "hoyle", TOKENS)
    assert [h.token for h in game.hands] == [None, None, None]
    assert game.tokens == (0, 0)


# --- a game of a number of deals -----------------------------------------------------------------
# EGN: "num_deals ... Defines a fixed number of deals (hands) to play in a game", "For fixed-hand games
# (e.g., progressive Euchre), omit winning_score (or set winning_score to 0) and set num_deals".
# Four deals: NS make (1), a throw-in (a deal too), EW euchre NS (2), NS march (2): NS 3, EW 2 after
# the fourth deal, and NS win.  Hand 5 is after the game.
DEALS_GAME = f"""\
[Complete "yes"]
hand 1 dealer N
up AD
bid E pass, S pass, W pass, N order
tricks NS 3 EW 2
hand 2 dealer E
up KC
{EIGHT_PASSES.format("S", "W", "N", "E")}
hand 3 dealer S
up 9H
bid W pass, N order
tricks NS 2 EW 3
hand 4 dealer W
up TS
bid N order
tricks NS 5 EW 0
hand 5 dealer N
up AD
bid E pass, S order
tricks NS 3 EW 2
"""
FOUR_DEALS = ["game.target=0", "game.deals=4"]


def test_the_game_ends_after_its_deals_and_the_side_ahead_wins() -> None:
    (game,) = audit_text(DEALS_GAME, "hoyle", FOUR_DEALS)
    (found,) = game.all_findings()
    assert (found.code.code, found.pos.line, found.hand) == ("G801", 17, 5)
    assert found.message == "hand 5 is recorded after the game's 4 deals (the last in hand 4); it does not count"
    assert (game.winner, game.won_in_hand, game.finished, game.deals) == (Team.NS, 4, True, 5)
    assert game.computed == (3, 2)
    assert "NS won, ahead after the last of 4 deals (hand 4)." in report_of(game)


def test_equal_scores_after_the_last_deal_are_a_tie() -> None:
    text = DEALS_GAME.replace("tricks NS 5 EW 0", "tricks NS 3 EW 2") + "\n"
    tied = text.split("hand 5")[0]
    (game,) = audit_text(tied, "hoyle", FOUR_DEALS)
    assert game.all_findings() == []
    assert (game.winner, game.finished, game.computed[0], game.computed[1]) == (None, True, 2, 2)
    assert "The game ended in a tie after the last of 4 deals (hand 4)." in report_of(game)
    assert json.loads(json.dumps(game_dict("t", game)))["finished"] is True
    assert codes_of(audit_text('[Winner "tie"]\n' + tied, "hoyle", FOUR_DEALS)) == []
    (wrong,) = audit_text('[Winner "NS"]\n' + tied, "hoyle", FOUR_DEALS)[0].all_findings()
    assert wrong.code.code == "G802" and "the game ended in a tie" in wrong.message


def test_a_record_of_fewer_deals_is_unfinished_and_a_target_game_goes_on() -> None:
    (found,) = audit_text(DEALS_GAME, "hoyle", ["game.target=0", "game.deals=6"])[0].all_findings()
    assert found.code.code == "G805"
    assert found.message.endswith("5 of the game's 6 deals are recorded, so the deals that finish the game are not in the record")
    (found,) = audit_text(DEALS_GAME, "hoyle")[0].all_findings()  # to 10 points: nobody has won, nothing is after the end
    assert found.code.code == "G805" and "no side has reached 10" in found.message


def test_deals_the_numbers_show_missing_count_toward_the_end() -> None:
    text = DEALS_GAME.replace("hand 3 dealer S", "hand 4 dealer S", 1).replace("hand 4 dealer W", "hand 5 dealer W", 1)
    text = text.replace("hand 5 dealer N", "hand 6 dealer N")
    (game,) = audit_text(text, "hoyle", ["game.target=0", "game.deals=3"])
    codes = [(f.code.code, f.hand) for f in game.all_findings()]
    # hand 3 is missing (G804) and was the third deal: hand 4 on is after the game
    assert ("G804", 4) in codes and ("G801", 4) in codes
    assert game.finished and game.won_in_hand is None and game.winner is None
