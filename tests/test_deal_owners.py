"""A card written in two seats' lines has no owner the lines alone show: the slip search reads the owners from the
deal as read (a sixth card the record shows to be a slip, S019, read without), and a card the lines so read still
write for two seats is no seat's, so no second slip is judged on a guessed owner.  Hoyle deals five cards; in the
clean hand N deals, and the deal line lists E, S, W, N in that order."""

from __future__ import annotations

import pytest

from auditor.cards import Card, Seat
from auditor.model import Holding, Pos
from auditor.replay.deal_owners import owners
from conftest import audit_text
from test_finding_examples import CLEAN_HAND

FULL_N = "N: TD KS KH TC JH"
TRICK_4 = "trick N:AD E:QD S:JC W:TS"
SIXTH = "the deal line of N lists 6 of 5 cards: QD is also written for E and N never plays it: read as written twice"


def _found(text: str) -> list[tuple[str, str, str | None, str]]:
    return [(f.code.code, f.level.value, f.seat.name if f.seat is not None else None, str(f.message))
            for g in audit_text(text, "hoyle") for f in g.all_findings()]


@pytest.mark.parametrize(("trick", "other", "card"), [("trick N:AD S:QD E:JC W:TS", "S", "JC"),
                                                      ("trick N:AD W:QD S:JC E:TS", "W", "TS")])
def test_seats_swapped_beside_a_sixth_card_are_read_on_the_owner_the_deal_as_read_gives(
        trick: str, other: str, card: str) -> None:
    """E's QD copied into N's line, which the deal writes last: the last line won the card, so the swap of E and
    another seat in trick 4 was not confirmed and both were charged (D103, T402, R501) on N's copy."""
    text = CLEAN_HAND.replace(FULL_N, f"{FULL_N} QD").replace(TRICK_4, trick)
    written = trick.removeprefix("trick ")
    assert _found(text) == [
        ("S019", "warning", None, SIXTH),
        ("S007", "warning", None, f"trick 4 is written {written}: {other} and E are most likely the wrong way round "
                                  f"(the deal gives QD to E and {card} to {other}, and so read the trick goes round the "
                                  "table in order)"),
    ]


def test_a_seat_written_twice_beside_a_sixth_card_is_not_judged_on_the_copy() -> None:
    """Trick 4 names E twice and N not at all: E:AD is N's (the up card N took); judged on the copy, E was charged
    with playing the up card and with leading out of turn, and the score the sheet gives called wrong."""
    text = CLEAN_HAND.replace(FULL_N, f"{FULL_N} QD").replace(TRICK_4, "trick E:AD E:QD S:JC W:TS")
    found = _found(text)
    assert [f for f in found if f[1] == "error"] == []
    assert [(c, level, seat) for c, level, seat, _ in found] == [("S019", "warning", None), ("S005", "warning", "N")]


def test_a_card_the_lines_write_for_two_seats_is_no_seats() -> None:
    def line(seat: Seat, cards: str) -> Holding:
        return Holding(seat, tuple(Card.parse(c) for c in cards.split()), Pos(1, 1))
    # QS in two seats' lines is no seat's; E's second entry (a seat written twice, S021) is not read: 9C is no card
    got = owners([line(Seat.E, "KD QS"), line(Seat.N, "TD QS"), line(Seat.E, "KD 9C")])
    assert got == {Card.parse("KD"): Seat.E, Card.parse("QS"): None, Card.parse("TD"): Seat.N}
