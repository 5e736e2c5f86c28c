"""The analysis of one audited hand for ``stats --analysis``: play quality, and par with ``--par``.

Play quality needs every card of the hand played in turn (its tricks whole)
and no offence in it (a renege's worth is said in its ruling, not counted as
play); par needs the deal and the up card as written.  A hand that has
neither says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Team
from ..findings import Category
from ..model import BrokenHand, HandRecord
from ..results import HandResult
from ..rules.schema import Ruleset
from .par import ParContract, par
from .quality import PlayQuality, play_quality
from .replayed import played_hand
from .search import SearchLimit

#: positions the analysis of one hand may search (play quality and par each); a usual hand needs a few hundred
MAX_NODES = 200_000
#: what makes a hand's play one the analysis does not follow
_SPOILED = frozenset({Category.DEAL, Category.TURN, Category.RENEGE, Category.LEFT_BOWER})


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    quality: PlayQuality | None
    why_not: str | None  # why the play was not analysed
    par: dict[Team, ParContract] | None


def analyse_hand(record: HandRecord | BrokenHand, rules: Ruleset, result: HandResult, with_par: bool,
                 max_nodes: int = MAX_NODES) -> HandAnalysis:
    if isinstance(record, BrokenHand) or result.broken:
        return HandAnalysis(None, "unreadable", None)
    if len(result.sides) != 2 or not result.sides[0].partnership:  # the solver plays four seats in two partnerships
        return HandAnalysis(None, "not four players in two partnerships", None)
    quality, why = (None, "ends in a claim") if record.claim is not None else _quality(result, rules, max_nodes)
    found = None
    if with_par:
        try:
            found = par(record, rules, max_nodes)
        except SearchLimit:
            found = None
    return HandAnalysis(quality, why, found)


def _quality(result: HandResult, rules: Ruleset, max_nodes: int) -> tuple[PlayQuality | None, str | None]:
    if result.maker is None or not result.plays:
        return None, "not played"
    if any(f.category in _SPOILED for f in result.findings):
        return None, "an offence or a card out of turn"
    hand = played_hand(result, rules.deck.hand_size)
    if hand is None:
        return None, "tricks not whole"
    try:
        return play_quality(hand, max_nodes), None
    except SearchLimit:
        return None, "beyond the solver's bound"
