"""Read the text notation into :mod:`auditor.model` objects, one game at a time.

The file is cut into chunks (:mod:`.chunks`) at lines that open a hand or a tag
block; a chunk written the usual way is read by the grammar's line terminals alone
(:mod:`.plain`), and the others, a few at a time, are parsed by the LALR parser with an inline
transformer that builds model objects directly (:mod:`.builder`: no parse tree
is kept).  A chunk that does not parse is read again line by line
(:mod:`.linewise`), so that a syntax error costs only its own line: the hand
keeps every other statement, and the lost line is reported with what it most
likely was.  Memory stays proportional to one hand (and a game holds at most
:data:`MAX_GAME_HANDS` hands).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from lark import Lark, UnexpectedInput

from ..cards import Seat, Side
from ..model import (
    BrokenHand,
    Comment,
    GameRecord,
    HandRecord,
    LostLine,
    Pos,
    Repair,
    Tag,
    SidePoints,
)
from ..resources import grammar_text
from .builder import _Builder, build_parser
from .chunks import (
    MAX_CHUNK_LINES,
    MAX_FREE_LINES,
    MAX_LINE_CHARS,
    Chunk,
    is_blank,
    iter_chunks,
    scan_comments,
    text_lines,
)
from .errors import TERMINAL_NAMES, describe_expected, describe_syntax_error
from .linewise import read_hand_by_lines, read_tags_by_lines
from .plain import PlainReader

__all__ = [
    "MAX_CHUNK_LINES", "MAX_FREE_LINES", "MAX_GAME_HANDS", "MAX_LINE_CHARS", "TERMINAL_NAMES", "Chunk", "TagBlock",
    "build_parser", "describe_expected", "iter_chunks", "parse_chunk", "parse_chunks", "read_games", "read_text",
    "scan_comments", "text_lines",
]

#: A game keeps at most this many hands; further hands before the next tag block are counted,
#: reported once, and not audited.  A real game has a few dozen, and the simulator cuts a game
#: short at the same count.  This is what bounds a game's memory: its findings are held until the
#: game's verdict is known (2,000 hands with findings on every card grew the process by 145 MB).
MAX_GAME_HANDS = 400

_SALVAGE_HAND = re.compile(r"^[ \t]*hand[ \t]+(\d{1,6})(?:[ \t]+dealer[ \t]+([NESW])\b)?", re.IGNORECASE | re.MULTILINE | re.ASCII)
_SALVAGE_SCORE = re.compile(r"^[ \t]*score((?:[ \t]+(?:NS|EW|[NESW])[ \t]+\d{1,6}){2,4})",
                            re.IGNORECASE | re.MULTILINE | re.ASCII)


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, _Builder]:
    return build_parser(grammar_text())


def _is_blank(chunk: Chunk) -> bool:  # the name the writer imports
    return is_blank(chunk)


class TagBlock(NamedTuple):
    """A parsed block of tag lines, with the comments written among them."""

    tags: list[Tag]
    comments: tuple[Comment, ...]
    lost: tuple[LostLine, ...] = ()
    repairs: tuple[Repair, ...] = ()


def _broken(chunk: Chunk, pos: Pos, message: str, expected: tuple[str, ...] = ()) -> BrokenHand:
    """An unreadable chunk, with the hand number and sheet score salvaged to keep the game in step."""
    number_match = _SALVAGE_HAND.search(chunk.text)
    score_match = _SALVAGE_SCORE.search(chunk.text)
    score = None
    if score_match:
        score = side_points(score_match.group(1), pos)
    return BrokenHand(
        pos,
        chunk.last_line,
        message,
        expected,
        int(number_match.group(1)) if number_match else None,
        score,
        Seat[number_match.group(2).upper()] if number_match and number_match.group(2) else None,
    )


def _statement_lines(result: HandRecord | list[Tag]) -> list[tuple[int, str]]:
    """The line of every statement of a parsed chunk, with the name comments attach to."""
    if isinstance(result, list):
        return [(tag.pos.line, "tags") for tag in result]
    hand = result
    lines = [(hand.pos.line, "hand")]
    lines += [(holding.pos.line, "deal") for holding in hand.deal]
    lines += [(row.pos.line, "tableau") for row in hand.tableau]
    lines += [(call.pos.line, "bid") for call in hand.calls]
    lines += [(trick.pos.line, f"trick{i}") for i, trick in enumerate(hand.tricks, 1)]
    lines += [(renege.pos.line, "renege") for renege in hand.reneges]
    lines += [(misdeal.pos.line, "misdeal") for misdeal in hand.misdeals]
    lines += [(exchange.pos.line, exchange.kind) for exchange in hand.exchanges]
    lines += [(pos.line, "bid" if kind == "defend" else kind) for kind, pos in hand.repeated]
    lines += [(lost.line, lost.kind or "lost") for lost in hand.lost]
    for name, pos in (("up", hand.up_pos if hand.up is not None else None),
                      ("discard", hand.discard_pos if hand.discard is not None else None),
                      ("bid", hand.lone_defense.pos if hand.lone_defense is not None else None),
                      ("claim", hand.claim.pos if hand.claim is not None else None),
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


#: Up to this many consecutive chunks are read in one call of the parser, which shares its
#: fixed cost among them; a batch with a syntax error is read again chunk by chunk, so that an
#: error still costs one hand and is reported exactly as it is alone.
BATCH_CHUNKS = 16


def _refused(chunk: Chunk) -> BrokenHand | None:
    """The chunk as a syntax error if it breaks a limit of the reader, else None."""
    if chunk.statements > MAX_CHUNK_LINES:
        return BrokenHand(Pos(chunk.first_line, 1), chunk.last_line,
                          f"a hand of more than {MAX_CHUNK_LINES} statement lines", ())
    if chunk.long_line is not None and chunk.kind == "preamble":
        return _broken(chunk, Pos(chunk.long_line, MAX_LINE_CHARS + 1),
                       f"line {chunk.long_line} is longer than {MAX_LINE_CHARS} characters; it is not read")
    return None


def _by_lines_only(chunk: Chunk) -> bool:
    """A chunk the whole-text parse cannot read right: an over-long line, or lines skipped."""
    return chunk.long_line is not None or chunk.numbers is not None


def _finish(chunk: Chunk, result: HandRecord | list[Tag] | TagBlock) -> HandRecord | TagBlock:
    """A parsed chunk with its comments attached."""
    found = scan_comments(chunk) if "#" in chunk.text else []
    tags = result.tags if isinstance(result, TagBlock) else result
    comments = _attach_comments(found, _statement_lines(tags)) if found else ()  # type: ignore[arg-type]
    if isinstance(result, HandRecord):
        result.comments = comments
        return result
    if isinstance(result, TagBlock):
        return result._replace(comments=comments)
    return TagBlock(result, comments)


def _by_lines(chunk: Chunk, parser: Lark, builder: _Builder) -> HandRecord | TagBlock:
    if chunk.kind == "tags":
        tags, lost, repairs = read_tags_by_lines(chunk, parser, builder)
        return _finish(chunk, TagBlock(tags, (), tuple(lost), tuple(repairs)))
    return _finish(chunk, read_hand_by_lines(chunk, parser, builder))


def parse_chunk(chunk: Chunk) -> HandRecord | BrokenHand | TagBlock:
    """Parse one chunk; a line that cannot be read is lost on its own (a preamble as a whole)."""
    refused = _refused(chunk)
    if refused is not None:
        return refused
    parser, builder = _parser()
    if chunk.kind != "preamble" and _by_lines_only(chunk):
        return _by_lines(chunk, parser, builder)
    builder.line_offset = chunk.first_line - 1
    try:
        result = parser.parse(chunk.text, start="tags" if chunk.kind == "tags" else "hand")
    except UnexpectedInput as err:
        if chunk.kind != "preamble":
            return _by_lines(chunk, parser, builder)
        pos, message, expected = describe_syntax_error(err, chunk.lines, chunk.first_line, chunk.last_line)
        return _broken(chunk, pos, message, expected)
    return _finish(chunk, result)  # type: ignore[arg-type]  # the inline transformer built it, not a Tree


def _whole_text_readable(chunk: Chunk) -> bool:
    """A hand or tag chunk read from its whole text (not refused, no over-long or skipped line)."""
    return chunk.kind != "preamble" and _refused(chunk) is None and not _by_lines_only(chunk)


@lru_cache(maxsize=1)
def _plain_reader() -> PlainReader:
    return PlainReader(*_parser())


def parse_chunks(chunks: list[Chunk]) -> list[HandRecord | BrokenHand | TagBlock]:
    """Parse consecutive hand and tag chunks, as :func:`parse_chunk` would one by one.

    A chunk written the usual way is read by :class:`~.plain.PlainReader`; each run of the others
    goes to the parser together."""
    plain = _plain_reader()
    out: list[HandRecord | BrokenHand | TagBlock] = []
    others: list[Chunk] = []
    for chunk in chunks:
        read = plain.read(chunk) if _whole_text_readable(chunk) else None
        if read is None:
            others.append(chunk)
            continue
        if others:
            out.extend(_parse_batch(others))
            others = []
        out.append(_finish(chunk, read))
    if others:
        out.extend(_parse_batch(others))
    return out


def _parse_batch(chunks: list[Chunk]) -> list[HandRecord | BrokenHand | TagBlock]:
    """Consecutive chunks through the parser at once (fewer calls), or each alone where that fails."""
    if len(chunks) < 2 or not all(_whole_text_readable(c) for c in chunks):
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
        if chunk.kind == "preamble" and is_blank(chunk):
            yield from zip(batch, parse_chunks(batch))
            batch = []
            yield chunk, None
            continue
        batch.append(chunk)
        if len(batch) >= BATCH_CHUNKS:
            yield from zip(batch, parse_chunks(batch))
            batch = []
    yield from zip(batch, parse_chunks(batch))


class _GameHands:
    """Counts the hands past :data:`MAX_GAME_HANDS` that a game does not keep."""

    def __init__(self) -> None:
        self.skipped = 0
        self.first: Pos | None = None
        self.last_line = 0

    def close(self, game: GameRecord) -> None:
        if self.skipped and self.first is not None:
            game.lost.append(LostLine(
                "hand", self.first, self.first.line,
                f"game {game.index} has more than {MAX_GAME_HANDS} hands; the {self.skipped} hands from line "
                f"{self.first.line} to line {self.last_line} are not audited",
            ))
        self.skipped, self.first, self.last_line = 0, None, 0


def read_games(lines: Iterable[str], first_line: int = 1, first_index: int = 1) -> Iterator[GameRecord]:
    """Yield the games of a stream of lines one at a time (PGN's convention).

    Errors never stop the stream: an unreadable line is lost on its own, an
    unreadable hand becomes a :class:`BrokenHand` in its game.
    """
    game: GameRecord | None = None
    index = first_index - 1
    pending_comments: list[Comment] = []
    pending_lost: list[LostLine] = []
    overflow = _GameHands()
    for chunk, result in _parsed(iter_chunks(lines, first_line)):
        if result is None:
            pending_comments.extend(_preamble_comments(chunk))
            continue
        if isinstance(result, TagBlock):  # a tag block opens a game
            if game is not None:
                overflow.close(game)
                yield game
            index += 1
            tags = result.tags
            game = GameRecord(index, tags[0].pos if tags else Pos(chunk.first_line, 1), list(tags))
            game.comments.extend(pending_comments)
            game.comments.extend(result.comments)
            game.lost.extend(pending_lost)
            game.lost.extend(result.lost)
            pending_lost = []
            game.repairs.extend(result.repairs)
            pending_comments = []
            _initial_score(game)
            continue
        if isinstance(result, BrokenHand) and chunk.kind == "tags":
            if game is not None:
                overflow.close(game)
                yield game
            index += 1
            game = GameRecord(index, result.pos)
            game.hands.append(result)
            continue
        if game is None and chunk.kind == "preamble" and isinstance(result, BrokenHand):
            # lines before the first game that are neither tags nor a hand: they belong to the game that follows
            pending_lost.append(LostLine(None, result.pos, result.pos.line,
                                         f"{result.message}; it is before the first game, and is left out", result.expected))
            continue
        if game is None:
            index += 1
            game = GameRecord(index, result.pos)
            game.comments.extend(pending_comments)
            game.lost.extend(pending_lost)
            pending_comments, pending_lost = [], []
        if len(game.hands) >= MAX_GAME_HANDS:
            overflow.skipped += 1
            overflow.first = overflow.first or result.pos
            overflow.last_line = chunk.last_line
            continue
        game.hands.append(result)
        while isinstance(result, HandRecord) and result.run_on is not None:  # its hand line not written
            result.run_on, result = None, result.run_on
            game.hands.append(result)
    if game is None and pending_lost:  # nothing but lines that are not the notation
        game = GameRecord(index + 1, pending_lost[0].pos)
    if game is not None:
        game.lost.extend(pending_lost)
        overflow.close(game)
        yield game


_INITIAL_SCORE = re.compile(r"(?<![ \t])(?:[ \t]*+(?:NS|EW|[NESW])[ \t]++\d{1,6}+){2,4}[ \t]*+\Z", re.IGNORECASE | re.ASCII)
_SIDE_VALUE = re.compile(r"(NS|EW|[NESW])[ \t]+(\d{1,6})", re.IGNORECASE | re.ASCII)


def side_points(text: str, pos: Pos) -> SidePoints | None:
    """``NS 3 EW 2`` or ``N 4 E 2 W 7`` (as a tag or a salvaged line writes it); None for a side named twice."""
    pairs = [(Side.parse(m.group(1)), int(m.group(2))) for m in _SIDE_VALUE.finditer(text)]
    if len({side for side, _ in pairs}) != len(pairs):
        return None
    return SidePoints(tuple(side for side, _ in pairs), tuple(v for _, v in pairs), pos)


def _initial_score(game: GameRecord) -> None:
    """``[InitialScore "NS 3 EW 2"]`` (``"N 4 E 2 W 7"`` per player): the score the game starts from (EGN's
    initialScore)."""
    tag = game.find_tag("InitialScore")
    if tag is None:
        return
    m = _INITIAL_SCORE.match(tag.value)
    points = side_points(tag.value, tag.pos) if m is not None else None
    if points is None:
        message = f"the InitialScore tag {tag.value!r} is not a score such as \"NS 3 EW 2\" or \"N 4 E 2 W 7\""
        game.hands.append(BrokenHand(tag.pos, tag.pos.line, message))
        return
    game.initial_score = points


def _preamble_comments(chunk: Chunk) -> list[Comment]:
    return [Comment(text, "tags", False, pos) for pos, text in scan_comments(chunk)]


def read_text(text: str) -> list[GameRecord]:
    """Parse a whole text (convenient for tests and small files)."""
    return list(read_games(text_lines(text)))
