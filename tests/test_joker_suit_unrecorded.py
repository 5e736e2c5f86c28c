"""A joker turned up whose named suit the record does not show (`up JK ?`, as EGN's joker is converted):
no finding may rest on that suit.

Generated joker games, with mistakes injected, are audited as written and again with every suit named
for a joker struck out (the up line's under `dealer-names`, the order's under `maker-names`).  Every
finding of the second audit is one of the first (and none is B215), and every hand the second audit
scores from the cards, it scores as the first: what is lost costs only what rested on it.
"""

from __future__ import annotations

import re

import pytest

from auditor.cards import JOKER
from auditor.replay.results import GameResult, Outcome
from conftest import audit_text
from test_simulate_variations import generate

_ORDER_SUIT = re.compile(r"( order) [CDHS]\b")


def strike_out_the_jokers_suit(text: str) -> tuple[str, int]:
    """The text with every suit named for a joker turned up struck out, and how many hands had one."""
    out, joker_up, struck = [], False, 0
    for line in text.split("\n"):
        if line.startswith("hand "):
            joker_up = False
        elif line.startswith("up JK"):
            joker_up, line, struck = True, "up JK ?", struck + 1
        elif line.startswith("bid ") and joker_up:
            line = _ORDER_SUIT.sub(r"\1", line)
        out.append(line)
    return "\n".join(out), struck


def findings(games: list[GameResult]) -> set[tuple[int, int | None, int | None, str | None, str]]:
    return {(g.index, f.hand, f.trick, f.seat.name if f.seat is not None else None, f.code.code)
            for g in games for f in g.all_findings()}


@pytest.mark.parametrize("joker_up", ["dealer-names", "maker-names"])
def test_striking_out_the_jokers_suit_accuses_nobody_and_changes_no_score_the_cards_give(joker_up: str) -> None:
    generated = generate("joker", (f"bidding.joker_up={joker_up}",), games=40, seed=11, errors=0.1)
    struck_text, struck = strike_out_the_jokers_suit(generated.text)
    assert struck >= 5
    named, unnamed = audit_text(generated.text), audit_text(struck_text)
    assert findings(named), "the generator injected no mistake: the comparison would prove little"
    new = findings(unnamed) - findings(named)
    assert new == set()
    assert not [f for g in unnamed for f in g.all_findings() if f.code.code == "B215"]
    ordered_up = 0
    for before, after in zip(named, unnamed, strict=True):
        for hand, was in zip(after.hands, before.hands, strict=True):
            if hand.up is JOKER and hand.maker is not None and hand.round == 1:
                ordered_up += 1
            if hand.counted and was.counted and not hand.from_sheet and hand.outcome is not Outcome.UNKNOWN:
                assert hand.points == was.points, (after.index, hand.number)
    assert ordered_up >= 2  # hands whose trump the struck-out record does not show
