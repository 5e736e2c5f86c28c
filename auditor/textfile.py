"""The lines of a text file, or of a byte range of one, exactly as the notation reader takes them.

One reader serves a whole file and the parallel audit's pieces of one, so that
both give the same lines, numbered the same way:

- a line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (Python's universal newlines);
- a byte-order mark at the very start of the file is dropped;
- the file is read in blocks of whole lines and decoded a block at a time; a
  line with no end within a block is cut short (the reader refuses it as too
  long anyway) and the rest of it skipped unread, so that no input makes this
  hold more than about two blocks;
- bytes that are not UTF-8 stop the reading with an :class:`InputError` that
  names the file, line and column.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

from .notation.reader import MAX_LINE_CHARS


class InputError(Exception):
    """A file that cannot be audited at all (unreadable, not a game record)."""


BOM = b"\xef\xbb\xbf"
#: the file is read this many bytes at a time, and a line with no end within a block is cut short
BLOCK_BYTES = 256 * 1024
#: where an over-long line with no end in sight is cut: MAX_LINE_CHARS + 2 characters of up to
#: four bytes each, so that the reader still sees (and refuses) it as too long
LINE_BYTES = 4 * (MAX_LINE_CHARS + 2)
_LINE_END = re.compile(rb"\r\n?|\n")


def file_lines(path: Path, label: str, start: int = 0, end: int | None = None, first_line: int = 1) -> Iterator[str]:
    """Yield the lines of ``path`` from byte ``start`` (a line start) to ``end`` (default: the end).

    ``label`` names the file and ``first_line`` numbers the line at ``start`` in error messages.
    """
    number = first_line  # the number of the next line to yield
    try:
        with path.open("rb") as fh:
            remaining = (end if end is not None else path.stat().st_size) - start
            if start:
                fh.seek(start)
            elif fh.read(3) == BOM:  # dropped, as the utf-8-sig codec does
                remaining -= 3
            else:
                fh.seek(0)
            pending = b""  # the start of a line whose end is not read yet
            skipping = ""  # "rest": the rest of an over-long line is being skipped; "lf": a "\n" just after its "\r"
            while remaining > 0 and (data := fh.read(min(BLOCK_BYTES, remaining))):
                remaining -= len(data)
                if skipping:
                    data, skipping = _skip_line(data, skipping, remaining > 0)
                data = pending + data
                cut = len(data) if remaining <= 0 else max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
                pending = data[cut:]
                lines, error = _lines(data[:cut], label, number)
                yield from lines
                if error:
                    raise error
                number += len(lines)
                if len(pending) > LINE_BYTES:  # no line end in sight: cut the line, skip its rest
                    number += 1
                    yield pending[:LINE_BYTES].decode("utf-8", errors="ignore") + "\n"
                    # pending has no line end, but for a last "\r" (which "\n" may follow)
                    pending, skipping = b"", "lf" if pending.endswith(b"\r") else "rest"
            if pending:  # the file ended early (it shrank since it was measured)
                lines, error = _lines(pending, label, number)
                yield from lines
                if error:
                    raise error
    except OSError as err:
        raise InputError(f"{label}: cannot read ({err.strerror or err})") from None


def _skip_line(data: bytes, skipping: str, more: bool) -> tuple[bytes, str]:
    """Drop the rest of an over-long line from ``data``; say what is still to skip after it."""
    if skipping == "lf":  # the line ended with "\r" at the end of the last block
        return (data[1:] if data.startswith(b"\n") else data), ""
    found = _LINE_END.search(data)
    if found is None:
        return b"", skipping
    if found.group() == b"\r" and found.end() == len(data) and more:
        return b"", "lf"  # perhaps the first half of "\r\n"
    return data[found.end() :], ""


def _lines(data: bytes, label: str, number: int) -> tuple[list[str], InputError | None]:
    """The lines of ``data`` (whole lines), split as universal newlines split; ``number`` is the first's.

    If a line is not UTF-8: the lines before it, and the error that names it.
    """
    try:
        return io.StringIO(data.decode("utf-8"), newline="").readlines(), None
    except UnicodeDecodeError:
        pass
    lines = []
    for raw in data.splitlines(keepends=True):  # bytes split only at "\n", "\r\n" and "\r", as above
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as err:
            return lines, _not_utf8(label, number + len(lines), raw, err.start, err.reason)
    return lines, None


def decoded(data: bytes, label: str) -> str:
    """A whole document (JSON) as text, without a byte-order mark; InputError naming line:col if not UTF-8."""
    body = data.removeprefix(BOM)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as err:
        line_start = body.rfind(b"\n", 0, err.start) + 1
        line = body.count(b"\n", 0, err.start) + 1
        raise _not_utf8(label, line, body[line_start : err.start + 1], err.start - line_start, err.reason) from None


def _not_utf8(label: str, line: int, text: bytes, at: int, reason: str) -> InputError:
    """A message naming the line and column (in characters) of the first byte at ``at`` of ``text`` that is not UTF-8."""
    column = len(text[:at].decode("utf-8", errors="replace")) + 1
    return InputError(f"{label}:{line}:{column}: not UTF-8 text: byte 0x{text[at]:02x} ({reason})")
