"""E901: a player named at two tables in one round of a night, found across files and units of work."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import auditor.parallel as parallel
from auditor.cli import main
from auditor.findings import REGISTRY
from conftest import SAMPLES

NIGHT = SAMPLES / "progressive-night"
EXAMPLE = REGISTRY["E901"].example


def audit(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def table(round_: int, number: int, players: tuple[str, str, str, str], event: str = "Legion Hall Progressive",
          date: str = "2026-12-08") -> str:
    n, e, s, w = players
    return (f'[Event "{event}"]\n[Date "{date}"]\n[Round "{round_}"]\n[Table "{number}"]\n'
            f'[North "{n}"]\n[East "{e}"]\n[South "{s}"]\n[West "{w}"]\n'
            "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S\n")


def test_the_registry_example_in_every_format(tmp_path: Path) -> None:
    path = tmp_path / "night.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    status, text, _ = audit(str(path))
    assert status == 1
    # Bob is East at table 1 (line 6) and East at table 2 (line 17): the finding is at the second seat's tag
    block = text[text.index("Across the games: 1 finding"):text.index("Summary:")]
    assert f"{path}:17:1: E901 player-at-two-tables [error]" in block
    assert ("Bob is named at table 1 (East) and at table 2 (East) in round 3 of Legion Hall Progressive, 2026-12-08; "
            "a player sits at one table a round") in block
    assert f"- table 1: {path}:6:1, game 1, East" in block and f"- table 2: {path}:17:1, game 2, East" in block
    assert "findings: 1 (1 error, 0 warnings): event 1" in text
    status, lint, _ = audit(str(path), "--format", "lint")
    assert (status, lint.splitlines()) == (1, [f"{path}:17:1: E901 Bob is named at table 1 (East) and at table 2 (East) in round 3 "
                                                "of Legion Hall Progressive, 2026-12-08; a player sits at one table a round"])
    status, out, _ = audit(str(path), "--format", "json")
    (finding,) = json.loads(out)["findings"]
    assert (finding["code"], finding["path"], finding["game"], finding["line"], finding["column"]) == ("E901", str(path), 2, 17, 1)
    status, html, _ = audit(str(path), "--format", "html")
    assert status == 1 and html.count('data-code="E901"') == 1 and 'id="across-the-games"' in html


def test_the_machine_formats_selection_and_statistics(tmp_path: Path) -> None:
    """jsonl, github and sarif write E901 after the games; --select and --ignore choose it as any code."""
    path = tmp_path / "night.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    status, out, _ = audit(str(path), "--format", "jsonl")
    *games, last = out.splitlines()
    assert status == 1 and len(games) == 2 and all(json.loads(g)["findings"] == [] for g in games)
    (finding,) = json.loads(last)["across_games"]
    assert (finding["code"], finding["game"], finding["line"], finding["column"]) == ("E901", 2, 17, 1)
    status, out, _ = audit(str(path), "--format", "github")
    assert status == 1 and out.startswith(f"::error file={path},line=17,col=1,title=E901 player-at-two-tables::game 2: Bob is named")
    assert out.count("::error") == 1
    status, out, _ = audit(str(path), "--format", "sarif")
    (result,) = json.loads(out)["runs"][0]["results"]
    assert (status, result["ruleId"], result["properties"]["game"]) == (1, "E901", 2)
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 17, "startColumn": 1}
    assert audit(str(path), "--format", "lint", "--ignore", "E901") == (0, "", "")
    status, lint, _ = audit(str(path), "--format", "lint", "--select", "E901")
    assert status == 1 and lint.count("E901") == 1


def test_across_the_files_of_a_folder_and_any_number_of_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = tmp_path / "round-3-table-1.txt"
    second = tmp_path / "round-3-table-2.txt"
    first.write_text(table(3, 1, ("Ann", "Bob", "Cy", "Di")) + "\n" + table(4, 1, ("Ann", "Bob", "Cy", "Di")), encoding="utf-8")
    # Cy again at table 2 of round 3 (West): one finding; round 4 is another round
    second.write_text(table(3, 2, ("Eve", "Fay", "Gus", "Cy")) + "\n" + table(4, 2, ("Eve", "Fay", "Gus", "Hal")), encoding="utf-8")
    status, lint, _ = audit(str(first), str(second), "--format", "lint", "--jobs", "1")
    assert status == 1 and lint.splitlines() == [
        f"{second}:8:1: E901 Cy is named at table 1 (South) and at table 2 (West) in round 3 of Legion Hall Progressive, "
        "2026-12-08; a player sits at one table a round"]
    monkeypatch.setattr(parallel, "UNIT_BYTES", 200)  # a game a unit
    assert audit(str(first), str(second), "--format", "lint", "--jobs", "2") == (status, lint, "")
    # the standings see it too
    status, out, _ = audit("standings", str(tmp_path), "--jobs", "1")
    assert status == 1 and "Across the games: 1 finding" in out and f"{second}:8:1: E901" in out


@pytest.mark.parametrize("second", [
    table(3, 1, ("Eve", "Fay", "Gus", "Cy")),  # the same table: a round of two games there
    table(3, 2, ("Eve", "Fay", "Gus", "Cy"), date="2026-12-15"),  # another night
    table(3, 2, ("Eve", "Fay", "Gus", "Cy"), event="Oak Street League"),  # another event
    table(4, 2, ("Eve", "Fay", "Gus", "Cy")),  # another round
])
def test_no_finding_where_the_seats_are_not_one_round_at_two_tables(tmp_path: Path, second: str) -> None:
    path = tmp_path / "night.txt"
    path.write_text(table(3, 1, ("Ann", "Bob", "Cy", "Di")) + "\n" + second, encoding="utf-8")
    status, lint, _ = audit(str(path), "--format", "lint")
    assert (status, lint) == (0, "")


def test_games_without_a_round_are_no_part_of_any_round(tmp_path: Path) -> None:
    path = tmp_path / "club.txt"
    text = (SAMPLES / "clean-game.txt").read_text(encoding="utf-8")
    path.write_text(text + "\n" + text, encoding="utf-8")  # the same players twice, no Round tag
    assert audit(str(path), "--format", "lint") == (0, "", "")


def test_the_sample_night_has_no_player_at_two_tables() -> None:
    status, lint, _ = audit(*sorted(str(p) for p in NIGHT.glob("*.txt")), "--format", "lint")
    assert status == 1 and [line.split()[1] for line in lint.splitlines()] == ["P701", "P701"]
