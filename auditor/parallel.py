"""Audit many files, or one big file, on every core, with bounded memory.

The input is cut into units (:mod:`auditor.units`): a whole file, or a run of whole games of one
big text file.  Units are audited in worker processes (:mod:`auditor.pool`, or a Dask cluster:
:mod:`auditor.cluster`) and their results are consumed strictly in input order, with only a few
units in flight at a time: output is identical to a single-process run and memory does not grow
with the size of the input.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .budget import OverBudget, cpu_budget, size_of, unit_budget
from .audit import FileAudit, RulesetChooser, SkippedGame, audit_games, audit_records, skipped_lines
from .findings import Severity
from .formats import Ending, Shown, Sink, sink_for
from .night import NightFinding, Seating, SeatingCheck, seatings
from .results import GameResult
from .rules.loader import RulesetError
from .rules.schema import Ruleset
from .selection import Selection
from .summary import Summary
from .textfile import InputError
from .pool import WINDOW_PER_JOB, default_jobs, fewer_collections, run_ordered
from .units import (
    HTML_UNIT_BYTES, MIN_UNIT_BYTES, TAIL_SHARES_PER_JOB, UNIT_BYTES, UNITS_PER_JOB, Unit, plan_units, split_file,
    unit_games, unit_size,
)

if TYPE_CHECKING:
    from .model import GameRecord
    from .progress import Progress

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
    format: str  # a sink's name (auditor.formats.SINKS): text, lint, html, json, jsonl, github, sarif; site: html as a folder
    color: bool = False  # the text ruling in colour (the output is a terminal)
    width: int | None = None  # the terminal's width, which the text ruling's tables keep to
    selection: Selection | None = None  # --select/--ignore (None: every finding)
    quiet: bool = False  # the text ruling: only the findings
    output: str | None = None  # where a format that writes files of its own puts them (the site's folder)


@dataclass(slots=True)
class UnitAudit:
    """What one unit's audit sends back to the parent."""

    unit: Unit
    text: str = ""  # rendered report
    problems: list[str] = field(default_factory=list)  # the reading stopped: the file's later units are skipped
    skipped: list[SkippedGame] = field(default_factory=list)  # games not audited (their own ruleset could not be had)
    has_error: bool = False
    hands: int = 0
    summary: Summary = field(default_factory=Summary)
    codes: Counter[str] = field(default_factory=Counter)  # findings per code (--statistics)
    seatings: list[Seating] = field(default_factory=list)  # who sat where in the games of a round (E901)
    kept: list[Any] = field(default_factory=list)  # what the sink keeps of the games of a night (html: the players' lines)


_options: AuditOptions | None = None
_choosers: dict[str, RulesetChooser] = {}
_sink: Sink | None = None  # the worker's sink of the options' format, made when a unit is first rendered


def _set_options(options: AuditOptions) -> None:
    global _options, _sink
    if options == _options:
        return  # a cluster's worker is told before every unit: keep its rulesets
    _options = options
    _sink = None
    _choosers.clear()


def shown(options: AuditOptions) -> Shown:
    return Shown(options.color, options.width, options.quiet, options.output)


def _worker_sink() -> Sink:
    global _sink
    assert _options is not None
    if _sink is None:
        _sink = sink_for(_options.format, shown(_options))
    return _sink


def _chooser(unit: Unit) -> RulesetChooser:
    assert _options is not None
    base = str(Path(unit.path).parent)
    chooser = _choosers.get(base)
    if chooser is None:
        chooser = _choosers[base] = RulesetChooser(_options.forced, list(_options.overrides), Path(base))
    return chooser


def audited_games(unit: Unit, problems: list[str], skipped: list[SkippedGame] | None = None) -> Iterator[GameResult]:
    """Stream the audited games of a unit; whole-file problems go to ``problems``, games that cannot
    be audited to ``skipped`` (see :func:`auditor.audit.audit_records`)."""
    try:
        yield from audit_games(unit_games(unit), _chooser(unit), unit.label, skipped)
    except InputError as err:
        problems.append(str(err))
    except RulesetError as err:
        problems.append(f"{unit.path}: {err.problems[0]}")
        problems.extend(err.problems[1:])


def audited_records(unit: Unit, problems: list[str], skipped: list[SkippedGame] | None = None,
                    ) -> Iterator[tuple[GameRecord, Ruleset, GameResult]]:
    """:func:`audited_games` with each game's record and ruleset."""
    try:
        yield from audit_records(unit_games(unit), _chooser(unit), unit.label, skipped)
    except InputError as err:
        problems.append(str(err))
    except RulesetError as err:
        problems.append(f"{unit.path}: {err.problems[0]}")
        problems.extend(err.problems[1:])


def audit_unit(unit: Unit, out: TextIO | None = None) -> UnitAudit:
    """Audit one unit and render it with the format's sink.

    With ``out`` the report is written there game by game (one process);
    without, it is returned as text (from a worker).
    """
    result = UnitAudit(unit)
    buffer = out if out is not None else io.StringIO()
    games = 0
    try:
        with cpu_budget(unit_budget(size_of(unit.path, unit.start, unit.end))):
            games = _audit_games(unit, result, buffer)
    except OverBudget as over:
        part = "file" if unit.whole else f"part of the file from line {unit.first_line}"
        result.problems.append(f"{unit.label}:{unit.first_line}: the audit of this {part} was stopped {over}; "
                               "its games from there on are not audited")
    result.summary.not_audited = len(result.skipped)
    if result.skipped and result.summary.files[-1:] != [unit.label]:
        result.summary.files.append(unit.label)  # a file of games none of which could be audited is still a file
    if games == 0 and unit.whole and not result.problems and not result.skipped:
        result.problems.append(f"{unit.label}: no game found (expected tag lines such as [Event \"...\"] or a 'hand' line)")
    if out is None:
        result.text = buffer.getvalue()  # type: ignore[attr-defined]
    return result


def _audit_games(unit: Unit, result: UnitAudit, buffer: TextIO) -> int:
    """Audit the unit's games into ``result`` and ``buffer``; how many there were."""
    assert _options is not None
    sink = _worker_sink()
    selection = _options.selection
    games = 0
    for game in audited_games(unit, result.problems, result.skipped):
        found = list(seatings(unit.label, game))
        result.seatings.extend(found)
        if found:  # a game of a night: what the sink's end needs of it besides the night's findings
            result.kept.extend(sink.kept(unit.label, game))
        if selection is not None:
            game = selection.apply(game)
        games += 1
        result.hands += len(game.hands)
        result.summary.add_game(unit.label, game)
        findings = game.all_findings()
        result.codes.update(f.code.code for f in findings)
        if any(f.level is Severity.ERROR for f in findings):
            result.has_error = True
        buffer.write(sink.game(unit.label, game))
    return games


#: runs ``work`` over units (after ``setup(*setup_args)`` where the work is done), results in order
Runner = Callable[[Callable[[Unit], UnitAudit], Iterable[Unit], Callable[..., None], tuple[Any, ...]], Iterator[UnitAudit]]


def run_audit_units(
    files: Sequence[str | tuple[Path, str]], options: AuditOptions, jobs: int, out: TextIO, err: TextIO,
    *, progress: Progress | None = None, codes: Counter[str] | None = None, runner: Runner | None = None,
) -> int:
    """Audit ``files`` (names, or (path, label) pairs) on ``jobs`` processes, or with ``runner``
    (a cluster); write reports; return the exit status.

    Several files or games end with a summary (text and html), added up in input order.
    ``progress`` is told of every unit done; ``codes`` gets the findings per code.
    """

    paths = [(Path(f), str(Path(f))) if isinstance(f, str) else f for f in files]
    # a page is about fifteen times the size of its games: smaller units keep what is in flight small
    # one process cuts files too for a true progress bar, and a cluster always
    cut = (progress is not None and progress.enabled) or runner is not None
    sink = sink_for(options.format, shown(options))
    units = plan_units(paths, jobs, HTML_UNIT_BYTES if sink.pages else None, cut=cut)
    any_problem = any_error = False
    summary = Summary()
    problems: list[str] = []
    check, night = SeatingCheck(), []  # findings across the games of a night: the parent sees them all
    if progress is not None:
        out = progress.beside(out)
    sink.head(out, [label for _, label in paths])
    out = sink.wrap(out)
    broken_file: str | None = None  # a file whose audit stopped: skip its later units
    first_of: dict[tuple[str, str], int] = {}  # (file, reason) -> the first game not audited for it
    current: FileAudit | None = None
    if runner is not None:
        results = runner(audit_unit, units, _set_options, (options,))
    elif jobs > 1:
        results = run_ordered(audit_unit, units, jobs, _set_options, (options,), start_method="fork")
    else:  # one process: stream every game straight to the output
        _set_options(options)
        results = (audit_unit(unit, out) for unit in units)
    for result in results:
        unit = result.unit
        if progress is not None:
            progress.done(unit)
        if current is None or current.path != unit.label or unit.start == 0:
            current = FileAudit(unit.label)
            broken_file = None
        if broken_file == unit.label:
            continue
        if codes is not None:
            codes.update(result.codes)
        reported = [*skipped_lines(result.skipped, first_of), *result.problems]  # games not audited, then what stopped the reading
        for problem in reported:
            if progress is not None:
                progress.note(f"euchre-audit: {problem}\n", err)
            else:
                err.write(f"euchre-audit: {problem}\n")
        problems.extend(reported)
        summary.add(result.summary)
        night.extend(check.add_all(result.seatings))
        sink.keep(result.kept)
        if reported:
            any_problem = True
            current.problems.extend(reported)
        if result.problems:
            broken_file = unit.label
        any_error = any_error or result.has_error
        out.write(result.text)
        for problem in reported:
            sink.problem(out, problem)
    if progress is not None:
        progress.close()
    night = _selected(night, options.selection)
    if codes is not None:
        codes.update(n.finding.code.code for n in night)
    summary.add_night(night)
    any_error = any_error or any(n.finding.level is Severity.ERROR for n in night)
    sink.end(out, Ending(summary, night, problems))
    return 2 if any_problem else 1 if any_error else 0


def _selected(night: list[NightFinding], selection: Selection | None) -> list[NightFinding]:
    """The findings across the games that --select and --ignore keep."""
    return night if selection is None else [n for n in night if selection.wants(n.finding.code)]
