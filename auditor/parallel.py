"""Audit many files, or one big file, on every core, with bounded memory.

The input is cut into *units*: a whole file, or a run of whole games of one
big text file (cut at a tag line that follows a hand, with its first line
number and game number known, so that every position and game number is the
one a single process would report).  Units are audited in worker processes
and their results are consumed strictly in input order, with only a few
units in flight at a time: output is identical to a single-process run and
memory does not grow with the size of the input.

A file is only cut where cutting cannot change how it reads: valid UTF-8,
no lone carriage returns (which the reader treats as line ends), and only
ASCII after a ``hand`` keyword.  From the first place where it could, the
rest of the file is one unit, read by the same line reader as a whole file
(:mod:`auditor.textfile`).
"""

from __future__ import annotations

import gc
import io
import multiprocessing
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, TypeVar

from .audit import FileAudit, RulesetChooser, audit_games, audit_records
from .findings import Severity
from .model import GameRecord
from .notation.reader import read_games
from .replay.results import GameResult
from .rules.loader import RulesetError
from .rules.schema import Ruleset
from .ruling.summary import Summary
from .ruling.text import TextStyle, write_summary
from .sources import sniff_format, open_games
from .textfile import BOM, InputError, file_lines, regular_file_size

#: a file is cut into units of about this many bytes (whole games) ...
UNIT_BYTES = 2 * 1024 * 1024
#: ... or smaller, down to this, so that every worker gets several units
MIN_UNIT_BYTES = 128 * 1024
#: units per worker wanted for a file (for an even share of the work)
UNITS_PER_JOB = 8
#: near the end of a file a unit is this many times smaller than what is left, per worker
TAIL_SHARES_PER_JOB = 2
#: how many units may be queued or finished but not yet written, per worker
WINDOW_PER_JOB = 3
#: the units of a file ruled as HTML (whose pages are about fifteen times the size of the games)
HTML_UNIT_BYTES = 256 * 1024

_HAND_LINE = re.compile(rb"^[ \t]*hand\b", re.MULTILINE | re.IGNORECASE)
_TAG_LINE = re.compile(rb"^[ \t]*\[", re.MULTILINE)
#: after a line end, the first letter of a line that opens a chunk: h (a hand) or [ (a tag);
#: anchored on "\n" rather than "^" with MULTILINE, which is several times slower
_CHUNK_KIND = re.compile(rb"\n[ \t]*([hH](?=[aA][nN][dD]\b)|\[)")
_LONE_CR = re.compile(rb"\r(?!\n)")
_HAND_NON_ASCII = re.compile(rb"\n[ \t]*[hH][aA][nN][dD][\x80-\xff]")


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece of work: a whole file, or a byte range of whole games in one."""

    index: int  # position in the input (results are written in this order)
    path: str  # the file on disk
    label: str  # how the file is named in output
    start: int = 0
    end: int | None = None  # None: the whole file, read by its own format
    first_line: int = 1
    first_game: int = 1

    @property
    def whole(self) -> bool:
        return self.end is None


# ------------------------------------------------------------------ cutting
def unit_size(size: int, jobs: int) -> int:
    """How big the units of a file of ``size`` bytes should be for ``jobs`` workers."""
    if size >= UNIT_BYTES * jobs * UNITS_PER_JOB:
        return UNIT_BYTES
    return max(size // (jobs * UNITS_PER_JOB), min(MIN_UNIT_BYTES, UNIT_BYTES))


_BLOCK_BYTES = 1024 * 1024


def _clean(block: bytes) -> bool:
    """Can a cut near ``block`` (whole lines) change how the reader reads it? False if it might."""
    if b"\r" in block and _LONE_CR.search(block):
        return False  # the reader ends a line at a lone carriage return too
    if block.isascii():
        return True
    try:
        block.decode("utf-8")
    except UnicodeDecodeError:
        return False  # the whole file gets the reader's own message
    return _HAND_NON_ASCII.search(b"\n" + block) is None


def _blank_until_first_chunk(body: bytes) -> bool:
    """Only blank and comment lines before the first line that opens a chunk (as the reader sees it)."""
    first = _CHUNK_KIND.search(b"\n" + body)
    head = body[: first.start()] if first else body
    text = head.decode("utf-8", errors="replace")
    return all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines())


class _LineTooLong(Exception):
    """A line longer than a block: the file is not cut (the reader refuses the line, bounded)."""


def _line_blocks(fh: Any) -> Iterator[bytes]:
    """The file in blocks of whole lines (the last one may lack its line end).

    Raises :class:`_LineTooLong` rather than hold a line longer than a block.
    """
    rest = b""
    while True:
        data = fh.read(_BLOCK_BYTES)
        if not data:
            if rest:
                yield rest
            return
        data = rest + data
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            if len(data) > _BLOCK_BYTES:
                raise _LineTooLong
            rest = data
            continue
        rest = data[cut:]
        yield data[:cut]


def split_file(path: Path, label: str, first_index: int, unit_bytes: int | None = None, jobs: int = 2) -> Iterator[Unit]:
    """Cut a text file into units of whole games, each yielded as soon as its end is found.

    One pass over the file in blocks, holding one block at a time: it counts
    line ends and the games that tag blocks open, and cuts at the first tag
    line that follows a hand once a unit is big enough.  Units get smaller
    towards the end of the file (a share of what is left), so that the
    workers finish together rather than one waiting for the other's last unit.
    Being lazy, it lets the workers start on the first units at once.

    Cutting stops at the first block where a cut could change how the reader
    reads the file (see :func:`_clean`): the rest is one unit, read from its
    first line by the same line reader as the whole file.  A file that cannot
    be cut at all is one unit, read by its own format.
    """
    index, start, start_line, start_game = first_index, 0, 1, 1
    try:
        size = regular_file_size(path, label)  # a pipe is never sniffed here (it would wait for a writer)
        unit_bytes = unit_bytes or unit_size(size, jobs)
        if size < 2 * unit_bytes or sniff_format(path) != "text":
            yield Unit(index, str(path), label)
            return
        floor = min(unit_bytes, MIN_UNIT_BYTES)

        def wanted(start: int) -> int:  # the size of the unit that starts at ``start``
            return max(floor, min(unit_bytes, (size - start) // (TAIL_SHARES_PER_JOB * jobs)))

        want = wanted(0)
        offset, line, games = 0, 1, 0  # at the start of the current block
        previous = b"^"  # the kind of the last chunk-opening line: ^ (none yet), h or [
        with path.open("rb") as fh:
            for block in _line_blocks(fh):
                if not _clean(block):
                    break
                body = block[3:] if offset == 0 and block.startswith(BOM) else block
                shift = len(block) - len(body)
                if previous == b"^" and not _blank_until_first_chunk(body):
                    break  # text before the first hand or tag is read as a game of its own
                if offset + len(block) <= start + want:  # no cut in this block: count only
                    kinds = previous + b"".join(_CHUNK_KIND.findall(b"\n" + body)).lower()
                    games += kinds.count(b"h[") + kinds.count(b"^[") + kinds.count(b"^h")
                    previous = kinds[-1:]
                    line += block.count(b"\n")
                    offset += len(block)
                    continue
                for match in _CHUNK_KIND.finditer(b"\n" + body):
                    kind = match.group(1).lower()
                    at = offset + shift + match.start()  # the line's first byte in the file
                    if kind == b"[" and previous in (b"h", b"^"):
                        if previous == b"h" and at - start >= want:
                            yield Unit(index, str(path), label, start, at, start_line, start_game)
                            index, start = index + 1, at
                            want = wanted(start)
                            start_line = line + block.count(b"\n", 0, at - offset)
                            start_game = games + 1
                        games += 1
                    elif kind == b"h" and previous == b"^":
                        games += 1  # hands before any tag form the first game
                    previous = kind
                line += block.count(b"\n")
                offset += len(block)
    except (OSError, InputError, _LineTooLong):
        pass  # no more cuts; the audit reports an unreadable file as it would for one unit
    if start == 0:
        yield Unit(index, str(path), label)
    else:
        yield Unit(index, str(path), label, start, size, start_line, start_game)


def plan_units(paths: Iterable[tuple[Path, str]], jobs: int, unit_bytes: int | None = None) -> Iterator[Unit]:
    """Units for every (path, label), in input order; files are cut only for several jobs."""
    index = 0
    for path, label in paths:
        for unit in split_file(path, label, index, unit_bytes, jobs) if jobs > 1 else [Unit(index, str(path), label)]:
            yield unit
            index += 1


def unit_games(unit: Unit) -> Iterator[GameRecord]:
    """The games of one unit, numbered and positioned as in the whole file."""
    path = Path(unit.path)
    if unit.whole:
        return open_games(path, unit.label)
    return read_games(file_lines(path, unit.label, unit.start, unit.end, unit.first_line), unit.first_line, unit.first_game)


# ------------------------------------------------------------ running units
T = TypeVar("T")
R = TypeVar("R")


def _tune_gc() -> None:
    """Workers allocate many small, short-lived objects: collect less often."""
    gc.freeze()
    gc.set_threshold(20000, 50, 100)


class fewer_collections:
    """The same tuning for a while in this process (the CLI's single-process run)."""

    def __enter__(self) -> None:
        self.saved = gc.get_threshold()
        gc.set_threshold(20000, 50, 100)

    def __exit__(self, *exc: object) -> None:
        gc.set_threshold(*self.saved)


def _init_worker(setup: Callable[..., None] | None, args: tuple[Any, ...]) -> None:
    _tune_gc()
    if setup is not None:
        setup(*args)


def run_ordered(
    work: Callable[[T], R],
    items: Iterable[T],
    jobs: int,
    setup: Callable[..., None] | None = None,
    setup_args: tuple[Any, ...] = (),
    start_method: str = "forkserver",
) -> Iterator[R]:
    """``map(work, items)`` on ``jobs`` processes, in order, a bounded number in flight."""
    if jobs <= 1:
        if setup is not None:
            setup(*setup_args)
        for item in items:
            yield work(item)
        return
    context = multiprocessing.get_context(start_method)
    pending: deque[Future[R]] = deque()
    window = max(2, jobs * WINDOW_PER_JOB)
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker, initargs=(setup, setup_args)) as pool:
        try:
            for item in items:
                pending.append(pool.submit(work, item))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


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


def audited_records(unit: Unit, problems: list[str]) -> Iterator[tuple[GameRecord, Ruleset, GameResult]]:
    """:func:`audited_games` with each game's record and ruleset."""
    try:
        yield from audit_records(unit_games(unit), _chooser(unit), unit.label)
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
