"""A long fuzz run goes in segments, each written down when it ends: started again, it goes on where it stopped."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))

from fuzzkit.report import FuzzConfig  # noqa: E402
from fuzzkit.segments import run_segments  # noqa: E402


def test_a_run_in_segments_resumes_after_the_segments_done(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    config = FuzzConfig(25, seed=20261130, jobs=1, start=100, special=False, minimize=False)
    said: list[str] = []
    total = run_segments(config, folder, said.append, size=10)
    assert (total["inputs"], total["segments"], total["groups"]) == (25, 3, {})
    assert total["ranges"] == [(100, 109), (110, 119), (120, 124)]
    assert sorted(p.name for p in folder.glob("segment-*.json")) == [
        "segment-00000100.json", "segment-00000110.json", "segment-00000120.json"]
    # a stop in the last segment: its record is gone (it was never written), so it runs again, and only it
    (folder / "segment-00000120.json").unlink()
    said.clear()
    again = run_segments(config, folder, said.append, size=10)
    assert [line for line in said if line.startswith("segment ")] == [
        "segment 100: done before, skipped", "segment 110: done before, skipped", "segment 120..124"]
    assert again["inputs"] == 25 and json.loads((folder / "segment-00000120.json").read_text())["inputs"] == 5
    assert "25 inputs" in (folder / "summary.txt").read_text()


def test_segments_record_their_code_and_a_folder_of_other_code_is_not_resumed(tmp_path: Path) -> None:
    from fuzzkit.segments import OtherCode, code_digest

    folder = tmp_path / "run"
    config = FuzzConfig(4, seed=20261130, jobs=1, special=False, minimize=False)
    run_segments(config, folder, lambda _line: None, size=2)
    rows = [json.loads(p.read_text()) for p in sorted(folder.glob("segment-*.json"))]
    assert {row["code"] for row in rows} == {code_digest()} and all(row["commit"] for row in rows)
    assert f"code {code_digest()} at " in (folder / "summary.txt").read_text()
    # a segment written by another program: the run refuses to add to it, naming the segment
    first = folder / "segment-00000000.json"
    first.write_text(json.dumps({**rows[0], "code": "0" * 16}))
    try:
        run_segments(config, folder, lambda _line: None, size=2)
    except OtherCode as err:
        assert "segment-00000000.json ran on code 0000000000000000" in str(err)
    else:
        raise AssertionError("a folder of segments from other code was resumed")


def test_the_code_digest_changes_with_any_file_of_the_program(tmp_path: Path) -> None:
    from fuzzkit.segments import code_digest

    for part in ("auditor", "grammar", "rulesets"):
        (tmp_path / part).mkdir()
        (tmp_path / part / "a.txt").write_text("one")
    (tmp_path / "pyproject.toml").write_text("[project]")
    before = code_digest(tmp_path)
    (tmp_path / "grammar" / "a.txt").write_text("two")
    assert code_digest(tmp_path) != before
    (tmp_path / "grammar" / "a.txt").write_text("one")
    assert code_digest(tmp_path) == before
    (tmp_path / "auditor" / "__pycache__").mkdir()
    (tmp_path / "auditor" / "__pycache__" / "x.pyc").write_text("cache")
    assert code_digest(tmp_path) == before
