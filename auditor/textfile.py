"""The lines of a text file, or of a byte range of one, exactly as the notation reader takes them.

One reader serves a whole file and the parallel audit's pieces of one, so that
both give the same lines, numbered the same way:

- a line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (Python's universal newlines);
- a byte-order mark at the very start of the file is dropped;
- the file is read in blocks of whole lines and decoded a block at a time; a
  line with no end within a block is cut short (the reader refuses it as too
  long anyway) and the rest of it is not kept, so that no input makes this
  hold more than about two blocks;
- bytes that are not UTF-8 stop the reading with an :class:`InputError` that
  names the file, line and column (the rest of a cut line is read and checked too).

:func:`read_document` reads a whole document (JSON, YAML, a file for ``fmt``) with the
same messages, and at most as many bytes as its caller allows.  Before anything is read,
:func:`regular_file_size` makes sure the file is a regular one: opening a pipe waits for a
writer, and a device such as ``/dev/zero`` never ends.
"""

from __future__ import annotations

import codecs
import io
import re
import stat
from collections.abc import Iterator
from pathlib import Path

#: The longest line the parser is given: a longer line is reported as unreadable
#: (never cut short, so that ``fmt`` keeps it as written).
MAX_LINE_CHARS = 4000


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
            long: _LongLine | None = None  # an over-long line being skipped
            while remaining > 0 and (data := fh.read(min(BLOCK_BYTES, remaining))):
                remaining -= len(data)
                if long is not None:
                    data = long.feed(data, more=remaining > 0)
                    if not long.ended:
                        continue
                    number += 1
                    yield long.line
                    long = None
                data = pending + data
                cut = len(data) if remaining <= 0 else max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
                pending = data[cut:]
                lines, error = _lines(data[:cut], label, number)
                yield from lines
                if error:
                    raise error
                number += len(lines)
                if len(pending) > LINE_BYTES:  # no line end in sight: keep the line's start, check and skip the rest
                    long, pending = _LongLine(pending, label, number), b""
            if long is not None:  # the file ended inside it
                long.finish()
                yield long.line
            elif pending:  # the file ended early (it shrank since it was measured)
                lines, error = _lines(pending, label, number)
                yield from lines
                if error:
                    raise error
    except OSError as err:
        raise cannot_read(label, err) from None


def cannot_read(label: str, err: OSError) -> InputError:
    return InputError(f"{label}: cannot read ({err.strerror or err})")


_NOT_REGULAR = (
    (stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
)


def regular_file_size(path: Path, label: str, what: str = "game file") -> int:
    """The size of ``path``; InputError if it is missing, a folder, a pipe, a device or a socket.

    ``what`` names what the file should be, for the message about a folder.
    """
    try:
        info = path.stat()
    except OSError as err:  # missing, a loop of symbolic links, a name too long...
        raise cannot_read(label, err) from None
    except ValueError:  # a NUL character in the name
        raise InputError(f"{label}: cannot read (the name holds a NUL character)") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{label}: is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        kind = next((name for test, name in _NOT_REGULAR if test(info.st_mode)), "a special file")
        raise InputError(f"{label}: not a regular file ({kind}); save it to a file and give that")
    return info.st_size


def read_document(path: Path, label: str, limit: int, lone_cr_ends_line: bool = True, what: str = "game file") -> str:
    """A whole regular file of at most ``limit`` bytes as text (see :func:`decoded`).

    InputError if it is not a regular file, is larger, cannot be read or is not UTF-8.
    """
    size = regular_file_size(path, label, what)
    if size > limit:
        raise InputError(f"{label}: the {what} is {size:,} bytes; the limit is {limit:,}")
    try:
        with path.open("rb") as fh:
            # as many bytes as the file has (read(n) sets aside n bytes first: read(limit + 1) took
            # 64 MB for a JSON file of 244 bytes), and past that up to the limit if it grew meanwhile
            data = fh.read(size + 1)
            if len(data) > size:
                data += fh.read(limit + 1 - len(data))
    except OSError as err:
        raise cannot_read(label, err) from None
    if len(data) > limit:
        raise InputError(f"{label}: the {what} grew past {limit:,} bytes while it was read")
    return decoded(data, label, lone_cr_ends_line)


class _LongLine:
    """A line longer than LINE_BYTES with no end in the block read: its start is kept, the rest
    checked as UTF-8 (as a shorter line is) and dropped, so that where the blocks fall never
    changes what is read or reported."""

    def __init__(self, start: bytes, label: str, number: int) -> None:
        self.label, self.number = label, number
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.chars = 0  # characters of the line decoded so far
        self.ended = False
        self.after_cr = start.endswith(b"\r")  # ended by "\r", which a "\n" may yet follow
        # decoded with its line end, if any, so that a broken character reads as in a shorter line
        self.line = self._decode(start, final=self.after_cr)[:LINE_BYTES].rstrip("\r") + "\n"

    def _decode(self, data: bytes, final: bool = False) -> str:
        try:
            text = self.decoder.decode(data, final)
        except UnicodeDecodeError as err:
            raise _not_utf8(self.label, self.number, err.object, err.start, err.reason, self.chars) from None
        self.chars += len(text)
        return text

    def feed(self, data: bytes, more: bool) -> bytes:
        """Take the rest of the line from the start of ``data``; return what follows it."""
        if self.after_cr:
            self.ended = True
            return data[1:] if data.startswith(b"\n") else data
        found = _LINE_END.search(data)
        if found is None:
            self._decode(data)
            return b""
        self._decode(data[: found.end()], final=True)
        if found.group() == b"\r" and found.end() == len(data) and more:
            self.after_cr = True
            return b""
        self.ended = True
        return data[found.end() :]

    def finish(self) -> None:
        """The file ended inside the line."""
        if not self.after_cr:
            self._decode(b"", final=True)


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


def decoded(data: bytes, label: str, lone_cr_ends_line: bool = True) -> str:
    """A whole document as text, without a byte-order mark; InputError naming line:col if not UTF-8.

    Lines are counted as the document's own reader counts them: at "\n", "\r\n" and a lone
    "\r" (the notation, YAML), or at "\n" only (JSON, ``lone_cr_ends_line=False``).
    """
    body = data.removeprefix(BOM)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as err:
        head = body[: err.start]
        if lone_cr_ends_line:
            pieces = head.splitlines(keepends=True) or [b""]
            if pieces[-1].endswith((b"\n", b"\r")):
                pieces.append(b"")
            line, text = len(pieces), pieces[-1]
        else:
            line, text = head.count(b"\n") + 1, head[head.rfind(b"\n") + 1 :]
        raise _not_utf8(label, line, text + body[err.start : err.start + 1], len(text), err.reason) from None


def _not_utf8(label: str, line: int, text: bytes, at: int, reason: str, before: int = 0) -> InputError:
    """A message naming the line and column (in characters) of the byte at ``at`` of ``text``,
    which is not UTF-8; ``before``: characters of the line that come before ``text``."""
    column = before + len(text[:at].decode("utf-8", errors="replace")) + 1
    return InputError(f"{label}:{line}:{column}: not UTF-8 text: byte 0x{text[at]:02x} ({reason})")
