"""A key written twice in a ruleset is an error, not a silent choice of the last one.

YAML loaders keep the last of two equal keys without a word: a club file that
writes `scoring:` twice would lose every key of the first section, and one
that writes `target:` twice would play to whichever came last.  The loader
refuses such a file with the file, line and key, and exit status 2.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.rules.loader import RulesetError, load_ruleset
from conftest import SAMPLES


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_section_written_twice_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "extends: hoyle\nscoring:\n  euchre: 4\nscoring:\n  march: 3\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    (problem,) = caught.value.problems
    assert problem.startswith(f"{path}:4:1: scoring:")
    assert "twice" in problem and "line 2" in problem


def test_a_nested_key_written_twice_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "extends: hoyle\ngame:\n  target: 7\n  target: 9\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    (problem,) = caught.value.problems
    assert problem.startswith(f"{path}:4:3: game.target:")


def test_the_command_line_exits_2_with_one_line_per_problem(tmp_path: Path) -> None:
    path = _write(tmp_path, "extends: hoyle\ngame:\n  target: 7\n  target: 9\n")
    out, err = io.StringIO(), io.StringIO()
    status = main([str(SAMPLES / "club-night.txt"), "--rules", str(path)], out, err)
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()


def test_equal_keys_in_different_sections_are_fine(tmp_path: Path) -> None:
    # `points` under renege and a `target` under game: different mappings, no clash
    path = _write(tmp_path, "extends: hoyle\nrenege:\n  points: 3\ngame:\n  target: 7\n")
    rules = load_ruleset(str(path))
    assert (rules.renege.points, rules.game.target) == (3, 7)
