"""Exit status: 0 clean, 1 with an error finding, 2 for unusable input; never a traceback.

Each command runs as a separate process, from a scratch directory, so that
what a user would see on stderr is what is checked.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLES, audit_text

CLEAN = SAMPLES / "clean-game.txt"
CLUB_NIGHT = SAMPLES / "club-night.txt"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def assert_no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr


# --- the clean sample -------------------------------------------------------------------------


def test_clean_game_sample_has_no_finding_and_the_right_score() -> None:
    """The sample was played out by tests/gen_games.py and its hands checked by hand:
    EW reach 10 in hand 10, NS have 4."""
    (game,) = audit_text(CLEAN.read_text(encoding="utf-8"))
    assert game.all_findings() == []
    assert game.ruleset == "hoyle"
    assert game.computed == (4, 10)
    assert game.recorded is not None and game.recorded.values == (4, 10)
    assert game.winner is not None and game.winner.value == "EW" and game.won_in_hand == 10
    assert [h.number for h in game.hands] == list(range(1, 11))
    # every running total on the sheet is the corrected one
    assert all(h.recorded is not None and h.recorded.values == h.totals for h in game.hands)
    # it shows a euchre, a march, a lone make, a lone euchre and a thrown-in hand
    outcomes = {h.outcome.value for h in game.hands}
    assert {"euchre", "make", "march", "lone-make", "lone-euchre", "thrown-in"} <= outcomes


def test_exit_0_on_the_clean_game(tmp_path: Path) -> None:
    proc = run(str(CLEAN), cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    assert "NS 4, EW 10" in proc.stdout


def test_exit_0_on_the_clean_game_in_json_with_a_bundled_ruleset(tmp_path: Path) -> None:
    proc = run(str(CLEAN), "--rules", "hoyle", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    assert data["findings"] == []
    assert data["games"][0]["computed"] == {"NS": 4, "EW": 10} and data["games"][0]["winner"] == "EW"


def test_exit_0_when_only_warnings(tmp_path: Path) -> None:
    """T405 (tricks missing) is a warning: the specification's exit 1 is for findings of severity error."""
    path = tmp_path / "partial.txt"
    path.write_text(
        "hand 1 dealer N\n"
        "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
        "up AD\nbid E pass, S pass, W pass, N order\ndiscard TC\ntrick E:KD S:JD W:KC N:JH\n",
        encoding="utf-8",
    )
    proc = run(str(path), "--format", "lint", cwd=tmp_path)
    assert proc.returncode == 0
    assert [line.split()[1] for line in proc.stdout.splitlines()] == ["T405"]


# --- findings ---------------------------------------------------------------------------------


def test_exit_1_with_findings(tmp_path: Path) -> None:
    proc = run(str(CLUB_NIGHT), "--rules", str(ROOT / "rulesets" / "hoyle.yaml"), cwd=tmp_path)
    assert proc.returncode == 1
    assert_no_traceback(proc)
    assert proc.stderr == ""


def test_exit_1_when_one_of_several_files_has_findings(tmp_path: Path) -> None:
    assert run(str(CLEAN), str(CLUB_NIGHT), cwd=tmp_path).returncode == 1


# --- unusable input ---------------------------------------------------------------------------


def _write_bad_inputs(tmp: Path) -> dict[str, list[str]]:
    (tmp / "latin1.txt").write_bytes("# caf\xe9 -- written in Latin-1\nhand 1 dealer N\n".encode("latin-1"))
    (tmp / "folder").mkdir()
    (tmp / "typo.yaml").write_text("extends: hoyle\nscoring:\n  euchere: 2\n", encoding="utf-8")
    (tmp / "notyaml.yaml").write_text("scoring: [1, 2\n", encoding="utf-8")
    (tmp / "unknown-rules.txt").write_text('[Rules "no-such-club"]\nhand 1 dealer N\n', encoding="utf-8")
    clean = str(CLEAN)
    return {
        "missing file": [str(tmp / "nowhere.txt")],
        "a directory": [str(tmp / "folder")],
        "non-UTF-8 file": [str(tmp / "latin1.txt")],
        "missing ruleset path": [clean, "--rules", str(tmp / "nowhere.yaml")],
        "unknown ruleset name": [clean, "--rules", "no-such-club"],
        "ruleset with a misspelt key": [clean, "--rules", str(tmp / "typo.yaml")],
        "ruleset that is not YAML": [clean, "--rules", str(tmp / "notyaml.yaml")],
        "Rules tag naming no ruleset": [str(tmp / "unknown-rules.txt")],
        "bad --set": [clean, "--set", "scoring.euchre"],
        "--set of an unknown key": [clean, "--set", "scoring.nothing=3"],
        "bad --format": [clean, "--format", "xml"],
        "unknown option": [clean, "--colour"],
        "no file": [],
        "unknown code": ["codes", "Z999"],
        "a missing file among good ones": [clean, str(tmp / "nowhere.txt")],
    }


@pytest.mark.parametrize(
    "case",
    [
        "missing file", "a directory", "non-UTF-8 file", "missing ruleset path", "unknown ruleset name",
        "ruleset with a misspelt key", "ruleset that is not YAML", "Rules tag naming no ruleset", "bad --set",
        "--set of an unknown key", "bad --format", "unknown option", "no file", "unknown code",
        "a missing file among good ones",
    ],
)
def test_exit_2_for_unusable_input(case: str, tmp_path: Path) -> None:
    args = _write_bad_inputs(tmp_path)[case]
    proc = run(*args, cwd=tmp_path)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert_no_traceback(proc)
    reason = proc.stderr.strip()
    assert reason, "exit 2 must say why"
    assert len(reason.splitlines()) <= 3, reason  # a short reason, not a dump


def test_exit_2_messages_name_the_file(tmp_path: Path) -> None:
    args = _write_bad_inputs(tmp_path)
    proc = run(*args["non-UTF-8 file"], cwd=tmp_path)
    assert "latin1.txt:1:6: not UTF-8 text: byte 0xe9" in proc.stderr  # the é, as file:line:col
    proc = run(*args["a directory"], cwd=tmp_path)
    assert "folder" in proc.stderr
    proc = run(*args["ruleset with a misspelt key"], cwd=tmp_path)
    assert "typo.yaml:3:" in proc.stderr and "euchere" in proc.stderr


def test_a_file_without_any_game_is_unusable(tmp_path) -> None:
    """An empty file (or one of comments only) is not a clean audit: exit 2 with the reason."""
    from auditor.cli import main
    import io

    for text in ("", "# nothing but a comment\n"):
        path = tmp_path / "empty.txt"
        path.write_text(text, encoding="utf-8")
        err = io.StringIO()
        assert main([str(path)], io.StringIO(), err) == 2
        assert f"{path}: no game found" in err.getvalue()
