"""Points for a hand and for a renege, read from the ruleset's scoring table.

Values of the rules, below the replay: the replay's settlement scores a hand
with them, and the analysis weighs what an offence changed with the same.
"""

from __future__ import annotations

from .rules.schema import Ruleset
from .results import Outcome


def hand_points(rules: Ruleset, alone: bool, maker_tricks: int, defender_alone: bool = False,
                no_trump: bool = False) -> tuple[int, int, Outcome]:
    """(makers' points, each defending side's points, outcome) for makers who took ``maker_tricks``.

    A euchre scores for every side against the makers: the other partnership, or in a game
    without partnerships each opponent (seed 003 line 54: "each opponent scores 2 points").

    ``defender_alone``: a defender defended alone; where the ruleset allows it
    (:func:`lone_defence_allowed`), a euchre then scores ``scoring.defend_alone_euchre``
    whether the makers were alone or not; where it does not (B209), the hand
    scores as if nobody had.  ``no_trump``: a high or low hand, scored by
    ``scoring.no_trump`` when the ruleset has that table.
    """
    defender_alone = defender_alone and lone_defence_allowed(rules, alone)
    table = rules.scoring.no_trump if no_trump and rules.scoring.no_trump is not None else rules.scoring
    all_tricks = rules.deck.tricks
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
        return by_tricks(table.by_tricks, maker_tricks) if table.by_tricks else table.march, 0, Outcome.MARCH
    if alone:
        return table.lone_make, 0, Outcome.LONE_MAKE
    return by_tricks(table.by_tricks, maker_tricks) if table.by_tricks else table.make, 0, Outcome.MAKE


def lone_defence_allowed(rules: Ruleset, maker_alone: bool) -> bool:
    """Whether the ruleset allows a lone defence against this maker (``bidding.defend_alone``, and with
    ``bidding.defend_alone_only_against_lone`` only against a lone maker: seed 003 line 35, "Some play that
    you may only defend alone against a lone declarer").  One it does not allow is B209, and scores nothing
    of its own."""
    bidding = rules.bidding
    return bidding.defend_alone and (maker_alone or not bidding.defend_alone_only_against_lone)


def by_tricks(table: dict[int, int], taken: int) -> int:
    """The points of the largest count in ``table`` that ``taken`` reaches (seed 003: 7 tricks 1, 10 tricks 2,
    all 13 tricks 4); 0 below the smallest."""
    reached = [count for count in table if count <= taken]
    return table[max(reached)] if reached else 0


def renege_points(rules: Ruleset, alone: bool) -> int:
    """What the other side scores for a called renege (``alone``: a lone maker or a lone defender)."""
    return rules.renege.points_alone if alone else rules.renege.points


def fast_break_may_apply(rules: Ruleset, alone: bool, maker_tricks: int) -> bool:
    """Whether a hand the makers took ``maker_tricks`` of can be a fast break (``scoring.fast_break``):
    the defenders' first two tricks and every other trick the makers'."""
    scoring = rules.scoring
    return scoring.fast_break and (scoring.fast_break_alone or not alone) and maker_tricks == rules.deck.tricks - 2


def is_fast_break(makers_won: list[bool]) -> bool:
    """EGN: "the defending team ... gets the first two tricks and then loses the last three" (in trick order)."""
    return len(makers_won) > 2 and not makers_won[0] and not makers_won[1] and all(makers_won[2:])
