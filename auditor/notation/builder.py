"""Build model objects from the notation while the LALR parser runs (an inline transformer).

The builder is given to Lark as its transformer: it turns every rule into a
model value as soon as the rule is reduced, so no parse tree is ever kept.  A
statement arrives either through its own rule (token by token) or inside a
``STATEMENTS`` token (a run of well-formed lines), which is read here with
plain string operations; a test checks that both give the same model.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable
from typing import Any

from lark import Lark, Token

from ..cards import CARD_SPELLINGS, Card, Seat, Suit, known_card
from ..model import (
    NOT_RECORDED,
    NOWHERE,
    Call,
    CallKind,
    HandRecord,
    Holding,
    LoneDefense,
    Play,
    Pos,
    RenegeCall,
    Tag,
    TrickRecord,
    new,
)
from .assemble import assemble_hand
from .sides import _SEAT_MARK, _SEATS, SidesBuilder, _card
from .variations import VariationBuilder

_CARD_TEXT = re.compile(r"(?:10|[789TJQKAtjqka])[CDHScdhs\u2663\u2666\u2665\u2660]|[Jj][Kk]|[Bb]")
_PLAY = re.compile(r"([NESWnesw])[ \t\f]*:[ \t\f]*((?:10|[789TJQKAtjqka])[CDHScdhs\u2663\u2666\u2665\u2660]|[Jj][Kk]|[Bb])")

_PASS = CallKind.PASS  # (a module name: an enum member read through its class costs 60 ns in Python 3.11)
_HAND_PARTS = re.compile(r"(?<![ \t\f])[ \t\f]*+hand[ \t\f]++([0-9]++)[ \t\f]++dealer[ \t\f]++([NESW])", re.IGNORECASE)
_TAG_PARTS = re.compile(r'(?<![ \t\f])[ \t\f]*+\[[ \t\f]*+([A-Za-z][A-Za-z0-9_]*+)[ \t\f]++("(?:[^"\\\n]++|\\.)*+")')


#: every ``seat:card`` word of a trick in a spelling :data:`~auditor.cards.known_card` knows, read
#: once (``"E:KD"`` -> (East, the king of diamonds)): a trick's play is then one lookup
_PLAY_WORDS: dict[str, tuple[Seat, Card]] = {
    f"{letter}:{spelling}": (seat, card) for letter, seat in _SEATS.items() for spelling, card in CARD_SPELLINGS.items()
}


def _simple_plays(text: str, line: int, column: int) -> list[Play] | None:
    """The plays of a trick in the usual spelling (``E:KD S:JD W:KC N:JH``), or None."""
    plays = []
    at = column
    for word in text.split(" "):
        known = _PLAY_WORDS.get(word)
        if known is None:
            return None
        plays.append(new(Play, (*known, new(Pos, (line, at)))))
        at += len(word) + 1
    return plays


def _simple_holdings(text: str, line: int, column: int) -> list[Holding] | None:
    """The holdings of a deal in the usual spelling (``S: KD QD  W: 9H ...``), or None."""
    holdings: list[Holding] = []
    seat: Seat | None = None
    seat_pos = NOWHERE
    cards: list[Card] = []
    columns: list[int] = []
    at = column
    for word in text.split(" "):
        if word:
            card = known_card(word)  # most words are cards: asked first
            if card is not None:
                if seat is None:
                    return None
                cards.append(card)
                columns.append(at)
            elif len(word) == 2 and word[1] == ":":
                if seat is not None:
                    holdings.append(new(Holding, (seat, tuple(cards), seat_pos, (), tuple(columns))))
                seat, seat_pos, cards, columns = _SEATS[word[0]], new(Pos, (line, at)), [], []
            else:
                return None
        at += len(word) + 1
    if seat is not None:
        holdings.append(new(Holding, (seat, tuple(cards), seat_pos, (), tuple(columns))))
    return holdings


class _Builder(VariationBuilder, SidesBuilder):
    """Builds model objects while the LALR parser runs (an inline transformer).

    Lark calls a method for every rule that has one; it needs no
    :class:`lark.Transformer` base.  Without that base, the helper rules Lark
    makes for ``*`` and ``+`` stay plain tree nodes that their parent unpacks,
    instead of going through ``Transformer.__default__``, which made parsing
    about a third slower.  (No method may be named like a terminal: Lark would
    call it from the lexer.)
    """

    def __init__(self) -> None:
        self.line_offset = 0  # the chunk's first line number, less one
        #: a statement's builder by its keyword: (text after the keyword, line, its column) -> (kind, value)
        self._by_keyword: dict[str, Callable[[str, int, int], tuple[str, Any]]] = {
            "deal": self._deal, "up": self._up, "bid": self._bid_text, "discard": self._discard,
            "trick": self._trick, "renege": self._renege, "score": self._score, "tricks": self._trick_count,
            "tableau": self._tableau,
        }

    def _pos(self, token: Token) -> Pos:
        return Pos((token.line or 0) + self.line_offset, token.column or 0)

    # tags -----------------------------------------------------------------
    def tag(self, children: list[Token]) -> Tag:
        name, value = children
        return self._tag(name.value, value.value, (name.line or 0) + self.line_offset, name.column or 1)

    def _tag(self, name: str, quoted: str, line: int, name_column: int) -> Tag:
        raw = quoted[1:-1]
        text = raw.replace('\\"', '"').replace("\\\\", "\\") if "\\" in raw else raw
        pos = Pos(line, max(name_column - 1, 1))
        return Tag(name, text, pos)

    def _tag_lines(self, tok: Token) -> list[Tag]:
        """The tags of a TAGS token (a run of well-formed tag lines)."""
        out = []
        line, column = (tok.line or 0) + self.line_offset, tok.column or 1
        for raw in tok.value.split("\n"):
            m = _TAG_PARTS.match(raw)
            if m is not None:  # not a blank or comment line (the grammar's _NL)
                out.append(self._tag(m.group(1), m.group(2), line, column + m.start(1)))
            line += 1
            column = 1
        return out

    def tags(self, children: list[Any]) -> list[Tag]:
        out: list[Tag] = []
        for child in children:
            if type(child) is Tag:
                out.append(child)
            else:
                out.extend(self._tag_lines(child))
        return out

    # statements ------------------------------------------------------------
    def deal(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._deal(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _deal(self, text: str, line: int, column: int) -> tuple[str, Any]:
        holdings = _simple_holdings(text, line, column) if "\t" not in text else None
        if holdings is None:  # an unusual spelling, such as "S:KD" or "S :KD"
            holdings = []
            marks = list(_SEAT_MARK.finditer(text))
            for i, mark in enumerate(marks):
                end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
                words = [(m.group(0), m.start()) for m in _CARD_TEXT.finditer(text, mark.end(), end)]
                cards = tuple(_card(w) for w, _ in words)
                columns = tuple(column + at for _, at in words)
                holdings.append(Holding(_SEATS[mark.group(1)], cards, Pos(line, column + mark.start()), (), columns))
        return ("deal", tuple(holdings))

    def up(self, children: list[Token]) -> tuple[str, Any]:
        tok = children[0]
        text = tok.value if len(children) == 1 else f"{tok.value} {children[1].value}"
        return self._up(text, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _up(self, text: str, line: int, column: int) -> tuple[str, Any]:
        words = text.split()
        # the suit named for a joker turned up; `?`: the record does not say which, if any
        unrecorded = len(words) > 1 and words[1] == NOT_RECORDED
        named = Suit.parse(words[1]) if len(words) > 1 and not unrecorded else None
        return ("up", (_card(words[0]), Pos(line, column), named, unrecorded))

    def pass_(self, children: list[Token]) -> Call:
        seat = children[0]
        return Call(_SEATS[seat.value], CallKind.PASS, self._pos(seat))

    def order(self, children: list[Token]) -> Call:
        seat, named = children[0], [c for c in children[1:] if c.type == "SUIT"]
        suit = Suit.parse(named[0].value) if named else None
        return Call(_SEATS[seat.value], CallKind.ORDER, self._pos(seat), suit, alone=any(c.type == "ALONE" for c in children))

    def no_trump(self, children: list[Token]) -> Call:
        seat, which = children[0], children[1]
        kind = CallKind.HIGH if which.value.lower() == "high" else CallKind.LOW
        return Call(_SEATS[seat.value], kind, self._pos(seat), alone=len(children) > 2)

    def call(self, children: list[Token]) -> Call:
        seat, suit = children[0], children[1]
        return Call(_SEATS[seat.value], CallKind.CALL, self._pos(seat), Suit.parse(suit.value), alone=len(children) > 2)

    def defend(self, children: list[Token]) -> LoneDefense:
        seat = children[0]
        return LoneDefense(_SEATS[seat.value], self._pos(seat), 0)  # ``after`` is counted by ``hand``

    def bid(self, children: list[Any]) -> tuple[str, Any]:
        if len(children) == 1 and getattr(children[0], "type", None) == "CALLS":  # a Token (Lark's or Cython's)
            tok = children[0]
            return self._bid_text(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)
        return ("bid", tuple(children))

    def _bid_text(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return ("bid", tuple(self._calls(text, line, column)))

    @staticmethod
    def _calls(text: str, line: int, column: int) -> list[Call | LoneDefense]:
        """The calls of a CALLS token (a valid list, as the grammar guarantees)."""
        out: list[Call | LoneDefense] = []
        at = 0
        for part in text.split(","):
            body = part.lstrip(" \t\f")
            pos = new(Pos, (line, column + at + len(part) - len(body)))
            at += len(part) + 1
            seat = _SEATS[body[0]]
            rest = body[1:].strip(" \t\f").lower()
            if rest == "pass":
                out.append(new(Call, (seat, _PASS, pos, None, False)))  # Call(seat, CallKind.PASS, pos), faster
            elif rest.startswith("order"):
                words = rest[5:].split()
                suit = Suit.parse(words[0]) if words and words[0] != "alone" else None
                out.append(Call(seat, CallKind.ORDER, pos, suit, alone=words[-1:] == ["alone"]))
            elif rest.startswith("call"):
                named = rest[4:].lstrip(" \t\f")
                if named.startswith(("high", "low")):
                    kind = CallKind.HIGH if named.startswith("high") else CallKind.LOW
                    out.append(Call(seat, kind, pos, alone=named.endswith("alone")))
                else:
                    out.append(Call(seat, CallKind.CALL, pos, Suit.parse(named[0]), alone=len(named) > 1))
            else:  # defend alone
                out.append(LoneDefense(seat, pos, 0))
        return out

    def discard(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._discard(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _discard(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return ("discard", (_card(text), Pos(line, column)))

    def trick(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._trick(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _trick(self, text: str, line: int, column: int) -> tuple[str, Any]:
        plays = _simple_plays(text, line, column)
        if plays is None:  # an unusual spelling, such as "E: KD" or tabs
            plays = [Play(_SEATS[m.group(1)], _card(m.group(2)), Pos(line, column + m.start()))
                     for m in _PLAY.finditer(text)]
        return ("trick", new(TrickRecord, (tuple(plays), plays[0].pos)))

    def renege(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._renege(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _renege(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return ("renege", RenegeCall(_SEATS[text], Pos(line, column)))

    # runs of well-formed statements read as one token (STATEMENTS, TAGS) -----------
    def _statements(self, tok: Token) -> list[tuple[str, Any]]:
        """The statements of a STATEMENTS token, built exactly as their rules build them."""
        return self._statement_lines(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _statement_lines(self, text: str, line: int, column: int) -> list[tuple[str, Any]]:
        """The statements of a run of statement lines that starts at ``line``, ``column`` of the file."""
        out = []
        by_keyword = self._by_keyword
        for raw in text.split("\n"):
            body = raw.lstrip(" \t\f")
            if body and body[0] not in "#\r":  # not a blank or comment line (the grammar's _NL)
                keyword, rest = body.split(None, 1)  # the grammar puts a space after the keyword
                at = column + len(raw) - len(rest)
                if "#" in rest:
                    rest = rest.split("#", 1)[0]
                out.append(by_keyword[keyword.lower()](rest.rstrip(" \t\f\r"), line, at))
            line += 1
            column = 1
        return out

    # the hand ----------------------------------------------------------------
    def _head(self, children: list[Any]) -> tuple[int, Seat, Pos, list[Any]]:
        """The number, dealer and position of a ``hand`` line, and the children after it."""
        head = children[0]
        if head.type == "HAND_LINE":
            (number, dealer), parts = _hand_line(head.value), children[1:]
        else:
            number, dealer, parts = int(head.value), _SEATS[children[1].value], children[2:]
        return number, dealer, Pos((head.line or 0) + self.line_offset, 1), parts

    def head(self, children: list[Any]) -> tuple[int, Seat, Pos]:
        """A ``hand`` line read on its own (start symbol ``head``)."""
        number, dealer, pos, _ = self._head(children)
        return number, dealer, pos

    def statement(self, children: list[Any]) -> list[tuple[str, Any]]:
        """One statement line read on its own (start symbol ``statement``)."""
        (part,) = children
        return [part] if type(part) is tuple else self._statements(part)

    def plain_hand(self, head_line: str, statements: str, line: int, column: int) -> HandRecord:
        """What :meth:`hand` builds from a HAND_LINE token and a STATEMENTS token (``statements``, at
        ``line`` and ``column`` of the chunk; empty: no statements), without making the tokens."""
        number, dealer = _hand_line(head_line)
        made = self._statement_lines(statements, line + self.line_offset, column) if statements else []
        return assemble_hand(number, dealer, Pos(1 + self.line_offset, 1), made)

    def hand(self, children: list[Any]) -> HandRecord:
        number, dealer, pos, parts = self._head(children)
        statements: list[tuple[str, Any]] = []
        for part in parts:  # a statement built by its rule, or a STATEMENTS token of several
            if type(part) is tuple:
                statements.append(part)
            else:
                statements.extend(self._statements(part))
        return assemble_hand(number, dealer, pos, statements)


def _hand_line(text: str) -> tuple[int, Seat]:
    """The number and dealer of a HAND_LINE token's text."""
    m = _HAND_PARTS.match(text)
    assert m is not None, "the grammar's HAND_LINE and _HAND_PARTS disagree"
    return int(m.group(1)), _SEATS[m.group(2)]


#: which LALR runtime parses the notation: "auto" (lark-cython when installed), "cython" or "python"
PARSER_ENV = "EUCHRE_AUDIT_PARSER"


def parser_runtime() -> str:
    """The runtime the environment asks for, and that is installed: "cython" or "python".

    lark-cython (the ``fast`` extra) is Lark's LALR runtime compiled with Cython; what it buys is
    measured by bench/parsers.py (docs/benchmarks.md).  Both runtimes give the same models and the
    same messages (tests/test_parsers_agree.py).  ``EUCHRE_AUDIT_PARSER=python`` turns it off; "cython"
    where it is not installed is the pure-Python runtime too.
    """
    wanted = os.environ.get(PARSER_ENV, "auto").strip().lower()
    if wanted == "python" or importlib.util.find_spec("lark_cython") is None:
        return "python"
    return "cython"


def build_parser(grammar: str) -> tuple[Lark, _Builder]:
    """An LALR parser of ``grammar`` (the notation's, or a test's variant of it) and its builder."""
    builder = _Builder()
    options: dict[str, Any] = {}
    if parser_runtime() == "cython":
        import lark_cython

        options["_plugins"] = lark_cython.plugins
    parser = Lark(
        grammar,
        parser="lalr",
        start=["hand", "tags", "start", "head", "statement"],
        transformer=builder,
        maybe_placeholders=False,
        # ASCII only: a look-alike letter (a dotless i, the Kelvin sign) must not pass for its
        # Latin twin under case-insensitive matching; the reader names it instead
        g_regex_flags=re.ASCII,
        **options,
    )
    return parser, builder


