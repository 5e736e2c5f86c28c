"""Chunks written the usual way, read by the grammar's own terminals without running the parser.

A hand written as usual is two tokens, its ``HAND_LINE`` and one ``STATEMENTS``
run, and a tag block is one ``TAGS`` token (see "Speed" at the top of the
grammar).  For such a chunk the LALR parser does nothing but lex those tokens
and hand them to the builder, and that bookkeeping was about a tenth of a big
audit.  :class:`PlainReader` matches the same terminals, compiled from the
grammar the parser was built from (so the grammar stays the one source of the
syntax), and builds the same models with the builder the parser calls.  Only a chunk
whose whole text is those tokens is read here; for anything else (a line in a
rare spelling, a mistake, leading blanks) :meth:`PlainReader.read` answers None
and the parser reads the chunk as before.  ``tests/test_plain_chunks.py`` checks
that both give the same models.

Matching the grammar's ``STATEMENTS`` terminal (case-insensitive, any blanks, comments) is most
of this reader's own cost, so the statements are first tried against :data:`USUAL`, their
spelling as ``fmt`` and ``simulate`` write it, which matches in less than half the time; only
text it does not fit is matched against the grammar's terminal.  ``USUAL`` accepts a strict part
of what ``STATEMENTS`` accepts (a property test checks it over mutated lines), so the grammar
still decides what is valid: the shortcut never lets through a line the grammar would refuse.
"""

from __future__ import annotations

import re
from lark import Lark, Token

from ..model import HandRecord, Tag
from .builder import _Builder
from .chunks import Chunk


_SEAT = "[NESW]"
_CARD = "(?:(?:10|[789TJQKA])[CDHS]|JK|B)"
_SIDE_POINTS = "(?: (?:NS|EW|[NESW]) [0-9]{1,6}){2,4}"
_CALL = f"{_SEAT} (?:pass|order(?: [CDHS])?(?: alone)?|call (?:[CDHS]|high|low)(?: alone)?|defend alone)"
#: statement lines in the usual spelling (lower-case keywords, upper-case cards and seats, one
#: space between words and two between a deal's seats, no comment); blank lines may follow each
USUAL = re.compile(
    "(?:(?:"
    f"deal {_SEAT}:(?: {_CARD})+(?:  {_SEAT}:(?: {_CARD})+)*"
    f"|up {_CARD}(?: [CDHS])?"
    f"|bid {_CALL}(?:, {_CALL})*"
    f"|discard {_CARD}"
    f"|trick {_SEAT}:{_CARD}(?: {_SEAT}:{_CARD})*"
    f"|score{_SIDE_POINTS}"
    f"|tricks{_SIDE_POINTS}"
    f"|renege {_SEAT}"
    ")\n+)+"
)


class PlainReader:
    """Reads a hand or tag chunk that is exactly its line tokens (else None)."""

    def __init__(self, parser: Lark, builder: _Builder) -> None:
        terminals = {t.name: t for t in parser.terminals}
        flags = parser.options.g_regex_flags  # as the parser's own lexer compiles them

        def compiled(name: str) -> re.Pattern[str]:
            return re.compile(terminals[name].pattern.to_regexp(), flags)

        self.hand_line = compiled("HAND_LINE")
        self.statements = compiled("STATEMENTS")
        self.tag_lines = compiled("TAGS")
        self.builder = builder

    def read(self, chunk: Chunk) -> HandRecord | list[Tag] | None:
        """The chunk's hand or tags, built as the parser would build them; None: leave it to the parser."""
        text = chunk.text
        if chunk.kind == "hand":
            head = self.hand_line.match(text)
            if head is None:
                return None
            end = head.end()
            if end < len(text) and USUAL.fullmatch(text, end) is None:
                run = self.statements.match(text, end)
                if run is None or run.end() != len(text):
                    return None
            self.builder.line_offset = chunk.first_line - 1
            line_start = text.rfind("\n", 0, end) + 1
            return self.builder.plain_hand(head.group(), text[end:], 1 + text.count("\n", 0, end), end - line_start + 1)
        if chunk.kind == "tags":
            tags = self.tag_lines.match(text)
            if tags is None or tags.end() != len(text):
                return None
            self.builder.line_offset = chunk.first_line - 1
            return self.builder.tags([Token("TAGS", text, 0, 1, 1)])
        return None
