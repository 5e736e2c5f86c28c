"""Points for a hand by the ruleset's tables: a lone maker, a lone defender, a no-trump hand, the fast
break, a called renege, four-trick tokens, and the cap on a side's score."""

from __future__ import annotations

from ..cards import Side
from ..scoring import lone_defence_allowed
from ..rules.schema import Ruleset
from ..table import Table
from .facts import SimHand


def is_fast_break(rules: Ruleset, facts: SimHand, winners: list[Side], table: Table) -> bool:
    """EGN's fast break (``scoring.fast_break``): "If the defending team (the team that did not call trump)
    gets the first two tricks and then loses the last three, the score for that hand is 0 for both teams",
    the last three being every trick after the first two; a lone maker's hand too unless
    ``scoring.fast_break_alone`` is false.  ``winners``: the side that won each trick, in order."""
    scoring, maker = rules.scoring, facts.maker
    if not scoring.fast_break or maker is None or (facts.alone and not scoring.fast_break_alone):
        return False
    makers = table.side(maker)
    return len(winners) > 2 and all(t is not makers for t in winners[:2]) and all(t is makers for t in winners[2:])


def hand_points(rules: Ruleset, facts: SimHand, table: Table) -> tuple[int, ...]:
    """Points per side for the hand as played: the makers' tricks against the scoring table, the
    defenders' points to each side against them (three-handed: each opponent); a fast break: nothing."""
    maker = facts.maker
    assert maker is not None
    if facts.fast_break:
        return table.zeros
    scoring = rules.scoring
    points = scoring.no_trump if facts.no_trump is not None and scoring.no_trump is not None else scoring
    alone = facts.alone
    makers = table.side_index[maker]
    taken = facts.tricks_won[makers]
    if taken < scoring.majority:
        if facts.defender is not None and lone_defence_allowed(rules, alone):
            maker_pts, defender_pts = 0, scoring.defend_alone_euchre
        else:
            maker_pts, defender_pts = 0, points.lone_euchre if alone else points.euchre
    elif alone:
        maker_pts, defender_pts = points.lone_march if taken >= table.tricks else points.lone_make, 0
    elif points.by_tricks:  # seed 003's tableau: 7 tricks 1, 10 tricks 2, all 13 tricks 4
        maker_pts, defender_pts = max((p for count, p in points.by_tricks.items() if count <= taken), default=0), 0
    else:
        maker_pts, defender_pts = points.march if taken >= table.tricks else points.make, 0
    return tuple(maker_pts if i == makers else defender_pts for i in range(len(table.sides)))


def with_renege_penalty(rules: Ruleset, facts: SimHand, offenders: Side, table: Table) -> tuple[int, ...]:
    """Points per side for a hand in which the table called a renege on ``offenders``: every other side
    scores the penalty."""
    renege = rules.renege
    someone_alone = facts.alone or facts.defender is not None
    penalty = renege.points_alone if someone_alone else renege.points
    out = []
    for side, points in zip(table.sides, facts.points_won):
        if side is offenders:  # the offenders score nothing, unless the hand stands
            out.append(points if renege.hand_stands else 0)
        else:  # the others keep their points (or not) and score the penalty
            out.append((points if renege.hand_stands or renege.innocent_side_keeps else 0) + penalty)
    return tuple(out)


def capped(rules: Ruleset, score: int) -> int:
    """A side's running score under ``game.max_score`` (0: no cap)."""
    cap = rules.game.max_score
    return min(score, cap) if cap else score


class Tokens:
    """The four-trick tokens each side holds in one game (``scoring.four_trick_tokens``, EGN's
    ``four_trick_tokens``): "If the calling team on a non-loner gets exactly 4 tricks, they get a token ...
    If, at any point in the game, they get to 4 tokens, they turn all their tokens in for 1 extra point."
    """

    def __init__(self, rules: Ruleset, table: Table) -> None:
        self.rules = rules
        self.table = table
        self.held = {side: 0 for side in table.sides}

    def count(self, facts: SimHand) -> None:
        """Makers who are not alone and take every trick but one earn a token; the token that completes the
        set is turned in with the others for one point, added to this hand's points.  A hand whose result a
        called renege voids (``renege.hand_stands`` false) earns none."""
        rules, maker = self.rules, facts.maker
        per_point = rules.scoring.four_trick_tokens
        if not per_point or maker is None or facts.alone:
            return
        if facts.renege_called is not None and not rules.renege.hand_stands:
            return
        side = self.table.side(maker)
        if facts.tricks(side) != self.table.tricks - 1:
            return
        facts.token = True
        self.held[side] += 1
        if self.held[side] >= per_point:
            self.held[side] = 0
            facts.token_point = True
            index = self.table.sides.index(side)
            facts.points_won = tuple(v + 1 if i == index else v for i, v in enumerate(facts.points_won))
