"""The audit hands its results to a sink chosen by name: a new format is one module, and the
audit's loop imports none of the formats."""

from __future__ import annotations

import io
import subprocess
import sys
from typing import TextIO

import pytest

from auditor import formats
from auditor.formats import FORMATS, SINKS, Ending, Sink, sink_for
from auditor.parallel import AuditOptions, run_audit_units
from auditor.results import GameResult

from conftest import ROOT, SAMPLES, audit_text, codes_of


class Tally(Sink):
    """A format of this module alone: a line a game, and the night's findings counted at the end."""

    name = "tally"

    def head(self, out: TextIO, files: list[str]) -> None:
        out.write(f"tally of {len(files)} file(s)\n")

    def game(self, label: str, game: GameResult) -> str:
        return f"{label} game {game.index}: {' '.join(f.code.code for f in game.all_findings()) or '-'}\n"

    def end(self, out: TextIO, ending: Ending) -> None:
        out.write(f"night: {len(ending.night)}; games: {ending.summary.games}\n")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_new_format_is_one_module_registered_by_name(monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    monkeypatch.setitem(SINKS, "tally", (__name__, "Tally"))
    path = SAMPLES / "club-night.txt"
    out, err = io.StringIO(), io.StringIO()
    status = run_audit_units([str(path)], AuditOptions(None, (), "tally"), jobs, out, err)
    games = audit_text(path.read_text(encoding="utf-8"))
    expected = [f"{path} game {g.index}: {' '.join(f.code.code for f in g.all_findings()) or '-'}" for g in games]
    lines = out.getvalue().splitlines()
    assert lines[0] == "tally of 1 file(s)"
    assert lines[1:-1] == expected
    assert lines[-1] == f"night: 0; games: {len(games)}"
    assert status == (1 if codes_of(games) else 0)
    assert err.getvalue() == ""


def test_every_format_of_the_command_line_has_a_sink_of_its_name() -> None:
    for name in FORMATS:
        sink = sink_for(name)
        assert isinstance(sink, Sink) and sink.name == name


def test_the_audits_loop_imports_no_format() -> None:
    """Importing the loop loads the registry and the sink's interface, no format and no presenter."""
    probe = ("import sys, auditor.parallel; print(' '.join(sorted(m for m in sys.modules if m.startswith("
             "('auditor.formats', 'auditor.ruling', 'auditor.site', 'auditor.report', 'auditor.standings', 'auditor.stats')))))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert loaded == ["auditor.formats", "auditor.formats.sink"]
    assert formats.__name__ in loaded
