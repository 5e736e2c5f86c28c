"""A note written after a statement without its ``#``: ``trick W:AH N:TS E:AS S:9H  gus trumped``.

The statement reads in full up to the words, and the words are not the
notation: words of letters, none a seat or a card, the first not a keyword
(a statement's first word: the line would be two statements run together).
A keyword further on is only a word of the note (``what a hand!``).  Then
nothing is in doubt: the statement is read, and the words are a note that
lacks its ``#`` (a warning shows the line to write).  Anything that could be
part of the statement (a card, a seat, ``N:9H``) is never dropped: such a line
stays unreadable, and only it is lost.  The test is one pass over the words.
"""

from __future__ import annotations

import re

#: a word of a note: letters, lower case after the first (``Gus``, ``trumped``, ``didn't``), and its stops
_WORD = re.compile(r"[A-Za-z][a-z]*+(?:['-][a-z]++)*+[.,;!?]*+", re.ASCII)
_CARD = re.compile(r"(?:10|[2-9TJQKA])[CDHS]|JK", re.IGNORECASE | re.ASCII)
_NOTATION_WORDS = frozenset({
    "n", "e", "s", "w", "ns", "ew", "pass", "order", "call", "alone", "high", "low", "defend", "dealer",
    "hand", "deal", "tableau", "up", "bid", "discard", "trick", "tricks", "renege", "score", "misdeal",
    "farmer", "under", "best", "claim", "for",
})


def _plain_word(word: str) -> bool:
    """A word of letters that is neither a seat nor a card."""
    return _WORD.fullmatch(word) is not None and not (len(word) == 1 and word.isupper()) and _CARD.fullmatch(word) is None


def _keyword(word: str) -> bool:
    return word.rstrip(".,;!?").lower() in _NOTATION_WORDS


def split_note(text: str, column: int) -> tuple[str, str] | None:
    """The statement and the note of a line whose reading stopped at ``column`` (1-based), when the rest of
    the line from there is words that are not the notation; else None."""
    at = column - 1
    if at <= 0 or at >= len(text) or text[at - 1] not in " \t\f" or not text[at].isalpha():
        return None
    end = len(text.rstrip("\r\n"))
    words = text[at:end].split()
    if not words or _keyword(words[0]) or not all(_plain_word(word) for word in words):
        return None
    return text[:at].rstrip(" \t\f") + text[end:], text[at:end].strip()
