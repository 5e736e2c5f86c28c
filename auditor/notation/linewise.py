"""Read a hand or a tag block one line at a time, so that a mistake costs only its own line.

The reader parses a hand whole (fast); when that fails, it comes here.  Each
line is parsed on its own (start symbols ``head``, ``statement`` and
``tags``).  A line that does not parse is tried once more as :mod:`.repair`
would read it (``score 6-0``, commas between plays, a no-break space...); if
that reads, the line counts and the slip is kept as a :class:`Repair`; if not,
the line becomes a :class:`LostLine`, with the statement it most likely was
and a message that says what is wrong, and every other line of the hand
still counts.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from lark import Lark, UnexpectedInput

from ..cards import Seat
from ..model import Call, HandRecord, LostLine, Pos, Repair, Tag
from ..spelling import call_text, claim_text, defense_text, exchange_text, hand_line, holding_text, plays_text, points_text, tag_line, up_text
from .assemble import assemble_hand
from .builder import _Builder
from .chunks import MAX_LINE_CHARS, Chunk, is_free
from .errors import describe_syntax_error
from .notes import split_note
from .repair import Respelling, respell

KEYWORDS = ("deal", "tableau", "up", "bid", "discard", "trick", "tricks", "renege", "score", "misdeal", "farmer", "under", "best", "claim")
#: the number of a hand whose ``hand`` line does not say it (the game's replay numbers it)
UNKNOWN_NUMBER = -1

_FIRST_WORD = re.compile(r"(?<![ \t\f])[ \t\f]*+([A-Za-z]++)")
_PAIRS = re.compile(r"\b[NESWnesw][ \t\f]*+:[ \t\f]*+\S", re.ASCII)
_CARDISH = re.compile(r"(?:10|[789TJQKA])[CDHS\u2663\u2666\u2665\u2660]", re.IGNORECASE | re.ASCII)
_CALLISH = re.compile(r"\b(?:pass|order|call|alone)\b", re.IGNORECASE | re.ASCII)
#: `NS 3 EW 2`: an NS, and an EW after it (two searches: ``NS.*EW`` tries the rest of the line from every NS)
_NS_WORD = re.compile(r"\bNS\b", re.IGNORECASE | re.ASCII)
_EW_WORD = re.compile(r"\bEW\b", re.IGNORECASE | re.ASCII)
_POINTSISH = re.compile(r"\b(?:NS|EW)\b|(?<![0-9])[0-9]++[ \t\f]*+[-:/][ \t\f]*+[0-9]", re.IGNORECASE | re.ASCII)
_HEAD_NUMBER = re.compile(r"(?<![A-Za-z0-9])(\d{1,6})(?![0-9])")
_HEAD_DEALER = re.compile(r"dealer[ \t\f:=]*+([A-Za-z]++)\b", re.IGNORECASE | re.ASCII)
_TAG_NAME = re.compile(r"(?<![ \t\f])[ \t\f]*+\[[ \t\f]*+([A-Za-z][A-Za-z0-9_]{0,39})", re.ASCII)
_LONGEST_KEYWORD = max(len(k) for k in KEYWORDS)
_SEAT_WORDS = {"n": Seat.N, "e": Seat.E, "s": Seat.S, "w": Seat.W,
               "north": Seat.N, "east": Seat.E, "south": Seat.S, "west": Seat.W}


def likely_kind(text: str) -> str | None:
    """The statement an unreadable line most likely is: by its first word, else by its shape."""
    m = _FIRST_WORD.match(text)
    word = m.group(1).lower() if m else ""
    ns = _NS_WORD.search(text)
    if ns is not None and _EW_WORD.search(text, ns.end()) and not _PAIRS.search(text):  # `NS 3 EW 2` after whatever keyword
        return "tricks" if word.startswith("tri") else "score"
    if word in KEYWORDS:
        return word
    if word == "hand":
        return "hand"
    first = text.split(maxsplit=1)[0].lower() if text.strip() else ""  # with its typos: `d§scard`
    # a word more than 7/3 as long as a keyword is never 0.6 like it (difflib's own bound): not compared at all
    close = difflib.get_close_matches(first, KEYWORDS, n=1, cutoff=0.6) if 3 <= len(first) <= _LONGEST_KEYWORD * 7 // 3 else []
    if close:
        return close[0]
    if _PAIRS.search(text):
        return "deal" if len(_CARDISH.findall(text)) > 5 else "trick"
    if _CALLISH.search(text):
        return "bid"
    if _POINTSISH.search(text):
        return "score"
    return None


def _parse(parser: Lark, builder: _Builder, text: str, number: int, start: str) -> Any:
    builder.line_offset = number - 1
    return parser.parse(text, start=start)


def _canonical(kind: str, value: Any) -> str:
    """The line to write for a statement the builder made."""
    if kind == "trick":
        return f"trick {plays_text(value.plays)}"
    if kind == "deal":
        return "deal " + "  ".join(holding_text(h) for h in value)
    if kind == "up":
        return up_text(value[0], value[2], value[3])
    if kind == "discard":
        return f"{kind} {value[0]}"
    if kind == "misdeal":
        return f"misdeal {value.seat}"
    if kind in ("farmer", "under", "best"):
        return exchange_text(value)
    if kind == "bid":
        return "bid " + ", ".join(call_text(c) if isinstance(c, Call) else defense_text(c) for c in value)
    if kind == "renege":
        return f"renege {value.seat}"
    if kind == "claim":
        return claim_text(value)
    return points_text(kind, value)  # score, tricks


def _repairs(pos: Pos, fixed: Respelling, canonical: str) -> list[Repair]:
    out = []
    if fixed.characters:
        at = Pos(pos.line, fixed.first_character or pos.column)
        out.append(Repair("character", at, "; ".join(fixed.characters), canonical))
    if fixed.spellings:
        out.append(Repair("spelling", pos, "; ".join(fixed.spellings), canonical))
    if fixed.note:
        at = Pos(pos.line, len(fixed.text.rstrip("\r\n")) + 2)
        out.append(Repair("note", at, f"the words {fixed.note!r} after the statement are not the notation: they are "
                                      "read as a note written without its '#'", f"{canonical}  # {fixed.note}"))
    return out


class _LineReader:
    """Reads the lines of one chunk, keeping what each gave, what was lost and what was repaired."""

    def __init__(self, parser: Lark, builder: _Builder) -> None:
        self.parser = parser
        self.builder = builder
        self.lost: list[LostLine] = []
        self.repairs: list[Repair] = []

    def read(self, text: str, number: int, start: str, kind: str | None) -> Any:
        """What the line reads as (its repair if need be), or None when it is lost."""
        if len(text) > MAX_LINE_CHARS + 1:
            self.lost.append(LostLine(kind, Pos(number, MAX_LINE_CHARS + 1), number,
                                      f"line {number} is longer than {MAX_LINE_CHARS} characters; it is not read"))
            return None
        try:
            return _parse(self.parser, self.builder, text, number, start), None
        except UnexpectedInput as err:
            first_error = err
        fixed = respell(text)
        if fixed is not None:
            try:
                return _parse(self.parser, self.builder, fixed.text, number, start), fixed
            except UnexpectedInput as err:
                first_error = err
        shown = fixed.text if fixed is not None else text
        noted = split_note(shown, getattr(first_error, "column", 0) or 0)
        if noted is not None:
            statement, note = noted
            try:
                read = _parse(self.parser, self.builder, statement, number, start)
            except UnexpectedInput:
                read = None
            if read is not None:
                return read, Respelling(statement, fixed.characters if fixed else (), fixed.spellings if fixed else (),
                                        fixed.first_character if fixed else 0, note)
        pos, message, expected = describe_syntax_error(first_error, [shown], number, number)
        if fixed is not None and fixed.characters and "U+" not in message:
            message += " (" + "; ".join(fixed.characters) + ")"
        self.lost.append(LostLine(kind, pos, number, message, expected))
        return None

    def note(self, pos: Pos, fixed: Respelling | None, canonical: str) -> None:
        if fixed is not None:
            self.repairs.extend(_repairs(pos, fixed, canonical))


def read_hand_by_lines(chunk: Chunk, parser: Lark, builder: _Builder) -> HandRecord:
    """A hand whose whole text does not parse, read line by line."""
    lines = list(chunk.numbered_lines())
    reader = _LineReader(parser, builder)
    head_number, head_text = lines[0]
    head = reader.read(head_text, head_number, "head", "hand")
    if head is not None:
        (number, dealer, pos), fixed = head
        reader.note(pos, fixed, hand_line(number, dealer))
    else:
        number, dealer, pos = _salvage_head(head_text, head_number, reader)
    statements: list[tuple[str, Any]] = []
    for line_number, text in lines[1:]:
        if is_free(text):
            continue
        got = reader.read(text, line_number, "statement", likely_kind(text))
        if got is None:
            continue
        read, fixed = got
        statements.extend(read)
        if fixed is not None:
            kind, value = read[0]
            reader.note(Pos(line_number, 1), fixed, _canonical(kind, value))
    hand = assemble_hand(number, dealer, pos, statements)
    hand.lost = tuple(reader.lost)
    hand.repairs = tuple(reader.repairs)
    return hand


def _salvage_head(text: str, number: int, reader: _LineReader) -> tuple[int, Seat, Pos]:
    """The number and dealer of a ``hand`` line that does not read, as far as it shows them.

    ``hnad 3 dealer N`` is plainly hand 3 dealt by N: it is read, as a repair.
    A number that cannot be read is left to the game (the hand after the one
    before); where the dealer cannot be told the line stays lost (kind
    ``dealer``) and the replay does not rely on who dealt.
    """
    lost = reader.lost.pop()  # what reading the line said, kept if the salvage fails
    pos = Pos(number, 1)
    code = text.split("#", 1)[0]
    digits = _HEAD_NUMBER.search(code)
    dealer = _HEAD_DEALER.search(code)
    seat = _SEAT_WORDS.get(dealer.group(1).lower()) if dealer is not None else None
    hand_number = int(digits.group(1)) if digits is not None else UNKNOWN_NUMBER
    if seat is not None and digits is not None:
        reader.repairs.append(Repair("spelling", pos, f"the hand line is written {code.strip()!r}", hand_line(hand_number, seat)))
        return hand_number, seat, pos
    if seat is not None:
        reader.lost.append(LostLine("number", lost.pos, number,
                                    f"{lost.message}; the hand's number cannot be read, so it is taken as the next",
                                    lost.expected))
        return hand_number, seat, pos
    what = f"hand {hand_number}" if hand_number != UNKNOWN_NUMBER else "this hand"
    reader.lost.append(LostLine("dealer", lost.pos, number, f"{lost.message}; who dealt {what} is not written",
                                lost.expected))
    return hand_number, Seat.N, pos


def read_tags_by_lines(chunk: Chunk, parser: Lark, builder: _Builder) -> tuple[list[Tag], list[LostLine], list[Repair]]:
    """A tag block whose whole text does not parse, read line by line."""
    reader = _LineReader(parser, builder)
    tags: list[Tag] = []
    for line_number, text in chunk.numbered_lines():
        if is_free(text):
            continue
        name = _TAG_NAME.match(text)
        got = reader.read(text, line_number, "tags", f"tag:{name.group(1)}" if name else "tag")
        if got is None:
            continue
        read, fixed = got
        tags.extend(read)
        if read:
            reader.note(read[0].pos, fixed, tag_line(read[0]))
    return tags, reader.lost, reader.repairs

