"""The one registry of finding codes, and the finding record itself.

Every code has a stable identifier (a category letter and three digits, as
ruff and pylint number their rules), a readable name, a category, a default
severity, a one-line summary, the reason it matters and an example hand in
the notation that triggers it.  ``docs/findings.md`` is generated from this
registry, and a test audits every example to prove it triggers its own code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .cards import Card, Seat, Side
from .codes.registry import NOT_FOLLOWED, REGISTRY, Category, Code, Severity
# the codes, in the order the registry (and docs/findings.md) lists them
from .codes.record import (
    SYNTAX_ERROR, STATEMENT_REPEATED, UNUSUAL_SPELLING, LOOKALIKE_CHARACTER, SEAT_WRITTEN_TWICE,
    UP_CARD_MISSING, SEATS_SWAPPED, CARD_NOT_IN_DECK, DUPLICATE_CARD, CARD_NOT_HELD, WRONG_HAND_SIZE,
    DEALER_OUT_OF_ROTATION, UP_CARD_IN_HAND, MISDEAL_DECLARED, MISDEAL_NOT_DECLARED,
    FARMER_EXCHANGE, UNDER_EXCHANGE, BEST_EXCHANGE, PLAYED_FACE_DOWN, SEAT_NOT_AT_TABLE, DEAL_STOLEN,
)
from .codes.slips import (
    HAND_LINE_NOT_WRITTEN, DEALER_MISWRITTEN, TRICKS_OUT_OF_ORDER, CARD_MISWRITTEN, RUNNING_TOTAL_SLIP,
    WORDS_AFTER_STATEMENT, BIDS_OUT_OF_ORDER, BID_LINE_NOT_WRITTEN, DEAL_LINE_CUT_SHORT, DEAL_LINE_CARD_TOO_MANY,
    DEAL_SEAT_WRITTEN_TWICE, GAME_END_OPEN,
)
from .codes.bidding import (
    BID_OUT_OF_TURN, BID_AFTER_CLOSE, ORDER_IN_ROUND_TWO, CALL_IN_ROUND_ONE, TURNED_DOWN_SUIT,
    ALONE_NOT_ALLOWED, DEALER_MUST_CALL, BIDDING_INCOMPLETE, DEFEND_ALONE_NOT_ALLOWED,
    PARTNER_ORDER_NOT_ALONE, DEFEND_ALONE_MISPLACED, NO_TRUMP_NOT_ALLOWED, DEALER_TAKES_ONLY_TRUMP,
    ORDER_WITHOUT_THE_SUIT, JOKER_SUIT, ALONE_WITHOUT_PARTNERS, DISCARD_MISSING, DISCARD_NOT_HELD,
    DISCARD_WITHOUT_PICKUP, DISCARD_UP_CARD,
)
from .codes.play import (
    WRONG_LEADER, PLAY_OUT_OF_TURN, LONE_PARTNER_PLAYED, TRICK_SIZE, TRICKS_MISSING,
    TOO_MANY_TRICKS, RENEGE, RENEGE_UNPROVEN, RENEGE_DISPROVEN, LEFT_BOWER_ON_ITS_SUIT,
    LEFT_BOWER_LED, LEFT_BOWER_ONLY_TRUMP,
)
from .codes.outcome import (
    SCORE_MISMATCH, TRICK_COUNT_MISMATCH, SCORE_SIDES, PLAYED_AFTER_GAME, WRONG_WINNER,
    HAND_NUMBER_REPEATED, HAND_MISSING, GAME_UNFINISHED, RULE_NOT_HONOURED,
    HAND_NUMBER_OUT_OF_SEQUENCE, CLAIM_FAILS, CLAIM_MISPLACED, PLAYER_AT_TWO_TABLES,
)
from .codes.slips import TOO_GARBLED
from .model import Pos

__all__ = [
    "REGISTRY", "NOT_FOLLOWED", "Category", "Code", "Severity", "Role", "MarkedCard", "Finding", "SYNTAX_ERROR",
    "STATEMENT_REPEATED", "UNUSUAL_SPELLING", "LOOKALIKE_CHARACTER", "SEAT_WRITTEN_TWICE",
    "UP_CARD_MISSING", "SEATS_SWAPPED", "CARD_NOT_IN_DECK", "DUPLICATE_CARD", "CARD_NOT_HELD", "WRONG_HAND_SIZE",
    "DEALER_OUT_OF_ROTATION", "UP_CARD_IN_HAND", "MISDEAL_DECLARED", "MISDEAL_NOT_DECLARED",
    "FARMER_EXCHANGE", "UNDER_EXCHANGE", "BEST_EXCHANGE", "PLAYED_FACE_DOWN", "SEAT_NOT_AT_TABLE", "DEAL_STOLEN",
    "HAND_LINE_NOT_WRITTEN", "DEALER_MISWRITTEN", "TRICKS_OUT_OF_ORDER", "CARD_MISWRITTEN", "RUNNING_TOTAL_SLIP",
    "WORDS_AFTER_STATEMENT", "BIDS_OUT_OF_ORDER", "BID_LINE_NOT_WRITTEN", "DEAL_LINE_CUT_SHORT", "DEAL_LINE_CARD_TOO_MANY",
    "DEAL_SEAT_WRITTEN_TWICE",
    "BID_OUT_OF_TURN", "BID_AFTER_CLOSE", "ORDER_IN_ROUND_TWO", "CALL_IN_ROUND_ONE",
    "TURNED_DOWN_SUIT", "ALONE_NOT_ALLOWED", "DEALER_MUST_CALL", "BIDDING_INCOMPLETE",
    "DEFEND_ALONE_NOT_ALLOWED", "PARTNER_ORDER_NOT_ALONE", "DEFEND_ALONE_MISPLACED",
    "NO_TRUMP_NOT_ALLOWED", "DEALER_TAKES_ONLY_TRUMP", "ORDER_WITHOUT_THE_SUIT", "JOKER_SUIT",
    "ALONE_WITHOUT_PARTNERS", "DISCARD_MISSING", "DISCARD_NOT_HELD", "DISCARD_WITHOUT_PICKUP",
    "DISCARD_UP_CARD", "WRONG_LEADER", "PLAY_OUT_OF_TURN", "LONE_PARTNER_PLAYED", "TRICK_SIZE",
    "TRICKS_MISSING", "TOO_MANY_TRICKS", "RENEGE", "RENEGE_UNPROVEN", "RENEGE_DISPROVEN",
    "LEFT_BOWER_ON_ITS_SUIT", "LEFT_BOWER_LED", "LEFT_BOWER_ONLY_TRUMP", "SCORE_MISMATCH",
    "TRICK_COUNT_MISMATCH", "SCORE_SIDES", "PLAYED_AFTER_GAME", "WRONG_WINNER",
    "HAND_NUMBER_REPEATED", "HAND_MISSING", "GAME_UNFINISHED", "RULE_NOT_HONOURED",
    "HAND_NUMBER_OUT_OF_SEQUENCE", "CLAIM_FAILS", "CLAIM_MISPLACED", "PLAYER_AT_TWO_TABLES",
    "TOO_GARBLED",
]


class Role(str, Enum):
    """What a card does in a finding."""

    FAULT = "fault"  # the card at fault: played, discarded or dealt where it should not be
    PROOF = "proof"  # a card that proves it: held when the fault was made, or played later


class MarkedCard(NamedTuple):
    """A card a finding rests on, and the seat that held it (when known)."""

    card: Card
    role: Role
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a record, with the evidence for it.

    ``message`` and ``proof`` lines are often :class:`~auditor.said.Said`
    sentences (plain strings that know where they name a seat or a card).
    ``cards`` are the cards the finding rests on; ``points`` is what each
    side scores for the hand (``((NS, 2), (EW, 0))``) under the finding's
    ruling, where the finding decides or corrects the hand's points.
    """

    code: Code
    message: str
    pos: Pos
    game: int
    hand: int | None = None
    trick: int | None = None
    seat: Seat | None = None
    proof: tuple[str, ...] = field(default=())
    severity: Severity | None = None  # None: the code's own severity
    cards: tuple[MarkedCard, ...] = ()
    points: tuple[tuple[Side, int], ...] | None = None

    @property
    def level(self) -> Severity:
        return self.severity or self.code.severity

    @property
    def category(self) -> Category:
        return self.code.category

    def sort_key(self) -> tuple[int, int, int, str]:
        return (self.game, self.pos.line, self.pos.column, self.code.code)
