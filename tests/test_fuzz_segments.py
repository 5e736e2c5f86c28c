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
