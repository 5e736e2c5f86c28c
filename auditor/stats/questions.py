"""The questions a club or a league asks of a season, each answered by one view with its columns and order:
``euchre-audit stats PATH --question NAME`` (``--explain`` lists them; docs/stats.md shows each one's command)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Question:
    name: str
    asks: str  # the question, as a person puts it
    by: str  # the view
    columns: tuple[str, ...]  # after the view's key
    sort: str | None = None  # the column sorted on, largest first (None: the view's own order)


QUESTIONS: dict[str, Question] = {q.name: q for q in (
    Question("callers-by-round", "How often do callers make it, ordering up (round 1) and naming (round 2)?",
             "trump-round", ("hands", "calls", "make_pct", "march_pct", "euchred_pct", "points_per_call")),
    Question("callers-by-up-card", "Does the card turned up change who calls and how often it is made "
             "(the dealer's side most of all)?", "up-card",
             ("hands", "thrown_in", "calls", "r1_calls", "r1_make_pct", "make_pct", "dealer_side_calls",
              "dealer_side_made_pct")),
    Question("lone-hands", "Who goes alone, and how often does it come off?", "player",
             ("calls", "lone_calls", "lone_make_pct", "lone_marches"), "lone_calls"),
    Question("euchres-by-position", "Where does a call get euchred: left of the dealer, across, right, or the dealer?",
             "position", ("calls", "euchred_pct", "euchres_for", "euchres_against")),
    Question("euchres-by-team", "Which partnerships euchre most, and are euchred most?", "team",
             ("games", "calls", "euchred_pct", "euchres_for", "euchres_against"), "euchres_for"),
    Question("reneges", "Who reneges, per 100 hands and per 100 cards played?", "player",
             ("hands", "reneges", "reneges_per_100_hands", "plays", "reneges_per_100_plays"), "reneges_per_100_hands"),
    Question("points-per-game", "Who scores most a game?", "player",
             ("games", "won", "win_pct", "points_per_game", "points_for", "points_against"), "points_per_game"),
    Question("dealer-edge", "Who gains most from the deal: their side's points a hand when it deals, less when the "
             "other side deals?", "player", ("hands", "dealer_edge", "points_per_game"), "dealer_edge"),
)}


def explain() -> str:
    width = max(map(len, QUESTIONS))
    return "Questions (--question NAME):\n" + "".join(f"  {q.name:<{width}}  {q.asks}\n" for q in QUESTIONS.values())
