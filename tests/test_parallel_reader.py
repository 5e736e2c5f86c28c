"""The reader's fast path for the usual spelling of a trick gives exactly what
the general path gives (seats, cards, positions), for every spelling the
grammar allows."""

from __future__ import annotations

import pytest

from auditor.cards import Seat, card
from auditor.notation.reader import read_text

SPELLINGS = [
    "E:KD S:10h W:kc N:J♥",  # the usual spelling (fast path), with 10, lower case and a symbol
    "E: KD  S :10h\tW:kc N:J♥",  # free spacing and a tab (general path)
    "e:KD s:10H w:KC n:jh",
]


@pytest.mark.parametrize("plays", SPELLINGS)
def test_trick_plays_and_positions(plays: str) -> None:
    line = f"trick {plays}"
    games = read_text(f"hand 1 dealer N\nup AD\nbid E order\n{line}\n")
    (hand,) = games[0].hands
    (trick,) = hand.tricks
    assert [p.seat for p in trick.plays] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [p.card for p in trick.plays] == [card("KD"), card("TH"), card("KC"), card("JH")]
    for play in trick.plays:
        assert play.pos.line == 4
        assert line[play.pos.column - 1].upper() == play.seat.name  # the column points at the seat
    assert trick.pos == trick.plays[0].pos


def test_trick_numbers_for_comments_restart_in_every_hand() -> None:
    text = (
        "hand 1 dealer N\nup AD\nbid E order\ntrick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS  # second\n"
        "hand 2 dealer E\nup AD\nbid S order\ntrick S:KD W:JD N:KC E:JH  # first of hand 2\n"
    )
    hands = read_text(text)[0].hands
    assert [(c.anchor, c.text) for c in hands[0].comments] == [("trick2", "# second")]
    assert [(c.anchor, c.text) for c in hands[1].comments] == [("trick1", "# first of hand 2")]
