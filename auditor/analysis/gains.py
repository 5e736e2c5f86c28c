"""What a renege or an illegal left-bower follow gained: double dummy, from the moment before it.

With the whole deal written, the position just before the offending card is
known.  For each card the offender could legally have played there, the
solver gives the tricks the offending side takes with best play by everyone
after it; the best of them is what the side would have taken playing fair.
Against the tricks it took as played, that says what the offence gained (or
cost), and the ruling says it in a sentence.  Under ``renege.restore_equity``
the tricks gained go to the other side and the hand is scored on them.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Card, Seat, Team
from ..findings import LEFT_BOWER_LED, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_ONLY_TRUMP, RENEGE, Finding
from ..results import Outcome, PlayFact
from ..said import Said, said
from ..scoring import hand_points
from ..table import FOUR
from .asked import HandState, Ruling
from .replayed import contract_of, position
from .search import SearchLimit
from .solver import Solver
from .words import joined, suit_word, tricks

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of
_OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

OFFENCES = frozenset({RENEGE.code, LEFT_BOWER_ON_ITS_SUIT.code, LEFT_BOWER_LED.code, LEFT_BOWER_ONLY_TRUMP.code})
#: positions the check of one offence may search
MAX_NODES = 200_000

_OUTCOME_WORDS = {
    Outcome.MAKE: "make", Outcome.MARCH: "march", Outcome.LONE_MAKE: "lone make", Outcome.LONE_MARCH: "lone march",
    Outcome.EUCHRE: "euchre", Outcome.LONE_EUCHRE: "lone euchre",
}


def judge_gains(hand: HandState, ruling: Ruling) -> Ruling:
    """Add to each offence's finding what it gained; under ``renege.restore_equity``, move the tricks it gained."""
    findings = list(ruling.findings)
    offences = [i for i, f in enumerate(findings) if f.code.code in OFFENCES and f.trick and f.seat is not None]
    if not offences or ruling.tricks_won is None:
        return ruling
    start = _start(hand)
    if start is None:
        return ruling
    facts = hand.plays
    equity, decided = ruling.equity, list(ruling.decided)
    moved: set[Team] = set()
    for index in offences:
        finding = findings[index]
        at = next((k for k, f in enumerate(facts) if f.trick == finding.trick and f.seat is finding.seat), None)
        if at is None:
            continue
        try:
            measured = _measure(hand, ruling.tricks_won, start, at, finding)
        except SearchLimit:
            continue
        if measured is None:
            continue
        sentence, detail, gained = measured
        proof = [*finding.proof, sentence, detail]
        team = _TEAM[finding.seat]  # type: ignore[index]
        if hand.rules.renege.restore_equity and gained > 0 and team not in moved:
            moved.add(team)
            ns, ew = equity or ruling.tricks_won  # four-handed: (NS, EW)
            ns, ew = (ns - gained, ew + gained) if team is Team.NS else (ns + gained, ew - gained)
            equity = (ns, ew)
            proof.append(said("under renege.restore_equity, {gained} it gained {go} to {other}: the hand is scored "
                              "NS {ns}, EW {ew}", gained="the trick" if gained == 1 else f"the {gained} tricks",
                              go="goes" if gained == 1 else "go", other=_OTHER[team], ns=tricks(ns), ew=tricks(ew)))
            decided.append((finding.code, finding.seat))  # type: ignore[arg-type]
        findings[index] = replace(finding, proof=tuple(proof))
    return replace(ruling, findings=tuple(findings), equity=equity, decided=tuple(decided))


def _start(hand: HandState) -> tuple[tuple[Seat, ...], dict[Seat, set[Card]]] | None:
    """The seats in play and what each held when the play began, when the record shows every card of it."""
    facts = hand.plays
    if hand.lost_tricks or hand.worked_out or hand.unnamed or not facts:
        return None
    if len({fact.card for fact in facts}) != len(facts):  # a card played twice: no deal the solver can follow
        return None
    seats = hand.seats
    size = hand.rules.deck.hand_size
    held: dict[Seat, set[Card]] = {}
    for seat in seats:
        remaining = hand.held.get(seat)
        if remaining is None:
            return None
        held[seat] = set(remaining)
    for fact in facts:
        if fact.seat not in held:
            return None
        held[fact.seat].add(fact.card)
    if any(len(h) != size for h in held.values()):
        return None
    return seats, held


def _measure(hand: HandState, tricks_won: tuple[int, ...], start: tuple[tuple[Seat, ...], dict[Seat, set[Card]]],
             at: int, finding: Finding) -> tuple[Said, Said, int] | None:
    seats, held = start
    facts: tuple[PlayFact, ...] = hand.plays
    offender = finding.seat
    assert offender is not None
    team = _TEAM[offender]
    start = position(seats, held, contract_of(hand.trump, hand.no_trump), facts[0].seat)
    if start is None:
        return None
    solver = Solver(start, team, MAX_NODES)
    for fact in facts[:at]:
        if seats[solver.to_play] is not fact.seat:
            return None  # a card out of turn: the record's order is not the rules'
        solver.play(fact.card)
    if seats[solver.to_play] is not offender:
        return None
    legal = [c for c in solver.legal() if c is not facts[at].card]
    if not legal:
        return None
    values = {}
    for card in legal:
        solver.play(card)
        values[card] = solver.won + solver.value()
        solver.undo()
    best = max(values.values())
    actual = tricks_won[0 if team is Team.NS else 1]
    gained = actual - best
    view = solver.position.contract.view
    lead = next(f.card for f in facts if f.trick == finding.trick and f.leader)
    led = view.suit_of[lead]
    word = suit_word(led, hand.trump)
    if len(values) == 1:
        with_ = said("with {card}", card=legal[0])
    elif len(set(values.values())) == 1:
        with_ = said("with a legal {word}", word=word)
    else:
        with_ = said("with the best legal {word}, {card}", word=word, card=max(values, key=lambda c: values[c]))
    what = "renege" if finding.code is RENEGE else "illegal left-bower play"
    if gained > 0:
        difference = _difference(hand, team, actual, best)
        sentence = said("{with_}, {team} take {best}, not {actual}: the {what} gained them {gained}{more}", with_=with_,
                        team=team, best=tricks(best), actual=actual, what=what, gained=_count(gained),
                        more=f", and made the difference between {difference}" if difference else "")
    elif gained == 0:
        sentence = said("{with_}, {team} take {best} as well: the {what} gained them nothing", with_=with_, team=team,
                        best=tricks(best), what=what)
    else:
        sentence = said("{with_}, {team} take {best}, not {actual}: the {what} cost them {lost}", with_=with_, team=team,
                        best=tricks(best), actual=actual, what=what, lost=_count(-gained))
    each = joined([said("{card} {v}", card=c, v=v) for c, v in values.items()])
    detail = said("{team}'s tricks with each card {seat} could legally have played, best play after it: {each}",
                  team=team, seat=offender, each=each)
    return sentence, detail, gained


def _count(n: int) -> str:
    return "a trick" if n == 1 else f"{n} tricks"


def _difference(hand: HandState, team: Team, actual: int, fair: int) -> str | None:
    """'a euchre and a make': the outcome with fair play and as played, when they differ."""
    maker = hand.maker
    if maker is None:
        return None
    size = hand.rules.deck.hand_size

    def outcome(taken: int) -> Outcome:
        makers = taken if team is _TEAM[maker] else size - taken
        return hand_points(hand.rules, hand.alone, makers, hand.defender_alone, hand.no_trump is not None)[2]

    fair_outcome, played_outcome = outcome(fair), outcome(actual)
    if fair_outcome is played_outcome:
        return None
    return f"a {_OUTCOME_WORDS[fair_outcome]} and a {_OUTCOME_WORDS[played_outcome]}"
