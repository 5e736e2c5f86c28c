"""Audit many files, or one big file, on every core, with bounded memory.

The input is cut into units (:mod:`auditor.units`): a whole file, or a run of whole games of one
big text file.  Units are audited in worker processes (:mod:`auditor.pool`, or a Dask cluster:
:mod:`auditor.cluster`) and their results are consumed strictly in input order, with only a few
units in flight at a time: output is identical to a single-process run and memory does not grow
with the size of the input.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from .audit import FileAudit, RulesetChooser, audit_games
from .findings import Severity
from .replay.results import GameResult
from .rules.loader import RulesetError
from .rules.schema import Ruleset
from .ruling.summary import Summary
from .ruling.text import TextStyle, write_summary
from .textfile import InputError
from .pool import WINDOW_PER_JOB, default_jobs, fewer_collections, run_ordered
from .units import (
    HTML_UNIT_BYTES, MIN_UNIT_BYTES, TAIL_SHARES_PER_JOB, UNIT_BYTES, UNITS_PER_JOB, Unit, plan_units, split_file,
    unit_games, unit_size,
)

#: what callers imported from here before cutting and the pool had modules of their own
__all__ = [
    "AuditOptions", "HTML_UNIT_BYTES", "MIN_UNIT_BYTES", "TAIL_SHARES_PER_JOB", "UNITS_PER_JOB", "UNIT_BYTES", "Unit",
    "UnitAudit", "WINDOW_PER_JOB", "audit_unit", "audited_games", "default_jobs", "fewer_collections", "plan_units",
    "run_audit_units", "run_ordered", "split_file", "unit_games", "unit_size",
]


# ------------------------------------------------------------------ the audit
@dataclass(frozen=True, slots=True)
class AuditOptions:
    forced: Ruleset | None
    overrides: tuple[str, ...]
    format: str  # text, json, lint or html
    color: bool = False  # the text ruling in colour (the output is a terminal)
    width: int | None = None  # the terminal's width, which the text ruling's tables keep to


@dataclass(slots=True)
class UnitAudit:
    """What one unit's audit sends back to the parent."""

    unit: Unit
    text: str = ""  # rendered report (text and lint formats)
    games: list[GameResult] = field(default_factory=list)  # json format only
    problems: list[str] = field(default_factory=list)
    has_error: bool = False
    hands: int = 0
    summary: Summary = field(default_factory=Summary)


_options: AuditOptions | None = None
_choosers: dict[str, RulesetChooser] = {}


def _set_options(options: AuditOptions) -> None:
    global _options
    _options = options
    _choosers.clear()


def _chooser(unit: Unit) -> RulesetChooser:
    assert _options is not None
    base = str(Path(unit.path).parent)
    chooser = _choosers.get(base)
    if chooser is None:
        chooser = _choosers[base] = RulesetChooser(_options.forced, list(_options.overrides), Path(base))
    return chooser


def audited_games(unit: Unit, problems: list[str]) -> Iterator[GameResult]:
    """Stream the audited games of a unit; whole-file problems go to ``problems``."""
    try:
        yield from audit_games(unit_games(unit), _chooser(unit), unit.label)
    except InputError as err:
        problems.append(str(err))
    except RulesetError as err:
        problems.append(f"{unit.path}: {err.problems[0]}")
        problems.extend(err.problems[1:])


def audit_unit(unit: Unit, sink: TextIO | None = None) -> UnitAudit:
    """Audit one unit and render it (text, lint, html) or keep its games (json).

    With a ``sink`` the report is written there game by game (one process);
    without, it is returned as text (from a worker).
    """
    from . import report

    assert _options is not None
    result = UnitAudit(unit)
    buffer = sink if sink is not None else io.StringIO()
    fmt = _options.format
    style = TextStyle(_options.color, _options.width)
    games = 0
    for game in audited_games(unit, result.problems):
        games += 1
        result.hands += len(game.hands)
        result.summary.add_game(unit.label, game)
        if any(f.level is Severity.ERROR for f in game.all_findings()):
            result.has_error = True
        if fmt == "json":
            result.games.append(game)
        elif fmt == "lint":
            report.write_lint(FileAudit(unit.label, [game]), buffer)
        elif fmt == "html":
            from .ruling.page import game_html

            buffer.write(game_html(unit.label, game))
        else:
            report.write_text(FileAudit(unit.label, [game]), buffer, style)
    if games == 0 and unit.whole and not result.problems:
        result.problems.append(f"{unit.label}: no game found (expected tag lines such as [Event \"...\"] or a 'hand' line)")
    if sink is None:
        result.text = buffer.getvalue()  # type: ignore[attr-defined]
    return result


def run_audit_units(
    files: list[str], options: AuditOptions, jobs: int, out: TextIO, err: TextIO
) -> int:
    """Audit ``files`` (as given) on ``jobs`` processes; write reports; return the exit status.

    Several files or games end with a summary (text and html), added up in input order.
    """
    from . import report

    paths = [(Path(name), str(Path(name))) for name in files]
    # a page is about fifteen times the size of its games: smaller units keep what is in flight small
    units = plan_units(paths, jobs, HTML_UNIT_BYTES if options.format == "html" else None)
    any_problem = any_error = False
    audits: list[FileAudit] = []
    summary = Summary()
    problems: list[str] = []
    if options.format == "html":
        from .ruling.page import write_foot, write_head

        write_head(out, [label for _, label in paths])
    broken_file: str | None = None  # a file whose audit stopped: skip its later units
    current: FileAudit | None = None
    if jobs > 1:
        results = run_ordered(audit_unit, units, jobs, _set_options, (options,), start_method="fork")
    else:  # one process: stream every game straight to the output
        _set_options(options)
        results = (audit_unit(unit, out if options.format != "json" else None) for unit in units)
    for result in results:
        unit = result.unit
        if current is None or current.path != unit.label or unit.start == 0:
            current = FileAudit(unit.label)
            if options.format == "json":
                audits.append(current)
            broken_file = None
        if broken_file == unit.label:
            continue
        for problem in result.problems:
            err.write(f"euchre-audit: {problem}\n")
        problems.extend(result.problems)
        summary.add(result.summary)
        if result.problems:
            any_problem = True
            broken_file = unit.label
            current.problems.extend(result.problems)
        any_error = any_error or result.has_error
        if options.format == "json":
            current.games.extend(result.games)
        else:
            out.write(result.text)
    if options.format == "json":
        report.write_json(audits, out)
    elif options.format == "html":
        write_foot(out, summary, problems)
    elif options.format == "text" and summary.worth_saying:
        write_summary(summary, out, TextStyle(options.color, options.width))
    return 2 if any_problem else 1 if any_error else 0
