"""Points for a hand and for a renege, read from the ruleset's scoring table."""

from __future__ import annotations

from ..rules.schema import Ruleset
from .results import Outcome


def hand_points(rules: Ruleset, alone: bool, maker_tricks: int) -> tuple[int, int, Outcome]:
    """(makers' points, defenders' points, outcome) for makers who took ``maker_tricks``."""
    table = rules.scoring
    all_tricks = rules.deck.hand_size
    if maker_tricks < table.majority:
        if alone:
            return 0, table.lone_euchre, Outcome.LONE_EUCHRE
        return 0, table.euchre, Outcome.EUCHRE
    if maker_tricks >= all_tricks:
        if alone:
            return table.lone_march, 0, Outcome.LONE_MARCH
        return table.march, 0, Outcome.MARCH
    if alone:
        return table.lone_make, 0, Outcome.LONE_MAKE
    return table.make, 0, Outcome.MAKE


def renege_points(rules: Ruleset, alone: bool) -> int:
    """What the other side scores for a called renege."""
    return rules.renege.points_alone if alone else rules.renege.points
