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
from .results import GameResult
from .rules.loader import RulesetError
from .rules.schema import Ruleset
from .ruling.summary import Summary
from .formats import stream_format
from .ruling.text import TextStyle, write_findings, write_summary
from .selection import Selection
from .standings.box import PlayerGame, player_games
from .standings.seating import NightFinding, Seating, SeatingCheck, seatings
from .standings.seating import write_lint as write_night_lint
from .standings.seating import write_text as write_night_text
from .textfile import InputError
from .pool import WINDOW_PER_JOB, default_jobs, fewer_collections, run_ordered
from .units import (
    HTML_UNIT_BYTES, MIN_UNIT_BYTES, TAIL_SHARES_PER_JOB, UNIT_BYTES, UNITS_PER_JOB, Unit, plan_units, split_file,
    unit_games, unit_size,
)

if TYPE_CHECKING:
    from .model import GameRecord
    from .progress import Progress

#: the HTML ruling ends with the standings of its games of a night (Round tags) up to this many players' lines
#: (a season is ranked by ``euchre-audit standings``, which sums Parquet tables)
PAGE_STANDINGS_LINES = 40_000

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
    format: str  # text, lint, html, or a streamed format (json, jsonl, github, sarif; site: html as a folder)
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
    lines: list[PlayerGame] = field(default_factory=list)  # html: the players' lines of a night's games (standings)


_options: AuditOptions | None = None
_choosers: dict[str, RulesetChooser] = {}


def _set_options(options: AuditOptions) -> None:
    global _options
    if options == _options:
        return  # a cluster's worker is told before every unit: keep its rulesets
    _options = options
    _choosers.clear()


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


def audit_unit(unit: Unit, sink: TextIO | None = None) -> UnitAudit:
    """Audit one unit and render it.

    With a ``sink`` the report is written there game by game (one process);
    without, it is returned as text (from a worker).
    """
    result = UnitAudit(unit)
    buffer = sink if sink is not None else io.StringIO()
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
    if sink is None:
        result.text = buffer.getvalue()  # type: ignore[attr-defined]
    return result


def _audit_games(unit: Unit, result: UnitAudit, buffer: TextIO) -> int:
    """Audit the unit's games into ``result`` and ``buffer``; how many there were."""
    from . import report

    assert _options is not None
    fmt = _options.format
    streamed = stream_format(fmt, _options.output)
    style = TextStyle(_options.color, _options.width)
    selection = _options.selection
    games = 0
    for game in audited_games(unit, result.problems, result.skipped):
        found = list(seatings(unit.label, game))
        result.seatings.extend(found)
        if fmt == "html" and found:  # a game of a night: its standings end the page
            result.lines.extend(player_games(unit.label, game))
        if selection is not None:
            game = selection.apply(game)
        games += 1
        result.hands += len(game.hands)
        result.summary.add_game(unit.label, game)
        findings = game.all_findings()
        result.codes.update(f.code.code for f in findings)
        if any(f.level is Severity.ERROR for f in findings):
            result.has_error = True
        if streamed is not None:
            buffer.write(streamed.game(unit.label, game))
        elif fmt == "lint":
            report.write_lint(FileAudit(unit.label, [game]), buffer)
        elif fmt == "html":
            from .ruling.page import game_html

            buffer.write(game_html(unit.label, game))
        elif _options.quiet:
            write_findings(unit.label, game, buffer, style)
        else:
            report.write_text(FileAudit(unit.label, [game]), buffer, style)
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
    units = plan_units(paths, jobs, HTML_UNIT_BYTES if options.format in ("html", "site") else None, cut=cut)
    any_problem = any_error = False
    summary = Summary()
    problems: list[str] = []
    check, night = SeatingCheck(), []  # findings across the games of a night: the parent sees them all
    lines: list[PlayerGame] = []  # html: the lines of a night's games, for its standings
    streamed = stream_format(options.format, options.output)
    if progress is not None:
        out = progress.beside(out)
    if options.format == "html":
        from .ruling.page import write_foot, write_head

        write_head(out, [label for _, label in paths])
    elif streamed is not None:
        streamed.head(out)
        out = streamed.wrap(out)
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
        if len(lines) < PAGE_STANDINGS_LINES:
            lines.extend(result.lines)
        if reported:
            any_problem = True
            current.problems.extend(reported)
        if result.problems:
            broken_file = unit.label
        any_error = any_error or result.has_error
        out.write(result.text)
        if streamed is not None:
            for problem in reported:
                streamed.problem(out, problem)
    if progress is not None:
        progress.close()
    night = _selected(night, options.selection)
    if codes is not None:
        codes.update(n.finding.code.code for n in night)
    summary.add_night(night)
    any_error = any_error or any(n.finding.level is Severity.ERROR for n in night)
    if options.format == "html":
        from .ruling.standings_page import night_standings

        write_foot(out, summary, problems, night, *night_standings(lines, PAGE_STANDINGS_LINES))
    elif streamed is not None:
        streamed.night(out, night)
        streamed.foot(out, problems)
    elif options.format == "lint":
        write_night_lint(night, out)
    elif options.format == "text":
        write_night_text(night, out)
        if summary.worth_saying and not options.quiet:
            write_summary(summary, out, TextStyle(options.color, options.width))
    return 2 if any_problem else 1 if any_error else 0


def _selected(night: list[NightFinding], selection: Selection | None) -> list[NightFinding]:
    """The findings across the games that --select and --ignore keep."""
    return night if selection is None else [n for n in night if selection.wants(n.finding.code)]
