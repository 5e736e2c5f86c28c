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
from auditor.results import GameResult, Outcome
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
    # a hand the struck-out suit leaves open, whose sheet entry (a mistake injected) is none of its scores,
    # may leave the game's end open: S024, a warning that names the slip, accuses nobody
    assert {n for n in new if n[-1] != "S024"} == set()
    assert not [f for g in unnamed for f in g.all_findings() if f.code.code == "B215"]
    ordered_up = 0
    for before, after in zip(named, unnamed, strict=True):
        for hand, was in zip(after.hands, before.hands, strict=True):
            if hand.up is JOKER and hand.maker is not None and hand.round == 1:
                ordered_up += 1
            if hand.counted and was.counted and not hand.from_sheet and hand.outcome is not Outcome.UNKNOWN:
                assert hand.points == was.points, (after.index, hand.number)
    assert ordered_up >= 2  # hands whose trump the struck-out record does not show


# The dealer N named hearts: W's JD is the left bower, so W is void in diamonds in trick 1, N's 9H trumps
# trick 2 and N leads tricks 3 to 5; EW take tricks 1 and 5, euchred: NS 2.  Read as any other suit, W's 9S
# would be a renege and N's leads out of turn; none of that may stand where the suit is not written.
ORDERED = """\
[Set "deck.joker=true"]

hand 1 dealer N
deal E: AH KH QH AD AC  S: 9D TD QD KD 9C  W: JD 9S TS QS KS  N: JH TH 9H AS KC
up JK H
bid E order
discard KC
trick E:AD S:9D W:9S N:AS
trick E:AC S:9C W:TS N:9H
trick N:JK E:AH S:TD W:JD
trick N:JH E:KH S:QD W:QS
trick N:TH E:QH S:KD W:KS
"""


def codes(text: str, overrides: tuple[str, ...] = ()) -> list[tuple[str, int, str | None]]:
    (game,) = audit_text(text, "hoyle", list(overrides))
    return sorted((f.code.code, f.pos.line, f.seat.name if f.seat is not None else None) for f in game.all_findings())


@pytest.mark.parametrize("record, expected", [
    # the maker writes the suit on the order, where the dealer names it: agreeing with a suit not written is no fault
    (ORDERED.replace("up JK H", "up JK ?").replace("bid E order", "bid E order H"), []),
    # a lost up line: the dealer's play of the joker makes it the up card, and its suit was on the lost line
    (ORDERED.replace("up JK H", "up JQ"), [("S001", 5, None)]),
    # a lost or missing bid line, where the joker's suit is not written
    (ORDERED.replace("up JK H", "up JK ?").replace("bid E order", "bid E ordr"), [("S001", 6, None)]),
    # a round-1 call of hearts: B204 all the same, and if the dealer named hearts, the dealer took the joker
    (ORDERED.replace("up JK H", "up JK ?").replace("bid E order", "bid E call H"), [("B204", 6, "E")]),
], ids=["suit on the order", "up line lost", "bid line lost", "round-1 call"])
def test_a_gap_beside_the_jokers_unwritten_suit_accuses_nobody(record: str, expected: list) -> None:
    assert codes(ORDERED) == [] and codes(record) == expected


RENEGE = """\
[Set "deck.joker=true"]

hand 1 dealer N
deal E: AH KH QH AC AD  S: KC TD QD KD 9D  W: JD 9S TS QS KS  N: JH TH 9H AS 9C
up JK ?
bid E order
discard 9C
trick E:AC S:9D W:9S N:AS
trick E:AH S:KC W:TS N:9H
trick E:KH S:TD W:QS N:TH
trick E:QH S:QD W:KS N:JH
trick E:AD S:KD W:JD N:JK
"""


def test_a_renege_that_holds_in_every_suit_is_worded_as_most_readings_word_it() -> None:
    """E leads AC and S, holding KC, plays 9D: a renege whatever suit the joker offered.  The reading where
    clubs are trump words it "did not follow trump", the three others "clubs": the ruling says clubs."""
    (game,) = audit_text(RENEGE, "hoyle")
    (renege,) = [f for f in game.all_findings() if f.code.code == "R501"]
    assert (renege.seat.name, renege.trick, renege.message) == ("S", 1, "S did not follow clubs in trick 1 although holding KC")
    (clubs,) = audit_text(RENEGE.replace("up JK ?", "up JK C"), "hoyle")
    assert [f.message for f in clubs.all_findings() if f.code.code == "R501" and f.seat == renege.seat] == [
        "S did not follow trump in trick 1 although holding KC"]
