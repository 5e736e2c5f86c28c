"""The ruleset's table (``table.seats``, ``table.sides``): who plays, and with whom.

Seed 003 (lines 50-54) plays with four players in two partnerships, or with three or two, "each plays for
himself". :mod:`auditor.table` works a ruleset's table out into the lookups the replay asks.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import Field, model_validator

from .strict import Strict


class SeatName(str, Enum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"


class Sides(str, Enum):
    PARTNERS = "partners"
    """N and S against E and W."""
    EACH = "each"
    """Every player for himself: each seat is a side of its own."""


#: the seats clockwise from North, the order ``table.seats`` is written in
_CLOCKWISE = (SeatName.N, SeatName.E, SeatName.S, SeatName.W)


class TableRules(Strict):
    seats: Annotated[list[SeatName], Field(min_length=2, max_length=4)] = Field(
        default=[SeatName.N, SeatName.E, SeatName.S, SeatName.W],
        description="The seats in play, clockwise from North (four players: N E S W; seed 003 lines 50-54 play with "
        "three or two: three-handed N E W, two-handed N S).",
    )
    sides: Sides = Field(
        default=Sides.PARTNERS,
        description="`partners` (N-S against E-W; four seats) or `each` (every player for himself; seed 003 line 51: "
        "'Each plays for himself').",
    )

    @model_validator(mode="after")
    def _seats_make_a_table(self) -> TableRules:
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("seats: a seat is listed twice")
        if list(self.seats) != [s for s in _CLOCKWISE if s in self.seats]:
            raise ValueError("seats: list the seats clockwise from North (N, E, S, W)")
        if self.sides is Sides.PARTNERS and len(self.seats) != 4:
            raise ValueError(f"sides: partners needs four seats (N-S against E-W); with {len(self.seats)} players write sides: each")
        return self
