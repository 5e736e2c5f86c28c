"""Points for a hand and for a renege, read from the ruleset's scoring table."""

from __future__ import annotations

from ..rules.schema import Ruleset
from .results import Outcome


def hand_points(rules: Ruleset, alone: bool, maker_tricks: int, defender_alone: bool = False,
                no_trump: bool = False) -> tuple[int, int, Outcome]:
    """(makers' points, defenders' points, outcome) for makers who took ``maker_tricks``.

    ``defender_alone``: a defender defended alone; where the ruleset allows it
    (``bidding.defend_alone``), a euchre then scores ``scoring.defend_alone_euchre``
    whether the makers were alone or not; where it does not (B209), the hand
    scores as if nobody had.  ``no_trump``: a high or low hand, scored by
    ``scoring.no_trump`` when the ruleset has that table.
    """
    defender_alone = defender_alone and rules.bidding.defend_alone
    table = rules.scoring.no_trump if no_trump and rules.scoring.no_trump is not None else rules.scoring
    all_tricks = rules.deck.hand_size
    if maker_tricks < rules.scoring.majority:
        outcome = Outcome.LONE_EUCHRE if alone else Outcome.EUCHRE
        if defender_alone:
            return 0, rules.scoring.defend_alone_euchre, outcome
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
    """What the other side scores for a called renege (``alone``: a lone maker or a lone defender)."""
    return rules.renege.points_alone if alone else rules.renege.points
