"""The ``standings`` section of a ruleset: how the players of a night or a season are ranked.

No game's ruling depends on it (``euchre-audit standings`` reads it); it lives apart from the
rules of play in :mod:`auditor.rules.schema`, which makes it a section of :class:`Ruleset`.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import Field, field_validator

from .strict import Strict as _Strict


class RankBy(str, Enum):
    POINTS = "points"
    """The most points, each player credited with the points their side scored while they sat in it."""
    GAMES_WON = "games-won"
    """The most games won (in a night of one game a round: rounds won)."""


class TieBreak(str, Enum):
    POINTS = "points"
    """More points."""
    GAMES_WON = "games-won"
    """More games won."""
    LONE_HANDS = "lone-hands"
    """More lone hands made."""
    EUCHRES = "euchres"
    """More euchres inflicted (the player's side defending)."""


class StandingsRules(_Strict):
    """How the players of a night or a season are ranked (``euchre-audit standings``); no game's ruling depends on it."""

    rank_by: RankBy = Field(
        default=RankBy.POINTS,
        description="What ranks the players: `points` (each player's total of the points their side scored in the games "
        "they sat in) or `games-won`.",
    )
    tie_break: Annotated[list[TieBreak], Field(max_length=4)] = Field(
        default=[],
        description="What decides between players level on `rank_by`, in order: `points`, `games-won`, `lone-hands`, "
        "`euchres`; players still level share the place.",
    )

    @field_validator("tie_break")
    @classmethod
    def _each_once(cls, value: list[TieBreak]) -> list[TieBreak]:
        if len(set(value)) != len(value):
            raise ValueError("a tie-break is listed twice")
        return value

    @property
    def text(self) -> str:
        """``points`` or ``points then games-won, lone-hands``: how a game's results table names its ranking."""
        ties = ", ".join(t.value for t in self.tie_break)
        return self.rank_by.value + (f" then {ties}" if ties else "")

    @classmethod
    def from_text(cls, text: str) -> StandingsRules:
        """The rules that :attr:`text` wrote."""
        rank_by, _, ties = text.partition(" then ")
        return cls(rank_by=RankBy(rank_by), tie_break=[TieBreak(t) for t in ties.split(", ") if t])
