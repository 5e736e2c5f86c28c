"""The ruleset's deck (``deck.*``): the ranks, the joker, the cards dealt to each player and the kitty.

Seed 003 deals five cards each from 24 (or 32) cards, and in its two-handed game also four piles on the
table (``deck.tableau``); a hand has as many tricks as a player is dealt cards.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import Field, field_validator, model_validator

from .strict import Strict


class RankName(str, Enum):
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


class DeckRules(Strict):
    ranks: Annotated[list[RankName], Field(min_length=1, max_length=8)] = Field(
        default=[RankName.NINE, RankName.TEN, RankName.JACK, RankName.QUEEN, RankName.KING, RankName.ACE],
        description="The ranks in the deck, in every suit (24 cards: 9 to A; 32 cards: 7 to A).",
    )
    joker: bool = Field(
        default=False,
        description="A joker is added ('Best Bower', 'Benny'; written `JK`, or `B` as EGN does): the highest trump and a "
        "trump for every purpose; with no trump it is a suit of its own and wins any trick (seed 003 lines 14-15).",
    )
    hand_size: int = Field(default=5, ge=1, le=8, description="Cards dealt to each player.")
    kitty: int = Field(default=4, ge=1, le=28, description="Cards left undealt; the top one is turned up.")
    tableau: int = Field(
        default=0, ge=0, le=8,
        description="Piles dealt to each player on the table, each a card face down with a card face up on it, besides "
        "the hand (seed 003 lines 55-66: 4); a hand then has `hand_size` + 2 x `tableau` tricks.",
    )

    @field_validator("ranks", mode="before")
    @classmethod
    def _ranks_as_text(cls, value: object) -> object:
        if isinstance(value, list):
            return ["T" if str(v) == "10" else str(v).upper() if not isinstance(v, bool) else v for v in value]
        return value

    @model_validator(mode="after")
    def _ranks_once(self) -> DeckRules:
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError("ranks: a rank is listed twice")
        return self

    @property
    def cards(self) -> int:
        return len(self.ranks) * 4 + (1 if self.joker else 0)

    @property
    def tricks(self) -> int:
        """The tricks of a hand: every card a player is dealt, in the hand and on the table."""
        return self.hand_size + 2 * self.tableau
