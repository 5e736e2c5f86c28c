"""Syntax errors: the right line and column, what was expected, and the rest of the file audited.

The specification: 'A syntax error in one hand is reported with its position and what
was expected, and every other hand and game in the file is still audited.'
"""

from __future__ import annotations

import json

import pytest

from auditor.cards import Seat, Team
from auditor.cli import main
from conftest import SAMPLES, audit_text


def syntax_errors(text: str) -> list[tuple[int | None, int, int, str]]:
    return [
        (f.hand, f.pos.line, f.pos.column, f.message)
        for g in audit_text(text, "hoyle")
        for f in g.all_findings()
        if f.code.code == "S001"
    ]


@pytest.mark.parametrize(
    ("text", "line", "column", "expected"),
    [
        # a misspelt keyword: `pas` at line 3, column 15
        ("hand 1 dealer N\nup AD\nbid E pass, S pas\n", 3, 15, ["'pass'", "'order'", "'call'"]),
        # a card that does not exist: `QX` at line 2, column 4
        ("hand 1 dealer N\nup QX\n", 2, 4, ["a card"]),
        # the dealer is missing: the line ends at column 7
        ("hand 1\nup AD\n", 1, 7, ["'dealer'"]),
        # the dealer's seat is missing
        ("hand 1 dealer\nup AD\n", 1, 14, ["a seat"]),
        # a seat that does not exist
        ("hand 1 dealer N\nup AD\nbid X pass\n", 3, 5, ["a seat"]),
        # a call without its suit
        ("hand 1 dealer N\nup AD\nbid E call\n", 3, 11, ["a suit"]),
        # two calls without the comma between them
        ("hand 1 dealer N\nup AD\nbid E pass S pass\n", 3, 12, ["','"]),
        # a score without the EW half
        ("hand 1 dealer N\nup AD\nscore NS 1\n", 3, 11, ["EW"]),
        # an unknown statement
        ("hand 1 dealer N\nfoo AD\n", 2, 1, ["'bid'", "'trick'", "'score'"]),
        # a hand number that is not a number
        ("hand x dealer N\n", 1, 6, ["a number"]),
    ],
    ids=["misspelt-pass", "card-QX", "missing-dealer", "missing-dealer-seat", "bad-seat", "call-without-suit",
         "missing-comma", "half-a-score", "unknown-statement", "hand-number"],
)
def test_position_and_what_was_expected(text: str, line: int, column: int, expected: list[str]) -> None:
    ((_, at_line, at_column, message),) = syntax_errors(text)
    assert (at_line, at_column) == (line, column)
    for word in expected:
        assert word in message, message


def test_a_bad_play_is_explained_as_a_play() -> None:
    text = "hand 1 dealer N\nup AD\nbid E order\ndiscard TD\ntrick E:KX S:9D\n"
    ((hand, line, column, message),) = syntax_errors(text)
    assert (hand, line, column) == (1, 5, 7)
    assert "E:KX" in message


def test_the_error_names_the_hand_it_is_in() -> None:
    text = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n\nhand 2 dealer E\nup 9C\nbid S pas\n"
    assert [(hand, line, column) for hand, line, column, _ in syntax_errors(text)] == [(2, 7, 7)]


def test_every_other_hand_is_still_audited(club_night: str) -> None:
    """The specification's example with hand 4 (a thrown-in hand) misspelt: the three findings remain."""
    broken = club_night.replace("bid N pass, E pass, S pass, W pass, N pass,", "bid N pass, E pass, S pass, W pas, N pass,")
    (game,) = audit_text(broken, "hoyle")
    found = [(f.code.code, f.hand, f.trick, f.seat, f.pos.line, f.pos.column) for f in game.all_findings()]
    assert found == [
        ("R501", 2, 2, Seat.W, 26, 22),
        ("P701", 3, None, None, 41, 10),
        ("S001", 4, None, None, 46, 31),  # `pas` on line 46, column 31
        ("L603", 5, 2, Seat.E, 54, 12),
    ]
    assert game.computed == (10, 0) and game.winner is Team.NS


def test_a_broken_hand_keeps_the_running_score_of_the_sheet(club_night: str) -> None:
    """Hand 1 cannot be read, but its score line (NS 2) carries the sheet to hand 2: hand 2's +2 is right."""
    broken = club_night.replace("up AD\nbid E pass, S pass, W pass, N order", "up AX\nbid E pass, S pass, W pass, N order")
    (game,) = audit_text(broken, "hoyle")
    found = [(f.code.code, f.hand, f.pos.line, f.pos.column) for f in game.all_findings()]
    assert found == [("S001", 1, 12, 4), ("R501", 2, 26, 22), ("P701", 3, 41, 10), ("L603", 5, 54, 12)]
    assert game.computed == (10, 0)


SECOND_GAME = """
[Event "Second table"]
hand 1 dealer E
up 9C
bid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass
score NS 1 EW 0
"""
BROKEN_GAME = """
[Event "Third table"]
hand 1 dealer S
up 9C
bid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pas
"""


def test_every_other_game_is_still_audited(club_night: str) -> None:
    text = club_night + BROKEN_GAME + SECOND_GAME
    # the club night has 59 lines; BROKEN_GAME's bid is line 64 (`pas` at column 63), SECOND_GAME's score line 70
    games = audit_text(text, "hoyle")
    assert [g.index for g in games] == [1, 2, 3]
    assert [f.code.code for f in games[0].all_findings()] == ["R501", "P701", "L603"]
    assert [(f.code.code, f.pos.line) for f in games[1].all_findings()] == [("S001", 64)]
    # the thrown-in hand of the last game is worth nothing: the sheet's 1 is wrong
    assert [(f.code.code, f.pos.line) for f in games[2].all_findings()] == [("P701", 70)]


def test_a_broken_tag_opens_its_game_and_the_next_hand_is_audited() -> None:
    text = '[Event "x"\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\nscore NS 2 EW 0\n'
    findings = [(f.code.code, f.pos.line, f.pos.column) for g in audit_text(text, "hoyle") for f in g.all_findings()]
    assert findings[0] == ("S001", 1, 11)  # `]` expected at the end of line 1
    assert ("P701", 5, 10) in findings  # the thrown-in hand is still judged


def test_syntax_errors_in_json_and_lint(tmp_path, capsys) -> None:
    path = tmp_path / "night.txt"
    path.write_text((SAMPLES / "club-night.txt").read_text(encoding="utf-8") + BROKEN_GAME, encoding="utf-8")
    assert main([str(path), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    syntax = [f for f in data["findings"] if f["category"] == "syntax"]
    assert [(f["code"], f["game"], f["hand"], f["line"], f["column"]) for f in syntax] == [("S001", 2, 1, 64, 63)]
    assert "'pass'" in syntax[0]["message"]
    assert main([str(path), "--format", "lint"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert f"{path}:64:63: S001 " in "\n".join(lines)
    assert len(lines) == 4


def test_an_error_inside_a_word_quotes_the_whole_word() -> None:
    """`defends` lexes as `defend` then `s` (a seat); the message shows the word the user wrote."""
    text = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order, E defends alone\n"
    ((_, line, column, message),) = syntax_errors(text)
    assert (line, column) == (3, 46)  # the "s" of "defends"
    assert message.startswith("unexpected 's' in 'defends'; expected 'alone'"), message
