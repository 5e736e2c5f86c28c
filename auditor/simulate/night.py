"""A progressive night: rounds at several tables, partners changing every round, some players sitting out.

Each round seats ``4 * tables`` of the players; the others sit out that round,
in turn (``players - 4 * tables`` a round, the first names first).  The seated
players are shuffled onto the tables and seats by the night's own random
generator, so partners and opponents change from round to round.  Each table's
round is one game, numbered in the file round by round, table by table, and
played by :class:`~auditor.simulate.game.GameSimulator` under the ruleset (a
round of 8 deals under the bundled ``progressive``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..rules.schema import Ruleset
from .facts import PLAYERS, SimGame
from .game import GameSimulator, NightSeat

NIGHT_EVENT = "Legion Hall Progressive"
NIGHT_DATE = "2026-12-08"


def night_players(count: int) -> tuple[str, ...]:
    """``count`` names: the simulator's players, then Player 17, Player 18 ..."""
    return tuple(PLAYERS[i] if i < len(PLAYERS) else f"Player {i + 1}" for i in range(count))


def seatings(players: Sequence[str], tables: int, rounds: int, seed: int, event: str = NIGHT_EVENT,
             date: str = NIGHT_DATE) -> list[NightSeat]:
    """Who plays where, round by round and table by table."""
    if tables < 1 or rounds < 1 or len(players) < 4 * tables:
        raise ValueError(f"a night of {tables} table(s) needs at least {4 * tables} players, and a round or more")
    rng = random.Random(f"euchre-audit:night:{seed}")
    out = []
    sitting = len(players) - 4 * tables
    for r in range(rounds):
        out_now = {players[(r * sitting + i) % len(players)] for i in range(sitting)}
        seated = [p for p in players if p not in out_now]
        rng.shuffle(seated)
        for t in range(tables):
            four = tuple(seated[4 * t: 4 * t + 4])
            out.append(NightSeat(event, date, r + 1, t + 1, four))  # type: ignore[arg-type]
    return out


def simulate_night(rules: Ruleset, tables: int, rounds: int, players: int, seed: int, error_rate: float = 0.0,
                   rules_name: str | None = None, overrides: Sequence[str] = (), called: float = 0.0) -> Iterator[SimGame]:
    """The games of a night, in the order of its rounds and tables."""
    for number, seat in enumerate(seatings(night_players(players), tables, rounds, seed), start=1):
        yield GameSimulator(rules, seed, number, error_rate, rules_name, overrides, called).run(seat)
