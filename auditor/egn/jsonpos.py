"""A small JSON reader that remembers where every value was written.

Python's :mod:`json` gives values but not positions; an auditor must point
at the card that was reneged, so this scanner builds :class:`Node` objects
that carry the 1-based line and column of each value.  It is strict JSON
(RFC 8259) and reports a problem as :class:`JsonError` with a position, never
as a traceback.

What hostile input can cost is bounded: nesting depth (:data:`MAX_DEPTH`), the
members of one array or object (:data:`MAX_ITEMS`), the values of a whole
document, keys included (:data:`MAX_VALUES`) and the length of a number (:data:`MAX_NUMBER_CHARS`;
Python refuses to read an integer of more than 4,300 digits).  Past a limit the
reading stops at once with :class:`JsonLimitError` and the position.  Memory is
about 100 to 150 bytes a value, so a document stays under about 150 MB whatever
its shape; an EGN file as its tools write it (20 to 30 characters a value)
takes about five times its size.
"""

from __future__ import annotations

import gc
import re
from dataclasses import dataclass
from json.decoder import scanstring  # type: ignore[attr-defined]  # public, missing from typeshed
from typing import Any

from ..model import Pos, new

#: Deeper nesting than this is refused (EGN needs about eight levels).
MAX_DEPTH = 64
#: An array or object with more members than this is refused (EGN's largest, an EMN's games, has 1,000).
MAX_ITEMS = 10_000
#: A document of more values and keys than this is refused (an EGN game of ten deals has about
#: 1,500, so an EGN file at its 16 MB limit about 600,000); it bounds the memory a document
#: takes: about 150 MB at the limit, whatever its shape.
MAX_VALUES = 1_000_000
#: A number written with more characters than this is refused (EGN's numbers are seats and scores).
MAX_NUMBER_CHARS = 100
#: Strings up to this long (cards, calls, keys) are kept once however often they are written.
_SHARED_STRING_CHARS = 16


class DocumentError(ValueError):
    """A problem at a position of a JSON document (readers turn it into file:line:col)."""

    def __init__(self, message: str, pos: Pos) -> None:
        super().__init__(f"{pos}: {message}")
        self.message = message
        self.pos = pos


class JsonError(DocumentError):
    """Text that is not JSON, with the position of the problem."""

    #: what the readers say before the message
    summary = "not valid JSON"


class JsonLimitError(JsonError):
    """JSON past one of the reader's limits (too many values, too long a number)."""

    summary = "too large to read"


@dataclass(slots=True)
class Node:
    """A JSON value and where it starts.

    ``value`` is a ``dict[str, Node]`` for an object, a ``list[Node]`` for an
    array, else the Python scalar (str, int, float, bool or None).  Positions
    are kept as plain numbers and made into a :class:`Pos` when asked for (by
    :attr:`pos` and :meth:`key_pos`): a third less memory than a Pos each.
    """

    value: Any
    line: int
    column: int
    #: an object's keys' lines and columns, in the order of ``value``: line, column, line, column...
    key_lines_columns: tuple[int, ...] = ()

    @property
    def pos(self) -> Pos:
        return new(Pos, (self.line, self.column))

    def key_pos(self, key: str) -> Pos:
        """Where the key ``key`` of an object is written (the object's own position if it has no such key)."""
        if isinstance(self.value, dict) and key in self.value and self.key_lines_columns:
            at = 2 * list(self.value).index(key)
            return new(Pos, self.key_lines_columns[at : at + 2])
        return self.pos

    @property
    def kind(self) -> str:
        return kind_of(self.value)

    def get(self, key: str) -> Node | None:
        if isinstance(self.value, dict):
            return self.value.get(key)
        return None

    def plain(self) -> Any:
        """The value without positions, as :func:`json.loads` would give it."""
        v = self.value
        if isinstance(v, dict):
            return {k: n.plain() for k, n in v.items()}
        if isinstance(v, list):
            return [n.plain() for n in v]
        return v


def kind_of(value: Any) -> str:
    """The JSON name of a Python value's type, for messages."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "null"


_WS = re.compile(r"[ \t\r\n]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        # where the last position asked for was: positions are asked for in reading order, so
        # lines are counted as the reading goes, with no table of line starts
        self.at, self.line, self.line_start = 0, 1, 0
        self.values = 0  # values read so far
        self.strings: dict[str, str] = {}  # short strings read so far, each kept once

    def pos(self, index: int) -> Pos:
        return new(Pos, self.line_column(index))

    def line_column(self, index: int) -> tuple[int, int]:
        if index < self.at:  # never in reading order; counted again from the start
            self.at, self.line, self.line_start = 0, 1, 0
        newlines = self.text.count("\n", self.at, index)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.at, index) + 1
        self.at = index
        return self.line, index - self.line_start + 1

    def fail(self, message: str, index: int) -> JsonError:
        return JsonError(message, self.pos(index))

    def skip(self, index: int) -> int:
        return _WS.match(self.text, index).end()  # type: ignore[union-attr]

    def value(self, index: int, depth: int) -> tuple[Node, int]:
        text = self.text
        index = self.skip(index)
        if index >= len(text):
            raise self.fail("the JSON text ends where a value was expected", index)
        self._count_value(index)
        ch = text[index]
        if ch == "{":
            return self.obj(index, depth + 1)
        if ch == "[":
            return self.array(index, depth + 1)
        if ch == '"':
            line, column = self.line_column(index)
            s, end = self.string(index)
            return Node(s, line, column), end
        m = _NUMBER.match(text, index)
        if m and m.end() > index:
            if m.end() - index > MAX_NUMBER_CHARS:
                raise JsonLimitError(
                    f"a number written with {m.end() - index:,} characters; the limit is {MAX_NUMBER_CHARS}", self.pos(index)
                )
            number: Any = float(m.group(0)) if (m.group(1) or m.group(2)) else int(m.group(0))
            return Node(number, *self.line_column(index)), m.end()
        for word, literal in _LITERALS.items():
            if text.startswith(word, index):
                return Node(literal, *self.line_column(index)), index + len(word)
        raise self.fail(f"unexpected {text[index]!r}; expected a JSON value", index)

    def _count_value(self, index: int) -> None:
        self.values += 1
        if self.values > MAX_VALUES:
            raise JsonLimitError(f"more than {MAX_VALUES:,} values and keys in one document", self.pos(index))

    def string(self, index: int) -> tuple[str, int]:
        try:
            s, end = scanstring(self.text, index + 1, True)
        except ValueError as err:
            at = getattr(err, "pos", index)
            raise self.fail(f"a string that is not valid JSON ({getattr(err, 'msg', err)})", at) from None
        if not s.isascii() and (lone := _SURROGATE.search(s)) is not None:
            # JSON lets "\\ud800" be written, but it is half of a character: no text can hold it
            # (writing the report raised UnicodeEncodeError), so it is refused where it is written
            raise self.fail(f"a string holding half of a character (\\u{ord(lone.group()):04x}, a lone surrogate)", index)
        if len(s) <= _SHARED_STRING_CHARS:
            s = self.strings.setdefault(s, s)
        return s, end

    def _check_depth(self, depth: int, index: int) -> None:
        if depth > MAX_DEPTH:
            raise self.fail(f"values nested more than {MAX_DEPTH} deep", index)

    def _check_items(self, count: int, what: str, index: int) -> None:
        """Called at a comma (``index``: just after it): one more member would pass the limit."""
        if count >= MAX_ITEMS:
            raise JsonLimitError(f"{what} of more than {MAX_ITEMS:,} members", self.pos(self.skip(index)))

    def obj(self, start: int, depth: int) -> tuple[Node, int]:
        self._check_depth(depth, start)
        line, column = self.line_column(start)
        text = self.text
        out: dict[str, Node] = {}
        keys: list[int] = []  # line, column of each key
        index = self.skip(start + 1)
        if index < len(text) and text[index] == "}":
            return Node(out, line, column), index + 1
        while True:
            index = self.skip(index)
            if index >= len(text) or text[index] != '"':
                raise self.fail("expected a quoted key", index)
            self._count_value(index)  # a key costs what a value does
            key_at = self.line_column(index)
            key, index = self.string(index)
            index = self.skip(index)
            if index >= len(text) or text[index] != ":":
                raise self.fail("expected ':' after a key", index)
            node, index = self.value(index + 1, depth)
            if key in out:
                raise JsonError(f"the key {key!r} is written twice in one object", new(Pos, key_at))
            out[key] = node
            keys.extend(key_at)
            index = self.skip(index)
            if index < len(text) and text[index] == ",":
                index += 1
                self._check_items(len(out), "an object", index)
                continue
            if index < len(text) and text[index] == "}":
                return Node(out, line, column, tuple(keys)), index + 1
            raise self.fail("expected ',' or '}' in an object", index)

    def array(self, start: int, depth: int) -> tuple[Node, int]:
        self._check_depth(depth, start)
        line, column = self.line_column(start)
        text = self.text
        out: list[Node] = []
        index = self.skip(start + 1)
        if index < len(text) and text[index] == "]":
            return Node(out, line, column), index + 1
        while True:
            node, index = self.value(index, depth)
            out.append(node)
            index = self.skip(index)
            if index < len(text) and text[index] == ",":
                index += 1
                self._check_items(len(out), "an array", index)
                continue
            if index < len(text) and text[index] == "]":
                return Node(out, line, column), index + 1
            raise self.fail("expected ',' or ']' in an array", index)


def parse(text: str) -> Node:
    """Parse a whole JSON document into :class:`Node` objects; :class:`JsonError` if it is not JSON."""
    scanner = _Scanner(text)
    start = 1 if text.startswith("\ufeff") else 0
    collecting = gc.isenabled()
    gc.disable()  # nodes make no cycles; collecting while a million are made takes most of the time
    try:
        node, end = scanner.value(start, 0)
    finally:
        if collecting:
            gc.enable()
    end = scanner.skip(end)
    if end != len(text):
        raise scanner.fail("unexpected text after the JSON value", end)
    return node
