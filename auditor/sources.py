"""Open a game file of any supported format and stream its games.

Formats are detected by content (a JSON object is EGN), then by name, once the file is known
to be a regular file (a pipe or a device is refused before anything is read from it).
Input is bounded: a line past the reader's limit makes its hand unreadable, and a JSON document
larger than :data:`MAX_JSON_BYTES` is refused.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from .egn.reader import read_egn
from .modeljson import read_model_json
from .model import GameRecord
from .notation.reader import read_games
from .textfile import InputError, cannot_read, file_lines, read_document, regular_file_size

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


def open_games(path: Path, label: str | None = None) -> Iterator[GameRecord]:
    """Yield the games of ``path`` one at a time; :class:`InputError` if it cannot be read."""
    label = label or str(path)
    regular_file_size(path, label)  # first: sniffing a pipe would wait for a writer
    try:
        kind = sniff_format(path)
    except OSError as err:
        raise cannot_read(label, err) from None
    if kind == "text":
        return read_games(file_lines(path, label))
    text = read_document(path, label, MAX_JSON_BYTES, lone_cr_ends_line=False)  # JSON counts lines at "\n" only
    if not JSON_READERS:
        raise InputError(f"{label}: JSON game files (EGN) are not supported by this installation")
    kind = "model" if _MODEL_JSON.search(text[:4096]) else "egn"  # our model's JSON form, else EGN/EMN
    reader = JSON_READERS.get(kind) or next(iter(JSON_READERS.values()))
    return reader(text, label)


def read_string(text: str) -> Iterator[GameRecord]:
    """Games from a string of the text notation."""
    return read_games(io.StringIO(text))
