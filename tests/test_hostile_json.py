"""Hostile EGN/JSON: huge numbers, huge arrays, too many values, deep nesting, wrong types.

Each is refused with one line that names the file, line and column, and exit
status 2; never a traceback, and never by reading (or holding) the whole thing first.
"""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.egn import jsonpos
from auditor.egn.jsonpos import JsonError, JsonLimitError, parse
from auditor.egn.reader import read_egn_games
from test_egn import GAME, egn, text_of, where


def run(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    code = main(list(args), io.StringIO(), err)
    assert "Traceback" not in err.getvalue()
    return code, err.getvalue()


def test_an_integer_past_pythons_digit_limit_is_refused_where_it_is_written(tmp_path: Path) -> None:
    """int() of 4,301 digits raises ValueError (Python's int-string limit); the reader refuses first."""
    path = tmp_path / "huge.egn"
    path.write_text('{\n  "fileType": "Euchre Game Notation",\n  "version": ' + "1" * 4301 + "\n}\n", encoding="utf-8")
    assert run(str(path)) == (
        2, f"euchre-audit: {path}:3:14: too large to read: a number written with 4,301 characters; the limit is 100\n"
    )


def test_a_number_as_long_as_the_limit_is_read_and_one_more_digit_is_refused() -> None:
    longest = "9" * jsonpos.MAX_NUMBER_CHARS
    assert parse(f"[{longest}]").plain() == [int(longest)]
    with pytest.raises(JsonLimitError, match=r"^1:2: a number written with 101 characters"):
        parse(f"[{longest}9]")
    with pytest.raises(JsonLimitError, match="a number written with 102 characters"):
        parse("[-0." + "5" * 99 + "]")  # a fraction is counted whole, sign included


def test_a_10_mb_array_is_refused_at_the_member_past_the_limit(tmp_path: Path) -> None:
    """Once took ~900 MB and 17 s; the reading stops at member 10,001, whose column is named."""
    path = tmp_path / "big.json"
    path.write_text("[" + ",".join(["0"] * 5_000_000) + "]", encoding="utf-8")
    column = 1 + 2 * jsonpos.MAX_ITEMS + 1  # "[" then "0," per member
    assert run(str(path)) == (2, f"euchre-audit: {path}:1:{column}: too large to read: an array of more than 10,000 members\n")


def test_an_object_with_too_many_keys_is_refused_at_the_key_past_the_limit() -> None:
    text = "{\n" + ",\n".join(f'"k{i}": 0' for i in range(jsonpos.MAX_ITEMS + 5)) + "\n}"
    with pytest.raises(JsonLimitError) as caught:
        parse(text)
    assert caught.value.pos == (jsonpos.MAX_ITEMS + 2, 1)
    assert caught.value.message == "an object of more than 10,000 members"


def test_many_small_arrays_are_refused_once_the_document_passes_its_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrays each under the member limit cannot add up past the document's limit (keys count too)."""
    monkeypatch.setattr(jsonpos, "MAX_VALUES", 1000)
    rows = [json.dumps({"row": [0] * 8}) for _ in range(200)]  # 11 values and keys a row
    text = "[\n" + ",\n".join(rows) + "\n]"
    with pytest.raises(JsonLimitError) as caught:
        parse(text)
    # 1 for the outer array and 90 rows of 11 make 991; the 91st row's object, key and array
    # make 994, so value 1,001 is that row's seventh 0, on line 92
    seventh_zero = rows[90].index("[") + 2 + 6 * len("0, ")
    assert caught.value.pos == (92, seventh_zero)
    assert caught.value.message == "more than 1,000 values and keys in one document"


def test_a_document_under_every_limit_reads_whole_and_egn_files_stay_far_below_them() -> None:
    """The limits leave room for every EGN document the shape allows in practice."""
    from auditor.egn import shape

    assert jsonpos.MAX_ITEMS > shape.MAX_GAMES and jsonpos.MAX_ITEMS > shape._MAX_DEALS
    text = json.dumps([[i] * 5 for i in range(jsonpos.MAX_ITEMS - 1)])
    assert len(parse(text).value) == jsonpos.MAX_ITEMS - 1


def peak_memory_of_parsing(text: str) -> int:
    tracemalloc.start()
    try:
        parse(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_a_few_times_the_size_of_an_egn_match() -> None:
    """An EMN as EGN's tools write it (indented) takes under 8 times its size (once over 11);
    written without spaces, under 20 times (once over 30): a value costs the same either way."""
    game = json.loads(text_of(GAME))
    match = {
        "fileType": "Euchre Match Notation", "version": "1.4",
        "metadata": {"players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(4)]},
        "games": [{"players": ["p0", "p1", "p2", "p3"], "gameData": game} for _ in range(100)],
    }
    indented, compact = json.dumps(match, indent=2), json.dumps(match, separators=(",", ":"))
    assert peak_memory_of_parsing(indented) < 8 * len(indented)
    assert peak_memory_of_parsing(compact) < 20 * len(compact)


@pytest.mark.parametrize(("text", "expected"), [
    ("[" * 1_000_000, "1:65: not valid JSON: values nested more than 64 deep"),
    ('{"a":' * 100_000, "1:321: not valid JSON: values nested more than 64 deep"),
])
def test_deep_nesting_is_refused_without_recursing(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "deep.egn"
    path.write_text(text, encoding="utf-8")
    assert run(str(path)) == (2, f"euchre-audit: {path}:{expected}\n")


@pytest.mark.parametrize(("change", "needle", "message"), [
    ({"deals__0__initialState__dealer": "0"}, "dealer", "dealer must be a whole number, not a string"),
    ({"deals__0__dealNumber": 1.5}, "dealNumber", "dealNumber must be a whole number, not a number"),
    ({"deals__0__phases__0__calls": {"0": "Pass"}}, "calls", "calls must be an array, not an object"),
    ({"metadata__players": "Ann"}, "players", "metadata.players must be an array, not a string"),
    ({"metadata__ruleset__std": 1}, "std", "ruleset.std must be true or false, not a number"),
    ({"deals__0__phases__0__isAlone": None}, "isAlone", "isAlone must be true or false, not null"),
])
def test_a_value_of_the_wrong_type_is_named_where_it_is_written(
    tmp_path: Path, change: dict[str, object], needle: str, message: str
) -> None:
    text = text_of(egn(**change))
    path = tmp_path / "typed.egn"
    path.write_text(text, encoding="utf-8")
    code, err = run(str(path))
    line = where(text, needle)[0]
    assert code == 2 and err.startswith(f"euchre-audit: {path}:{line}:") and err.endswith(f": not an EGN file: {message}\n")


def test_a_key_keeps_its_own_position() -> None:
    node = parse('{\n  "a": 1,\n    "b": {"c": 2}\n}')
    assert node.key_pos("b") == (3, 5) and node.value["b"].pos == (3, 10)
    assert node.value["b"].key_pos("c") == (3, 11)
    assert node.key_pos("missing") == node.pos == (1, 1)


def test_a_hand_read_from_egn_is_placed_at_its_deal_number_key() -> None:
    text = text_of(GAME)
    (game,) = read_egn_games(text, "t.egn")
    line, column = where(text, "dealNumber")
    assert game.hands[0].pos == (line, column)


def test_a_duplicate_key_is_named_at_its_second_writing() -> None:
    with pytest.raises(JsonError) as caught:
        parse('{"a": 1,\n "a": 2}')
    assert str(caught.value) == "2:2: the key 'a' is written twice in one object"


@pytest.mark.parametrize(("change", "needle", "message"), [
    ({"deals__0__dealNumber": 2**63}, "dealNumber", "dealNumber must be from 0 to 999,999, not 9,223,372,036,854,775,808"),
    ({"deals__0__dealNumber": -1}, "dealNumber", "dealNumber must be from 0 to 999,999, not -1"),
    ({"deals__0__phases__0__phaseNumber": 10**7}, "phaseNumber", "phaseNumber must be from 0 to 999,999, not 10,000,000"),
    ({"metadata__initialScore": [0, 10**12]}, "1000000000000",
     "a score of metadata.initialScore must be from -999,999 to 999,999, not 1,000,000,000,000"),
])
@pytest.mark.parametrize("command", [[], ["stats", "--jobs", "1"], ["convert", "--to", "text"]])
def test_a_hand_number_or_score_past_six_digits_is_refused_where_it_is_written(
    tmp_path: Path, change: dict[str, object], needle: str, message: str, command: list[str]
) -> None:
    """A dealNumber of 2**63 once reached the stats tables' 32-bit column (a TypeError from polars);
    EGN's numbers are held to the notation's six digits, so both forms read the same games."""
    text = text_of(egn(**change))
    path = tmp_path / "big-number.egn"
    path.write_text(text, encoding="utf-8")
    argv = [command[0], str(path), *command[1:]] if command else [str(path)]
    code, err = run(*argv)
    line = text.count("\n", 0, text.index(needle if needle[0].isdigit() else f'"{needle}"')) + 1
    assert code == 2 and err.startswith(f"euchre-audit: {path}:{line}:") and err.endswith(f": not an EGN file: {message}\n")


@pytest.mark.parametrize("shape", ['{"k":0}', "0", '"9c"', "[]", "{}", '{"k":{}}', '{"k":[]}'])
def test_no_shape_of_value_costs_more_than_200_bytes_so_a_document_at_its_limit_stays_under_200_mb(shape: str) -> None:
    """The memory an EGN file can take is MAX_VALUES times the costliest value: a 16 MB file of
    ``0,`` once took over 400 MB; at 1,000,000 values of the costliest shape (an object of one
    key) it is about 160 MB traced, 200 MB resident (the fuzzer's special file 'EGN at its value limit')."""
    members = 3000
    text = "[" + ",".join([shape] * members) + "]"
    values = members * (3 if shape.startswith('{"') else 1)
    assert peak_memory_of_parsing(text) < 200 * values
    assert jsonpos.MAX_VALUES * 200 <= 200 * 1024 * 1024


@pytest.mark.parametrize("fmt", ["json", "text", "lint"])
def test_half_a_character_in_a_string_is_refused_where_it_is_written(tmp_path: Path, fmt: str) -> None:
    """A player named "\\ud800" (a lone surrogate: JSON may write it, no text can hold it) reached the
    JSON report, whose writing raised UnicodeEncodeError (the fuzzer, input 785472)."""
    text = text_of(egn(metadata__players=["\ud800", "Bob", "Cid", "Dee"]))
    assert "\\ud800" in text
    path = tmp_path / "half.egn"
    path.write_text(text, encoding="utf-8")
    code, err = run(str(path), "--format", fmt, "--jobs", "1")
    line, column = where(text, "players")[0] + 1, text.splitlines()[where(text, "players")[0]].index('"') + 1
    assert (code, err) == (
        2, f"euchre-audit: {path}:{line}:{column}: not valid JSON: a string holding half of a character (\\ud800, a lone surrogate)\n"
    )


def test_a_whole_character_written_as_two_escapes_is_read() -> None:
    assert parse('["\\ud83d\\ude00", "\\u00e9"]').plain() == ["\U0001F600", "\u00e9"]
    with pytest.raises(JsonError, match=r"^1:2: a string holding half of a character \(\\udfff, a lone surrogate\)$"):
        parse('["\\udfff\\ud800"]')
