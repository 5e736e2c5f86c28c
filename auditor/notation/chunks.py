"""Cut the lines of a notation file into chunks: one hand, one tag block, or what comes before.

A chunk starts at a line that opens a hand (``hand ...``, or a line that is
plainly a mistyped one, such as ``hnad 3 dealer N``) or a tag block (``[``).
The reader parses each chunk on its own, so that a mistake never reaches past
its hand, and memory stays bounded: a chunk keeps at most
:data:`MAX_CHUNK_LINES` statement lines (more makes it unreadable) and at most
:data:`MAX_FREE_LINES` blank or comment lines (the notation says they are
free, so further ones are counted and skipped, never held), and no line
longer than :data:`MAX_LINE_CHARS` is kept whole.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..model import Pos
from ..textfile import MAX_LINE_CHARS  # the longest line the parser is given (a bound of reading text)

#: A hand of more statement lines than this is refused as a syntax error.
MAX_CHUNK_LINES = 400
#: Blank and comment lines a chunk keeps; further ones are skipped (and counted).
MAX_FREE_LINES = 1000

_CHUNK_START = re.compile(r"(?<![ \t])[ \t]*+(?:hand(?![a-z])|\[)", re.IGNORECASE)
_CHUNK_FIRST_CHARS = frozenset(" \thH[")  # how a line that _CHUNK_START matches can begin
#: a hand line with its keyword mistyped or left out: ``hnad 3 dealer N``, ``3 dealer N``
_LOOSE_HAND_LINE = re.compile(r"(?<![ \t])[ \t]*+[^\s\d\[#]{0,10}+[ \t]*+\d{1,6}+[ \t,.:;]*+dealer(?![a-z])", re.IGNORECASE)
#: a quoted value, or as far as an unclosed one goes (no group ``end``): searched from a later quote inside it,
#: the scan would end at the same place, unclosed too, so taking it whole keeps a line of ``\"\"\"`` linear
_QUOTED = re.compile(r'"(?:[^"\\\n]++|\\.)*+(?P<end>")?')


@dataclass(slots=True)
class Chunk:
    """Consecutive lines of one hand or one tag block."""

    kind: str  # "hand", "tags" or "preamble"
    first_line: int  # 1-based line number of the chunk's first line
    lines: list[str] = field(default_factory=list)
    long_line: int | None = None  # the first line longer than MAX_LINE_CHARS, if any
    statements: int = 0  # lines that are neither blank nor only a comment
    dropped: int = 0  # statement lines past MAX_CHUNK_LINES, counted but not kept (the chunk is refused)
    #: the file line of each kept line, once a blank or comment line has been skipped (else None:
    #: the lines are consecutive from ``first_line``)
    numbers: list[int] | None = None
    end_line: int = 0  # the chunk's last line in the file (skipped lines included)
    _text: str | None = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The chunk's lines as one string (joined once: read only after the chunk is complete)."""
        if self._text is None:
            self._text = "".join(self.lines)
        return self._text

    @property
    def last_line(self) -> int:
        return self.end_line or self.first_line + len(self.lines) + self.dropped - 1

    def line_number(self, index: int) -> int:
        """The file line of the chunk's ``index``-th kept line (0-based)."""
        return self.numbers[index] if self.numbers is not None else self.first_line + index

    def numbered_lines(self) -> Iterator[tuple[int, str]]:
        for index, line in enumerate(self.lines):
            yield self.line_number(index), line


def is_free(line: str) -> bool:
    """A blank line or a line that is only a comment: the notation lets them stand anywhere."""
    body = line.lstrip(" \t\f\r\n")
    return not body or body[0] == "#"


#: first characters of the statements other than ``hand``: such a line is never taken for a mistyped hand line
_STATEMENT_FIRST_CHARS = frozenset("tTdDuUbBsSrR")
#: first characters of a blank or comment-only line
_FREE_FIRST_CHARS = frozenset(" \t\f\r\n#")


def _opens_chunk(line: str) -> bool:
    first = line[:1]
    if first in _CHUNK_FIRST_CHARS and _CHUNK_START.match(line):
        return True
    return (first not in _STATEMENT_FIRST_CHARS and ("ealer" in line or "EALER" in line)
            and _LOOSE_HAND_LINE.match(line) is not None)


def iter_chunks(lines: Iterable[str], first_line: int = 1, keep_all: bool = False) -> Iterator[Chunk]:
    """Cut a stream of lines into hand and tag chunks, lazily.

    A chunk keeps at most MAX_CHUNK_LINES + 1 statement lines (it is refused as
    too long anyway) and MAX_FREE_LINES blank or comment lines, so that no input
    makes the reader hold more than that; ``keep_all`` keeps every line, for
    ``fmt``, which must write a hand back whole.
    """
    current = Chunk("preamble", first_line)
    keep = current.lines
    number = first_line - 1
    cap = None if keep_all else MAX_CHUNK_LINES + 1
    free = 0
    try:
        for line in lines:
            number += 1
            if line[-1:] != "\n":
                line += "\n"
            first = line[:1]
            if (first in _CHUNK_FIRST_CHARS or first not in _STATEMENT_FIRST_CHARS) and _opens_chunk(line):
                kind = "tags" if line.lstrip().startswith("[") else "hand"
                if kind != "tags" or current.kind != "tags":
                    if keep:
                        current.end_line = number - 1
                        yield current
                    current = Chunk(kind, number)
                    keep = current.lines
                    free = 0
            if len(line) > MAX_LINE_CHARS + 1:  # + 1: the newline
                if current.long_line is None:
                    current.long_line = number
                if cap is not None:  # unreadable anyway: keep no more of the line than that shows
                    line = line[: MAX_LINE_CHARS + 2] + "\n"
            if cap is None:  # every line kept; the statements still counted, so that too many refuse the chunk
                keep.append(line)
                if first not in _FREE_FIRST_CHARS or not is_free(line):
                    current.statements += 1
            elif first in _FREE_FIRST_CHARS and is_free(line):
                if free < MAX_FREE_LINES:
                    free += 1
                    keep.append(line)
                    if current.numbers is not None:
                        current.numbers.append(number)
                elif current.numbers is None:  # from now on the kept lines are not consecutive
                    current.numbers = list(range(current.first_line, current.first_line + len(keep)))
            elif current.statements < cap:
                current.statements += 1
                keep.append(line)
                if current.numbers is not None:
                    current.numbers.append(number)
            else:
                current.statements += 1
                current.dropped += 1
    except Exception:  # the stream of lines broke off (a byte that is not UTF-8)
        if current.kind == "tags" and keep:
            current.end_line = number - 1
            yield current  # a tag block begun shows that the game before it has ended
        raise
    if keep:
        current.end_line = number
        yield current


def is_blank(chunk: Chunk) -> bool:
    return all(is_free(line) for line in chunk.lines)


def _blanked(quoted: re.Match[str]) -> str:
    """A quoted value as blanks (its ``#`` is no comment); an unclosed quote as it is."""
    return " " * len(quoted.group(0)) if quoted.group("end") else quoted.group(0)


def blank_quoted(line: str) -> str:
    """``line`` with each quoted value (``"..."``, with its ``\\"`` escapes) made blanks of its length."""
    return _QUOTED.sub(_blanked, line) if '"' in line else line


def scan_comments(chunk: Chunk) -> list[tuple[Pos, str]]:
    """Every ``# ...`` comment of a chunk with its position (quoted tag values skipped)."""
    found = []
    for number, line in chunk.numbered_lines():
        if "#" not in line:
            continue
        masked = blank_quoted(line)
        at = masked.find("#")
        if at >= 0:
            found.append((Pos(number, at + 1), line[at:].rstrip("\r\n")))
    return found


def text_lines(text: str) -> list[str]:
    """The lines of a text exactly as reading it from a file gives them.

    ``str.splitlines`` is not that: it also ends a line at a form feed, which
    the notation allows as a space, and at other rare characters.
    """
    return io.StringIO(text, newline="").readlines()
