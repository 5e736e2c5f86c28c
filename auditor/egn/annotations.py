"""EGN annotations <-> comments and statements of the text notation.

EGN keeps commentary per call (``callAnnotations``) and per card
(``playAnnotations``), keyed by a 0-based index.  In the text notation they
become comments on their own line, before the ``bid`` line or the trick, that
say which call or card they are about:

    # call 5 (N): Went with length over strength.
    # trick 2 card 3: Dealer is hoping S2 can overtrump S1 here.

Comments written in exactly this form go back to EGN as those annotations.
Any other comment of a hand travels as an annotation written as the comment
itself (``# ...``): of the first card of its trick when it belongs to a
trick, else of the first call (of the first card when no call is written).
An annotation that starts with ``#`` in those places is read back as that
comment, as written.

EGN has no field for a suit named with the up card (``up JK H``; ``up JK``
when none was named for the joker) or with an order (``N order H``), nor for
the statements that end a hand in the notation: a claim (``claim N``,
``claim N 2``), a renege called at the table (``renege E``), the trick count
(``tricks NS 3 EW 2``), the score sheet's running score (``score NS 6 EW
2``), a misdeal declared (``misdeal N``).  Each travels as an annotation of
the last card played (of the last call when no card was played; of call 0
of an empty list of calls in a hand with neither), written exactly as the
statement, in that order; read back there, those annotations are the
statements again, not comments.  EGN's own words for annotations allow it:
they log "events like renegs or misdeals".
"""

from __future__ import annotations

import re

from ..cards import Seat, Side, Suit
from ..model import CallKind, Claim, HandRecord, MisdealCall, Pos, RenegeCall, SidePoints
from ..spelling import call_text, claim_text, points_text, up_text

_CALL = re.compile(r"#\s*call (\d{1,2})(?: \([NESW]\))?: ?(.*)\Z", re.DOTALL)
_PLAY = re.compile(r"#\s*trick (\d{1,2}) card (\d): ?(.*)\Z", re.DOTALL)
_CLAIM = re.compile(r"claim ([NESW])(?: ([0-9]{1,2}))?\Z")
_SIDES = {side.value for side in Side}
_UP_SUIT = re.compile(r"up ([2-9TJQKA][CDHS]|JK)(?: ([CDHS]))?\Z")
_ORDER_SUIT = re.compile(r"([NESW]) order ([CDHS])(?: alone)?\Z")
_SEAT_STATEMENT = re.compile(r"(renege|misdeal) ([NESW])\Z")
_POINTS = re.compile(r"(score|tricks)((?: (?:NS|EW|N|E|S|W) -?[0-9]{1,6}){2,4})\Z")


def hand_statements(hand: HandRecord) -> list[str]:
    """The statements of ``hand`` that EGN has no field for, as the notation writes them, in its order."""
    # a suit named with the up card; of the joker, also that none was named (EGN's reader takes it as not recorded)
    named = hand.up is not None and (hand.up_suit is not None or (hand.up.is_joker and not hand.up_suit_unknown))
    out = [up_text(hand.up, hand.up_suit)] if named else []  # type: ignore[arg-type]
    out += [call_text(c) for c in hand.calls if c.kind is CallKind.ORDER and c.suit is not None]
    out += [f"misdeal {m.seat}" for m in hand.misdeals]
    if hand.claim is not None:
        out.append(claim_text(hand.claim))
    out += [f"renege {r.seat}" for r in hand.reneges]
    if hand.trick_counts is not None:
        out.append(points_text("tricks", hand.trick_counts))
    if hand.score is not None:
        out.append(points_text("score", hand.score))
    return out


def read_statement(hand: HandRecord, text: str, pos: Pos) -> bool:
    """Put the statement an annotation carries into ``hand`` (True); False when it is not one, or is one
    the hand already has once (a second claim, score or trick count stays a comment)."""
    text = text.strip()
    m = _UP_SUIT.match(text)
    if m is not None:
        if hand.up is None or str(hand.up) != m.group(1) or hand.up_suit is not None or not (m.group(2) or hand.up_suit_unknown):
            return False
        hand.up_suit, hand.up_suit_unknown = Suit.parse(m.group(2)) if m.group(2) else None, False
        return True
    m = _ORDER_SUIT.match(text)
    if m is not None:
        seat = Seat[m.group(1)]
        at = next((i for i, c in enumerate(hand.calls) if c.seat is seat and c.kind is CallKind.ORDER and c.suit is None), None)
        if at is None:
            return False
        calls = list(hand.calls)
        calls[at] = calls[at]._replace(suit=Suit.parse(m.group(2)))
        hand.calls = tuple(calls)
        return True
    m = _CLAIM.match(text)
    if m is not None:
        if hand.claim is not None:
            return False
        hand.claim = Claim(Seat[m.group(1)], pos, int(m.group(2)) if m.group(2) else None)
        return True
    m = _SEAT_STATEMENT.match(text)
    if m is not None:
        seat = Seat[m.group(2)]
        if m.group(1) == "renege":
            hand.reneges = (*hand.reneges, RenegeCall(seat, pos))
        else:
            hand.misdeals = (*hand.misdeals, MisdealCall(seat, pos))
        return True
    m = _POINTS.match(text)
    points = points_of(m.group(2), pos) if m is not None else None
    if m is None or points is None:
        return False
    field = "score" if m.group(1) == "score" else "trick_counts"
    if getattr(hand, field) is not None:
        return False
    setattr(hand, field, points)
    return True


def points_of(text: str, pos: Pos) -> SidePoints | None:
    """``NS 3 EW 2`` or ``N 4 E 2 W 7`` as the notation writes a score; None for anything else."""
    words = text.split()
    if not 4 <= len(words) <= 8 or len(words) % 2 or any(w not in _SIDES for w in words[0::2]):
        return None
    if not all(re.fullmatch(r"-?[0-9]{1,6}", v) for v in words[1::2]) or len(set(words[0::2])) * 2 != len(words):
        return None
    return SidePoints(tuple(Side(w) for w in words[0::2]), tuple(int(v) for v in words[1::2]), pos)


def add_annotation(notes: dict[str, list[str]], index: int, text: str) -> None:
    """Add ``text`` to EGN's annotations of the call or card ``index`` (0-based)."""
    notes.setdefault(str(index), []).append(text)


def _one_line(text: str) -> str:
    return " ".join(text.split("\n")).replace("\r", " ")


def comment_itself(text: str) -> str:
    """An annotation written as a comment (``# ...``), as the comment: on one line."""
    return _one_line(text)


def call_comment(index: int, seat: Seat, text: str) -> str:
    """The comment for EGN's annotation of call ``index`` (0-based)."""
    return f"# call {index + 1} ({seat}): {_one_line(text)}"


def play_comment(trick: int, card: int, text: str) -> str:
    """The comment for an annotation of the ``card``-th card of ``trick`` (both from 1)."""
    return f"# trick {trick} card {card}: {_one_line(text)}"


def parse_call_comment(comment: str) -> tuple[int, str] | None:
    """``# call 5 (N): text`` -> (4, "text"): the 0-based call index and the annotation."""
    m = _CALL.match(comment)
    if m is None or int(m.group(1)) < 1:
        return None
    return int(m.group(1)) - 1, m.group(2)


def parse_play_comment(comment: str) -> tuple[int, int, str] | None:
    """``# trick 2 card 3: text`` -> (2, 3, "text")."""
    m = _PLAY.match(comment)
    if m is None or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        return None
    return int(m.group(1)), int(m.group(2)), m.group(3)


def hand_annotations(hand: HandRecord) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """EGN's annotations of the calls and of the cards of ``hand``: the comments written as annotations, any
    other comment as itself, and the statements EGN has no field for (see the module's description)."""
    calls: dict[str, list[str]] = {}
    plays: dict[str, list[str]] = {}
    starts = [0]
    for trick in hand.tricks:
        starts.append(starts[-1] + len(trick.plays))
    cards = starts[-1]
    for comment in hand.comments:
        call = parse_call_comment(comment.text) if comment.anchor == "bid" else None
        play = parse_play_comment(comment.text) if comment.anchor.startswith("trick") else None
        if call is not None:
            add_annotation(calls, call[0], call[1])
        elif play is not None:
            trick_no, card_no, text = play
            add_annotation(plays, (starts[trick_no - 1] if trick_no <= len(hand.tricks) else cards) + card_no - 1, text)
        elif comment.anchor.startswith("trick") and comment.anchor[5:].isascii() and comment.anchor[5:].isdigit() and int(comment.anchor[5:]) <= len(hand.tricks):
            add_annotation(plays, starts[int(comment.anchor[5:]) - 1], comment.text.rstrip())
        elif hand.calls or not cards:
            add_annotation(calls, 0, comment.text.rstrip())
        else:
            add_annotation(plays, 0, comment.text.rstrip())
    for statement in hand_statements(hand):
        if cards:
            add_annotation(plays, cards - 1, statement)
        else:
            add_annotation(calls, max(len(hand.calls) - 1, 0), statement)
    return calls, plays
