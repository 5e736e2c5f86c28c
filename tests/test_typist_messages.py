"""Messages a scorekeeper can act on: what is wrong with a line, where, and what to write instead."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from auditor.cli import main
from conftest import audit_text

HEAD = "hand 1 dealer N\n"
DEAL = "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
EIGHT_PASSES = "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"


def findings(text: str, rules: str = "hoyle") -> list[tuple[str, int, int, str]]:
    return [(f.code.code, f.pos.line, f.pos.column, f.message) for g in audit_text(text, rules) for f in g.all_findings()]


@pytest.mark.parametrize(("line", "column", "named", "canonical"), [
    ("up\u00a0AD", 3, "U+00A0 NO-BREAK SPACE at column 3 is read as a space", "up AD"),
    ("up \u0410D", 4, "U+0410 CYRILLIC CAPITAL LETTER A at column 4 is read as 'A'", "up AD"),
    ("up \u212aD", 4, "U+212A KELVIN SIGN at column 4 is read as 'K'", "up KD"),
    ("\uff55p AD", 1, "U+FF55 FULLWIDTH LATIN SMALL LETTER U at column 1 is read as 'u'", "up AD"),
    ("up AD\u200b", 6, "U+200B ZERO WIDTH SPACE at column 6 is read as a space", "up AD"),
], ids=["no-break-space", "cyrillic-a", "kelvin-sign", "fullwidth-u", "zero-width-space"])
def test_a_look_alike_character_is_named_and_the_line_still_counts(line: str, column: int, named: str, canonical: str) -> None:
    (only,) = findings(f"{HEAD}{line}\n{EIGHT_PASSES}")
    assert only[:3] == ("S004", 2, column)
    assert named in only[3] and only[3].endswith(f"write it as: {canonical}")


def test_a_dotless_i_in_a_keyword_is_named_not_a_crash() -> None:
    """Case-insensitive matching once let `trıck` through to the builder, which raised KeyError."""
    text = f"{HEAD}{DEAL}up AD\nbid E pass, S pass, W pass, N order\ndiscard TC\ntr\u0131ck E:KD S:JD W:KC N:JH\n"
    (only,) = [f for f in findings(text) if f[0].startswith("S")]
    assert only[0] == "S004" and "U+0131 LATIN SMALL LETTER DOTLESS I at column 3" in only[3]


def test_a_character_that_stands_for_nothing_is_named_and_only_its_line_is_lost() -> None:
    text = f"{HEAD}up AD\nbid E pass, S pass, W pass, N order\ntrick E:KD \u2022 S:JD W:KC N:JH\n"
    syntax = [f for f in findings(text) if f[0] == "S001"]
    assert syntax == [("S001", 4, 12, "U+2022 BULLET at column 12 is not part of the notation (in '\u2022')")]


def test_curly_quotes_around_a_tag_value_are_named() -> None:
    (only,) = findings('[North \u201cAlice\u201d]\n' + HEAD + "up AD\n" + EIGHT_PASSES)
    assert only[:3] == ("S004", 1, 8)
    assert "U+201C LEFT DOUBLE QUOTATION MARK at column 8" in only[3] and 'write it as: [North "Alice"]' in only[3]


def test_a_seat_written_as_a_word_says_write_the_seat_as_its_letter() -> None:
    (only,) = findings("hand 1 dealer East\nup AD\n" + "bid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass\n")
    assert only[0] == "S003" and "the seat is written 'East': write the seat as E" in only[3]
    assert only[3].endswith("write it as: hand 1 dealer E")


def test_a_letter_before_a_colon_that_is_not_a_seat_is_said_so() -> None:
    text = f"{HEAD}{DEAL}up AD\nbid E pass, S pass, W pass, N order\ndiscard TC\ntrick E:KD D:JD W:KC N:JH\n"
    syntax = [f for f in findings(text) if f[0] == "S001"]
    assert syntax == [("S001", 6, 12, "'D' is not a seat (N, E, S or W)")]


def test_the_letter_o_for_a_zero_is_named_and_read_as_ten() -> None:
    text = f"{HEAD}up 1OH\n{EIGHT_PASSES}"
    (only,) = findings(text)
    assert only[0] == "S003"
    assert "U+004F LATIN CAPITAL LETTER O at column 5 in '1OH' is read as the digit 0" in only[3]
    assert only[3].endswith("write it as: up TH")


def test_a_card_of_no_deck_is_one_finding_in_a_clean_sentence() -> None:
    """Not the garbled 'E plays 7C is not in the deck', and no D103 for the same card."""
    text = f"{HEAD}{DEAL}up AD\nbid E pass, S pass, W pass, N order\ndiscard TC\ntrick E:7C S:JD W:KC N:JH\n"
    deck = [f for f in findings(text) if f[0] in {"D101", "D103"}]
    assert deck == [("D101", 6, 7, "E plays 7C, a card the deck of this ruleset does not have "
                                   "(hoyle: 24 cards, ranks 9 T J Q K A in each suit)")]


def test_score_spellings_show_the_line_to_write() -> None:
    for written in ("score 0-0", "score 0 0", "NS 0 EW 0", "score: NS 0, EW 0", "Score 0\u20130"):
        found = findings(f"{HEAD}up AD\n{EIGHT_PASSES}{written}\n")
        assert [f[0] for f in found] in (["S003"], ["S004", "S003"], ["S003", "S004"]), (written, found)
        assert any(f[3].endswith("write it as: score NS 0 EW 0") for f in found), (written, found)


def test_a_deal_written_without_spaces_is_read() -> None:
    """`dealS:9DTHKH9CW:AC` once raised ValueError from card parsing."""
    (game,) = audit_text(f"{HEAD}dealS:9DTHKH9CW:AC\nup AD\n{EIGHT_PASSES}", "hoyle")
    # four cards and one, not five: with nothing played, each is read as a line cut short, on nobody
    assert [f.code.code for f in game.all_findings()] == ["S018", "S018"]


def test_a_rules_tag_no_file_system_can_open_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(f'[Rules "{"x" * 300}"]\n{HEAD}up AD\n{EIGHT_PASSES}', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main([str(path), "--jobs", "1"], out, err) == 2
    assert "no such ruleset" in err.getvalue() and "Traceback" not in err.getvalue()
