"""Settings in euchre-audit.toml or [tool.euchre-audit] of pyproject.toml, found from the current
folder upward; the command line wins; a bad file is named with its line and key."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from auditor.cli import main
from conftest import SAMPLES

CLUB_TEXT = (SAMPLES / "club-night.txt").read_text(encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with a games folder; the tests run from a folder inside it."""
    (tmp_path / "games" / "week1").mkdir(parents=True)
    (tmp_path / "games" / "week1" / "club.txt").write_text(CLUB_TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "games")
    return tmp_path


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


def codes(lint: str) -> list[str]:
    return [line.split(": ", 1)[1].split(" ", 1)[0] for line in lint.splitlines()]


def test_pyproject_in_a_folder_above_gives_the_settings(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[project]\nname = "club"\n\n[tool.euchre-audit]\nformat = "lint"\nignore = ["renege"]\n', encoding="utf-8")
    code, out, err = run("week1")
    assert (code, err) == (1, "")
    assert codes(out) == ["P701", "L603"]
    assert out.startswith("week1/club.txt:41:10: P701 ")


def test_the_command_line_wins(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.euchre-audit]\nformat = "lint"\nselect = ["R501"]\n', encoding="utf-8")
    assert codes(run("week1")[1]) == ["R501"]
    assert codes(run("week1", "--select", "L603")[1]) == ["L603"]
    assert run("week1", "--format", "github")[1].startswith("::error file=week1/club.txt,line=26,")
    assert "Corrected score" in run("week1", "--isolated")[1]  # no file at all: the text ruling


def test_own_file_wins_over_pyproject_in_the_same_folder_and_a_nearer_one_over_a_farther(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.euchre-audit]\nformat = "lint"\nselect = ["P701"]\n', encoding="utf-8")
    (project / "euchre-audit.toml").write_text('format = "lint"\nselect = ["L603"]\n', encoding="utf-8")
    assert codes(run("week1")[1]) == ["L603"]
    (project / "games" / "euchre-audit.toml").write_text('format = "lint"\nselect = ["renege"]\n', encoding="utf-8")
    assert codes(run("week1")[1]) == ["R501"]
    assert codes(run("week1", "--config", str(project / "pyproject.toml"))[1]) == ["P701"]


def test_a_pyproject_without_the_table_is_passed_over(project: Path) -> None:
    (project / "games" / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    (project / "euchre-audit.toml").write_text('format = "lint"\n', encoding="utf-8")
    assert codes(run("week1")[1]) == ["R501", "P701", "L603"]


def test_rules_and_set_from_the_file_and_set_on_the_command_line_laid_over(project: Path) -> None:
    (project / "rules").mkdir()
    (project / "rules" / "club.yaml").write_text("extends: hoyle\nname: club\ngame:\n  target: 7\n", encoding="utf-8")
    (project / "euchre-audit.toml").write_text(
        'rules = "rules/club.yaml"\nformat = "jsonl"\n\n[set]\nscoring.lone_march = 2\n', encoding="utf-8")
    import json

    (game,) = [json.loads(line) for line in run("week1")[1].splitlines()]
    assert game["ruleset"] == "club"
    assert game["hands"][2]["points"] == {"NS": 2, "EW": 0}  # the lone march scores 2 here
    assert game["winner"] == "NS" and game["won_in_hand"] == 5  # 2+2+2+0+2 = 8 >= 7
    (game,) = [json.loads(line) for line in run("week1", "--set", "game.target=20")[1].splitlines()]
    assert game["winner"] is None  # the command line's change laid over the file's


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('format = "lint"\nselekt = ["R501"]\n', "euchre-audit.toml:2: selekt: unknown setting (known: rules, set, select, extend-select, ignore, extend-ignore, exclude, format)"),
        ('format = "xml"\n', "euchre-audit.toml:1: format: must be one of text, lint, json, jsonl, github, sarif, html, not 'xml'"),
        ('\n\nselect = ["R999"]\n', "euchre-audit.toml:3: select: 'R999' is no finding code, code prefix, name or category"),
        ('ignore = 5\n', "euchre-audit.toml:1: ignore: must be a list of codes or categories"),
        ('rules = 5\n', "euchre-audit.toml:1: rules: must be a ruleset name or a path, as a string"),
        ('set = ["game.target=many"]\n', "euchre-audit.toml:1: set: game.target=many: game.target: Input should be a valid integer"),
        ('format = "lint"\n[set]\ngame.target = 7\nnot_a_rule = 3\n', "euchre-audit.toml:4: set: "),
        ('format = \n', "euchre-audit.toml: not valid TOML: Invalid value (at line 1, column 10)"),
    ],
)
def test_a_bad_file_is_named_with_its_line_and_key(project: Path, text: str, message: str) -> None:
    (project / "euchre-audit.toml").write_text(text, encoding="utf-8")
    code, out, err = run("week1")
    assert code == 2 and out == ""
    assert err.startswith(f"euchre-audit: {project / message}"), err
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_an_unknown_key_in_pyproject_is_named_with_its_line(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.euchre-audit]\nformat = "lint"\njobs = 4\n', encoding="utf-8")
    assert run("week1") == (2, "", f"euchre-audit: {project / 'pyproject.toml'}:6: jobs: unknown setting "
                                   "(known: rules, set, select, extend-select, ignore, extend-ignore, exclude, format)\n")


def test_a_file_that_is_not_utf8_or_too_big_is_refused(project: Path) -> None:
    (project / "euchre-audit.toml").write_bytes(b'format = "lint"\n# caf\xe9\n')
    assert run("week1")[2] == f"euchre-audit: {project / 'euchre-audit.toml'}:2: not UTF-8 (byte 0xe9)\n"
    (project / "euchre-audit.toml").write_bytes(b"#" * (1024 * 1024 + 1))
    assert "larger than 1024 KB" in run("week1")[2]
