"""Writing generated games to a file, and the mistakes injected into them as JSON lines."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from .facts import InjectedError, SimGame


def write_games(
    sims: Iterator[SimGame],
    out: TextIO,
    errors: TextIO | None = None,
    max_hands: int | None = None,
) -> tuple[int, int]:
    """Write games to ``out`` (and injected mistakes as JSON lines to ``errors``).

    Stops after the game in which ``max_hands`` hands are reached, if given.
    Returns (games written, hands written).
    """
    line = 1
    n_games = n_hands = 0
    for game in sims:
        if n_games:
            out.write("\n")
            line += 1
        out.write("\n".join(game.lines))
        out.write("\n")
        if errors is not None:
            for err, index in game.errors:
                errors.write(InjectedError(err.game, err.hand, err.trick, err.seat, err.code, err.kind, line + index).to_json() + "\n")
        line += len(game.lines)
        n_games += 1
        n_hands += len(game.hands)
        if max_hands is not None and n_hands >= max_hands:
            break
    return n_games, n_hands
