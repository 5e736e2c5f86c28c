"""The registry of finding codes: what a code is, and the one table every code is entered in.

The codes themselves are defined by the part of the record they judge, in this package's other
modules; :mod:`auditor.findings` gathers them all (and the finding record) for the rest of the
auditor.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

class Category(str, Enum):
    SYNTAX = "syntax"
    DEAL = "deal"
    BID = "bid"
    DISCARD = "discard"
    TURN = "turn"
    RENEGE = "renege"
    LEFT_BOWER = "left-bower"
    SCORE = "score"
    GAME = "game"
    CLAIM = "claim"
    EVENT = "event"  # across the games of a night or a season (the Round and Table tags)


#: the categories of a card not followed when its player could (a renege, a left bower played or kept wrongly)
NOT_FOLLOWED = frozenset({Category.RENEGE, Category.LEFT_BOWER})


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    name: str
    category: Category
    severity: Severity
    summary: str
    why: str
    example: str  # a hand (or game) in the notation that triggers this code
    #: ``--set`` overrides of hoyle under which ``example`` triggers this code
    #: (e.g. ``bidding.stick_the_dealer=true``); empty: hoyle as it is
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.code


REGISTRY: dict[str, Code] = {}


def register(
    code: str, name: str, category: Category, severity: Severity, summary: str, why: str, example: str,
    rules: tuple[str, ...] = (),
) -> Code:
    if code in REGISTRY or any(c.name == name for c in REGISTRY.values()):
        raise ValueError(f"finding code {code} / {name} registered twice")
    entry = Code(code, name, category, severity, summary, why, example.strip("\n") + "\n", rules)
    REGISTRY[code] = entry
    return entry


E, W = Severity.ERROR, Severity.WARNING

# A complete, legal hand that the codes' examples vary.  N deals, E leads.
CLEAN_DEAL = "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH"

#: seed 003's two-handed game with the tableau, as --set overrides of hoyle (the bundled two-handed-tableau
#: ruleset also scores by 7, 10 and 13 tricks)
TABLEAU_RULES = ("table.seats=[N, S]", "table.sides=each", "deck.ranks=[7, 8, 9, T, J, Q, K, A]", "deck.tableau=4",
                 "deck.kitty=6")
#: seed 003's three-handed game, as --set overrides of hoyle
THREE_RULES = ("table.seats=[N, E, W]", "table.sides=each")
