"""The points of a hand: its result by the ruleset's scoring table, the fast break, a called renege.

:class:`Settlement` is the part of :class:`~auditor.replay.hand.HandReplay`
that scores the hand once its tricks are replayed.  A hand whose tricks the
record does not all show is scored when every way they went scores alike;
otherwise the points it may have scored are kept (``result.possible``) and the
game's replay takes the score sheet's entry when it is one of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards import Seat, Team
from ..findings import RENEGE_DISPROVEN, RENEGE_UNPROVEN, TRICK_COUNT_MISMATCH, TRICKS_MISSING, Category, Code
from ..said import said
from .results import Outcome, PlayFact
from .scoring import fast_break_may_apply, hand_points, is_fast_break, renege_points

if TYPE_CHECKING:
    from .hand import HandReplay


class Settlement:
    """Scores a replayed hand (mixed into :class:`HandReplay`)."""

    def settle(self: HandReplay, facts: list[PlayFact]) -> None:
        record, result = self.record, self.result
        result.plays = tuple(facts)
        if self.misdeal is not None and self.maker is None:
            result.outcome = Outcome.MISDEAL
            return
        if self.thrown_in:
            result.outcome = Outcome.THROWN_IN
            self._check_called_reneges()
            return
        counts = record.trick_counts
        if counts is not None:
            if result.tricks_ns is not None and (counts.ns, counts.ew) != (result.tricks_ns, result.tricks_ew):
                self.report(
                    TRICK_COUNT_MISMATCH,
                    f"the record says NS took {counts.ns} and EW {counts.ew} tricks; the cards played give NS {result.tricks_ns} and EW {result.tricks_ew}",
                    counts.pos,
                )
            elif result.tricks_ns is None:
                result.tricks_ns, result.tricks_ew = counts.ns, counts.ew
        if self.equity is not None:  # renege.restore_equity: the tricks an offence gained went to the other side
            result.tricks_ns, result.tricks_ew = self.equity
        if result.tricks_ns is None and record.tricks and self.closed:
            written = len(record.tricks) - len(self.unknown)
            self.report(TRICKS_MISSING, f"hand {record.number} has {written} of {self.rules.deck.hand_size} tricks written and no trick count", record.tricks[-1].pos)
        if self.maker is not None and result.tricks_ns is not None and result.tricks_ew is not None:
            maker_team = self.maker.team
            taken = result.tricks_ns if maker_team is Team.NS else result.tricks_ew
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None, self.no_trump is not None)
            broke = self._fast_break(facts, taken)
            if broke is None:  # the tricks' order is not written: the sheet's entry decides between the two
                ns, ew = (maker_pts, defender_pts) if maker_team is Team.NS else (defender_pts, maker_pts)
                result.possible = ((ns, ew), (0, 0))
            elif broke:
                result.outcome = Outcome.FAST_BREAK
            else:
                result.outcome = outcome
                self._assign(maker_team, maker_pts, defender_pts)
        elif self.maker is not None and record.tricks and self.missing_tricks:
            self._settle_from_known_tricks()
        self._check_called_reneges()
        self._four_trick_token()

    def _four_trick_token(self: HandReplay) -> None:
        """EGN: "If the calling team on a non-loner gets exactly 4 tricks, they get a token": makers, not alone,
        who take every trick but one; not when a called renege voided the hand's own result."""
        result = self.result
        if not self.rules.scoring.four_trick_tokens or self.maker is None or result.outcome is not Outcome.MAKE:
            return
        if result.penalized is not None and not self.rules.renege.hand_stands:
            return
        if result.tricks(self.maker.team) == self.rules.deck.hand_size - 1:
            result.token = self.maker.team

    def _settle_from_known_tricks(self: HandReplay) -> None:
        """Score a hand some of whose tricks are not in the record, when every way they went scores alike.

        Otherwise the hand's possible points are kept (``result.possible``): the
        game's replay takes the score sheet's entry when it is one of them.
        """
        assert self.maker is not None
        maker_team = self.maker.team
        known = self.won[0] if maker_team is Team.NS else self.won[1]
        options: list[tuple[int, int, Outcome]] = []
        for taken in range(known, known + self.missing_tricks + 1):
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None, self.no_trump is not None)
            ns, ew = (maker_pts, defender_pts) if maker_team is Team.NS else (defender_pts, maker_pts)
            if (ns, ew, outcome) not in options:
                options.append((ns, ew, outcome))
            if fast_break_may_apply(self.rules, self.alone, taken) and (0, 0, Outcome.FAST_BREAK) not in options:
                options.append((0, 0, Outcome.FAST_BREAK))  # where the tricks not written stood decides it
        if len({(ns, ew) for ns, ew, _ in options}) == 1:
            ns, ew, outcome = options[0]
            self.result.outcome = outcome if len(options) == 1 else Outcome.UNKNOWN
            self.result.points_ns, self.result.points_ew = ns, ew
            self.result.settled = True
        else:
            self.result.possible = tuple((ns, ew) for ns, ew, _ in options)

    def _assign(self: HandReplay, maker_team: Team, maker_pts: int, defender_pts: int) -> None:
        if maker_team is Team.NS:
            self.result.points_ns, self.result.points_ew = maker_pts, defender_pts
        else:
            self.result.points_ns, self.result.points_ew = defender_pts, maker_pts

    def _check_called_reneges(self: HandReplay) -> None:
        result = self.result
        for called in self.record.reneges:
            proven = called.seat in result.renege_seats
            if not proven:
                # disproving the table takes every card of the seat's, each play written and judged
                complete = (called.seat in self.held and not self.unnamed.get(called.seat)
                            and len(self.record.tricks) >= self.rules.deck.hand_size
                            and not self.unknown and not self.unjudged)
                if complete:
                    self.report(
                        RENEGE_DISPROVEN,
                        said("a renege was called on {seat}, but the recorded deal shows {seat} followed suit whenever able; no penalty", seat=called.seat),
                        called.pos, seat=called.seat,
                    )
                    self._give_points(RENEGE_DISPROVEN, called.seat)
                    continue
                self.report(
                    RENEGE_UNPROVEN,
                    said("a renege was called on {seat}; the record cannot show it without {seat}'s dealt cards, so the table's ruling stands", seat=called.seat),
                    called.pos, seat=called.seat,
                )
            if result.penalized is not None:
                continue
            offenders = called.seat.team
            penalty = renege_points(self.rules, self.alone or self.defender is not None)
            result.penalized = offenders
            if not self.rules.renege.hand_stands:  # the offending side scores nothing for the hand
                if offenders is Team.NS or not self.rules.renege.innocent_side_keeps:
                    result.points_ns = 0
                if offenders is Team.EW or not self.rules.renege.innocent_side_keeps:
                    result.points_ew = 0
            if offenders is Team.NS:
                result.points_ew += penalty
            else:
                result.points_ns += penalty
            self._give_points(None, called.seat)

    def _give_points(self: HandReplay, code: Code | None, seat: Seat) -> None:
        """Say what the hand scores on the findings that decide it: a called renege (each of the seat's
        failures to follow, and the call itself) or a call the record disproves (``code``)."""
        points = (self.result.points_ns, self.result.points_ew)
        for i, f in enumerate(self.result.findings):
            if f.seat is seat and f.points is None and (
                f.code is code if code is not None else f.category in _RENEGES
            ):
                self.result.findings[i] = replace(f, points=points)

    def _fast_break(self: HandReplay, facts: list[PlayFact], taken: int) -> bool | None:
        """Whether the hand is a fast break (``scoring.fast_break``); None when the record does not show
        the order of the tricks (a hand written with its trick count only) and it may have been one."""
        if not fast_break_may_apply(self.rules, self.alone, taken):
            return False
        assert self.maker is not None
        winners = {fact.trick: fact.seat.team for fact in facts if fact.won} | self.claimed
        if len(winners) < self.rules.deck.hand_size:
            return None
        makers = [winners[t] is self.maker.team for t in sorted(winners)]
        return is_fast_break(makers)


_RENEGES = (Category.RENEGE, Category.LEFT_BOWER)
