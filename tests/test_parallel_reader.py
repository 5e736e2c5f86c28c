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


# ---------------------------------------------------------------- bid lists
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from auditor.model import CallKind, LoneDefense  # noqa: E402

_SPACE = st.sampled_from(["", " ", "  ", "\t", " \t "])
_SUITS = {"C": "C", "D": "D", "H": "H", "S": "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S", "c": "C", "h": "H"}


@st.composite
def _call(draw):  # (text, seat letter, kind, suit letter or None, alone)
    seat = draw(st.sampled_from("NESWnesw"))
    kind = draw(st.sampled_from(["pass", "order", "call", "defend"]))
    gap = " " if draw(st.booleans()) else draw(_SPACE)
    keyword = draw(st.sampled_from([kind, kind.upper(), kind.capitalize()]))
    alone = kind == "defend" or (kind in ("order", "call") and draw(st.booleans()))
    suit = draw(st.sampled_from(sorted(_SUITS))) if kind == "call" else None
    text = seat + gap + keyword
    if suit is not None:
        text += draw(_SPACE) + suit
    if alone:
        text += (" " if kind != "call" else draw(_SPACE)) + draw(st.sampled_from(["alone", "ALONE"]))
    return text, seat.upper(), kind, _SUITS[suit] if suit else None, alone


@settings(max_examples=150, deadline=None)
@given(st.lists(_call(), min_size=1, max_size=8), st.lists(_SPACE, min_size=16, max_size=16), st.booleans())
def test_a_bid_list_reads_the_same_calls_in_any_spelling(calls, spaces, comment) -> None:
    line = "bid "
    starts = []
    for i, (text, *_rest) in enumerate(calls):
        if i:
            line += spaces[2 * i] + "," + spaces[2 * i + 1]
        starts.append(len(line) + 1)
        line += text
    line += "  # a note" if comment else ""
    hand = read_text(f"hand 1 dealer N\nup AD\n{line}\n")[0].hands[0]
    assert not hasattr(hand, "message"), getattr(hand, "message", "")
    got = list(hand.calls) + ([hand.lone_defense] if hand.lone_defense is not None else [])
    indexed = list(enumerate(calls))
    want = [(i, c) for i, c in indexed if c[2] != "defend"] + [(i, c) for i, c in indexed if c[2] == "defend"][:1]
    assert len(got) == len(want)
    for item, (i, (_, seat, kind, suit, alone)) in zip(got, want):
        assert item.seat.name == seat
        assert (item.pos.line, item.pos.column) == (3, starts[i])  # the column of the seat letter
        if kind == "defend":
            assert isinstance(item, LoneDefense)
            continue
        assert item.kind is {"pass": CallKind.PASS, "order": CallKind.ORDER, "call": CallKind.CALL}[kind]
        assert (item.suit.value if item.suit else None) == suit
        assert item.alone is alone


def test_a_bid_line_with_a_mistake_is_read_call_by_call_and_the_error_is_precise() -> None:
    (lost,) = read_text("hand 1 dealer N\nup AD\nbid E pass, S pas, W pass\n")[0].hands[0].lost
    assert (lost.pos.line, lost.pos.column) == (3, 15)  # at "pas", not at the start of the list
    assert "'pass'" in lost.expected and "'order'" in lost.expected
    assert not any("CALLS" in e for e in lost.expected)
