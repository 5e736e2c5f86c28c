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

from ..cards import Team, display_order
from ..findings import CLAIM_FAILS, CLAIM_MISPLACED, MarkedCard, Role, Severity
from ..model import Claim
from ..results import PlayFact
from ..rules.schema import FailedClaim
from ..said import Said, said
from .replayed import contract_of, position
from .search import SearchLimit
from .solver import Solver
from .words import claimed_text, line_text, tricks
from ..table import FOUR

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of
_OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

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
    seat, claimer = claim.seat, _TEAM[claim.seat]
    what = claimed_text(claim.tricks, remaining)
    if replay.thrown_in or not replay.closed or replay.maker is None:
        _misplaced(replay, claim, said("{seat} claims tricks in a hand nobody played", seat=seat))
        return
    if remaining <= 0:
        _misplaced(replay, claim, said("{seat} claims tricks after all {n} were written; the tricks as played count",
                                       seat=seat, n=hand_size))
        return
    claimed = remaining if claim.tricks is None else claim.tricks
    if claimed > remaining:
        _misplaced(replay, claim, said("{seat} claims {claimed}, but only {left} are left after the {n} written; the hand "
                                       "is scored from what was played", seat=seat, claimed=tricks(claimed),
                                       left=tricks(remaining), n=written))
        return
    if replay.unknown or any(len(t.plays) != len(active) for t in record.tricks):
        short = next((i for i, t in enumerate(record.tricks, 1) if len(t.plays) != len(active)), None)
        if short is not None:
            _misplaced(replay, claim, said("{seat} claims after trick {t}, which is not whole: a claim is made between "
                                           "tricks", seat=seat, t=short))
        return  # a trick the record lost: nothing is known of the position of the claim
    won_ns, won_ew = replay.won
    held = {s: replay.held.get(s) for s in active}
    known = all(h is not None and len(h) == remaining for h in held.values()) and not any(replay.unnamed.values())
    leader = next((f.seat for f in reversed(facts) if f.won), None)  # North is seat 0: never `or`
    if leader is None:
        leader = replay.first_leader()
    seats = tuple(active)
    start = position(seats, held, contract_of(replay.trump, replay.no_trump), leader) if known else None  # type: ignore[arg-type]
    if start is None:
        why = "the deal is not written in full" if not known else "the record does not make a whole position of it"
        _note(replay, said("{seat} claimed {what} for {team}; {why}, so the claim cannot be "
                           "checked, and it is scored as claimed", seat=seat, what=what, team=claimer, why=why))
        _give(replay, claimer, claimed, remaining, won_ns, won_ew)
        return
    solver = Solver(start, claimer, MAX_NODES)
    try:
        sure = solver.value()
        line = solver.best_line() if sure < claimed else []
    except SearchLimit:
        _note(replay, said("{seat} claimed {what} for {team}; the claim is beyond the solver's bound of {n} positions "
                           "and is scored as claimed", seat=seat, what=what, team=claimer, n=f"{MAX_NODES:,}"))
        _give(replay, claimer, claimed, remaining, won_ns, won_ew)
        return
    if sure >= claimed:
        _note(replay, said("{seat} claimed {what} for {team}: the claim holds against every defence",
                           seat=seat, what=what, team=claimer))
        _give(replay, claimer, claimed, remaining, won_ns, won_ew)
        return
    rule = rules.claims.failed
    gets = {FailedClaim.DISPUTED_TO_OPPONENTS: sure, FailedClaim.ALL_TO_OPPONENTS: 0, FailedClaim.AS_CLAIMED: claimed}[rule]
    ns, ew = _give(replay, claimer, gets, remaining, won_ns, won_ew)
    proof = (
        said("{seat} claimed {what} for {team} after trick {n}, holding {cards}", seat=seat, what=what, team=claimer,
             n=written, cards=sorted(held[seat] or (), key=display_order)),
        said("a defence that holds {team} to {sure} against their best play:", team=claimer, sure=tricks(sure)),
        *line_text(line, seats, written + 1),
        said("under claims.failed: {rule}, {team} take {gets} of the last {n} and {other} {rest}: the hand is scored "
             "NS {ns}, EW {ew}", rule=rule.value, team=claimer, gets=tricks(gets), n=remaining, other=_OTHER[claimer],
             rest=tricks(remaining - gets), ns=tricks(ns), ew=tricks(ew)),
    )
    marked = tuple(MarkedCard(c, Role.PROOF, seat) for c in sorted(held[seat] or (), key=display_order))
    replay.report(
        CLAIM_FAILS, said("{seat} claimed {what} for {team}, but a defence holds {team} to {sure}: the claim fails",
                          seat=seat, what=what, team=claimer, sure=tricks(sure)),
        claim.pos, seat=seat, proof=proof, severity=Severity.WARNING if rule is FailedClaim.AS_CLAIMED else None,
        cards=marked,
    )
    replay.scoring_findings.append((CLAIM_FAILS, seat))


def _give(replay: HandReplay, claimer: Team, gets: int, remaining: int, won_ns: int, won_ew: int) -> tuple[int, int]:
    """The hand's tricks: those written, and the claimed ones as scored."""
    ns, ew = (gets, remaining - gets) if claimer is Team.NS else (remaining - gets, gets)
    result = replay.result
    result.tricks_won = (won_ns + ns, won_ew + ew)  # four-handed: (NS, EW)
    if gets in (0, remaining):  # one side takes every trick not played: the fast break can be judged
        taker = claimer if gets else _OTHER[claimer]
        written = len(replay.record.tricks)
        replay.claimed = {t: taker for t in range(written + 1, written + remaining + 1)}
    return result.tricks_won


def _note(replay: HandReplay, text: Said) -> None:
    replay.result.notes = (*replay.result.notes, said("hand {n}: {text}", n=replay.record.number, text=text))


def _misplaced(replay: HandReplay, claim: Claim, message: Said) -> None:
    replay.report(CLAIM_MISPLACED, message, claim.pos, seat=claim.seat)
