"""Sentences that know what they name: the seats, sides and cards of a finding's words.

A finding is read by people (the ruling names players, shows cards in their
suits' colours) and by programs (``--format lint`` and ``json`` keep the plain
words).  :func:`said` formats a sentence as ``str.format`` would and remembers
where each :class:`~auditor.cards.Seat`, :class:`~auditor.cards.Side` and
:class:`~auditor.cards.Card` stands in it, so that a report can present them
without ever parsing the text back.  A :class:`Said` *is* its plain text
(``str``): it compares, hashes, prints and serialises as the words it holds.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from string import Formatter
from typing import NamedTuple, Union

from .cards import Card, Seat, Side

Named = Union[Seat, Side, Card]
_NAMED = (Seat, Side, Card)
_FORMATTER = Formatter()


class Span(NamedTuple):
    """``text[start:end]`` spells ``value`` (a seat, a side or a card)."""

    start: int
    end: int
    value: Named


class Said(str):
    """A sentence and the spans of what it names (in order, not overlapping)."""

    spans: tuple[Span, ...]

    def __new__(cls, text: str, spans: tuple[Span, ...] = ()) -> Said:
        made = super().__new__(cls, text)
        made.spans = spans
        return made

    def __reduce__(self) -> tuple[type[Said], tuple[str, tuple[Span, ...]]]:
        return (Said, (str(self), self.spans))


#: sentences already made, by template and values: the search for slips replays a hand some tens of times,
#: and each replay words the same findings again (a Said is immutable, so one object serves them all)
_MADE: dict[tuple[object, ...], Said] = {}
_MADE_MOST = 1 << 16


def said(template: str, **values: object) -> Said:
    """``template.format(**values)``, remembering where each seat, side and card is written.

    A value that is a sequence of cards is written as the cards separated by
    spaces (``QH TH``), each card a span of its own; a value that is itself a
    :class:`Said` keeps its spans.
    """
    kinds = tuple(map(type, values.values()))  # 1 and True are equal keys, yet are written apart
    if Said in kinds:  # a sentence within: equal words may name other things
        return _said(template, values)
    key = (template, kinds, *values.items())
    try:
        made = _MADE.get(key)
    except TypeError:  # a list among the values: made each time
        return _said(template, values)
    if made is None:
        if len(_MADE) >= _MADE_MOST:
            _MADE.clear()
        made = _MADE[key] = _said(template, values)
    return made


def _said(template: str, values: dict[str, object]) -> Said:
    parts: list[str] = []
    spans: list[Span] = []
    at = 0
    for literal, field, plain, spec, conversion in _parsed(template):
        if literal:
            parts.append(literal)
            at += len(literal)
        if field is None:
            continue
        value = values[field] if plain else _FORMATTER.get_field(field, (), values)[0]
        if conversion:
            value = _FORMATTER.convert_field(value, conversion)
        kind = type(value)
        if (kind is str or kind is int) and not spec:  # the most common fields, written as format() would
            text = value if kind is str else int.__repr__(value)
        elif isinstance(value, _NAMED) and not spec:
            text = str(value)
            spans.append(Span(at, at + len(text), value))
        elif isinstance(value, Said) and not spec:
            spans.extend(Span(at + sp.start, at + sp.end, sp.value) for sp in value.spans)
            text = str(value)
        elif isinstance(value, (tuple, list)) and all(isinstance(v, Card) for v in value):
            written = []
            for c in value:
                if written:
                    at += 1
                word = str(c)
                spans.append(Span(at, at + len(word), c))
                written.append(word)
                at += len(word)
            parts.append(" ".join(written))
            continue
        else:
            text = format(value, spec or "")
        parts.append(text)
        at += len(text)
    return Said("".join(parts), tuple(spans))


@lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[str, str | None, bool, str | None, str | None], ...]:
    """The template cut into literal text and fields, once, each field marked when it is a plain name: a
    replay with gaps words many findings that its merge then drops, so that parsing each template again was
    most of its time."""
    return tuple((literal, field, field is not None and field.isidentifier(), spec, conversion)
                 for literal, field, spec, conversion in _FORMATTER.parse(template))


def pieces(text: str) -> Iterator[tuple[str, Named | None]]:
    """The text in order, as (words, None) and (spelling, what it names); plain ``str`` is all words."""
    spans = getattr(text, "spans", ())
    at = 0
    for span in spans:
        if span.start > at:
            yield text[at:span.start], None
        yield text[span.start:span.end], span.value
        at = span.end
    if at < len(text) or not spans:
        yield text[at:], None


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``): a name or a comment
    from a file must not move a terminal's cursor or change its colours."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if unicodedata.category(ch) in {"Zs"}:
        return " "
    return ch.encode("unicode_escape").decode("ascii")
