"""Audit units of input (in worker processes) straight into Parquet table parts.

Each unit writes its own parts, named by the unit's position in the input, so
the tables are the same whatever the number of jobs, and a worker holds at
most :data:`BATCH_HANDS` hands of rows at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import parallel
from ..audit import SkippedGame, skipped_lines
from ..findings import SYNTAX_ERROR
from ..results import GameResult
from ..parallel import AuditOptions, Unit, audited_games, audited_records, run_ordered
from .layout import TABLES

#: rows of this many hands are written as one part
BATCH_HANDS = 4_000


@dataclass(frozen=True, slots=True)
class TableOptions:
    audit: AuditOptions
    root: str
    partition_by_event: bool
    table_format: str = "parquet"  # or csv
    analysis: bool = False  # stats --analysis: the analysis table's rows
    par: bool = False  # stats --par: with each side's par contract


@dataclass(slots=True)
class UnitTables:
    unit: Unit
    games: int = 0
    hands: int = 0
    problems: list[str] = field(default_factory=list)  # the reading stopped: the file's later units are dropped
    skipped: list[SkippedGame] = field(default_factory=list)  # games not audited (their own ruleset could not be had)
    lost_lines: int = 0  # lines that could not be read (S001 in a hand that was still used)
    lost_hands: int = 0  # hands that could not be read at all


def count_unread(game: GameResult) -> tuple[int, int]:
    """(lines, hands) of a game that could not be read: what its statistics leave out."""
    hands = sum(1 for h in game.hands if h.broken)
    lines = sum(1 for f in game.findings if f.code is SYNTAX_ERROR)
    lines += sum(1 for h in game.hands if not h.broken for f in h.findings if f.code is SYNTAX_ERROR)
    return lines, hands


_options: TableOptions | None = None


def _set_options(options: TableOptions) -> None:
    global _options
    _options = options
    parallel._set_options(options.audit)


def tables_unit(unit: Unit) -> UnitTables:
    """Audit one unit and write its rows as table parts."""
    from .tables import TableBatch, write_parts  # polars is loaded in the workers only

    assert _options is not None
    root = Path(_options.root)
    result = UnitTables(unit)
    batch, written = TableBatch(), 0
    for game, rows in _games(unit, result.problems, result.skipped):
        batch.add_game(unit.label, game)
        if rows:
            batch.add_rows("analysis", rows)
        result.games += 1
        result.hands += len(game.hands)
        lines, hands = count_unread(game)
        result.lost_lines += lines
        result.lost_hands += hands
        if batch.hands >= BATCH_HANDS:
            write_parts(batch, root, f"{unit.index:06d}-{written:04d}", _options.partition_by_event, _options.table_format)
            batch, written = TableBatch(), written + 1
    if batch.games:
        write_parts(batch, root, f"{unit.index:06d}-{written:04d}", _options.partition_by_event, _options.table_format)
    return result


def _games(unit: Unit, problems: list[str], skipped: list[SkippedGame]) -> Iterator[tuple[GameResult, list[dict[str, Any]]]]:
    """The unit's audited games, each with its rows of the analysis table (none without ``--analysis``)."""
    assert _options is not None
    if not _options.analysis:
        for game in audited_games(unit, problems, skipped):
            yield game, []
        return
    from .analysis import analysis_rows  # the solver, only where it is asked for

    for record, rules, game in audited_records(unit, problems, skipped):
        yield game, analysis_rows(unit.label, record, rules, game, _options.par)


def _drop_parts(root: Path, unit: Unit) -> None:
    for table in TABLES:
        for part in (root / table).rglob(f"part-{unit.index:06d}-*.*"):
            part.unlink()


def collect(
    units: Iterable[Unit],
    options: TableOptions,
    jobs: int,
    on_problem: Callable[[str], None],
    on_unit: Callable[[UnitTables], None] | None = None,
    runner: Callable[..., Iterable[UnitTables]] | None = None,
) -> bool:
    """Write the tables of every unit under ``options.root``; False if a file had a problem.

    As in the audit, a file whose reading stops (a problem) contributes the
    games before the problem and nothing after it.
    """
    root = Path(options.root)
    any_problem = False
    stopped: tuple[str, int] | None = None  # (label, index of the unit that stopped it)
    first_of: dict[tuple[str, str], int] = {}  # (file, reason) -> the first game not audited for it
    label_run: str | None = None
    if runner is not None:  # a cluster (auditor.cluster)
        results = runner(tables_unit, units, _set_options, (options,))
    else:
        results = run_ordered(tables_unit, units, jobs, _set_options, (options,), start_method="forkserver")
    for result in results:
        unit = result.unit
        if unit.start == 0 or unit.label != label_run:
            label_run, stopped = unit.label, None
        if stopped is not None:
            _drop_parts(root, unit)
            continue
        for problem in (*skipped_lines(result.skipped, first_of), *result.problems):
            on_problem(problem)
        if result.skipped or result.problems:
            any_problem = True
        if result.problems:
            stopped = (unit.label, unit.index)
        if on_unit is not None:
            on_unit(result)
    return not any_problem
