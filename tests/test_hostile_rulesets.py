"""Hostile rulesets and --set values: one positioned line each, exit status 2, never a traceback.

PyYAML's safe loader lets some scalars escape as ValueError, KeyError or
AttributeError, recurses once per nesting level, and names a control character
by offset; each case is checked through a ruleset file and through ``--set``.
"""

from __future__ import annotations

import io
import itertools
import string
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.rules import loader, safeyaml
from conftest import SAMPLES


def run(*args: str) -> tuple[int, list[str]]:
    """Exit status and the lines written to stderr by an in-process run."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out, err)
    assert "Traceback" not in err.getvalue()
    return code, err.getvalue().splitlines()


def ruleset(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return path


UNREADABLE_SCALARS = [
    ("!!bool x", "'x' cannot be read as true or false (!!bool)"),
    ("!!int x", "'x' cannot be read as a whole number (!!int)"),
    ("!!int 0x", "'0x' cannot be read as a whole number (!!int)"),
    ("0x_", "'0x_' cannot be read as a whole number (!!int)"),  # resolved as an int by its look
    ("!!float x", "'x' cannot be read as a number (!!float)"),
    ("!!float", "'' cannot be read as a number (!!float)"),  # PyYAML raised IndexError (the fuzzer, input 733069)
    ("!!timestamp x", "'x' cannot be read as a date (!!timestamp)"),
    ("2001-13-01", "'2001-13-01' cannot be read as a date (!!timestamp)"),  # month 13
]


@pytest.mark.parametrize(("value", "problem"), UNREADABLE_SCALARS)
def test_a_scalar_its_tag_cannot_read_is_named_in_a_file(tmp_path: Path, value: str, problem: str) -> None:
    path = ruleset(tmp_path, f"game:\n  target: {value}\n")
    assert run("rules", str(path)) == (2, [f"euchre-audit: invalid ruleset: {path}:2:11: not valid YAML: {problem}"])


@pytest.mark.parametrize(("value", "problem"), UNREADABLE_SCALARS)
def test_a_scalar_its_tag_cannot_read_is_named_in_a_set(value: str, problem: str) -> None:
    assert run("rules", "hoyle", "--set", f"target={value}") == (
        2, [f"euchre-audit: invalid ruleset: --set 'target={value}': {problem}; the value must be a number, a word, true/false, a list or a mapping"]
    )


def test_a_set_that_cannot_be_read_is_blamed_on_the_set_by_every_command(tmp_path: Path) -> None:
    """convert once blamed the game file for a --set's ValueError."""
    game = str(SAMPLES / "clean-game.txt")
    expected = ("euchre-audit: invalid ruleset: --set 'target=!!int x': 'x' cannot be read as a whole number (!!int); "
                "the value must be a number, a word, true/false, a list or a mapping")
    for command in (["convert", game, "--to", "egn"], [game], ["stats", game], ["rules", "hoyle"]):
        assert run(*command, "--set", "target=!!int x") == (2, [expected]), command


def test_a_thousand_nested_brackets_are_refused_before_python_recurses(tmp_path: Path) -> None:
    path = ruleset(tmp_path, "game: " + "[" * 1000 + "]" * 1000 + "\n")
    assert run("rules", str(path)) == (2, [f"euchre-audit: invalid ruleset: {path}:1:22: not valid YAML: values nested more than 16 deep"])
    path = ruleset(tmp_path, "[" * 100_000 + "\n")
    assert run("rules", str(path)) == (2, [f"euchre-audit: invalid ruleset: {path}:1:17: not valid YAML: values nested more than 16 deep"])
    nested = "[" * 99 + "]" * 99
    assert run("rules", "hoyle", "--set", f"deck.ranks={nested}") == (2, [
        f"euchre-audit: invalid ruleset: --set 'deck.ranks={nested}': values nested more than 16 deep; "
        "the value must be a number, a word, true/false, a list or a mapping"
    ])


def unknown_keys(count: int) -> list[str]:
    """Distinct short keys that YAML reads as strings (not yes/no/on/off)."""
    words = ("".join(p) for n in (1, 2, 3) for p in itertools.product(string.ascii_letters, repeat=n))
    special = {"y", "n", "no", "on", "yes", "off"}
    return list(itertools.islice((w for w in words if w.lower() not in special), count))


def test_thousands_of_unknown_keys_list_the_first_twenty_and_count_the_rest(tmp_path: Path) -> None:
    """The fuzzer's 32,766 unknown keys took 35 s; the problems are capped (and found in one walk, below).  (A
    thousand keys: more values than a ruleset may hold are refused before the keys are looked at, below.)"""
    keys = unknown_keys(1000)
    path = ruleset(tmp_path, "".join(f"{key}: 0\n" for key in keys))
    code, lines = run("rules", str(path))
    assert code == 2 and len(lines) == loader.MAX_PROBLEMS + 1
    assert lines[0] == f"euchre-audit: invalid ruleset: {path}:1:1: a: unknown key"
    assert lines[19] == f"euchre-audit: invalid ruleset: {path}:20:1: {keys[19]}: unknown key"
    assert lines[20] == "euchre-audit: invalid ruleset: ... and 980 more problems (only the first 20 are listed)"


def test_the_lines_of_keys_are_found_in_one_walk_of_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each problem once walked the whole mapping for its line: quadratic in the keys."""
    walks = []
    real = loader.key_positions
    monkeypatch.setattr(loader, "key_positions", lambda node: walks.append(node) or real(node))
    monkeypatch.setattr(loader, "MAX_PROBLEMS", 1000)
    path = ruleset(tmp_path, "extends: hoyle\ngame:\n" + "".join(f"  {key}: 0\n" for key in unknown_keys(500)))
    code, lines = run("rules", str(path))
    assert code == 2 and len(lines) == 500 and len(walks) == 1  # this file's, once (hoyle's is not needed)
    assert lines[-1].startswith(f"euchre-audit: invalid ruleset: {path}:502:3: game.")


def test_many_bad_sets_list_the_first_twenty_and_count_the_rest() -> None:
    sets = [arg for i in range(30) for arg in ("--set", f"key{i}=1")]
    code, lines = run("rules", "hoyle", *sets)
    assert code == 2 and len(lines) == 21
    assert lines[0] == "euchre-audit: invalid ruleset: --set key0=1: key0: unknown key"
    assert lines[20] == "euchre-audit: invalid ruleset: ... and 10 more problems (only the first 20 are listed)"


def test_a_nul_byte_in_a_ruleset_is_named_by_line_and_column(tmp_path: Path) -> None:
    path = ruleset(tmp_path, "# club\ngame:\n  target: 10\x00\n")
    assert run("rules", str(path)) == (2, [
        f"euchre-audit: invalid ruleset: {path}:3:13: not valid YAML: the character #x0000 is not allowed (special characters are not allowed)"
    ])
    assert run("rules", "hoyle", "--set", "target=1\x00") == (2, [
        "euchre-audit: invalid ruleset: --set 'target=1\\x00': the character #x0000 is not allowed "
        "(special characters are not allowed); the value must be a number, a word, true/false, a list or a mapping"
    ])


def test_a_target_of_ten_to_the_hundredth_is_refused(tmp_path: Path) -> None:
    """10**100 is written with 101 digits, past the YAML reader's limit; 10**50 is judged by the schema."""
    for huge, problem in (
        (str(10**100), "not valid YAML: a number written with 101 characters; the limit is 100"),
        (str(10**50), "game.target: Input should be less than or equal to 1000"),
    ):
        path = ruleset(tmp_path, f"game:\n  target: {huge}\n")
        column = 11 if problem.startswith("not valid YAML") else 3
        assert run("rules", str(path)) == (2, [f"euchre-audit: invalid ruleset: {path}:2:{column}: {problem}"])
        code, lines = run("rules", "hoyle", "--set", f"target={huge}")
        assert code == 2 and len(lines) == 1 and lines[0].startswith("euchre-audit: invalid ruleset: --set ")
        assert problem.removeprefix("not valid YAML: ") in lines[0]


def test_a_number_past_pythons_digit_limit_is_refused_where_it_is_written(tmp_path: Path) -> None:
    path = ruleset(tmp_path, "game:\n  target: " + "9" * 5000 + "\n")
    assert run("rules", str(path)) == (2, [
        f"euchre-audit: invalid ruleset: {path}:2:11: not valid YAML: a number written with 5,000 characters; the limit is 100"
    ])
    assert safeyaml.MAX_NUMBER_CHARS <= loader.MAX_OVERRIDE_CHARS  # a --set is refused by its length first


def test_a_ten_megabyte_value_is_refused_and_never_echoed(tmp_path: Path) -> None:
    big = "a" * 10_000_000
    path = ruleset(tmp_path, f"description: {big}\n")
    assert run("rules", str(path)) == (2, [
        f"euchre-audit: invalid ruleset: {path}: the ruleset is 10,000,014 bytes; the limit is {loader.MAX_RULESET_BYTES:,}"
    ])
    assert run("rules", "hoyle", "--set", f"description={big}") == (
        2, ["euchre-audit: invalid ruleset: --set description: the value is longer than 200 characters"]
    )
    code, lines = run("rules", "hoyle", "--set", f"{big}=1")
    assert code == 2 and lines == [f"euchre-audit: invalid ruleset: --set '{'a' * 40}...': the key is longer than 100 characters"]


def test_long_values_in_a_file_are_cut_short_in_messages(tmp_path: Path) -> None:
    long = "b" * 100_000
    path = ruleset(tmp_path, f"play:\n  first_lead: {long}\n? {long}\n: 1\n")
    code, lines = run("rules", str(path))
    assert code == 2 and lines == [
        f"euchre-audit: invalid ruleset: {path}:2:3: play.first_lead: Input should be 'dealer-left' or 'loner-left' (got '{'b' * 40}...')",
        f"euchre-audit: invalid ruleset: {path}:3:3: {'b' * 40}...: unknown key",
    ]
    path = ruleset(tmp_path, f"extends: {long}.yaml\n")
    assert run("rules", str(path)) == (2, [f"euchre-audit: invalid ruleset: {path}:1:1: extends: '{'b' * 40}...' is longer than 500 characters"])


def test_a_rules_tag_naming_a_file_too_long_for_the_system_is_no_such_file(tmp_path: Path) -> None:
    """A name longer than the system allows made Path.exists raise OSError (File name too long)."""
    name = "c" * 300 + ".yaml"
    game = tmp_path / "game.txt"
    game.write_text(f'[Rules "{name}"]\nhand 1 dealer N\n', encoding="utf-8")
    assert run(str(game)) == (2, [f"euchre-audit: {game}:1:1: game 1 is not audited: {name}: no such ruleset file"])
    assert run("rules", name) == (2, [f"euchre-audit: invalid ruleset: {name}: no such ruleset file"])


def test_python_tags_and_aliases_in_a_set_are_refused() -> None:
    code, lines = run("rules", "hoyle", "--set", 'target=!!python/object/apply:os.system ["false"]')
    assert code == 2 and len(lines) == 1 and "could not determine a constructor for the tag" in lines[0]
    code, lines = run("rules", "hoyle", "--set", "deck.ranks=[&a 9, *a]")
    assert code == 2 and len(lines) == 1 and "anchors (&name) are not allowed in a ruleset" in lines[0]


def test_a_ruleset_of_thousands_of_keys_is_refused_at_the_first_past_the_bound(tmp_path: Path) -> None:
    """The fuzzer's input 646400 (run 9): 24,000 lines `kX: 1` after a bundled ruleset's own (240 KB, under the
    256 KB a ruleset may have) grew the audit by 162 MB in PyYAML's nodes.  The values are counted as they are
    read, and the first past the bound is refused where it stands."""
    from auditor.rules.safeyaml import MAX_VALUES

    keys = "".join(f"k{i}: 1\n" for i in range(24_000))
    path = ruleset(tmp_path, "extends: hoyle\n" + keys)
    # the document's mapping is a value, `extends: hoyle` two more, and each line `kN: 1` two: the value past the
    # bound is the 1 of line MAX_VALUES / 2
    line = MAX_VALUES // 2
    column = len(f"k{line - 2}: ") + 1
    assert run("rules", str(path)) == (2, [
        f"euchre-audit: invalid ruleset: {path}:{line}:{column}: not valid YAML: more than {MAX_VALUES:,} keys, values and list items"])
    assert run(str(SAMPLES / "clean-game.txt"), "--rules", str(path))[0] == 2
    # the bundled rulesets are far inside the bound
    for name in ("hoyle", "drinking", "two-handed-tableau"):
        assert run("rules", name)[0] == 0
