"""A seat written twice in the deal (a deal line copied, a seat's letter written for another's): a slip (S021, a
warning on nobody), the seat's first entry read, and nothing ruled on the cards the copy lost.  As written it charged
the seat with a wrong hand (D104, an error).  Hoyle deals five cards; in the clean hand N deals, the deal line lists
E, S, W, N in that order, and S's entry starts at column 25 of line 2."""

from __future__ import annotations

import pytest

from conftest import audit_text
from test_finding_examples import CLEAN_DEAL, CLEAN_HAND

FULL_S, FULL_W = "S: JD JC AS 9H AC", "W: QC JS QH KC TS"
AT = "S is written twice in the deal (first at line 2, column 25)"


def _found(text: str) -> list[tuple[str, str, str | None, str, tuple[int, int]]]:
    return [(f.code.code, f.level.value, f.seat.name if f.seat is not None else None, str(f.message),
             (f.pos.line, f.pos.column)) for g in audit_text(text, "hoyle") for f in g.all_findings()]


CASES = [
    # W's entry replaced by a copy of S's: W's cards are lost, and W plays them
    (FULL_S, 44, f"{AT}, with the same cards: most likely a copy written where W's cards belong: read once, and W's "
                 "cards are not known"),
    # W's cards under S's letter
    (f"S: {FULL_W[3:]}", 44, f"{AT}: QC JS QH KC TS are most likely W's, the one seat the deal does not name, under "
                             "S's letter: read as no seat's, and W's cards are not known"),
    # S's entry written again before W's: nothing is lost
    (f"{FULL_S}  {FULL_W}", 44, f"{AT}, with the same cards: read once"),
]


@pytest.mark.parametrize(("entry", "column", "words"), CASES, ids=[e for e, _, _ in CASES])
def test_a_seat_written_twice_in_the_deal_is_a_slip_on_nobody(entry: str, column: int, words: str) -> None:
    text = CLEAN_HAND.replace(FULL_W, entry)
    assert _found(text) == [("S021", "warning", None, words, (2, column))]
    (game,), (clean,) = audit_text(text, "hoyle"), audit_text(CLEAN_HAND, "hoyle")
    assert game.computed == clean.computed


def test_a_deal_line_copied_on_the_next_line_is_named_seat_by_seat() -> None:
    """The deal written on two lines, the second a copy of the first: W's and N's cards are lost, and neither they
    nor E and S are charged with anything the copy lost (as written: D104 on E and S)."""
    text = CLEAN_HAND.replace(CLEAN_DEAL, f"deal E: KD QS TH 9C QD  {FULL_S}\ndeal E: KD QS TH 9C QD  {FULL_S}")
    assert [(c, level, seat, pos) for c, level, seat, _, pos in _found(text)] == [
        ("S021", "warning", None, (3, 6)), ("S021", "warning", None, (3, 25))]


def test_a_card_the_copy_lost_is_judged_on_nothing() -> None:
    """W's cards lost to the copy, W plays 9S, a card no line lists, on E's trump lead: neither a card W does not
    hold (D103) nor a renege is charged, for W's cards are not known."""
    text = CLEAN_HAND.replace(FULL_W, FULL_S).replace("trick E:KD S:JD W:KC N:JH", "trick E:KD S:JD W:9S N:JH")
    assert [(c, level, seat) for c, level, seat, _, _ in _found(text)] == [("S021", "warning", None)]
