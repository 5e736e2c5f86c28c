"""A seat written twice in the deal: a deal line copied, or a seat letter written for another, read as a slip.

``deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  S: JD JC AS 9H AC  N: ...`` (a copy where W's cards belong),
``... S: QC JS QH KC TS ...`` (W's cards under S's letter), or a deal written on two lines, the second a copy of
the first.  No table deals a seat twice: the record lost a seat's cards, or wrote its letter for another's.
Judged as written, the seat was charged with a wrong hand (D104).  The audit reads the seat's first entry, and
the second is read as no seat's (S021, a warning on nobody): its words say what was most likely meant (a copy
where the one seat the deal does not name belongs, or that seat's cards under the wrong letter), and no finding
rests on the cards the copy lost or on whose the second entry's cards are.
"""

from __future__ import annotations

from ..cards import Seat
from ..model import Holding
from ..said import Said, said


def seat_twice_said(first: Holding, again: Holding, missing: list[Seat]) -> Said:
    """The warning's words for ``again``, a second deal entry of the seat whose first entry is ``first``;
    ``missing``: the seats the deal does not name."""
    seat, at = again.seat, said("{seat} is written twice in the deal (first at line {line}, column {column})",
                                seat=again.seat, line=first.pos.line, column=first.pos.column)
    if again.cards == first.cards:
        if len(missing) == 1:
            return said("{at}, with the same cards: most likely a copy written where {other}'s cards belong: "
                        "read once, and {other}'s cards are not known", at=at, other=missing[0])
        return said("{at}, with the same cards: read once", at=at)
    if len(missing) == 1:
        return said("{at}: {cards} are most likely {other}'s, the one seat the deal does not name, under {seat}'s "
                    "letter: read as no seat's, and {other}'s cards are not known",
                    at=at, cards=again.cards, other=missing[0], seat=seat)
    return said("{at}: {cards} are read as no seat's", at=at, cards=again.cards)
