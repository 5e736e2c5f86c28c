"""A small JSON reader that remembers where every value was written.

Python's :mod:`json` gives values but not positions; an auditor must point
at the card that was reneged, so this scanner builds :class:`Node` objects
that carry the 1-based line and column of each value.  It is strict JSON
(RFC 8259), bounded in nesting depth and in size, and reports a problem as
:class:`JsonError` with a position, never as a traceback.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from json.decoder import scanstring  # type: ignore[attr-defined]  # public, missing from typeshed
from typing import Any

from ..model import Pos

#: Deeper nesting than this is refused (EGN needs about eight levels).
MAX_DEPTH = 64


class DocumentError(ValueError):
    """A problem at a position of a JSON document (readers turn it into file:line:col)."""

    def __init__(self, message: str, pos: Pos) -> None:
        super().__init__(f"{pos}: {message}")
        self.message = message
        self.pos = pos


class JsonError(DocumentError):
    """Text that is not JSON, with the position of the problem."""


@dataclass(slots=True)
class Node:
    """A JSON value and where it starts.

    ``value`` is a ``dict[str, Node]`` for an object, a ``list[Node]`` for an
    array, else the Python scalar (str, int, float, bool or None).
    ``keys`` gives the position of each key of an object.
    """

    value: Any
    pos: Pos
    keys: dict[str, Pos] | None = None

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


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def pos(self, index: int) -> Pos:
        line = bisect_right(self.line_starts, index)
        return Pos(line, index - self.line_starts[line - 1] + 1)

    def fail(self, message: str, index: int) -> JsonError:
        return JsonError(message, self.pos(index))

    def skip(self, index: int) -> int:
        return _WS.match(self.text, index).end()  # type: ignore[union-attr]

    def value(self, index: int, depth: int) -> tuple[Node, int]:
        text = self.text
        index = self.skip(index)
        if index >= len(text):
            raise self.fail("the JSON text ends where a value was expected", index)
        ch = text[index]
        if ch == "{":
            return self.obj(index, depth + 1)
        if ch == "[":
            return self.array(index, depth + 1)
        if ch == '"':
            s, end = self.string(index)
            return Node(s, self.pos(index)), end
        m = _NUMBER.match(text, index)
        if m and m.end() > index:
            number: Any = float(m.group(0)) if (m.group(1) or m.group(2)) else int(m.group(0))
            return Node(number, self.pos(index)), m.end()
        for word, literal in _LITERALS.items():
            if text.startswith(word, index):
                return Node(literal, self.pos(index)), index + len(word)
        raise self.fail(f"unexpected {text[index]!r}; expected a JSON value", index)

    def string(self, index: int) -> tuple[str, int]:
        try:
            return scanstring(self.text, index + 1, True)
        except ValueError as err:
            at = getattr(err, "pos", index)
            raise self.fail(f"a string that is not valid JSON ({getattr(err, 'msg', err)})", at) from None

    def _check_depth(self, depth: int, index: int) -> None:
        if depth > MAX_DEPTH:
            raise self.fail(f"values nested more than {MAX_DEPTH} deep", index)

    def obj(self, start: int, depth: int) -> tuple[Node, int]:
        self._check_depth(depth, start)
        text = self.text
        out: dict[str, Node] = {}
        keys: dict[str, Pos] = {}
        index = self.skip(start + 1)
        if index < len(text) and text[index] == "}":
            return Node(out, self.pos(start), keys), index + 1
        while True:
            index = self.skip(index)
            if index >= len(text) or text[index] != '"':
                raise self.fail("expected a quoted key", index)
            key_pos = self.pos(index)
            key, index = self.string(index)
            index = self.skip(index)
            if index >= len(text) or text[index] != ":":
                raise self.fail("expected ':' after a key", index)
            node, index = self.value(index + 1, depth)
            if key in out:
                raise JsonError(f"the key {key!r} is written twice in one object", key_pos)
            out[key] = node
            keys[key] = key_pos
            index = self.skip(index)
            if index < len(text) and text[index] == ",":
                index += 1
                continue
            if index < len(text) and text[index] == "}":
                return Node(out, self.pos(start), keys), index + 1
            raise self.fail("expected ',' or '}' in an object", index)

    def array(self, start: int, depth: int) -> tuple[Node, int]:
        self._check_depth(depth, start)
        text = self.text
        out: list[Node] = []
        index = self.skip(start + 1)
        if index < len(text) and text[index] == "]":
            return Node(out, self.pos(start)), index + 1
        while True:
            node, index = self.value(index, depth)
            out.append(node)
            index = self.skip(index)
            if index < len(text) and text[index] == ",":
                index += 1
                continue
            if index < len(text) and text[index] == "]":
                return Node(out, self.pos(start)), index + 1
            raise self.fail("expected ',' or ']' in an array", index)


def parse(text: str) -> Node:
    """Parse a whole JSON document into :class:`Node` objects; :class:`JsonError` if it is not JSON."""
    scanner = _Scanner(text)
    start = 1 if text.startswith("\ufeff") else 0
    node, end = scanner.value(start, 0)
    end = scanner.skip(end)
    if end != len(text):
        raise scanner.fail("unexpected text after the JSON value", end)
    return node
