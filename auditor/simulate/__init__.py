"""Generate complete games in the notation: for tests, benchmarks and demos.

Players bid and play by simple, sensible heuristics under any ruleset (the
deck, the hand size, stick-the-dealer, going alone, who leads first, the
scoring table and the end of the game are all read from the
:class:`~auditor.rules.schema.Ruleset`).  Every play is legal unless a
mistake is injected on purpose: with ``error_rate`` > 0 that share of hands
carries exactly one known mistake (a renege, an illegal left-bower follow
or a wrong entry on the score sheet), and the simulator reports each one
with the code the audit must find.

Output is deterministic for a seed: each game draws from its own random
generator seeded with ``(seed, game number)``, so game 7 is the same game
whether 10 or 10,000 games are generated.

The modules, one concern each: :mod:`.facts` (what is kept of a game),
:mod:`.sense` (card sense), :mod:`.dealing`, :mod:`.bidding`, :mod:`.exchanges`
(going under, partner's best), :mod:`.play` (the tricks and the wrong cards),
:mod:`.scoring` (the points, the fast break, four-trick tokens), :mod:`.hand`
(one hand, start to points), :mod:`.game` (a game and :func:`simulate`),
:mod:`.writing` and :mod:`.command` (``euchre-audit simulate``).
"""

from __future__ import annotations

from .command import run_simulate
from .facts import ERROR_KINDS, MAX_HANDS_PER_GAME, InjectedError, SimGame, SimHand
from .game import GameSimulator, simulate
from .writing import write_games

__all__ = [
    "ERROR_KINDS",
    "MAX_HANDS_PER_GAME",
    "GameSimulator",
    "InjectedError",
    "SimGame",
    "SimHand",
    "run_simulate",
    "simulate",
    "write_games",
]
