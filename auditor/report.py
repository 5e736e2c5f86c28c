"""Render audit results: the JSON of findings and games for programs (written by
:mod:`auditor.formats`), lint lines, and the ruling (:mod:`auditor.ruling`:
text to read aloud, an HTML page to show).

The report knows findings and results, never the rules that produced them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from .findings import Finding
from .cards import Side
from .results import GameResult, HandResult
from .ruling.text import PLAIN, TextStyle, write_game

if TYPE_CHECKING:
    from .audit import FileAudit


def by_side(sides: tuple[Side, ...], values: tuple[int, ...] | None) -> dict[str, int] | None:
    """``{"NS": 2, "EW": 0}``, ``{"N": 4, "E": 2, "W": 7}``."""
    return {side.value: value for side, value in zip(sides, values)} if values is not None else None


def finding_dict(path: str, f: Finding) -> dict[str, Any]:
    return {
        "path": path,
        "game": f.game,
        "hand": f.hand,
        "trick": f.trick,
        "seat": f.seat.name if f.seat is not None else None,
        "category": f.category.value,
        "code": f.code.code,
        "name": f.code.name,
        "severity": f.level.value,
        "line": f.pos.line,
        "column": f.pos.column,
        "message": f.message,
        "proof": list(f.proof),
        "cards": [{"card": str(m.card), "role": m.role.value, "seat": m.seat.name if m.seat is not None else None} for m in f.cards],
        "points": {side.value: value for side, value in f.points} if f.points is not None else None,
    }


def game_dict(path: str, g: GameResult) -> dict[str, Any]:
    return {
        "path": path,
        "game": g.index,
        "ruleset": g.ruleset,
        "tags": {t.name: t.value for t in g.tags},
        "computed": by_side(g.sides, g.computed),
        "recorded": {side.value: value for side, value in g.recorded.canonical} if g.recorded is not None else None,
        "winner": g.winner.value if g.winner is not None else None,
        "won_in_hand": g.won_in_hand,
        "finished": g.finished,
        "deals": g.deals,
        "tokens": by_side(g.sides, g.tokens),
        "hands": [hand_dict(h) for h in g.hands],
        "notes": list(g.notes),
        **({"drinks": g.drinks} if g.drinks is not None else {}),
        **({"open_end": str(g.open_end)} if g.open_end is not None else {}),  # the winner is not ruled (S024)
        # (and the scores of the open hands that ``computed`` counts, which the record does not show)
        **({"open_counted": [{"hand": n, "points": by_side(g.sides, points)} for n, points in g.open_counted]}
           if g.open_counted else {}),
    }


def hand_dict(h: HandResult) -> dict[str, Any]:
    return {
        "hand": h.number,
        "line": h.pos.line,
        "dealer": h.dealer.name if h.dealer is not None else None,
        "maker": h.maker.name if h.maker is not None else None,
        "trump": h.trump.value if h.trump is not None else None,
        "no_trump": h.no_trump,
        "alone": h.alone,
        "defender_alone": h.defender_alone.name if h.defender_alone is not None else None,
        "tricks": by_side(h.sides, h.tricks_won),
        "points": by_side(h.sides, h.points),
        "outcome": h.outcome.value,
        "points_from_sheet": h.from_sheet,
        "token": h.token.value if h.token is not None else None,
        "token_point": h.token_point,
        "counted": h.counted,
        "recorded": {side.value: value for side, value in h.recorded.canonical} if h.recorded is not None else None,
        "corrected": by_side(h.sides, h.totals),
        "notes": [str(n) for n in h.notes],
    }


def write_lint(audit: FileAudit, out: TextIO) -> None:
    for game in audit.games:
        for f in game.all_findings():
            out.write(f"{audit.path}:{f.pos.line}:{f.pos.column}: {f.code.code} {f.message}\n")


# ---------------------------------------------------------------- the ruling
def write_text(audit: FileAudit, out: TextIO, style: TextStyle = PLAIN) -> None:
    """The ruling to read aloud (:mod:`auditor.ruling.text`)."""
    for game in audit.games:
        write_game(audit.path, game, out, style)
