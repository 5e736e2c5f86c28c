"""Write the model back as the text notation, in its one canonical form.

The canonical form (what ``euchre-audit fmt`` prints):

- statements of a hand in a fixed order: ``hand``, ``deal``, ``tableau``, ``up``, ``farmer``,
  ``under``, ``misdeal``, ``bid``, ``discard``, ``best``, the tricks, ``claim``,
  ``renege``, ``tricks``, ``score``;
- lower-case keywords, upper-case seats, cards spelt rank then suit in
  capitals with ``T`` for ten (``TD``, ``9C``); one space between words,
  ``, `` between calls, two spaces between the seats of a ``deal``;
- all calls of a hand on one ``bid`` line and all holdings on one ``deal``
  line, except where an end-of-line comment was written after part of them;
  a ``<seat> defend alone`` stays where it was written among the calls;
- tags as ``[Name "value"]``, one per line; a blank line after the tags and
  between hands; games follow each other after a blank line;
- comments stay with the statement they belong to (the ``anchor`` the reader
  gave them): own-line comments above it, end-of-line comments after it,
  separated by two spaces.

:func:`format_text` formats a file chunk by chunk (a hand or a tag block at a
time, as the reader parses it): a hand with a syntax error, or with a
statement written twice, is kept exactly as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ..model import (
    NOWHERE,
    BrokenHand,
    Comment,
    GameRecord,
    HandRecord,
    Pos,
    Tag,
)
from ..spelling import call_text, claim_text, defense_text, exchange_text, holding_text, points_text, tableau_text, tag_line, up_text
from .reader import Chunk, TagBlock, _is_blank, iter_chunks, parse_chunk

ORDER = ("hand", "deal", "tableau", "up", "farmer", "under", "misdeal", "bid", "discard", "best", "tricks*", "claim", "renege", "tricks", "score")


@dataclass
class _Line:
    text: str
    anchor: str
    lines: frozenset[int]  # the source lines its content came from (empty: unknown)
    before: list[str] = field(default_factory=list)
    trailing: str | None = None

    def render(self) -> list[str]:
        body = self.text if self.trailing is None else f"{self.text}  {self.trailing}"
        return [*self.before, body]


# ---------------------------------------------------------------- spelling
def _lines_of(positions: Iterable[Pos]) -> frozenset[int]:
    return frozenset(p.line for p in positions if p != NOWHERE and p.line > 0)


# ---------------------------------------------------------------- a hand
def _split_by_trailing(items: Sequence[tuple[str, Pos]], trailing: list[Comment]) -> list[tuple[list[str], frozenset[int]]]:
    """Group the items of a list statement into lines: a line ends where a comment trailed it."""
    if not trailing or any(p == NOWHERE for _, p in items):
        return [([t for t, _ in items], _lines_of(p for _, p in items))]
    groups: list[tuple[list[str], frozenset[int]]] = []
    rest = list(items)
    for comment in sorted(trailing, key=lambda c: (c.pos.line, c.pos.column)):
        taken = [(t, p) for t, p in rest if p.line <= comment.pos.line]
        if taken:
            groups.append(([t for t, _ in taken], _lines_of(p for _, p in taken)))
            rest = [(t, p) for t, p in rest if p.line > comment.pos.line]
    if rest:
        groups.append(([t for t, _ in rest], _lines_of(p for _, p in rest)))
    return groups


def hand_lines(hand: HandRecord) -> list[str]:
    """The canonical lines of one hand (without a trailing blank line)."""
    trailing_of: dict[str, list[Comment]] = {}
    for c in hand.comments:
        if c.trailing:
            trailing_of.setdefault(c.anchor, []).append(c)
    out: list[_Line] = [_Line(f"hand {hand.number} dealer {hand.dealer}", "hand", _lines_of([hand.pos]))]
    if hand.deal:
        items = [(holding_text(h), h.pos) for h in hand.deal]
        for texts, lines in _split_by_trailing(items, trailing_of.get("deal", [])):
            out.append(_Line("deal " + "  ".join(texts), "deal", lines))
    if hand.tableau:
        items = [(tableau_text(t), t.pos) for t in hand.tableau]
        for texts, lines in _split_by_trailing(items, trailing_of.get("tableau", [])):
            out.append(_Line("tableau " + "  ".join(texts), "tableau", lines))
    if hand.up is not None:
        out.append(_Line(up_text(hand.up, hand.up_suit, hand.up_suit_unknown), "up", _lines_of([hand.up_pos])))
    for exchange in hand.exchanges:  # with the kitty: before the bidding
        if exchange.with_kitty:
            out.append(_Line(exchange_text(exchange), exchange.kind.value, _lines_of([exchange.pos])))
    for misdeal in hand.misdeals:
        out.append(_Line(f"misdeal {misdeal.seat}", "misdeal", _lines_of([misdeal.pos])))
    if hand.calls or hand.lone_defense is not None:
        items = [(call_text(c), c.pos) for c in hand.calls]
        if hand.lone_defense is not None:  # in the bid list where it was declared
            defense = hand.lone_defense
            items.insert(min(max(defense.after, 0), len(items)), (defense_text(defense), defense.pos))
        for texts, lines in _split_by_trailing(items, trailing_of.get("bid", [])):
            out.append(_Line("bid " + ", ".join(texts), "bid", lines))
    if hand.discard is not None:
        out.append(_Line(f"discard {hand.discard}", "discard", _lines_of([hand.discard_pos])))
    for exchange in hand.exchanges:  # partner's best: once the lone maker is known
        if not exchange.with_kitty:
            out.append(_Line(exchange_text(exchange), exchange.kind.value, _lines_of([exchange.pos])))
    for number, trick in enumerate(hand.tricks, 1):
        plays = []
        for play in trick.plays:
            if play.seat is None:
                raise ValueError(f"hand {hand.number}, trick {number}: a card without its seat cannot be written in the notation")
            plays.append(f"{play.seat}:{play.card}")
        out.append(_Line("trick " + " ".join(plays), f"trick{number}", _lines_of(p.pos for p in trick.plays)))
    if hand.claim is not None:
        out.append(_Line(claim_text(hand.claim), "claim", _lines_of([hand.claim.pos])))
    for renege in hand.reneges:
        out.append(_Line(f"renege {renege.seat}", "renege", _lines_of([renege.pos])))
    if hand.trick_counts is not None:
        out.append(_Line(points_text("tricks", hand.trick_counts), "tricks", _lines_of([hand.trick_counts.pos])))
    if hand.score is not None:
        out.append(_Line(points_text("score", hand.score), "score", _lines_of([hand.score.pos])))
    return _place_comments(out, hand.comments)


def _place_comments(out: list[_Line], comments: Iterable[Comment]) -> list[str]:
    end: list[str] = []
    for c in sorted(comments, key=lambda c: (c.pos.line, c.pos.column)):
        text = c.text.rstrip()
        same = [line for line in out if line.anchor == c.anchor]
        if c.trailing and same:
            target = next((line for line in same if c.pos.line in line.lines and line.trailing is None), None)
            target = target or next((line for line in same if line.trailing is None), None)
            if target is not None:
                target.trailing = text
                continue
            same[0].before.append(text)
            continue
        if c.anchor == "hand" and out and out[0].anchor == "hand" and len(out) > 1:
            out[1].before.append(text)  # a hand line cannot have a comment above it in the same hand
            continue
        if not same or c.anchor == "end":
            end.append(text)
            continue
        target = next((line for line in same if line.lines and min(line.lines) > c.pos.line), same[0])
        target.before.append(text)
    lines = [text for line in out for text in line.render()]
    return lines + end


# ---------------------------------------------------------------- tags and games
def tag_block_lines(tags: Sequence[Tag], comments: Iterable[Comment]) -> tuple[list[str], list[str]]:
    """(the tag lines with their comments, the comments after the last tag)."""
    out = [_Line(tag_line(t), "tags", _lines_of([t.pos])) for t in tags]
    after: list[str] = []
    before_all: list[str] = []
    for c in sorted(comments, key=lambda c: (c.pos.line, c.pos.column)):
        text = c.text.rstrip()
        if c.anchor == "end" or not out:
            (after if c.anchor == "end" else before_all).append(text)
            continue
        if c.trailing:
            target = next((line for line in out if c.pos.line in line.lines and line.trailing is None), None)
            target = target or next((line for line in out if line.trailing is None), None)
            if target is not None:
                target.trailing = text
                continue
        target = next((line for line in out if line.lines and min(line.lines) > c.pos.line), out[0])
        target.before.append(text)
    return before_all + [text for line in out for text in line.render()], after


def game_lines(game: GameRecord) -> tuple[list[str], list[str]]:
    """The canonical lines of a game, and what the notation could not hold (warnings)."""
    lost: list[str] = []
    head, after = tag_block_lines(game.tags, game.comments)
    lines = head + after
    hands: list[list[str]] = []
    for hand in game.hands:
        missing = unreadable(hand)
        if missing is not None:
            lost.append(f"game {game.index}: the hand at line {hand.pos.line} could not be read ({missing[1]}); it is left out")
            continue
        assert isinstance(hand, HandRecord)
        for statement, pos in hand.repeated:
            lost.append(f"game {game.index}, hand {hand.number}: the second '{statement}' (line {pos.line}) is left out")
        hands.append(hand_lines(hand))
    for block in hands:
        if lines:
            lines.append("")
        lines.extend(block)
    return lines, lost


def write_games(games: Iterable[GameRecord]) -> tuple[str, list[str]]:
    """The canonical text of games, and the warnings for what it could not hold."""
    out: list[str] = []
    lost: list[str] = []
    for game in games:
        lines, problems = game_lines(game)
        lost.extend(problems)
        if out and lines:
            out.append("")
        out.extend(lines)
    return ("\n".join(out) + "\n" if out else ""), lost


# ---------------------------------------------------------------- formatting a file
@dataclass
class Formatted:
    text: str
    problems: list[str]  # hands kept as written, with the reason
    notes: list[str] = field(default_factory=list)  # lines rewritten from an unusual spelling


def unreadable(hand: HandRecord | BrokenHand) -> tuple[Pos, str] | None:
    """The first thing of a hand that could not be read (a lost line, or the whole hand), if any."""
    if isinstance(hand, BrokenHand):
        return hand.pos, hand.message
    if hand.lost:
        return hand.lost[0].pos, hand.lost[0].message
    return None


def format_text(text: str) -> Formatted:
    """The canonical form of a notation text, formatted one chunk at a time."""
    problems: list[str] = []
    notes: list[str] = []
    return Formatted("".join(format_lines(lazy_lines(text), problems, notes)), problems, notes)


def format_lines(lines: Iterable[str], problems: list[str], notes: list[str]) -> Iterator[str]:
    """The canonical form of the notation's ``lines``, a chunk at a time as they are read (so that a
    file's form is written as it comes, never held whole); what could not be formatted goes to
    ``problems``, what was respelled to ``notes``."""
    previous = ""
    started = False
    for chunk in iter_chunks(lines, keep_all=True):
        kind, out = _format_chunk(chunk, problems, notes)
        if not out:
            continue
        if started and previous != "preamble":
            yield "\n"
        yield "\n".join(out) + "\n"
        started, previous = True, kind


_LINE_END = re.compile(r"\r\n?|\n")


def lazy_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as :func:`~auditor.notation.chunks.text_lines` gives them, one at a time."""
    start = 0
    for end in _LINE_END.finditer(text):
        yield text[start:end.end()]
        start = end.end()
    if start < len(text):
        yield text[start:]


def _verbatim(chunk: Chunk) -> list[str]:
    lines = [line.rstrip("\r\n") for line in chunk.lines]
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _format_chunk(chunk: Chunk, problems: list[str], notes: list[str]) -> tuple[str, list[str]]:
    if chunk.kind == "preamble" and _is_blank(chunk):
        return "preamble", [line.strip() for line in chunk.lines if line.strip()]
    result = parse_chunk(chunk)
    if isinstance(result, TagBlock):
        if result.lost:
            problems.append(f"{result.lost[0].pos}: {result.lost[0].message}; the tags are left as written")
            return "broken", _verbatim(chunk)
        notes.extend(f"{r.pos}: rewritten as '{r.canonical}': {r.message}" for r in result.repairs)
        head, after = tag_block_lines(result.tags, result.comments)
        return "tags", head + after
    lost = unreadable(result)
    if lost is not None:
        problems.append(f"{lost[0]}: {lost[1]}; the hand is left as written")
        return "broken", _verbatim(chunk)
    assert isinstance(result, HandRecord)
    if result.run_on is not None:
        problems.append(f"{result.run_on.pos}: {result.run_on.lost[0].message}; the hand is left as written")
        return "broken", _verbatim(chunk)
    if result.repeated:
        statement, pos = result.repeated[0]
        problems.append(f"{pos}: '{statement}' is written twice in hand {result.number}; the hand is left as written")
        return "broken", _verbatim(chunk)
    notes.extend(f"{r.pos}: rewritten as '{r.canonical}': {r.message}" for r in result.repairs)
    return "hand", hand_lines(result)
