"""The statements of the sides and the table, built while the parser runs: ``score``, ``tricks`` and ``tableau``.

:class:`SidesBuilder` is the part of the builder (``builder._Builder``) that
reads a score or a trick count per side (``score NS 4 EW 2``, or per player
``score N 4 E 2 W 7`` where each plays for himself) and the tableau of seed
003's two-handed game (``tableau N: AS/7H TC/8D ...``: each pile's face-up
card over its face-down one).  The four-player score line keeps a one-match
path, as fast as before sides were read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Token

from ..cards import Card, Seat, Side
from ..model import Pile, Pos, SidePoints, Tableau

_card = Card.parse
_SEAT_MARK = re.compile(r"([NESWnesw])[ \t\f]*+:")
_SEATS: dict[str, Seat] = {s.name: s for s in Seat} | {s.name.lower(): s for s in Seat}
_POINTS = re.compile(r"(NS|EW|[NESW])[ \t\f]++([0-9]++)", re.IGNORECASE)
_PAIR = re.compile(r"NS[ \t\f]++([0-9]++)[ \t\f]++EW[ \t\f]++([0-9]++)[ \t\f]*+$", re.IGNORECASE)
_NS_EW = (Side.NS, Side.EW)
_PILE = re.compile(r"((?:10|[789TJQKAtjqka])[CDHScdhs\u2663\u2666\u2665\u2660]|[Jj][Kk]|[Bb])[ \t\f]*+/[ \t\f]*+"
                   r"((?:10|[789TJQKAtjqka])[CDHScdhs\u2663\u2666\u2665\u2660]|[Jj][Kk]|[Bb])")
_SIDES: dict[str, Side] = {s.value: s for s in Side} | {s.value.lower(): s for s in Side}


class SidesBuilder:
    """Builds the per-side and table statements (mixed into the notation's builder)."""

    # the builder's, which this part reads: the chunk's first line number (less one), and where a token stands
    line_offset: int
    _pos: Callable[[Token], Pos]

    def tableau(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._tableau(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _tableau(self, text: str, line: int, column: int) -> tuple[str, Any]:
        """``N: AS/7H TC/8D  S: ...``: each seat's piles, the face-up card over the face-down one."""
        rows = []
        marks = list(_SEAT_MARK.finditer(text))
        for i, mark in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            found = list(_PILE.finditer(text, mark.end(), end))
            piles = tuple(Pile(_card(m.group(1)), _card(m.group(2))) for m in found)
            where = tuple((Pos(line, column + m.start(1)), Pos(line, column + m.start(2))) for m in found)
            rows.append(Tableau(_SEATS[mark.group(1)], piles, Pos(line, column + mark.start()), where))
        return ("tableau", tuple(rows))

    def score(self, children: list[Token]) -> tuple[str, Any]:
        return self._points("score", children)

    def trick_count(self, children: list[Token]) -> tuple[str, Any]:
        return self._points("tricks", children)

    def _points(self, kind: str, children: list[Token]) -> tuple[str, Any]:
        """``SIDE INT SIDE INT ...`` tokens; the position is the first number's."""
        sides = tuple(_SIDES[t.value] if t.value in _SIDES else Side.parse(t.value) for t in children[0::2])
        values = tuple(int(t.value) for t in children[1::2])
        return (kind, SidePoints(sides, values, self._pos(children[1])))

    def _score(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return self._points_text("score", text, line, column)

    def _trick_count(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return self._points_text("tricks", text, line, column)

    @staticmethod
    def _points_text(kind: str, text: str, line: int, column: int) -> tuple[str, Any]:
        m = _PAIR.match(text)  # the four-player form, "NS 3 EW 2": one match, as fast as before sides
        if m is not None:
            return (kind, SidePoints(_NS_EW, (int(m.group(1)), int(m.group(2))), Pos(line, column + m.start(1))))
        found = list(_POINTS.finditer(text))  # "N 4 E 2 W 7", as the grammar guarantees
        assert len(found) >= 2, f"a well-formed {kind} statement reads <side> <n> <side> <n> ..."
        sides = tuple(_SIDES[m.group(1)] if m.group(1) in _SIDES else Side.parse(m.group(1)) for m in found)
        return (kind, SidePoints(sides, tuple(int(m.group(2)) for m in found), Pos(line, column + found[0].start(2))))
