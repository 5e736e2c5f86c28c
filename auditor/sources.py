"""Open a game file of any supported format and stream its games.

Formats are detected by content (a JSON object is EGN), then by name.
Input is bounded: a line past the reader's limit makes its hand unreadable, and a JSON document
larger than :data:`MAX_JSON_BYTES` is refused.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from .audit import InputError
from .egn.reader import read_egn
from .modeljson import read_model_json
from .model import GameRecord
from .notation.reader import MAX_LINE_CHARS, read_games

MAX_JSON_BYTES = 64 * 1024 * 1024

#: readers of JSON formats, keyed by name; each takes (text, path) and yields games
JSON_READERS: dict[str, Callable[[str, str], Iterator[GameRecord]]] = {"egn": read_egn, "model": read_model_json}
_MODEL_JSON = re.compile(r'"format"\s*:\s*"euchre-audit model"')


#: a JSON object, or an array of JSON values (a tag line `[Name "..."]` is not one)
_JSON_START = re.compile(rb"\{|\[\s*[\[\{\"\]\d-]")


def sniff_format(path: Path) -> str:
    with path.open("rb") as fh:
        head = fh.read(4096)
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if stripped:  # the content decides; the name only when there is nothing to read
        return "json" if _JSON_START.match(stripped) else "text"
    return "json" if path.suffix.lower() in {".egn", ".emn", ".json"} else "text"


def _text_lines(path: Path) -> Iterator[str]:
    """The file's lines; an over-long line is cut (the reader reports it) and never held whole."""
    limit = MAX_LINE_CHARS + 2
    try:
        with path.open("r", encoding="utf-8-sig", newline="") as fh:
            while line := fh.readline(limit):
                if len(line) == limit and not line.endswith("\n"):
                    while (rest := fh.readline(limit)) and not rest.endswith("\n"):
                        pass  # skip the remainder of the line without keeping it
                    line += "\n"
                yield line
    except UnicodeDecodeError as err:
        raise InputError(f"{path}: not UTF-8 text (byte {err.start}): {err.reason}") from None


def open_games(path: Path, label: str | None = None) -> Iterator[GameRecord]:
    """Yield the games of ``path`` one at a time; :class:`InputError` if it cannot be read."""
    label = label or str(path)
    try:
        kind = sniff_format(path)
    except IsADirectoryError:
        raise InputError(f"{label}: is a folder, not a game file") from None
    except OSError as err:
        raise InputError(f"{label}: cannot read ({err.strerror or err})") from None
    if kind == "text":
        return read_games(_lines_checked(path, label))
    size = path.stat().st_size
    if size > MAX_JSON_BYTES:
        raise InputError(f"{label}: {size} bytes of JSON; the limit is {MAX_JSON_BYTES}")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{label}: not UTF-8 text (byte {err.start})") from None
    if not JSON_READERS:
        raise InputError(f"{label}: JSON game files (EGN) are not supported by this installation")
    kind = "model" if _MODEL_JSON.search(text[:4096]) else "egn"  # our model's JSON form, else EGN/EMN
    reader = JSON_READERS.get(kind) or next(iter(JSON_READERS.values()))
    return reader(text, label)


def _lines_checked(path: Path, label: str) -> Iterator[str]:
    try:
        yield from _text_lines(path)
    except InputError as err:
        raise InputError(str(err).replace(str(path), label, 1)) from None


def read_string(text: str) -> Iterator[GameRecord]:
    """Games from a string of the text notation."""
    return read_games(io.StringIO(text))
