"""Points for a hand by the ruleset's tables: a lone maker, a lone defender, a no-trump hand, the fast
break, a called renege, four-trick tokens, and the cap on a side's score."""

from __future__ import annotations

from ..cards import Team
from ..rules.schema import Ruleset
from .facts import SimHand


def is_fast_break(rules: Ruleset, facts: SimHand, winners: list[Team]) -> bool:
    """EGN's fast break (``scoring.fast_break``): "If the defending team (the team that did not call trump)
    gets the first two tricks and then loses the last three, the score for that hand is 0 for both teams",
    the last three being every trick after the first two; a lone maker's hand too unless
    ``scoring.fast_break_alone`` is false.  ``winners``: the side that won each trick, in order."""
    scoring, maker = rules.scoring, facts.maker
    if not scoring.fast_break or maker is None or (facts.alone and not scoring.fast_break_alone):
        return False
    makers = maker.team
    return len(winners) > 2 and all(t is not makers for t in winners[:2]) and all(t is makers for t in winners[2:])


def hand_points(rules: Ruleset, facts: SimHand) -> tuple[int, int]:
    """(NS, EW) points for the hand as played: the makers' tricks against the scoring table (a fast
    break: nothing for either side)."""
    maker = facts.maker
    assert maker is not None
    if facts.fast_break:
        return 0, 0
    scoring = rules.scoring
    table = scoring.no_trump if facts.no_trump is not None and scoring.no_trump is not None else scoring
    alone = facts.alone
    taken = facts.tricks_ns if maker.team is Team.NS else facts.tricks_ew
    if taken < scoring.majority:
        if facts.defender is not None and rules.bidding.defend_alone:
            maker_pts, defender_pts = 0, scoring.defend_alone_euchre
        else:
            maker_pts, defender_pts = 0, table.lone_euchre if alone else table.euchre
    elif taken >= rules.deck.hand_size:
        maker_pts, defender_pts = table.lone_march if alone else table.march, 0
    else:
        maker_pts, defender_pts = table.lone_make if alone else table.make, 0
    return (maker_pts, defender_pts) if maker.team is Team.NS else (defender_pts, maker_pts)


def with_renege_penalty(rules: Ruleset, facts: SimHand, offenders: Team) -> tuple[int, int]:
    """(NS, EW) points for a hand in which the table called a renege on ``offenders``."""
    ns, ew = facts.points_ns, facts.points_ew
    renege = rules.renege
    someone_alone = facts.alone or facts.defender is not None
    penalty = renege.points_alone if someone_alone else renege.points
    if not renege.hand_stands:  # the offenders score nothing; the other side keeps its points, or not
        if offenders is Team.NS or not renege.innocent_side_keeps:
            ns = 0
        if offenders is Team.EW or not renege.innocent_side_keeps:
            ew = 0
    return (ns, ew + penalty) if offenders is Team.NS else (ns + penalty, ew)


def capped(rules: Ruleset, score: int) -> int:
    """A side's running score under ``game.max_score`` (0: no cap)."""
    cap = rules.game.max_score
    return min(score, cap) if cap else score


class Tokens:
    """The four-trick tokens each side holds in one game (``scoring.four_trick_tokens``, EGN's
    ``four_trick_tokens``): "If the calling team on a non-loner gets exactly 4 tricks, they get a token ...
    If, at any point in the game, they get to 4 tokens, they turn all their tokens in for 1 extra point."
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.held = {Team.NS: 0, Team.EW: 0}

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
        if facts.tricks(maker.team) != rules.deck.hand_size - 1:
            return
        facts.token = True
        self.held[maker.team] += 1
        if self.held[maker.team] >= per_point:
            self.held[maker.team] = 0
            facts.token_point = True
            if maker.team is Team.NS:
                facts.points_ns += 1
            else:
                facts.points_ew += 1
