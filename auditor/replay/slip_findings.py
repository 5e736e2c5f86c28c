"""Name each slip of the pen in one finding, and fold what follows from it underneath.

For every line the reader could not read (S001) the finding says what the
loss keeps the audit from knowing, and what it did instead (a trick rebuilt
from the deal, the up card worked out, the sheet's entry taken).  A line read
in an unusual spelling is S003, a look-alike character S004, a seat written
twice S005, a missing ``up`` line S006, a trick not written T405.  What the
hand *as written* would also have shown, and no longer does because it rested
on the slip, is listed under the first of them as notes, never as rulings.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Card
from ..findings import (
    REGISTRY,
    BID_LINE_NOT_WRITTEN,
    DISCARD_MISSING,
    LOOKALIKE_CHARACTER,
    SYNTAX_ERROR,
    TRICKS_MISSING,
    UNUSUAL_SPELLING,
    UP_CARD_MISSING,
    WORDS_AFTER_STATEMENT,
    Finding,
    Severity,
)
from ..model import HandRecord, LostLine, Pos, Repair
from ..spelling import plays_text
from ..table import spelled
from .gaps import Reading
from .readings import Plan
from ..results import HandResult, Outcome
from ..said import said
from .edits import Candidate, Edit, Shape
from .slips import BID, DEAL, DEALER, DISCARD, EXCHANGES, MISDEAL, NUMBER, RENEGE, SCORE, TRICK, TRICKS, UP


def repair_finding(repair: Repair, game: int, hand: int | None) -> Finding:
    code = (LOOKALIKE_CHARACTER if repair.kind == "character" else WORDS_AFTER_STATEMENT if repair.kind == "note"
            else UNUSUAL_SPELLING)
    return Finding(code, f"{repair.message}; write it as: {repair.canonical}", repair.pos, game, hand)


def lost_finding(lost: LostLine, game: int, hand: int | None, proof: tuple[str, ...] = ()) -> Finding:
    expected = f"; expected {', '.join(lost.expected)}" if lost.expected else ""
    code = REGISTRY[lost.code] if lost.code else SYNTAX_ERROR
    return Finding(code, f"{lost.message}{expected}", lost.pos, game, hand, proof=proof)


def _trick_number(lost: LostLine, record: HandRecord) -> int:
    if lost.slot is not None:  # (a reading put the line elsewhere: two trick lines read in the other order)
        return lost.slot + 1
    earlier = sum(1 for t in record.tricks if t.pos.line < lost.line)
    earlier += sum(1 for other in record.lost if other.kind == TRICK and other.line < lost.line)
    return earlier + 1


def _points(merged: HandResult, points: tuple[int, ...]) -> str:
    return spelled(merged.sides, points, signed=True)


def scoring_sentence(merged: HandResult) -> str:
    if merged.possible:
        options = " or ".join(_points(merged, points) for points in merged.possible)
        return f"the hand can have scored {options}: the score sheet's entry decides it, if it is one of them"
    if merged.outcome is Outcome.UNKNOWN and not merged.settled:
        return "the hand's points cannot be worked out from the record: the score sheet's entry is taken"
    return f"the hand's score does not depend on it: {_points(merged, merged.points)}"


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def consequences(kind: str | None, lost: LostLine, plan: Plan, record: HandRecord, merged: HandResult) -> list[str]:
    """What losing this line keeps the audit from knowing, and what it does instead."""
    if kind == TRICK:
        number = _trick_number(lost, record)
        rebuilt = plan.readings[0].rebuilt if plan.readings else None
        if rebuilt is not None and rebuilt.number == number:
            return [f"from the deal, trick {number} was {plays_text(rebuilt.trick.plays)}: each player's one card "
                    "not played in another trick; the hand is replayed with it, and its cards are not judged"]
        after = f", and the leader of trick {number + 1} is not judged" if number < len(record.tricks) else ""
        return [f"the cards of trick {number} are not known as played (who led it, and so who won it): any card "
                f"not seen elsewhere may have been played in it, so no renege after it rests on such a card{after}"]
    if kind == UP:
        if plan.up is not None and len(plan.up.cards) == 1:
            return [f"{plan.up.how}; the hand is replayed with {plan.up.cards[0]} as the up card"]
        return ["the up card is not known" + (f" ({plan.up.how})" if plan.up is not None else "")
                + ": no ruling rests on trump or the dealer's pickup where it depends on it"]
    if kind == DEAL:
        return ["the cards dealt on this line are not known: a renege is shown only by a card the player is seen to play later"]
    if kind == "tableau":
        return ["the piles dealt on this line are not known: what those players held on the table, and when it came "
                "face up, is not known, so a renege is shown only by a card of their hand"]
    if kind in EXCHANGES:
        return [f"an exchange of cards ({kind}) is not known: nobody's holding after it is known, so the hand is judged "
                "as if the deal were not written (a renege is shown only by a card the player is seen to play later)"]
    if kind == BID:
        made = [c for c in record.calls if c.kind.value != "pass"]
        lead = "the bidding is not known in full: no bidding finding is made for this hand; "
        if made:
            return [said(lead + "the written call of {seat} says who made trump", seat=made[0].seat)]
        if merged.trump is not None:
            return [f"{lead}who made trump is not known, but every bidding the rest of the hand allows makes "
                    f"{merged.trump.name.lower()} trump"]
        return [f"{lead}who made trump, and in which suit, is not known"]
    if kind == DISCARD:
        return ["the dealer's discard is not known: no ruling rests on which card the dealer kept"]
    if kind == RENEGE:
        return ["a renege was called on a seat that cannot be read: the penalty is not known"]
    if kind == MISDEAL:
        return ["who declared the misdeal on this line cannot be read: the hand is read with each seat declaring it, "
                "so no finding rests on who declared it or on whether that player's cards allowed it"]
    if kind == "claim":
        return ["a claim cannot be read: the tricks after the written ones are not known, and no claim is judged"]
    if kind == SCORE:
        return ["the score sheet's running score after this hand is not known: the next entry is checked over both hands"]
    if kind == TRICKS:
        return ["the trick count on this line is not known: the tricks played decide the hand"]
    if kind == DEALER:
        return ["who dealt is not known: no finding rests on the dealer (the turn to bid, the first lead, the rotation)"]
    if kind == NUMBER:
        return [f"the hand's number is not known: it is called hand {record.number}, the hand after the one before it"]
    return ["the audit cannot tell which statement this line was: it is left out"]


def _affects_score(kind: str | None) -> bool:
    return kind in {TRICK, UP, BID, RENEGE, DEALER, DISCARD, MISDEAL, "claim", None}


def _key(f: Finding) -> tuple[str, Pos, object]:
    return (f.code.code, f.pos, f.seat)


def folded_notes(literal: HandResult, merged: HandResult) -> list[str]:
    """What the hand as written shows that no longer stands: it rested on the slip."""
    kept = {_key(f) for f in merged.findings}
    out = []
    for f in literal.findings:
        if _key(f) not in kept and f.code is not TRICKS_MISSING:
            out.append(f"as written, the record would also give {f.code.code} at {f.pos}: {f.message} "
                       "(it rests on what the slip lost: not a ruling)")
    return out


def _places(reading: Reading) -> tuple[int, ...]:
    """Where a reading puts the tricks that were not written (from 1)."""
    if reading.rebuilt is not None:
        return (reading.rebuilt.number,)
    return tuple(i for i, t in enumerate(reading.record.tricks, 1) if not t.plays and t.pos.column == 0)


def _order_notes(reading: Candidate, merged: HandResult | None, gap: bool) -> tuple[str, ...]:
    """What a reading with the trick lines in another order finds that the readings do not agree on (an
    offence that only that order shows): named, as no ruling.  ``gap``: a trick is not written, and the
    reading's replay, with no trick in its place, is not what the reading was weighed on (with it placed):
    nothing is named."""
    if gap or merged is None or reading.result is None or not reading.edits or reading.edits[-1].shape is not Shape.LINES_SWAPPED:
        return ()
    kept = {_key(f) for f in merged.findings}
    return tuple(f"read so, the record would give {f.code.code} at {f.pos}: {f.message} (the readings disagree: not a "
                 "ruling)" for f in reading.result.findings if f.level is Severity.ERROR and _key(f) not in kept)


def edit_findings(slips: list[Candidate], game: int, number: int, merged: HandResult | None = None,
                  gap: bool = False) -> list[Finding]:
    """The findings that name the edits a slip was read with (:mod:`.nearest`): where readings tie, each
    names the others as alike, and an order of the trick lines what only it finds (``merged``: what the
    readings agree on; ``gap``: the hand has tricks not written)."""
    written_alike = not slips[0].edits  # the hand as written is one of the readings: each edit is in doubt
    if written_alike:
        slips = slips[1:]
    first = slips[0]
    edits: dict[object, Edit] = {}
    for edit in first.edits:  # two swaps in one bid line are one slip: the last names the line to write
        edits[edit.group or id(edit)] = edit
    out = []
    named: list[Edit] = list(first.edits)
    for edit in edits.values():
        alternatives: list[Edit] = []
        for other in slips[1:]:
            if edit in other.edits:
                continue  # (a reading that makes this edit too is no alternative to it)
            for alt in other.edits:
                if alt != edit and alt not in alternatives and (
                        alt.group == edit.group if edit.group else alt not in first.edits):
                    alternatives.append(alt)
        named += alternatives
        found = edit.finding(game, number, tuple(alternatives), written_alike)
        if edit is first.edits[-1] and (len(slips) > 1 or written_alike) and (notes := _order_notes(first, merged, gap)):
            found = replace(found, proof=(*found.proof, *notes))
        out.append(found)
    # an edit only a reading as likely makes (an order of the trick lines beside the first reading): named, in doubt
    for other in slips[1:]:
        for alt in other.edits:
            if alt not in named:
                named.append(alt)
                found = alt.finding(game, number, written_alike=True)  # (the reading it was read beside is as likely)
                notes = _order_notes(other, merged, gap) if alt is other.edits[-1] else ()
                out.append(replace(found, proof=(*found.proof, *notes)))
    return out


def slip_findings(record: HandRecord, plan: Plan | None, merged: HandResult, literal: HandResult, game: int,
                  slips: list[Candidate] | None = None) -> list[Finding]:
    """The findings that name the slips of one hand, the first carrying the folded notes."""
    number = record.number
    out: list[Finding] = [repair_finding(r, game, number) for r in record.repairs]
    named: list[Finding] = edit_findings(slips, game, number, merged, plan is not None and plan.missing > 0) if slips else []
    as_written = not slips or all(edit.as_written for edit in slips[0].edits)
    if plan is None:
        if named and as_written and (notes := folded_notes(literal, merged)):
            named[0] = replace(named[0], proof=(*named[0].proof, *notes))
        return out + named
    scoring_said = False
    for lost, kind in plan.kinds:
        proof = consequences(kind, lost, plan, record, merged)
        if _affects_score(kind) and not scoring_said:
            proof.append(scoring_sentence(merged))
            scoring_said = True
        named.append(lost_finding(lost, game, number, tuple(proof)))
    if plan.bid_absent:
        proof = ["who made trump, and in which suit, is not known: no bidding finding is made, and every bidding "
                 "the tricks allow is read"]
        if not scoring_said:
            proof.append(scoring_sentence(merged))
            scoring_said = True
        named.append(Finding(BID_LINE_NOT_WRITTEN, f"no 'bid' line is written in hand {number}, yet cards are played",
                             record.pos, game, number, proof=tuple(proof)))
    if plan.up_absent and plan.up is not None:
        if len(plan.up.cards) == 1:
            said = f"{plan.up.how}; the hand is replayed with it"
        else:
            said = f"{plan.up.how}; no ruling rests on the up card (trump, when it was ordered up; the dealer's pickup)"
        proof = [said] if scoring_said else [said, scoring_sentence(merged)]
        scoring_said = True
        named.append(Finding(UP_CARD_MISSING, f"hand {number} has no 'up' line", record.pos, game, number, proof=tuple(proof)))
    if plan.discard_absent:
        named.append(_discard_missing(record, plan, game))
    if plan.missing:
        named.append(_missing_tricks(record, plan, merged, game, scoring_said))
    if named and plan.capped:
        first = named[0]
        named[0] = replace(first, proof=(*first.proof, "this hand has too many gaps to read every way: it is read on one "
                                         "guess, nothing that rests on the gaps is judged, and its points are the score sheet's"))
    # (not where the joker's suit is open: the hand as written then has no trump, and its findings are no guide)
    if named and as_written and not plan.joker_suit and (notes := folded_notes(literal, merged)):
        named[0] = replace(named[0], proof=(*named[0].proof, *notes))
    return out + named


def _discard_missing(record: HandRecord, plan: Plan, game: int) -> Finding:
    """The discard line not written: a line the record lost, named as the slip (a warning on nobody)."""
    dealer = record.dealer
    pos = record.calls[-1].pos if record.calls else record.pos
    if plan.discard_found is not None:
        message = said("no discard line is written in hand {n}, though the dealer {dealer} took the up card; from the "
                       "deal and the tricks it was {card}, {dealer}'s one card never played: write `discard {card}` "
                       "after line {line}", n=record.number, dealer=dealer, card=plan.discard_found, line=pos.line)
        proof: tuple[str, ...] = ("the hand is replayed with it",)
    else:
        message = said("no discard line is written in hand {n}, though the dealer {dealer} took the up card",
                       n=record.number, dealer=dealer)
        proof = (said("which card {dealer} kept is not known: no ruling rests on it", dealer=dealer),)
    return Finding(DISCARD_MISSING, message, pos, game, record.number, proof=proof)


def _runs(numbers: tuple[int, ...]) -> str:
    """``1 and 3``, ``1 to 11 and 13`` (a 13-trick hand of the tableau can miss many tricks)."""
    parts: list[str] = []
    start = prev = None
    for n in (*numbers, None):
        if start is not None and n is not None and prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None and prev is not None:
            parts.append(f"{start} to {prev}" if prev - start >= 2 else " and ".join(str(k) for k in range(start, prev + 1)))
        start = prev = n
    return " and ".join(parts)


def _missing_tricks(record: HandRecord, plan: Plan, merged: HandResult, game: int, scoring_said: bool) -> Finding:
    reading = plan.readings[0]
    size = len(reading.record.tricks)
    written = len(record.tricks)
    places = _places(reading)
    others = sorted({_places(r) for r in plan.readings} - {places})
    likeliest = not any(r.rank <= reading.rank and _places(r) != places for r in plan.readings[1:])
    rebuilt = reading.rebuilt
    proof: list[str] = []
    every = sorted({_places(r) for r in plan.readings})
    where = ", ".join(_runs(o) for o in every[:8]) + (", ..." if len(every) > 8 else "")
    if rebuilt is not None:
        cards = plays_text(rebuilt.trick.plays)
        if likeliest:
            message = f"trick {rebuilt.number} is not written; from the deal it was {cards}"
        else:
            message = f"a trick is not written; from the deal its cards were {', '.join(cards.split())}"
        proof.append("each player's one card not played in another trick; the hand is replayed with it (its cards are not judged)")
    else:
        at_end = all(n > written for n in places) if places else True
        which = _runs(places) or "?"
        message = f"hand {record.number} has {written} of {size} tricks written"
        if not at_end and likeliest:
            message += f": most likely trick {which} {'is' if len(places) == 1 else 'are'} missing"
        elif record.trick_counts is None:
            message += " and no trick count"
        proof.append("the missing cards are not known: any card not seen elsewhere may have been played in them, "
                     "so no renege rests on such a card")
    if others and likeliest:
        proof.append(f"the leaders of the written tricks show where it most likely stood, but it may have stood "
                     f"elsewhere (in all: as trick {where}): no ruling rests on where")
    elif others:
        proof.append(f"where {'it' if len(places) == 1 else 'they'} stood is not known (as trick {where}): "
                     "no ruling rests on where")
    if record.trick_counts is not None:
        proof.append("the trick count is taken from the 'tricks' line")
    elif not scoring_said:
        proof.append(scoring_sentence(merged))
    pos = record.tricks[-1].pos if record.tricks else record.pos
    first_missing = min(places, default=0)
    if likeliest and 0 < first_missing < len(reading.record.tricks) and reading.record.tricks[first_missing].plays:
        pos = reading.record.tricks[first_missing].pos  # where the missing trick belongs: before the next written one
    return Finding(TRICKS_MISSING, message, pos, game, record.number, proof=tuple(proof))
