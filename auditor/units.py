"""Cutting the input into *units* of work: a whole file, or a run of whole games of one big text file.

A big file is cut at a tag line that follows a hand, with its first line number and game number
known, so that every position and game number is the one a single process would report.

A file is only cut where cutting cannot change how it reads: valid UTF-8,
no lone carriage returns (which the reader treats as line ends), and only
ASCII after a ``hand`` keyword.  From the first place where it could, the
rest of the file is one unit, read by the same line reader as a whole file
(:mod:`auditor.textfile`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .model import GameRecord
from .notation.reader import read_games
from .sources import open_games, sniff_format
from .textfile import BOM, InputError, file_lines, regular_file_size

#: a file is cut into units of about this many bytes (whole games) ...
UNIT_BYTES = 2 * 1024 * 1024
#: ... or smaller, down to this, so that every worker gets several units
MIN_UNIT_BYTES = 128 * 1024
#: units per worker wanted for a file (for an even share of the work)
UNITS_PER_JOB = 8
#: near the end of a file a unit is this many times smaller than what is left, per worker
TAIL_SHARES_PER_JOB = 2
#: the units of a file ruled as HTML (whose pages are about fifteen times the size of the games)
HTML_UNIT_BYTES = 256 * 1024

_HAND_LINE = re.compile(rb"^[ \t]*hand\b", re.MULTILINE | re.IGNORECASE)
_TAG_LINE = re.compile(rb"^[ \t]*\[", re.MULTILINE)
#: after a line end, the first letter of a line that opens a chunk: h (a hand) or [ (a tag);
#: anchored on "\n" rather than "^" with MULTILINE, which is several times slower
_CHUNK_KIND = re.compile(rb"\n[ \t]*([hH](?=[aA][nN][dD]\b)|\[)")
_LONE_CR = re.compile(rb"\r(?!\n)")
_HAND_NON_ASCII = re.compile(rb"\n[ \t]*[hH][aA][nN][dD][\x80-\xff]")


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


def plan_units(paths: Iterable[tuple[Path, str]], jobs: int, unit_bytes: int | None = None, cut: bool = False) -> Iterator[Unit]:
    """Units for every (path, label), in input order; files are cut only for several jobs, or when
    ``cut`` asks for it (so that a progress bar can count one big file's pieces as they are done)."""
    index = 0
    for path, label in paths:
        for unit in split_file(path, label, index, unit_bytes, jobs) if jobs > 1 or cut else [Unit(index, str(path), label)]:
            yield unit
            index += 1


def unit_games(unit: Unit) -> Iterator[GameRecord]:
    """The games of one unit, numbered and positioned as in the whole file."""
    path = Path(unit.path)
    if unit.whole:
        return open_games(path, unit.label)
    return read_games(file_lines(path, unit.label, unit.start, unit.end, unit.first_line), unit.first_line, unit.first_game)
