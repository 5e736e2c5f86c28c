"""Syntax errors in words a scorekeeper can act on: where, what was found, what was expected.

Lark says which token it met and which terminals it would have accepted; this
module turns that into a sentence (``unexpected 'pas'; expected 'pass',
'order', 'call'``), and recognises the slips that Lark's view hides: a
character from another alphabet or an invisible one (named by its Unicode
name), a letter before ``:`` that is not a seat.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..model import Pos
from .chunks import blank_quoted

#: How each terminal is described to a person in a syntax error.
TERMINAL_NAMES: dict[str, str] = {
    "CARD": "a card such as KD, 10H or 9♣",
    "PLAYS": "plays such as E:KD S:JD W:KC N:JH",
    "HOLDINGS": "the seats' cards such as E: KD QS TH 9C QD  S: ...",
    "SEAT_CARDS": "a seat and its cards such as S: 9C TD 9H",
    "SEAT_ONLY": "a seat such as S: (before 'for' and the cards taken)",
    "NO_TRUMP": "'high' or 'low'",
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
    "_MISDEAL": "'misdeal'",
    "_FARMER": "'farmer'",
    "_UNDER": "'under'",
    "_BEST": "'best'",
    "_FOR": "'for'",
    "_TRICK": "'trick'",
    "_TRICKS": "'tricks'",
    "_RENEGE": "'renege'",
    "_CLAIM": "'claim'",
    "_SCORE": "'score'",
    "_TABLEAU": "'tableau'",
    "SIDE": "a side (NS, EW, or a player's seat)",
    "PILES": "piles (N: AS/7H ...)",
}

#: Terminals that only ever open a chunk: inside a hand they are never what is missing.
_CHUNK_OPENERS = {"COMMENT", "LSQB", "_HAND"}
_ONE_TOKEN = {"CALLS", "STATEMENTS", "TAGS"}
_PLAYISH = re.compile(r"^[NESW][ \t]*:", re.IGNORECASE)
#: ``D:QS``: a letter or word before a colon, where a seat belongs
_NOT_A_SEAT = re.compile(r"(?:^|[ \t\f,])([^\s:,#]{1,12}+)[ \t\f]*+:")
_SEAT_LETTERS = frozenset("NESWnesw")
#: characters of the notation outside comments and quoted values (the suit symbols are its only non-ASCII ones)
_SUIT_SYMBOLS = frozenset("\u2663\u2666\u2665\u2660")


def describe_expected(expected: Iterable[str]) -> list[str]:
    # CALLS, STATEMENTS, TAGS and the *_LINE terminals are one-token spellings of what a
    # keyword, "[" or a seat starts (see the grammar): naming that says it all
    names = {TERMINAL_NAMES.get(e, e) for e in expected
             if e not in _CHUNK_OPENERS and e not in _ONE_TOKEN and not e.endswith("_LINE")}
    return sorted(names)


def char_name(ch: str) -> str:
    """``U+00A0 NO-BREAK SPACE``: a character as a person can look it up."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'an unnamed character')}"


def code_part(text: str) -> str:
    """The part of a line that is notation: before its comment, with quoted values blanked out."""
    masked = blank_quoted(text)
    at = masked.find("#")
    return masked if at < 0 else masked[:at]


def foreign_characters(text: str) -> list[tuple[int, str]]:
    """(0-based column, character) of every character the notation cannot have, outside comments and quotes."""
    if text.isascii():
        return []
    return [(i, ch) for i, ch in enumerate(code_part(text))
            if not ch.isascii() and ch not in _SUIT_SYMBOLS]


def _word(text: str, column: int) -> str:
    """The whitespace-delimited word of a line at a 1-based column."""
    rest = text[column - 1:].split(maxsplit=1)
    word = rest[0] if rest else ""
    return word if len(word) <= 40 else word[:40] + "..."


def _enclosing_word(text: str, column: int) -> str | None:
    """The word that the 1-based column falls inside, if the column is not where it starts."""
    if column < 2 or not (text[column - 2:column - 1].isalnum() and text[column - 1:column].isalnum()):
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


def describe_syntax_error(err: UnexpectedInput, lines: list[str], first_line: int, last_line: int) -> tuple[Pos, str, tuple[str, ...]]:
    """Where a parse of ``lines`` (the first at file line ``first_line``) failed, why, and what was expected."""
    index = (getattr(err, "line", None) or 1) - 1
    line = index + first_line
    column = getattr(err, "column", None) or 1
    text = lines[index] if 0 <= index < len(lines) else ""
    if isinstance(err, UnexpectedToken):
        expected = describe_expected(_acceptable(err))
        if err.token.type == "$END":
            message = "the hand ends too early"
            line, column, text = last_line, 1, ""
        elif err.token.type == "_NL":
            message = "unexpected end of the line"
        else:
            message = f"unexpected {_word(text, column) or str(err.token)!r}"
            whole = _enclosing_word(text, column)
            if whole is not None:  # `E defends alone`: the lexer read `defend`, then `s`
                message = f"unexpected {str(err.token)!r} in {whole!r}"
    elif isinstance(err, UnexpectedCharacters):
        expected = describe_expected(err.allowed or ())
        message = f"cannot read {_word(text, column)!r}"
    elif isinstance(err, UnexpectedEOF):
        expected = describe_expected(err.expected)
        message = "the text ends too early"
    else:  # pragma: no cover - Lark has no other kind
        expected = []
        message = str(err)
    foreign = foreign_characters(text)
    if foreign:  # an invisible or look-alike character that no repair could read
        at, ch = foreign[0]
        return Pos(line, at + 1), f"{char_name(ch)} at column {at + 1} is not part of the notation (in {_word(text, at + 1)!r})", ()
    not_seat = _not_a_seat(text)
    if not_seat is not None:
        at, word = not_seat
        return Pos(line, at + 1), f"{word!r} is not a seat (N, E, S or W)", ()
    word = _word(text, column)
    if _PLAYISH.match(word) and "a play such as E:KD" not in expected:
        message = f"{word!r} is not a seat and a card such as E:KD (ranks 9 T J Q K A, 10, 7, 8; suits C D H S)"
        expected = []
    return Pos(line, column), message, tuple(expected)


def _not_a_seat(text: str) -> tuple[int, str] | None:
    """The first ``X:`` of a deal or trick line whose X is not a seat letter, with its 0-based column."""
    body = code_part(text)
    keyword = body.split(maxsplit=1)[0].lower() if body.strip() else ""
    if keyword not in {"trick", "deal"}:
        return None
    for m in _NOT_A_SEAT.finditer(body):
        word = m.group(1)
        if word not in _SEAT_LETTERS and word.lower() not in {"trick", "deal"}:
            return m.start(1), word
    return None
