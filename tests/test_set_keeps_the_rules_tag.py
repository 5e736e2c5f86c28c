"""``--set`` changes each game's own ruleset; only ``--rules`` replaces the Rules tag.

The casual game's shorter game is "selectable with a `target`
override such as `--set target=7`", and "`--rules` on the command line wins
over the tag".  A `--set` without `--rules` used to audit every game under
hoyle, dropping the ruleset the file names.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from auditor.cli import main
from conftest import SAMPLES


def _tagged(tmp_path: Path, rules: str) -> Path:
    text = (SAMPLES / "club-night.txt").read_text(encoding="utf-8").replace('[Rules "hoyle"]', f'[Rules "{rules}"]')
    path = tmp_path / "night.txt"
    path.write_text(text, encoding="utf-8")
    return path


def _games(*argv: str) -> tuple[int, list[dict]]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*argv, "--format", "json"], out, err)
    return status, json.loads(out.getvalue())["games"] if out.getvalue() else []


def test_set_alone_keeps_the_tagged_ruleset(tmp_path: Path) -> None:
    path = _tagged(tmp_path, "drinking")
    _, (game,) = _games(str(path), "--set", "target=12")
    assert game["ruleset"] == "drinking"
    assert "drinks" in game  # the drinking rules still apply
    # drinking: a called renege gives the other side 4 (seed 000); the sheet's 8 + the
    # hand 3 correction (+2) + hand 5 at 4 instead of 2 make 12: NS reach the new target
    assert game["computed"] == {"NS": 12, "EW": 0} and game["winner"] == "NS"


def test_the_override_applies_to_the_tagged_ruleset(tmp_path: Path) -> None:
    path = _tagged(tmp_path, "drinking")
    _, (game,) = _games(str(path), "--set", "target=13")
    assert game["ruleset"] == "drinking" and game["winner"] is None  # 12 is short of 13


def test_rules_on_the_command_line_still_wins(tmp_path: Path) -> None:
    path = _tagged(tmp_path, "drinking")
    _, (game,) = _games(str(path), "--rules", "hoyle", "--set", "target=12")
    assert game["ruleset"] == "hoyle" and "drinks" not in game


def test_a_bad_override_is_still_refused_before_any_file(tmp_path: Path) -> None:
    path = _tagged(tmp_path, "drinking")
    out, err = io.StringIO(), io.StringIO()
    assert main([str(path), "--set", "nonsense=1"], out, err) == 2
    assert out.getvalue() == "" and "nonsense" in err.getvalue()
