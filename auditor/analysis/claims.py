"""A claim checked against every defence: the tricks after the written ones, claimed rather than played.

``claim <seat> [<n>]`` after the written tricks says that ``seat`` showed its
cards and claimed the rest, or ``n`` of them, for its side.  With the whole
deal written, the cards each seat still holds are known, and the solver
answers the question a table argues about: is the claimer's side sure of
those tricks whatever the others play?  If so the claim holds (a note in the
ruling) and the hand is scored as claimed.  If not, it is C901, with the line
of play that beats it, and ``claims.failed`` says how the hand is scored.
Without the deal, the claim cannot be checked and is scored as claimed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Team
from ..findings import CLAIM_FAILS, CLAIM_MISPLACED, Severity
from ..model import Claim
from ..replay.results import PlayFact
from ..rules.schema import FailedClaim
from .replayed import contract_of, position
from .search import SearchLimit
from .solver import Solver
from .words import claimed_text, line_text, tricks, who

if TYPE_CHECKING:
    from ..replay.hand import HandReplay

#: positions a claim's check may search (a claim after the first trick of a five-card hand needs a few hundred)
MAX_NODES = 200_000


def judge_claim(replay: HandReplay, facts: list[PlayFact]) -> None:
    """Check the hand's claim, say what the audit makes of it, and give the hand its tricks."""
    record, rules = replay.record, replay.rules
    claim = record.claim
    assert claim is not None
    hand_size = rules.deck.hand_size
    active = replay.active_seats()
    written = len(record.tricks)
    remaining = hand_size - written
    claimer = claim.seat.team
    what = claimed_text(claim.tricks, remaining)
    if replay.thrown_in or not replay.closed or replay.maker is None:
        _misplaced(replay, claim, f"{claim.seat} claims tricks in a hand nobody played")
        return
    if remaining <= 0:
        _misplaced(replay, claim, f"{claim.seat} claims tricks after all {hand_size} were written; the tricks as played count")
        return
    claimed = remaining if claim.tricks is None else claim.tricks
    if claimed > remaining:
        _misplaced(replay, claim, f"{claim.seat} claims {tricks(claimed)}, but only {tricks(remaining)} are left after the "
                                  f"{written} written; the hand is scored from what was played")
        return
    if replay.unknown or any(len(t.plays) != len(active) for t in record.tricks):
        short = next((i for i, t in enumerate(record.tricks, 1) if len(t.plays) != len(active)), None)
        if short is not None:
            _misplaced(replay, claim, f"{claim.seat} claims after trick {short}, which is not whole: a claim is made "
                                      "between tricks")
        return  # a trick the record lost: nothing is known of the position of the claim
    won_ns, won_ew = replay.won
    held = {s: replay.held.get(s) for s in active}
    known = all(h is not None and len(h) == remaining for h in held.values()) and not any(replay.unnamed.values())
    if not known:
        _note(replay, f"{who(claim.seat, replay.players)} claimed {what} for {claimer}; the deal is not written in full, "
                      "so the claim cannot be checked, and it is scored as claimed")
        _give(replay, claimer, claimed, remaining, won_ns, won_ew)
        return
    leader = next((f.seat for f in reversed(facts) if f.won), None) or replay.first_leader()
    seats = tuple(active)
    start = position(seats, held, contract_of(replay.trump, replay.no_trump), leader)  # type: ignore[arg-type]
    solver = Solver(start, claimer, MAX_NODES)
    try:
        sure = solver.value()
        line = solver.best_line() if sure < claimed else []
    except SearchLimit:
        _note(replay, f"{who(claim.seat, replay.players)} claimed {what} for {claimer}; the claim is beyond the solver's "
                      f"bound of {MAX_NODES:,} positions and is scored as claimed")
        _give(replay, claimer, claimed, remaining, won_ns, won_ew)
        return
    if sure >= claimed:
        _note(replay, f"{who(claim.seat, replay.players)} claimed {what} for {claimer}: the claim holds against every "
                      "defence")
        _give(replay, claimer, claimed, remaining, won_ns, won_ew)
        return
    rule = rules.claims.failed
    gets = {FailedClaim.DISPUTED_TO_OPPONENTS: sure, FailedClaim.ALL_TO_OPPONENTS: 0, FailedClaim.AS_CLAIMED: claimed}[rule]
    ns, ew = _give(replay, claimer, gets, remaining, won_ns, won_ew)
    other = claimer.other
    scored = (f"under claims.failed: {rule.value}, {claimer} take {tricks(gets)} of the last {remaining} and {other} "
              f"{tricks(remaining - gets)}: the hand is scored NS {tricks(ns)}, EW {tricks(ew)}")
    proof = (
        f"{who(claim.seat, replay.players)} claimed {what} for {claimer} after trick {written}",
        f"a defence that holds {claimer} to {tricks(sure)} against their best play:",
        *line_text(line, seats, replay.players, written + 1),
        scored,
    )
    replay.report(
        CLAIM_FAILS, f"{claim.seat} claimed {what} for {claimer}, but a defence holds {claimer} to {tricks(sure)}: "
                     "the claim fails", claim.pos, seat=claim.seat, proof=proof,
        severity=Severity.WARNING if rule is FailedClaim.AS_CLAIMED else None,
    )


def _give(replay: HandReplay, claimer: Team, gets: int, remaining: int, won_ns: int, won_ew: int) -> tuple[int, int]:
    """The hand's tricks: those written, and the claimed ones as scored."""
    ns, ew = (gets, remaining - gets) if claimer is Team.NS else (remaining - gets, gets)
    result = replay.result
    result.tricks_ns, result.tricks_ew = won_ns + ns, won_ew + ew
    if gets in (0, remaining):  # one side takes every trick not played: the fast break can be judged
        taker = claimer if gets else claimer.other
        written = len(replay.record.tricks)
        replay.claimed = {t: taker for t in range(written + 1, written + remaining + 1)}
    return result.tricks_ns, result.tricks_ew


def _note(replay: HandReplay, text: str) -> None:
    replay.result.notes = (*replay.result.notes, f"hand {replay.record.number}: {text}")


def _misplaced(replay: HandReplay, claim: Claim, message: str) -> None:
    replay.report(CLAIM_MISPLACED, message, claim.pos, seat=claim.seat)
