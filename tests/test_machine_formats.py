"""The machine formats: jsonl (streamed, one object per game), GitHub annotations and SARIF 2.1.0
(validated against OASIS's schema, vendored in tests/data/sarif), on the samples; the same output
for any --jobs."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import auditor.units as cutting
from auditor.cli import main
from auditor.findings import REGISTRY
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from conftest import ROOT, SAMPLES

jsonschema = pytest.importorskip("jsonschema", reason="pip install -e '.[test]' (jsonschema validates SARIF and EGN)")

SARIF_SCHEMA = ROOT / "tests" / "data" / "sarif" / "sarif-schema-2.1.0.json"
CLUB = "samples/club-night.txt"  # as a user in the checkout names it (tests run from ROOT: see the fixture)
SAMPLE_FILES = sorted(f"samples/{p.name}" for p in SAMPLES.glob("*.txt"))


@pytest.fixture(autouse=True)
def in_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, "--isolated"], out, err)
    return code, out.getvalue(), err.getvalue()


def _json_findings() -> list[dict]:
    code, out, _ = run(*SAMPLE_FILES, "--format", "json", "--jobs", "1")
    return json.loads(out)["findings"]


# ------------------------------------------------------------------------------------ jsonl
def test_jsonl_is_one_object_per_game_with_its_findings_as_json_gives_them() -> None:
    code, out, err = run(*SAMPLE_FILES, "--format", "jsonl", "--jobs", "1")
    assert code == 1 and err == ""
    lines = out.splitlines()
    games = [json.loads(line) for line in lines]
    _, whole, _ = run(*SAMPLE_FILES, "--format", "json", "--jobs", "1")
    document = json.loads(whole)
    assert len(games) == len(document["games"])
    for streamed, kept in zip(games, document["games"]):
        findings = streamed["findings"]
        assert {k: v for k, v in streamed.items() if k != "findings"} == kept
        assert findings == [f for f in document["findings"] if (f["path"], f["game"]) == (kept["path"], kept["game"])]
    club = next(g for g in games if g["path"] == CLUB)
    assert [f["code"] for f in club["findings"]] == ["R501", "P701", "L603"]
    assert club["computed"] == {"NS": 10, "EW": 0} and club["recorded"] == {"NS": 8, "EW": 0}


def test_jsonl_names_a_file_it_cannot_read_on_a_line_of_its_own(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"hand 1 dealer N\n\xff\xfe\n")
    code, out, err = run(CLUB, str(bad), "--format", "jsonl", "--jobs", "1")
    assert code == 2
    *games, last = [json.loads(line) for line in out.splitlines()]
    assert [g["path"] for g in games] == [CLUB]
    assert set(last) == {"error"} and last["error"].startswith(f"{bad}:2:1:")
    assert last["error"] in err


def _season(tmp_path: Path, games: int = 40) -> Path:
    rules = load_ruleset("hoyle")
    text = io.StringIO()
    write_games(simulate(rules, games, 14, 0.2), text)
    path = tmp_path / "season.txt"
    path.write_text(text.getvalue(), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["jsonl", "github", "sarif", "lint"])
def test_the_streamed_formats_are_the_same_for_any_number_of_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    monkeypatch.setattr(cutting, "UNIT_BYTES", 3000)  # a few games per unit: many units, out of order in the pool
    season = str(_season(tmp_path))
    one = run(season, CLUB, "--format", fmt, "--jobs", "1")
    two = run(season, CLUB, "--format", fmt, "--jobs", "2")
    assert one == two
    assert one[0] == 1 and one[1].count("R501") >= 2


# ------------------------------------------------------------------------------------ github
def test_github_annotations_of_the_club_night() -> None:
    code, out, err = run(CLUB, "--format", "github")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0] == (
        f"::error file={CLUB},line=26,col=22,title=R501 renege::game 1: W did not follow hearts in trick 2 although "
        "holding QH TH%0A- W played KD on AH (hearts led) in trick 2%0A- W later played QH in trick 3, TH in trick 4, "
        "so W held them then%0A- nobody called it at the table, so it carries no penalty"
    )
    assert lines[1].startswith(f"::error file={CLUB},line=41,col=10,title=P701 score-mismatch::game 1: the sheet gives hand 3")
    assert lines[2].startswith(f"::error file={CLUB},line=54,col=12,title=L603 left-bower-only-trump::")


def test_github_escapes_what_would_end_a_property_or_a_command(tmp_path: Path) -> None:
    odd = tmp_path / "a,b: 100%.txt"
    odd.write_text((SAMPLES / "club-night.txt").read_text(encoding="utf-8"), encoding="utf-8")
    _, out, _ = run(str(odd), "--format", "github", "--select", "R501")
    (line,) = out.splitlines()
    assert line.startswith(f"::error file={str(tmp_path).replace(':', '%3A').replace(',', '%2C')}/a%2Cb%3A 100%25.txt,line=26,col=22,")


def test_a_warning_is_a_warning_annotation() -> None:
    code, out, _ = run(str(SAMPLES / "league-night.txt"), "--format", "github")
    kinds = {line.split(" ", 1)[0] for line in out.splitlines()}
    warnings = [c for c in REGISTRY.values() if c.severity.value == "warning"]
    assert kinds <= {"::error", "::warning"} and warnings
    _, lint, _ = run(str(SAMPLES / "league-night.txt"), "--format", "lint")
    assert len(out.splitlines()) == len(lint.splitlines())


# ------------------------------------------------------------------------------------ sarif
def _sarif(*args: str) -> tuple[int, dict]:
    code, out, err = run(*args, "--format", "sarif")
    return code, json.loads(out)


def test_sarif_of_the_samples_is_valid_sarif_2_1_0() -> None:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    code, document = _sarif(*SAMPLE_FILES)
    jsonschema.validate(document, schema, cls=jsonschema.Draft4Validator)
    assert code == 1 and document["version"] == "2.1.0"
    (run_,) = document["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(REGISTRY)
    results = run_["results"]
    assert len(results) == len(_json_findings())
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    first = results[[r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results].index(CLUB)]
    assert first["ruleId"] == "R501" and first["level"] == "error"
    assert first["locations"][0]["physicalLocation"]["region"] == {"startLine": 26, "startColumn": 22}
    assert first["message"]["text"].startswith("W did not follow hearts in trick 2 although holding QH TH\n- W played KD")
    assert first["properties"] == {"game": 1, "hand": 2, "trick": 2, "seat": "W", "category": "renege"}
    assert run_["invocations"] == [{"executionSuccessful": True, "toolExecutionNotifications": []}]


def test_sarif_with_no_finding_and_with_an_unreadable_file_is_still_valid(tmp_path: Path) -> None:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    code, clean = _sarif(str(SAMPLES / "clean-game.txt"))
    jsonschema.validate(clean, schema, cls=jsonschema.Draft4Validator)
    assert code == 0 and clean["runs"][0]["results"] == []
    missing = tmp_path / "missing.txt"
    code, broken = _sarif(str(SAMPLES / "clean-game.txt"), str(missing))
    jsonschema.validate(broken, schema, cls=jsonschema.Draft4Validator)
    (invocation,) = broken["runs"][0]["invocations"]
    assert code == 2 and invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["message"]["text"].startswith(f"{missing}: ")


def test_sarif_names_an_absolute_path_as_a_file_uri(tmp_path: Path) -> None:
    path = tmp_path / "club night.txt"
    path.write_text((SAMPLES / "club-night.txt").read_text(encoding="utf-8"), encoding="utf-8")
    _, document = _sarif(str(path), "--select", "L603")
    (result,) = document["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == path.as_uri()
    assert path.as_uri().endswith("/club%20night.txt")
