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

from ..cards import Seat, Side
from ..findings import RENEGE_DISPROVEN, RENEGE_UNPROVEN, SCORE_SIDES, TRICK_COUNT_MISMATCH, TRICKS_MISSING, NOT_FOLLOWED, Code
from ..table import took
from ..said import said
from ..results import Outcome, PlayFact
from ..scoring import fast_break_may_apply, hand_points, is_fast_break, renege_points

if TYPE_CHECKING:
    from .hand import HandReplay


class Settlement:
    """Scores a replayed hand (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

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
        table = self.table
        counts = record.trick_counts
        if counts is not None:
            written = counts.in_order(table.sides)
            if written is None:
                self.report(SCORE_SIDES, f"the trick count names {' and '.join(s.value for s in counts.sides)}, but this game's "
                            f"sides are {' and '.join(s.value for s in table.sides)}: it is not read", counts.pos)
            elif result.tricks_won is not None and written != result.tricks_won:
                self.report(
                    TRICK_COUNT_MISMATCH,
                    f"the record says {took(table.sides, written)} tricks; the cards played give "
                    f"{took(table.sides, result.tricks_won).replace(' took', '')}",
                    counts.pos,
                )
            elif result.tricks_won is None:
                result.tricks_won = written
        if self.equity is not None:  # renege.restore_equity: the tricks an offence gained went to the other side
            result.tricks_won = self.equity
        written_tricks = len(record.tricks) - len(self.unknown)
        if result.tricks_won is None and record.tricks and self.closed and written_tricks < table.tricks:
            self.report(TRICKS_MISSING, f"hand {record.number} has {written_tricks} of {table.tricks} tricks written and no trick count", record.tricks[-1].pos)
        if self.maker is not None and result.tricks_won is not None:
            maker_side = table.side_index[self.maker]
            taken = result.tricks_won[maker_side]
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None, self.no_trump is not None)
            broke = self._fast_break(facts, taken) if self.rules.scoring.fast_break else False
            if broke is None:  # the tricks' order is not written: the sheet's entry decides between the two
                result.possible = (self._per_side(maker_side, maker_pts, defender_pts), table.zeros)
            elif broke:
                result.outcome = Outcome.FAST_BREAK
            else:
                result.outcome = outcome
                result.points = self._per_side(maker_side, maker_pts, defender_pts)
        elif self.maker is not None and record.tricks and self.missing_tricks:
            self._settle_from_known_tricks()
        if record.reneges:
            self._check_called_reneges()
        if self.rules.scoring.four_trick_tokens:
            self._four_trick_token()

    def _per_side(self: HandReplay, maker_side: int, maker_pts: int, defender_pts: int) -> tuple[int, ...]:
        """The makers' points to their side, and the defenders' to each side against them."""
        sides = len(self.table.sides)
        if sides == 2:
            return (maker_pts, defender_pts) if maker_side == 0 else (defender_pts, maker_pts)
        return tuple(maker_pts if i == maker_side else defender_pts for i in range(sides))

    def _four_trick_token(self: HandReplay) -> None:
        """EGN: "If the calling team on a non-loner gets exactly 4 tricks, they get a token": makers, not alone,
        who take every trick but one; not when a called renege voided the hand's own result."""
        result = self.result
        if not self.rules.scoring.four_trick_tokens or self.maker is None or result.outcome is not Outcome.MAKE:
            return
        if result.penalized is not None and not self.rules.renege.hand_stands:
            return
        side = self.table.side(self.maker)
        if result.tricks(side) == self.table.tricks - 1:
            result.token = side

    def _settle_from_known_tricks(self: HandReplay) -> None:
        """Score a hand some of whose tricks are not in the record, when every way they went scores alike.

        Otherwise the hand's possible points are kept (``result.possible``): the
        game's replay takes the score sheet's entry when it is one of them.
        """
        assert self.maker is not None
        maker_side = self.table.side_index[self.maker]
        known = self.won[maker_side]
        options: list[tuple[tuple[int, ...], Outcome]] = []
        for taken in range(known, known + self.missing_tricks + 1):
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None, self.no_trump is not None)
            points = self._per_side(maker_side, maker_pts, defender_pts)
            if (points, outcome) not in options:
                options.append((points, outcome))
            if fast_break_may_apply(self.rules, self.alone, taken) and (self.table.zeros, Outcome.FAST_BREAK) not in options:
                options.append((self.table.zeros, Outcome.FAST_BREAK))  # where the tricks not written stood decides it
        if len({points for points, _ in options}) == 1:
            points, outcome = options[0]
            self.result.outcome = outcome if len(options) == 1 else Outcome.UNKNOWN
            self.result.points = points
            self.result.settled = True
        else:
            self.result.possible = tuple(points for points, _ in options)

    def _check_called_reneges(self: HandReplay) -> None:
        result = self.result
        for called in self.record.reneges:
            proven = called.seat in result.renege_seats
            if not proven:
                # disproving the table takes every card of the seat's, each play written and judged
                complete = (called.seat in self.held and not self.unnamed.get(called.seat)
                            and len(self.record.tricks) >= self.table.tricks
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
            offenders = self.table.side(called.seat)
            penalty = renege_points(self.rules, self.alone or self.defender is not None)
            result.penalized = offenders
            result.points = self._renege_penalty(result.points, offenders, penalty)
            if result.possible:  # (tricks not known: each way the hand can have gone, paid the same penalty)
                ways = tuple(dict.fromkeys(self._renege_penalty(points, offenders, penalty) for points in result.possible))
                result.possible = ways if len(ways) > 1 else ()
                if len(ways) == 1:  # the penalty scores the hand alike whatever the tricks not known
                    result.points, result.settled = ways[0], True
                    result.outcome = result.outcome or Outcome.UNKNOWN
            self._give_points(None, called.seat)

    def _renege_penalty(self: HandReplay, points: tuple[int, ...], offenders: Side, penalty: int) -> tuple[int, ...]:
        """The hand's points once a called renege by ``offenders`` is paid: every other side scores the penalty
        (seed 004: "adding two points to his opponents' score"; where each plays for himself, each opponent);
        unless the hand stands, the offenders score nothing for it, and the others keep their points or not."""
        renege = self.rules.renege
        out = []
        for side, value in zip(self.table.sides, points):
            if side is offenders:
                out.append(value if renege.hand_stands else 0)
            else:
                kept = value if renege.hand_stands or renege.innocent_side_keeps else 0
                out.append(kept + penalty)
        return tuple(out)

    def _give_points(self: HandReplay, code: Code | None, seat: Seat) -> None:
        """Say what the hand scores on the findings that decide it: a called renege (each of the seat's
        failures to follow, and the call itself) or a call the record disproves (``code``)."""
        points = tuple(zip(self.table.sides, self.result.points))
        for i, f in enumerate(self.result.findings):
            if f.seat is seat and f.points is None and (
                f.code is code if code is not None else f.category in NOT_FOLLOWED
            ):
                self.result.findings[i] = replace(f, points=points)

    def _fast_break(self: HandReplay, facts: list[PlayFact], taken: int) -> bool | None:
        """Whether the hand is a fast break (``scoring.fast_break``); None when the record does not show
        the order of the tricks (a hand written with its trick count only) and it may have been one."""
        if not fast_break_may_apply(self.rules, self.alone, taken):
            return False
        assert self.maker is not None
        side_of = self.table.side_of
        winners = {fact.trick: side_of[fact.seat] for fact in facts if fact.won} | self.claimed
        if len(winners) < self.table.tricks:
            return None
        makers = [winners[t] is side_of[self.maker] for t in sorted(winners)]
        return is_fast_break(makers)

