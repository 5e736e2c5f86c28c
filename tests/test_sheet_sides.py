"""A sheet entry that does not name every side of the game is no correction of the sides it leaves out.

Found by the fuzzer (input 139714 of seed 1): a mutated two-handed ruleset and a game whose score
lines name other sides; the standings' corrections asserted that every side had a sheet entry, and
``stats`` ended in a traceback.
"""

from __future__ import annotations

import io
from pathlib import Path

from auditor.cli import main

HERE = Path(__file__).parent / "data" / "fuzz" / "sides-not-named"


def test_stats_over_a_sheet_that_leaves_sides_out_answers() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["stats", str(HERE / "game.txt"), "--jobs", "1", "--rules", str(HERE / "fuzz-rules.yaml")], out, err)
    assert status == 0, err.getvalue()
    assert "Traceback" not in err.getvalue()
    assert "player" in out.getvalue()  # the player view is printed
