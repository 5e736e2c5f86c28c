"""EGN annotations <-> comments of the text notation.

EGN keeps commentary per call (``callAnnotations``) and per card
(``playAnnotations``), keyed by a 0-based index.  In the text notation they
become comments on their own line, before the ``bid`` line or the trick, that
say which call or card they are about:

    # call 5 (N): Went with length over strength.
    # trick 2 card 3: Dealer is hoping S2 can overtrump S1 here.

Comments written in exactly this form go back to EGN as annotations; EGN has
no place for any other comment.

EGN has no claims either: a claim (``claim N``, ``claim N 2``) travels as the
annotation of the last card played, or of the last call when no card was
played, written exactly as the statement; read back, that annotation is the
claim again, not a comment.
"""

from __future__ import annotations

import re

from ..cards import Seat
from ..model import Claim, Pos

_CALL = re.compile(r"#\s*call (\d{1,2})(?: \([NESW]\))?: ?(.*)\Z", re.DOTALL)
_PLAY = re.compile(r"#\s*trick (\d{1,2}) card (\d): ?(.*)\Z", re.DOTALL)


_CLAIM = re.compile(r"claim ([NESW])(?: ([0-9]{1,2}))?\Z")


def claim_annotation(claim: Claim) -> str:
    """The annotation that carries a claim: the statement itself."""
    return f"claim {claim.seat}" + (f" {claim.tricks}" if claim.tricks is not None else "")


def read_claim(text: str, pos: Pos) -> Claim | None:
    """The claim an annotation carries, if it is one."""
    m = _CLAIM.match(text.strip())
    if m is None:
        return None
    return Claim(Seat[m.group(1)], pos, int(m.group(2)) if m.group(2) else None)


def _one_line(text: str) -> str:
    return " ".join(text.split("\n")).replace("\r", " ")


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
