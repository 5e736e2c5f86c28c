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

from dataclasses import replace

from ..cards import Team, display_order
from ..findings import CLAIM_FAILS, CLAIM_MISPLACED, MarkedCard, Role, Severity
from ..model import Claim
from ..rules.schema import FailedClaim
from ..said import Said, said
from ..table import FOUR
from .asked import HandState, Ruling
from .replayed import contract_of, position
from .search import SearchLimit
from .solver import Solver
from .words import claimed_text, line_text, tricks

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of
_OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

#: positions a claim's check may search (a claim after the first trick of a five-card hand needs a few hundred)
MAX_NODES = 200_000


def judge_claim(hand: HandState, ruling: Ruling) -> Ruling:
    """What the audit makes of the hand's claim: a note or a finding, and the hand's tricks as scored."""
    record, rules = hand.record, hand.rules
    claim = record.claim
    assert claim is not None
    hand_size = rules.deck.hand_size
    seats = hand.seats
    written = len(record.tricks)
    remaining = hand_size - written
    seat, claimer = claim.seat, _TEAM[claim.seat]
    what = claimed_text(claim.tricks, remaining)
    if not hand.played or hand.maker is None:
        return _misplaced(hand, ruling, claim, said("{seat} claims tricks in a hand nobody played", seat=seat))
    if remaining <= 0:
        return _misplaced(hand, ruling, claim, said("{seat} claims tricks after all {n} were written; the tricks as "
                                                    "played count", seat=seat, n=hand_size))
    claimed = remaining if claim.tricks is None else claim.tricks
    if claimed > remaining:
        return _misplaced(hand, ruling, claim, said("{seat} claims {claimed}, but only {left} are left after the {n} "
                                                    "written; the hand is scored from what was played", seat=seat,
                                                    claimed=tricks(claimed), left=tricks(remaining), n=written))
    if hand.lost_tricks or any(len(t.plays) != len(seats) for t in record.tricks):
        short = next((i for i, t in enumerate(record.tricks, 1) if len(t.plays) != len(seats)), None)
        if short is not None:
            return _misplaced(hand, ruling, claim, said("{seat} claims after trick {t}, which is not whole: a claim is "
                                                        "made between tricks", seat=seat, t=short))
        return ruling  # a trick the record lost: nothing is known of the position of the claim
    won_ns, won_ew = hand.won
    held = {s: hand.held.get(s) for s in seats}
    known = all(h is not None and len(h) == remaining for h in held.values()) and not hand.unnamed
    leader = next((f.seat for f in reversed(hand.plays) if f.won), None)  # North is seat 0: never `or`
    if leader is None:
        leader = hand.first_leader
    start = position(seats, held, contract_of(hand.trump, hand.no_trump), leader) if known else None  # type: ignore[arg-type]
    if start is None:
        why = "the deal is not written in full" if not known else "the record does not make a whole position of it"
        noted = _note(hand, ruling, said("{seat} claimed {what} for {team}; {why}, so the claim cannot be "
                                         "checked, and it is scored as claimed", seat=seat, what=what, team=claimer, why=why))
        return _give(hand, noted, claimer, claimed, remaining, won_ns, won_ew)
    solver = Solver(start, claimer, MAX_NODES)
    try:
        sure = solver.value()
        line = solver.best_line() if sure < claimed else []
    except SearchLimit:
        noted = _note(hand, ruling, said("{seat} claimed {what} for {team}; the claim is beyond the solver's bound of {n} "
                                         "positions and is scored as claimed", seat=seat, what=what, team=claimer,
                                         n=f"{MAX_NODES:,}"))
        return _give(hand, noted, claimer, claimed, remaining, won_ns, won_ew)
    if sure >= claimed:
        noted = _note(hand, ruling, said("{seat} claimed {what} for {team}: the claim holds against every defence",
                                         seat=seat, what=what, team=claimer))
        return _give(hand, noted, claimer, claimed, remaining, won_ns, won_ew)
    rule = rules.claims.failed
    gets = {FailedClaim.DISPUTED_TO_OPPONENTS: sure, FailedClaim.ALL_TO_OPPONENTS: 0, FailedClaim.AS_CLAIMED: claimed}[rule]
    given = _give(hand, ruling, claimer, gets, remaining, won_ns, won_ew)
    ns, ew = given.tricks_won  # type: ignore[misc]
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
    failed = hand.finding(
        CLAIM_FAILS, said("{seat} claimed {what} for {team}, but a defence holds {team} to {sure}: the claim fails",
                          seat=seat, what=what, team=claimer, sure=tricks(sure)),
        claim.pos, seat=seat, proof=proof, severity=Severity.WARNING if rule is FailedClaim.AS_CLAIMED else None,
        cards=marked,
    )
    return replace(given, findings=(*given.findings, failed), decided=(*given.decided, (CLAIM_FAILS, seat)))


def _give(hand: HandState, ruling: Ruling, claimer: Team, gets: int, remaining: int, won_ns: int, won_ew: int) -> Ruling:
    """The hand's tricks: those written, and the claimed ones as scored."""
    ns, ew = (gets, remaining - gets) if claimer is Team.NS else (remaining - gets, gets)
    tricks_won = (won_ns + ns, won_ew + ew)  # four-handed: (NS, EW)
    claimed = ruling.claimed
    if gets in (0, remaining):  # one side takes every trick not played: the fast break can be judged
        taker = claimer if gets else _OTHER[claimer]
        written = len(hand.record.tricks)
        claimed = tuple((t, taker) for t in range(written + 1, written + remaining + 1))
    return replace(ruling, tricks_won=tricks_won, claimed=claimed)


def _note(hand: HandState, ruling: Ruling, text: Said) -> Ruling:
    return replace(ruling, notes=(*ruling.notes, said("hand {n}: {text}", n=hand.record.number, text=text)))


def _misplaced(hand: HandState, ruling: Ruling, claim: Claim, message: Said) -> Ruling:
    return replace(ruling, findings=(*ruling.findings, hand.finding(CLAIM_MISPLACED, message, claim.pos, seat=claim.seat)))
