"""``fmt`` writes a file's canonical form as it formats it: a chunk at a time, never the whole.

The formatted text goes straight to where it belongs (standard output, the temporary file that
replaces the original, or nowhere for ``--check``) while it is compared with the text read, so that
what ``fmt`` holds beyond the text it read is one chunk (a hand or a tag block), however large the
file.  A file whose form is already canonical is left untouched (its temporary file is dropped).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from .notation.writer import format_lines, lazy_lines
from .outfile import replacing


@dataclass
class FormattedFile:
    changed: bool = False  # the canonical form differs from the text
    problems: list[str] = field(default_factory=list)  # hands and tags kept as written, with the reason
    notes: list[str] = field(default_factory=list)  # lines rewritten from an unusual spelling


#: the text already in canonical form is copied this many characters at a time
COPY_CHARS = 1 << 20


def _first_change(text: str, pieces: Iterator[str]) -> tuple[int, str | None]:
    """How much of ``text`` the first pieces repeat exactly, and the first piece that differs (None: none does)."""
    at = 0
    for piece in pieces:
        if not text.startswith(piece, at):
            return at, piece
        at += len(piece)
    return at, None


def format_file(path: Path, text: str, mode: str, out: TextIO) -> FormattedFile:
    """Format ``text`` (read from ``path``): ``mode`` "write" replaces the file when its form changes
    (and opens nothing when it does not), "check" writes nothing, anything else writes the form to
    ``out``.  An OSError of writing escapes."""
    result = FormattedFile()
    pieces = format_lines(lazy_lines(text), result.problems, result.notes)
    if mode not in ("write", "check"):
        for piece in pieces:
            out.write(piece)
            result.changed = True  # not asked: what is written is the answer
        return result
    same, differing = _first_change(text, pieces)
    result.changed = differing is not None or same != len(text)
    if mode == "write" and result.changed:
        with replacing(path) as fh:
            for start in range(0, same, COPY_CHARS):  # the part already canonical, from the text read
                fh.write(text[start:min(same, start + COPY_CHARS)])
            if differing is not None:
                fh.write(differing)
            for piece in pieces:
                fh.write(piece)
    elif mode == "check":
        for _ in pieces:  # the rest is formatted still: its problems are reported
            pass
    return result
