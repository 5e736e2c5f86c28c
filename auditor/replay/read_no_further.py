"""A hand read no further (S016): its findings are not rulings, and its points are the score sheet's.

A hand whose search for slips ran past its bound of work, or whose deal line the
whole play contradicts, is read as written (every way its gaps allow) and
accuses nobody: what it finds may be the trace of a slip the search did not get
to read.  A warning names it, with the accusations it would have made.
"""

from __future__ import annotations

from dataclasses import replace

from ..findings import CARD_NOT_HELD, TOO_GARBLED, Finding, Severity
from ..model import HandRecord
from ..results import HandResult, Outcome
from ..said import said
from ..table import Table
from .search_budget import HAND_REPLAYS

#: why a hand whose search ran past its bound is read no further
PAST_THE_BOUND = (f"the search for the slips that would explain what it finds stopped at its bound of work ({HAND_REPLAYS} "
                  "replays a hand, fewer where the game's earlier hands spent the game's)")
#: why a hand whose every player plays cards the deal line did not give them is read no further
ANOTHER_DEAL = ("read the nearest way the search found, every player in it still plays cards the deal line did not "
                "give them: the deal line and the tricks are not of one deal, and the record cannot show which of them "
                "is wrong")

#: the accusations of a hand read no further named in its warning (its proof), at most
_NAMED = 8


def deal_of_another_hand(record: HandRecord, result: HandResult) -> bool:
    """Whether every seat that plays in the hand (two at least) is still charged, on the hand's best reading, with
    playing a card the deal line did not give it (D103): a deal line the whole play contradicts proves nothing
    against any one player."""
    players = {play.seat for trick in record.tricks for play in trick.plays if play.seat is not None}
    charged = {f.seat for f in result.findings if f.code is CARD_NOT_HELD and f.level is Severity.ERROR}
    return len(players) >= 2 and players <= charged


def not_scored(result: HandResult, table: Table) -> None:
    """Leave the hand's points to the score sheet, and nothing resting on who made trump or who reneged."""
    result.outcome, result.points, result.possible = Outcome.UNKNOWN, table.zeros, ()
    result.settled, result.penalized, result.renege_seats = False, None, ()
    result.maker = result.trump = result.round = result.defender_alone = None
    result.tricks_won = None


def too_garbled(result: HandResult, record: HandRecord, game: int, table: Table, why: str) -> HandResult:
    """``result`` (the hand read as written) as a hand read no further (``why``) rules it: no accusation, the
    score sheet's points, and first among its findings the warning (S016) that names what it would have found."""
    result = replace(result, findings=list(result.findings))
    accusations = [f for f in result.findings if f.level is Severity.ERROR]
    result.findings = [f for f in result.findings if f.level is not Severity.ERROR]
    not_scored(result, table)
    proof = [f"{why}: nobody is accused on this hand, and its points are the score sheet's"]
    # quoted with said(): an accusation's words keep the seats and cards they name, for a ruling to present
    proof += [said("as written, line {line}: {code} {message}", line=f.pos.line, code=f.code.code, message=f.message)
              for f in accusations[:_NAMED]]
    if len(accusations) > _NAMED:
        proof.append(f"and {len(accusations) - _NAMED} more")
    result.findings.insert(0, Finding(
        TOO_GARBLED, f"hand {record.number} is too garbled to read further: its findings are not rulings",
        record.pos, game, record.number, proof=tuple(proof)))
    return result
