"""Read the text notation into :mod:`auditor.model` objects, one game at a time.

The file is cut into chunks at lines that open a hand (``hand ...``) or a tag
block (``[...]``); each chunk is parsed on its own with the LALR parser and an
inline transformer that builds model objects directly (no parse tree is
kept).  A syntax error therefore costs one hand, never the file, and memory
stays proportional to one game.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..cards import Card, Seat, Suit, known_card
from ..model import (
    BrokenHand,
    Call,
    CallKind,
    Comment,
    GameRecord,
    HandRecord,
    NOWHERE,
    Holding,
    new,
    LoneDefense,
    Play,
    Pos,
    RenegeCall,
    Tag,
    TeamPoints,
    TrickRecord,
)
from ..resources import grammar_text

#: The longest line the parser is given: a chunk with a longer line is reported
#: as unreadable (never cut short, so that ``fmt`` keeps it as written).
MAX_LINE_CHARS = 4000
#: A chunk (one hand or tag block) longer than this is refused as a syntax error.
MAX_CHUNK_LINES = 400

_CHUNK_START = re.compile(r"[ \t]*(?:hand\b|\[)", re.IGNORECASE)
_CHUNK_FIRST_CHARS = frozenset(" \thH[")  # how a line that _CHUNK_START matches can begin
_SALVAGE_HAND = re.compile(r"^[ \t]*hand[ \t]+(\d{1,6})", re.IGNORECASE | re.MULTILINE)
_SALVAGE_SCORE = re.compile(r"^[ \t]*score[ \t]+NS[ \t]+(\d{1,6})[ \t]+EW[ \t]+(\d{1,6})", re.IGNORECASE | re.MULTILINE)

#: How each terminal is described to a person in a syntax error.
TERMINAL_NAMES: dict[str, str] = {
    "CARD": "a card such as KD, 10H or 9♣",
    "PLAYS": "plays such as E:KD S:JD W:KC N:JH",
    "HOLDINGS": "the seats' cards such as E: KD QS TH 9C QD  S: ...",
    "SEAT": "a seat (N, E, S or W)",
    "SUIT": "a suit (C, D, H or S)",
    "INT": "a number",
    "ALONE": "'alone'",
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a quoted value such as "Alice"',
    "_NL": "the end of the line",
    "$END": "the end of the hand",
    "COMMA": "','",
    "LSQB": "'['",
    "RSQB": "']'",
    "_HAND": "'hand'",
    "_DEALER": "'dealer'",
    "_DEAL": "'deal'",
    "_UP": "'up'",
    "_BID": "'bid'",
    "_PASS": "'pass'",
    "_ORDER": "'order'",
    "_CALL": "'call'",
    "_DEFEND": "'defend'",
    "_DISCARD": "'discard'",
    "_TRICK": "'trick'",
    "_TRICKS": "'tricks'",
    "_RENEGE": "'renege'",
    "_SCORE": "'score'",
    "_NS": "'NS'",
    "_EW": "'EW'",
}


@dataclass(slots=True)
class Chunk:
    """Consecutive lines of one hand or one tag block."""

    kind: str  # "hand", "tags" or "preamble"
    first_line: int  # 1-based line number of the chunk's first line
    lines: list[str] = field(default_factory=list)
    long_line: int | None = None  # the first line longer than MAX_LINE_CHARS, if any
    dropped: int = 0  # lines past MAX_CHUNK_LINES, counted but not kept (the chunk is refused)
    _text: str | None = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The chunk's lines as one string (joined once: read only after the chunk is complete)."""
        if self._text is None:
            self._text = "".join(self.lines)
        return self._text

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) + self.dropped - 1


def iter_chunks(lines: Iterable[str], first_line: int = 1, keep_all: bool = False) -> Iterator[Chunk]:
    """Cut a stream of lines into hand and tag chunks, lazily.

    A chunk keeps at most MAX_CHUNK_LINES + 1 lines (it is refused as too long
    anyway), so that no input makes the reader hold more than that; ``keep_all``
    keeps every line, for ``fmt``, which must write a refused hand back whole.
    """
    current = Chunk("preamble", first_line)
    keep = current.lines
    number = first_line - 1
    cap = None if keep_all else MAX_CHUNK_LINES + 1
    try:
        for line in lines:
            number += 1
            if line[-1:] != "\n":
                line += "\n"
            if line[:1] in _CHUNK_FIRST_CHARS and _CHUNK_START.match(line):
                kind = "tags" if line.lstrip().startswith("[") else "hand"
                if kind != "tags" or current.kind != "tags":
                    if keep:
                        yield current
                    current = Chunk(kind, number)
                    keep = current.lines
            if len(line) > MAX_LINE_CHARS + 1:  # + 1: the newline
                if current.long_line is None:
                    current.long_line = number
                if cap is not None:  # the chunk is refused anyway: keep no more of the line than that shows
                    line = line[: MAX_LINE_CHARS + 2] + "\n"
            if cap is None or len(keep) < cap:
                keep.append(line)
            else:
                current.dropped += 1
    except Exception:  # the stream of lines broke off (a byte that is not UTF-8)
        if current.kind == "tags" and keep:
            yield current  # a tag block begun shows that the game before it has ended
        raise
    if keep:
        yield current


def _is_blank(chunk: Chunk) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in chunk.lines)


_WORD = re.compile(r"\S+")
_SEAT_MARK = re.compile(r"([NESWnesw])[ \t\f]*:")
_PLAY = re.compile(r"([NESWnesw])[ \t\f]*:[ \t\f]*(\S+)")
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"')


_card = Card.parse

_POINTS = re.compile(r"NS[ \t\f]+([0-9]+)[ \t\f]+EW[ \t\f]+([0-9]+)", re.IGNORECASE)
_HAND_PARTS = re.compile(r"[ \t\f]*hand[ \t\f]+([0-9]+)[ \t\f]+dealer[ \t\f]+([NESW])", re.IGNORECASE)
_TAG_PARTS = re.compile(r'[ \t\f]*\[[ \t\f]*([A-Za-z][A-Za-z0-9_]*)[ \t\f]+("(?:[^"\\\n]|\\.)*")')
_SEATS: dict[str, Seat] = {s.name: s for s in Seat} | {s.name.lower(): s for s in Seat}


def scan_comments(chunk: Chunk) -> list[tuple[Pos, str]]:
    """Every ``# ...`` comment of a chunk with its position (quoted tag values skipped)."""
    found = []
    for i, line in enumerate(chunk.lines):
        if "#" not in line:
            continue
        masked = _QUOTED.sub(lambda m: " " * len(m.group(0)), line) if '"' in line else line
        at = masked.find("#")
        if at >= 0:
            found.append((Pos(chunk.first_line + i, at + 1), line[at:].rstrip("\r\n")))
    return found


def _simple_plays(text: str, line: int, column: int) -> list[Play] | None:
    """The plays of a trick in the usual spelling (``E:KD S:JD W:KC N:JH``), or None."""
    plays = []
    at = column
    for word in text.split(" "):
        card = known_card(word[2:])
        if card is None or word[1] != ":":
            return None
        plays.append(new(Play, (_SEATS[word[0]], card, new(Pos, (line, at)))))
        at += len(word) + 1
    return plays


def _simple_holdings(text: str, line: int, column: int) -> list[Holding] | None:
    """The holdings of a deal in the usual spelling (``S: KD QD  W: 9H ...``), or None."""
    holdings: list[Holding] = []
    seat: Seat | None = None
    seat_pos = NOWHERE
    cards: list[Card] = []
    where: list[Pos] = []
    at = column
    for word in text.split(" "):
        if word:
            if len(word) == 2 and word[1] == ":":
                if seat is not None:
                    holdings.append(new(Holding, (seat, tuple(cards), seat_pos, tuple(where))))
                seat, seat_pos, cards, where = _SEATS[word[0]], new(Pos, (line, at)), [], []
            else:
                card = known_card(word)
                if card is None or seat is None:
                    return None
                cards.append(card)
                where.append(new(Pos, (line, at)))
        at += len(word) + 1
    if seat is not None:
        holdings.append(new(Holding, (seat, tuple(cards), seat_pos, tuple(where))))
    return holdings


class _Builder:
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
                words = [(m.group(0), m.start()) for m in _WORD.finditer(text, mark.end(), end)]
                cards = tuple(_card(w) for w, _ in words)
                where = tuple(Pos(line, column + at) for _, at in words)
                holdings.append(Holding(Seat.parse(mark.group(1)), cards, Pos(line, column + mark.start()), where))
        return ("deal", tuple(holdings))

    def up(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._up(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _up(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return ("up", (_card(text), Pos(line, column)))

    def pass_(self, children: list[Token]) -> Call:
        seat = children[0]
        return Call(Seat.parse(seat.value), CallKind.PASS, self._pos(seat))

    def order(self, children: list[Token]) -> Call:
        seat = children[0]
        return Call(Seat.parse(seat.value), CallKind.ORDER, self._pos(seat), alone=len(children) > 1)

    def call(self, children: list[Token]) -> Call:
        seat, suit = children[0], children[1]
        return Call(Seat.parse(seat.value), CallKind.CALL, self._pos(seat), Suit.parse(suit.value), alone=len(children) > 2)

    def defend(self, children: list[Token]) -> LoneDefense:
        seat = children[0]
        return LoneDefense(Seat.parse(seat.value), self._pos(seat), 0)  # ``after`` is counted by ``hand``

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
            pos = Pos(line, column + at + len(part) - len(body))
            at += len(part) + 1
            seat = _SEATS[body[0]]
            rest = body[1:].strip(" \t\f").lower()
            if rest == "pass":
                out.append(Call(seat, CallKind.PASS, pos))
            elif rest.startswith("order"):
                out.append(Call(seat, CallKind.ORDER, pos, alone=rest != "order"))
            elif rest.startswith("call"):
                named = rest[4:].lstrip(" \t\f")
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
            plays = [Play(Seat.parse(m.group(1)), _card(m.group(2)), Pos(line, column + m.start()))
                     for m in _PLAY.finditer(text)]
        return ("trick", new(TrickRecord, (tuple(plays), plays[0].pos)))

    def renege(self, children: list[Token]) -> tuple[str, Any]:
        (tok,) = children
        return self._renege(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)

    def _renege(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return ("renege", RenegeCall(Seat.parse(text), Pos(line, column)))

    def score(self, children: list[Token]) -> tuple[str, Any]:
        ns, ew = children
        return self._points("score", int(ns.value), int(ew.value), self._pos(ns))

    def trick_count(self, children: list[Token]) -> tuple[str, Any]:
        ns, ew = children
        return self._points("tricks", int(ns.value), int(ew.value), self._pos(ns))

    def _points(self, kind: str, ns: int, ew: int, pos: Pos) -> tuple[str, Any]:
        return (kind, TeamPoints(ns, ew, pos))

    def _score(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return self._points_text("score", text, line, column)

    def _trick_count(self, text: str, line: int, column: int) -> tuple[str, Any]:
        return self._points_text("tricks", text, line, column)

    @staticmethod
    def _points_text(kind: str, text: str, line: int, column: int) -> tuple[str, Any]:
        m = _POINTS.match(text)  # "NS 3 EW 2", as the grammar guarantees
        assert m is not None, f"a well-formed {kind} statement reads NS <n> EW <n>"
        return (kind, TeamPoints(int(m.group(1)), int(m.group(2)), Pos(line, column + m.start(1))))

    # runs of well-formed statements read as one token (STATEMENTS, TAGS) -----------
    def _statements(self, tok: Token) -> list[tuple[str, Any]]:
        """The statements of a STATEMENTS token, built exactly as their rules build them."""
        out = []
        by_keyword = self._by_keyword
        line, column = (tok.line or 0) + self.line_offset, tok.column or 1
        for raw in tok.value.split("\n"):
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
    def hand(self, children: list[Any]) -> HandRecord:
        head = children[0]
        if head.type == "HAND_LINE":
            m = _HAND_PARTS.match(head.value)
            assert m is not None, "the grammar's HAND_LINE and _HAND_PARTS disagree"
            number, dealer, parts = int(m.group(1)), _SEATS[m.group(2)], children[1:]
        else:
            number, dealer, parts = int(head.value), Seat.parse(children[1].value), children[2:]
        statements: list[tuple[str, Any]] = []
        for part in parts:  # a statement built by its rule, or a STATEMENTS token of several
            if type(part) is tuple:
                statements.append(part)
            else:
                statements.extend(self._statements(part))
        hand = HandRecord(number, dealer, Pos((head.line or 0) + self.line_offset, 1))
        deal: list[Holding] = []
        calls: list[Call] = []
        tricks: list[TrickRecord] = []
        reneges: list[RenegeCall] = []
        repeated: list[tuple[str, Pos]] = []
        for kind, value in statements:
            if kind == "trick":
                tricks.append(value)
            elif kind == "bid":
                for item in value:
                    if isinstance(item, Call):
                        calls.append(item)
                    elif hand.lone_defense is not None:
                        repeated.append(("defend", item.pos))
                    else:
                        hand.lone_defense = LoneDefense(item.seat, item.pos, len(calls))
            elif kind == "deal":
                deal.extend(value)
            elif kind == "renege":
                reneges.append(value)
            elif kind == "up":
                if hand.up is not None:
                    repeated.append(("up", value[1]))
                else:
                    hand.up, hand.up_pos = value
            elif kind == "discard":
                if hand.discard is not None:
                    repeated.append(("discard", value[1]))
                else:
                    hand.discard, hand.discard_pos = value
            elif kind == "score":
                if hand.score is not None:
                    repeated.append(("score", value.pos))
                else:
                    hand.score = value
            elif kind == "tricks":
                if hand.trick_counts is not None:
                    repeated.append(("tricks", value.pos))
                else:
                    hand.trick_counts = value
        hand.deal = tuple(deal)
        hand.calls = tuple(calls)
        hand.tricks = tuple(tricks)
        hand.reneges = tuple(reneges)
        hand.repeated = tuple(repeated)
        return hand


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, _Builder]:
    return build_parser(grammar_text())


def build_parser(grammar: str) -> tuple[Lark, _Builder]:
    """An LALR parser of ``grammar`` (the notation's, or a test's variant of it) and its builder."""
    builder = _Builder()
    options: dict[str, Any] = {}
    try:  # the Cython build of Lark's LALR runtime, when installed, is ~1.6x faster
        import lark_cython  # type: ignore[import-untyped]

        options["_plugins"] = lark_cython.plugins
    except ImportError:  # pragma: no cover - depends on the environment
        pass
    parser = Lark(
        grammar,
        parser="lalr",
        start=["hand", "tags", "start"],
        transformer=builder,
        maybe_placeholders=False,
        **options,
    )
    return parser, builder


#: Terminals that only ever open a chunk: inside a hand they are never what is missing.
_CHUNK_OPENERS = {"COMMENT", "LSQB", "_HAND"}
_ONE_TOKEN = {"CALLS", "STATEMENTS", "TAGS"}


def describe_expected(expected: Iterable[str]) -> list[str]:
    # CALLS, STATEMENTS, TAGS and the *_LINE terminals are one-token spellings of what a
    # keyword, "[" or a seat starts (see the grammar): naming that says it all
    names = {TERMINAL_NAMES.get(e, e) for e in expected
             if e not in _CHUNK_OPENERS and e not in _ONE_TOKEN and not e.endswith("_LINE")}
    return sorted(names)


_PLAYISH = re.compile(r"^[NESW][ \t]*:", re.IGNORECASE)


def _word_at(chunk: Chunk, line: int, column: int) -> str:
    """The whitespace-delimited word of the chunk at a 1-based line and column."""
    index = line - chunk.first_line
    if not 0 <= index < len(chunk.lines):
        return ""
    rest = chunk.lines[index][column - 1 :].split(maxsplit=1)
    word = rest[0] if rest else ""
    return word if len(word) <= 40 else word[:40] + "..."


def _enclosing_word(chunk: Chunk, line: int, column: int) -> str | None:
    """The word that the 1-based column falls inside, if the column is not where it starts."""
    index = line - chunk.first_line
    if not 0 <= index < len(chunk.lines) or column < 2:
        return None
    text = chunk.lines[index]
    if not (text[column - 2:column - 1].isalnum() and text[column - 1:column].isalnum()):
        return None
    start = column - 1
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    word = text[start:].split(maxsplit=1)[0]
    return word if len(word) <= 40 else word[:40] + "..."


def _acceptable(err: UnexpectedToken) -> Iterable[str]:
    """The terminals the parser would have accepted (the Cython runtime cannot always say)."""
    try:
        return err.accepts or err.expected
    except AttributeError:
        return err.expected


def _syntax_error(err: UnexpectedInput, chunk: Chunk) -> BrokenHand:
    line = (getattr(err, "line", None) or 1) + chunk.first_line - 1
    column = getattr(err, "column", None) or 1
    if isinstance(err, UnexpectedToken):
        expected = describe_expected(_acceptable(err))
        if err.token.type == "$END":
            message = "the hand ends too early"
            line = chunk.last_line
            column = 1
        elif err.token.type == "_NL":
            message = "unexpected end of the line"
        else:
            message = f"unexpected {_word_at(chunk, line, column) or str(err.token)!r}"
            whole = _enclosing_word(chunk, line, column)
            if whole is not None:  # `E defends alone`: the lexer read `defend`, then `s`
                message = f"unexpected {str(err.token)!r} in {whole!r}"
    elif isinstance(err, UnexpectedCharacters):
        expected = describe_expected(err.allowed or ())
        message = f"cannot read {_word_at(chunk, line, column)!r}"
    elif isinstance(err, UnexpectedEOF):
        expected = describe_expected(err.expected)
        message = "the text ends too early"
    else:  # pragma: no cover - Lark has no other kind
        expected = []
        message = str(err)
    word = _word_at(chunk, line, column)
    if _PLAYISH.match(word) and "a play such as E:KD" not in expected:
        message = f"{word!r} is not a seat and a card such as E:KD (ranks 9 T J Q K A, 10, 7, 8; suits C D H S)"
        expected = []
    return _broken(chunk, Pos(line, column), message, tuple(expected))


def _broken(chunk: Chunk, pos: Pos, message: str, expected: tuple[str, ...] = ()) -> BrokenHand:
    """An unreadable chunk, with the hand number and sheet score salvaged to keep the game in step."""
    number_match = _SALVAGE_HAND.search(chunk.text)
    score_match = _SALVAGE_SCORE.search(chunk.text)
    score = None
    if score_match:
        score = TeamPoints(int(score_match.group(1)), int(score_match.group(2)), pos)
    return BrokenHand(
        pos,
        chunk.last_line,
        message,
        expected,
        int(number_match.group(1)) if number_match else None,
        score,
    )


def _statement_lines(result: HandRecord | list[Tag]) -> list[tuple[int, str]]:
    """The line of every statement of a parsed chunk, with the name comments attach to."""
    if isinstance(result, list):
        return [(tag.pos.line, "tags") for tag in result]
    hand = result
    lines = [(hand.pos.line, "hand")]
    lines += [(holding.pos.line, "deal") for holding in hand.deal]
    lines += [(call.pos.line, "bid") for call in hand.calls]
    lines += [(trick.pos.line, f"trick{i}") for i, trick in enumerate(hand.tricks, 1)]
    lines += [(renege.pos.line, "renege") for renege in hand.reneges]
    lines += [(pos.line, "bid" if kind == "defend" else kind) for kind, pos in hand.repeated]
    for name, pos in (("up", hand.up_pos if hand.up is not None else None),
                      ("discard", hand.discard_pos if hand.discard is not None else None),
                      ("bid", hand.lone_defense.pos if hand.lone_defense is not None else None),
                      ("score", hand.score.pos if hand.score is not None else None),
                      ("tricks", hand.trick_counts.pos if hand.trick_counts is not None else None)):
        if pos is not None:
            lines.append((pos.line, name))
    return lines


def _attach_comments(found: list[tuple[Pos, str]], statements: list[tuple[int, str]]) -> tuple[Comment, ...]:
    """Give every comment the statement it trails or, on its own line, precedes."""
    out = []
    starts = sorted(statements)
    for pos, text in found:
        same_line = [name for stmt_line, name in starts if stmt_line == pos.line]
        if same_line:
            out.append(Comment(text, same_line[0], True, pos))
            continue
        following = [name for stmt_line, name in starts if stmt_line > pos.line]
        out.append(Comment(text, following[0] if following else "end", False, pos))
    return tuple(out)


class TagBlock(NamedTuple):
    """A parsed block of tag lines, with the comments written among them."""

    tags: list[Tag]
    comments: tuple[Comment, ...]


#: Up to this many consecutive chunks are read in one call of the parser, which shares its
#: fixed cost among them; a batch with a syntax error is read again chunk by chunk, so that an
#: error still costs one hand and is reported exactly as it is alone.
BATCH_CHUNKS = 16


def _refused(chunk: Chunk) -> BrokenHand | None:
    """The chunk as a syntax error if it breaks a limit of the reader, else None."""
    if len(chunk.lines) + chunk.dropped > MAX_CHUNK_LINES:
        return BrokenHand(Pos(chunk.first_line, 1), chunk.last_line,
                          f"a hand of more than {MAX_CHUNK_LINES} lines", ())
    if chunk.long_line is not None:
        return _broken(chunk, Pos(chunk.long_line, MAX_LINE_CHARS + 1),
                       f"line {chunk.long_line} is longer than {MAX_LINE_CHARS} characters; the hand is not read")
    return None


def _finish(chunk: Chunk, result: HandRecord | list[Tag]) -> HandRecord | TagBlock:
    """A parsed chunk with its comments attached."""
    found = scan_comments(chunk) if "#" in chunk.text else []
    comments = _attach_comments(found, _statement_lines(result)) if found else ()
    if isinstance(result, HandRecord):
        result.comments = comments
        return result
    return TagBlock(result, comments)


def parse_chunk(chunk: Chunk) -> HandRecord | BrokenHand | TagBlock:
    """Parse one chunk; a syntax error becomes a :class:`BrokenHand`."""
    refused = _refused(chunk)
    if refused is not None:
        return refused
    parser, builder = _parser()
    builder.line_offset = chunk.first_line - 1
    try:
        result = parser.parse(chunk.text, start="tags" if chunk.kind == "tags" else "hand")
    except UnexpectedInput as err:
        return _syntax_error(err, chunk)
    return _finish(chunk, result)  # type: ignore[arg-type]  # the inline transformer built it, not a Tree


def parse_chunks(chunks: list[Chunk]) -> list[HandRecord | BrokenHand | TagBlock]:
    """Parse consecutive hand and tag chunks, as :func:`parse_chunk` would one by one."""
    if len(chunks) < 2 or any(_refused(c) is not None or c.kind == "preamble" for c in chunks):
        return [parse_chunk(c) for c in chunks]
    parser, builder = _parser()
    builder.line_offset = chunks[0].first_line - 1
    try:
        parts = parser.parse("".join(c.text for c in chunks), start="start").children
    except UnexpectedInput:
        parts = []
    if len(parts) != len(chunks):  # a syntax error somewhere: each chunk on its own
        return [parse_chunk(c) for c in chunks]
    return [_finish(chunk, part) for chunk, part in zip(chunks, parts)]  # type: ignore[arg-type]  # built inline


def _parsed(chunks: Iterable[Chunk]) -> Iterator[tuple[Chunk, HandRecord | BrokenHand | TagBlock | None]]:
    """Every chunk with what it reads as (None: a blank preamble), parsing in batches."""
    batch: list[Chunk] = []
    stream = iter(chunks)
    while True:
        try:
            chunk = next(stream)
        except StopIteration:
            break
        except Exception:  # the stream broke off: what was read before it still counts
            yield from zip(batch, parse_chunks(batch))
            raise
        if chunk.kind == "preamble" and _is_blank(chunk):
            yield from zip(batch, parse_chunks(batch))
            batch = []
            yield chunk, None
            continue
        batch.append(chunk)
        if len(batch) >= BATCH_CHUNKS:
            yield from zip(batch, parse_chunks(batch))
            batch = []
    yield from zip(batch, parse_chunks(batch))


def read_games(lines: Iterable[str], first_line: int = 1, first_index: int = 1) -> Iterator[GameRecord]:
    """Yield the games of a stream of lines one at a time (PGN's convention).

    Errors never stop the stream: an unreadable hand becomes a
    :class:`BrokenHand` in its game.
    """
    game: GameRecord | None = None
    index = first_index - 1
    pending_comments: list[Comment] = []
    for chunk, result in _parsed(iter_chunks(lines, first_line)):
        if result is None:
            pending_comments.extend(_preamble_comments(chunk))
            continue
        if isinstance(result, TagBlock):  # a tag block opens a game
            if game is not None:
                yield game
            index += 1
            tags = result.tags
            game = GameRecord(index, tags[0].pos if tags else Pos(chunk.first_line, 1), list(tags))
            game.comments.extend(pending_comments)
            game.comments.extend(result.comments)
            pending_comments = []
            _initial_score(game)
            continue
        if isinstance(result, BrokenHand) and chunk.kind == "tags":
            if game is not None:
                yield game
            index += 1
            game = GameRecord(index, result.pos)
            game.hands.append(result)
            continue
        if game is None:
            index += 1
            game = GameRecord(index, result.pos)
            game.comments.extend(pending_comments)
            pending_comments = []
        game.hands.append(result)
    if game is not None:
        yield game


_INITIAL_SCORE = re.compile(r"[ \t]*NS[ \t]+(\d{1,6})[ \t]+EW[ \t]+(\d{1,6})[ \t]*\Z", re.IGNORECASE)


def _initial_score(game: GameRecord) -> None:
    """``[InitialScore "NS 3 EW 2"]``: the score the game starts from (EGN's initialScore)."""
    tag = game.find_tag("InitialScore")
    if tag is None:
        return
    m = _INITIAL_SCORE.match(tag.value)
    if m is None:
        message = f"the InitialScore tag {tag.value!r} is not a score such as \"NS 3 EW 2\""
        game.hands.append(BrokenHand(tag.pos, tag.pos.line, message))
        return
    game.initial_score = (int(m.group(1)), int(m.group(2)))


def _preamble_comments(chunk: Chunk) -> list[Comment]:
    return [Comment(text, "tags", False, pos) for pos, text in scan_comments(chunk)]


def text_lines(text: str) -> list[str]:
    """The lines of a text exactly as reading it from a file gives them.

    ``str.splitlines`` is not that: it also ends a line at a form feed, which
    the notation allows as a space, and at other rare characters.
    """
    return io.StringIO(text, newline="").readlines()


def read_text(text: str) -> list[GameRecord]:
    """Parse a whole text (convenient for tests and small files)."""
    return list(read_games(text_lines(text)))
